"""Piecepack palazzo game for the Duke of Venice (SPEC.md 3.7-3.9; rulebook Scoring)."""

from __future__ import annotations

import pytest

from companion.errors import SheetError
from companion.games import scoring_of

GAME = "palazzo"


def player(name, palazzo=(), reserve=(), coins=(), die=0):
    return {"name": name, "palazzo": [list(s) for s in palazzo], "reserve": [list(s) for s in reserve],
            "coins_in_hand": list(coins), "die_face": die}


def s(suit, value, turret=False):
    return (suit, value, turret)


def run(players, **options):
    sheet = {"players": players}
    if options:
        sheet["options"] = options
    return scoring_of(GAME).score(sheet)


def parts(result, part):
    return {p["name"]: p["breakdown"][part] for p in result["players"]}


def totals(result):
    return {p["name"]: p["total"] for p in result["players"]}


def test_pz_ex_01_moon_majority_with_a_turret():
    # Dirk 2 Moons, one turreted (counts 3); Phillip 2; Brad 1; Brunhilde 1. All values 0: majority only.
    result = run([
        player("Dirk", [s("moons", 0, True), s("moons", 0)]),
        player("Phillip", [s("moons", 0), s("moons", 0)]),
        player("Brad", [s("moons", 0)]),
        player("Brunhilde", [s("moons", 0)]),
    ])
    assert parts(result, "majority") == {"Dirk": 9, "Phillip": 4, "Brad": 1, "Brunhilde": 1}


def test_pz_ex_02_tied_majority_shares_the_higher_position_and_skips_the_next():
    # Suns: Phillip 2, Brunhilde 2 (both first: 3x2), Brad 1, Dirk 1 (third, not second: 1x1).
    result = run([
        player("Phillip", [s("suns", 0), s("suns", 0)]),
        player("Brunhilde", [s("suns", 0), s("suns", 0)]),
        player("Brad", [s("suns", 0)]),
        player("Dirk", [s("suns", 0)]),
    ])
    assert parts(result, "majority") == {"Phillip": 6, "Brunhilde": 6, "Brad": 1, "Dirk": 1}


def test_pz_ex_03_materials_count_the_turreted_structure_twice():
    phillip = player("Phillip", [s("arms", 5, True), s("moons", 4), s("suns", 3), s("crowns", 2), s("moons", 1),
                                 s("suns", 1)])
    result = run([phillip, player("Bea")])
    assert parts(result, "materials")["Phillip"] == 16 + 5


def test_pz_ex_09_full_four_player_reconstruction():
    # A layout consistent with every fact of the rulebook example (checked by hand, unique tiles):
    #   Dirk: moons 5 (turret), 3; suns 5; crowns 4, 2
    #     majority: moons 3 -> 9, suns 1 (3rd) -> 1, crowns 2 (1st) -> 6 = 16; materials 5+5+3+5+4+2 = 24 -> 40
    #   Phillip: moons 4, 1; suns 3, 2; arms 5 (turret); crowns 1
    #     majority: moons 2 (2nd) -> 4, suns 2 (1st) -> 6, arms 2 (1st) -> 6, crowns 1 (2nd) -> 2 = 18; materials 21 -> 39
    #   Brad: moons 2; suns 4; arms 4, 2; crowns 0
    #     majority: 1 + 1 + 6 + 2 = 10; materials 12 -> 22
    #   Brunhilde: moons 0; suns 0, 1; arms 3; crowns 5
    #     majority: 1 + 6 + 1 (arms 3rd) + 2 = 10; materials 9 -> 19
    result = run([
        player("Dirk", [s("moons", 5, True), s("moons", 3), s("suns", 5), s("crowns", 4), s("crowns", 2)]),
        player("Phillip", [s("moons", 4), s("moons", 1), s("suns", 3), s("suns", 2), s("arms", 5, True),
                           s("crowns", 1)]),
        player("Brad", [s("moons", 2), s("suns", 4), s("arms", 4), s("arms", 2), s("crowns", 0)]),
        player("Brunhilde", [s("moons", 0), s("suns", 0), s("suns", 1), s("arms", 3), s("crowns", 5)]),
    ])
    assert totals(result) == {"Dirk": 40, "Phillip": 39, "Brad": 22, "Brunhilde": 19}
    assert parts(result, "majority") == {"Dirk": 16, "Phillip": 18, "Brad": 10, "Brunhilde": 10}
    assert parts(result, "materials") == {"Dirk": 24, "Phillip": 21, "Brad": 12, "Brunhilde": 9}
    assert result["ranking"] == [["Dirk"], ["Phillip"], ["Brad"], ["Brunhilde"]]
    assert result["winner"] == ["Dirk"]


