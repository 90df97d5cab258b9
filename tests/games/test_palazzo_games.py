"""The palazzo game, whole games through the runtime and its journal, played only through what is offered:
each seat's own phone (its options, private ones included) and the table's options (the buttons and the
table page), with random valid values for every field. 2, 3 and 4 players, virtual and real pieces, phones
holding every seat, some or none, many seeds; then scored and replayed."""

import random

import pytest
from options_bot import assert_short_lists, choices, filled, from_seat, phones_at

from companion.games import scoring_of
from companion.games.palazzo import layout
from companion.games.palazzo.pieces import TILE_NAMES
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner

NAMES = ("Ada", "Bea", "Cy", "Dan")


def _pick(choices, rng, final_round, skip=()):
    """A random choice, each kind of thing as likely as another (a real game lists 20 tiles to name), buying
    often (a bot that buys ends the game), undoing and correcting now and then (not in the final round,
    whose order the test follows)."""
    by_kind = {}
    for option, seat in choices:
        kind = option["action"].get("action") or option["action"]["type"]
        if kind not in skip:
            by_kind.setdefault(kind, []).append((option, seat))
    if "purchase" in by_kind and rng.random() < 0.5:
        return rng.choice(by_kind["purchase"])
    if final_round or rng.random() > 0.03:
        by_kind = {k: v for k, v in by_kind.items() if k not in ("undo", "redo", "counter")}
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])


def _brimful(option, rng):
    """The input `option` makes, a list field filled with as many values as it allows at random (up to its
    maxItems, no value more often than its maxEach): what a phone may post, at the field's very bounds."""
    action = filled(option, rng)
    for key, field in option["fields"].items():
        if field.get("type") == "array" and "enum" in field["items"]:
            values, each = field["items"]["enum"], field.get("maxEach", field["maxItems"])
            room = [each[i] if isinstance(each, list) else each for i in range(len(values))]
            pool = [v for v, k in zip(values, room) for _ in range(k)]
            action[key] = rng.sample(pool, rng.randint(field.get("minItems", 0), min(field["maxItems"], len(pool))))
    return action


def _typed(field):
    """Whether a field asks to type (a free string), rather than to pick."""
    return field.get("type") == "string" or (field.get("type") == "array" and _typed(field["items"]))


