"""The palazzo game, whole games through the runtime and its journal: 2, 3 and 4 players, virtual and real
pieces, played from what the table's buttons and each seat's phone offer until the end, then scored."""

import random

import pytest

from companion import scoring
from companion.games.palazzo import layout
from companion.games.palazzo.pieces import TILE_NAMES
from conftest import assert_replays

NAMES = ("Ada", "Bea", "Cy", "Dan")


def _fill(option, view, private, seat, rng):
    """What a player enters into an option's form: coins from their hand, a legal place, a choice."""
    values = {}
    for key, spec in sorted(option["fields"].items(), key=lambda kv: kv[0] == "at"):  # the tile before its place
        if key == "coins":
            if private["hand"] is not None:  # not known to the companion: left empty, "paid exactly" says it
                values[key] = rng.sample(private["hand"], rng.randint(0, len(private["hand"])))
        elif key == "at" and not view["players"][seat]["palazzo"] and rng.random() < 0.25:
            continue  # the first structure: only recorded, this palazzo is not laid out
        elif key == "at":
            mine = view["players"][seat]["palazzo"]
            grid = {tuple(p["at"]): p["tile"] for p in mine}
            tile = values.get("tile") or option["action"].get("tile") or option["action"].get("build")
            legal = layout.legal_cells(grid, tile)
            values[key] = list(rng.choice(legal)) if legal else [0, 0]
        elif "enum" in spec:
            values[key] = rng.choice(spec["enum"])
        elif spec.get("type") == "boolean":
            values[key] = rng.random() < 0.5
        elif spec.get("type") == "integer":
            values[key] = rng.randint(0, 5)
    return values


def _play(rt, n, rng, real):
    kinds, finals, ender = set(), [], None
    laid_out = set()
    for _ in range(4000):
        view = rt.view()
        if view["over"]:
            break
        if view["rolloff"]:
            assert rt.submit({"type": "rolloff"}).accepted
            continue
        if view["step"] == "SETUP":
            assert rt.submit({"type": "advance"}).accepted
            continue
        seat = view["active"]
        if view["tiles_left"] == 1:
            ender = seat
        private = rt.private(seat)
        if real and rng.random() < 0.05:  # now and then a player enters their real coins on their phone
            coins = [o for o in private["options"] if o["action"]["type"] == "hand"]
            rt.submit({**coins[0]["action"], "coins": [rng.randint(0, 5) for _ in range(2)], "phone_seat": seat})
        choices = [(o, True) for o in private["options"] if o["action"]["type"] != "hand"]
        choices += [(o, False) for o in view["options"]]
        buying = [c for c in choices if c[0]["action"].get("action") == "purchase" or c[0]["action"]["type"] == "choose"]
        if buying and rng.random() < 0.5:  # buying moves the game on: a bot that buys often ends it
            choices = buying
        by_kind = {}  # each kind of thing to do as likely as another (real pieces list 20 tiles to name)
        for c in choices:
            by_kind.setdefault(c[0]["action"].get("action") or c[0]["action"]["type"], []).append(c)
        option, phone = rng.choice(by_kind[rng.choice(sorted(by_kind))]) if by_kind else (None, False)
        before = (view["tiles_left"], view["active"], view["extra_action"])
        if option is None:
            action = {"type": "advance"}
        else:
            action = {**option["action"], **_fill(option, view, private, seat, rng)}
            if phone:
                action["phone_seat"] = seat
        outcome = rt.submit(action)
        if outcome.accepted:
            if view["final_round"] and action["type"] == "advance":
                finals.append(seat)
            kinds.add(action.get("action") or action["type"])
            if "at" in action:
                laid_out.add(seat)
            after = rt.view()
            if action["type"] == "advance" and not after["over"]:
                moved = (after["tiles_left"], after["active"], after["extra_action"])
                assert moved != before or after["extra_action"], (action, outcome.log)
    return kinds, finals, ender, laid_out


@pytest.mark.parametrize("real", [True, False], ids=["real pieces", "virtual pieces"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_to_the_final_scores(make_runtime, n, real):
    rng = random.Random(10 + n)
    rt = make_runtime(rng=random.Random(n))
    mode = "mirror" if real else "virtual"
    setup = {"players": [{"name": name} for name in NAMES[:n]], "deck_modes": {"tiles": mode, "coins": mode}}
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    kinds, finals, ender, laid_out = _play(rt, n, rng, real)
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER" and view["ended"] == "every player has had a last turn"
    assert {"coin", "purchase"} <= kinds, kinds
    assert laid_out, "nobody laid out a palazzo on the phone"
    for player in view["players"]:  # the palazzos laid out on the phones kept the building rules to the end
        if player["laid_out"]:
            grid = {tuple(p["at"]): p["tile"] for p in player["palazzo"]}
            assert len(grid) == len(player["palazzo"]) and not layout.holes(grid)
            assert all(layout.go_together(t, grid[n]) for c, t in grid.items() for n in layout.neighbours(c) if n in grid)
    # The final round: one action each, from the left of the player who bought the last structure, to him.
    assert finals == [(ender + k) % n for k in range(1, n + 1)]
    # Every one of the 24 structures is in a palazzo or a reserve, once.
    built = [p["tile"] for who in view["players"] for p in who["palazzo"]] + [t for who in view["players"] for t in who["reserve"]]
    assert sorted(built) == sorted(TILE_NAMES) and view["tiles_left"] == 0
    sheet = rt.score_sheet()
    result = scoring.score("palazzo", sheet)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {p["name"]: p["points"] for p in view["players"]}
    assert result["winner"] and set(result["winner"]) <= set(view["standings"][0])
    assert_replays(rt, view, ("players", "yard", "bank", "step", "round", "active", "tiles_left", "decks"))
