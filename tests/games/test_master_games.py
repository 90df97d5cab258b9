"""Master of Venice, whole games through the runtime and its journal: 2, 3 and 4 players, real cards and
a virtual deck, played from what the table and each seat's phone offer until the end, then scored."""

import random

import pytest

from companion import scoring
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner
from conftest import plays

NAMES = ("Ada", "Bea", "Cy", "Dan")


def _fill(fields, view, rng):
    """What a player types into an option's form: an item of each list, a number that may fit."""
    values = {}
    ids = [c["id"] for c in view["in_play"]] or [1]
    for key, spec in fields.items():
        if "enum" in spec:
            values[key] = rng.choice(spec["enum"])
        elif key in ("target", "route"):
            values[key] = rng.choice(ids)
        else:
            values[key] = rng.randint(0, 3)
    return values


def _play(rt, n, rng, real_cards):
    steps_seen, drawn, done = [], 0, set()
    for _ in range(6000):
        view = rt.view()
        if view["over"]:
            break
        if view.get("rolloff"):
            assert rt.submit({"type": "rolloff"}).accepted
            continue
        steps_seen.append((view["turn"], view["step"]))
        # Each seat's phone: bids, its own hand's plays, its answers (virtual: the only way to play a card).
        for seat in range(n):
            for option in rt.private(seat).get("options", []):
                if rng.random() < 0.5:
                    action = {**option["action"], **_fill(option["fields"], view, rng), "seat": seat, "phone_seat": seat}
                    if rt.submit(action).accepted:  # a refusal (a bid too dear, a wrong target) changes nothing
                        done.add(action["type"])
        view = rt.view()
        options = [o for o in plays(view) if o["action"]["type"] != "deck_exhausted"]
        if options and rng.random() < 0.6:
            option = rng.choice(options)
            if rt.submit({**option["action"], **_fill(option["fields"], view, rng)}).accepted:
                done.add(option["action"]["type"])
            continue
        if real_cards and view["step"] == "DRAW":
            drawn += n
            if drawn >= 40:  # the real pile runs out: the table says so
                assert rt.submit({"type": "deck_exhausted"}).accepted or view["game_end_pending"]
                drawn = 0
        before = (view["turn"], view["step"])
        outcome = rt.submit({"type": "advance"})
        if not outcome.accepted:  # a play waits for its answer: let it happen, or roll its dice
            pending = rt.view()["pending"]
            assert pending is not None, outcome.reason
            kind = "war_roll" if pending["kind"] == "war" else "resolve"
            assert rt.submit({"type": kind}).accepted
        else:
            assert (rt.view()["turn"], rt.view()["step"]) != before or rt.view()["rolloff"]
    return steps_seen, done


@pytest.mark.parametrize("real_cards", [True, False], ids=["real cards", "virtual deck"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_to_the_final_scores(make_runtime, n, real_cards):
    rng = random.Random(n)
    rt = make_runtime(rng=random.Random(n))
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"deck": "mirror" if real_cards else "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    steps, done = _play(rt, n, rng, real_cards)
    assert {"play", "trips", "villa"} <= done, done  # cards were played, Villas built, trips rolled
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER", view["step"]
    assert view["deck_pass"] == 2 and view["game_end_pending"] or sum(not p["eliminated"] for p in view["players"]) < 2
    # Every turn runs the eight phases in order; the game ends when a turn does.
    order = ["DRAW", "REVENUE", "DIPLOMACY", "EXPANSION", "EVENT", "WAR", "POPE"]
    first_turn = [s for t, s in dict.fromkeys(steps) if t == 1]
    assert first_turn[:len(order)] == order
    assert steps[-1][1] in ("DOGE", "DOGE_ELECTION", "OFFICE_APPOINTMENT")
    if not real_cards:  # every card is somewhere: the hands, in play, the piles
        deck = view["decks"]["deck"]
        assert deck["draw"] + deck["discard"] + deck["out"] == 116

    sheet = rt.score_sheet()
    assert [p["gold"] for p in sheet["players"]] == [p["gold"] for p in view["players"]]
    scored = scoring.score("master_of_venice", sheet)
    standing = [p["name"] for p in view["players"] if not p["eliminated"]]
    best = max(p["gold"] for p in view["players"] if p["name"] in standing)
    assert set(scored["winner"]) == {p["name"] for p in view["players"] if p["name"] in standing and p["gold"] == best}
    assert view["sheet_missing"] == [] and view["result"]["eliminated"] == scored["eliminated"]
    assert_result_is(view["result"], scored)
    assert_the_oled_shows_the_winner(view)

    # A restart replays the journal to the same table.
    assert_replays(rt, view, ("turn", "step", "players", "in_play", "pope", "doge", "offices", "decks", "deck_pass"))
