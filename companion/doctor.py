"""`companion doctor`: look at every part the companion needs and say what was found.

Each check reports what it found, and a problem comes with the command that fixes it.
It looks at the real machine (the /dev nodes, the I2C bus, the GPIO chip, the serial
port, the data directory, the network); on a machine without the parts it says so,
part by part. Run it as the companion's user to see that user's permissions:

    sudo -u companion /opt/companion/venv/bin/companion doctor --data-dir /var/lib/companion

While a companion runs, the doctor leaves the reader's port and the buttons to it and
reports what it can see from outside (the OLED's bus is only probed: an empty write).
"""

from __future__ import annotations

import errno
import getpass
import glob
import os
import shutil
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.journal import MIN_FREE

OK, WARN, PROBLEM = "ok", "warn", "PROBLEM"
MIN_FREE_MB, LOW_FREE_MB = MIN_FREE // 2**20, 200  # the least the journal needs (as the panel warns), and a margin
READER_WAIT = 3.5  # seconds: the reader sends a frame every second (a heartbeat or its HELLO)


@dataclass(frozen=True)
class Finding:
    part: str
    level: str  # OK, WARN or PROBLEM
    found: str
    fix: str = ""


@dataclass
class Machine:
    """Where the doctor looks: the real machine by default; the tests point it elsewhere."""

    dev: Path = Path("/dev")
    smbus: Callable[[int], Any] | None = None  # opens I2C bus N (smbus2.SMBus)
    pin_factory: Any = None  # gpiozero's default (lgpio on Raspberry Pi OS)
    user: str = ""
    nmcli: Callable[[list[str]], tuple[int, str]] | None = None  # NetworkManager's client (hardware.network.nmcli)

    def __post_init__(self) -> None:
        if self.smbus is None:
            from smbus2 import SMBus

            self.smbus = SMBus
        self.user = self.user or getpass.getuser()


def _access(path: Path) -> bool:
    return os.access(path, os.R_OK | os.W_OK)


def _group_fix(group: str, machine: Machine) -> str:
    return f"sudo adduser {machine.user} {group}, then log in again (or restart the companion)"


def check_display(display: dict[str, Any], machine: Machine) -> Iterator[Finding]:
    from hardware.factory import ENABLE

    driver = display["driver"].upper()
    if display["interface"] == "spi":
        node = machine.dev / f"spidev{display['spi_port']}.{display['spi_device']}"
        if not node.exists():
            yield Finding("OLED", PROBLEM, f"{driver} on SPI: {node} is not there (SPI is off, or not a Raspberry Pi)",
                          f"{ENABLE['spi']} && sudo reboot")
        elif not _access(node):
            yield Finding("OLED", PROBLEM, f"{node} is there but {machine.user} may not use it", _group_fix("spi", machine))
        else:
            # SPI has no acknowledge: a missing panel looks the same as a present one from here.
            yield Finding("OLED", OK, f"{driver} on {node} (D/C GPIO {display['gpio_dc']}, RESET GPIO "
                                      f"{display['gpio_reset']}); SPI cannot tell whether a panel listens: look at it")
        return
    port, address = display["i2c_port"], display["i2c_address"]
    node = machine.dev / f"i2c-{port}"
    where = f"{driver} at 0x{address:02X} on I2C bus {port}"
    if not node.exists():
        yield Finding("OLED", PROBLEM, f"{where}: {node} is not there (I2C is off, or not a Raspberry Pi)",
                      f"{ENABLE['i2c']} && sudo reboot "
                      "(or dtparam=i2c_arm=on in /boot/firmware/config.txt)")
        return
    if not _access(node):
        yield Finding("OLED", PROBLEM, f"{node} is there but {machine.user} may not use it", _group_fix("i2c", machine))
        return
    try:
        bus = machine.smbus(port)
        try:
            bus.write_quick(address)  # what i2cdetect does: an empty write the device acknowledges
        finally:
            bus.close()
    except OSError as e:
        if e.errno in (errno.ENXIO, errno.EREMOTEIO, errno.EIO):
            yield Finding("OLED", PROBLEM, f"{where}: nothing answers",
                          f"check the wiring (SDA GPIO 2, SCL GPIO 3, 3V3, GND); `i2cdetect -y {port}` lists what "
                          "answers: set [display] i2c_address to it (0x3C or 0x3D on most boards)")
        else:
            yield Finding("OLED", PROBLEM, f"{where}: {e}", _group_fix("i2c", machine))
        return
    yield Finding("OLED", OK, f"{where} answers")


