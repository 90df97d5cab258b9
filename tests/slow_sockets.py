"""Strangers' slow sockets on 127.0.0.0/8, as the attack on the panel held them (issue 56).

Each stranger's socket is a request begun and never finished: a header line every TRICKLE_S seconds, and
a new socket opened as soon as the panel closes one. Every loop here is bounded: the sockets' number,
and the rounds the attack keeps them up for.
"""

from __future__ import annotations

import http.client
import json
import select
import socket
import threading
import time
from contextlib import contextmanager

TRICKLE_S = 2.0  # a header line this often: well within waitress's 30 s of silence


def open_slow(port: int, source: str) -> socket.socket | None:
    """One slow request from `source`; None when the panel does not take the connection in."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0))
        s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        return s
    except OSError:
        return None


@contextmanager
def strangers(port: int, count: int = 110, addresses: int = 10, rounds: int = 600):
    """`count` slow sockets from `addresses` addresses (127.0.0.2 and on), kept up (reopened when closed) for
    at most `rounds` rounds of 0.1 s while the block runs; yields the list of sockets."""
    sources = [f"127.0.0.{2 + k % addresses}" for k in range(count)]
    slow: list[socket.socket | None] = [open_slow(port, source) for source in sources]
    stop = threading.Event()

    def keep_up() -> None:
        line, next_line = 0, time.monotonic() + TRICKLE_S
        for _ in range(rounds):
            if stop.wait(0.1):
                return
            live = [s for s in slow if s is not None]
            ended = set(select.select(live, [], [], 0)[0]) if live else set()
            trickle = time.monotonic() >= next_line
            if trickle:
                line, next_line = line + 1, time.monotonic() + TRICKLE_S
            for k, s in enumerate(slow):
                if s is not None and s not in ended and trickle:
                    try:
                        s.sendall(f"X-Slow-{line}: 1\r\n".encode())
                        continue
                    except OSError:
                        pass
                if s is None or s in ended:
                    if s is not None:
                        s.close()
                    slow[k] = open_slow(port, sources[k])  # closed by the panel: the stranger opens another

    keeper = threading.Thread(target=keep_up, daemon=True)
    keeper.start()
    try:
        yield slow
    finally:
        stop.set()
        keeper.join(5)
        for s in slow:
            if s is not None:
                s.close()


def timed_request(port: int, path: str, cookie: str = "", source: str = "127.0.0.1", body: dict | None = None,
                  timeout: float = 10.0) -> tuple[int, float]:
    """A request on a new connection from `source`, as a phone's browser opens one (a GET, or a POST of `body`):
    (its status, or 0 when it failed; how long it took in ms)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    headers = {"Cookie": cookie} if cookie else {}
    try:
        if body is None:
            conn.request("GET", path, headers=headers)
        else:
            conn.request("POST", path, body=json.dumps(body).encode(), headers={**headers, "Content-Type": "application/json"})
        status = conn.getresponse().status
    except OSError:
        status = 0
    finally:
        conn.close()
    return status, (time.perf_counter() - start) * 1000
