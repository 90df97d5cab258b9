"""The journal: durable inputs, resume at the same step, clear refusals of bad files, and SIGKILL."""

import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from pyrsistent import thaw

from companion.errors import JournalError
from companion.games import GAMES
from companion.journal import SCHEMA_VERSION, Journal
from companion.replay import SNAPSHOT_EVERY, restore
from companion.runtime import Runtime

ROOT = Path(__file__).resolve().parents[1]
SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]}


def test_wal_and_full_sync_and_schema_version(tmp_path):
    j = Journal(tmp_path / "j.sqlite3")
    assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert j._db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_restart_resumes_the_game_at_the_same_step_with_its_undo(tmp_path, make_runtime):
    path = tmp_path / "j.sqlite3"
    rt = make_runtime(path)
    assert rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
    for action in ({"type": "advance"}, {"type": "draw", "deck": "cards"}, {"type": "counter", "name": "score", "seat": 1, "delta": 4},
                   {"type": "advance"}, {"type": "roll", "spec": "1d6"}):
        assert rt.submit(action).accepted
    before = rt.view()
    rt.stop()
    rt.journal.close()

    again = make_runtime(path)
    after = again.view()
    assert after.pop("version") and before.pop("version")  # counts changes within one process
    assert after == before
    assert after["actor"] == 2 and after["players"][1]["score"] == 4
    assert again.submit({"type": "undo", "confirm": True}).accepted  # the roll
    assert not again.submit({"type": "undo"}).accepted  # the advance: back into Bea's turn, asked first
    assert again.submit({"type": "undo", "confirm": True}).accepted
    assert again.view()["actor"] == 1


def test_a_new_game_closes_the_open_one(tmp_path, make_runtime):
    rt = make_runtime(tmp_path / "j.sqlite3")
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    rt.submit({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Dan"}]}})
    rows = rt.journal._db.execute("SELECT outcome FROM games ORDER BY id").fetchall()
    assert rows == [("abandoned",), (None,)]


def test_a_finished_game_is_marked_and_reopened_by_undo(tmp_path, make_runtime):
    rt = make_runtime(tmp_path / "j.sqlite3")
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    rt.submit({"type": "finish", "confirm": True})
    assert rt.journal.latest_game().finished is not None
    asked = rt.submit({"type": "undo"})  # the winner has been shown: taking the end back asks first
    assert not asked.accepted and asked.needs_confirm and rt.journal.latest_game().finished is not None
    assert rt.submit({"type": "undo", "confirm": True}).accepted
    assert rt.journal.latest_game().finished is None


def test_a_refused_input_is_not_journaled(tmp_path, make_runtime):
    rt = make_runtime(tmp_path / "j.sqlite3")
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    outcome = rt.submit({"type": "advance", "seat": 2})
    assert not outcome.accepted and outcome.reason.startswith("that is not one of the choices now")
    assert rt.journal.last_seq(rt.journal.latest_game().id) == 0


def test_a_file_that_is_not_a_journal_stops_start_up_and_is_left_alone(tmp_path):
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(b"this is not a database at all, just text" * 100)
    before = path.read_bytes()
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert str(path) in str(err.value) and "move it aside" in str(err.value)
    assert path.read_bytes() == before


def test_a_damaged_journal_stops_start_up_and_is_left_alone(tmp_path, make_runtime):
    path = tmp_path / "journal.sqlite3"
    rt = make_runtime(path)
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    for _ in range(300):
        rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 1})
    rt.stop()
    rt.journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rt.journal.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[page: 6 * page] = bytes(range(256)) * (5 * page // 256)  # scribble over the b-tree pages
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert str(path) in str(err.value)
    assert path.read_bytes() == bytes(data)


def test_a_journal_from_a_newer_companion_is_refused_and_not_changed(tmp_path):
    path = tmp_path / "journal.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert "newer companion" in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == before


def test_snapshots_are_written_and_resume_starts_from_one(tmp_path, make_runtime):
    path = tmp_path / "j.sqlite3"
    rt = make_runtime(path)
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    for i in range(2 * SNAPSHOT_EVERY + 10):
        rt.submit({"type": "counter", "name": "score", "seat": i % 3, "delta": 1})
    game_id = rt.journal.latest_game().id
    snaps = rt.journal.snapshots(game_id, __import__("companion").__version__)
    assert [seq for seq, _ in snaps] == [2 * SNAPSHOT_EVERY, SNAPSHOT_EVERY]
    session, _ = restore(GAMES["free_play"], SETUP, rt.journal.inputs(game_id), snaps)
    assert thaw(session.state) == thaw(rt._session.state)
    assert len(session.past) == 100  # the undo history is rebuilt


def test_replay_falls_back_to_an_earlier_base_when_undo_reaches_before_a_snapshot(tmp_path, make_runtime):
    path = tmp_path / "j.sqlite3"
    rt = make_runtime(path)
    rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP})
    for _ in range(SNAPSHOT_EVERY):
        rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 1})
    for _ in range(60):
        assert rt.submit({"type": "undo"}).accepted
    for _ in range(50):  # a tail of 110 inputs, 60 of them undos below the snapshot
        rt.submit({"type": "counter", "name": "score", "seat": 1, "delta": 1})
    game_id = rt.journal.latest_game().id
    session, _ = restore(GAMES["free_play"], SETUP, rt.journal.inputs(game_id),
                         rt.journal.snapshots(game_id, __import__("companion").__version__))
    assert thaw(session.state) == thaw(rt._session.state)


def test_an_input_that_no_longer_applies_names_the_file_and_the_input(tmp_path):
    path = tmp_path / "j.sqlite3"
    j = Journal(path)
    game_id = j.new_game("free_play", SETUP, GAMES["free_play"].rules)
    j.append(game_id, 1, {"type": "advance", "seat": 2})  # Ada is first: this cannot apply
    with pytest.raises(JournalError) as err:
        Runtime(j, GAMES).start()
    assert "input 1" in str(err.value) and str(path) in str(err.value)


def test_sigkill_at_random_moments_loses_no_acknowledged_input(tmp_path):
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(os.environ.get("CRASH_SEED", "2026"))
    acked: dict[int, dict] = {}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kills = 0
    for _ in range(int(os.environ.get("CRASH_KILLS", "40"))):
        writer = subprocess.Popen([sys.executable, str(ROOT / "tests" / "crash_writer.py"), str(path)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        wanted = rng.randint(1, 40)
        got = 0
        while got < wanted:
            # Killed after its `wanted`-th acknowledgement, whatever the machine's speed; the wait for a
            # line is bounded only so that a writer that hangs fails the test instead of stalling it.
            if not select.select([writer.stdout], [], [], 120)[0]:
                writer.kill()
                pytest.fail("the writer acknowledged nothing for 120 s")
            line = writer.stdout.readline()
            if not line:
                pytest.fail(f"the writer stopped: {writer.stderr.read()}")
            _, seq, action = line.split(" ", 2)
            acked[int(seq)] = json.loads(action)
            got += 1
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        kills += 1
        j = Journal(path)
        assert j.integrity() == "ok"
        stored = dict(j.inputs(j.latest_game().id))
        missing = [seq for seq in acked if seq not in stored]
        assert not missing, f"acknowledged inputs lost after kill {kills}: {missing[:5]}"
        assert all(stored[seq] == action for seq, action in acked.items())
        j.close()
    assert kills >= 40 and len(acked) > 100
