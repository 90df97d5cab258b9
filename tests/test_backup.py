"""`companion backup FILE` and `companion restore FILE`: SQLite's online backup of the journal while a game is
played, checked before it replaces anything, and a round trip of a game in progress."""

import re
import sqlite3

from companion.backup import backup, inspect, restore
from companion.cli import main
from companion.journal import Journal
from conftest import assert_replays

SETUP = {"players": [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 19}]}


def _game_in_progress(make_runtime, data):
    rt = make_runtime(data / "journal.sqlite3")
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": SETUP}).accepted
    # The deal; Bea (the younger) places, then Ada; Bea has 1 coin; each buys nothing; on to phase 3.
    for action in ({"type": "advance"}, {"type": "advance", "port": "O4"}, {"type": "advance", "port": "O2"},
                   {"type": "counter", "name": "coins", "seat": 1, "delta": -2},
                   {"type": "advance"}, {"type": "advance"}, {"type": "advance"}, {"type": "advance"}):
        assert rt.submit(action).accepted, action
    return rt


def test_a_backup_taken_mid_game_restores_that_game_at_that_step(make_runtime, tmp_path, capsys):
    data = tmp_path / "data"
    rt = _game_in_progress(make_runtime, data)
    at_backup = rt.view()
    assert (at_backup["year"], at_backup["season"], at_backup["phase"]) == (1, "Winter", 3)
    kept_before = rt.journal.kept()
    assert kept_before == {"merchant_venturers": rt.kept_setup("merchant_venturers")}  # a row for the game kind

    assert main(["backup", str(tmp_path / "saved.sqlite3"), "--data-dir", str(data)]) == 0  # the companion runs on
    assert capsys.readouterr().out.startswith("Backed up 1 game (")
    copy = sqlite3.connect(tmp_path / "saved.sqlite3")
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one file, nothing beside it
    copy.close()
    assert not (tmp_path / "saved.sqlite3.partial").exists()

    for _ in range(5):  # play on after the backup
        assert rt.submit({"type": "advance"}).accepted
    rt.stop()
    rt.journal.close()

    assert main(["restore", str(tmp_path / "saved.sqlite3"), "--data-dir", str(data)]) == 0
    out = capsys.readouterr().out
    assert "Restored 1 game (" in out and "Restart the companion" in out
    kept = [p for p in data.iterdir() if ".before-restore-" in p.name]
    assert len(kept) == 1
    replaced = Journal(kept[0])
    assert replaced.last_seq(1) == 8 + 5  # the journal it replaced, with the inputs played after the backup
    replaced.close()
    again = make_runtime(data / "journal.sqlite3")
    view = again.view()
    for key in ("year", "season", "phase", "first_move", "board", "players"):
        assert view[key] == at_backup[key], key
    assert_replays(again, view, ("step", "round", "board"))
    assert again.journal.kept() == kept_before  # what the box keeps for the next game, too


def test_a_file_that_is_not_a_journal_is_refused_and_the_journal_left_alone(make_runtime, tmp_path, capsys):
    data = tmp_path / "data"
    rt = _game_in_progress(make_runtime, data)
    before = rt.view()
    rt.stop()
    rt.journal.close()
    (tmp_path / "notes.txt").write_text("not a database")
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE t (x)")
    other.close()
    newer = sqlite3.connect(tmp_path / "newer.sqlite3")
    newer.execute("CREATE TABLE games (id)")
    newer.execute("CREATE TABLE inputs (id)")
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    for name, why in (("notes.txt", "is not a companion journal"), ("other.sqlite3", "not a companion journal"),
                      ("newer.sqlite3", "written by a newer companion"), ("missing.sqlite3", "does not exist")):
        assert main(["restore", str(tmp_path / name), "--data-dir", str(data)]) == 1
        err = capsys.readouterr().err
        assert why in err and err.rstrip().endswith("The journal was not changed."), err
    assert not [p for p in data.iterdir() if ".before-restore-" in p.name]
    assert make_runtime(data / "journal.sqlite3").view()["players"] == before["players"]


def test_a_backup_of_a_missing_journal_says_where_it_looked(tmp_path, capsys):
    assert main(["backup", str(tmp_path / "b.sqlite3"), "--data-dir", str(tmp_path / "nowhere")]) == 1
    assert "nowhere/journal.sqlite3 does not exist" in capsys.readouterr().err
    assert not (tmp_path / "b.sqlite3").exists()


