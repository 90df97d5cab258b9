"""Settings: a TOML file (pins, display, reader, web, data), checked before use.

Every key is known: an unknown key or a bad value is refused with a message
that names it. Command-line options override the file.

Settings cannot lock the table out: saving checks what start-up checks; what could
keep every phone away or the pairing code off the screen (LOCKED) is changed only
in the file on the box, never from a phone; a file with which a paired phone reached the panel is
remembered beside it (`remember_good`), and a start whose file fails falls back to
that one, keeping the failed file beside it (`fall_back`).
"""

from __future__ import annotations

import copy
import errno
import os
import re
import shutil
import socket
import stat
import tomllib
from pathlib import Path
from typing import Any

import fastjsonschema

from companion.errors import SettingsError
from companion.whole_numbers import float_where_int

_PIN = {"type": "integer", "minimum": 2, "maximum": 27}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "web": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                # An address to listen on (0.0.0.0 for every one, :: for IPv6 too) or localhost.
                "host": {"type": "string", "pattern": "^(localhost|[0-9]{1,3}(\\.[0-9]{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)$"},
                "port": {"type": "integer", "minimum": 1, "maximum": 65535},
                # Host names the panel answers to besides its own names and addresses (a DNS name, say).
                "allowed_hosts": {"type": "array", "maxItems": 20,
                                  "items": {"type": "string", "minLength": 1, "maxLength": 253,
                                            "pattern": "^[A-Za-z0-9.:\\[\\]-]+$"}},
                # How long a paired phone stays paired (its cookie and its session): a game night by default,
                # a week at most (a phone left paired longer is a phone nobody remembers to unpair).
                "session_hours": {"type": "integer", "minimum": 1, "maximum": 168},
            },
        },
        "data": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"dir": {"type": "string", "minLength": 1}},
        },
        "buttons": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "next": _PIN,
                "back": _PIN,
                "action": _PIN,
                "select": _PIN,
                "encoder_a": _PIN,
                "encoder_b": _PIN,
                "long_press_ms": {"type": "integer", "minimum": 200, "maximum": 5000},
                "debounce_ms": {"type": "integer", "minimum": 0, "maximum": 200},
            },
        },
        "display": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "driver": {"enum": ["ssd1306", "sh1106"]},
                "interface": {"enum": ["i2c", "spi"]},
                "i2c_port": {"type": "integer", "minimum": 0, "maximum": 10},
                "i2c_address": {"type": "integer", "minimum": 3, "maximum": 119},
                "spi_port": {"type": "integer", "minimum": 0, "maximum": 6},
                "spi_device": {"type": "integer", "minimum": 0, "maximum": 2},
                "gpio_dc": _PIN,
                "gpio_reset": _PIN,
                # The screens are drawn landscape: 0, or 2 for a panel mounted upside down.
                "rotate": {"enum": [0, 2]},
                # Bright enough to read the pairing code across a table; dimmed, still faintly lit.
                "contrast": {"type": "integer", "minimum": 32, "maximum": 255},
                "dim_contrast": {"type": "integer", "minimum": 1, "maximum": 255},
                "dim_after_s": {"type": "integer", "minimum": 5, "maximum": 86400},
                "blank_after_s": {"type": "integer", "minimum": 5, "maximum": 86400},
                "shift_every_s": {"type": "integer", "minimum": 5, "maximum": 86400},
            },
        },
        "network": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                # "auto": the companion's own Wi-Fi when no saved network is in reach at start; "home": the
                # saved networks only; "own": always its own.
                "mode": {"enum": ["auto", "home", "own"]},
                # The table's name, in the own network's name (the host name when empty).
                "name": {"type": "string", "maxLength": 20, "pattern": "^[A-Za-z0-9 ._-]*$"},
            },
        },
        "reader": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "port": {"type": "string"},
                "baudrate": {"type": "integer", "enum": [9600, 19200, 38400, 57600, 115200]},
            },
        },
    },
}

# What a phone may not change (the settings page shows it, greyed): where the panel listens and the names it
# answers to (a wrong one keeps every phone away), and how the box's screen and buttons are wired (a wrong one
# leaves no pairing code on the screen, or no SELECT to open a pairing window). Changed in the file on the box.
LOCKED: dict[str, tuple[str, ...]] = {
    "web": ("host", "port", "allowed_hosts"),
    "display": ("driver", "interface", "i2c_port", "i2c_address", "spi_port", "spi_device", "gpio_dc", "gpio_reset"),
    "buttons": ("next", "back", "action", "select", "encoder_a", "encoder_b"),
    # The own Wi-Fi's name: root makes its connection (`companion own-wifi`), the companion only brings it up.
    "network": ("name",),
}

