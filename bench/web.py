"""Web panel figures: table-state latency with 20 phones polling, and the companion's memory.

A real `companion run --sim` process on loopback (waitress, 4 worker threads);
a paired client; 20 client threads each poll /api/state back to back (no
ETag: a full answer every time, the worst case) while another plays the game
(an input every 100 ms). Latency is measured per request at the client, which
shares this process's GIL with the other 19, so it is an upper bound. RSS is
the companion process's resident memory after the run.
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
from pathlib import Path

CLIENTS = 20
SECONDS = 5.0
ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(port: int, data: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--sim", "--port", str(port), "--data-dir", data],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    for line in proc.stderr:
        match = re.search(r"/pair\?code=(\d{6})", line)
        if match:
            threading.Thread(target=lambda: [None for _ in proc.stderr], daemon=True).start()  # keep the pipe drained
            return proc, match.group(1)
        if time.monotonic() > deadline:
            break
    proc.kill()
    raise RuntimeError("the companion did not start")


def _call(conn: http.client.HTTPConnection, method: str, path: str, headers: dict, body: dict | None = None):
    conn.request(method, path, body=json.dumps(body) if body is not None else None,
                 headers={"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    return response.status, response.read(), response


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data:
        port = _free_port()
        proc, code = _start(port, data)
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            status, body, response = _call(conn, "POST", "/api/pair", {}, {"code": code, "name": "bench"})
            assert status == 200, body
            auth = {"Cookie": response.getheader("Set-Cookie").split(";")[0], "X-CSRF-Token": json.loads(body)["csrf"]}
            setup = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")]}
            assert _call(conn, "POST", "/api/input", auth, {"type": "new_game", "game": "free_play", "setup": setup})[0] == 200
            stop = threading.Event()
            times: list[float] = []
            errors = [0]

            def phone() -> None:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                mine = []
                while not stop.is_set():
                    start = time.perf_counter()
                    status, _, _ = _call(c, "GET", "/api/state", {"Cookie": auth["Cookie"]})
                    mine.append((time.perf_counter() - start) * 1000)
                    if status != 200:
                        errors[0] += 1
                times.extend(mine)

            def player() -> None:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                moves = ({"type": "advance"}, {"type": "roll", "spec": "2d6"}, {"type": "counter", "name": "score", "delta": 1, "seat": 0})
                i = 0
                while not stop.wait(0.1):
                    _call(c, "POST", "/api/input", auth, moves[i % len(moves)])
                    i += 1

            threads = [threading.Thread(target=phone) for _ in range(CLIENTS)] + [threading.Thread(target=player)]
            for t in threads:
                t.start()
            time.sleep(SECONDS)
            stop.set()
            for t in threads:
                t.join(10)
            rss_kb = int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{proc.pid}/status").read_text()).group(1))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(20)
    times.sort()
    return {
        "web.state_p50_ms_20_clients": round(statistics.median(times), 2),
        "web.state_p99_ms_20_clients": round(times[int(len(times) * 0.99) - 1], 2),
        "web.state_requests_per_s": round(len(times) / SECONDS),
        "web.state_errors": float(errors[0]),
        "web.rss_mb": round(rss_kb / 1024, 1),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