def test_restore_waits_for_a_running_companion_to_stop(make_runtime, tmp_path, capsys):
    from companion.backup import hold

    data = tmp_path / "data"
    rt = _game_in_progress(make_runtime, data)
    assert main(["backup", str(tmp_path / "saved.sqlite3"), "--data-dir", str(data)]) == 0
    running = hold(data / "journal.sqlite3")  # what `companion run` holds while it lives
    assert running is not None and hold(data / "journal.sqlite3") is None
    assert main(["restore", str(tmp_path / "saved.sqlite3"), "--data-dir", str(data)]) == 1
    assert "a companion is running" in capsys.readouterr().err
    assert rt.submit({"type": "advance"}).accepted  # the running game goes on, its journal untouched
    running.close()
    assert main(["restore", str(tmp_path / "saved.sqlite3"), "--data-dir", str(data)]) == 0


def test_the_panel_downloads_a_backup_and_restores_it_while_the_companion_runs(make_runtime, tmp_path):
    from companion.backup import inspect
    from phone import Phone, two_phones

    data = tmp_path / "data"
    rt = _game_in_progress(make_runtime, data)
    with two_phones(rt) as (table_phone, player_phone):
        status, body, headers = table_phone.raw("GET", "/api/backup")
        assert status == 200 and headers["Content-Type"] == "application/vnd.sqlite3"
        assert re.match(r'attachment; filename=companion-backup-\d{4}-\d\d-\d\d-\d{4}\.sqlite3$', headers["Content-Disposition"])
        saved = tmp_path / "downloaded.sqlite3"
        saved.write_bytes(body)
        assert (inspect(saved).games, inspect(saved).inputs) == (1, 8)
        leaving = sqlite3.connect(saved)
        assert leaving.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0  # no phone's token leaves the box
        leaving.close()
        assert len(rt.journal.read("SELECT id FROM sessions")) == 2
        assert sorted(p.name for p in data.iterdir() if p.name.startswith(".panel")) == []  # nothing left behind
        at_backup = table_phone.get("/api/state")[1]

        for _ in range(5):  # play on after the backup
            table_phone.input({"type": "advance"})
        assert table_phone.get("/api/state")[1]["seq"] == 13

        status, answer = table_phone.call("POST", "/api/restore", body, {"Content-Type": "application/vnd.sqlite3"})
        assert status == 200 and (answer["games"], answer["inputs"]) == (1, 8), answer
        view = table_phone.get("/api/state")[1]
        for key in ("seq", "year", "season", "phase", "first_move", "board", "players", "step"):
            assert view[key] == at_backup[key], key
        assert view["version"] > at_backup["version"]  # the phones and the OLED see it changed
        assert player_phone.get("/api/state")[0] == 200  # the phones paired now stay paired
        replaced = Journal(data / answer["kept"])
        assert replaced.last_seq(1) == 13  # the journal it replaced, with the play after the backup
        assert len(replaced.read("SELECT id FROM sessions")) == 2  # kept whole: a rollback puts the phones back too
        replaced.close()
        table_phone.input({"type": "advance"})  # play goes on from the restored step, into the restored journal
        assert rt.journal.last_seq(1) == 9

        # What it refuses, changing nothing: not a journal, an empty body, no CSRF token, an unpaired phone.
        before = table_phone.get("/api/state")[1]
        status, answer = table_phone.call("POST", "/api/restore", b"not a journal" * 100,
                                          {"Content-Type": "application/vnd.sqlite3"})
        assert status == 400 and "not an SQLite file" in answer["error"] and "Nothing was changed" in answer["error"]
        foreign = tmp_path / "foreign.sqlite3"
        sqlite3.connect(foreign).execute("CREATE TABLE t (x)").connection.close()
        status, answer = table_phone.call("POST", "/api/restore", foreign.read_bytes(),
                                          {"Content-Type": "application/vnd.sqlite3"})
        assert status == 400 and "the file is an SQLite file but not a companion journal" in answer["error"], answer
        # A backup whose game the rules refuse now (one input changed): refused before anything is swapped.
        broken = sqlite3.connect(saved)
        broken.execute("""UPDATE inputs SET action = '{"type": "place_start", "seat": 0, "port": "sea"}' WHERE seq = 6""")
        broken.commit()
        broken.close()
        status, answer = table_phone.call("POST", "/api/restore", saved.read_bytes(),
                                          {"Content-Type": "application/vnd.sqlite3"})
        assert status == 400 and "input 6 of this Merchant Venturers game can no longer be applied" in answer["error"]
        assert "Nothing was changed" in answer["error"]
        status, answer = table_phone.call("POST", "/api/restore", b"", {"Content-Type": "application/vnd.sqlite3"})
        assert status == 400 and "send the backup file" in answer["error"]
        assert table_phone.call("POST", "/api/restore", body, {"Content-Type": "application/vnd.sqlite3"}, csrf=False)[0] == 403
        assert Phone(table_phone.port).call("POST", "/api/restore", body)[0] == 401
        assert Phone(table_phone.port).call("GET", "/api/backup")[0] == 401
        assert table_phone.get("/api/state")[1] == before
        assert sorted(p.name for p in data.iterdir() if p.name.startswith(".panel")) == []


