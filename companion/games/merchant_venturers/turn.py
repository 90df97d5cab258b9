"""Merchant Venturers: what an advance does in each phase, the deal, and which actions each phase allows.

  PREGAME    deals what is not dealt yet (the board, a virtual deck's starting hands), takes the coins
             left after the pre-game purchases (`coins`, optional), and gives the first-move marker
  RESOURCES  every producing New World land makes one unit of its port's good, if it is that good's season
  ALLOCATION (Summer) the lands' goods go to their ports
  LOAD       what was bought and neither loaded nor stored is lost
  SELL       unsold goods left on ships docked at Old World ports are discarded

Any advance may carry `coins` (per seat, or by name): the coins as they stand, set before the
phase ends, so the first-move marker of a new year is given from them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pvector

from companion.core.result import Accepted, Refused, Result
from companion.core.seats import clockwise_from
from companion.games.plain import data, name, put

from . import board as board_mod
from . import cards, fleet, trade
from .board import OLD, producing, receiving_port
from .steps import STEPS, first_move, season, step_name
from .table import levels

BUYING = ("PREGAME", "BUY", "BUY_AGAIN")


def _coins(state: PMap, given: object) -> PMap | Refused:
    """The coins the advance carries: a list in seat order, or an object of name (or seat) -> coins."""
    players = state["players"]
    if isinstance(given, (list, tuple)):
        if len(given) != len(players):
            return Refused(f"coins: one number per player ({len(players)})")
        given = dict(enumerate(given))
    elif isinstance(given, Mapping):
        seats = {str(s): s for s in range(len(players))} | {p["name"]: s for s, p in enumerate(players)}  # a name first
        unknown = next((k for k in given if k not in seats), None)
        if unknown is not None:
            return Refused(f"coins: {unknown!r} is not a player (give names or seat numbers)")
        given = {seats[k]: v for k, v in given.items()}
    else:
        return Refused("coins: a list in seat order, or an object of player -> coins")
    if any(type(v) is not int or not 0 <= v <= 9999 for v in given.values()):
        return Refused("coins: whole numbers from 0")
    counters = state["counters"]
    for seat, value in given.items():
        counters = counters.transform(["players", seat, "coins"], value)
    return state.set("counters", counters)


def _deal(state: PMap, action: Mapping[str, Any]) -> tuple[PMap, tuple[str, ...]] | Refused:
    """Whatever is not dealt yet: the board at random, the starting hands of a virtual deck."""
    table = data(state)
    log: list[str] = []
    if table["board"] is None:
        dealt = board_mod.deal(action)
        if isinstance(dealt, Refused):
            return dealt
        table["board"] = dealt
        log.append("The board is dealt: copy it from a phone (the layout), then place the ocean tiles in the middle.")
    if not table["dealt"]:
        hands = cards.deal(state, table, action.get("order"))
        if isinstance(hands, Refused):
            return hands
        state, more = hands
        table["dealt"] = True
        log += more
    return put(state, table), tuple(log)


def deal(state: PMap, action: Mapping[str, Any]) -> Result:
    if step_name(state) != "PREGAME":
        return Refused("the board and the starting hands are dealt before year 1")
    if state["data"]["board"] is not None and state["data"]["dealt"]:
        return Refused("the board and the starting hands are dealt already")
    out = _deal(state, action)
    if isinstance(out, Refused):
        return out
    return Accepted(out[0], out[1], "The deal is taken back: gather the tiles (and the cards).")


def _start(state: PMap, action: Mapping[str, Any]) -> tuple[PMap, list[str]] | Refused:
    out = _deal(state, action)
    if isinstance(out, Refused):
        return out
    state, log = out[0], list(out[1])
    marker = first_move(state)
    state = state.set("data", state["data"].set("started", True))
    flow = state["flow"].update({"order": pvector(clockwise_from(marker, len(state["players"]))), "player": marker})
    log.append(f"Year 1 begins. {name(state, marker)} has the first-move marker (the fewest coins).")
    log += [f"{name(state, s)}'s starting trading post and ship are not placed yet: place them at an Old World port."
            for s, waiting in enumerate(state["data"]["unplaced"]) if waiting]
    return state.set("flow", flow), log


def _create(state: PMap) -> tuple[PMap, list[str]]:
    table = data(state)
    now = season(state)
    made = dict.fromkeys(board_mod.GOODS, 0)
    post_levels = levels(table)
    for land in producing(table["board"]):
        g = board_mod.port(table["board"], receiving_port(table["board"], land, post_levels))["good"]
        if now in table["settings"]["seasons"][g]:
            held = table["lands"].setdefault(land, {})
            held[g] = held.get(g, 0) + 1
            made[g] += 1
    what = ", ".join(f"{k} {g}" for g, k in made.items() if k) or "nothing"
    return put(state, table), [f"Resource creation ({now}): {what} on the New World lands."]


def _allocate(state: PMap) -> tuple[PMap, list[str]]:
    table = data(state)
    post_levels = levels(table)
    moved: dict[str, dict[str, int]] = {}
    for land, goods in table["lands"].items():
        for g, k in goods.items():
            to = receiving_port(table["board"], land, post_levels, g)
            stock = table["stock"].setdefault(to, {})
            stock[g] = stock.get(g, 0) + k
            moved.setdefault(to, {})[g] = moved.get(to, {}).get(g, 0) + k
    table["lands"] = {}
    what = "; ".join(f"{p}: " + ", ".join(f"{k} {g}" for g, k in got.items()) for p, got in moved.items()) or "nothing"
    return put(state, table), [f"Resources to the ports: {what}."]


def _unloaded(state: PMap) -> tuple[PMap, list[str]]:
    table = data(state)
    log = [f"{name(state, s)} loses {', '.join(g for goods in quay.values() for g in goods)}: neither loaded nor stored."
           for s, quay in enumerate(table["quay"]) if any(quay.values())]
    table["quay"] = [{} for _ in table["quay"]]
    return put(state, table), log


def _unsold(state: PMap) -> tuple[PMap, list[str]]:
    table = data(state)
    old = set(board_mod.port_names(table["board"], OLD))
    log = []
    for s, ships in enumerate(table["ships"]):
        for ship in ships:
            if ship["at"] in old and ship["cargo"]:
                log.append(f"{name(state, s)}'s ship {ship['id']} at {ship['at']} discards {', '.join(ship['cargo'])}: unsold and not stored.")
                ship["cargo"] = []
    return put(state, table), log


_ON_ADVANCE = {"RESOURCES": _create, "ALLOCATION": _allocate, "LOAD": _unloaded, "SELL": _unsold}


def on_advance(state: PMap, action: Mapping[str, Any]) -> Result:
    log: list[str] = []
    if action.get("coins") is not None:
        state = _coins(state, action["coins"])
        if isinstance(state, Refused):
            return state
        log.append("Coins: " + ", ".join(f"{p['name']} {c['coins']}" for p, c in zip(state["players"], state["counters"]["players"])) + ".")
    now = step_name(state)
    if now == "PREGAME":
        started = _start(state, action)
        if isinstance(started, Refused):
            return started
        state, more = started
    elif now in _ON_ADVANCE:
        state, more = _ON_ADVANCE[now](state)
    else:
        more = []
    return Accepted(state, tuple(log + more))


# --- which phase allows what ----------------------------------------------------------------------------


def _in(steps: tuple[str, ...], handler, what: str):
    def phased(state: PMap, action: Mapping[str, Any]) -> Result:
        if step_name(state) not in steps:
            return Refused(f"{what} only in {_names(steps)}")
        return handler(state, action)
    return phased


def _names(steps: tuple[str, ...]) -> str:
    return " or ".join(s.label for s in STEPS if s.name in steps)


ACTIONS = {
    "deal": deal,
    "place_start": fleet.place_start,
    "buy_ship": _in(BUYING, fleet.buy_ship, "ships are bought"),
    "upgrade_ship": _in(BUYING, fleet.upgrade_ship, "ships are upgraded"),
    "buy_post": _in(BUYING, fleet.buy_post, "trading posts are built"),
    "upgrade_post": _in(BUYING, fleet.upgrade_post, "trading posts are upgraded"),
    "buy_card": _in(BUYING, cards.buy, "action cards are bought"),
    "play_card": cards.play,
    "buy_goods": _in(("BUY_GOODS",), trade.buy, "goods are bought"),
    "load": _in(("LOAD",), fleet.load, "ships are loaded"),
    "store": _in(("LOAD", "SELL"), fleet.store, "goods are stored"),
    "sail": _in(("SAIL",), fleet.sail, "ships sail"),
    "sell": _in(("SELL",), trade.sell, "goods are sold"),
    "sink": fleet.sink,
    "destroy": fleet.destroy,
    "move_ship": fleet.move_ship,
}


def check(state: PMap, action: Mapping[str, Any]) -> str | None:
    kind = action["type"]
    if kind in ("draw", "look", "keep", "shuffle", "discard"):
        return "action cards are bought (2 coins) and played with their own options; the deck follows by itself"
    if kind == "counter" and action.get("name") == "cards" and cards.virtual(state):
        return "the companion holds the virtual hands: their sizes change as cards are bought and played"
    return None
