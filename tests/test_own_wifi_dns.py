"""The companion's own Wi-Fi answers every name with the box's address: the dnsmasq of
systemd/companion-portal-dns@.service (which the dispatcher script starts on that network alone), run with
the unit's own command line by Debian's dnsmasq (`make tools` installs it) and asked as a phone's
captive-portal check would ask. Here it listens on loopback; on the box, at its address on its own Wi-Fi.
As the unit runs it: as a user (nobody here, a user of its own there) with no new privileges, never root."""

import os
import re
import shlex
import shutil
import socket
import subprocess
from pathlib import Path

import dns.resolver
import pytest

from hardware.network import OWN_ADDRESS

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "companion-portal-dns@.service"


def _exec_start(port, pid_dir):
    """The unit's ExecStart for the instance at OWN_ADDRESS, but listening on loopback at `port`."""
    body = UNIT.read_text().split("\nExecStart=", 1)[1]
    line = re.sub(r"\\\n\s*", " ", body).split("\n", 1)[0]  # its continued lines joined
    argv = [a.replace("--listen-address=%i", "--listen-address=127.0.0.1").replace("%i", OWN_ADDRESS)
            .replace("/run/companion-portal-dns/", f"{pid_dir}/") for a in shlex.split(line)]
    assert argv[0] == "/usr/sbin/dnsmasq" and "--port=5380" in argv
    argv[argv.index("--port=5380")] = f"--port={port}"
    return argv


def _port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_the_unit_runs_it(argv):
    """Not as root (the unit's DynamicUser=, NoNewPrivileges=): through setpriv when the tests run as root."""
    if os.geteuid() != 0:
        return argv
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is not on this machine: dnsmasq would run as root")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--no-new-privs", *argv]


def _started(tmp_path):
    """dnsmasq answering on a free loopback port, and a resolver that asks it. The port is free when chosen but
    may be taken before dnsmasq binds it (by another test's server on this machine): then dnsmasq says "Address
    already in use" and exits, and another port is tried."""
    for _ in range(5):
        port = _port()
        proc = subprocess.Popen(_as_the_unit_runs_it(_exec_start(port, tmp_path)), stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        asker = dns.resolver.Resolver(configure=False)
        asker.nameservers, asker.port, asker.lifetime = ["127.0.0.1"], port, 2.0
        for _ in range(100):  # until it answers (bounded against a hang only)
            try:
                asker.resolve("ready.check", "A")
                return proc, asker
            except (dns.exception.Timeout, dns.resolver.NoNameservers):
                try:  # waits on the process itself: a dnsmasq that exits is seen at once
                    proc.wait(0.05)
                except subprocess.TimeoutExpired:
                    continue
                said = proc.stdout.read()
                if "Address already in use" in said:
                    break  # the port was taken in between: another one
                raise AssertionError(said)
        else:
            proc.terminate()
            proc.wait(10)
            raise AssertionError("dnsmasq did not answer")
    raise AssertionError("no free port for dnsmasq in 5 tries")


@pytest.fixture
def resolver(tmp_path):
    tmp_path.chmod(0o777)  # its pid file, written as that user
    proc, asker = _started(tmp_path)
    try:
        yield asker
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize("name", ["connectivitycheck.gstatic.com", "captive.apple.com", "www.msftconnecttest.com",
                                  "detectportal.firefox.com", "table.local", "anything.example"])
def test_every_name_is_the_box(resolver, name):
    assert [r.address for r in resolver.resolve(name, "A")] == [OWN_ADDRESS]


def test_the_dispatcher_starts_it_at_the_address_the_adapter_uses():
    dispatcher = (ROOT / "deploy" / "portal-dispatcher.sh").read_text()
    assert f'address="${{address:-{OWN_ADDRESS}}}"' in dispatcher  # where NetworkManager names none
    assert '"$SYSTEMCTL" start "companion-portal-dns@$address.service"' in dispatcher
