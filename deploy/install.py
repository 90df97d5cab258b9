#!/usr/bin/env python3
"""Install the companion on Raspberry Pi OS (Bookworm or later) so it starts at boot.

    sudo python3 deploy/install.py                       # from a checkout of this repository
    sudo python3 deploy/install.py --reboot              # and reboot at the end when I2C or the UART was off
    sudo python3 deploy/install.py --reader-usb 2341:0043  # a reader with other USB ids
    sudo python3 deploy/install.py --reader-uart         # a reader wired to GPIO 14/15 instead of USB

Run it again at any time (after `git pull`, say): it changes only what differs and
keeps the settings the panel saved. Each step says what it found and what it did:

- the system user `companion` in the groups of the parts: gpio, i2c, spi, dialout;
- python3-venv and i2c-tools; on Raspberry Pi OS its own python3-lgpio and python3-spidev (its
  repository builds them; the package index has no lgpio wheel for a 64-bit Pi, and building one
  needs swig and the lgpio C library), with a virtual environment in /opt/companion/venv that sees
  them, every dependency from deploy/requirements.lock with its hashes checked; elsewhere the `[pi]`
  extra from deploy/requirements-pi.lock, hashed too, and what a build of it needs (nothing unpinned or
  unhashed is installed as root);
- the settings file /var/lib/companion/settings.toml, written once (the panel edits it);
- a udev rule that names the reader /dev/companion-reader whichever ttyACM or ttyUSB it is: a Pico,
  and the usual USB serial chips (CH340, CP210x, FTDI), or the ids given;
- for the companion's own Wi-Fi: a dispatcher script that, on that network only, answers every name with
  the box (a dnsmasq of its own, systemd/companion-portal-dns@.service, reached through nftables) and sends a phone's captive-portal check
  (port 80) to the panel, and a polkit rule that lets the companion's user bring its network up and down;
- I2C at 400 kHz and SPI in the boot configuration, and with --reader-uart the UART on GPIO 14/15
  without the serial console on it (a reboot turns them on);
- systemd/companion.service, enabled; (re)started now, or at the next boot when a reboot is needed
  (--reboot does it at the end).

`--root DIR` installs into a staging directory instead of /: files are written under DIR,
the user is added to DIR/etc/passwd, and the unit is enabled with `systemctl --root`;
nothing touches the running system (no apt, pip, udevadm or service restart). The tests
use it. An image builder (deploy/image.py) also gives a command runner that runs each command inside
DIR (chroot): then apt and pip run there too, on the paths as seen from inside.

Only the standard library: this runs before the virtual environment exists.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
USER = "companion"
GROUPS = ("gpio", "i2c", "spi", "dialout")
# nftables and dnsmasq-base: the own Wi-Fi's captive portal (its dispatcher script)
PACKAGES = ("python3-venv", "i2c-tools", "nftables", "dnsmasq-base")
PI_PACKAGES = ("python3-lgpio", "python3-spidev")  # Raspberry Pi OS's builds: nothing to compile on the Pi
BUILD_PACKAGES = ("python3-dev", "gcc", "swig")  # elsewhere pip builds lgpio and spidev
LOCK = "deploy/requirements.lock"  # the dependencies, pinned and hashed (make lock)
PI_LOCK = "deploy/requirements-pi.lock"  # the same with the [pi] extra, for a system without PI_PACKAGES
APP_DIR = Path("/opt/companion")
STATE_DIR = Path("/var/lib/companion")
UNIT = Path("/etc/systemd/system/companion.service")
PORTAL_DNS_UNIT = Path("/etc/systemd/system/companion-portal-dns@.service")  # the own Wi-Fi's DNS (its dispatcher)
UDEV_RULE = Path("/etc/udev/rules.d/99-companion-reader.rules")
# Written by installs before the dispatcher answered DNS itself: NetworkManager reads that directory for every
# shared connection, so the file is removed.
OLD_DNSMASQ_SHARED = Path("/etc/NetworkManager/dnsmasq-shared.d/companion.conf")
OLD_PASSPHRASE = "wifi-passphrase"  # the passphrase earlier installs kept for ever in the data directory
DISPATCHER = Path("/etc/NetworkManager/dispatcher.d/90-companion-portal")
POLKIT_RULE = Path("/etc/polkit-1/rules.d/50-companion-network.rules")
# NetworkManager's actions the companion's own Wi-Fi needs, and no other: bringing its connection up or down
# and the Wi-Fi device back to a saved network (network-control), a scan for saved networks in reach, and
# sharing its connection as an access point. Not settings.modify.system: the installer makes the connection
# as root (`companion own-wifi`), so the companion cannot change, nor read the secrets of, any connection
# (the home Wi-Fi's passphrase among them).
NM_ACTIONS = ("network-control", "wifi.scan", "wifi.share.protected", "wifi.share.open")
POLKIT = """\
// The companion may open its own Wi-Fi (when no saved network is in reach, or from its settings page) and go
// back to the home one: these NetworkManager actions, and no other. Written by deploy/install.py.
polkit.addRule(function(action, subject) {{
    var allowed = [{actions}];
    if (subject.user == "{user}" && allowed.indexOf(action.id) >= 0) {{
        return polkit.Result.YES;
    }}
}});
"""
READER_LINK = "companion-reader"
# The reference reader is a Raspberry Pi Pico running MicroPython (firmware_bridge/firmware/),
# whose USB serial port says 2e8a:0005; readers on other boards show the USB serial chip's ids.
READERS_USB = {"2e8a:0005": "Raspberry Pi Pico", "1a86:7523": "CH340", "10c4:ea60": "CP210x",
               "0403:6001": "FTDI FT232", "0403:6015": "FTDI FT231X"}
READER_USB = "2e8a:0005"
UART_DEVICE = "/dev/serial0"  # GPIO 14/15: ttyAMA0 or ttyS0 (the mini UART), by board
CMDLINES = (Path("/boot/firmware/cmdline.txt"), Path("/boot/cmdline.txt"))
BOOT_CONFIGS = (Path("/boot/firmware/config.txt"), Path("/boot/config.txt"))  # Bookworm, then older
# I2C at 400 kHz: a whole OLED frame takes about 23 ms instead of 90 ms at the default 100 kHz.
DTPARAMS = {"i2c_arm": "on", "i2c_arm_baudrate": "400000", "spi": "on"}

SETTINGS = """\
# The companion's settings (docs/settings.md lists every key). The panel's
# Settings page saves here too; the installer writes this file only when it is missing.

