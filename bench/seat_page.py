"""What a player's My seat costs their phone through a Merchant Venturers game (issue 55), in chromium.

A real `companion run --sim` process on loopback; the host's phone starts a two-player Merchant Venturers
game and a player's phone pairs and holds Ada's seat. Her My seat is opened in Debian's chromium (Playwright)
and every byte it sends and receives is counted by the DevTools protocol (request line and headers, response
headers and body as they crossed the wire), in four parts:

  usable   the page opened from another of the panel's pages (as a player taps the My seat tab: what the
           browser keeps of the panel is kept) on a Fast-3G-like link (562.5 ms round trip, 1.44 Mbit/s
           down, 675 kbit/s up: DevTools' preset) with the CPU slowed 4x: ms until it shows her seat
           and the table's step (goal: 1500)
  idle     nothing happens at the table: bytes a minute (goal: 10 KB)
  play     the game goes on, an input every PACE seconds from the options the table and the seats offer
           (Ada's through her own phone, not the page): bytes a minute (goal: 60 KB)
  hidden   the phone's screen is off (the page is told it is hidden, as a browser tells it) while the game
           goes on: its requests (goal: 0); shown again, it catches up with the table's latest version.
  crowd    12 players' phones, each on an address of its own, and the host's, each following the table as
           the pages do (a request held until the table changes), while the game moves on every half
           second: the answers that were not 200 or 204 (goal: 0), the phones not at the table's last
           version at the end (goal: 0), and the p99 of another phone's ordinary requests meanwhile (goal:
           250 ms): the held requests leave the panel's own threads free.

A minute's figures are scaled from the seconds measured.
"""

from __future__ import annotations

import concurrent.futures
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.web import Client, field_value, start_companion
from web_panel import push

ROOT = Path(__file__).resolve().parents[1]
PACE = 4.0  # seconds between inputs in play: a table that moves on every few seconds
SETUP = {"players": [{"name": "Ada", "age": 30}, {"name": "Bea", "age": 20}]}
NEW_GAME = {"type": "new_game", "game": "merchant_venturers", "setup": SETUP}
# DevTools' "Fast 3G" (Playwright's docs give the same figures), and a phone four times slower than this machine.
FAST_3G = {"offline": False, "latency": 150 * 3.75, "downloadThroughput": 1.6 * 1024 * 1024 / 8 * 0.9,
           "uploadThroughput": 750 * 1024 / 8 * 0.9}
CPU_SLOWER = 4
GOALS = {
    "seat_page.usable_ms_fast3g_cpu4x": ("<=", 1500.0),
    "seat_page.idle_kb_per_min": ("<=", 10.0),
    "seat_page.play_kb_per_min": ("<=", 60.0),
    "seat_page.hidden_requests": ("<=", 0.0),
    "seat_page.hidden_caught_up": (">=", 1.0),  # shown again, the page shows the table's latest version
    "seat_page.crowd_errors": ("<=", 0.0),
    "seat_page.crowd_behind": ("<=", 0.0),
    "seat_page.crowd_state_p99_ms": ("<=", 250.0),
}
CROWD = 12  # players' phones, and the host's
# What a page that is not shown believes: what a browser says when the phone's screen goes off.
HIDE = """hidden => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => hidden ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


class Wire:
    """The bytes and requests of one page, counted from the DevTools protocol's network events."""

    def __init__(self, cdp) -> None:
        self.sent = self.received = self.requests = 0
        cdp.on("Network.requestWillBeSent", self._request)
        cdp.on("Network.requestWillBeSentExtraInfo", self._headers)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.send("Network.enable")

    def _request(self, event: dict) -> None:
        request = event["request"]
        self.requests += 1
        self.sent += len(f"{request['method']} {request['url']} HTTP/1.1\r\n") + len(request.get("postData") or "")

    def _headers(self, event: dict) -> None:  # every header as sent, the cookie too
        self.sent += sum(len(k) + len(v) + 4 for k, v in event["headers"].items()) + 2

    def _finished(self, event: dict) -> None:
        self.received += int(event["encodedDataLength"])

    def total(self) -> int:
        return self.sent + self.received


