"""Merchant Venturers, phase 6: Load ships [R l.77-83]. Each player in turn loads what he bought in the New
World onto his ships docked there, or stores it in his trading post there; what he neither loads nor stores
is lost when he is done ("Done" asks first, naming it).

  load   {seat, ship, good, n}   goods onto a docked ship, from what was bought at its port, then from the
                                 trading post there
  store  {seat, port, good, n}   goods into a trading post, from what was bought there, then from the ships
                                 docked there (in phase 8 too: unsold goods may be kept in a post)
"""

from __future__ import annotations

from collections import Counter

from pyrsistent import PMap

from companion.core.flow import EACH, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import noun
from companion.games.plain import name

from . import fleet, quiet
from .fleet import SEA
from .phase import QUIET, status, turn_by_turn
from .table import STORAGE, cargo_space, goods_n, seat_of, take_goods


def load(e: Edit) -> None:
    seat, ship = fleet.ship(e)
    g, n = e.must(goods_n(e.action))
    table = e.data
    if ship["at"] in (None, SEA):
        e.refuse(f"ship {ship['id']} is not docked at a port")
    at = ship["at"]
    pools = [table["quay"][seat].get(at, [])] + ([table["posts"][seat][at]["goods"]] if at in table["posts"][seat] else [])
    room = cargo_space(ship) - len(ship["cargo"])
    ship["cargo"] += _taken(e, seat, pools, g, n, at, "load", room,
                            f"ship {ship['id']} has room for {room} more {noun(room, 'good')}")
    e.say(f"{e.name(seat)} loads {n} {g} onto ship {ship['id']} at {at}.")


def store(e: Edit) -> None:
    seat = e.must(seat_of(e.state, e.action))
    where = e.must(fleet.where(e.state, e.action, world=None))
    g, n = e.must(goods_n(e.action))
    table = e.data
    post = table["posts"][seat].get(where)
    if post is None:
        e.refuse(f"{e.name(seat)} has no trading post at {where}")
    pools = [table["quay"][seat].get(where, [])] + [s["cargo"] for s in table["ships"][seat] if s["at"] == where]
    room = STORAGE[post["size"]] - len(post["goods"])
    post["goods"] += _taken(e, seat, pools, g, n, where, "store", room,
                            f"the {post['size']} trading post at {where} has room for {room} more")
    e.say(f"{e.name(seat)} stores {n} {g} in the trading post at {where}.")


def _taken(e: Edit, seat: int, pools: list[list[str]], g: str, n: int, at: str, verb: str, room: int,
           full: str) -> list[str]:
    """`n` of good `g` taken from `pools` in turn, to load or store (`verb`) where there is `room` (else `full`
    says why not)."""
    if n > room:
        e.refuse(full)
    have = sum(p.count(g) for p in pools)
    if n > have:
        e.refuse(f"{e.name(seat)} has {have} {g} at {at} to {verb}, not {n}")
    take_goods(pools, g, n)
    return [g] * n


def _unloaded(state: PMap) -> list[str]:
    """What the acting player loses when he is done: what he bought and neither loaded nor stored."""
    seat = state["flow"]["actor"]
    lost = Counter(g for goods in state["data"]["quay"][seat].values() for g in goods)  # "2 crops, 1 furs"
    return [f"{name(state, seat)} loses {', '.join(f'{n} {g}' for g, n in lost.items())}: neither loaded nor stored."] if lost else []


def done(e: Edit) -> None:
    e.say(*_unloaded(e.state))
    e.data["quay"][e.state["flow"]["actor"]] = {}


def load_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    found = []
    for ship in table["ships"][seat]:
        at = ship["at"]
        room = cargo_space(ship) - len(ship["cargo"])
        if at in (None, SEA) or room < 1:
            continue
        here = list(table["quay"][seat].get(at, [])) + list(table["posts"][seat].get(at, {}).get("goods", []))
        for g in dict.fromkeys(here):
            most = min(room, here.count(g))
            action = {"type": "load", "seat": seat, "ship": ship["id"], "good": g}
            fields = {"n": {"type": "integer", "title": f"{g} loaded", "minimum": 1, "maximum": most}} if most > 1 else {}
            found.append(Option(f"Load {g} onto ship {ship['id']} at {at}", "Load", action | ({} if fields else {"n": 1}), fields=fields))
    return found


def store_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    found = []
    for p, post in table["posts"][seat].items():
        room = STORAGE[post["size"]] - len(post["goods"])
        here = list(table["quay"][seat].get(p, [])) + [g for s in table["ships"][seat] if s["at"] == p for g in s["cargo"]]
        for g in dict.fromkeys(here):
            most = min(room, here.count(g))
            if most < 1:
                continue
            action = {"type": "store", "seat": seat, "port": p, "good": g}
            fields = {"n": {"type": "integer", "title": f"{g} stored", "minimum": 1, "maximum": most}} if most > 1 else {}
            found.append(Option(f"Store {g} in my post at {p}", "Store", action | ({} if fields else {"n": 1}), fields=fields))
    return found


def _passed_over(state: PMap, seat: int) -> bool:
    """No goods wait on his quay (nothing to lose), and nothing to load or store, or nothing this season."""
    return not quiet.waiting(state, seat) and (quiet.said(state, seat) or not (load_options(state, seat) + store_options(state, seat)))


STEP = Step("LOAD", "6 Load ships", EACH, status=status("load"), done="Done", undone="loading ships",
            asks=lambda state: " ".join(_unloaded(state)), skip=_passed_over,
            options=turn_by_turn(lambda state, seat: load_options(state, seat) + store_options(state, seat), quiet_season=True),
            handlers={"advance": done, "load": fleet.actor_only(load, "load"), "store": fleet.actor_only(store, "load"), **QUIET})
