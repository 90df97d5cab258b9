"""La Venise du Nord: what each advance does, the end-of-turn shortcut, and the generic actions the game
allows (a look and a keep of the activated tile's deck).

  ROLL       free two dice, roll them                 moves.roll
  MOVE       the Burgher's move; the die settles       moves.move
  ACTIVATE   the tile's power (or {use: false})        powers.activate
  SECONDARY  the others' activations are their own `activate` inputs; the advance closes the phase
  BRIDGE     at most one bridge                        moves.bridge
  PRODUCE    `produce` inputs; the advance ends the turn

A plain advance records nothing and moves on: the companion follows what it is told.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import flow as flow_mod
from companion.core.result import Accepted, Refused, Result
from companion.core.words import counted
from companion.games.plain import data, name, put

from . import moves, powers
from .cards import RAWS
from .city import CARD_TILES, TILES
from .steps import FLOW, step_name
from .table import STOCK_SPACES, add, fresh_turn, kind


def _place_burgher(state: PMap, action: Mapping[str, Any]) -> Result:
    seat, tile = state["flow"]["actor"], action.get("tile")
    if tile not in TILES:
        return Refused(f"tile: where {name(state, seat)}'s Burgher starts, one of {', '.join(TILES)}")
    table = data(state)
    table["burghers"][seat] = tile
    return Accepted(put(state, table), (f"{name(state, seat)}'s Burgher starts on {tile}.",))


def on_advance(state: PMap, action: Mapping[str, Any]) -> Result:
    if state["flow"] is None:
        return Refused("the game has not started")
    if action.get("extra") or action.get("passed"):
        return Refused("a phase is ended with a plain advance: there are no extra actions nor passes")
    phase = step_name(state)
    seat = state["flow"]["player"]
    looker = state["data"]["turn"]["looker"]
    if looker is not None:
        return Refused(f"{name(state, looker)} is looking at cards drawn: keep one or none first")
    if phase == "PLACE":
        return _place_burgher(state, action)
    if phase == "ACTIVATE":
        return _activate(state, action)
    table = data(state)
    log: list[str] = []
    if phase == "ROLL":
        out = moves.roll(state, table, action, seat)
    elif phase == "MOVE":
        out = moves.move(state, table, action, seat)
    elif phase == "SECONDARY":
        out = [f"{name(state, s)} does not use {table['turn']['tile']}." for s, _ in powers.secondary_seats(state, table)
               if s not in table["turn"]["secondary"]]
    elif phase == "BRIDGE":
        out = moves.bridge(state, table, action, seat)
        if not isinstance(out, Refused):
            out, paid = out
            for raw, n in paid.items():
                state = add(state, seat, raw, -n)
    else:  # PRODUCE: the turn ends
        out = []
        table["turn"] = fresh_turn()
    if isinstance(out, Refused):
        return out
    log.extend(out)
    return Accepted(put(state, table), tuple(log))


def _activate(state: PMap, action: Mapping[str, Any]) -> Result:
    """Phase 3's advance: the power given with it (or declined with use: false), then the phase ends."""
    use = action.get("use")
    if use is not None and type(use) is not bool:
        return Refused("use: true or false (whether the tile's power is used)")
    given = {k: v for k, v in action.items() if k in powers.POWER_FIELDS}
    if use is False:
        given = {"pass": True}
    if not given and not use:
        return Accepted(state, ())  # not recorded
    return powers.activate(state, {**given, "seat": state["flow"]["player"]})


def end_turn(state: PMap, action: Mapping[str, Any]) -> Result:
    """The shortcut: the next player's phase 1, whatever phase this turn is in."""
    if state["flow"] is None:
        return Refused("the game has not started")
    seat = state["flow"]["player"]
    if action.get("seat") is not None and action["seat"] != seat:
        return Refused(f"it is {name(state, seat)}'s turn to end, not {name(state, action['seat'])}'s")
    if state["data"]["turn"]["looker"] is not None:
        return Refused(f"{name(state, state['data']['turn']['looker'])} is looking at cards drawn: keep one or none first")
    table = data(state)
    table["turn"] = fresh_turn()
    return flow_mod.end_turn(FLOW, put(state, table))