def test_fourth_position_scores_nothing():
    result = run([
        player("A", [s("crowns", 0)] * 4),
        player("B", [s("crowns", 0)] * 3),
        player("C", [s("crowns", 0)] * 2),
        player("D", [s("crowns", 0)]),
    ])
    assert parts(result, "majority") == {"A": 12, "B": 6, "C": 2, "D": 0}


def test_three_way_tie_for_first_pushes_the_next_player_to_fourth():
    result = run([player("A", [s("arms", 0)] * 2), player("B", [s("arms", 0)] * 2), player("C", [s("arms", 0)] * 2),
                  player("D", [s("arms", 0)])])
    assert parts(result, "majority") == {"A": 6, "B": 6, "C": 6, "D": 0}


def test_single_leader_then_three_tied_in_second():
    result = run([player("A", [s("arms", 0)] * 2), player("B", [s("arms", 0)]), player("C", [s("arms", 0)]),
                  player("D", [s("arms", 0)])])
    assert parts(result, "majority") == {"A": 6, "B": 2, "C": 2, "D": 2}


def test_reserve_never_scores_and_suits_are_case_insensitive():
    result = run([
        player("Ada", [s("Moons", 2), s("MOONS", 1)], reserve=[("moons", 5), ("suns", 5)]),
        player("Bea", [s("moons", 3), s("moons", 0)]),
    ])
    # Both have 2 moons: tied first, 3 x 2 each; reserve values ignored.
    assert totals(result) == {"Ada": 6 + 3, "Bea": 6 + 3}


def test_pz_ex_08_tie_on_total_goes_to_most_ducats_coins_plus_die():
    # Equal totals (one moon 3 each, different suits: 3 + 3 = 6 each).
    ada = player("Ada", [s("moons", 3)], coins=[4, 1], die=0)   # 5 ducats
    bea = player("Bea", [s("suns", 3)], coins=[2], die=4)       # 6 ducats
    result = run([ada, bea])
    assert totals(result) == {"Ada": 6, "Bea": 6}
    assert result["ranking"] == [["Bea"], ["Ada"]]
    assert result["winner"] == ["Bea"]


def test_pz_ex_07_spent_die_is_worth_nothing_then_fewest_structures_win():
    # Ada: coins 3 + die at null (0) = 3; Bea: coins 2 + die at ace (1) = 3. Tied ducats.
    ada = player("Ada", [s("moons", 5), s("moons", 0)], coins=[3], die=0)          # moons 2: 6 + 5 = 11
    bea = player("Bea", [s("suns", 4), s("suns", 1), s("suns", 0)], coins=[2], die=1)  # suns 3: 9 + 5 = 14
    cy = player("Cy", [s("arms", 5), s("arms", 0)], coins=[1, 1, 1], die=0)       # arms 2: 6 + 5 = 11
    result = run([ada, bea, cy])
    assert totals(result) == {"Ada": 11, "Bea": 14, "Cy": 11}
    # Ada and Cy: equal totals, equal ducats (3), equal structures (2): shared second place.
    assert result["ranking"] == [["Bea"], ["Ada", "Cy"]]


