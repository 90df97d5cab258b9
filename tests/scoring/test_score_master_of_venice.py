"""Master of Venice final scoring (SPEC.md 2.7-2.9; rulebook VICTORY)."""

from __future__ import annotations

import pytest

from companion.errors import SheetError
from companion.games import scoring_of

GAME = "master_of_venice"


def run(players, **options):
    sheet = {"players": players}
    if options:
        sheet["options"] = options
    return scoring_of(GAME).score(sheet)


def test_most_gold_wins_and_score_is_gold():
    result = run([{"name": "Ada", "gold": 31}, {"name": "Bea", "gold": 12}, {"name": "Cy", "gold": 40}])
    assert [(p["name"], p["total"]) for p in result["players"]] == [("Ada", 31), ("Bea", 12), ("Cy", 40)]
    assert result["players"][0]["breakdown"] == {"gold": 31}
    assert result["ranking"] == [["Cy"], ["Ada"], ["Bea"]]
    assert result["winner"] == ["Cy"]
    assert result["eliminated"] == []


def test_tie_on_gold_is_shared_by_default_at_every_position():
    result = run([{"name": "Ada", "gold": 20}, {"name": "Bea", "gold": 20}, {"name": "Cy", "gold": 5},
                  {"name": "Dan", "gold": 5}])
    assert result["ranking"] == [["Ada", "Bea"], ["Cy", "Dan"]]
    assert result["winner"] == ["Ada", "Bea"]


def test_eliminated_players_are_listed_but_not_ranked():
    # Bea has the most gold but lost the game to a War payment.
    result = run([{"name": "Ada", "gold": 31}, {"name": "Bea", "gold": 50, "eliminated": True},
                  {"name": "Cy", "gold": 12, "eliminated": False}])
    assert result["eliminated"] == ["Bea"]
    assert result["ranking"] == [["Ada"], ["Cy"]]
    assert result["winner"] == ["Ada"]
    assert [p["name"] for p in result["players"]] == ["Ada", "Bea", "Cy"]
    assert result["players"][1]["total"] == 50


def test_last_player_standing_wins_and_all_eliminated_means_no_winner():
    last = run([{"name": "Ada", "gold": 0}, {"name": "Bea", "gold": 9, "eliminated": True}])
    assert last["ranking"] == [["Ada"]] and last["winner"] == ["Ada"]
    nobody = run([{"name": "Ada", "gold": 3, "eliminated": True}, {"name": "Bea", "gold": 9, "eliminated": True}])
    assert nobody["ranking"] == [] and nobody["winner"] == []
    assert nobody["eliminated"] == ["Ada", "Bea"]


def test_roll_off_option_separates_tied_players_by_their_dice():
    players = [{"name": "Ada", "gold": 20, "roll_off": [4, 2]}, {"name": "Bea", "gold": 20, "roll_off": [4, 5]},
               {"name": "Cy", "gold": 20, "roll_off": [3]}, {"name": "Dan", "gold": 30}]
    result = run(players, winner_tie="roll_off")
    # Gold first (Dan), then the first roll (Cy's 3 is lowest), then the re-roll between Ada and Bea.
    assert result["ranking"] == [["Dan"], ["Bea"], ["Ada"], ["Cy"]]
    tied_top = run(players[:3], winner_tie="roll_off")
    assert tied_top["winner"] == ["Bea"]


def test_roll_off_with_equal_dice_stays_shared():
    result = run([{"name": "Ada", "gold": 20, "roll_off": [6]}, {"name": "Bea", "gold": 20, "roll_off": [6]}],
                 winner_tie="roll_off")
    assert result["winner"] == ["Ada", "Bea"]


def test_shared_option_is_the_default_reading():
    players = [{"name": "Ada", "gold": 20}, {"name": "Bea", "gold": 20}]
    assert run(players, winner_tie="shared")["winner"] == run(players)["winner"] == ["Ada", "Bea"]


def test_roll_off_dice_without_the_option_are_an_error():
    with pytest.raises(SheetError, match=r"players\[1\]\.roll_off"):
        run([{"name": "Ada", "gold": 20}, {"name": "Bea", "gold": 20, "roll_off": [3]}])


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_outside_two_to_four_is_rejected(count):
    with pytest.raises(SheetError, match="players"):
        run([{"name": f"P{i}", "gold": 1} for i in range(count)])


def test_roll_off_die_faces_are_one_to_six():
    with pytest.raises(SheetError, match=r"players\[0\]\.roll_off\[0\]"):
        run([{"name": "Ada", "gold": 1, "roll_off": [7]}, {"name": "Bea", "gold": 1}], winner_tie="roll_off")
