"""Web panel figures: table-state latency with 20 phones polling.

A real `companion run --sim` process on loopback (waitress, 4 worker threads);
a paired client; 20 client threads each poll /api/state back to back (no
ETag: a full answer every time, the worst case) while another plays the game
(an input every 100 ms). Latency is measured per request at the client, which
shares this process's GIL with the other 19, so it is an upper bound. The
companion's memory is measured after a whole game in `bench.appliance`.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

CLIENTS = 20
SECONDS = 5.0
ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Companion:
    """One `companion run --sim` process on a free port. Its log is read as it comes: `code` (the pairing
    code, once it serves), `ready_ms` and `first_frame_ms` (from the start of the process to serving, and
    to its splash frame on the display) and every line in `log`."""

    def __init__(self, data: str, extra: tuple[str, ...] = ()):
        self.port = _free_port()
        self.began = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--sim", "--port", str(self.port), "--data-dir", data, *extra],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.code: str | None = None
        self.ready_ms: float | None = None
        self.first_frame_ms: float | None = None
        self.log: list[str] = []
        self.settled = threading.Event()  # serving, or gone before it did
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.log.append(line)
            ms = (time.perf_counter() - self.began) * 1000
            if self.first_frame_ms is None and "splash on the display" in line:
                self.first_frame_ms = ms
            match = re.search(r"/pair\?code=(\d{6})", line)
            if match and self.code is None:
                self.code, self.ready_ms = match.group(1), ms
                self.settled.set()
        self.settled.set()

    def wait_serving(self, timeout: float = 60) -> bool:
        return self.settled.wait(timeout) and self.code is not None

    def kill(self) -> bool:
        """SIGKILL; True when that is what it died of (not of a crash of its own before)."""
        self.proc.send_signal(signal.SIGKILL)
        return self.proc.wait(20) == -signal.SIGKILL

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(20)


@contextmanager
def start_companion(data: str, extra: tuple[str, ...] = ()):
    """A Companion that serves, stopped with SIGTERM afterwards."""
    companion = Companion(data, extra)
    try:
        if not companion.wait_serving():
            raise RuntimeError("the companion did not start:\n" + "".join(companion.log[-20:]))
        yield companion
    finally:
        companion.stop()


class Client:
    """A phone on the panel's API: its session cookie and CSRF token, one connection."""

    def __init__(self, port: int, cookie: str, csrf: str = ""):
        self.cookie, self.csrf = cookie, csrf
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    @classmethod
    def paired(cls, port: int, code: str) -> "Client":
        client = cls(port, "")
        status, body, response = client.call("POST", "/api/pair", {"code": code, "name": "bench"})
        assert status == 200, body
        client.cookie = response.getheader("Set-Cookie").split(";")[0]
        client.csrf = json.loads(body)["csrf"]
        return client

    def call(self, method: str, path: str, body: dict | None = None):
        headers = {"Content-Type": "application/json", "Cookie": self.cookie, "X-CSRF-Token": self.csrf}
        self.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.conn.getresponse()
        return response.status, response.read(), response

    def input(self, action: dict) -> dict:
        status, body, _ = self.call("POST", "/api/input", action)
        if status != 200:
            raise RuntimeError(f"{action} refused: {body!r}")
        return json.loads(body)

    def state(self) -> dict:
        status, body, _ = self.call("GET", "/api/state")
        if status != 200:
            raise RuntimeError(f"state: {status}")
        return json.loads(body)


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data, start_companion(data) as companion:
        client = Client.paired(companion.port, companion.code)
        setup = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")]}
        client.input({"type": "new_game", "game": "free_play", "setup": setup})
        stop = threading.Event()
        times: list[float] = []
        errors = [0]

        def phone() -> None:
            mine = Client(companion.port, client.cookie)
            took = []
            while not stop.is_set():
                start = time.perf_counter()
                status, _, _ = mine.call("GET", "/api/state")
                took.append((time.perf_counter() - start) * 1000)
                if status != 200:
                    errors[0] += 1
            times.extend(took)

        def player() -> None:
            mine = Client(companion.port, client.cookie, client.csrf)
            moves = ({"type": "advance"}, {"type": "roll", "spec": "2d6"}, {"type": "counter", "name": "score", "delta": 1, "seat": 0})
            i = 0
            while not stop.wait(0.1):
                mine.input(moves[i % len(moves)])
                i += 1

        threads = [threading.Thread(target=phone) for _ in range(CLIENTS)] + [threading.Thread(target=player)]
        for t in threads:
            t.start()
        time.sleep(SECONDS)
        stop.set()
        for t in threads:
            t.join(10)
    times.sort()
    return {
        "web.state_p50_ms_20_clients": round(statistics.median(times), 2),
        "web.state_p99_ms_20_clients": round(times[int(len(times) * 0.99) - 1], 2),
        "web.state_requests_per_s": round(len(times) / SECONDS),
        "web.state_errors": float(errors[0]),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
