#!/bin/sh
# NetworkManager dispatcher script: while the companion's own Wi-Fi is up, a phone's captive-portal
# check (plain HTTP on port 80, to whatever name) reaches the panel on port {port}: nftables redirects
# port 80 on that interface. Installed by deploy/install.py as
# /etc/NetworkManager/dispatcher.d/90-companion-portal.
[ "$CONNECTION_ID" = "companion-own-wifi" ] || exit 0
case "$2" in
  up)
    nft -f - <<RULES
table ip companion_portal {
  chain prerouting {
    type nat hook prerouting priority dstnat;
    iifname "$1" tcp dport 80 redirect to :{port}
  }
}
RULES
    ;;
  down)
    nft delete table ip companion_portal 2>/dev/null || true
    ;;
esac