def test_a_backup_larger_than_the_panel_takes_is_refused_with_its_limit(make_runtime, tmp_path, monkeypatch):
    from phone import two_phones
    from web_panel import backups

    rt = _game_in_progress(make_runtime, tmp_path)
    monkeypatch.setattr(backups, "MAX_BACKUP", 1000)
    with two_phones(rt) as (phone, _):
        status, answer = phone.call("POST", "/api/restore", b"x" * 5000, {"Content-Type": "application/vnd.sqlite3"})
    assert status == 413 and answer["error"] == "the request is larger than 1000 bytes"
    assert rt.journal.last_seq(1) == 8


def test_a_restored_journal_the_table_cannot_take_up_is_rolled_back(make_runtime, tmp_path):
    """The safety net behind the panel's own checks: the old journal comes back and the table goes on."""
    from companion.backup import backup, put_back, restore
    from companion.errors import CompanionError

    rt = _game_in_progress(make_runtime, tmp_path)
    before = rt.view()
    unknown = tmp_path / "unknown.sqlite3"
    backup(rt.journal.path, unknown)
    db = sqlite3.connect(unknown)
    db.execute("UPDATE games SET game = 'chess'")
    db.commit()
    db.close()
    try:
        rt.replace_journal(lambda: restore(unknown, rt.journal.path, running_here=True),
                           rollback=lambda done: put_back(done[1], rt.journal.path))
    except CompanionError as e:
        assert "a game this companion does not know (chess)" in str(e) and "the journal as it was is back" in str(e)
    else:
        raise AssertionError("restored a game the companion does not know")
    after = rt.view()
    assert (after["seq"], after["phase"], after["players"]) == (before["seq"], before["phase"], before["players"])
    assert after["version"] > before["version"]
    assert rt.submit({"type": "advance"}).accepted and rt.journal.last_seq(1) == 9


def test_one_restore_at_a_time_and_only_with_room_to_play_on(make_runtime, tmp_path, monkeypatch):
    import http.client

    from phone import two_phones
    from web_panel import backups

    rt = _game_in_progress(make_runtime, tmp_path)
    with two_phones(rt) as (phone, _):
        body = phone.raw("GET", "/api/backup")[1]
        under_way = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=10)  # a restore's headers, no body yet
        under_way.putrequest("POST", "/api/restore")
        for name, value in (("Content-Length", len(body)), ("Content-Type", "application/vnd.sqlite3"),
                            ("Cookie", phone.cookie), ("X-CSRF-Token", phone.csrf)):
            under_way.putheader(name, str(value))
        under_way.endheaders()
        under_way.send(body[:10])
        status, answer = phone.call("POST", "/api/restore", body, {"Content-Type": "application/vnd.sqlite3"})
        assert status == 409 and "another restore is under way" in answer["error"]
        under_way.send(body[10:])
        assert under_way.getresponse().status == 200
        under_way.close()
        monkeypatch.setattr(backups, "RESERVE", 10**15)  # a petabyte to spare: no card has that
        status, answer = phone.call("POST", "/api/restore", body, {"Content-Type": "application/vnd.sqlite3"})
        assert status == 507 and "not enough free space" in answer["error"] and "Nothing was changed" in answer["error"]
    assert rt.journal.last_seq(1) == 8


def _crafted(tmp_path, body, *statements):
    """The downloaded backup with SQL of an attacker's own added to it."""
    crafted = tmp_path / "crafted.sqlite3"
    crafted.write_bytes(body)
    db = sqlite3.connect(crafted)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    return crafted.read_bytes()


