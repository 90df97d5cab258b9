"""Settings: a TOML file (pins, display, reader, web, data), checked before use.

Every key is known: an unknown key or a bad value stops start-up with a message
that names it. Command-line options override the file.
"""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import fastjsonschema

from companion.errors import SettingsError

_PIN = {"type": "integer", "minimum": 2, "maximum": 27}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "web": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "host": {"type": "string", "minLength": 1},
                "port": {"type": "integer", "minimum": 1, "maximum": 65535},
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
                "rotate": {"enum": [0, 1, 2, 3]},
                "contrast": {"type": "integer", "minimum": 0, "maximum": 255},
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

DEFAULTS: dict[str, Any] = {
    "web": {"host": "127.0.0.1", "port": 8080},
    "data": {"dir": "data"},
    "buttons": {"next": 17, "back": 27, "action": 22, "select": 23, "long_press_ms": 800, "debounce_ms": 30},
    "display": {"driver": "ssd1306", "interface": "i2c", "i2c_port": 1, "i2c_address": 0x3C, "rotate": 0, "contrast": 200},
    "reader": {"port": "", "baudrate": 115200},
}

_validate = fastjsonschema.compile(SCHEMA)


_UNKNOWN = re.compile(r"^(?:data\.?)(\S*) ?must not contain \{(.*)\} properties$")


def _where(message: str) -> str:
    """fastjsonschema says 'data.web.port must be ...': name the key as in the file."""
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


def load(path: str | Path | None = None, overrides: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Defaults, then the file at `path`, then `overrides` (from the command line)."""
    settings = copy.deepcopy(DEFAULTS)
    if path is not None:
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except FileNotFoundError:
            raise SettingsError(f"the settings file {path} does not exist") from None
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise SettingsError(f"the settings file {path} cannot be read: {e}") from None
        check(data, str(path))
        for section, values in data.items():
            settings[section].update(values)
    for section, values in (overrides or {}).items():
        settings[section].update({k: v for k, v in values.items() if v is not None})
    check(settings, "settings")
    return settings