def check_buttons(buttons: dict[str, int], encoder: tuple[int, int] | None, machine: Machine,
                  in_use: bool | None) -> Iterator[Finding]:
    """`in_use`: a companion holds the journal (True), does not (False), or the doctor cannot tell (None)."""
    pins = ", ".join(f"{role} GPIO {pin}" for role, pin in buttons.items())
    if encoder:
        pins += f", encoder GPIO {encoder[0]} and {encoder[1]}"
    chips = sorted(glob.glob(str(machine.dev / "gpiochip*")))
    if machine.pin_factory is None and not chips:
        yield Finding("GPIO", PROBLEM, f"no GPIO chip ({machine.dev}/gpiochip*): not a Raspberry Pi? Buttons: {pins}",
                      "on a laptop the buttons are simulated in the panel (companion run --sim)")
        return
    closed = [c for c in chips if not _access(Path(c))]
    if closed:
        yield Finding("GPIO", PROBLEM, f"{', '.join(closed)}: {machine.user} may not use it", _group_fix("gpio", machine))
        return
    if in_use is not False:
        holder = "the running companion holds the buttons" if in_use else "left alone: a companion may hold the buttons"
        yield Finding("GPIO", OK, f"{', '.join(chips) or 'GPIO'}; {holder} ({pins})")
        return
    from gpiozero import Button

    busy = []
    for role, pin in list(buttons.items()) + ([("encoder", encoder[0]), ("encoder", encoder[1])] if encoder else []):
        try:
            Button(pin, pin_factory=machine.pin_factory).close()
        except Exception as e:  # gpiozero's own errors: a busy pin, no pin library, no permission
            busy.append(f"{role} GPIO {pin} ({type(e).__name__}: {e})")
    if busy:
        yield Finding("GPIO", PROBLEM, "cannot claim " + "; ".join(busy),
                      "install the [pi] extra (the installer does), stop the program that holds the pin, or choose "
                      "free pins in [buttons]")
    else:
        yield Finding("GPIO", OK, f"{', '.join(chips) or 'GPIO'}; buttons free: {pins}")


def check_reader(reader: dict[str, Any], in_use: bool | None, wait: float = READER_WAIT) -> Iterator[Finding]:
    url = reader["port"]
    if not url:
        yield Finding("reader", WARN, "none configured (the game is played without NFC cards and dice)",
                      'set [reader] port = "/dev/companion-reader" (the installer\'s udev rule) in the settings')
        return
    if "://" not in url and not os.path.exists(url):
        ids = sorted(glob.glob("/dev/serial/by-id/*"))
        seen = f"; serial devices: {', '.join(ids)}" if ids else "; no USB serial device is plugged in"
        yield Finding("reader", PROBLEM, f"{url} is not there{seen}",
                      "plug the reader in; if it has other USB ids than the installer's rule, run "
                      "`lsusb`, then `sudo python3 deploy/install.py --reader-usb VID:PID`")
        return
    if in_use is not False:
        holder = "the running companion holds it" if in_use else "left alone: a companion may hold it"
        yield Finding("reader", OK, f"{url}: {holder} (the panel's Cards page shows its state)")
        return
    yield _handshake(url, reader["baudrate"], wait)


def _handshake(url: str, baudrate: int, wait: float) -> Finding:
    """Open the port with the companion's own link and listen: a HELLO or a heartbeat, the firmware."""
    from firmware_bridge.link import ReaderLink

    def refuse(event: Any) -> None:  # never acknowledged: the reader keeps the event for the companion
        raise RuntimeError("companion doctor records nothing")

    heard = threading.Event()
    link = ReaderLink(url, refuse, baudrate=baudrate, on_state=lambda s: s in ("live", "incompatible") and heard.set())
    link.start()
    try:
        heard.wait(wait)
        deadline = time.monotonic() + wait
        while link.status()["state"] == "live" and not link.status()["fw"] and time.monotonic() < deadline:
            time.sleep(0.1)  # a heartbeat came first: give its HELLO a moment
        status = link.status()
    finally:
        link.stop()
    if status["state"] == "incompatible":
        return Finding("reader", PROBLEM, f"{url}: {status['fw'] or 'the reader'} speaks protocol v{status['version']}",
                       "flash the firmware in firmware_bridge/firmware/ (protocol v1)")
    if status["state"] == "live":
        if status["fw"]:
            return Finding("reader", OK, f"{url}: {status['fw']}, protocol v1, can read {status['caps'] or '?'}")
        return Finding("reader", OK, f"{url}: answers (heartbeats); it names its firmware when it restarts")
    if status["last_error"]:
        error = status["last_error"]
        fix = ("sudo adduser companion dialout (and the user who runs this)" if "ermission" in error
               else "another program has the port open: stop it (sudo systemctl stop companion)" if "busy" in error.lower()
               or "lock" in error.lower() else "unplug the reader and plug it in again")
        return Finding("reader", PROBLEM, f"{url}: {error}", fix)
    return Finding("reader", PROBLEM, f"{url} opens, but nothing speaks protocol v1 on it within {wait:.0f} s",
                   f"check that it runs the reader firmware (firmware_bridge/firmware/) at {baudrate} baud "
                   "([reader] baudrate)")


