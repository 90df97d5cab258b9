"""Phases 5 and 8 port by port: "The player with the largest trading post in the port has the first
opportunity to purchase goods ... finally players with ships present", the ports "starting with the most
northerly"; selling "in the same manner" [R l.72-76, l.114]. At a port each player in that order has one
chance (one good, as many as he likes, or a pass); round after round until nobody wants more (every player
there passes in a row); then the next port. A player who can do nothing there (nothing he can afford, or
nothing the port buys) is passed over.

The cursor is in state["data"]["trading"]: {"turn", "world" (whose ports: the phase's), "port" (its index north
to south), "at" (whose chance, in the port's order), "passes" (in a row)}; a new phase starts it afresh.

  buy_goods {seat, port, good, n}      a chance used, in phase 5
  sell      {seat, port, good, n}      in phase 8
  pass      {seat, port}               the chance not used
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.flow import TABLE, Step, in_step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import PARTS, counted
from companion.games.plain import name

from . import load, markets, quiet
from .board import GOODS, NEW, OLD, port_names
from .phase import by_seat, status
from .calendar import season
from .table import STORAGE, cargo_space, coins

def _fresh(state: PMap, world: str) -> dict[str, Any]:
    return {"turn": state["flow"]["round"], "world": world, "port": 0, "at": 0, "passes": 0}


def _why_not(state: PMap, seat: int, port: str, world: str) -> str:
    """Why the seat can do nothing with his chance at this port ("2 coins, the cheapest good 5"), or "" when he can."""
    table = state["data"]
    if quiet.said(state, seat):
        return "nothing more this season"
    if world == NEW:
        stock = {g: left for g, left in table["stock"].get(port, {}).items() if left}
        if not stock:
            return "nothing left to buy"
        cheapest = min(markets.purchase_price(state, seat, port, g) for g in stock)
        return "" if cheapest <= coins(state, seat) else f"{counted(coins(state, seat), 'coin')}, the cheapest good {cheapest}"
    can = any(markets.available(table, seat, port, g) and markets.wanted(state, port, g) > 0 for g in GOODS)
    return "" if can else "nothing this port wants"


def _walk(state: PMap, world: str | None) -> tuple[dict[str, Any] | None, list[tuple[int, str, str]]]:
    """Whose chance it is now at `world`'s ports ({port, seat, ...the stored cursor}), past those who can do
    nothing, and those passed over since the last chance was used ((seat, port, why)); None when every port is
    done (or `world` is None: the phase is not one that goes port by port)."""
    if world is None or state["data"]["board"] is None:
        return None, []
    stored = state["data"]["trading"]
    ours = stored and stored["turn"] == state["flow"]["round"] and stored.get("world") == world  # this phase's
    cur = dict(stored) if ours else _fresh(state, world)
    ports = port_names(state["data"]["board"], world)
    passed: list[tuple[int, str, str]] = []
    while cur["port"] < len(ports):
        port = ports[cur["port"]]
        order = markets.order_at(state, port)
        if cur["passes"] >= len(order):
            cur.update(port=cur["port"] + 1, at=0, passes=0)
            continue
        seat = order[cur["at"] % len(order)]
        why = _why_not(state, seat, port, world)
        if not why:
            return {**cur, "name": port, "seat": seat}, passed
        if seat not in [s for s, p, _ in passed if p == port]:
            passed.append((seat, port, why))
        cur.update(at=cur["at"] + 1, passes=cur["passes"] + 1)
    return None, passed


def cursor(state: PMap, world: str | None) -> dict[str, Any] | None:
    """Whose chance it is now at `world`'s ports (`_walk`), or None when every port is done."""
    return _walk(state, world)[0]


def _acting(state: PMap, world: str) -> tuple[int, ...]:
    now = cursor(state, world)
    return (now["seat"],) if now is not None else ()


