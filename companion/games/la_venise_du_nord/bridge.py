"""Phase 5, BRIDGE: at most one bridge, between the Burgher's tile and an adjacent one with the player's dice
on both; it costs the dice's difference in raw cubes from the stock, of any kinds ("Any type of raw
material can be used"), or their sum where another player's bridge stands (it goes back to him); then one
of the two dice comes back to the player [R l.403-441].

  advance {bridge: the other tile, take_back: the tile whose die comes back, pay?: {raw: n}}
          (an option per bridge, with its cost; take_back, and pay where the stock pays it several ways, its fields)
  advance                                          no bridge"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.result import Refused, refused
from companion.core.flow import Step
from companion.core.edit import Edit
from companion.core.words import counted, sentence
from companion.games.plain import name

from . import city
from .cards import RAWS
from .table import BRIDGES_PER_PLAYER, bridges_of, own_dice, stock
from .anytime import idle


def payments(held: Mapping[str, int], cost: int) -> list[dict[str, int]]:
    """Every way the stock can pay `cost` cubes: {raw: n} with the kinds used."""
    ways = [dict(zip(RAWS, n)) for n in product(*(range(min(held[r], cost) + 1) for r in RAWS)) if sum(n) == cost]
    return [{r: k for r, k in way.items() if k} for way in ways]


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["player"]:
        return []
    table = state["data"]
    here, mine = table["burghers"][seat], own_dice(table, seat)
    found = []
    if here in mine and not table["turn"]["bridged"] and len(bridges_of(table, seat)) < BRIDGES_PER_PLAYER:
        for there in city.neighbours(table["layout"], here):
            standing = next((b for b in table["bridges"] if b["tiles"] == list(city.edge(here, there))), None)
            if there not in mine or (standing is not None and standing["seat"] == seat):
                continue
            a, b = table["dice"][here]["value"], table["dice"][there]["value"]
            cost = a + b if standing is not None else abs(a - b)
            ways = payments(stock(state, seat), cost)
            if not ways:
                continue
            # The die taken back is the bridge's field ("the 5 on Master Builder"), the label what it costs, on the
            # box's two lines; the phone's picker says whose bridge goes back and the cubes paid where nothing is
            # left to choose (its description).
            fields = {}
            said = [f"{name(state, standing['seat'])}'s bridge there goes back to its owner"] if standing is not None else []
            action = {"type": "advance", "bridge": there}
            if len(ways) == 1:
                action["pay"] = ways[0]
                said += [f"paid with {_cubes(ways[0])}"] if cost else []
            else:
                fields["pay"] = {"title": "paid with", "enum": ways, "enumNames": [_cubes(w) for w in ways]}
            fields["take_back"] = {"title": "the die taken back", "enum": [here, there],
                                   "enumNames": [f"the {a} on {here}", f"the {b} on {there}"]}
            if said:
                fields["take_back"]["description"] = sentence("; ".join(said)) + "."
            found.append(Option(f"Bridge to {there}: {counted(cost, 'cube') if cost else 'free'}", "Bridge", action,
                                fields=fields))
    return found + [Option("Build no bridge", "None", {"type": "advance"}, button="NEXT")]


def _cubes(paid: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {r}" for r, n in paid.items()) or "free"


def bridge(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int):
    """(log, stock paid {raw: n}) or a Refused."""
    if action.get("bridge") is None:
        return [], {}
    here = table["burghers"][seat]
    there = city.tile_named(action["bridge"])
    who = name(state, seat)
    if there is None:
        return Refused(f"bridge: the tile across from the Burgher's, one of {', '.join(city.TILES)}")
    if here is None:
        return Refused(f"{who}'s Burgher is not on the table yet")
    if not city.adjacent(table["layout"], here, there):
        return Refused(f"{there} does not touch {here}, where {who}'s Burgher stands")
    dice = {t: table["dice"].get(t) for t in (here, there)}
    if any(d is None or d["seat"] != seat for d in dice.values()):
        return Refused(f"a bridge needs {who}'s dice on both {here} and {there}")
    mine = bridges_of(table, seat)
    if len(mine) >= BRIDGES_PER_PLAYER:
        return Refused(f"{who} has all {BRIDGES_PER_PLAYER} bridges on the board")
    place = list(city.edge(here, there))
    standing = next((b for b in table["bridges"] if b["tiles"] == place), None)
    if standing is not None and standing["seat"] == seat:
        return Refused(f"{who}'s own bridge already joins {here} and {there}")
    a, b = dice[here]["value"], dice[there]["value"]
    cost = a + b if standing is not None else abs(a - b)
    paid = _payment(stock(state, seat), cost, action.get("pay"))
    if refused(paid):
        return paid
    back = city.tile_named(action.get("take_back")) if action.get("take_back") is not None else None
    if back not in (here, there):
        return Refused(f"take_back: which die comes back to {who}'s hand, the {a} on {here} or the {b} on {there}")
    log = [f"{who} builds a bridge between {here} and {there} for {counted(cost, 'cube')}"
           + (f" ({', '.join(f'{n} {r}' for r, n in paid.items() if n)})" if cost else "") + "."]
    if standing is not None:
        table["bridges"].remove(standing)
        log.append(f"{name(state, standing['seat'])}'s bridge there goes back to its owner.")
    table["bridges"].append({"seat": seat, "tiles": place})
    del table["dice"][back]
    log.append(f"{who} takes back the die on {back}.")
    table["turn"]["bridged"] = True
    return log, paid


def _payment(held: Mapping[str, int], cost: int, given: object) -> dict[str, int] | Refused:
    """The cubes paid from the stock: as given, or the most plentiful kinds first [A]."""
    if sum(held.values()) < cost:
        return Refused(f"the bridge costs {counted(cost, 'cube')}; the stock holds {sum(held.values())}")
    if given is None:
        paid = {raw: 0 for raw in RAWS}
        for _ in range(cost):
            raw = max(RAWS, key=lambda r: held[r] - paid[r])
            paid[raw] += 1
        return paid
    if not isinstance(given, Mapping) or not set(given) <= set(RAWS) or not all(type(v) is int and v >= 0 for v in given.values()):
        return Refused('pay: cubes by kind from the stock, such as {"gold": 1, "wool": 2}')
    if sum(given.values()) != cost:
        return Refused(f"pay: the bridge costs {counted(cost, 'cube')}, not {sum(given.values())}")
    short = next((r for r, n in given.items() if n > held[r]), None)
    if short:
        return Refused(f"pay: the stock holds {held[short]} {short}")
    return {raw: given.get(raw, 0) for raw in RAWS}


def build(e: Edit) -> None:
    log, paid = e.must(bridge(e.state, e.data, e.action, e.seat))
    for raw, n in paid.items():
        if n:
            e.pay(e.seat, raw, n)
    e.say(*log or [f"{e.name(e.seat)} builds no bridge."])


def status(state: PMap) -> str:
    return f"Bridges: {len(bridges_of(state['data'], state['flow']['player']))} of {BRIDGES_PER_PLAYER} built"


STEP = Step("BRIDGE", "Phase 5: build a bridge", done="Done", undone="building a bridge", options=options,
            handlers={"advance": build}, status=status, idle=idle(options, "{who} has no bridge to build."))
