"""Load the Pico firmware's flat modules (protocol, mfrc522, main) on CPython under unique names."""

import importlib.util
import sys
from pathlib import Path

FIRMWARE = Path(__file__).parents[2] / "firmware_bridge" / "firmware"


def load(name, filename, deps=()):
    """A firmware file as a module under a unique name; `deps` stand in for its flat imports."""
    spec = importlib.util.spec_from_file_location(name, FIRMWARE / filename)
    module = importlib.util.module_from_spec(spec)
    saved = {key: sys.modules.get(key) for key, _ in deps}
    sys.modules.update(dict(deps))
    try:
        spec.loader.exec_module(module)
    finally:
        for key, old in saved.items():
            if old is None:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = old
    return module