[web]
# Every address, so phones on the network reach the panel at http://{host}.local:{port}/
host = "0.0.0.0"
port = {port}

[reader]
# The reader: the name the udev rule gives it (whichever ttyACM it comes up as), or the UART.
port = "{reader}"
"""

UDEV = """\
# The companion's NFC and dice reader is /dev/{link}, whichever ttyACM or ttyUSB it
# comes up as. Written by deploy/install.py (--reader-usb VID:PID adds another).
"""
# udev takes no comment after a rule (it ignores what follows as an invalid key): the name goes above it.
UDEV_LINE = ('# {name}\n'
             'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", SYMLINK+="{link}", '
             'GROUP="dialout", MODE="0660"\n')


class InstallError(Exception):
    pass


class Installer:
    def __init__(self, root: Path, reader_usb: str | None = None, port: int = 8080, packages: bool = True,
                 out=print, uart: bool = False, reboot: bool = False, command=None):
        self.root = root
        self.staging = root.resolve() != Path("/")
        self.reader_usb = reader_usb
        self.port = port
        self.packages = packages and (not self.staging or command is not None)
        self.out = out
        self.uart = uart  # the reader is on GPIO 14/15
        self.reboot_at_end = reboot
        self.reboot = False  # the boot configuration changed
        self.command = command or _command  # what runs apt, pip, systemctl (a recording double in tests)
        # The Python that makes the venv: this one, or in a staging root (an image) the root's own.
        self.python = "/usr/bin/python3" if self.staging else sys.executable

    def at(self, path: Path) -> Path:
        """`path` inside the root being installed."""
        return self.root / path.relative_to("/")

    def run(self, *cmd: str) -> str:
        code, output = self.command(cmd)
        if code != 0:
            raise InstallError(f"`{' '.join(cmd)}` failed ({code}): {output.strip()}")
        return output

    def has_package(self, name: str) -> bool:
        """Whether apt can install `name` here (Raspberry Pi OS's repository has python3-lgpio)."""
        code, output = self.command(("apt-cache", "show", "--no-all-versions", name))
        return code == 0 and f"Package: {name}" in output

    def say(self, what: str, detail: str) -> None:
        self.out(f"  {what:<16} {detail}")

    def write(self, path: Path, text: str, mode: int | None = 0o644) -> bool:
        """Write `text` to `path` (in the root) unless it is there already; True when it changed."""
        target = self.at(path)
        if target.exists() and target.read_text() == text:
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".companion-new")
        tmp.write_text(text)
        if mode is not None:  # None: /boot/firmware is FAT, which has no modes
            tmp.chmod(mode)
        os.replace(tmp, target)  # never half a file, even if the power goes now
        return True

    # --- the steps, in order ---------------------------------------------------------------------

    def install(self) -> None:
        if os.geteuid() != 0:
            raise InstallError("run it as root: sudo python3 deploy/install.py")
        self.out(f"Installing the companion from {SOURCE}" + (f" into {self.root}" if self.staging else ""))
        self.system_packages()
        self.user()
        self.venv()
        self.settings()
        self.udev_rule()
        self.own_wifi()
        self.boot_config()
        self.unit()
        if self.reboot:
            self.out(f"Done. Reboot to turn on {self._parts()}: sudo reboot. The companion starts by itself after it.")
        else:
            self.out("Done.")
        self.out(f"Check the parts: sudo -u {USER} {APP_DIR}/venv/bin/companion doctor --data-dir {STATE_DIR}")
        self.out(f"The panel: http://{os.uname().nodename}.local:{self.port}/ (the pairing code is on the OLED)")
        if self.reboot and self.reboot_at_end:
            if self.staging:
                self.say("reboot", "skipped (staging root)")
            else:
                self.out("Rebooting now.")
                self.run("systemctl", "reboot")

    def system_packages(self) -> None:
        self.system_pins = False  # lgpio and spidev from the system's packages, not built by pip
        if not self.packages:
            self.say("packages", "skipped (staging root)" if self.staging else "skipped (--no-packages)")
            return
        self.run("apt-get", "update", "-qq")
        self.system_pins = all(self.has_package(p) for p in PI_PACKAGES)
        wanted = PACKAGES + (PI_PACKAGES if self.system_pins else BUILD_PACKAGES)
        self.run("apt-get", "install", "-y", "-qq", *wanted)
        self.say("packages", ", ".join(wanted))
        if not self.system_pins:
            self.say("packages", f"{' and '.join(PI_PACKAGES)} are not in this system's apt sources (Raspberry Pi OS "
                                 "has them): pip builds lgpio and spidev, which needs swig and the lgpio C library "
                                 "(liblgpio, from https://abyz.me.uk/lg/); on Raspberry Pi OS nothing is built")

    def _passwd(self) -> dict[str, list[str]]:
        lines = self.at(Path("/etc/passwd")).read_text().splitlines()
        return {f[0]: f for f in (line.split(":") for line in lines) if len(f) >= 7}

    def _group_members(self) -> dict[str, set[str]]:
        groups = {}
        for line in self.at(Path("/etc/group")).read_text().splitlines():
            f = line.split(":")
            if len(f) >= 4:
                groups[f[0]] = {m for m in f[3].split(",") if m}
        return groups

    def _root_args(self) -> tuple[str, ...]:
        return ("--root", str(self.root.resolve())) if self.staging else ()

    def user(self) -> None:
        created = USER not in self._passwd()
        if created:
            self.run("useradd", *self._root_args(), "--system", "--user-group", "--home-dir", str(STATE_DIR),
                     "--no-create-home", "--shell", "/usr/sbin/nologin", USER)
        groups = self._group_members()
        missing = [g for g in GROUPS if g not in groups]
        joined = [g for g in GROUPS if g in groups and USER not in groups[g]]
        if joined:
            self.run("usermod", *self._root_args(), "--append", "--groups", ",".join(joined), USER)
        self.say("user", f"{USER} {'created' if created else 'exists'}"
                 + (f", added to {' '.join(joined)}" if joined else ", in its groups")
                 + (f"; no group {' '.join(missing)} on this system (not a Raspberry Pi OS?)" if missing else ""))

    def venv(self) -> None:
        venv = APP_DIR / "venv"
        self.write(APP_DIR / "README.md", (SOURCE / "README.md").read_text())
        for doc in sorted((SOURCE / "docs").glob("*.md")):  # the guides the README links to
            self.write(APP_DIR / "docs" / doc.name, doc.read_text())
        if not self.packages:
            self.say("venv", f"{venv}: skipped" + (" (staging root)" if self.staging else " (--no-packages)"))
            return
        config = self.at(venv / "pyvenv.cfg")
        if not config.exists():
            # --system-site-packages: the venv sees the system's python3-lgpio and python3-spidev.
            self.run(self.python, "-m", "venv", *(("--system-site-packages",) if self.system_pins else ()), str(venv))
        elif self.system_pins:  # a venv from an earlier install: let it see them too
            self.write(venv / "pyvenv.cfg", re.sub(r"(?m)^include-system-site-packages = false$",
                                                   "include-system-site-packages = true", config.read_text()))
        pip = (str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet")
        # Nothing unpinned or unhashed is installed as root, pip itself included (the venv's pip checks hashes).
        # Not editable: the service runs what was installed, whatever happens to the checkout. Built
        # from a copy, so root leaves no build/ or *.egg-info in the user's checkout.
        # A staging root's commands run inside it (an image builder's chroot): the copy is made there too.
        with tempfile.TemporaryDirectory(dir=self.at(Path("/tmp")) if self.staging else None) as tmp:
            copy = Path(tmp) / "companion"
            shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns(
                ".git", ".venv", "build", "*.egg-info", "__pycache__", "data", "node_modules"))
            # Every dependency as the lock file pins it, each file checked against its hash (`make lock` writes
            # it), setuptools among them.
            self.run(*pip, "--require-hashes", "--no-deps", "-r", str(copy / LOCK))
            if not self.system_pins:
                # Elsewhere the [pi] extra's pin libraries too, pinned and hashed in their own lock: their
                # sources, built here with the setuptools just installed (a build environment of pip's own
                # would fetch its setuptools unchecked).
                self.run(*pip, "--require-hashes", "--no-deps", "--no-build-isolation", "-r", str(copy / PI_LOCK))
            # Then the companion itself, built with that setuptools, taking nothing more.
            self.run(*pip, "--upgrade", "--no-deps", "--no-build-isolation", str(copy))
        if self.system_pins:
            self.run(str(venv / "bin" / "python"), "-c", "import lgpio, spidev")
        self.say("venv", f"{venv}: the companion installed, with " + (
            "the system's lgpio and spidev" if self.system_pins else "its [pi] extra"))

    def _ids(self) -> tuple[int, int]:
        f = self._passwd()[USER]
        return int(f[2]), int(f[3])

    def settings(self) -> None:
        state = self.at(STATE_DIR)
        state.mkdir(parents=True, exist_ok=True)
        with _opened(state, os.O_RDONLY | os.O_DIRECTORY) as fd:  # the companion's from now on
            os.fchown(fd, *self._ids())
            os.fchmod(fd, 0o700)
        path = STATE_DIR / "settings.toml"
        if self.at(path).exists():
            self.say("settings", f"{path}: kept as it is")
            return
        reader = UART_DEVICE if self.uart else f"/dev/{READER_LINK}"
        self.write_for_companion(path, SETTINGS.format(host=os.uname().nodename, port=self.port, reader=reader))
        self.say("settings", f"{path}: written (panel on port {self.port}, reader {reader})")

    def write_for_companion(self, path: Path, text: str) -> None:
        """Write a file (0600, the companion's) into a directory the companion's user owns, as root, and never
        through a link that user planted there (root would write, chown or chmod the file it points to):
        made new without following links, by the directory's open descriptor, its owner and mode set on the
        open file, then renamed over the name (a link there is replaced, never followed)."""
        target = self.at(path)
        part = target.name + ".companion-new"
        with _opened(target.parent, os.O_RDONLY | os.O_DIRECTORY) as directory:
            try:
                os.unlink(part, dir_fd=directory)  # a link is removed itself
            except FileNotFoundError:
                pass
            fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=directory)
            with os.fdopen(fd, "w") as f:
                os.fchown(fd, *self._ids())
                os.fchmod(fd, 0o600)  # whatever the umask
                f.write(text)
                f.flush()
                os.fsync(fd)
            os.replace(part, target.name, src_dir_fd=directory, dst_dir_fd=directory)

    def udev_rule(self) -> None:
        readers = dict(READERS_USB)
        if self.reader_usb:
            readers.setdefault(self.reader_usb.lower(), "given with --reader-usb")
        text = UDEV.format(link=READER_LINK) + "".join(
            UDEV_LINE.format(vid=ids.split(":")[0], pid=ids.split(":")[1], link=READER_LINK, name=name)
            for ids, name in readers.items())
        changed = self.write(UDEV_RULE, text)
        if changed and not self.staging:
            self.run("udevadm", "control", "--reload")
            self.run("udevadm", "trigger", "--subsystem-match=tty", "--action=add")
        self.say("udev rule", f"{UDEV_RULE}: {'written' if changed else 'unchanged'} "
                              f"({', '.join(readers.values())} -> /dev/{READER_LINK})")

    def own_wifi(self) -> None:
        old = self.at(OLD_DNSMASQ_SHARED)
        written = [old.exists(),
                   self.write(PORTAL_DNS_UNIT, (SOURCE / "systemd" / "companion-portal-dns@.service").read_text()),
                   self.write(DISPATCHER, (SOURCE / "deploy" / "portal-dispatcher.sh").read_text(), 0o755),
                   self.write(POLKIT_RULE, POLKIT.format(user=USER, actions=", ".join(
                       f'"org.freedesktop.NetworkManager.{a}"' for a in NM_ACTIONS)))]
        old.unlink(missing_ok=True)
        self.say("own Wi-Fi", f"{PORTAL_DNS_UNIT}, {DISPATCHER}, {POLKIT_RULE}: " + ("written" if any(written) else "unchanged")
                 + (f"; {OLD_DNSMASQ_SHARED} removed" if written[0] else ""))
        if not self.packages:
            return
        # The connection itself, made as root with the settings' name and no saved passphrase: the companion
        # only brings it up (with a new passphrase each time) and down. A box without NetworkManager or Wi-Fi
        # is told, and installs on.
        code, output = self.command((str(APP_DIR / "venv" / "bin" / "companion"), "own-wifi", "--data-dir", str(STATE_DIR)))
        self.at(STATE_DIR / OLD_PASSPHRASE).unlink(missing_ok=True)  # a link itself, never what it points to
        self.say("own Wi-Fi", output.strip().removeprefix("companion own-wifi: ") if output.strip() else
                 "the connection is made" if code == 0 else f"not set up (`companion own-wifi` exited {code})")

    def boot_config(self) -> None:
        config = next((c for c in BOOT_CONFIGS if self.at(c).exists()), None)
        if config is None:
            self.say("boot config", "no /boot/firmware/config.txt: not Raspberry Pi OS; turn on I2C and SPI yourself")
            return
        old = self.at(config).read_text()
        new = with_dtparams(old, DTPARAMS)
        modules = Path("/etc/modules")
        loaded = self.at(modules).read_text() if self.at(modules).exists() else ""
        if "i2c-dev" not in loaded.split():
            self.write(modules, loaded + ("" if loaded.endswith("\n") or not loaded else "\n") + "i2c-dev\n")
            self.reboot = True
        if self.uart:
            new = with_options(new, {"enable_uart": "1"})
            self._no_serial_console()
        if new != old:
            self.write(config, new, mode=None)
            self.reboot = True
        self.say("boot config", f"{config}: " + (f"{self._parts()} turned on; reboot to use them" if self.reboot
                                                 else f"{self._parts()} already on"))

    def _parts(self) -> str:
        return "I2C, SPI and the UART on GPIO 14/15" if self.uart else "I2C and SPI"

    def _no_serial_console(self) -> None:
        """The reader talks on the UART: the kernel's serial console must not (raspi-config's do_serial_cons 1)."""
        cmdline = next((c for c in CMDLINES if self.at(c).exists()), None)
        if cmdline is None:
            return
        old = self.at(cmdline).read_text()
        kept = [t for t in old.split() if not re.fullmatch(r"console=(serial0|ttyAMA0|ttyS0)(,\d+)?", t)]
        if kept != old.split():
            self.write(cmdline, " ".join(kept) + "\n", mode=None)  # one line, as the firmware reads it
            self.reboot = True

    def unit(self) -> None:
        changed = self.write(UNIT, (SOURCE / "systemd" / "companion.service").read_text())
        if self.staging:
            self.run("systemctl", f"--root={self.root.resolve()}", "enable", "companion.service")
            self.say("service", f"{UNIT}: {'written' if changed else 'unchanged'}, enabled (not started: staging root)")
            return
        self.run("systemctl", "daemon-reload")
        self.run("systemctl", "enable", "companion.service")
        if self.reboot:
            # The parts come with the reboot; the companion starts then (and would start without them).
            self.say("service", f"{UNIT}: {'written' if changed else 'unchanged'}, enabled: it starts at the next boot")
            return
        # Restart, not start: a second run after an update must run the new code.
        self.run("systemctl", "restart", "companion.service")
        self.say("service", f"{UNIT}: {'written' if changed else 'unchanged'}, enabled and (re)started "
                            "(journalctl -u companion shows its log)")