def test_a_crafted_backup_brings_nothing_of_its_own_schema_and_no_session(make_runtime, tmp_path):
    """A valid journal with a trigger that re-inserts an attacker's session when it is revoked, one that
    makes every later input fail, a view calling a function, an index and an extra table: the restore
    builds a fresh journal, so none of it survives, and the backup's session never pairs a phone."""
    import hashlib

    from phone import Phone, two_phones

    rt = _game_in_progress(make_runtime, tmp_path)
    with two_phones(rt) as (phone, _):
        body = phone.raw("GET", "/api/backup")[1]
        planted = "attacker-secret"
        crafted = _crafted(
            tmp_path, body,
            "INSERT INTO sessions (id, secret_hash, csrf, name, created, seat) VALUES "
            f"('evil', '{hashlib.sha256(planted.encode()).hexdigest()}', 'x', 'owner', '2026-01-01', NULL)",
            "CREATE TRIGGER stay AFTER DELETE ON sessions BEGIN INSERT INTO sessions (id, secret_hash, csrf, name, "
            "created, seat) VALUES ('evil2', 'h', 'x', 'owner', '2026-01-01', NULL); END",
            "CREATE TRIGGER jam BEFORE INSERT ON inputs BEGIN SELECT RAISE(ABORT, 'jammed'); END",
            "CREATE VIEW spy AS SELECT random() AS r, * FROM games",
            "CREATE INDEX by_at ON inputs(at)",
            "CREATE TABLE loot (x)")
        status, answer = phone.call("POST", "/api/restore", crafted, {"Content-Type": "application/vnd.sqlite3"})
        assert status == 200 and (answer["games"], answer["inputs"]) == (1, 8), answer

        attacker = Phone(phone.port)
        attacker.cookie = f"companion_session={planted}"
        assert attacker.call("GET", "/api/state")[0] == 401  # the backup's session pairs nobody
        names = {row[0] for row in rt.journal.read("SELECT name FROM sqlite_master WHERE sql IS NOT NULL")}
        assert names == {"games", "inputs", "snapshots", "cards", "reader_events", "sessions", "kept"}, names
        assert [r[0] for r in rt.journal.read("SELECT name FROM sessions ORDER BY name")] == ["test phone", "test phone"]
        phone.input({"type": "advance"})  # inputs are written: no trigger jams them
        assert rt.journal.last_seq(1) == 9
        sessions = phone.get("/api/sessions")[1]["sessions"]
        other = next(s["id"] for s in sessions if not s["this"])
        assert phone.post(f"/api/sessions/{other}/revoke")[0] == 200
        phone.input({"type": "advance"})  # a write after the revoke: nothing re-inserts a session
        assert [r[0] for r in rt.journal.read("SELECT id FROM sessions")] == [next(s["id"] for s in sessions if s["this"])]


def test_a_backup_with_a_malformed_row_is_a_clear_400_and_changes_nothing(make_runtime, tmp_path):
    from phone import two_phones

    rt = _game_in_progress(make_runtime, tmp_path)
    with two_phones(rt) as (phone, _):
        body = phone.raw("GET", "/api/backup")[1]
        before = phone.get("/api/state")[1]
        for statement, said in (
                ("UPDATE games SET setup = '{\"players\": [' ", "row 1 of the backup's table games: setup must be a JSON object"),
                ("UPDATE inputs SET action = '[1]' WHERE seq = 3", "row 3 of the backup's table inputs: action must be a JSON object"),
                ("UPDATE inputs SET seq = 'three' WHERE seq = 3", "row 8 of the backup's table inputs: seq must be a whole number"),
                ("UPDATE games SET game = X'6d76'", "row 1 of the backup's table games: game must be text"),
                ("INSERT INTO inputs (game_id, seq, action, at) VALUES (7, 1, '{}', 'now')",
                 "the backup's table inputs names a game it does not hold"),
                ("ALTER TABLE inputs DROP COLUMN at", "the backup's table inputs is not as a journal's is")):
            crafted = _crafted(tmp_path, body, statement)
            status, answer = phone.call("POST", "/api/restore", crafted, {"Content-Type": "application/vnd.sqlite3"})
            assert status == 400 and said in answer["error"] and "Nothing was changed" in answer["error"], (statement, answer)
        assert phone.get("/api/state")[1] == before
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith((".panel", ".restore"))) == []


def _restored_nothing(phone, rt, tmp_path, before, crafted, said):
    status, answer = phone.call("POST", "/api/restore", crafted, {"Content-Type": "application/vnd.sqlite3"})
    assert status == 400 and said in answer["error"] and "Nothing was changed" in answer["error"], answer
    assert phone.get("/api/state")[1] == before
    left = [p.name for p in rt.journal.path.parent.iterdir() if p.name.startswith((".panel", ".restore"))]
    assert left == [], left