def check_data(data_dir: Path, journal: Path, in_use: bool) -> Iterator[Finding]:
    from companion.backup import inspect
    from companion.errors import JournalError

    existing = next(p for p in (data_dir, *data_dir.parents) if p.exists())
    if not existing.is_dir() or not _access(existing):
        yield Finding("data", PROBLEM, f"{data_dir}: {getpass.getuser()} may not write to {existing}",
                      f"sudo install -d -o companion -g companion -m 700 {data_dir} (the installer makes it), "
                      "and run the companion as that user")
        return
    running = "a companion is running on it" if in_use else "no companion is running on it"
    if not journal.exists():
        yield Finding("data", OK, f"{data_dir}: writable, no journal yet (the first start makes it)")
    else:
        try:
            held = inspect(journal)
        except JournalError as e:
            yield Finding("data", PROBLEM, str(e),
                          f"restore a backup: companion restore FILE --data-dir {data_dir} (the damaged journal is kept)")
        else:
            yield Finding("data", OK, f"{journal}: {held.games} game(s), {held.inputs} inputs, intact; {running}")
    usage = shutil.disk_usage(existing)
    free_mb = usage.free // 2**20
    level = PROBLEM if free_mb < MIN_FREE_MB else WARN if free_mb < LOW_FREE_MB else OK
    yield Finding("disk", level, f"{free_mb} MB free of {usage.total // 2**20} MB on {data_dir}'s file system",
                  "" if level == OK else "sudo apt-get clean; sudo journalctl --vacuum-size=50M")


def check_network(network_settings: dict[str, Any], machine: Machine) -> Iterator[Finding]:
    """Which Wi-Fi the box is on: a home network, or the companion's own."""
    from companion.wifi import NetworkError
    from hardware.network import OWN_ADDRESS, Network, nmcli

    network = Network(machine.nmcli or nmcli)
    problem = network.problem()
    if problem:
        yield Finding("network", WARN, f"{problem}: the companion cannot open a Wi-Fi of its own",
                      "on Raspberry Pi OS Bookworm NetworkManager is there by default; the panel works on any network")
        return
    try:
        now = network.in_use()
    except NetworkError as e:
        yield Finding("network", PROBLEM, str(e), "sudo systemctl restart NetworkManager")
        return
    mode = network_settings["mode"]
    if now.network == "own":
        yield Finding("network", OK, f"the companion's own Wi-Fi “{now.ssid}” ({now.device}); phones reach the panel at "
                                     f"{OWN_ADDRESS}")
    elif now.network == "home":
        yield Finding("network", OK, f"the Wi-Fi “{now.ssid}” ({now.device}); "
                                     + ("the companion's own opens when no saved network is in reach at start"
                                        if mode == "auto" else f"network.mode is {mode}"))
    else:
        yield Finding("network", WARN, "on no Wi-Fi", "the Settings page opens the companion's own Wi-Fi; or "
                                                     "sudo nmcli device wifi connect NAME password PASSWORD")


