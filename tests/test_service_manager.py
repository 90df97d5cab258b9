"""systemd's notify protocol and the watchdog, over a real unix datagram socket as systemd listens on."""

import os
import signal
import socket
import subprocess
import sys
import threading

import pytest

from companion.service_manager import Watchdog, notify, owner_answers, watchdog_interval
from test_cli_run import ROOT, free_port


@pytest.fixture
def systemd_socket(tmp_path):
    """The socket systemd would give as $NOTIFY_SOCKET; yields (address, receive)."""
    path = str(tmp_path / "notify")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)

    def receive(timeout=10.0):
        s.settimeout(timeout)
        try:
            return s.recv(4096).decode()
        except TimeoutError:
            return None

    yield path, receive
    s.close()


def test_notify_sends_one_datagram_to_the_socket_systemd_names(systemd_socket):
    path, receive = systemd_socket
    assert notify("READY=1\nSTATUS=serving", {"NOTIFY_SOCKET": path})
    assert receive() == "READY=1\nSTATUS=serving"


def test_notify_reaches_an_abstract_socket():
    name = f"companion-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.bind("\0" + name)
        s.settimeout(10)
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + name})
        assert s.recv(100) == b"WATCHDOG=1"


def test_without_systemd_notify_does_nothing(tmp_path):
    assert notify("READY=1", {}) is False
    assert notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone")}) is False  # logged, never raised


def test_the_watchdog_interval_is_half_of_watchdog_sec_and_only_for_this_process():
    assert watchdog_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}) == 15.0
    assert watchdog_interval({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid() + 1)}) is None
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "soon"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None


def _drain(receive, quiet_for):
    """Take every ping already sent; return how many, once `quiet_for` seconds pass without one."""
    n = 0
    while receive(quiet_for) is not None:
        n += 1
    return n


def test_the_watchdog_is_pinged_only_while_the_game_owner_thread_answers(make_runtime, systemd_socket):
    path, receive = systemd_socket
    runtime = make_runtime()
    dog = Watchdog(0.05, owner_answers(runtime), send=lambda m: notify(m, {"NOTIFY_SOCKET": path}))
    dog.start()
    try:
        assert receive() == "WATCHDOG=1"
        assert receive() == "WATCHDOG=1"

        # The owner thread is stuck in a long call: no pings, however well the rest runs.
        stuck, release = threading.Event(), threading.Event()
        threading.Thread(target=runtime.call, args=(lambda: (stuck.set(), release.wait(30)),), kwargs={"timeout": 60},
                         daemon=True).start()
        assert stuck.wait(10)
        _drain(receive, 0.3)  # a ping that was on its way before it got stuck
        assert receive(0.5) is None and dog.missed >= 1

        # Unstuck, the pings come back.
        release.set()
        assert receive() == "WATCHDOG=1" and dog.missed == 0

        # Long work the owner thread declared (a restore): alive, so the pings go on meanwhile.
        busy, done = threading.Event(), threading.Event()
        threading.Thread(target=runtime.call_long, args=(lambda: (busy.set(), done.wait(30)), 60), daemon=True).start()
        assert busy.wait(10)
        misses = dog.missed
        for _ in range(5):  # several checks come and go while it works
            assert receive() == "WATCHDOG=1"
        assert dog.missed == misses == 0
        done.set()

        # The owner thread has ended: the pings stop for good, and systemd restarts the companion.
        runtime.stop()
        assert not runtime.is_owner_alive()
        _drain(receive, 0.3)
        assert receive(0.5) is None and dog.missed >= 1
    finally:
        dog.stop()


def test_companion_run_tells_systemd_it_is_ready_pings_the_watchdog_and_says_when_it_stops(tmp_path, systemd_socket):
    path, receive = systemd_socket
    env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="200000")  # WatchdogSec=0.2s: a ping each 0.1 s
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--sim", "--port", str(free_port()),
                             "--data-dir", str(tmp_path)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        ready = receive(60)
        assert ready is not None and ready.startswith("READY=1\n") and "STATUS=serving the table" in ready
        assert receive() == "WATCHDOG=1"
        assert receive() == "WATCHDOG=1"
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    rest = []
    while (m := receive(1)) is not None:
        rest.append(m)
    assert "STOPPING=1" in rest



def test_starts_after_failed_ones_back_off_and_a_good_start_ends_it(tmp_path, systemd_socket):
    """systemd gave up after five failures in five minutes (StartLimitBurst=5), so a box whose companion
    crashed a few times at a bad moment stayed down. Now it keeps trying, each start after a failed one waiting
    longer (5, 10, 20 s... at most 5 minutes), and telling systemd so; a start that serves a minute, or
    stops cleanly, ends the back-off."""
    from companion.service_manager import BACK_OFF_MOST_S, back_off, started_well

    path, receive = systemd_socket
    env = {"NOTIFY_SOCKET": path}
    waited = []
    assert back_off(tmp_path, env, waited.append) == 0.0 and receive(0.2) is None  # the first start: no wait
    said = []
    for _ in range(12):
        back_off(tmp_path, env, waited.append)
        said.append(receive())  # as systemd reads them (its socket holds only a few)
    assert waited[:3] == [5.0, 10.0, 20.0] and waited[-1] == BACK_OFF_MOST_S
    assert said[0].startswith("EXTEND_TIMEOUT_USEC=125000000\nSTATUS=waiting 5 s: the last 1 starts failed"), said[0]
    started_well(tmp_path)
    assert back_off(tmp_path, env, waited.append) == 0.0
    assert back_off(tmp_path, {}, waited.append) == 0.0  # not under systemd (make run): no waiting, nothing noted


def test_a_clean_stop_leaves_no_failed_start_behind(tmp_path, systemd_socket):
    path, receive = systemd_socket
    env = dict(os.environ, NOTIFY_SOCKET=path)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--sim", "--port", str(free_port()),
                             "--data-dir", str(tmp_path)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        ready = receive(60)
        assert ready is not None and ready.startswith("READY=1")
        assert (tmp_path / "failed-starts").read_text() == "1"  # under way: it counts until it has run well
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    assert not (tmp_path / "failed-starts").exists()
