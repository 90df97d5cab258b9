"""Merchant Venturers final scoring (SPEC.md 5.8-5.10; rulebook Winning)."""

from __future__ import annotations

import pytest

from companion.errors import SheetError
from companion.games import scoring_of

GAME = "merchant_venturers"
SLOW_SMALL = {"fast": False, "large": False}


def player(name, coins=0, ships=(SLOW_SMALL,), posts=("small",), held=0):
    return {"name": name, "coins": coins, "ships": [dict(s) for s in ships], "trading_posts": list(posts),
            "held_goods": held}


def run(players):
    return scoring_of(GAME).score({"players": players})


def totals(result):
    return {p["name"]: p["total"] for p in result["players"]}


def test_mvn_ex_07_ship_values_by_upgrades():
    ships = [{"fast": False, "large": False}, {"fast": True, "large": False}, {"fast": False, "large": True},
             {"fast": True, "large": True}]
    result = run([player("Ada", coins=0, ships=ships), player("Bea", ships=[{"fast": True, "large": True}])])
    assert totals(result) == {"Ada": 2 + 4 + 4 + 6, "Bea": 6}


def test_mvn_ex_02_starting_position_is_worth_five():
    result = run([player("Ada", coins=3), player("Bea", coins=3)])
    assert totals(result) == {"Ada": 5, "Bea": 5}
    assert result["players"][0]["breakdown"] == {"coins": 3, "ships": 2}


def test_mvn_ex_09_score_is_coins_plus_ships_and_posts_and_goods_do_not_count():
    ada = player("Ada", coins=20, ships=[{"fast": True, "large": False}], posts=["small", "large"], held=1)
    bea = player("Bea", coins=23, ships=[SLOW_SMALL], posts=["large", "large", "medium"], held=9)
    result = run([ada, bea])
    assert totals(result) == {"Ada": 24, "Bea": 25}
    assert result["winner"] == ["Bea"]


def test_missing_upgrade_flags_mean_no_upgrade():
    result = run([player("Ada", ships=[{}, {"fast": True}]), player("Bea")])
    assert totals(result)["Ada"] == 2 + 4


def test_tiebreak_one_more_large_trading_posts():
    result = run([player("Ada", 10, posts=["small", "small", "medium", "medium"], held=9),
                  player("Bea", 10, posts=["large"], held=0)])
    assert result["ranking"] == [["Bea"], ["Ada"]]


def test_tiebreak_two_more_medium_posts_when_large_are_equal():
    result = run([player("Ada", 10, posts=["large", "small", "small", "small"], held=9),
                  player("Bea", 10, posts=["large", "medium"], held=0)])
    assert result["ranking"] == [["Bea"], ["Ada"]]


def test_tiebreak_three_more_small_posts():
    result = run([player("Ada", 10, posts=["medium", "small"], held=0),
                  player("Bea", 10, posts=["medium"], held=9)])
    assert result["ranking"] == [["Ada"], ["Bea"]]


def test_tiebreak_four_more_held_goods():
    result = run([player("Ada", 10, posts=["large", "small"], held=2),
                  player("Bea", 10, posts=["small", "large"], held=3)])
    assert result["ranking"] == [["Bea"], ["Ada"]]
    assert result["winner"] == ["Bea"]


def test_everything_equal_is_a_shared_win():
    result = run([player("Ada", 10, posts=["large"], held=2), player("Bea", 10, posts=["large"], held=2),
                  player("Cy", 3)])
    assert result["ranking"] == [["Ada", "Bea"], ["Cy"]]
    assert result["winner"] == ["Ada", "Bea"]


def test_tiebreaks_apply_at_every_position():
    result = run([
        player("Ada", 30),
        player("Bea", 8, posts=["small"], held=1),
        player("Cy", 8, posts=["small"], held=4),
        player("Dan", 8, posts=["medium"], held=0),
        player("Eve", 2),
        player("Fay", 2),
    ])
    assert result["ranking"] == [["Ada"], ["Dan"], ["Cy"], ["Bea"], ["Eve", "Fay"]]


def test_total_beats_every_tiebreak():
    result = run([player("Ada", 11, posts=[]), player("Bea", 10, posts=["large"] * 4, held=50)])
    assert result["winner"] == ["Ada"]


@pytest.mark.parametrize("count", [1, 7])
def test_player_count_outside_two_to_six_is_rejected(count):
    with pytest.raises(SheetError, match="players"):
        run([player(f"P{i}") for i in range(count)])


def test_unknown_post_size_and_negative_goods_are_rejected():
    with pytest.raises(SheetError, match=r"players\[1\]\.trading_posts\[0\].*huge"):
        run([player("Ada"), player("Bea", posts=["huge"])])
    with pytest.raises(SheetError, match=r"players\[0\]\.held_goods"):
        run([player("Ada", held=-1), player("Bea")])


def test_no_options_exist_so_any_option_is_unknown():
    with pytest.raises(SheetError, match=r"options\.ship_value"):
        scoring_of(GAME).score({"players": [player("Ada"), player("Bea")], "options": {"ship_value": "paid"}})
    assert scoring_of(GAME).score({"players": [player("Ada"), player("Bea")], "options": {}})["winner"] == ["Ada", "Bea"]
