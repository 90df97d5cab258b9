#!/bin/sh
# NetworkManager dispatcher script for the companion's own Wi-Fi, and only for it: while that network is
# up, a phone that joins it opens the pairing page by itself.
# - Its captive-portal check asks the DNS for some name: nftables sends DNS from this interface to the
#   companion's own dnsmasq (systemd/companion-portal-dns@.service, started here with the box's address on
#   this network), which answers every name with that address. NetworkManager's dnsmasq (the addresses it
#   hands out, and DNS for any other shared connection) is left as it is.
# - The check's plain HTTP on port 80 is redirected to the port the panel listens on, read from the
#   companion's settings file each time (the port of the file, not of install time).
# - From this network a phone reaches the panel, DNS and DHCP, and nothing else of the box (SSH, which
#   Raspberry Pi Imager may turn on with a password; NetworkManager's dnsmasq; any other service), over
#   IPv4 or IPv6, nor anything beyond it (no forwarding): anyone who joins, paired or not, is a stranger.
# Installed by deploy/install.py as /etc/NetworkManager/dispatcher.d/90-companion-portal, with Debian's
# nftables and dnsmasq-base.
[ "$CONNECTION_ID" = "companion-own-wifi" ] || exit 0
SETTINGS="${COMPANION_SETTINGS:-/var/lib/companion/settings.toml}"
NFT="${NFT:-nft}"
SYSTEMCTL="${SYSTEMCTL:-systemctl}"
DNS_PORT=5380  # the one in companion-portal-dns@.service
# `port = N` in the [web] section; the companion's default when the file does not say.
port=$(sed -n '/^\[web\]/,/^\[/s/^[[:space:]]*port[[:space:]]*=[[:space:]]*\([0-9][0-9]*\).*/\1/p' "$SETTINGS" 2>/dev/null | head -n 1)
port="${port:-8080}"
# The box's address on this network, as NetworkManager hands it over ("10.42.0.1/24 0.0.0.0").
address="${IP4_ADDRESS_0%%/*}"
address="${address:-10.42.0.1}"
case "$2" in
  up)
    "$SYSTEMCTL" stop 'companion-portal-dns@*.service'
    "$SYSTEMCTL" start "companion-portal-dns@$address.service"
    # Declaring a table, then deleting it, makes coming up twice leave one set of rules (and removes the
    # ip table of earlier installs, which only redirected).
    "$NFT" -f - <<RULES
table ip companion_portal
delete table ip companion_portal
table inet companion_portal
delete table inet companion_portal
table inet companion_portal {
  chain prerouting {
    type nat hook prerouting priority dstnat;
    iifname "$1" tcp dport 80 redirect to :$port
    iifname "$1" meta l4proto { tcp, udp } th dport 53 redirect to :$DNS_PORT
  }
  chain input {
    type filter hook input priority filter; policy accept;
    iifname != "$1" accept
    ct state established,related accept
    udp dport 67 accept
    meta l4proto { tcp, udp } th dport $DNS_PORT accept
    tcp dport $port accept
    drop
  }
  chain forward {
    type filter hook forward priority filter; policy accept;
    iifname "$1" drop
  }
}
RULES
    ;;
  down)
    "$NFT" delete table inet companion_portal 2>/dev/null || true
    "$SYSTEMCTL" stop 'companion-portal-dns@*.service'
    ;;
esac
exit 0