_SECTION = re.compile(r"^\s*\[(.*)\]\s*$")
_DTPARAM = re.compile(r"^\s*#?\s*dtparam=(.*)$")


def with_dtparams(text: str, wanted: dict[str, str]) -> str:
    """config.txt with each `dtparam=KEY=VALUE` of `wanted` set, for every board.

    A line is changed in place (uncommented, its value set) where it applies to every
    board: before the first [filter] section, or in an [all] section. A key not found
    there is appended at the end, under an [all] line if another filter is in force.
    This is what raspi-config does, with the filters respected.
    """
    lines = text.splitlines()
    todo = dict(wanted)
    everywhere = True
    for i, line in enumerate(lines):
        section = _SECTION.match(line)
        if section:
            everywhere = section.group(1).strip().lower() == "all"
            continue
        m = _DTPARAM.match(line)
        if not everywhere or not m:
            continue
        params = [p.split("=", 1) for p in m.group(1).split(",")]
        keys = [p[0].strip() for p in params]
        commented = line.lstrip().startswith("#")
        if commented and not (len(keys) == 1 and keys[0] in todo):
            continue  # a comment, or a commented line with several settings: left as the user wrote it
        if not any(k in wanted for k in keys):
            continue
        for k in keys:
            todo.pop(k, None)
        lines[i] = "dtparam=" + ",".join(f"{k}={wanted[k]}" if k in wanted else "=".join(p).strip()
                                         for k, p in zip(keys, params))
    if todo:
        if not everywhere:
            lines.append("[all]")
        lines += [f"dtparam={k}={v}" for k, v in todo.items()]
    return "\n".join(lines) + "\n"


