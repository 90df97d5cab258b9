"""Engine, journal and resume figures (issue 2)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.core import engine
from companion.core.result import Refused
from companion.games import GAMES
from companion.journal import Journal
from companion.runtime import Runtime

GAME = GAMES["free_play"]
SETUP = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")]}


def scripted_actions(count: int, seed: int = 1):
    """A free-play game as the runtime journals it: every action with its chance outcome."""
    rng = random.Random(seed)
    session = engine.start_session(engine.new_game(GAME, SETUP).state)
    out = []
    while len(out) < count:
        kind = rng.choice(("advance", "score", "score", "roll", "draw", "discard", "undo"))
        deck = session.state["decks"]["cards"]
        if kind == "advance":
            action = {"type": "advance"}
        elif kind == "score":
            action = {"type": "counter", "name": "score", "seat": rng.randrange(4), "delta": rng.choice((1, 2, 5, -1))}
        elif kind == "roll":
            action = {"type": "roll", "spec": "2d6", "values": [rng.randint(1, 6), rng.randint(1, 6)]}
        elif kind == "draw":
            action = {"type": "draw", "deck": "cards"}
        elif kind == "discard" and deck["out"]:
            action = {"type": "discard", "deck": "cards", "cards": list(deck["out"])}
        else:
            action = {"type": "undo", "confirm": True}
        step = engine.apply_input(GAME, session, action)
        if isinstance(step, Refused) and step.needs is not None:
            cards = list(step.needs.cards)
            rng.shuffle(cards)
            action = {**action, "order": cards}
            step = engine.apply_input(GAME, session, action)
        if isinstance(step, Refused):
            continue
        session = step.session
        out.append((action, session))
    return out


def bench_apply() -> float:
    played = scripted_actions(1200)
    mid = played[600][1]
    samples = []
    for action, _ in played[600:1100]:
        if action["type"] in ("undo", "redo"):
            continue
        t0 = time.perf_counter_ns()
        engine.apply(GAME, mid.state, action)
        samples.append((time.perf_counter_ns() - t0) / 1000)
    return statistics.median(samples)


def bench_commit(folder: Path) -> float:
    journal = Journal(folder / "commit.sqlite3")
    game_id = journal.new_game(GAME.id, SETUP, GAME.rules)
    samples = []
    for seq, (action, _) in enumerate(scripted_actions(300), start=1):
        t0 = time.perf_counter_ns()
        journal.append(game_id, seq, action)
        samples.append((time.perf_counter_ns() - t0) / 1e6)
    journal.close()
    return statistics.median(samples)


def bench_resume(folder: Path, count: int = 10_000, snapshots: bool = True) -> float:
    from pyrsistent import thaw

    from companion import __version__
    from companion.replay import SNAPSHOT_EVERY

    path = folder / f"resume-{snapshots}.sqlite3"
    journal = Journal(path)
    journal._db.execute("PRAGMA synchronous=OFF")  # only to build the test journal quickly
    game_id = journal.new_game(GAME.id, SETUP, GAME.rules)
    for seq, (action, session) in enumerate(scripted_actions(count), start=1):
        snap = (__version__, thaw(session.state)) if snapshots and seq % SNAPSHOT_EVERY == 0 else None
        journal.append(game_id, seq, action, snap)
    journal.close()
    samples = []
    for _ in range(5):
        t0 = time.perf_counter()
        runtime = Runtime(Journal(path), GAMES)
        runtime.start()
        samples.append((time.perf_counter() - t0) * 1000)
        assert runtime.view()["seq"] == count
        runtime.stop()
        runtime.journal.close()
    return statistics.median(samples)


def run(count: int = 10_000) -> dict[str, float]:
    """`count`: the actions of the journal resumed (the goal is for 10 000)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        return {
            "engine.apply_us_p50": round(bench_apply(), 2),
            "journal.commit_ms_p50": round(bench_commit(folder), 3),
            "resume.ms_10k_actions": round(bench_resume(folder, count), 1),
            # The same journal replayed from its setup: what snapshots save.
            "resume.ms_10k_actions_without_snapshots": round(bench_resume(folder, count, snapshots=False), 1),
        }
