"""Merchant Venturers, whole games through the runtime and its journal: 2 to 6 players, the board dealt by the
companion, the action cards real or entered, played from the table's buttons and the players' phones for ten
years, then scored."""

import random

import pytest
from merchant_table import CARDS, NAMES, bot_input, fill

from companion import scoring
from companion.games.merchant_venturers.table import STORAGE
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner


def _check_pieces(view):
    """What the table holds stays within the rules after every input."""
    for p in view["players"]:
        assert p["coins"] >= 0 and p["cards"] >= 0 and p["ships"]  # the last ship never sinks
        for ship in p["ships"]:
            assert len(ship["cargo"]) <= ship["cargo_space"]
        for post in p["posts"].values():
            assert len(post["goods"]) <= STORAGE[post["size"]]
    for stock in view["stock"].values():
        assert all(k >= 0 for k in stock.values())


def _play(rt, rng):
    kinds, turns, markers = set(), [], {}
    for _ in range(20000):
        view = rt.view()
        if view["over"]:
            return kinds, turns, markers
        if view["phase"] == 1 and (not turns or turns[-1] != (view["year"], view["season"])):
            turns.append((view["year"], view["season"]))
            if view["season"] == "Winter":
                coins = [p["coins"] for p in view["players"]]
                markers[view["year"]] = (view["first_move"], coins)
        seat = rng.randrange(len(view["players"]))
        phone = rt.private(seat)["options"]
        if phone and rng.random() < 0.1:
            option = rng.choice(phone)
            action = {**option["action"], **fill(option, view, seat, rng), "phone_seat": seat}
            if rt.submit(action).accepted:  # a form filled at random may be refused; nothing changes then
                kinds.add(f"phone {action['type']}")
            continue
        action = bot_input(view, rng)
        if view["phase"] == "PREGAME" and action["type"] == "advance":
            action["coins"] = [p["coins"] for p in view["players"]]
        outcome = rt.submit(action)
        assert outcome.accepted, (action, outcome.reason)
        kinds.add(action["type"])
        _check_pieces(rt.view())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("cards", ["real", "entered"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_whole_game_to_the_final_scores(make_runtime, n, cards):
    rng = random.Random(40 + n)
    rt = make_runtime(rng=random.Random(n))
    ages = [30 + 7 * k % 23 for k in range(n)]
    setup = {"players": [{"name": name, "age": age} for name, age in zip(NAMES[:n], ages)]}
    if cards == "entered":
        setup |= {"deck_modes": {"actions": "virtual"}, "compositions": {"actions": CARDS}}
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
    assert rt.view()["phase"] == "PREGAME"
    kinds, turns, markers = _play(rt, rng)
    view = rt.view()
    assert view["over"] and view["phase"] == "GAME_OVER" and view["ended"] == "the Autumn of year 10 is over"
    assert turns == [(y, s) for y in range(1, 11) for s in ("Winter", "Spring", "Summer", "Autumn")]
    for holder, coins in markers.values():  # the fewest coins as the year began, the youngest of them
        tied = [s for s in range(n) if coins[s] == min(coins)]
        assert holder == min(tied, key=lambda s: ages[s])
    assert {"deal", "place_start", "advance", "buy_goods", "sell", "sail", "load"} <= kinds, kinds
    assert any(k.startswith("phone ") for k in kinds), kinds
    sheet = rt.score_sheet()
    result = scoring.score("merchant_venturers", sheet)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {p["name"]: p["fortune"] for p in view["players"]}
    assert set(result["winner"]) == set(view["standings"][0])
    assert view["sheet_missing"] == []
    assert_result_is(view["result"], result)
    assert_the_oled_shows_the_winner(view)
    assert_replays(rt, view, ("players", "step", "round", "year", "season", "phase", "first_move", "board", "stock", "decks",
                              "result"))