def _options(state: PMap, seat: int | None, world: str) -> list[Option]:
    now = cursor(state, world)
    if now is None:
        return [Option("", "Next", {"type": "advance"}, button="NEXT")] if seat is None else []
    if seat != now["seat"]:
        return []
    port, table = now["name"], state["data"]
    base = {"seat": seat, "port": port}
    found = []
    room = _room(table, seat, port) if world == NEW else None
    for g in GOODS:
        if world == NEW:
            left, each = table["stock"].get(port, {}).get(g, 0), markets.purchase_price(state, seat, port, g)
            most = min(left, coins(state, seat) // each) if each else left
            kind, verb = "buy_goods", "Buy"
        else:
            most = min(markets.available(table, seat, port, g), markets.wanted(state, port, g))
            each = markets.sale_price(state, seat, port, g)
            kind, verb = "sell", "Sell"
        if most < 1:
            continue
        action = {"type": kind, **base, "good": g}
        fields = {"n": {"type": "integer", "title": f"{g} {verb.lower()}ing", "minimum": 1, "maximum": most}} if most > 1 else {}
        label = f"{verb} {g} at {port}: {each} each, up to {most}" if most > 1 else f"{verb} 1 {g} at {port}: {each}"
        if room is not None and most > room:  # what finds no room in a hold or a post here is lost when Done
            label += f" (room here for {room})"
        found.append(Option(label, verb, action | ({} if fields else {"n": 1}), fields=fields))
    return found + [Option(f"Pass at {port}", "Pass", {"type": "pass", **base})]


def _room(table: Mapping[str, Any], seat: int, port: str) -> int:
    """Goods the player can still load or store at `port`: room in his ships docked there and his post there,
    less what he bought there already."""
    ships = sum(cargo_space(s) - len(s["cargo"]) for s in table["ships"][seat] if s["at"] == port)
    post = table["posts"][seat].get(port)
    stored = STORAGE[post["size"]] - len(post["goods"]) if post else 0
    return max(0, ships + stored - len(table["quay"][seat].get(port, [])))


def _mine(e: Edit, world: str) -> dict[str, Any]:
    """Whose chance it is, when it is the input's seat's at the input's port."""
    now = cursor(e.state, world)
    if now is None:
        e.refuse("every port is done: on to the next phase")
    if e.action.get("seat") != now["seat"] or e.action.get("port") != now["name"]:
        e.refuse(f"it is {e.name(now['seat'])}'s chance at {now['name']}")
    return now


def _used(e: Edit, now: Mapping[str, Any], traded: bool) -> None:
    """The chance `now` is used (a trade, or a pass): the next player's at this port."""
    cur = {k: now[k] for k in ("turn", "world", "port", "at", "passes")}
    cur.update(at=cur["at"] + 1, passes=0 if traded else cur["passes"] + 1)
    e.data["trading"] = cur


def _trade(deal, world: str):
    def handler(e: Edit) -> None:
        now = _mine(e, world)
        deal(e)
        _used(e, now, True)
    return handler


def _pass(world: str):
    def handler(e: Edit) -> None:
        _used(e, _mine(e, world), False)
        e.say(f"{e.name(e.action['seat'])} passes at {e.action['port']}.")
    return handler


def _done(e: Edit, world: str) -> None:
    """The phase's NEXT: only once every port is done."""
    now = cursor(e.state, world)
    if now is not None:
        e.refuse(f"{e.name(now['seat'])} has not bought or passed at {now['name']} yet")


def _status(state: PMap, world: str) -> str:
    """Where the phase is, then who was passed over since the last chance was used, and why ("Bea passed over at
    N5: 2 coins, the cheapest good 5"): the table sees a player skipped, never without a reason."""
    now, passed = _walk(state, world)
    said = [f"{name(state, s)} passed over at {p}: {why}" for s, p, why in passed]
    if now is None:  # nobody left with a chance (a ship or post at the port, and coins or goods)
        return PARTS.join(["every port is done", *said])
    return PARTS.join([f"{now['name']}: {'buy' if world == NEW else 'sell'} or pass", *said])


def _port_by_port(world: str, more=lambda state, seat: []) -> dict[str, Any]:
    """A phase's parts that go port by port through `world`'s ports: its status, the table's and the players'
    options (and `more` of a player's own), who acts."""
    return {"status": status(lambda state: _status(state, world)), "acting": lambda state: _acting(state, world),
            "options": by_seat(table=lambda state: _options(state, None, world),
                               mine=lambda state, seat: _options(state, seat, world) + more(state, seat))}


BUY_GOODS = Step("BUY_GOODS", "5 Buy resources", TABLE, when=lambda state: season(state) == "Summer", done="Next",
                 undone="buying resources", **_port_by_port(NEW),
                 handlers={"advance": lambda e: _done(e, NEW), "buy_goods": _trade(markets.buy, NEW), "pass": _pass(NEW)})


def _unsold(state: PMap) -> list[str]:
    """Once every port is done: the unsold goods left on ships docked at Old World ports are discarded."""
    table, old = state["data"], set(port_names(state["data"]["board"], OLD))
    return [f"{name(state, s)}'s ship {ship['id']} at {ship['at']} discards {', '.join(ship['cargo'])}: unsold and not stored."
            for s, ships in enumerate(table["ships"]) for ship in ships if ship["at"] in old and ship["cargo"]]


def _sold_out(e: Edit) -> None:
    _done(e, OLD)
    e.say(*_unsold(e.state))
    old = set(port_names(e.data["board"], OLD))
    for ships in e.data["ships"]:
        for ship in ships:
            if ship["at"] in old:
                ship["cargo"] = []


SELL = Step("SELL", "8 Sell resources", TABLE, done="Next", undone="selling resources", asks=lambda state: " ".join(_unsold(state)),
            **_port_by_port(OLD, more=load.store_options),
            handlers={"advance": _sold_out, "sell": _trade(markets.sell, OLD), "pass": _pass(OLD), "store": load.store})


def world_traded(state: PMap) -> str | None:
    """The world whose ports the current phase goes through port by port (5 buys in the New, 8 sells in the Old),
    or None in another phase: for the table's view, which is no phase's own (a phase's parts are given theirs)."""
    return NEW if in_step(state, BUY_GOODS) else OLD if in_step(state, SELL) else None
