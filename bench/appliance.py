"""The companion as an appliance: start-up to the first frame, CPU when idle, memory after a whole game.

Each figure comes from a real `companion run --sim` process (simulated parts: the
OLED is the emulated panel behind luma's own driver, the buttons gpiozero's mock
pins, the reader a simulator on a pseudo-terminal):

- startup_to_first_frame_ms: from just before the process is started to the line it
  logs once the splash frame has gone to the display (median of five starts);
- rss_mb: the process's resident memory after a scripted whole game of Merchant
  Venturers (40 seasons, every phase and each player's part of it, coins counted each
  Winter) played through the panel's API while 20 phones poll the table state; rss_peak_mb
  its peak, and threads its threads then (systemd/companion.service's MemoryMax and
  TasksMax are sized from these);
- chart_ms_whole_game_first / _again: that game's chart (each player's score over the game) from the
  panel, worked out from the journal the first time, then kept;
- idle_cpu_percent: its CPU time (user + system, from /proc) over 10 s afterwards, with
  the next game open and nothing happening;
- idle_cpu_percent_scrolling: the same over the 10 s after a game opens whose big line
  (a long name) is too wide for the panel (it once scrolled; the name kept so the figure
  stays comparable).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from bench.web import CLIENTS, Client, start_companion

LONG_NAME = {"players": [{"name": "Maximilian-Alexander"}, {"name": "Bea"}]}
STARTS = 5
IDLE_SECONDS = 10.0
SETUP = {"players": [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 25}, {"name": "Cy", "age": 19},
                     {"name": "Dan", "age": 50}]}


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def _status(pid: int, field: str) -> int:
    """A number of /proc/PID/status: VmRSS and VmHWM (its peak) in kB, Threads."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field}")


def _rss_mb(pid: int) -> float:
    return _status(pid, "VmRSS") / 1024


def _whole_game(client: Client) -> int:
    """Merchant Venturers from the deal to GAME_OVER, the table doing what is offered (NEXT, or a pass at a
    port): the deal, each player's start at the first port offered, each one's part of every phase; returns the
    inputs played."""
    client.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})
    played = 0
    while True:
        state = client.state()
        if state["over"]:
            return played
        if state["phase"] == 1 and state["season"] == "Winter" and state["step"] == "SEASON":
            client.input({"type": "counter", "name": "coins", "seat": played % 4, "delta": 1})
            played += 1
        options = state["options"]
        option = next((o for o in options if o["button"] == "NEXT"), None) or next(
            o for o in options if o["short"] in ("Pass", "Place"))
        client.input(dict(option["action"]) | ({"confirm": True} if option["confirm"] else {}))
        played += 1


def run(starts: int = STARTS, idle_seconds: float = IDLE_SECONDS, phones: int = CLIENTS) -> dict[str, float]:
    """`starts`: how often the companion is started for the time to its first frame; `idle_seconds`: how long
    its CPU is measured at rest (each time); `phones`: how many poll the table while the whole game is played."""
    startups = []
    for _ in range(starts - 1):
        with tempfile.TemporaryDirectory() as data:
            with start_companion(data) as companion:
                startups.append(companion.first_frame_ms)
    with tempfile.TemporaryDirectory() as data:
        with start_companion(data) as companion:
            startups.append(companion.first_frame_ms)
            client = Client.paired(companion.port, companion.code)
            stop = threading.Event()
            polls = [0]

            def phone() -> None:
                mine = Client(companion.port, client.cookie)
                while not stop.is_set():
                    mine.state()
                    polls[0] += 1

            polling = [threading.Thread(target=phone) for _ in range(phones)]
            for t in polling:
                t.start()
            try:
                played = _whole_game(client)
            finally:
                stop.set()
                for t in polling:
                    t.join(10)
            rss = _rss_mb(companion.proc.pid)
            peak = _status(companion.proc.pid, "VmHWM") / 1024  # what systemd's MemoryMax must leave room for
            threads = _status(companion.proc.pid, "Threads")  # and its TasksMax
            # The game's chart, as the table page asks for it at game over: the first time (worked out from
            # the journal), then again (kept).
            chart_ms = []
            for _ in range(2):
                began = time.perf_counter()
                status, _, _ = client.call("GET", "/api/history/1/chart.svg")
                chart_ms.append((time.perf_counter() - began) * 1000)
                assert status == 200, status
            client.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})  # the next game, open
            time.sleep(1.0)  # let the last frames and answers go out
            before = _cpu_seconds(companion.proc.pid)
            time.sleep(idle_seconds)
            idle = (_cpu_seconds(companion.proc.pid) - before) / idle_seconds * 100
            # A name too wide for the big letters (it rests on two small lines): the 10 s after it appears.
            client.input({"type": "new_game", "game": "free_play", "setup": LONG_NAME})
            before = _cpu_seconds(companion.proc.pid)
            time.sleep(idle_seconds)
            scrolling = (_cpu_seconds(companion.proc.pid) - before) / idle_seconds * 100
    return {
        "startup_to_first_frame_ms": round(statistics.median(startups), 1),
        "startup_to_first_frame_ms_max": round(max(startups), 1),
        "rss_mb": round(rss, 1),
        "rss_peak_mb": round(peak, 1),
        "threads": float(threads),
        "rss.whole_game_inputs": float(played),
        "rss.polls_during_game": float(polls[0]),
        "chart_ms_whole_game_first": round(chart_ms[0], 1),
        "chart_ms_whole_game_again": round(chart_ms[1], 1),
        "idle_cpu_percent": round(idle, 2),
        "idle_cpu_percent_scrolling": round(scrolling, 2),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