class Table:
    """The game, played through what is offered: the table's and Bea's options by the host's phone, Ada's by
    her own phone (a client of its own, not the page measured)."""

    def __init__(self, host: Client, ada: Client, seed: int = 55) -> None:
        self.host, self.ada, self.rng = host, ada, random.Random(seed)

    def play_one(self) -> None:
        state = self.host.state()
        if state.get("over"):
            self.host.input(NEW_GAME)
            return
        _, body, _ = self.ada.call("GET", "/api/seat")
        mine = [("/api/seat/input", self.ada, o) for o in json.loads(body)["options"] if o["group"] == "Play"]
        table = [("/api/input", self.host, o) for o in state["options"] + [o for h in state.get("held", [])
                                                                         for o in h["options"]] if o["group"] == "Play"]
        for path, client, option in self.rng.sample(mine + table, len(mine + table)):
            action = {**option["action"], **{k: field_value(f, self.rng) for k, f in option["fields"].items()}}
            status, _, _ = client.call("POST", path, action | ({"confirm": True} if option["confirm"] else {}))
            if status == 200:
                return

    def for_(self, seconds: float, pace: float, page) -> None:
        """Inputs every `pace` seconds for `seconds`, waiting in `page` (its browser's events come in meanwhile)."""
        self.host.conn.close()  # connections the panel closed while nothing was asked: new ones
        self.ada.conn.close()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            began = time.monotonic()
            self.play_one()
            page.wait_for_timeout(1000 * max(0.0, min(pace - (time.monotonic() - began), end - time.monotonic())))


def _crowd(port: int, host: Client, table: Table, seconds: float) -> dict[str, float]:
    """CROWD players' phones and the host's following the table while it moves on every half second (see
    the module's docstring)."""
    cookies = [host.cookie]
    for n in range(CROWD):
        _, body, _ = host.call("GET", "/api/pairing")
        phone = Client(port, "", address=f"127.0.0.{60 + n}")
        status, body, response = phone.call("POST", "/api/pair", {"code": json.loads(body)["code"], "name": f"p{n}"})
        assert status == 200, body
        cookies.append(response.getheader("Set-Cookie").split(";")[0])
    stop, errors, last = threading.Event(), [0], {}

    def follow(n: int, cookie: str) -> None:
        phone = Client(port, cookie, address=f"127.0.0.{60 + n}" if n else None)
        phone.conn.timeout = push.HOLD + 10
        at = ""
        while not stop.is_set():
            status, body, _ = phone.call("GET", "/api/changes?seat=1" + (f"&since={at}&wait={push.HOLD}" if at else ""))
            if status == 200:
                at = json.loads(body)["at"]
            elif status != 204:
                errors[0] += 1
        last[n] = at

    phones = [threading.Thread(target=follow, args=(n, c), daemon=True) for n, c in enumerate(cookies)]
    for phone in phones:
        phone.start()
    other, took = Client(port, host.cookie), []
    end = time.monotonic() + seconds
    table.host.conn.close()
    table.ada.conn.close()
    while time.monotonic() < end:
        table.play_one()
        for _ in range(5):
            began = time.perf_counter()
            status, _, _ = other.call("GET", "/api/state")
            took.append((time.perf_counter() - began) * 1000)
            errors[0] += status != 200
            time.sleep(0.1)
    stop.set()
    table.play_one()  # the last change: every held request is answered, and its phone stops
    for phone in phones:
        phone.join(push.HOLD + 10)
    version = table.host.state()["version"]
    return {"seat_page.crowd_errors": float(errors[0]),
            "seat_page.crowd_behind": float(sum(1 for at in last.values() if not at.endswith(f".{version}"))
                                            + len(phones) - len(last)),
            "seat_page.crowd_state_p99_ms": round(statistics.quantiles(took, n=100)[98], 1)}