@contextlib.contextmanager
def _opened(path: Path, flags: int):
    """`path` opened without following a link at its last component (an OSError if it is one)."""
    fd = os.open(path, flags | os.O_NOFOLLOW)
    try:
        yield fd
    finally:
        os.close(fd)


def _command(cmd: tuple[str, ...]) -> tuple[int, str]:
    done = subprocess.run(cmd, capture_output=True, text=True)
    return done.returncode, done.stdout if done.returncode == 0 else (done.stderr or done.stdout)


def with_options(text: str, wanted: dict[str, str]) -> str:
    """config.txt with each top-level `KEY=VALUE` of `wanted` set for every board (as `with_dtparams`)."""
    lines = text.splitlines()
    todo = dict(wanted)
    everywhere = True
    for i, line in enumerate(lines):
        section = _SECTION.match(line)
        if section:
            everywhere = section.group(1).strip().lower() == "all"
            continue
        m = re.match(r"^\s*#?\s*([A-Za-z_0-9]+)\s*=", line)
        if everywhere and m and m.group(1) in todo:
            lines[i] = f"{m.group(1)}={todo.pop(m.group(1))}"
    if todo:
        if not everywhere:
            lines.append("[all]")
        lines += [f"{k}={v}" for k, v in todo.items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Install the tabletop companion as a service (run as root).")
    parser.add_argument("--root", default="/", help="install into this directory instead of / (staging)")
    parser.add_argument("--reader-usb", default=None, metavar="VID:PID",
                        help="another reader's USB vendor and product ids (lsusb shows them); a Pico with MicroPython "
                             "and the CH340, CP210x and FTDI chips are known already")
    parser.add_argument("--reader-uart", action="store_true",
                        help="the reader is wired to GPIO 14/15: turn the UART on, the serial console off, "
                             f"and set the reader to {UART_DEVICE}")
    parser.add_argument("--reboot", action="store_true", help="reboot at the end when the boot configuration changed")
    parser.add_argument("--port", type=int, default=8080, help="the panel's port in a new settings file (default 8080)")
    parser.add_argument("--no-packages", action="store_true", help="skip apt and pip (the venv is left as it is)")
    args = parser.parse_args(argv)
    if args.reader_usb is not None and not re.fullmatch(r"[0-9a-fA-F]{4}:[0-9a-fA-F]{4}", args.reader_usb):
        parser.error("--reader-usb takes the ids as lsusb shows them, such as 2e8a:0005")
    installer = Installer(Path(args.root), args.reader_usb, args.port, packages=not args.no_packages,
                          uart=args.reader_uart, reboot=args.reboot)
    try:
        installer.install()
    except (InstallError, OSError) as e:
        print(f"install: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