def _play(rt, rng, claimed, skip=()):
    kinds, finals, ender = set(), [], None
    for _ in range(5000):
        view = rt.view()
        if view["over"]:
            return kinds, finals, ender
        table = [o for o in view["options"] if o["private"]]
        for seat in claimed:  # a claimed seat's private options come only from its own phone
            assert not [o for o in rt.seat_view(seat)["options"] if o["private"] and o in table]
        coins = view["decks"]["coins"]  # the counts never exceed the set (24 coins)
        assert coins["discard"] + (coins["out"] if isinstance(coins["out"], int) else len(coins["out"])) <= 24, coins
        found = choices(rt, view, claimed)
        assert not [o["label"] for o, _ in found for f in o["fields"].values() if _typed(f)]  # every piece is picked
        option, seat = _pick(found, rng, view.get("final_round"), skip)
        action = _brimful(option, rng) if rng.random() < 0.5 else filled(option, rng)
        outcome = rt.submit(action, source=from_seat(seat))
        assert outcome.accepted, (option["label"], action, seat, outcome.reason)  # an offered option is accepted
        kinds.add(action.get("action") or action["type"])
        if view.get("final_round") and action["type"] == "advance":
            finals.append(view["active"])
        elif not view.get("final_round") and rt.view().get("final_round"):
            ender = view["active"]  # the last structure is bought
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("real", [True, False], ids=["real pieces", "virtual pieces"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_from_the_phones_and_the_table_only(make_runtime, n, real, seed):
    rng = random.Random(100 * n + seed)
    rt = make_runtime(rng=random.Random(seed))
    mode = "mirror" if real else "virtual"
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"tiles": mode, "coins": mode}}
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    claimed = frozenset(s for s in range(n) if rng.random() < [1.0, 0.5, 0.0][seed % 3])  # every seat, some, none
    rt.set_claimed(phones_at(claimed))
    kinds, finals, ender = _play(rt, rng, claimed)
    assert_short_lists(rt)  # no phone listed more than 12 choices at any moment
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER" and view["ended"] == "every player has had a last turn"
    assert {"rolloff", "coin", "purchase"} <= kinds, kinds
    for player in view["players"]:  # every palazzo kept the building rules to the end
        grid = {tuple(p["at"]): p["tile"] for p in player["palazzo"]}
        assert player["laid_out"] is not False and len(grid) == len(player["palazzo"]) and not layout.gaps(grid)
        assert all(layout.go_together(t, grid[c2]) for c, t in grid.items() for c2 in layout.neighbours(c) if c2 in grid)
    assert finals == [(ender + k) % n for k in range(1, n + 1)]  # one action each, from the ender's left, to him
    built = [p["tile"] for who in view["players"] for p in who["palazzo"]] + [t for who in view["players"] for t in who["reserve"]]
    assert sorted(built) == sorted(TILE_NAMES) and view["tiles_left"] == 0
    sheet = rt.score_sheet()
    unknown = [s for s in range(n) if rt.private(s)["hand"] is None]  # real coins nobody entered on a phone
    assert not unknown or real
    points = [p["points"] for p in view["players"]]
    unknown = [s for s in unknown if points.count(points[s]) > 1]  # the coins only break a tie on points
    assert view["sheet_missing"] == [f"players[{s}].coins_in_hand" for s in unknown]
    if unknown:  # the table cannot score it: the coins are entered on the score page
        assert view["result"] is None and [sheet["players"][s]["coins_in_hand"] for s in unknown] == [None] * len(unknown)
        for s in unknown:
            sheet["players"][s]["coins_in_hand"] = [rng.randrange(6) for _ in range(rng.randrange(3))]
    result = scoring_of("palazzo").score(sheet)
    assert {p["name"]: p["total"] for p in result["players"]} == {p["name"]: p["points"] for p in view["players"]}
    if not unknown:  # the table's result is the scored sheet's
        assert_result_is(view["result"], result)
        assert_the_oled_shows_the_winner(view)
    assert_replays(rt, view, ("players", "yard", "bank", "step", "round", "active", "tiles_left", "decks", "result", "sheet_missing"))


@pytest.mark.parametrize("n", [2, 4])
def test_real_coins_nobody_entered_leave_the_result_to_the_score_page(make_runtime, n):
    """Real coins, and no player enters his hand on a phone: at the end the table knows every palazzo but no
    coins in hand, so it gives no result and names the fields; the sheet filled in on the score page scores."""
    rng = random.Random(7 + n)
    rt = make_runtime(rng=random.Random(n))
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"tiles": "mirror", "coins": "mirror"}}
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    _play(rt, rng, frozenset(), skip=("hand",))
    view = rt.view()
    points = [p["points"] for p in view["players"]]
    tied = [s for s in range(n) if points.count(points[s]) > 1]  # the coins only break a tie on points
    assert view["over"] and (view["result"] is None) == bool(tied)
    assert view["sheet_missing"] == [f"players[{s}].coins_in_hand" for s in tied]
    sheet = rt.score_sheet()
    assert [p["coins_in_hand"] is None for p in sheet["players"]] == [s in tied for s in range(n)]
    assert [p["die_face"] for p in sheet["players"]] == [p["die"] for p in view["players"]]  # the rest is known
    for player, coins in zip(sheet["players"], ([4, 1], [], [0], [5, 5, 2])):
        player["coins_in_hand"] = coins
    result = scoring_of("palazzo").score(sheet)
    assert {p["name"]: p["total"] for p in result["players"]} == {p["name"]: p["points"] for p in view["players"]}
