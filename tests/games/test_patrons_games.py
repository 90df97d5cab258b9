"""The Patrons of Venice, whole games through the runtime and its journal: 3, 4 and 5 players,
real cards and a virtual deck, played from what the table offers until the end, then scored."""

import random

import pytest

from companion import scoring
from companion.history import result
from companion.games import GAMES
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner
from patrons_bot import Bot, setup

ALL_DUCATS = 140


def _money(view):
    return sum(p["ducats"] for p in view["players"]) + view["counters"]["bank"]


def _play(rt, seed):
    bot = Bot(rt.submit, rt.view, lambda seat: rt.private(seat).get("hand", []), seed)
    for _ in range(3000):
        if rt.view()["over"]:
            break
        bot.play_one()
        view = rt.view()
        assert _money(view) == ALL_DUCATS  # every payment is between players and the Bank
        assert all(p["cubes_left"] >= 0 for p in view["players"])
    return bot


@pytest.mark.parametrize("virtual", [False, True], ids=["real cards", "virtual deck"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_whole_game_to_the_final_scores(make_runtime, tmp_path, n, virtual):
    rt = make_runtime(rng=random.Random(n))
    start = rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup(n, virtual)})
    assert start.accepted, start.reason
    view = rt.view()
    # The second-youngest leads: Cy (35) after Bea (9) with three players; Dan (12) with four or five.
    assert (view["step"], view["turn"], view["lead"], view["active"]) == ("SETUP_DONE", 0, 3 if n >= 4 else 2, None)
    bot = _play(rt, seed=n)
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER"
    threshold = 10 if n == 5 else 12
    assert view["threshold"] == threshold
    assert max(p["points"] for p in view["players"]) >= threshold
    # The game ends at the end of a turn: the last step seen is the last sub-step of the chosen action.
    last_turn = [s for s in bot.steps_seen if s[0] == view["turn"]]
    assert last_turn[0][1] == "CHOOSE_ACTION" and last_turn[-1][1] in ("RESERVE", "SAIL_PLACE", "TRADE_BUY", "SPONSOR", "PRODUCE")
    # Leads rotate clockwise from the second-youngest.
    leads = {turn: seat for turn, step, seat in bot.steps_seen if step == "CHOOSE_ACTION"}
    assert all(leads[t + 1] == (leads[t] + 1) % n for t in leads if t + 1 in leads)

    sheet = scoring.score("patrons_of_venice", rt.score_sheet())
    assert sheet["end_triggered"] is True
    assert view["sheet_missing"] == [] and view["result"]["end_triggered"] is True  # the companion knows every field
    assert_result_is(view["result"], sheet)
    assert_the_oled_shows_the_winner(view)
    by_name = {p["name"]: p for p in view["players"]}
    assert {p["name"]: p["total"] for p in sheet["players"]} == {name: p["points"] for name, p in by_name.items()}
    standings = rt.view()["standings"]
    assert [sorted(group) for group in sheet["ranking"]] == [sorted(group) for group in standings]
    past = result(rt.journal, GAMES, view["game_id"])
    assert {p["name"] for p in past["players"] if p["winner"]} == set(sheet["winner"])

    # A restart replays the journal to the same table.
    assert_replays(rt, view, ("turn", "step", "players", "ships", "market", "wharf", "businesses", "statues", "counters"))
