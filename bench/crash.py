"""The crash loop: a game played through the panel, the buttons and the reader while the companion is
killed with SIGKILL at random moments, then checked after every kill.

One data directory, one game of free play (a physical deck the reader's tags draw from), and a
reader simulator that lives in this process, on a pseudo-terminal the companion opens as its
reader: like a real reader it outlives the companion and sends each event until it is
acknowledged. Each round starts `companion run --sim` and, once it serves, three drivers:

- the panel: inputs through /api/input (advance, counters, rolls, draws); an answer of 200 is an
  acknowledged action, with its journal seq; a phone polls /api/state and records what the
  table showed at each seq;
- the buttons: presses on the simulated NEXT, SELECT and BACK buttons (/api/sim/button);
- the reader: tags of registered cards; an event the reader saw acknowledged is acknowledged.

SIGKILL comes at a random moment: most rounds while the drivers play, some during start-up
(the journal's replay included), some in a pause in play (so the last step is one the phone
saw, and the restart can be compared with it). Then, with the companion dead:

- `PRAGMA integrity_check` on the journal, from a fresh connection;
- every acknowledged panel input at its seq, with what was sent; every acknowledged reader event
  recorded under its reader boot and seq; any missing one counts as lost;
- at the next start, the table's state at the journal's last seq equals what the panel saw
  live at that seq (step, round, who acts, counters, decks, the last input), when the panel saw that seq.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from http.client import HTTPException
from pathlib import Path

from bench.journal_check import check
from bench.web import Client, Companion
from companion.games.free_play import STANDARD_52
from firmware_bridge.simulator import SimulatedReader

KILLS = 200
SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "deck_modes": {"cards": "mirror"}}
PANEL_MOVES = ({"type": "advance"}, {"type": "counter", "name": "score", "seat": 1, "delta": 2},
               {"type": "roll", "spec": "2d6"}, {"type": "counter", "name": "score", "seat": 0, "delta": 1})


def _fingerprint(state: dict) -> dict:
    """The whole table state but its version (which counts changes since the process started)."""
    return {k: v for k, v in state.items() if k != "version"}


class Round:
    """The drivers of one round; they stop when the companion dies under them."""

    def __init__(self, port: int, client: Client, reader: SimulatedReader, uids: list[str], rng: random.Random):
        self.port, self.client, self.reader, self.uids, self.rng = port, client, reader, uids, rng
        self.acked: list[tuple[int, dict]] = []  # panel inputs answered 200: (seq, action)
        self.seen: dict[int, dict] = {}  # seq -> the table state the phone saw at it
        self.stop = threading.Event()

    def panel(self) -> None:
        mine = Client(self.port, self.client.cookie, self.client.csrf)
        try:
            while not self.stop.is_set():
                action = dict(self.rng.choice(PANEL_MOVES))
                status, body, _ = mine.call("POST", "/api/input", action)
                if status == 200:
                    self.acked.append((json.loads(body)["seq"], action))
        except (OSError, HTTPException, json.JSONDecodeError):
            return  # killed under us

    def phone(self) -> None:
        """A phone watching the table: what it showed at each seq."""
        mine = Client(self.port, self.client.cookie)
        try:
            while not self.stop.wait(0.01):
                state = mine.state()
                self.seen[state["seq"]] = _fingerprint(state)
        except (OSError, HTTPException, RuntimeError, json.JSONDecodeError):
            return

    def buttons(self) -> None:
        mine = Client(self.port, self.client.cookie, self.client.csrf)
        try:
            while not self.stop.is_set():
                # Not ACTION: twice on "Finish" would end the game, and the loop plays one game.
                role = self.rng.choice(("next", "next", "select", "back"))
                for down in (True, False):
                    mine.call("POST", "/api/sim/button", {"role": role, "down": down})
                self.stop.wait(0.03)
        except (OSError, HTTPException):
            return

    def tags(self) -> None:
        while not self.stop.wait(0.05):
            if self.reader.pending < 4:  # the reader keeps 16 unacknowledged events: never let it drop one
                self.reader.tap(self.rng.choice(self.uids))

    def run(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=f, daemon=True) for f in (self.panel, self.phone, self.buttons, self.tags)]
        for t in threads:
            t.start()
        return threads


def run(kills: int = KILLS, seed: int | None = None) -> dict[str, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as data:
        journal = Path(data) / "journal.sqlite3"
        reader = SimulatedReader(Path(data) / "reader")
        client = None
        uids = [f"{0x04A10000 + i:08X}" for i in range(len(STANDARD_52.counts))]
        acked: list[tuple[int, dict]] = []
        reader_acked: set[tuple[str, int]] = set()
        sent_by_reader: list[int] = []
        seen: dict[int, dict] = {}
        results = {"integrity_failures": 0, "compared": 0, "mismatches": 0, "in_startup": 0, "quiet": 0, "killed": 0}
        lost: set = set()
        differed: set[str] = set()
        ready_ms: list[float] = []
        original_tap = reader.tap

        def tap(uid: str) -> int:  # remember what the reader sent, to tell what it saw acknowledged
            seq = original_tap(uid)
            sent_by_reader.append(seq)
            return seq

        reader.tap = tap
        try:
            for kill in range(kills + 1):
                companion = Companion(data, ("--reader", reader.path))
                last_round = kill == kills
                in_startup = not last_round and kill > 0 and rng.random() < 0.15
                if in_startup:  # during start-up: imports, the journal's replay, the panel's first answers
                    time.sleep(rng.uniform(0.0, 0.5))
                    if companion.code is None:
                        results["in_startup"] += 1
                    results["killed"] += companion.kill()
                else:
                    if not companion.wait_serving():
                        raise RuntimeError("the companion did not start:\n" + "".join(companion.log[-20:]))
                    ready_ms.append(companion.ready_ms)
                    if client is None:
                        client = Client.paired(companion.port, companion.code)
                        cards = [{"uid": u, "game": "free_play", "deck": "cards", "card": c}
                                 for u, c in zip(uids, STANDARD_52.counts)]
                        assert client.call("POST", "/api/cards/import", {"version": 1, "cards": cards})[0] == 200
                        client.input({"type": "new_game", "game": "free_play", "setup": SETUP})
                    # The table after a restart, against what the panel saw live at the same seq.
                    state = Client(companion.port, client.cookie).state()
                    if state["seq"] in seen:
                        results["compared"] += 1
                        now = _fingerprint(state)
                        if seen[state["seq"]] != now:
                            results["mismatches"] += 1
                            differed |= {k for k in now.keys() | seen[state["seq"]].keys()
                                         if now.get(k) != seen[state["seq"]].get(k)}
                    if last_round:
                        companion.stop()
                        break
                    one = Round(companion.port, client, reader, uids, rng)
                    threads = one.run()
                    time.sleep(rng.uniform(0.05, 0.6))
                    if rng.random() < 0.3:
                        # A pause in play (everyone looks at the table), then the plug: the last
                        # step is one the phone saw, so the restart is compared with it every time.
                        one.stop.set()
                        for t in threads:
                            t.join(10)
                        reader.wait_acknowledged(5)
                        state = Client(companion.port, client.cookie).state()
                        one.seen[state["seq"]] = _fingerprint(state)
                        results["quiet"] += 1
                    results["killed"] += companion.kill()
                    one.stop.set()
                    for t in threads:
                        t.join(10)
                    acked += one.acked
                    seen.update(one.seen)
                with reader._lock:  # what the reader saw acknowledged: sent, and no longer pending
                    pending = {p[0] for p in reader.link.pending}
                    reader_acked |= {(reader.link.boot, s) for s in sent_by_reader if s not in pending}
                # Everything acknowledged so far, checked again after every kill; a loss found once stays
                # counted (the next start may reuse a lost seq for another input).
                ok, missing = check(journal, acked, reader_acked)
                results["integrity_failures"] += not ok
                lost |= missing
        finally:
            reader.close()
    if differed:
        print(f"crash loop: the restarted table differed in {', '.join(sorted(differed))}", file=sys.stderr)
    return {
        "crash.kills": float(results["killed"]),  # processes that died of our SIGKILL, not of anything else
        "crash.kills_during_startup": float(results["in_startup"]),
        "crash.kills_in_a_pause": float(results["quiet"]),
        "crash.acknowledged_actions": float(len(acked) + len(reader_acked)),
        "crash.acknowledged_panel_inputs": float(len(acked)),
        "crash.acknowledged_reader_events": float(len(reader_acked)),
        "crash.lost_acknowledged_actions": float(len(lost)),
        "crash.integrity_failures": float(results["integrity_failures"]),
        "crash.steps_compared": float(results["compared"]),
        "crash.step_mismatches": float(results["mismatches"]),
        "crash.restart_to_serving_ms_p50": round(statistics.median(ready_ms), 1),
    }


if __name__ == "__main__":
    for name, value in run(int(os.environ.get("KILLS", KILLS))).items():
        print(f"{name}: {value}")