DEFAULTS: dict[str, Any] = {
    "web": {"host": "127.0.0.1", "port": 8080, "allowed_hosts": [], "session_hours": 16},
    "data": {"dir": "data"},
    "buttons": {"next": 17, "back": 27, "action": 22, "select": 23, "long_press_ms": 800, "debounce_ms": 30},
    "display": {
        "driver": "ssd1306", "interface": "i2c", "i2c_port": 1, "i2c_address": 0x3C,
        "spi_port": 0, "spi_device": 0, "gpio_dc": 24, "gpio_reset": 25,
        "rotate": 0, "contrast": 200, "dim_contrast": 8,
        "dim_after_s": 120, "blank_after_s": 1800, "shift_every_s": 60,
    },
    "reader": {"port": "", "baudrate": 115200},
    "network": {"mode": "auto", "name": ""},
}

_validate = fastjsonschema.compile(SCHEMA)


_UNKNOWN = re.compile(r"^(?:data\.?)(\S*) ?must not contain \{(.*)\} properties$")


# The reader's port as a phone may set it: a serial device, by kernel name (USB: ttyUSB, ttyACM; the UART:
# ttyAMA, ttyS, serial0/1), by the installer's udev name, or by its stable /dev/serial/by-id or by-path name;
# one name under those folders, never "..". The settings file on the box also takes a pyserial URL.
SERIAL_DEVICE = (r"^(|(?!.*\.\.)/dev/(tty(USB|ACM|AMA|S)[0-9]{1,3}|serial[01]|companion-reader"
                 r"|serial/by-(id|path)/[A-Za-z0-9][A-Za-z0-9._:+-]*))$")

_FORMS = {
    "web.host": "an address to listen on, such as 0.0.0.0, 127.0.0.1 or ::, or localhost",
    "web.allowed_hosts": "host names or addresses (letters, digits, dots, dashes, colons)",
    "reader.port": "a serial device (/dev/ttyUSB0, /dev/ttyACM0, /dev/serial/by-id/…), or empty",
    "network.name": "at most 20 letters, digits, spaces, dots, dashes or underscores",
}


def _where(message: str) -> str:
    """fastjsonschema says 'data.web.port must be ...': name the key as in the file."""
    pattern = re.match(r"^data\.(\S+?)(?:\[\d+\])? must match pattern ", message)
    if pattern and pattern.group(1) in _FORMS:
        return f"{pattern.group(1)} must be {_FORMS[pattern.group(1)]}"
    unknown = _UNKNOWN.match(message)
    if unknown:
        section, keys = unknown.groups()
        names = [k.strip().strip("'\"") for k in keys.split(",")]
        return "unknown key " + ", ".join(f"{section}.{k}" if section else k for k in names)
    return message.removeprefix("data.").removeprefix("data ")


def check(values: dict[str, Any], source: str = "settings") -> None:
    try:
        _validate(values)
    except fastjsonschema.JsonSchemaValueException as e:
        raise SettingsError(f"{source}: {_where(e.message)}") from None
    where = float_where_int(SCHEMA, values)
    if where:
        raise SettingsError(f"{source}: {where} must be a whole number (no decimal point)")


# BCM pins the display's bus already uses (I2C1: SDA, SCL; SPI0: CE1, CE0, MISO, MOSI, SCLK).
_BUS_PINS = {"i2c": {2: "I2C SDA", 3: "I2C SCL"}, "spi": {7: "SPI CE1", 8: "SPI CE0", 9: "SPI MISO",
                                                          10: "SPI MOSI", 11: "SPI SCLK"}}