def check_panel(web: dict[str, Any], in_use: bool | None) -> Iterator[Finding]:
    from web_panel.security import Hosts

    host, port = web["host"], web["port"]
    hosts = Hosts(host, web["allowed_hosts"])
    local = host in ("127.0.0.1", "localhost", "::1")
    reach = (f"http://localhost:{port}/ (this machine only)" if local else
             f"http://{socket.gethostname()}.local:{port}/ or http://{hosts.lan_address()}:{port}/")
    if in_use is not False and _answers(host, port):
        yield Finding("panel", OK, f"serving: {reach}")
    elif in_use:
        yield Finding("panel", PROBLEM, f"a companion runs but nothing answers on port {port}",
                      "journalctl -u companion -n 50 shows why; sudo systemctl restart companion")
    else:
        from companion.settings import can_listen

        problem = can_listen(host, port)
        if problem:
            yield Finding("panel", PROBLEM, problem,
                          f"sudo ss -ltnp 'sport = :{port}' shows what holds the port; or set [web] host and port")
        else:
            yield Finding("panel", OK, f"{host}:{port} is free; the panel will be at {reach}")
    if local:
        yield Finding("panel", WARN, f"listening on {host} only: phones cannot reach the panel",
                      'set [web] host = "0.0.0.0" in the settings (the installer does)')


def _answers(host: str, port: int) -> bool:
    import http.client

    address = {"0.0.0.0": "127.0.0.1", "::": "::1", "localhost": "127.0.0.1"}.get(host, host)
    try:
        conn = http.client.HTTPConnection(address, port, timeout=3)
        conn.request("GET", "/api/state")
        conn.getresponse().read()
        return True
    except (OSError, http.client.HTTPException):
        return False


def report(findings: list[Finding]) -> str:
    lines = []
    for f in findings:
        lines.append(f"{f.level:<8} {f.part:<9} {f.found}")
        if f.fix:
            lines.append(f"{'':<18} fix: {f.fix}")
    problems = sum(f.level == PROBLEM for f in findings)
    warnings = sum(f.level == WARN for f in findings)
    lines.append(f"{problems} problem{'s' * (problems != 1)}, {warnings} warning{'s' * (warnings != 1)}.")
    return "\n".join(lines)


def examine(data_dir: Path, settings_file: Path | None, reader_url: str | None = None,
            machine: Machine | None = None, reader_wait: float = READER_WAIT) -> tuple[str, list[Finding]]:
    """Every check in order: a headline, and what each found."""
    from companion import settings as settings_mod
    from companion.app import is_raspberry_pi
    from companion.backup import is_held
    from companion.errors import SettingsError
    from hardware.factory import button_pins, encoder_pins

    machine = machine or Machine()
    findings = []
    file_given = settings_file is not None and settings_file.exists()
    try:
        settings = settings_mod.load(settings_file if file_given else None,
                                     {"data": {"dir": str(data_dir)}, "reader": {"port": reader_url}})
        findings.append(Finding("settings", OK, f"{settings_file} is valid" if file_given
                                else f"no settings file ({settings_file}): the defaults"))
    except SettingsError as e:
        settings = settings_mod.load(None, {"data": {"dir": str(data_dir)}, "reader": {"port": reader_url}})
        findings.append(Finding("settings", PROBLEM, f"{e} (the checks below use the defaults)",
                                f"edit {settings_file}, or fix it on the panel's Settings page"))
    failed = Path(f"{settings_file}.failed") if settings_file is not None else None
    if failed is not None and failed.exists():
        findings.append(Finding("settings", WARN, f"{failed} could not be used at a start: the companion fell back to the "
                                "last settings that worked", f"fix what you meant to change on the panel's Settings page, "
                                f"then remove {failed}"))
    journal = data_dir / "journal.sqlite3"
    try:
        in_use = is_held(journal)
    except PermissionError:
        findings.append(Finding("data", PROBLEM, f"{data_dir}: {machine.user} may not look inside, so the doctor cannot "
                                "tell whether a companion runs (it leaves the reader and the buttons alone)",
                                f"run it as the companion's user: sudo -u companion {sys.argv[0]} doctor --data-dir {data_dir}"))
        in_use = None  # unknown: touch nothing a companion may hold
    findings += check_display(settings["display"], machine)
    findings += check_buttons(button_pins(settings["buttons"]), encoder_pins(settings["buttons"]), machine, in_use)
    findings += check_reader(settings["reader"], in_use, reader_wait)
    if not any(f.part == "data" for f in findings):
        findings += check_data(data_dir, journal, in_use)
    findings += check_network(settings["network"], machine)
    findings += check_panel(settings["web"], in_use)
    where = "a Raspberry Pi" if is_raspberry_pi() else \
        "not a Raspberry Pi: the parts are looked for all the same (`companion run --sim` simulates them)"
    return f"companion doctor, as {machine.user}, on {where}; data {data_dir}", findings
