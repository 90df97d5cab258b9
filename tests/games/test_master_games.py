"""Master of Venice, whole games through the runtime and its journal, played only through what is offered:
each seat's own phone (its options, private ones included: the hand's cards, the sealed bids) and the
table's options (the buttons and the table page), with random valid values for every field. 2, 3 and 4
players, real cards and a virtual deck, phones holding every seat, some or none, many seeds; then scored and
replayed."""

import random

import pytest

from options_bot import assert_short_lists, phones_at, play_one

from companion.games import scoring_of
from companion.games.master_of_venice import MASTER
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner

NAMES = ("Ada", "Bea", "Cy", "Dan")
# The real pile runs out now and then, not at every Draw; bids and plays are likelier than letting them go.
KEEN = {"deck_exhausted": 0.15, "bid": 3, "play": 2}


def _play(rt, rng, claimed):
    steps_seen, done = [], set()
    for _ in range(6000):
        view = rt.view()
        if view["over"]:
            return steps_seen, done
        if view.get("step"):
            steps_seen.append((view["turn"], view["step"]))
        for seat in claimed:  # a claimed seat's private options come only from its own phone
            assert not [o for o in view["options"] if o["private"] and o in rt.seat_view(seat)["options"]]
        done.add(play_one(rt, rng, claimed, KEEN))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("real_cards", [True, False], ids=["real cards", "virtual deck"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_from_the_phones_and_the_table_only(make_runtime, n, real_cards, seed):
    rng = random.Random(10 * n + seed)
    rt = make_runtime(rng=random.Random(seed))
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"deck": "mirror" if real_cards else "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    claimed = frozenset(s for s in range(n) if rng.random() < [1.0, 0.5, 0.0][seed % 3])  # every seat, some, none
    rt.set_claimed(phones_at(claimed))
    steps, done = _play(rt, rng, claimed)
    assert_short_lists(rt)  # no phone listed more than 12 choices at any moment
    assert {"play", "advance", "rolloff"} <= done, done
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER", view["step"]
    assert view["deck_pass"] == 2 and view["game_end_pending"] or sum(not p["eliminated"] for p in view["players"]) < 2
    # Every turn runs the eight phases in order (the Revenue Phase with no trip dice to roll, and an election
    # nobody can bid in, pass by themselves, so the table never waits there); the game ends when a turn does.
    order = ["DRAW", "DIPLOMACY", "EXPANSION", "EVENT", "WAR", "POPE"]
    first_turn = [s for t, s in dict.fromkeys(steps) if t == 1]
    assert first_turn[:len(order)] == order
    phases = [step.name for step in MASTER.flow.steps]
    for turn in {t for t, _ in steps}:  # a phase that waited for the table came in its place
        seen = [s for t, s in dict.fromkeys(steps) if t == turn and s in phases]
        assert seen == sorted(seen, key=phases.index), (turn, seen)
    if not real_cards:  # every card is somewhere: the hands, in play, the piles
        deck = view["decks"]["deck"]
        assert deck["draw"] + deck["discard"] + deck["out"] == 116

    sheet = rt.score_sheet()
    assert [p["gold"] for p in sheet["players"]] == [p["gold"] for p in view["players"]]
    scored = scoring_of("master_of_venice").score(sheet)
    standing = [p["name"] for p in view["players"] if not p["eliminated"]]
    best = max(p["gold"] for p in view["players"] if p["name"] in standing)
    assert set(scored["winner"]) == {p["name"] for p in view["players"] if p["name"] in standing and p["gold"] == best}
    assert view["sheet_missing"] == [] and view["result"]["eliminated"] == scored["eliminated"]
    assert_result_is(view["result"], scored)
    assert_the_oled_shows_the_winner(view)
    # A restart replays the journal to the same table.
    assert_replays(rt, view, ("turn", "step", "players", "in_play", "pope", "doge", "offices", "decks", "deck_pass"))


def test_whole_games_from_the_options_do_everything_a_player_may(make_runtime):
    """Between them, a few whole games make every kind of play the phones offer: bids, Villas, trips, cards
    played, answered and seized, offices appointed."""
    done = set()
    for seed, real in ((0, True), (1, False), (2, True), (3, False)):
        rng = random.Random(seed)
        rt = make_runtime(rng=random.Random(seed))
        setup = {"players": [{"name": name} for name in NAMES[:3]], "deck_modes": {"deck": "mirror" if real else "virtual"}}
        assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
        rt.set_claimed(phones_at(frozenset({0, 1})))  # two phones, and a seat the table plays for
        done |= _play(rt, rng, frozenset({0, 1}))[1]
    assert {"bid", "villa", "trips", "play", "appoint", "tap", "resolve", "deck_exhausted"} <= done, done