def test_restores_are_bounded_whatever_the_file_makes_its_rows_say(make_runtime, tmp_path):
    """The outside attack's restores: a snapshots table replaced by a recursive view (36 KB became a 206 MB
    journal), a card name of megabytes (every card list then answered 63 MB), an input nested a hundred
    thousand deep (a 500), and a generated column that makes big values out of nothing. Each is a 400 that
    says why, nothing changes, and nothing is left on the card."""
    from phone import two_phones

    rt = _game_in_progress(make_runtime, tmp_path)
    with two_phones(rt) as (phone, _):
        body = phone.raw("GET", "/api/backup")[1]
        before = phone.get("/api/state")[1]
        recursive = _crafted(tmp_path, body, "DROP TABLE snapshots",
                             "CREATE VIEW snapshots AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                             "SELECT 1 AS game_id, i AS seq, 'v' AS version, '{}' AS state FROM n")
        _restored_nothing(phone, rt, tmp_path, before, recursive, "the backup's snapshots is not a table as a journal's is")
        named = _crafted(tmp_path, body, "INSERT INTO cards VALUES ('04A1B2C3', 'master_of_venice', 'cards', "
                                         "printf('%.*c', 300000, 'x'), '2026-01-01')")
        _restored_nothing(phone, rt, tmp_path, before, named,
                          "row 1 of the backup's table cards: card is longer than the 200 characters a journal's ever is")
        deep = _crafted(tmp_path, body, "UPDATE inputs SET action = '{\"a\":' || printf('%.*c', 100000, '[') || "
                                        "printf('%.*c', 100000, ']') || '}' WHERE seq = 2")
        _restored_nothing(phone, rt, tmp_path, before, deep, "row 2 of the backup's table inputs: action is longer than")
        deep = _crafted(tmp_path, body, "UPDATE inputs SET action = '{\"a\":' || printf('%.*c', 40, '[') || "
                                        "printf('%.*c', 40, ']') || '}' WHERE seq = 2")
        _restored_nothing(phone, rt, tmp_path, before, deep, "row 2 of the backup's table inputs: action nests deeper than 32")
        grown = _crafted(tmp_path, body, "ALTER TABLE reader_events RENAME TO old_events",
                         "CREATE TABLE reader_events (id INTEGER PRIMARY KEY, boot TEXT, seq INTEGER, kind TEXT, "
                         "payload TEXT, at TEXT, game_id INTEGER, input_seq INTEGER, "
                         "outcome TEXT GENERATED ALWAYS AS (printf('%.*c', 1000, 'x')) VIRTUAL)",
                         "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 20000) "
                         "INSERT INTO reader_events (id, boot, seq, kind, payload, at) SELECT i, 'b', i, 'TAG', '{}', 'now' FROM n",
                         "DROP TABLE old_events")
        assert len(grown) < 2 * 2**20  # the file is small; the values it makes are not
        _restored_nothing(phone, rt, tmp_path, before, grown, "would be more than 10 times the size of the file")


def test_history_survives_any_number_of_small_restores(make_runtime, tmp_path):
    """The attack: only the last 3 replaced journals were kept, so four small restores erased the journal
    that held every game played. Now they are kept within a size budget: five small restores keep all five,
    the first of them the journal with the game played before any restore."""
    from phone import two_phones

    rt = _game_in_progress(make_runtime, tmp_path)
    with two_phones(rt) as (phone, _):
        body = phone.raw("GET", "/api/backup")[1]
        assert rt.submit({"type": "advance"}).accepted  # played on after the backup: 9 inputs
        for _ in range(5):
            status, answer = phone.call("POST", "/api/restore", body, {"Content-Type": "application/vnd.sqlite3"})
            assert status == 200, answer
    kept = sorted(p for p in tmp_path.iterdir() if ".before-restore-" in p.name)
    assert len(kept) == 5 and answer["kept"] == kept[-1].name, kept
    assert [inspect(k).inputs for k in kept] == [9, 8, 8, 8, 8]  # the first: the game as played before any restore


def test_past_the_budget_the_oldest_replaced_journals_go_first_never_the_newest(make_runtime, tmp_path, monkeypatch):
    from companion import backup as backup_mod

    rt = _game_in_progress(make_runtime, tmp_path)
    saved = tmp_path / "saved.sqlite3"
    backup(rt.journal.path, saved)
    rt.stop()
    journal = tmp_path / "journal.sqlite3"
    names = [restore(saved, journal)[1]]
    monkeypatch.setattr(backup_mod, "KEPT_BUDGET", int(2.5 * names[0].stat().st_size))  # two of them fit
    names = [names[0].name] + [restore(saved, journal)[1].name for _ in range(3)]
    assert sorted(p.name for p in tmp_path.iterdir() if ".before-restore-" in p.name) == names[-2:]
    monkeypatch.setattr(backup_mod, "KEPT_BUDGET", 0)  # none fits: the one just replaced stays all the same
    newest = restore(saved, journal)[1]
    assert [p for p in tmp_path.iterdir() if ".before-restore-" in p.name] == [newest]
