"""Telling systemd how the companion is: ready, stopping, and alive (the watchdog).

The unit (systemd/companion.service) is `Type=notify` with `WatchdogSec=`: systemd
waits for READY=1 before it counts the companion as started, and kills and
restarts it when WATCHDOG=1 stops coming. The watchdog is pinged only after a
round trip through the thread that owns the game, so a dead or stuck owner
thread (the one thing the table cannot work without) gets the process
restarted, while a busy web server or reader does not hide it.

Restarts back off: a start that follows failed ones waits first (`back_off`), as
systemd 254's RestartSteps= would, which Bookworm's systemd 252 lacks.

The protocol is one datagram to the socket named in $NOTIFY_SOCKET (sd_notify(3));
it is written here rather than taken from python-systemd, which needs libsystemd's
headers to build on the Pi for a dozen lines of socket code. Outside systemd
(`make run`) $NOTIFY_SOCKET is unset and every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)


def notify(message: str, env: dict[str, str] | None = None) -> bool:
    """Send `message` (such as "READY=1") to systemd; False when not run by systemd or it failed."""
    address = (os.environ if env is None else env).get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as s:
            s.sendto(message.encode(), address)
        return True
    except OSError as e:
        log.warning("cannot tell systemd %r: %s", message, e)
        return False


FAILED_STARTS = "failed-starts"  # in the data directory: how many starts in a row have not run HEALTHY_S
HEALTHY_S = 60.0  # a start that serves this long is a good one
BACK_OFF_MOST_S = 300


def back_off(data_dir: Path, env: dict[str, str] | None = None, sleep: Callable[[float], None] = time.sleep) -> float:
    """Under systemd, before a start: wait when the last starts failed, 5 s after one, then 10, 20... up to 5
    minutes, so a companion that cannot start keeps trying without churning the card (systemd 252, Bookworm's,
    has no RestartSteps= to do it). A start counts as failed until `started_well`. Returns the wait."""
    if not (os.environ if env is None else env).get("NOTIFY_SOCKET"):
        return 0.0  # `make run`: no waiting for a developer
    marker = data_dir / FAILED_STARTS
    try:
        failed = int(marker.read_text())
    except (OSError, ValueError):
        failed = 0
    try:
        marker.write_text(str(failed + 1))
    except OSError as e:  # a full card: start anyway
        log.warning("cannot count this start in %s: %s", marker, e)
    wait = 0.0 if failed == 0 else float(min(5 * 2 ** (failed - 1), BACK_OFF_MOST_S))
    if wait:
        log.warning("the last %d starts failed: waiting %d s before this one", failed, wait)
        notify(f"EXTEND_TIMEOUT_USEC={int((wait + 120) * 1_000_000)}\nSTATUS=waiting {wait:.0f} s: the last "
               f"{failed} starts failed (journalctl -u companion says why)", env)
        sleep(wait)
    return wait


def started_well(data_dir: Path) -> None:
    """The companion has served HEALTHY_S, or stopped cleanly: the next start waits for nothing."""
    (data_dir / FAILED_STARTS).unlink(missing_ok=True)


def watchdog_interval(env: dict[str, str] | None = None) -> float | None:
    """Seconds between pings (half of WatchdogSec=, as sd_watchdog_enabled(3) advises), or None."""
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None  # not for this process (a child of the companion inherited the variables)
    return usec / 2_000_000


class Watchdog:
    """Pings systemd's watchdog every `interval` seconds while `alive(timeout)` says yes."""

    def __init__(self, interval: float, alive: Callable[[float], bool], send: Callable[[str], bool] = notify):
        self.interval = interval
        self.alive = alive
        self.send = send
        self.missed = 0  # checks in a row that found the owner thread gone or stuck
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(self.interval + 1)

    def _run(self) -> None:
        # A check waits at most half an interval, so pings are never more than 1.5 intervals
        # (three quarters of WatchdogSec=) apart while the owner thread answers.
        while not self._stop.is_set():
            began = time.monotonic()
            if self.alive(self.interval / 2):
                self.missed = 0
                self.send("WATCHDOG=1")
            else:
                self.missed += 1
                if self.missed == 1:
                    log.error("the game's owner thread did not answer: systemd's watchdog will restart the companion")
            self._stop.wait(max(0.0, self.interval - (time.monotonic() - began)))


def owner_answers(runtime: object) -> Callable[[float], bool]:
    """`alive` for the Watchdog: the runtime's owner thread runs a no-op within the timeout, or is
    busy with work it declared long (a restore of a big journal on a slow card)."""
    def alive(timeout: float) -> bool:
        if not runtime.is_owner_alive():
            return False
        try:
            runtime.call(lambda: None, timeout=timeout)
        except Exception:  # a timeout: the call was cancelled and never runs
            return runtime.in_long_work()
        return True
    return alive
