"""A simulated reader on a pseudo-terminal, for `make run` and the tests.

It runs the reference firmware's own protocol code (firmware/protocol.py) on
the master side of a pty; the companion opens the other side as it would a
USB serial device, so the whole serial path runs: termios, framing, CRCs,
resends, ACKs. `tap(uid)` is a card laid on the reader, `roll(sides, n)` a
throw of physical dice; `unplug()` and `plug()` pull and reinsert the cable
(behind a stable symlink, as /dev/serial/by-id/ gives a real reader).
"""

from __future__ import annotations

import os
import random
import secrets
import select
import threading
import time
import tty
from pathlib import Path

from firmware_bridge.firmware.protocol import ReaderLink

TICK = 0.1  # seconds between the firmware's ticks


class SimulatedReader:
    def __init__(self, link_path: str | Path | None = None, fw: str = "simulator/1.0"):
        self.link_path = Path(link_path) if link_path is not None else None
        self.fw = fw
        self._lock = threading.Condition()  # also notified when the companion's frames arrive
        self._master = self._slave = -1
        self.link: ReaderLink | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.plug()

    @property
    def path(self) -> str:
        """What the companion opens: the symlink when there is one, else the pty itself."""
        return str(self.link_path) if self.link_path is not None else self._tty

    # --- the cable ---------------------------------------------------------------------------------

    def plug(self) -> None:
        """Power up: a new pty (and a new BOOT, as a real reader restarts on replug)."""
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: a serial line carries bytes as they are
        os.set_blocking(master, False)
        self._tty = os.ttyname(slave)
        with self._lock:
            self._master, self._slave = master, slave
            self.link = ReaderLink(self._write, boot=secrets.token_hex(4).upper(), fw=self.fw)
        if self.link_path is not None:
            tmp = self.link_path.with_name(self.link_path.name + ".new")
            tmp.unlink(missing_ok=True)
            tmp.symlink_to(self._tty)
            tmp.replace(self.link_path)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="reader-sim", daemon=True)
        self._thread.start()

    def unplug(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        with self._lock:
            for fd in (self._master, self._slave):
                if fd >= 0:
                    os.close(fd)
            self._master = self._slave = -1
        if self.link_path is not None:
            self.link_path.unlink(missing_ok=True)

    close = unplug

    # --- what happens on the reader ------------------------------------------------------------------

    def tap(self, uid: str) -> int:
        with self._lock:
            return self.link.tag(uid)

    def roll(self, sides: int = 6, count: int = 2, values: list[int] | None = None) -> int:
        values = values or [random.randint(1, sides) for _ in range(count)]
        with self._lock:
            return self.link.dice(sides, values)

    @property
    def pending(self) -> int:
        """Events sent and not yet acknowledged."""
        return len(self.link.pending) if self.link else 0

    def wait_acknowledged(self, timeout: float = 5.0) -> bool:
        """Block until every event sent so far is acknowledged (for tests and benchmarks)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self.link.pending, timeout)

    # --- the firmware's loop ---------------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        try:
            os.write(self._master, data)
        except (BlockingIOError, OSError):
            pass  # nobody is reading (the companion is reconnecting): a UART would drop it too

    def _run(self) -> None:
        master = self._master
        while not self._stop.is_set():
            ready, _, _ = select.select([master], [], [], TICK)
            with self._lock:
                if ready:
                    try:
                        self.link.feed(os.read(master, 4096))
                    except OSError:
                        pass  # the other side is not open yet (or closed): nothing to read
                    self._lock.notify_all()
                self.link.tick(int(time.monotonic() * 1000))
