"""The companion's own Wi-Fi answers every name with the box's address: the dnsmasq configuration the
installer gives NetworkManager's shared connections (deploy/dnsmasq-shared.conf), run by Debian's dnsmasq
(`make tools` installs it) and asked as a phone's captive-portal check would ask."""

import socket
import subprocess
import time
from pathlib import Path

import dns.resolver
import pytest

from hardware.network import OWN_ADDRESS

ROOT = Path(__file__).resolve().parents[1]
DNSMASQ = "/usr/sbin/dnsmasq"


def _port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def resolver():
    port = _port()
    proc = subprocess.Popen([DNSMASQ, "--keep-in-foreground", "--no-resolv", "--no-hosts", "--bind-interfaces",
                             "--listen-address=127.0.0.1", f"--port={port}", "--pid-file", "--user=root",
                             f"--conf-file={ROOT / 'deploy' / 'dnsmasq-shared.conf'}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    asker = dns.resolver.Resolver(configure=False)
    asker.nameservers, asker.port, asker.lifetime = ["127.0.0.1"], port, 2.0
    try:
        for _ in range(100):  # until it answers (bounded against a hang only)
            try:
                asker.resolve("ready.check", "A")
                break
            except (dns.exception.Timeout, dns.resolver.NoNameservers):
                assert proc.poll() is None, proc.stdout.read()
                time.sleep(0.05)
        yield asker
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("name", ["connectivitycheck.gstatic.com", "captive.apple.com", "www.msftconnecttest.com",
                                  "detectportal.firefox.com", "table.local", "anything.example"])
def test_every_name_is_the_box(resolver, name):
    assert [r.address for r in resolver.resolve(name, "A")] == [OWN_ADDRESS]


def test_the_conf_names_the_address_the_adapter_uses():
    lines = [line for line in (ROOT / "deploy" / "dnsmasq-shared.conf").read_text().splitlines()
             if line and not line.startswith("#")]
    assert lines == [f"address=/#/{OWN_ADDRESS}"]
