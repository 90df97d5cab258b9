"""La Venise du Nord, whole games through the runtime and its journal: 2, 3 and 4 players, the decks entered
(virtual) or real, played from the table's buttons and the players' phones until the end, then scored."""

import random

import pytest
from venise_table import COMPOSITIONS, NAMES, VIRTUAL, bot_input

from companion import scoring
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner


def _fill(option, view, seat, rng):
    """What a player enters into a phone option's form."""
    me = view["players"][seat]
    values = {}
    for key, spec in option["fields"].items():
        if key == "keep":
            deck = {"Workshop": "workshops", "Order": "orders", "Master Builder": "builders"}[view["turn"]["tile"]]
            values[key] = rng.choice(sorted(COMPOSITIONS[deck]))
        elif key == "good":
            held = [g for g in spec["enum"] if me[g]]
            values[key] = rng.choice(held or spec["enum"])
        elif key == "onto":
            shops = [{"workshop": i, "n": 1} for i, w in enumerate(me["workshops"]) if not w["built"]]
            values[key] = shops[:1]
        elif "enum" in spec:
            values[key] = rng.choice(spec["enum"])
        elif spec.get("type") == "integer":
            values[key] = 1
        elif spec.get("type") == "object":
            values[key] = {}
    return values


def _play(rt, rng):
    finals, kinds, first, trigger = [], set(), None, None
    for _ in range(6000):
        view = rt.view()
        if view["over"]:
            return finals, kinds, trigger
        if first is None and view["rolloff"] is None:
            first = view["lead"]
        seat = view["active"]
        if view["final_round"] and view["phase"] == 1 and (not finals or finals[-1] != seat):
            finals.append(seat)
            trigger = trigger or view  # the table as the last round began
        phone = [o for o in rt.private(seat)["options"]] if seat is not None else []
        if phone and rng.random() < 0.3:
            option = rng.choice(phone)
            action = {**option["action"], **_fill(option, view, seat, rng), "phone_seat": seat}
            outcome = rt.submit(action)  # a form filled at random may be refused; nothing changes then
            if outcome.accepted:
                kinds.add(f"phone {action['type']}")
            continue
        action = bot_input(view, rng)
        outcome = rt.submit(action)
        assert outcome.accepted, (action, outcome.reason)
        kinds.add(action.get("type"))
        after = rt.view()
        for p in after["players"]:  # what the table holds stays within the game's pieces
            assert p["dice_in_hand"] + len(p["dice_on_tiles"]) == 5 and p["bridges"] <= 5
            assert p["wool"] + p["flax"] + p["gold"] <= 6
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("decks", ["entered", "real"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_to_the_final_scores(make_runtime, n, decks):
    rng = random.Random(30 + n)
    rt = make_runtime(rng=random.Random(n))
    setup = {"players": [{"name": name} for name in NAMES[:n]]}
    if decks == "entered":
        setup |= {"deck_modes": VIRTUAL, "compositions": COMPOSITIONS}
    assert rt.submit({"type": "new_game", "game": "la_venise_du_nord", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    finals, kinds, trigger = _play(rt, rng)
    view = rt.view()
    assert view["over"] and view["phase"] == "SCORING" and view["ended"] == "the last round is played"
    # The last round: every player once, the first player first (he keeps the First Player card).
    assert finals == [(view["lead"] + k) % n for k in range(n)]
    # It was triggered by every Market space covered or a player's 5 bridges, at the start of the round.
    assert trigger["market_free"] == 0 or 5 in [p["bridges"] for p in trigger["players"]]
    assert {"advance", "place"} <= kinds and ("look" in kinds if decks == "entered" else "phone activate" in kinds), kinds
    sheet = rt.score_sheet()
    result = scoring.score("la_venise_du_nord", sheet)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {p["name"]: p["points"] for p in view["players"]}
    assert set(result["winner"]) == set(view["standings"][0])
    assert view["sheet_missing"] == []
    assert_result_is(view["result"], result)
    assert_the_oled_shows_the_winner(view)
    assert_replays(rt, view, ("players", "step", "round", "active", "phase", "dice_on_tiles", "bridges", "market",
                              "prices", "decks"))
