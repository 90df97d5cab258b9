"""The Patrons of Venice final scoring (SPEC.md 1.8-1.10; rulebook GAME END)."""

from __future__ import annotations

import pytest

from companion.errors import SheetError
from companion.games import scoring_of

GAME = "patrons_of_venice"


def player(name, businesses=(), favour_cards=0, ducats=0):
    return {"name": name, "businesses": [list(b) for b in businesses], "favour_cards": favour_cards, "ducats": ducats}


def plain(n, kind="draper"):
    """n businesses with no statue next to them (1 point each)."""
    return [(kind, False)] * n


def run(players, **options):
    sheet = {"players": players}
    if options:
        sheet["options"] = options
    return scoring_of(GAME).score(sheet)


def totals(result):
    return {p["name"]: p["total"] for p in result["players"]}


def test_points_are_businesses_with_statue_worth_two_plus_favours():
    # draper 1 + tent next to a statue 2 + gondola maker next to a statue 2 + 2 Favours = 7
    ada = player("Ada", [("draper", False), ("tent", True), ("gondola_maker", True)], favour_cards=2, ducats=9)
    result = run([ada, player("Bea"), player("Cy", favour_cards=1)])
    assert totals(result) == {"Ada": 7, "Bea": 0, "Cy": 1}
    assert result["players"][0]["breakdown"] == {"businesses": 5, "favour_cards": 2}
    assert result["game"] == GAME
    assert [p["name"] for p in result["players"]] == ["Ada", "Bea", "Cy"]


def test_statue_worth_option_three_reads_it_as_one_plus_two():
    ada = player("Ada", [("draper", False), ("tent", True), ("gondola_maker", True)], favour_cards=2)
    others = [player("Bea"), player("Cy")]
    assert totals(run([ada, *others], statue_business_worth=2))["Ada"] == 7
    assert totals(run([ada, *others], statue_business_worth=3))["Ada"] == 1 + 3 + 3 + 2


def test_statue_worth_three_can_reach_the_end_threshold():
    # 4 businesses next to statues: 8 points by default (game goes on), 12 with worth 3 (game over).
    ada = player("Ada", [("armour", True)] * 4)
    sheet = [ada, player("Bea", plain(5)), player("Cy")]
    default = run(sheet)
    assert default["end_triggered"] is False and default["winner"] == []
    three = run(sheet, statue_business_worth=3)
    assert three["end_triggered"] is True and three["winner"] == ["Ada"]


def test_the_highest_total_wins_when_someone_has_twelve():
    result = run([player("Ada", plain(6), 3), player("Bea", plain(10), 2), player("Cy", plain(4))])
    assert totals(result) == {"Ada": 9, "Bea": 12, "Cy": 4}
    assert result["end_triggered"] is True
    assert result["ranking"] == [["Bea"], ["Ada"], ["Cy"]]
    assert result["winner"] == ["Bea"]


def test_tie_on_points_goes_to_most_ducats():
    result = run([player("Ada", plain(12), ducats=4), player("Bea", plain(10), 2, ducats=11),
                  player("Cy", plain(3), ducats=30)])
    assert result["ranking"] == [["Bea"], ["Ada"], ["Cy"]]
    assert result["winner"] == ["Bea"]


def test_ducats_break_ties_at_every_position():
    result = run([player("Ada", plain(13)), player("Bea", plain(5), ducats=1), player("Cy", plain(5), ducats=8),
                  player("Dan", plain(2), ducats=50)])
    assert result["ranking"] == [["Ada"], ["Cy"], ["Bea"], ["Dan"]]


def test_tie_on_points_and_ducats_is_a_shared_win():
    result = run([player("Ada", plain(12), ducats=6), player("Bea", plain(11), 1, ducats=6), player("Cy", plain(2))])
    assert result["ranking"] == [["Ada", "Bea"], ["Cy"]]
    assert result["winner"] == ["Ada", "Bea"]


def test_lower_places_stay_shared_after_ducats():
    result = run([player("Ada", plain(12)), player("Bea", plain(3), ducats=2), player("Cy", plain(3), ducats=2),
                  player("Dan", plain(1), ducats=2)])
    assert result["ranking"] == [["Ada"], ["Bea", "Cy"], ["Dan"]]


@pytest.mark.parametrize("count", [3, 4])
def test_threshold_is_twelve_with_three_or_four_players(count):
    others = [player(f"P{i}", plain(1)) for i in range(count - 1)]
    eleven = run([player("Ada", plain(10), 1), *others])
    assert eleven["end_triggered"] is False
    assert eleven["winner"] == []
    assert eleven["ranking"][0] == ["Ada"]  # provisional standings are still given
    twelve = run([player("Ada", plain(10), 2), *others])
    assert twelve["end_triggered"] is True
    assert twelve["winner"] == ["Ada"]


def test_threshold_is_ten_with_five_players():
    # PV-EX-13: with 5 players, reaching 10 points ends the game.
    others = [player(f"P{i}", plain(2), ducats=i) for i in range(4)]
    ten = run([player("Ada", plain(8), 2), *others])
    assert ten["end_triggered"] is True and ten["winner"] == ["Ada"]
    nine = run([player("Ada", plain(8), 1), *others])
    assert nine["end_triggered"] is False and nine["winner"] == []
    # The provisional standings still use the Ducat tie-break: P3 > P2 > P1 > P0.
    assert nine["ranking"] == [["Ada"], ["P3"], ["P2"], ["P1"], ["P0"]]


def test_ten_points_do_not_end_a_four_player_game():
    result = run([player("Ada", plain(10)), player("Bea"), player("Cy"), player("Dan")])
    assert result["end_triggered"] is False and result["winner"] == []


def test_game_not_ended_keeps_provisional_ranking_with_ties():
    result = run([player("Ada", plain(4), ducats=3), player("Bea", plain(4), ducats=3), player("Cy", plain(5))])
    assert result["end_triggered"] is False
    assert result["ranking"] == [["Cy"], ["Ada", "Bea"]]
    assert result["winner"] == []


def test_threshold_met_by_a_player_who_does_not_win():
    # Ada reaches 12 and ends the game, Bea has 12 too and more Ducats.
    result = run([player("Ada", plain(12), ducats=1), player("Bea", plain(12), ducats=2), player("Cy")])
    assert result["winner"] == ["Bea"]


@pytest.mark.parametrize("count", [2, 6])
def test_player_count_outside_three_to_five_is_rejected(count):
    with pytest.raises(SheetError, match="players"):
        run([player(f"P{i}") for i in range(count)])


def test_every_business_type_is_accepted_and_unknown_ones_are_not():
    kinds = ["draper", "canvaser", "wainwright", "armour", "tent", "clothing", "gondola_maker"]
    result = run([player("Ada", [(k, False) for k in kinds]), player("Bea"), player("Cy")])
    assert totals(result)["Ada"] == 7
    with pytest.raises(SheetError, match=r"players\[0\]\.businesses\[0\]\[0\].*wagon"):
        run([player("Ada", [("wagon", False)]), player("Bea"), player("Cy")])
