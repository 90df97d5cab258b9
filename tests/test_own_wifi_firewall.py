"""On the companion's own Wi-Fi a phone reaches the panel, DNS and DHCP, and nothing else of the box: the
nftables rules deploy/portal-dispatcher.sh puts in place when that network comes up. The script is run as
NetworkManager runs it (nft and systemctl recorded), its ruleset checked by Debian's nft and then loaded in
a network namespace of the test's own, where the box's loopback stands for the Wi-Fi interface and
connections are tried from it (`make tools` installs nftables)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DISPATCHER = ROOT / "deploy" / "portal-dispatcher.sh"
PANEL_PORT = 8123
DNS_PORT = 5380
SSH_PORT = 22

nft = shutil.which("nft")
needs_nft = pytest.mark.skipif(nft is None or shutil.which("unshare") is None or os.geteuid() != 0,
                               reason="nft, unshare and root are needed to load a ruleset in a namespace of its own")


def _dispatch(tmp_path, interface, action="up"):
    """The dispatcher run for the own network's `action` on `interface`: (the ruleset it gave nft, nft's
    other commands, systemctl's commands)."""
    record = tmp_path / "record"
    record.mkdir(exist_ok=True)
    fake = tmp_path / "fake"
    fake.write_text(f'#!/bin/sh\necho "$(basename "$0") $*" >> {record}/commands\n'
                    f'[ "$1" = -f ] && cat > {record}/ruleset\nexit 0\n')
    fake.chmod(0o755)
    for name in ("nft", "systemctl"):
        (tmp_path / name).unlink(missing_ok=True)
        (tmp_path / name).symlink_to(fake)
    settings = tmp_path / "settings.toml"
    settings.write_text(f'[web]\nhost = "0.0.0.0"\nport = {PANEL_PORT}\n')
    env = {"PATH": os.environ["PATH"], "CONNECTION_ID": "companion-own-wifi", "IP4_ADDRESS_0": "10.42.0.1/24 0.0.0.0",
           "COMPANION_SETTINGS": str(settings), "NFT": str(tmp_path / "nft"), "SYSTEMCTL": str(tmp_path / "systemctl")}
    subprocess.run(["sh", str(DISPATCHER), interface, action], env=env, check=True, timeout=30)
    ruleset = record / "ruleset"
    return ruleset.read_text() if ruleset.exists() else "", (record / "commands").read_text().splitlines()


def test_the_filter_lets_in_dhcp_dns_and_the_panel_and_forwards_nothing(tmp_path):
    rules, _ = _dispatch(tmp_path, "wlan0")
    chains = dict(part.split(" {", 1) for part in rules.split("chain ")[1:])
    assert [line.strip() for line in chains["input"].split("\n  }")[0].strip().splitlines()] == [
        "type filter hook input priority filter; policy accept;", 'iifname != "wlan0" accept',
        "ct state established,related accept", "udp dport 67 accept",
        "meta l4proto { tcp, udp } th dport 5380 accept", f"tcp dport {PANEL_PORT} accept", "drop"]
    assert chains["forward"].split("\n  }")[0].strip().splitlines()[-1].strip() == 'iifname "wlan0" drop'


@needs_nft
def test_nft_takes_the_ruleset(tmp_path):
    rules, _ = _dispatch(tmp_path, "wlan0")
    (tmp_path / "rules.nft").write_text(rules)
    done = subprocess.run(["unshare", "--net", nft, "-c", "-f", str(tmp_path / "rules.nft")], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr


PROBE = """
import socket, sys
reached = []
for port in map(int, sys.argv[1:]):
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen()
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        reached.append(port)
    except OSError:
        pass
    server.close()
print(" ".join(map(str, reached)))
"""


@needs_nft
def test_a_phone_on_the_own_wifi_reaches_the_panel_and_dns_but_not_ssh_nor_anything_else(tmp_path):
    """The attack: an unpaired phone on the own Wi-Fi reached everything on the Pi (SSH, which Raspberry Pi
    Imager enables with a password; dnsmasq; DHCP). Each port has a listener; the phone's side is `lo`."""
    rules, _ = _dispatch(tmp_path, "lo")
    (tmp_path / "rules.nft").write_text(rules)
    (tmp_path / "probe.py").write_text(PROBE)
    ports = [PANEL_PORT, DNS_PORT, SSH_PORT, 53, 8080, 5000]
    script = f"ip link set lo up && {nft} -f {tmp_path / 'rules.nft'} && {sys.executable} {tmp_path / 'probe.py'} " \
             + " ".join(map(str, ports))
    done = subprocess.run(["unshare", "--net", "sh", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(PANEL_PORT), str(DNS_PORT)]
