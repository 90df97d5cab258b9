#!/bin/sh
# NetworkManager dispatcher script: while the companion's own Wi-Fi is up, a phone's captive-portal
# check (plain HTTP on port 80, to whatever name) reaches the panel: nftables redirects port 80 on that
# interface to the port the panel listens on, read from the companion's settings file each time (the
# port of the file, not of install time). Installed by deploy/install.py as
# /etc/NetworkManager/dispatcher.d/90-companion-portal, with Debian's nftables.
[ "$CONNECTION_ID" = "companion-own-wifi" ] || exit 0
SETTINGS="${COMPANION_SETTINGS:-/var/lib/companion/settings.toml}"
NFT="${NFT:-nft}"
# `port = N` in the [web] section; the companion's default when the file does not say.
port=$(sed -n '/^\[web\]/,/^\[/s/^[[:space:]]*port[[:space:]]*=[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$SETTINGS" 2>/dev/null | head -n 1)
port="${port:-8080}"
case "$2" in
  up)
    "$NFT" -f - <<RULES
table ip companion_portal {
  chain prerouting {
    type nat hook prerouting priority dstnat;
    iifname "$1" tcp dport 80 redirect to :$port
  }
}
RULES
    ;;
  down)
    "$NFT" delete table ip companion_portal 2>/dev/null || true
    ;;
esac
