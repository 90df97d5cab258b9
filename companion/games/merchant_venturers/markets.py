"""Merchant Venturers' markets: what goods cost and fetch, who may trade at a port and in what order,
buying in the New World (Summer) and selling in the Old World (SPEC.md 5.3, 5.4).

Sale price per unit = the base price, +1 at a port dedicated to that good, +1 with a large trading
post there, +1 with the largest trading post there (only a strictly largest one, SPEC 5.10.9, unless
the table's rule option shares it). An Old World port buys, each season, one unit of a good per
attached land of that good (board.demand). A New World port sells what its lands brought it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.result import Refused, refused
from companion.core.edit import Edit
from companion.core.words import counted
from companion.games.plain import name

from .board import NEW, OLD, demand, port
from .table import LEVELS, SALE_PRICE, goods_n, pay, seat_of, take_goods


def present(table: Mapping[str, Any], seat: int, port_: str) -> bool:
    """A trading post or a ship docked there: without either, a player cannot trade at the port."""
    return port_ in table["posts"][seat] or any(s["at"] == port_ for s in table["ships"][seat])


def _size(table: Mapping[str, Any], seat: int, port_: str) -> int:
    post = table["posts"][seat].get(port_)
    return LEVELS[post["size"]] if post else 0


def largest(table: Mapping[str, Any], seat: int, port_: str, shared: bool = False) -> bool:
    """Whether the seat has the largest trading post at the port (strictly, unless `shared`)."""
    mine = _size(table, seat, port_)
    others = [_size(table, s, port_) for s in range(len(table["posts"])) if s != seat]
    return mine > 0 and (mine >= max(others) if shared else mine > max(others))


def sale_prices(state: PMap, seat: int, port_: str) -> dict[str, int]:
    """What each good fetches the seat at the port: the port and its trading posts looked at once for every good
    (the table's view shows every port's prices for every player after each input)."""
    table = state["data"]
    post = table["posts"][seat].get(port_)
    dedicated = (port(table["board"], port_) or {}).get("good")
    big = post is not None and post["size"] == "large"
    top = largest(table, seat, port_, state["options"]["largest_post"] == "shared")
    return {g: SALE_PRICE[g] + (g == dedicated) + big + top for g in SALE_PRICE}


def sale_price(state: PMap, seat: int, port_: str, good_: str) -> int:
    return sale_prices(state, seat, port_)[good_]


def purchase_prices(state: PMap, seat: int, port_: str) -> dict[str, int]:
    """What each good costs the seat at the port: the table's price, 1 less with a large trading post there (never
    below 0); the post looked at once for every good (the table's view shows them all after each input)."""
    post = state["data"]["posts"][seat].get(port_)
    less = 1 if post is not None and post["size"] == "large" else 0
    return {g: max(0, price - less) for g, price in state["data"]["settings"]["prices"].items()}


def purchase_price(state: PMap, seat: int, port_: str, good_: str) -> int:
    return purchase_prices(state, seat, port_)[good_]


def order_at(state: PMap, port_: str) -> list[int]:
    """Who trades at a port, first to last: the largest trading post first, then smaller posts, then
    players with only ships there; ties in turn order (SPEC 5.3)."""
    table = state["data"]
    turn_order = list(state["flow"]["order"])
    here = [s for s in turn_order if present(table, s, port_)]
    return sorted(here, key=lambda s: (-_size(table, s, port_), turn_order.index(s)))


def sold(state: PMap, port_: str, good_: str) -> int:
    record = state["data"]["sold"]
    return record["at"].get(port_, {}).get(good_, 0) if record["turn"] == state["flow"]["round"] else 0


def wanted(state: PMap, port_: str, good_: str) -> int:
    """How many more units of the good the port buys this season."""
    return demand(state["data"]["board"], port_)[good_] - sold(state, port_, good_)


def available(table: Mapping[str, Any], seat: int, port_: str, good_: str) -> int:
    """The seat's units of a good at a port: on its ships docked there and in its trading post there."""
    post = table["posts"][seat].get(port_)
    return sum(s["cargo"].count(good_) for s in table["ships"][seat] if s["at"] == port_) + (post["goods"].count(good_) if post else 0)


def _deal_terms(state: PMap, action: Mapping[str, Any], world: str) -> tuple[int, str, str, int] | Refused:
    """seat, port, good and n of a purchase or a sale, checked against the board."""
    seat = seat_of(state, action)
    if refused(seat):
        return seat
    table = state["data"]
    if table["board"] is None:
        return Refused("the board is not dealt yet")
    p = port(table["board"], action.get("port")) if isinstance(action.get("port"), str) else None
    if p is None or p["world"] != world:
        names = ", ".join(q["name"] for q in table["board"]["ports"] if q["world"] == world)
        return Refused(f"port: one of the {'Old' if world == OLD else 'New'} World ports ({names})")
    what = goods_n(action)
    if refused(what):
        return what
    g, n = what
    if not present(table, seat, p["name"]):
        return Refused(f"{name(state, seat)} has neither a trading post nor a ship at {p['name']}, so cannot trade there")
    return seat, p["name"], g, n


def buy(e: Edit) -> None:
    """Phase 5: buy goods at a New World port; they wait on the quay to be loaded or stored."""
    seat, port_, g, n = e.must(_deal_terms(e.state, e.action, NEW))
    table = e.data
    left = table["stock"].get(port_, {}).get(g, 0)
    if n > left:
        e.refuse(f"{port_} has {left} {g} for sale, not {n}")
    each = purchase_price(e.state, seat, port_, g)
    pay(e, seat, n * each, f"{n} {g}")
    table["stock"][port_][g] -= n
    table["quay"][seat].setdefault(port_, []).extend([g] * n)
    e.say(f"{e.name(seat)} buys {n} {g} at {port_} for {counted(n * each, 'coin')}.")


def sell(e: Edit) -> None:
    """Phase 8: sell goods at an Old World port, from the ships docked there first, then the trading post."""
    state = e.state
    seat, port_, g, n = e.must(_deal_terms(state, e.action, OLD))
    table = e.data
    wants = wanted(state, port_, g)
    if n > wants:
        e.refuse(f"{port_} buys {wants} more {g} this season, not {n}")
    if n > available(table, seat, port_, g):
        e.refuse(f"{e.name(seat)} has {available(table, seat, port_, g)} {g} at {port_}, not {n}")
    each = sale_price(state, seat, port_, g)
    post = table["posts"][seat].get(port_)
    take_goods([s["cargo"] for s in table["ships"][seat] if s["at"] == port_] + ([post["goods"]] if post else []), g, n)
    if table["sold"]["turn"] != state["flow"]["round"]:
        table["sold"] = {"turn": state["flow"]["round"], "at": {}}
    at = table["sold"]["at"].setdefault(port_, {})
    at[g] = at.get(g, 0) + n
    e.gain(seat, "coins", n * each)
    e.say(f"{e.name(seat)} sells {n} {g} at {port_} for {counted(n * each, 'coin')} ({each} each).")
