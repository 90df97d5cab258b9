"""Old journals upgraded in one place (companion/upgrades.py): a game keeps the version of the rules it was
played under, and only a game of an earlier version has its inputs taken to today's form, as it is read."""

import json
import sqlite3
from types import SimpleNamespace

import pytest

from companion import upgrades
from companion.core.result import Refused
from companion.errors import JournalError
from companion.games import GAMES
from companion.journal import MIGRATIONS, Journal
from companion.runtime import Runtime
from companion.upgrades import Upgrader
from conftest import Table

PATRONS = GAMES["patrons_of_venice"]
SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 0}


class Recorded(Table):
    """A table whose accepted inputs are kept as a journal keeps them (with their chance outcomes)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.inputs = []

    def do(self, **action):
        step = super().do(**action)
        if step is not None and not isinstance(step, Refused):
            self.inputs.append(dict(action))
        return step


def _old_inputs():
    """The first turn's choices as a journal of version 0 holds them: the lead's action in lower case, as the
    buttons once sent it, and a reservation as an input of its own."""
    t = Recorded(PATRONS, SETUP, rules=0)
    t.go(type="advance")
    t.go(type="advance", action="reserve")
    t.go(type="reserve", owner=1, ship=2, seat=0)  # Ada's cube on Bea's rightmost shipment
    return t.inputs, t.session.state


def _journal_of_version_5(path, inputs):
    """A journal as the companion before the rules' version was kept wrote it (journal version 5)."""
    db = sqlite3.connect(path, isolation_level=None)
    for migration in MIGRATIONS[:5]:
        for statement in migration.split(";"):
            if statement.strip():
                db.execute(statement)
    db.execute("PRAGMA user_version = 5")
    db.execute("INSERT INTO games (id, game, setup, started) VALUES (1, ?, ?, '2026-01-01T00:00:00.000+00:00')",
               (PATRONS.id, json.dumps(SETUP)))
    for seq, action in enumerate(inputs, 1):
        db.execute("INSERT INTO inputs (game_id, seq, action, at) VALUES (1, ?, ?, '2026-01-01T00:00:01.000+00:00')",
                   (seq, json.dumps(action)))
    db.close()


def test_a_game_journaled_before_the_rules_version_was_kept_is_upgraded_as_it_is_read(tmp_path):
    inputs, played = _old_inputs()
    assert {"type": "reserve", "owner": 1, "ship": 2, "seat": 0} in inputs  # the old form is what was journaled
    path = tmp_path / "journal.sqlite3"
    _journal_of_version_5(path, inputs)
    journal = Journal(path)
    assert journal.latest_game().rules is None  # version 0: before the journal kept it
    rt = Runtime(journal, GAMES)
    rt.start()
    try:
        assert rt._session.state == played
        assert rt.view()["step"] == "RESERVE" and rt.view()["active"] == 1  # Bea reserves next
    finally:
        rt.stop()


def test_a_game_of_todays_rules_is_not_upgraded(tmp_path):
    """The same old inputs, journaled as today's version: the rules know only today's inputs."""
    inputs, _ = _old_inputs()
    journal = Journal(tmp_path / "journal.sqlite3")
    game_id = journal.new_game(PATRONS.id, SETUP, PATRONS.rules)
    for seq, action in enumerate(inputs, 1):
        journal.append(game_id, seq, action)
    with pytest.raises(JournalError, match="input 2 of this The Patrons of Venice game can no longer be applied"):
        Runtime(journal, GAMES).start()


def test_an_input_todays_rules_have_not_is_left_out_with_the_undo_that_took_it_back(monkeypatch):
    """An upgrade that leaves an input out leaves out an undo or redo of it too, so every other undo still takes
    back the input it took back when it was played."""
    dropped = {"type": "gone"}
    monkeypatch.setitem(upgrades.UPGRADES, "old_game", {0: lambda state, action: None if action == dropped else action})
    upgrade = Upgrader(SimpleNamespace(id="old_game", rules=1), None)
    played = ({"type": "a"}, dropped, {"type": "undo"}, {"type": "redo"}, {"type": "undo"}, {"type": "undo"},
              {"type": "redo"})
    assert [a for a in played if upgrade(None, a) is not None] == [{"type": "a"}, {"type": "undo"}, {"type": "redo"}]


@pytest.mark.parametrize("game,old,today", [
    ("la_venise_du_nord", {"type": "boat", "tile": "Order"}, {"type": "boat", "boat": ["Order"]}),  # next to one tile
    ("palazzo", {"type": "choose", "tile": "Suns 3"}, None),  # the buttons' first step of a purchase: kept nothing
    ("palazzo", {"type": "advance", "action": "purchase", "tile": "Suns 3", "coins": [4, 4], "die": False, "at": [0, 1]},
     {"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"coins": [4, 4], "die": False}, "to": [0, 1]}),
    ("palazzo", {"type": "advance", "action": "purchase", "tile": "Suns 3", "exact": True, "place": "reserve"},
     {"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"exact": True}, "to": "reserve"}),
    ("palazzo", {"type": "advance", "action": "purchase", "tile": "Suns 3", "exact": False},  # no place: none kept
     {"type": "advance", "action": "purchase", "tile": "Suns 3", "pay": {"exact": False}, "to": "palazzo"}),
])
def test_each_games_old_inputs_are_upgraded_only_in_a_game_of_the_old_version(game, old, today):
    assert Upgrader(GAMES[game], None)(None, old) == today
    assert Upgrader(GAMES[game], 0)(None, old) == today
    assert Upgrader(GAMES[game], GAMES[game].rules)(None, old) == old
    assert Upgrader(GAMES[game], None)(None, today or {"type": "advance"}) == (today or {"type": "advance"})
