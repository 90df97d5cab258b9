"""Merchant Venturers: what each phase's advance does, and each step's inputs (its handlers).

  DEAL       deals what is not dealt yet: the board at random, a virtual deck's starting hands
  PLACE      the player whose turn it is to place (the youngest first) puts his post and ship at a port
  PREGAME    a player is done buying; after the last, year 1 begins and the first-move marker is given
  RESOURCES  every producing New World land makes one unit of its port's good, if it is that good's season
  ALLOCATION (Summer) the lands' goods go to their ports
  LOAD       a player is done loading: what he bought and neither loaded nor stored is lost
  SELL       once every port is done, unsold goods left on ships docked at Old World ports are discarded
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pvector

from companion.core.result import Accepted, Refused, Result
from companion.core.flow import step_name, step_players
from companion.core.seats import clockwise_from
from companion.games.plain import data, name, put

from . import board as board_mod
from . import cards, fleet, trading
from .board import OLD, producing, receiving_port
from .steps import first_move, season
from .table import levels


def _deal(state: PMap, action: Mapping[str, Any]) -> tuple[PMap, tuple[str, ...]] | Refused:
    """Whatever is not dealt yet: the board at random, the starting hands of a virtual deck."""
    table = data(state)
    log: list[str] = []
    if table["board"] is None:
        dealt = board_mod.deal(action)
        if isinstance(dealt, Refused):
            return dealt
        table["board"] = dealt
        log.append("The board is dealt: copy it from the Table page (The board), then place the ocean tiles in the middle.")
    if not table["dealt"]:
        hands = cards.deal(state, table, action.get("order"))
        if isinstance(hands, Refused):
            return hands
        state, more = hands
        table["dealt"] = True
        log += more
    return put(state, table), tuple(log)


def deal(state: PMap, action: Mapping[str, Any]) -> Result:
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
    """Phase 6, as a player says he is done loading: what he bought and neither loaded nor stored is lost."""
    table = data(state)
    seat = state["flow"]["actor"]
    quay = table["quay"][seat]
    lost = Counter(g for goods in quay.values() for g in goods)  # "2 crops, 1 furs", the rulebook's way with goods
    log = [f"{name(state, seat)} loses {', '.join(f'{n} {g}' for g, n in lost.items())}: neither loaded nor stored."] if lost else []
    table["quay"][seat] = {}
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


def _place(state: PMap, action: Mapping[str, Any]) -> Result:
    """The player whose turn it is to place (the youngest first) puts his trading post and ship at a port."""
    return fleet.place_start(state, {"seat": state["flow"]["actor"], "port": action.get("port")})


def _prebuy_done(state: PMap, action: Mapping[str, Any]) -> Result:
    """A player is done buying before year 1; after the last, year 1 begins with the first-move marker."""
    if state["flow"]["sub"] < len(step_players(state)) - 1:
        return Accepted(state, ())
    started = _start(state, action)
    return started if isinstance(started, Refused) else Accepted(*started)


def _work(fn):
    """A phase's work as its advance's handler."""
    def advance(state: PMap, action: Mapping[str, Any]) -> Result:
        done, log = fn(state)
        return Accepted(done, tuple(log))
    return advance


def _after_trading(fn=None):
    def advance(state: PMap, action: Mapping[str, Any]) -> Result:
        ready = trading.done(state, action)
        if isinstance(ready, Refused) or fn is None:
            return ready
        done, log = fn(state)
        return Accepted(done, tuple(log))
    return advance


def nothing(state: PMap, action: Mapping[str, Any]) -> Result:
    return Accepted(state, ())


def _actor_only(fn):
    """A purchase, a load or a sailing: the player whose part of the phase it is."""
    def handler(state: PMap, action: Mapping[str, Any]) -> Result:
        if action.get("seat") != state["flow"]["actor"]:
            return Refused(f"it is {name(state, state['flow']['actor'])}'s turn to {step_label(state)}")
        return fn(state, action)
    return handler


def step_label(state: PMap) -> str:
    return {"PLACE": "place", "PREGAME": "buy", "BUY": "buy", "BUY_AGAIN": "buy", "LOAD": "load",
            "SAIL": "sail"}.get(step_name(state), "act")


_BUYS = {"buy_ship": fleet.buy_ship, "upgrade_ship": fleet.upgrade_ship, "buy_post": fleet.buy_post,
         "upgrade_post": fleet.upgrade_post, "buy_card": cards.buy}
ANY_TIME = {"play_card": cards.play, "sink": fleet.sink, "destroy": fleet.destroy, "move_ship": fleet.move_ship}
# Each step: its advance, and its own inputs (beside ANY_TIME's).
STEP_INPUTS = {
    "DEAL": {"advance": deal},
    "PLACE": {"advance": _place},
    "PREGAME": {"advance": _prebuy_done, **{k: _actor_only(f) for k, f in _BUYS.items()}},
    "SEASON": {"advance": nothing},
    "RESOURCES": {"advance": _work(_create)},
    "BUY": {"advance": nothing, **{k: _actor_only(f) for k, f in _BUYS.items()}},
    "ALLOCATION": {"advance": _work(_allocate)},
    "BUY_GOODS": {"advance": _after_trading(), "buy_goods": trading.buy, "pass": trading.pass_},
    "LOAD": {"advance": _work(_unloaded), "load": _actor_only(fleet.load), "store": _actor_only(fleet.store)},
    "SAIL": {"advance": nothing, "sail": _actor_only(fleet.sail)},
    "SELL": {"advance": _after_trading(_unsold), "sell": trading.sell, "pass": trading.pass_, "store": fleet.store},
    "BUY_AGAIN": {"advance": nothing, **{k: _actor_only(f) for k, f in _BUYS.items()}},
}