def check_pins(settings: dict[str, Any]) -> None:
    """No two parts on one GPIO pin, and none on the display's bus."""
    display = settings["display"]
    used: dict[int, str] = dict(_BUS_PINS[display["interface"]])
    wanted = [(f"buttons.{k}", v) for k, v in settings["buttons"].items() if k in ("next", "back", "action", "select",
                                                                                    "encoder_a", "encoder_b")]
    if display["interface"] == "spi":
        wanted += [("display.gpio_dc", display["gpio_dc"]), ("display.gpio_reset", display["gpio_reset"])]
    for name, pin in wanted:
        if pin in used:
            raise SettingsError(f"settings: {name} and {used[pin]} both use GPIO {pin}; give {name} a free pin")
        used[pin] = name
    if ("encoder_a" in settings["buttons"]) != ("encoder_b" in settings["buttons"]):
        raise SettingsError("settings: a rotary encoder needs both buttons.encoder_a and buttons.encoder_b")
    if display["blank_after_s"] <= display["dim_after_s"]:
        raise SettingsError("settings: display.blank_after_s must be longer than display.dim_after_s")


def read_file(path: str | Path, follow_links: bool = True) -> dict[str, Any]:
    """The values a settings file sets (checked), or {} when it does not exist yet. `follow_links=False`: for
    root, reading a file in a directory the companion's user owns, which is never a link that user planted
    (to a file only root may read), nor a pipe that would hold it."""
    flags = os.O_RDONLY if follow_links else os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
    try:
        with os.fdopen(os.open(path, flags), "rb") as f:
            if not follow_links and not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise SettingsError(f"the settings file {path} is not a file")
            data = tomllib.load(f)
    except FileNotFoundError:
        return {}
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise SettingsError(f"the settings file {path} is a link: root reads only the file itself there") from None
        raise SettingsError(f"the settings file {path} cannot be read: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise SettingsError(f"the settings file {path} cannot be read: {e}") from None
    check(data, str(path))
    return data


def can_listen(host: str, port: int) -> str | None:
    """Why the panel could not listen at host:port on this machine, or None when it could (the address
    must be this machine's, and the port free)."""
    try:
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(where)
    except OSError as e:
        return f"the web panel could not listen on {host}:{port} ({e.strerror or e})"
    return None


def _sibling(path: str | Path, suffix: str) -> Path:
    path = Path(path)
    return path.with_name(path.name + suffix)


def last_good(path: str | Path) -> Path:
    """Where the settings file that last started the companion is kept."""
    return _sibling(path, ".last-good")


def _write(path: Path, data: bytes) -> None:
    """Write a file whole (a temporary file first, so a pulled plug leaves the old file or the new one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _sibling(path, ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def remember_good(path: str | Path) -> None:
    """The companion started with the file at `path`: keep a copy to fall back to."""
    path = Path(path)
    if path.exists() and (not last_good(path).exists() or last_good(path).read_bytes() != path.read_bytes()):
        _write(last_good(path), path.read_bytes())


def fall_back(path: str | Path) -> Path | None:
    """The file at `path` failed at start: put the last good one in its place, keeping the failed one
    beside it. Returns where the failed file is kept, or None when there is nothing to fall back to."""
    path = Path(path)
    good = last_good(path)
    if not good.exists() or (path.exists() and path.read_bytes() == good.read_bytes()):
        return None
    failed = _sibling(path, ".failed")
    if path.exists():
        shutil.copyfile(path, failed)
    _write(path, good.read_bytes())
    return failed


def save(path: str | Path, changes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Merge `changes` into the file at `path`, check the result as start-up would, and write it whole. (Where
    the panel listens is not a phone's to change: LOCKED.)"""
    import tomli_w

    data = read_file(path)
    for section, values in changes.items():
        data.setdefault(section, {}).update(values)
    check(data, str(path))
    merged = copy.deepcopy(DEFAULTS)
    for section, values in data.items():
        merged[section].update(values)
    check_pins(merged)
    _write(Path(path), tomli_w.dumps(data).encode())
    return data


def load(path: str | Path | None = None, overrides: dict[str, dict[str, Any]] | None = None,
         follow_links: bool = True) -> dict[str, Any]:
    """Defaults, then the file at `path` (`read_file`), then `overrides` (from the command line)."""
    settings = copy.deepcopy(DEFAULTS)
    if path is not None:
        if not Path(path).exists():
            raise SettingsError(f"the settings file {path} does not exist")
        for section, values in read_file(path, follow_links).items():
            settings[section].update(values)
    for section, values in (overrides or {}).items():
        settings[section].update({k: v for k, v in values.items() if v is not None})
    check(settings, "settings")
    check_pins(settings)
    return settings
