"""Web panel figures: the table's state and a seat's own view, with 20 phones polling.

A real `companion run --sim` process on loopback (waitress, 4 worker threads)
with a palazzo game (strict: every input is an offered option); a paired phone
holds Ada's seat. 20 phones each poll /api/state and then /api/seat (with Ada's
options), with no ETag (a full answer every time, the worst case), while another
plays the game through the table's options (an input every 100 ms, a new game
when one ends). Twice:

  paced         each phone polls both every 200 ms: five times as often as the
                pages do (once a second), the latency a phone sees (goal: 25 ms)
  back to back  each phone polls again as soon as it has its answer: what the
                panel serves at most, and the latency then

Then strangers on the network (10 addresses, 127.0.0.2 to .11, two of which the
paired phone has used: an address is not a phone) open 110 slow
sockets, 11 each, each a request begun and never finished, a header line sent
every 8 s (waitress's 100-connection limit once took the panel offline this
way), opening a new one as soon as the panel closes one; meanwhile, for 20 s, the
paired phone on its own address (127.0.0.50) asks for the table's state on a
new connection every 50 ms: its p99 (goal: 250 ms), and how many of the
strangers' sockets the panel kept open at the end.

Latency is measured per request at the client, which shares this process's GIL
with the other 19 phones and the player (and this machine's two cores with the
companion), so it is an upper bound. The companion's memory is measured after a
whole game in `bench.appliance`.
"""

from __future__ import annotations

import http.client
import json
import random
import re
import select
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
PACE = 0.2  # seconds between one phone's polls, paced
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
            match = re.search(r"/pair\?code=(\d+)", line)  # the owner's code: a host's client
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

    def __init__(self, port: int, cookie: str, csrf: str = "", address: str | None = None):
        self.cookie, self.csrf = cookie, csrf
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                               source_address=(address, 0) if address else None)

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


PALAZZO = {"game": "palazzo", "setup": {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")], "first": 0,
                                        "deck_modes": {"coins": "mirror", "tiles": "virtual"}}}


def field_value(field: dict, rng: random.Random):
    """A value an offered option's field takes (the table contract's fields: enums, bounded numbers, lists)."""
    if "enum" in field:
        return rng.choice(field["enum"])
    if field["type"] == "integer":
        return rng.randint(field["minimum"], field["maximum"])
    if field["type"] == "boolean":
        return rng.random() < 0.5
    if field["type"] == "array":
        items = field["items"].get("enum") or []
        most = min(field.get("maxItems", 1), len(items))
        least = min(field.get("minItems", 0), most)
        return rng.sample(items, rng.randint(least, most)) if field.get("uniqueItems") else \
            [rng.choice(items) for _ in range(least)] if items else []
    return rng.choice(field.get("examples") or [""])


def play_one(client: "Client", rng: random.Random) -> None:
    """One input through the table's options, as the table page or the buttons would do it."""
    state = client.state()
    if state.get("over"):
        client.input({"type": "new_game", **PALAZZO})
        return
    # The table's plays, and those of the seat this phone holds (its own: no question asked).
    plays = [o for o in state["options"] + [o for h in state.get("held", []) for o in h["options"]] if o["group"] == "Play"]
    buying = [o for o in plays if o["action"].get("action") == "purchase"]
    option = rng.choice(buying if buying and rng.random() < 0.5 else plays)
    action = {**option["action"], **{k: field_value(f, rng) for k, f in option["fields"].items()}}
    client.input(action | ({"confirm": True} if option["confirm"] else {}))


def _measure(port: int, cookie: str, csrf: str, pace: float | None, seconds: float) -> tuple[dict[str, list[float]], int]:
    """Latencies (ms) of each polled address while the game is played, and the polls that did not answer 200."""
    stop = threading.Event()
    times: dict[str, list[float]] = {"/api/state": [], "/api/seat": []}
    errors = [0]

    def phone(offset: float) -> None:
        mine = Client(port, cookie)
        took: dict[str, list[float]] = {path: [] for path in times}
        if pace is not None:
            stop.wait(offset)  # the phones' polls spread over the pace, as phones that opened the page at random
        while not stop.is_set():
            began = time.perf_counter()
            for path in times:
                start = time.perf_counter()
                status, _, _ = mine.call("GET", path)
                took[path].append((time.perf_counter() - start) * 1000)
                if status != 200:
                    errors[0] += 1
            if pace is not None:
                stop.wait(max(0.0, pace - (time.perf_counter() - began)))
        for path in times:
            times[path].extend(took[path])

    def player() -> None:
        mine = Client(port, cookie, csrf)
        rng = random.Random(5)
        while not stop.wait(0.1):
            play_one(mine, rng)

    threads = [threading.Thread(target=phone, args=(k * (pace or 0) / CLIENTS,)) for k in range(CLIENTS)]
    threads.append(threading.Thread(target=player))
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(10)
    return times, errors[0]


