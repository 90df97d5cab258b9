"""Old journals upgraded in one place: the inputs of a game played under an earlier version of its rules.

Each game is journaled with the version of its rules it was played under (`GameDef.rules`; a game journaled
before the versions were kept is of version 0). As such a game is replayed (companion/replay.py), each of its
inputs is taken to today's form here first, so the rules know only today's inputs.

Where an earlier version's input did what no input does today (NEXT giving out the offices left), or its setup
lacked what a new game must hold, the replay applies it under that version's rules: today's, with what
`RULES[game id][v]` gives back of version v (`played_under`).

`UPGRADES[game id][v]` takes an input of version v to version v + 1: (the state before it, the input) -> the
input, or None where version v + 1 has no such input (it did nothing that lasts: it is left out, and so is an
undo or a redo of it). An upgrade leaves an input already in the newer form as it is: a game the table took up
again after the companion was updated went on in today's form under its old version.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from pyrsistent import PMap

from companion.core.edit import Edit, Handler
from companion.core.flow import step_name
from companion.core.game import GameDef
from companion.core.result import Refused
from companion.games.master_of_venice.cards import OFFICES
from companion.games.master_of_venice.leaving import end_of_turn
from companion.games.master_of_venice.table import controller, unappointed
from companion.games.patrons_of_venice import SETUP_CHECKS, check_setup
from companion.games.patrons_of_venice.goods import recipes_for_a_virtual_deck
from companion.games.patrons_of_venice.sponsor import sponsor

Upgrade = Callable[[PMap, Mapping[str, Any]], Mapping[str, Any] | None]


# --- The Patrons of Venice, version 0: before the game moved onto steps ------------------------------------

# The choices that ended a player's part of a step were inputs of their own.
_PATRONS_ENDED = ("reserve", "take", "buy", "sponsor")


def _patrons_0(state: PMap, action: Mapping[str, Any]) -> Mapping[str, Any]:
    kind, flow = action.get("type"), state["flow"]
    if flow is None or flow["over"]:
        return action
    step = step_name(state)
    old = dict(action)
    if kind in _PATRONS_ENDED or (kind == "sell" and step == "SAIL_UNLOAD"):
        if step == "SAIL_UNLOAD":  # the receiver's phone named itself; today the offer knows who decides
            old.pop("seat", None)
        old = {**old, "type": "advance", "action": kind}
    if kind == "advance" and step == "CHOOSE_ACTION" and isinstance(old.get("action"), str):
        old["action"] = old["action"].upper()  # lower case, as the buttons once sent it
    if step == "TRADE_BUY":
        old.pop("passed", None)  # a plain advance passes, a purchase does not
    if old.get("action") == "sponsor" and "campo" in old:
        old["campi"] = [c for c in (old.pop("campo"), old.pop("second_campo", None)) if c not in (None, "")]
    return old


# --- La Venise du Nord, version 0: the Boat set right next to one tile -----------------------------------------

def _venise_0(state: PMap, action: Mapping[str, Any]) -> Mapping[str, Any]:
    if action.get("type") == "boat" and "tile" in action and "boat" not in action:
        return {**{k: v for k, v in action.items() if k != "tile"}, "boat": [action["tile"]]}
    return action


# --- palazzo, version 0: the buttons chose the tile before saying how it was paid ----------------------------

# A purchase named what was paid (coins, the die, whether exactly) and where it went (the reserve, or the
# palazzo at a place, or at none: a palazzo recorded without places) in keys of its own.
_PAID = ("coins", "die", "exact")


def _palazzo_0(state: PMap, action: Mapping[str, Any]) -> Mapping[str, Any] | None:
    if action.get("type") == "choose":
        return None  # it kept the tile, which nothing read
    if action.get("action") != "purchase" or "pay" in action or "to" in action:
        return action
    today = {k: v for k, v in action.items() if k not in (*_PAID, "place", "at")}
    at = action.get("at")
    to = "reserve" if action.get("place") == "reserve" else at if at is not None else "palazzo"
    return {**today, "pay": {k: action[k] for k in _PAID if k in action}, "to": to}


UPGRADES: Mapping[str, Mapping[int, Upgrade]] = {
    "palazzo": {0: _palazzo_0},
    "patrons_of_venice": {0: _patrons_0},
    "la_venise_du_nord": {0: _venise_0},
}


# --- The rules an earlier version was played under, where they gave what today's do not ---------------------

def _handler(game: GameDef, step: str, key: str, handler: Handler) -> GameDef:
    """`game` with the step named `step` taking the inputs of `key` to `handler`."""
    steps = tuple(replace(s, handlers={**s.handlers, key: handler}) if s.name == step else s for s in game.flow.steps)
    return replace(game, flow=replace(game.flow, steps=steps))


def _appoint_rest(e: Edit) -> None:
    """Master of Venice, version 0: NEXT in the Office Appointment gave the offices not yet given, in order, to
    the players without one, from the Doge's controller's (today he appoints each, and NEXT waits for him)."""
    table = e.data
    waiting = unappointed(e.state) if controller(table, "doge") is not None else []
    free = [o for o in OFFICES if o not in table["offices"]]
    for seat, office in zip(waiting, free):
        table["offices"][office] = seat
        e.say(f"{e.name(seat)}: Office of {office}.")
    end_of_turn(e)


_PATRONS_COST_MOST = 50  # what version 0 let a table enter as a Business Tile's cost


def _patrons_cost_0(state: PMap, kind: str, cost: object) -> Refused | None:
    """The Patrons of Venice, version 0: a business sponsored for 0 to 50, and for another cost than one its type
    was sponsored for before."""
    return None if type(cost) is int and 0 <= cost <= _PATRONS_COST_MOST else Refused(f"cost: 0 to {_PATRONS_COST_MOST}")


def _patrons_rules_0(game: GameDef) -> GameDef:
    """The Patrons of Venice, version 0: a virtual deck was played without the luxuries' recipes (where the
    box knows none, the player's word stands, as with real cards), and a business's cost was checked less."""
    checks = [c for c in SETUP_CHECKS if c is not recipes_for_a_virtual_deck]
    game = replace(game, check_setup=lambda setup: check_setup(setup, checks))
    return _handler(game, "SPONSOR", "sponsor", partial(sponsor, cost_check=_patrons_cost_0))


RULES: Mapping[str, Mapping[int, Callable[[GameDef], GameDef]]] = {
    "master_of_venice": {0: lambda game: _handler(game, "OFFICE_APPOINTMENT", "advance", _appoint_rest)},
    "patrons_of_venice": {0: _patrons_rules_0},
}


def played_under(game: GameDef, rules: int | None) -> GameDef:
    """`game` as a game of version `rules` (None: 0) was played: today's rules, with what each version since
    gave that today's do not."""
    own = RULES.get(game.id, {})
    for v in range(rules or 0, game.rules):
        if v in own:
            game = own[v](game)
    return game


class Upgrader:
    """One game's journaled inputs, in order, each taken from version `rules` of its game's rules to today's."""

    def __init__(self, game: GameDef, rules: int | None):
        own = UPGRADES.get(game.id, {})
        self._steps = [own[v] for v in range(rules or 0, game.rules) if v in own]
        self._past: list[bool] = []  # for each input an undo would take back: whether it was left out
        self._future: list[bool] = []  # the same for a redo

    def __call__(self, state: PMap, action: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """`action` in today's form, or None when it is left out (today's rules have no such input)."""
        kind = action.get("type")
        if kind in ("undo", "redo"):
            taken, put = (self._past, self._future) if kind == "undo" else (self._future, self._past)
            left_out = taken.pop() if taken else False
            put.append(left_out)
            return None if left_out else action
        for step in self._steps:
            action = step(state, action)
            if action is None:
                break
        self._past.append(action is None)
        self._future.clear()
        return action
