"""companion.core.ranking: groups best first, tie-break chains at every position."""

from __future__ import annotations

from hypothesis import given, strategies as st

from companion.core.ranking import RankKey, competition_positions, rank

TOTAL = RankKey("total", lambda p: p[1])
COINS = RankKey("coins", lambda p: p[2])
FEWEST = RankKey("structures", lambda p: p[3], "low")


def names(groups):
    return [[p[0] for p in group] for group in groups]


def test_highest_total_first_and_equal_totals_share_without_tiebreaks():
    players = [("Ada", 3, 0, 0), ("Bea", 7, 0, 0), ("Cy", 3, 0, 0), ("Dan", 1, 0, 0)]
    assert names(rank(players, [TOTAL])) == [["Bea"], ["Ada", "Cy"], ["Dan"]]


def test_tiebreak_applies_below_the_first_place_too():
    # Bea wins outright; Ada and Cy tie on the total in second place, Cy has more coins.
    players = [("Ada", 3, 1, 0), ("Bea", 7, 0, 0), ("Cy", 3, 4, 0)]
    assert names(rank(players, [TOTAL, COINS])) == [["Bea"], ["Cy"], ["Ada"]]


def test_second_tiebreak_only_when_the_first_is_equal_and_low_is_best():
    players = [("Ada", 5, 2, 6), ("Bea", 5, 2, 4), ("Cy", 5, 3, 9)]
    # Cy has more coins, so his many structures do not matter; Bea beats Ada on fewer structures.
    assert names(rank(players, [TOTAL, COINS, FEWEST])) == [["Cy"], ["Bea"], ["Ada"]]


def test_players_equal_on_every_key_share_a_group_in_given_order():
    players = [("Dan", 5, 2, 4), ("Ada", 5, 2, 4), ("Bea", 9, 0, 0)]
    assert names(rank(players, [TOTAL, COINS, FEWEST])) == [["Bea"], ["Dan", "Ada"]]


def test_list_values_compare_element_by_element():
    key = RankKey("rolls", lambda p: p[1])
    players = [("Ada", [4, 2]), ("Bea", [4, 5]), ("Cy", [6])]
    assert [[p[0] for p in g] for g in rank(players, [key])] == [["Cy"], ["Bea"], ["Ada"]]


def test_empty_input_and_inputs_untouched():
    assert rank([], [TOTAL]) == []
    players = [("Ada", 1, 0, 0), ("Bea", 2, 0, 0)]
    rank(players, [TOTAL])
    assert players == [("Ada", 1, 0, 0), ("Bea", 2, 0, 0)]


def test_competition_positions_skip_after_a_tie():
    assert competition_positions([["a", "b"], ["c"], ["d"]]) == [1, 3, 4]
    assert competition_positions([["a"], ["b", "c", "d"]]) == [1, 2]
    assert competition_positions([]) == []


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 3)), max_size=8))
def test_groups_partition_players_and_are_strictly_ordered(rows):
    players = [(f"p{i}", *row) for i, row in enumerate(rows)]
    keys = [TOTAL, COINS, FEWEST]
    groups = rank(players, keys)
    flat = [p for g in groups for p in g]
    assert sorted(flat) == sorted(players)

    def sort_key(p):
        return (-p[1], -p[2], p[3])

    for group in groups:
        assert len({sort_key(p) for p in group}) == 1
        # seat order kept inside a group
        assert [players.index(p) for p in group] == sorted(players.index(p) for p in group)
    for better, worse in zip(groups, groups[1:]):
        assert sort_key(better[0]) < sort_key(worse[0])
