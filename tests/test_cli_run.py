"""`companion run` as a user starts it: a real process, a real port, a real journal."""

import http.client
import json
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path


from companion.screens import PairingScreen, render
from phone import Phone

ROOT = Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(*args):
    return subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_line(proc, text, timeout=30):
    """Read stderr until a line holds `text` (on a thread, so the wait is bounded); return that line."""
    found = threading.Event()
    lines = []

    def read():
        for line in proc.stderr:
            lines.append(line)
            if text in line:
                found.set()
                return

    threading.Thread(target=read, daemon=True).start()
    assert found.wait(timeout), "".join(lines)
    return lines[-1]


def pairing_code(proc):
    """The code in the pairing address `companion run --sim` prints, as Jupyter prints its token."""
    line = wait_for_line(proc, "/pair?code=")
    return line.strip().rsplit("=", 1)[1]


def get(port, path):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)
    r = conn.getresponse()
    return r.status, r.read()


def test_run_serves_the_table_and_stops_cleanly_on_sigterm(tmp_path):
    port = free_port()
    proc = start("run", "--sim", "--port", str(port), "--data-dir", str(tmp_path))
    try:
        code = pairing_code(proc)
        assert get(port, "/api/state")[0] == 401  # nothing for a stranger
        phone = Phone(port).pair(code)
        status, body = phone.get("/api/state")
        assert status == 200 and body["game"] is None
        status, html, _ = phone.raw("GET", "/")
        assert status == 200 and b"Table companion" in html
        assert (tmp_path / "journal.sqlite3").exists()
        # The simulated OLED shows the pairing screen (no game is open), as the table thread drew it;
        # the code has changed since this phone used it.
        import io

        from PIL import Image

        status, body, _ = phone.raw("GET", "/api/sim/frame.png")
        shown = Image.open(io.BytesIO(body)).point(lambda v: 255 if v else 0).convert("1")
        assert status == 200
        pairing = PairingScreen(*_screen_code_and_url(shown))
        assert pairing.code != code and pairing.url.endswith(f":{port}/pair?code={pairing.code}")
        assert shown.tobytes() == render(pairing).tobytes()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


def _screen_code_and_url(image):
    """Read the QR code on the pairing screen back (the code is in its address)."""
    import zxingcpp

    url = zxingcpp.read_barcodes(image.convert("L").resize((512, 256)))[0].text
    return url.rsplit("=", 1)[1], url


def test_a_bad_settings_key_stops_start_up_naming_it(tmp_path):
    config = tmp_path / "c.toml"
    config.write_text("[web]\nprot = 80\n")
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--sim", "--config", str(config), "--data-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().endswith("unknown key web.prot") and "Traceback" not in done.stderr


def test_a_damaged_journal_stops_start_up_naming_the_file(tmp_path):
    (tmp_path / "journal.sqlite3").write_bytes(b"garbage" * 1000)
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--sim", "--data-dir", str(tmp_path), "--port", str(free_port())],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and str(tmp_path / "journal.sqlite3") in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "journal.sqlite3").read_bytes() == b"garbage" * 1000


def test_sigterm_stops_it_even_while_phones_are_polling(tmp_path):
    import http.client

    port = free_port()
    proc = start("run", "--sim", "--port", str(port), "--data-dir", str(tmp_path))
    stop = threading.Event()
    try:
        phone = Phone(port).pair(pairing_code(proc))
        threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()  # keep its log flowing

        def poll():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            while not stop.is_set():
                try:
                    conn.request("GET", "/api/state", headers={"Cookie": phone.cookie})
                    conn.getresponse().read()
                except (OSError, http.client.HTTPException):
                    return  # the companion has gone, as it should

        pollers = [threading.Thread(target=poll, daemon=True) for _ in range(20)]
        for t in pollers:
            t.start()
        assert phone.get("/api/state")[0] == 200  # serving while they poll
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            assert proc.wait(20) == 0
        finally:
            stop.set()
            proc.kill()


def test_sigterm_lets_the_pages_held_requests_go_before_the_server_stops(make_runtime):
    """Every open page holds a request until the table changes. SIGTERM lets them go first: before, waitress waited
    5 s for their workers at each stop ("1 thread(s) still running") and they then woke a loop already closed
    (EBADF in the log). (`companion run --sim` with a page open, stopped by SIGTERM: 5.6 s and those two lines
    before, 0.4 s and neither after.)"""
    import pytest

    from companion.app import _terminate
    from web_panel import push

    runtime = make_runtime()
    changes = push.Changes(runtime)
    version = runtime.view()["version"]
    answers = []
    held = threading.Thread(target=lambda: answers.append(changes.wait(lambda: runtime.view()["version"] == version,
                                                                       push.HOLD)))
    before = signal.getsignal(signal.SIGTERM)
    held.start()
    try:
        while not changes._held:
            threading.Event().wait(0.01)
        with pytest.raises(SystemExit) as stop:
            _terminate(changes)
        assert stop.value.code == 0 and signal.getsignal(signal.SIGTERM) == signal.SIG_IGN  # once
        assert changes._held == 0  # let go before the server's loop is left
    finally:
        signal.signal(signal.SIGTERM, before)
    held.join(push.HOLD)
    assert answers == [False]


def test_the_splash_screen_is_the_first_frame_and_the_table_draws_over_it(make_runtime):
    """`companion run` shows it before importing the games, the journal and the panel (start-up on a Pi Zero)."""
    from companion import __version__
    from companion import settings as settings_mod
    from companion.app import _splash, _start_table
    from companion.screens import SplashScreen

    settings = settings_mod.load(None)
    display, panel = _splash(settings["display"], simulated=True)
    splash = render(SplashScreen("Companion", f"starting {__version__}"))
    assert panel.image().convert("1").tobytes() == splash.convert("1").tobytes()
    table, buttons, _ = _start_table(settings, make_runtime(), True, None, (display, panel))
    try:
        assert table.display is display and panel.image().convert("1").tobytes() != splash.convert("1").tobytes()
    finally:
        buttons.close()
        table.stop()


