"""NetworkManager, behind one small adapter: the home Wi-Fi, or the companion's own network.

Raspberry Pi OS Bookworm runs its network with NetworkManager; `nmcli` is its
command-line client and speaks to it over D-Bus. Everything the companion asks
of the network goes through `Network`, which runs `nmcli` in terse mode (`-t`:
fields split by ':', a ':' inside a field written '\\:') through `run`, so the
tests drive it with a recorded double of nmcli's answers.

The companion's own network is an ordinary NetworkManager connection named
OWN: a WPA2 access point whose IPv4 method is "shared" (NetworkManager gives
the phones addresses with its dnsmasq, the box being OWN_ADDRESS). It is made,
or changed to a new name, by root (`make_own`, which `companion own-wifi` runs
and the installer runs it), with a passphrase NetworkManager never saves; the
companion only brings it up, giving it a new passphrase each time (nmcli's
passwd-file, for that activation alone), or down (`open_own`, `back_home`), so it
needs no right to change NetworkManager's connections, which would let it read
the home Wi-Fi's saved passphrase too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable

from companion.wifi import InUse, NetworkError

OWN = "companion-own-wifi"
NOT_SAVED = 2  # NetworkManager's secret flag: asked for at each activation, never written to disk
OWN_ADDRESS = "10.42.0.1"  # NetworkManager's address for the box on a "shared" connection
Runner = Callable[[list[str]], tuple[int, str]]  # argv -> (exit code, standard output or error)


def nmcli(args: list[str]) -> tuple[int, str]:
    """The real nmcli (a code of 127 and the reason when it is not installed)."""
    if shutil.which("nmcli") is None:
        return 127, "nmcli is not installed"
    try:
        done = subprocess.run(["nmcli", *args], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return 124, "nmcli did not answer within 30 s"
    return done.returncode, done.stdout if done.returncode == 0 else (done.stderr or done.stdout).strip()


def fields(line: str) -> list[str]:
    """One line of nmcli's terse output, split at the ':' that are not escaped."""
    return [_unescape(f) for f in re.split(r"(?<!\\):", line)]


def _unescape(value: str) -> str:
    return value.replace("\\:", ":").replace("\\\\", "\\")


class Network:
    """companion.wifi's Network on NetworkManager."""

    own_address = OWN_ADDRESS

    def __init__(self, run: Runner = nmcli):
        self.run = run

    def _ok(self, args: list[str]) -> str:
        code, out = self.run(args)
        if code != 0:
            raise NetworkError(f"`nmcli {' '.join(a if ' ' not in a else repr(a) for a in args)}` failed: {out}")
        return out

    def problem(self) -> str | None:
        """Why the companion cannot choose its network here, or None when it can."""
        code, out = self.run(["-t", "-f", "RUNNING", "general"])
        if code == 127:
            return "NetworkManager is not installed (the companion's own Wi-Fi needs it; Raspberry Pi OS Bookworm has it)"
        if code != 0 or out.strip() != "running":
            return f"NetworkManager is not running ({out.strip() or 'no answer'}): sudo systemctl start NetworkManager"
        if self.wifi_device() is None:
            return "no Wi-Fi device: this box cannot open a network of its own"
        return None

    def wifi_device(self) -> str | None:
        for line in self._ok(["-t", "-f", "DEVICE,TYPE", "device"]).splitlines():
            device, kind = fields(line)[:2]
            if kind == "wifi":
                return device
        return None

    def in_use(self) -> InUse:
        """The Wi-Fi connection up now: the companion's own, a home network, or none."""
        for line in self._ok(["-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"]).splitlines():
            name, kind, device = fields(line)[:3]
            if kind == "802-11-wireless":
                ssid = _unescape(self._ok(["-t", "-g", "802-11-wireless.ssid", "connection", "show", name]).strip())
                return InUse("own" if name == OWN else "home", ssid, device)
        return InUse("none")

    def known_in_reach(self) -> list[str]:
        """The saved Wi-Fi networks (not the companion's own) whose name is on the air now."""
        saved = []
        for line in self._ok(["-t", "-f", "NAME,TYPE", "connection", "show"]).splitlines():
            name, kind = fields(line)[:2]
            if kind == "802-11-wireless" and name != OWN:
                saved.append(_unescape(self._ok(["-t", "-g", "802-11-wireless.ssid", "connection", "show", name]).strip()))
        on_air = {fields(line)[0] for line in self._ok(["-t", "-f", "SSID", "device", "wifi", "list", "--rescan", "yes"])
                  .splitlines() if line}
        return [ssid for ssid in saved if ssid in on_air]

    def make_own(self, ssid: str) -> str:
        """The companion's own network made, or brought to this name (as root: the installer, through
        `companion own-wifi`); not brought up. Its passphrase is not saved (psk-flags 2): each opening
        gives its own (`open_own`). Says which."""
        device = self.wifi_device()
        if device is None:
            raise NetworkError("no Wi-Fi device: this box cannot open a network of its own")
        settings = ["ifname", device, "ssid", ssid, "802-11-wireless.mode", "ap", "802-11-wireless.band", "bg",
                    "ipv4.method", "shared", "ipv6.method", "disabled", "wifi-sec.key-mgmt", "wpa-psk",
                    "wifi-sec.proto", "rsn", "wifi-sec.psk-flags", str(NOT_SAVED), "connection.autoconnect", "no"]
        if self._own_made():
            self._ok(["connection", "modify", OWN, *settings])
            return "changed"
        self._ok(["connection", "add", "type", "wifi", "con-name", OWN, *settings])
        return "made"

    def _own_made(self) -> bool:
        return OWN in [fields(line)[0] for line in self._ok(["-t", "-f", "NAME", "connection", "show"]).splitlines()]

    def open_own(self, ssid: str, passphrase: str) -> None:
        """The companion's own network up, as root made it (`make_own`), with `passphrase` for this opening
        (in a file only this user reads, removed once nmcli has it): a box where it is not made, or is named
        otherwise than the settings say, is told how to make it."""
        fix = "run `sudo /opt/companion/venv/bin/companion own-wifi --data-dir /var/lib/companion` on the box"
        if not self._own_made():
            raise NetworkError(f"the companion's own network is not set up on this box: {fix}")
        made = _unescape(self._ok(["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN]).strip())
        if made != ssid:
            raise NetworkError(f"the companion's own network is named “{made}”, the settings say “{ssid}”: {fix}")
        fd, secrets_file = tempfile.mkstemp(prefix="companion-own-wifi-")  # 0600
        try:
            with os.fdopen(fd, "w") as f:
                f.write(f"802-11-wireless-security.psk:{passphrase}\n")
            self._ok(["connection", "up", OWN, "passwd-file", secrets_file])
        finally:
            os.unlink(secrets_file)

    def back_home(self) -> None:
        """The companion's own network down: NetworkManager joins a saved network in reach by itself."""
        device = self.wifi_device()
        if self.in_use().network == "own":
            self._ok(["connection", "down", OWN])
        if device is not None:
            self._ok(["device", "connect", device])
