"""Merchant Venturers, whole games through the runtime and its journal: 2 to 6 players, the board dealt by the
companion, the action cards real or entered, played only through what is offered (each seat's own phone, some
seats claimed, and the table's options) with random valid values, for ten years; then scored and replayed."""

import random

import pytest
from merchant_table import CARDS, NAMES, play_one

from companion.games import scoring_of
from companion.games.merchant_venturers.table import STORAGE
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner
from options_bot import assert_short_lists, phones_at


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


def _play(rt, rng, claimed):
    kinds, turns, markers, log = set(), [], {}, []
    for _ in range(30000):
        view = rt.view()
        if view["over"]:
            return kinds, turns, markers, "\n".join(log)
        if view["phase"] == 1 and (not turns or turns[-1] != (view["year"], view["season"])):
            turns.append((view["year"], view["season"]))
            if view["season"] == "Winter":
                coins = [p["coins"] for p in view["players"]]
                markers[view["year"]] = (view["first_move"], coins)
        option, lines = play_one(rt, rng, claimed)
        kinds.add(option["action"]["type"])
        log += lines
        _check_pieces(rt.view())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n, cards", [(2, "real"), (3, "entered"), (4, "real"), (5, "entered"), (6, "real"), (6, "entered")])
def test_a_whole_game_to_the_final_scores(make_runtime, n, cards):
    rng = random.Random(40 + n)
    rt = make_runtime(rng=random.Random(n))
    ages = [30 + 7 * k % 23 for k in range(n)]
    setup = {"players": [{"name": name, "age": age} for name, age in zip(NAMES[:n], ages)]}
    if cards == "entered":
        setup |= {"deck_modes": {"actions": "virtual"}, "compositions": {"actions": CARDS}}
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
    assert rt.view()["phase"] == "PREGAME"
    claimed = frozenset(s for s in range(n) if rng.random() < 0.6)
    rt.set_claimed(phones_at(claimed))
    kinds, turns, markers, _ = _play(rt, rng, claimed)
    assert_short_lists(rt)  # no phone listed more than 12 choices at any moment
    view = rt.view()
    assert view["over"] and view["phase"] == "GAME_OVER" and view["ended"] == "the Autumn of year 10 is over"
    assert turns == [(y, s) for y in range(1, 11) for s in ("Winter", "Spring", "Summer", "Autumn")]
    for holder, coins in markers.values():  # the fewest coins as the year began, the youngest of them
        tied = [s for s in range(n) if coins[s] == min(coins)]
        assert holder == min(tied, key=lambda s: ages[s])
    assert {"advance", "sail"} <= kinds, kinds
    sheet = rt.score_sheet()
    result = scoring_of("merchant_venturers").score(sheet)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {p["name"]: p["fortune"] for p in view["players"]}
    assert set(result["winner"]) == set(view["standings"][0])
    assert view["sheet_missing"] == []
    assert_result_is(view["result"], result)
    assert_the_oled_shows_the_winner(view)
    assert_replays(rt, view, ("players", "step", "round", "year", "season", "phase", "first_move", "board", "stock", "decks",
                              "result"))


def test_whole_games_from_the_options_do_everything_a_merchant_may(make_runtime, tmp_path):
    """Between them, a few whole games place, buy ships, posts and cards, buy goods port by port (and pass),
    load, sail, sell, store, and lose what was neither loaded nor stored: all from the options alone."""
    seen = set()
    for seed, n in ((1, 2), (2, 3), (3, 4), (4, 3)):  # ships take seasons to cross: four games
        rng = random.Random(seed)
        rt = make_runtime(tmp_path / f"{seed}.sqlite3", rng=random.Random(seed))
        setup = {"players": [{"name": name, "age": 20 + k} for k, name in enumerate(NAMES[:n])]}
        assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
        rt.set_claimed(phones_at(frozenset(range(n))))
        log = _play(rt, rng, frozenset(range(n)))[3]
        seen |= {what for what in WHAT if what in log}
    assert seen == set(WHAT)


WHAT = ("starts at", "buys a", "builds a small trading post", "buys 1", "passes at", "loads", "sails", "sells", "stores",
        "neither loaded nor stored", "action card")