def _per_minute(count: float, seconds: float) -> float:
    return round(count * 60 / seconds, 1)


def _shows_seat(page) -> None:
    """Until My seat shows Ada's seat and the table's step (not "Connecting…")."""
    page.wait_for_function("() => document.getElementById('who').textContent.includes('Ada')"
                           " && !document.getElementById('mine').hidden", timeout=30_000)


def run(idle_seconds: float = 30.0, play_seconds: float = 60.0, hidden_seconds: float = 30.0,
        pace: float = PACE, crowd_seconds: float = 20.0) -> dict[str, float]:
    """The figures, measured on a thread of their own: Playwright's sync API refuses a thread whose asyncio loop
    runs (the browser tests' Playwright keeps one on pytest's thread when the suite runs the short bench)."""
    with concurrent.futures.ThreadPoolExecutor(1) as alone:
        return alone.submit(_run, idle_seconds, play_seconds, hidden_seconds, pace, crowd_seconds).result()


def _run(idle_seconds: float, play_seconds: float, hidden_seconds: float, pace: float,
         crowd_seconds: float) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests"))
    from browser.chromium import ARGS, CHROMIUM, PHONE

    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as data, start_companion(data) as companion, sync_playwright() as p:
        host = Client.paired(companion.port, companion.code)
        host.input(NEW_GAME)
        _, body, _ = host.call("GET", "/api/pairing")
        ada = Client.paired(companion.port, json.loads(body)["code"])
        status, body, _ = ada.call("POST", "/api/seat", {"seat": 0})
        assert status == 200, body
        table = Table(host, ada)
        base = f"http://127.0.0.1:{companion.port}"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(**PHONE)
            name, value = ada.cookie.split("=", 1)
            context.add_cookies([{"name": name, "value": value, "url": base}])
            page = context.new_page()
            page.goto(f"{base}/")  # the Table page first: the panel's script and style are in the browser now
            page.wait_for_load_state("load")
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", FAST_3G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWER})
            began = time.perf_counter()
            page.goto(f"{base}/seat", wait_until="commit")
            _shows_seat(page)
            out["seat_page.usable_ms_fast3g_cpu4x"] = round((time.perf_counter() - began) * 1000, 1)
            cdp.send("Network.emulateNetworkConditions", {**FAST_3G, "latency": 0, "downloadThroughput": -1,
                                                          "uploadThroughput": -1})
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
            cdp.detach()

            wire = Wire(context.new_cdp_session(page))
            page.wait_for_timeout(idle_seconds * 1000)
            out["seat_page.idle_kb_per_min"] = _per_minute(wire.total() / 1024, idle_seconds)
            out["seat_page.idle_requests_per_min"] = _per_minute(wire.requests, idle_seconds)

            before, asked = wire.total(), wire.requests
            began = time.monotonic()
            table.for_(play_seconds, pace, page)
            took = time.monotonic() - began
            out["seat_page.play_kb_per_min"] = _per_minute((wire.total() - before) / 1024, took)
            out["seat_page.play_requests_per_min"] = _per_minute(wire.requests - asked, took)

            page.evaluate(HIDE, True)
            page.wait_for_timeout(200)  # a request under way when the screen went off ends
            asked = wire.requests
            table.for_(hidden_seconds, pace, page)
            out["seat_page.hidden_requests"] = float(wire.requests - asked)
            table.play_one()
            version = host.state()["version"]
            page.evaluate(HIDE, False)
            try:
                page.wait_for_function("v => Number(document.querySelector('main').dataset.version) >= v", arg=version,
                                       timeout=10_000)
                caught = 1.0
            except Exception:
                caught = 0.0
            out["seat_page.hidden_caught_up"] = caught
            context.close()
        finally:
            browser.close()
        out |= _crowd(companion.port, host, table, crowd_seconds)
    return out