SLOW_SOCKETS = 110
SLOW_ADDRESSES = 10  # 11 sockets each: under the per-address limit, so only the strangers' cap and deadlines help
STRANGERS_ADDRESSES = [f"127.0.0.{2 + k}" for k in range(SLOW_ADDRESSES)]
PHONE_ADDRESS = "127.0.0.50"  # the paired phone's own address on the Wi-Fi (not the box's 127.0.0.1)
SLOW_SECONDS = 20.0  # the slow sockets' deadlines pass meanwhile
SLOW_POLLS = 200


def _with_slow_sockets(port: int, cookie: str, seconds: float = SLOW_SECONDS, polls: int = SLOW_POLLS) -> dict[str, float]:
    """A paired phone's latency on new connections, `polls` of them at least over `seconds` at least, while
    strangers on SLOW_ADDRESSES addresses hold SLOW_SOCKETS requests open, each sending a header line every 8 s
    (and opening a new one when closed)."""
    stop = threading.Event()
    slow: list[socket.socket] = []

    def open_one(k: int) -> socket.socket | None:
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(STRANGERS_ADDRESSES[k % SLOW_ADDRESSES], 0))
            s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            return s
        except OSError:
            return None

    def trickle() -> None:
        line, next_line = 0, time.monotonic() + 8
        while not stop.wait(0.2):
            ended = set(select.select(slow, [], [], 0)[0])  # closed by the panel: the stranger opens another at once
            for k, s in enumerate(slow):
                if s in ended:
                    s.close()
                    slow[k] = open_one(k) or s
            if time.monotonic() >= next_line:
                line, next_line = line + 1, time.monotonic() + 8
                for k, s in enumerate(slow):
                    try:
                        s.sendall(f"X-Slow-{line}: 1\r\n".encode())
                    except OSError:
                        slow[k] = open_one(k) or s

    try:
        for address in (*STRANGERS_ADDRESSES[:2], PHONE_ADDRESS):  # the phone at the table, on two of the strangers'
            Client(port, cookie, address=address).call("GET", "/api/state")  # addresses too (it roamed) before the attack
        slow.extend(s for s in (open_one(k) for k in range(SLOW_SOCKETS)) if s is not None)
        threading.Thread(target=trickle, daemon=True).start()
        took, errors = [], 0
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline or len(took) < polls:
            start = time.perf_counter()
            try:
                status, _, _ = Client(port, cookie, address=PHONE_ADDRESS).call("GET", "/api/state")  # a new connection
            except OSError:
                status = 0
            took.append((time.perf_counter() - start) * 1000)
            errors += status != 200
            time.sleep(0.05)
        kept = 0
        for s in slow:
            s.settimeout(0.05)
            try:
                kept += s.recv(1) != b""
            except TimeoutError:
                kept += 1  # still open: the panel holds it
            except OSError:
                pass  # closed by the panel
    finally:
        stop.set()
        for s in slow:
            s.close()
    took.sort()
    return {"web.state_p99_ms_110_slow_sockets": round(took[int(len(took) * 0.99) - 1], 2),
            "web.slow_socket_errors": float(errors), "web.slow_sockets_kept_open": float(kept)}


def run(seconds: float = SECONDS, slow_seconds: float = SLOW_SECONDS, slow_polls: int = SLOW_POLLS) -> dict[str, float]:
    """`seconds`: how long the phones poll, paced then back to back; `slow_seconds` and `slow_polls`: how long,
    and how often at least, a phone asks while the strangers' slow sockets are open."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as data, start_companion(data) as companion:
        client = Client.paired(companion.port, companion.code)
        client.input({"type": "new_game", **PALAZZO})
        client.call("POST", "/api/seat", {"seat": 0})  # this phone holds Ada's seat: /api/seat is hers
        for pace, suffix in ((PACE, ""), (None, "_back_to_back")):
            times, errors = _measure(companion.port, client.cookie, client.csrf, pace, seconds)
            out[f"web.poll_errors{suffix}"] = float(errors)
            for path, name in (("/api/state", "state"), ("/api/seat", "seat")):
                took = sorted(times[path])
                out |= {f"web.{name}_p50_ms_20_clients{suffix}": round(statistics.median(took), 2),
                        f"web.{name}_p99_ms_20_clients{suffix}": round(took[int(len(took) * 0.99) - 1], 2)}
            out[f"web.polls_per_s{suffix}"] = round(sum(map(len, times.values())) / seconds)
        out |= _with_slow_sockets(companion.port, client.cookie, slow_seconds, slow_polls)
    return out


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