def test_settings_that_fail_at_start_fall_back_to_the_last_ones_that_started(tmp_path):
    """A phone saved web.host = 10.99.99.99 (or the file was edited by hand): the next start used to
    exit 2, and systemd gave up. It starts with the last settings that worked, says so in the log and
    on every page of the panel, and keeps the failed file beside them."""
    port = free_port()
    config = tmp_path / "settings.toml"
    good = f'[web]\nhost = "127.0.0.1"\nport = {port}\n'
    config.write_text(good)
    proc = start("run", "--sim", "--data-dir", str(tmp_path))
    try:
        phone = Phone(port).pair(pairing_code(proc))
        assert not (tmp_path / "settings.toml.last-good").exists()  # listening is not enough...
        assert phone.get("/api/state")[0] == 200
        assert (tmp_path / "settings.toml.last-good").read_text() == good  # ...a paired phone reached it
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0

    for bad in (f'[web]\nhost = "10.99.99.99"\nport = {port}\n', "[web]\nprot = 80\n"):
        config.write_text(bad)
        proc = start("run", "--sim", "--data-dir", str(tmp_path))
        try:
            code = pairing_code(proc)
            phone = Phone(port).pair(code)
            status, body = phone.get("/api/settings")
            assert status == 200 and "the saved settings could not be used" in body["problem"], body
            assert "settings.toml.failed" in body["problem"]
            html = phone.raw("GET", "/scores")[1].decode()
            assert '<div class="notice" role="status">The saved settings could not be used' in html
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(20) == 0
        assert config.read_text() == good and (tmp_path / "settings.toml.failed").read_text() == bad


def test_settings_that_fail_with_nothing_to_fall_back_to_stop_start_up_naming_why(tmp_path):
    (tmp_path / "settings.toml").write_text('[web]\nhost = "10.99.99.99"\n')
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--sim", "--data-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "could not listen on 10.99.99.99:8080" in done.stderr and "Traceback" not in done.stderr


def test_real_parts_missing_never_stop_the_table(tmp_path):
    """`companion run --hardware real` on a machine with no OLED, no GPIO chip and no reader (this one): the
    panel serves, /api/health names each missing part and its fix (to an unpaired phone too), the pairing
    address is in the log and from `companion pair`, and every page's header says what is missing."""
    port = free_port()
    proc = start("run", "--hardware", "real", "--port", str(port), "--data-dir", str(tmp_path),
                 "--reader", str(tmp_path / "no-reader"))
    try:
        code = pairing_code(proc)  # printed to the log: no OLED shows it
        status, body = get(port, "/api/health")
        parts = json.loads(body)["parts"]
        assert status == 200 and set(parts) == {"display", "buttons", "reader", "journal"}
        assert not parts["display"]["ok"] and "no SSD1306 OLED answers on I2C bus 1 at address 0x3C" in parts["display"]["problem"]
        assert "raspi-config nonint do_i2c 0" in parts["display"]["fix"]
        assert not parts["buttons"]["ok"] and "cannot use GPIO" in parts["buttons"]["problem"]
        assert "sudo adduser companion gpio" in parts["buttons"]["fix"]
        assert not parts["reader"]["ok"] and parts["reader"]["problem"] == f"no reader answers on {tmp_path / 'no-reader'}"
        assert parts["journal"] == {"ok": True, "problem": "", "fix": ""}

        shown = subprocess.run([sys.executable, "-m", "companion", "pair", "--data-dir", str(tmp_path)], cwd=ROOT,
                               capture_output=True, text=True, timeout=60)
        assert shown.returncode == 0 and f":{port}/pair?code={code}" in shown.stdout
        assert oct((tmp_path / "pairing-address").stat().st_mode & 0o777) == "0o600"  # it holds the code
        status, page = get(port, "/pair")
        assert status == 200 and b"The box's display does not answer" in page and b"companion pair" in page

        phone = Phone(port).pair(code)
        html = phone.raw("GET", "/")[1].decode()
        assert '<div class="notice" role="status">No SSD1306 OLED answers on I2C bus 1' in html
        assert "<summary>How to fix it</summary>Check the wiring and that <code>i2cdetect -y 1</code>" in html
        assert '<div class="notice" role="status">The buttons (back GPIO 27' in html
        assert f'<div class="notice" role="status">No reader answers on {tmp_path / "no-reader"}.' in html
        phone.input({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
        assert phone.get("/api/state")[1]["game"] == "free_play"  # the table plays on
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


def test_companion_pair_says_where_to_look_when_no_companion_runs(tmp_path):
    shown = subprocess.run([sys.executable, "-m", "companion", "pair", "--data-dir", str(tmp_path)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert shown.returncode == 1 and "is the companion running there?" in shown.stderr


def test_a_card_nearly_full_is_a_journal_problem_with_its_fix(tmp_path, monkeypatch):
    import shutil
    from collections import namedtuple

    from companion.app import _health
    from companion.health import PartState

    class Present:
        def state(self):
            return PartState(True)

    journal = tmp_path / "journal.sqlite3"
    assert _health(Present(), Present(), None, journal)["journal"]["ok"]
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(8 * 2**30, 8 * 2**30 - 20 * 2**20, 20 * 2**20))
    card = _health(Present(), Present(), None, journal)["journal"]
    assert card == {"ok": False, "problem": "the card is nearly full (20 MB free)",
                    "fix": f"remove old journal.sqlite3.before-restore-* files from {tmp_path}, or use a larger card"}
