"""The end of a game on the OLED: the table thread draws the winner and the places from the view's result
(the game's own sheet, scored), or, without a result, that the sheet needs the fields the companion lacks."""

import random

import pytest
from master_table import MOV
from test_master_rules import _to_the_end
from test_palazzo_games import NAMES, _play
from test_table import make_rig

from companion import controls
from companion.core.words import sentence
from companion.games import scoring_of
from companion.screens import AlertScreen, ResultScreen, render
from companion.table import Timing


@pytest.fixture
def rig(tmp_path):
    made = make_rig(tmp_path)
    yield made
    made.close()


def _palazzo_to_the_end(rig, n, mode, skip=()):
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"tiles": mode, "coins": mode}}
    assert rig.runtime.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    _play(rig.runtime, random.Random(5), frozenset(), skip)
    assert rig.table.wait_idle()
    return rig.runtime.view()


def test_after_the_end_the_oled_shows_the_winner_and_the_places(rig):
    view = _palazzo_to_the_end(rig, 3, "virtual")
    result = view["result"]
    assert view["over"] and result is not None
    # First the end is announced, then the winner stays on the screen.
    assert rig.glass().tobytes() == render(AlertScreen("Game over", sentence(view["ended"]))).tobytes()
    rig.clock.now += Timing().result + 0.1
    assert rig.table.wait_idle()
    screen = controls.screen_for(view, controls.Panel())
    assert isinstance(screen, ResultScreen)
    assert rig.glass().tobytes() == render(screen).tobytes()
    scored = scoring_of("palazzo").score(rig.runtime.score_sheet())  # companion score on the table's own sheet
    winner = scored["winner"]
    assert screen.winner == (f"{winner[0]} wins" if len(winner) == 1 else " & ".join([", ".join(winner[:-1]), winner[-1]]))
    totals = {p["name"]: p["total"] for p in scored["players"]}
    assert [name for _, name, _ in screen.rows] == [name for group in scored["ranking"] for name in group]
    assert all(total == totals[name] for _, name, total in screen.rows)
    assert screen.rows[0][0] == 1 and all(a[0] <= b[0] for a, b in zip(screen.rows, screen.rows[1:]))
    rig.press("next")  # over: NEXT says so and changes nothing
    assert rig.runtime.view()["seq"] == view["seq"]