# --- the generic actions --------------------------------------------------------------------------


def check(state: PMap, action: Mapping[str, Any]) -> str | None:
    kind_ = action["type"]
    if kind_ == "roll":
        return "the two dice are rolled in phase 1 (advance with roll: true, or the reader's dice)"
    if kind_ in ("draw", "discard", "shuffle", "deck_exhausted"):
        return "cards are drawn by activating a card tile: look at as many as the die shows, then keep one or none"
    if kind_ == "look":
        return _check_look(state, action)
    if kind_ == "counter" and action.get("name") in RAWS and action.get("seat") is not None:
        return _check_stock(state, action)
    return None


def _check_look(state: PMap, action: Mapping[str, Any]) -> str | None:
    if state["flow"] is None:
        return "the game has not started"
    table = state["data"]
    tile = table["turn"]["tile"]
    if step_name(state) not in ("ACTIVATE", "SECONDARY") or tile is None or kind(tile) != "cards":
        return "cards are looked at when a Workshop, Order or Master Builder tile is activated (phases 3 and 4)"
    if action.get("deck") != CARD_TILES[tile]:
        return f"{tile} activates the {CARD_TILES[tile]} deck"
    if table["turn"]["looker"] is not None:
        return f"{name(state, table['turn']['looker'])} is looking at cards drawn: keep one or none first"
    who = powers.activator(state, table, action.get("seat"))
    if isinstance(who, Refused):
        return who.reason
    deck = state["decks"][CARD_TILES[tile]]
    left = len(deck["draw"]) if deck["known"] else None
    if left == 0:
        return f"the {tile} deck is empty: the action is no longer available"
    value = who[1]
    if value is not None:
        wanted = min(value, left) if left is not None else value
        if action.get("n", 1) != wanted:
            return f"{name(state, who[0])} draws {counted(wanted, f'{tile} card')} (n: {wanted})"
    return None


def _check_stock(state: PMap, action: Mapping[str, Any]) -> str | None:
    seat, raw = action["seat"], action["name"]
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        return None  # the engine names the bad seat
    now = state["counters"]["players"][seat]
    new = action["value"] if "value" in action else now[raw] + (action.get("delta") if type(action.get("delta")) is int else 0)
    if type(new) is int and sum(now[r] for r in RAWS if r != raw) + new > STOCK_SPACES:
        return f"the raw-material stock has {STOCK_SPACES} spaces"
    return None


def after(before: PMap, after_: PMap, action: Mapping[str, Any]) -> PMap:
    """Who looked at cards; where a kept card goes (its owner's board), and that activation is done."""
    if action["type"] == "look":
        seat, _ = powers.activator(before, before["data"], action.get("seat"))
        return after_.transform(["data", "turn", "looker"], seat)
    if action["type"] == "keep" and after_["data"]["turn"]["looker"] is not None:
        table = data(after_)
        seat = table["turn"]["looker"]
        if action.get("card") is not None:
            powers.to_board(after_, table, seat, action["deck"], action["card"])
        table["turn"]["looker"] = None
        powers.done(table, after_, seat, True)
        return put(after_, table)
    return after_


def tapped(state: PMap, deck: str, card: str) -> Mapping[str, Any] | str:
    """A real card tapped on the reader while a card tile is activated: the card kept."""
    if state["flow"] is None:
        return "the game has not started"
    tile = state["data"]["turn"]["tile"]
    if step_name(state) not in ("ACTIVATE", "SECONDARY") or tile is None or CARD_TILES.get(tile) != deck:
        return "a card is tapped when it is kept from the activated Workshop, Order or Master Builder tile"
    who = powers.activator(state, state["data"], None)
    if isinstance(who, Refused):
        return who.reason
    return {"type": "activate", "seat": who[0], "keep": card}