def test_fewest_structures_breaks_a_tie_on_total_and_ducats():
    ada = player("Ada", [s("moons", 5), s("moons", 4)], coins=[3])                 # 6 + 9 = 15, 2 structures
    bea = player("Bea", [s("suns", 0), s("suns", 1), s("suns", 5)], coins=[3])     # 9 + 6 = 15, 3 structures
    result = run([bea, ada])
    assert totals(result) == {"Ada": 15, "Bea": 15}
    assert result["ranking"] == [["Ada"], ["Bea"]]
    assert result["winner"] == ["Ada"]


def test_all_tiebreaks_equal_is_a_shared_win():
    ada = player("Ada", [s("moons", 5)], coins=[2], die=3)
    bea = player("Bea", [s("suns", 5)], coins=[5], die=0)
    result = run([ada, bea])
    assert result["winner"] == ["Ada", "Bea"]
    assert result["ranking"] == [["Ada", "Bea"]]


def test_structures_option_counting_the_reserve_flips_the_winner():
    ada = player("Ada", [s("moons", 5), s("moons", 4)], reserve=[("arms", 1), ("arms", 2)], coins=[2], die=1)
    bea = player("Bea", [s("suns", 0), s("suns", 1), s("suns", 5)], coins=[3])
    # Totals 15 each, ducats 3 each. Palazzo only: Ada 2 < Bea 3. With the reserve: Ada 4 > Bea 3.
    assert run([ada, bea])["winner"] == ["Ada"]
    assert run([ada, bea], structures_count="palazzo")["winner"] == ["Ada"]
    assert run([ada, bea], structures_count="palazzo_and_reserve")["winner"] == ["Bea"]


def test_structures_option_turret_doubled_separates_a_default_tie():
    ada = player("Ada", [s("moons", 1, True), s("moons", 0)], coins=[4])   # moons 3 -> 9, materials 2 -> 11
    bea = player("Bea", [s("arms", 5), s("arms", 0)], coins=[4])           # arms 2 -> 6, materials 5 -> 11
    assert run([ada, bea])["winner"] == ["Ada", "Bea"]                      # 2 structures each
    assert run([ada, bea], structures_count="turret_doubled")["ranking"] == [["Bea"], ["Ada"]]


def test_empty_palazzo_scores_zero():
    result = run([player("Ada"), player("Bea", [s("crowns", 2)])])
    assert totals(result) == {"Ada": 0, "Bea": 5}
    assert result["ranking"] == [["Bea"], ["Ada"]]


def test_two_turrets_are_rejected():
    with pytest.raises(SheetError, match=r"players\[0\]\.palazzo\[1\].*turret"):
        run([player("Ada", [s("moons", 1, True), s("moons", 2, True)]), player("Bea")])


@pytest.mark.parametrize("field, bad", [("die_face", 6), ("die_face", -1)])
def test_die_face_is_zero_to_five(field, bad):
    sheet = player("Ada")
    sheet[field] = bad
    with pytest.raises(SheetError, match=r"players\[0\]\.die_face"):
        run([sheet, player("Bea")])


def test_structure_values_and_suits_are_checked():
    with pytest.raises(SheetError, match=r"players\[1\]\.palazzo\[0\]\[1\]"):
        run([player("Ada"), player("Bea", [s("moons", 6)])])
    with pytest.raises(SheetError, match=r"players\[1\]\.reserve\[0\]\[0\].*stars"):
        run([player("Ada"), player("Bea", reserve=[("stars", 1)])])
    with pytest.raises(SheetError, match=r"players\[0\]\.coins_in_hand\[1\]"):
        run([player("Ada", coins=[1, 9]), player("Bea")])


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_outside_two_to_four_is_rejected(count):
    with pytest.raises(SheetError, match="players"):
        run([player(f"P{i}") for i in range(count)])