def _master_tied(rt):
    """Master of Venice for Ada and Bea with the roll-off rule option, to the end with the same Gold (the real
    pile runs out twice in the first turn): the roll-off the companion did not see is the sheet's two missing
    fields."""
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "options": {"winner_tie": "roll_off"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    for _ in range(2):
        assert rt.submit({"type": "deck_exhausted", "deck": "deck", "confirm": True}).accepted
    for _ in range(100):
        view = rt.view()
        if view["over"]:
            assert view["result"] is None and view["sheet_missing"] == ["players[0].roll_off", "players[1].roll_off"]
            return view
        nxt = next(o for o in view["options"] if o["button"] == "NEXT")
        assert rt.submit({**nxt["action"], **({"confirm": True} if nxt["confirm"] else {})}).accepted
    raise AssertionError("the game did not end")


def test_without_a_result_the_oled_says_how_many_fields_to_enter(rig):
    view = _master_tied(rig.runtime)
    assert rig.table.wait_idle()
    rig.clock.now += Timing().result + 0.1
    assert rig.table.wait_idle()
    screen = controls.screen_for(view, controls.Panel())
    assert screen == ResultScreen("Master", "Game over", note="No winner yet: enter 2 fields on the Scores page of a phone.")
    assert rig.glass().tobytes() == render(screen).tobytes()


def test_a_shared_win_names_the_winners_on_the_big_line():
    t = MOV(3)
    _to_the_end(t, (20, 12, 20))
    screen = controls.screen_for(t.view | {"version": 1}, controls.Panel())
    assert screen == ResultScreen("Shared win", "Ada & Cy", ((1, "Ada", 20), (1, "Cy", 20), (3, "Bea", 12)))


def test_one_field_missing_is_said_in_the_singular():
    t = MOV(3, winner_tie="roll_off")
    _to_the_end(t, (20, 12, 13))
    assert t.view["result"] is not None  # no tie, nothing to roll off
    t = MOV(2, winner_tie="roll_off")
    _to_the_end(t, (9, 9))
    view = t.view | {"version": 1}
    assert view["sheet_missing"] == ["players[0].roll_off", "players[1].roll_off"]
    assert controls.screen_for(view, controls.Panel()).note == "No winner yet: enter 2 fields on the Scores page of a phone."
    one = view | {"sheet_missing": ["players[1].roll_off"]}
    assert controls.screen_for(one, controls.Panel()).note == "No winner yet: enter 1 field on the Scores page of a phone."


# --- Past games: the winner from the replayed result ---------------------------------------------------


def test_a_past_game_shows_the_winner_of_its_scored_sheet(make_runtime):
    from companion import history
    from companion.games import GAMES

    rt = make_runtime(rng=random.Random(2))
    setup = {"players": [{"name": name} for name in NAMES[:3]], "deck_modes": {"tiles": "virtual", "coins": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    _play(rt, random.Random(4), frozenset())
    view = rt.view()
    past = rt.call(lambda: history.result(rt.journal, GAMES, view["game_id"]))
    scored = scoring_of("palazzo").score(rt.score_sheet())
    assert past["over"] and past["result"] == view["result"] and past["sheet_missing"] == []
    assert past["winner"] == scored["winner"]
    places = {name: 1 + sum(len(g) for g in scored["ranking"][:k]) for k, group in enumerate(scored["ranking"]) for name in group}
    assert {p["name"]: (p["place"], p["score"], p["winner"]) for p in past["players"]} == {
        p["name"]: (places[p["name"]], p["total"], p["name"] in scored["winner"]) for p in scored["players"]}
    rows = history.as_csv(past).splitlines()[1:]
    assert sorted(r.split(",")[5] for r in rows if r.endswith(",yes")) == sorted(scored["winner"])


def test_a_past_game_whose_sheet_the_companion_could_not_fill_has_no_winner(make_runtime):
    from companion import history
    from companion.games import GAMES

    rt = make_runtime(rng=random.Random(2))
    _master_tied(rt)
    past = rt.call(lambda: history.result(rt.journal, GAMES, rt.view()["game_id"]))
    assert past["over"] and past["result"] is None
    assert past["sheet_missing"] == ["players[0].roll_off", "players[1].roll_off"]
    assert past["winner"] == [] and not any(p["winner"] for p in past["players"])  # the Gold alone does not decide
    assert not any(p["winner"] for p in history.as_bgstats(past)["players"])


def test_the_panel_replays_a_past_game_once_and_again_after_it_changed(phones):
    table, _ = phones
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
    table.input({"type": "new_game", "game": "free_play", "setup": setup})
    table.input({"type": "finish", "confirm": True})
    first = table.get("/api/history/1")[1]
    assert first["over"] and first["result"] is None and len(first["winner"]) == 2  # free play: the standings
    assert table.get("/api/history/1")[1] == first
    table.input({"type": "undo", "confirm": True})  # the game is open again: not the replay kept for the finished one
    again = table.get("/api/history/1")[1]
    assert not again["over"] and again["winner"] == [] and again["inputs"] == first["inputs"] + 1
    assert table.get("/api/history/99")[0] == 404


def test_the_fields_entered_at_the_end_are_kept_with_the_game(make_runtime):
    """At game over the table offers each field the sheet lacks; entered there, the result is the table's, Past
    games' and BG Stats', as the same sheet scores; undo takes an entry back; a wrong value is refused."""
    from companion import history
    from companion.games import GAMES

    rt = make_runtime(rng=random.Random(2))
    view = _master_tied(rt)
    enter = [o for o in view["options"] if o["group"] == "Play"]
    assert [(o["label"], o["action"]) for o in enter] == [
        ("Enter Ada's roll-off dice", {"type": "final_sheet", "path": "players[0].roll_off"}),
        ("Enter Bea's roll-off dice", {"type": "final_sheet", "path": "players[1].roll_off"})]
    assert enter[0]["fields"]["value"]["items"]["enum"] == [1, 2, 3, 4, 5, 6]  # a die face each
    refused = rt.submit({**enter[0]["action"], "value": [9]})
    assert not refused.accepted and refused.reason.startswith("Enter Ada's roll-off dice: roll-off dice:")
    assert rt.submit({**enter[0]["action"], "value": [5]}).accepted
    assert rt.view()["sheet_missing"] == ["players[1].roll_off"] and rt.view()["result"] is None
    assert rt.submit({"type": "undo"}).accepted  # taken back: both are asked again
    assert len([o for o in rt.view()["options"] if o["group"] == "Play"]) == 2
    assert rt.submit({**enter[0]["action"], "value": [5]}).accepted
    assert rt.submit({**enter[1]["action"], "value": [2]}).accepted
    assert not rt.submit({**enter[1]["action"], "value": [1]}).accepted  # known now: nothing more to enter

    sheet = rt.score_sheet()
    sheet["players"][0]["roll_off"], sheet["players"][1]["roll_off"] = [5], [2]
    scored = scoring_of("master_of_venice").score(sheet)
    view = rt.view()
    assert view["sheet_missing"] == [] and view["result"]["winner"] == scored["winner"]
    past = rt.call(lambda: history.result(rt.journal, GAMES, view["game_id"]))  # replayed from the journal
    assert past["result"] == view["result"] and past["winner"] == scored["winner"]
    assert [p["name"] for p in history.as_bgstats(past)["players"] if p["winner"]] == scored["winner"]
