"""Merchant Venturers' ships and trading posts: placing, buying, upgrading, loading, sailing, and what an
action card may do to them (SPEC.md 5.2, 5.4).

A new ship is small and slow (2 coins), docked at an Old World port; fast (+2: 4 moves) and large (+2:
cargo 3) upgrades are bought only while it is docked at an Old World port. One trading post per port and
player: small (a rule option, 1 coin by default), medium (+2), large (+3); it stores 1, 2 or 4 goods.
The companion does not know the ocean's tiles, so it records where a ship ends its sailing (a port, or
at sea) and shows how far it may go; the players count the tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.result import Accepted, Refused, Result
from companion.core.words import a, counted, noun
from companion.games.plain import data, name, put
from companion.scoring.merchant_venturers import FAST_UPGRADE as FAST
from companion.scoring.merchant_venturers import LARGE_UPGRADE as LARGE
from companion.scoring.merchant_venturers import SHIP_BASE as SHIP

from .board import OLD, port, port_names
from .table import NEXT_SIZE, STORAGE, UPGRADE, cargo_space, find_ship, goods_n, moves, pay, seat_of, take_goods

SEA = "sea"


def _where(state: PMap, action: Mapping[str, Any], world: str | None = OLD, key: str = "port") -> str | Refused:
    """The port an action names (an Old World one unless `world` is None)."""
    board = state["data"]["board"]
    if board is None:
        return Refused("the board is not dealt yet")
    names = port_names(board, world)
    if action.get(key) not in names:
        return Refused(f"{key}: one of the {'Old World ' if world == OLD else ''}ports ({', '.join(names)})")
    return action[key]


def _seat_at(state: PMap, action: Mapping[str, Any]) -> tuple[int, str] | Refused:
    """The seat and the port an action names."""
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    where = _where(state, action, world=None)
    return where if isinstance(where, Refused) else (seat, where)


def _destination(state: PMap, action: Mapping[str, Any]) -> str | Refused:
    """Where a ship goes: a port (it docks there) or the sea."""
    if action.get("to") == SEA:
        return SEA
    to = _where(state, action, world=None, key="to")
    return Refused(f"{to.reason}, or sea") if isinstance(to, Refused) else to


def _ship(state: PMap, table: dict[str, Any], action: Mapping[str, Any]) -> tuple[int, dict[str, Any]] | Refused:
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    ship = find_ship(table, seat, action.get("ship"))
    if ship is None:
        ids = ", ".join(str(s["id"]) for s in table["ships"][seat])
        return Refused(f"ship: which of {name(state, seat)}'s ships ({ids})?")
    return seat, ship


def _flags(action: Mapping[str, Any]) -> tuple[bool, bool] | Refused:
    fast, large = action.get("fast", False), action.get("large", False)
    if type(fast) is not bool or type(large) is not bool:
        return Refused("fast and large: true or false")
    return fast, large


def place_start(state: PMap, action: Mapping[str, Any]) -> Result:
    """The starting trading post and ship go to an Old World port (youngest first; SPEC 5.2)."""
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    where = _where(state, action)
    if isinstance(where, Refused):
        return where
    table = data(state)
    if not table["unplaced"][seat]:
        return Refused(f"{name(state, seat)}'s starting trading post and ship are already placed")
    if where in table["posts"][seat]:
        return Refused(f"{name(state, seat)} already has a trading post at {where}: one per port")
    table["unplaced"][seat] = False
    table["posts"][seat][where] = {"size": "small", "goods": []}
    for ship in table["ships"][seat]:
        if ship["at"] is None:
            ship["at"] = where
    return Accepted(put(state, table), (f"{name(state, seat)} starts at {where}: a small trading post and a ship.",))


def buy_ship(state: PMap, action: Mapping[str, Any]) -> Result:
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    where, flags = _where(state, action), _flags(action)
    for bad in (where, flags):
        if isinstance(bad, Refused):
            return bad
    fast, large = flags
    cost = SHIP + FAST * fast + LARGE * large
    kind = " ".join(w for w, on in (("fast", fast), ("large", large)) if on) or "small slow"
    paid = pay(state, seat, cost, a(f"{kind} ship"))
    if isinstance(paid, Refused):
        return paid
    table = data(state)
    new = max((s["id"] for s in table["ships"][seat]), default=0) + 1
    table["ships"][seat].append({"id": new, "fast": fast, "large": large, "at": where, "cargo": []})
    return Accepted(put(paid, table), (f"{name(state, seat)} buys {a(kind)} ship (ship {new}) at {where} for {counted(cost, 'coin')}.",))


def upgrade_ship(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    found, flags = _ship(state, table, action), _flags(action)
    for bad in (found, flags):
        if isinstance(bad, Refused):
            return bad
    (seat, ship), (fast, large) = found, flags
    if not fast and not large:
        return Refused("say which upgrade: fast, large or both")
    if (fast and ship["fast"]) or (large and ship["large"]):
        return Refused(f"ship {ship['id']} is already {'fast' if fast and ship['fast'] else 'large'}")
    board = table["board"]
    docked = port(board, ship["at"]) if board is not None and isinstance(ship["at"], str) else None
    if docked is None or docked["world"] != OLD:
        return Refused(f"ship {ship['id']} is not docked at an Old World port: only there can it be upgraded")
    cost = FAST * fast + LARGE * large
    paid = pay(state, seat, cost, "the upgrade")
    if isinstance(paid, Refused):
        return paid
    ship["fast"] |= fast
    ship["large"] |= large
    what = " and ".join(w for w, on in (("fast", fast), ("large", large)) if on)
    return Accepted(put(paid, table), (f"{name(state, seat)} makes ship {ship['id']} {what} for {counted(cost, 'coin')}.",))


def buy_post(state: PMap, action: Mapping[str, Any]) -> Result:
    found = _seat_at(state, action)
    if isinstance(found, Refused):
        return found
    seat, where = found
    table = data(state)
    if where in table["posts"][seat]:
        return Refused(f"{name(state, seat)} already has a trading post at {where}: one per port (upgrade it instead)")
    cost = state["options"]["small_post"]
    paid = pay(state, seat, cost, "a small trading post")
    if isinstance(paid, Refused):
        return paid
    table["posts"][seat][where] = {"size": "small", "goods": []}
    return Accepted(put(paid, table), (f"{name(state, seat)} builds a small trading post at {where} for {counted(cost, 'coin')}.",))


def upgrade_post(state: PMap, action: Mapping[str, Any]) -> Result:
    found = _seat_at(state, action)
    if isinstance(found, Refused):
        return found
    seat, where = found
    table = data(state)
    post = table["posts"][seat].get(where)
    if post is None:
        return Refused(f"{name(state, seat)} has no trading post at {where}: build a small one first")
    if post["size"] == "large":
        return Refused(f"{name(state, seat)}'s trading post at {where} is already large")
    size = NEXT_SIZE[post["size"]]
    paid = pay(state, seat, UPGRADE[size], f"a {size} trading post")
    if isinstance(paid, Refused):
        return paid
    post["size"] = size
    return Accepted(put(paid, table), (f"{name(state, seat)}'s trading post at {where} becomes {size} for {counted(UPGRADE[size], 'coin')}.",))


def load(state: PMap, action: Mapping[str, Any]) -> Result:
    """Phase 6: goods onto a docked ship, from what was bought at its port, then from the trading post there."""
    table = data(state)
    found, what = _ship(state, table, action), goods_n(action)
    for bad in (found, what):
        if isinstance(bad, Refused):
            return bad
    (seat, ship), (g, n) = found, what
    if ship["at"] in (None, SEA):
        return Refused(f"ship {ship['id']} is not docked at a port")
    at = ship["at"]
    pools = [table["quay"][seat].get(at, [])] + ([table["posts"][seat][at]["goods"]] if at in table["posts"][seat] else [])
    room = cargo_space(ship) - len(ship["cargo"])
    if n > room:
        return Refused(f"ship {ship['id']} has room for {room} more {noun(room, 'good')}")
    have = sum(p.count(g) for p in pools)
    if n > have:
        return Refused(f"{name(state, seat)} has {have} {g} at {at} to load, not {n}")
    take_goods(pools, g, n)
    ship["cargo"] += [g] * n
    return Accepted(put(state, table), (f"{name(state, seat)} loads {n} {g} onto ship {ship['id']} at {at}.",))


def store(state: PMap, action: Mapping[str, Any]) -> Result:
    """Goods into a trading post, from what was bought there, then from the seat's ships docked there."""
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    where, what = _where(state, action, world=None), goods_n(action)
    for bad in (where, what):
        if isinstance(bad, Refused):
            return bad
    g, n = what
    table = data(state)
    post = table["posts"][seat].get(where)
    if post is None:
        return Refused(f"{name(state, seat)} has no trading post at {where}")
    pools = [table["quay"][seat].get(where, [])] + [s["cargo"] for s in table["ships"][seat] if s["at"] == where]
    room = STORAGE[post["size"]] - len(post["goods"])
    if n > room:
        return Refused(f"the {post['size']} trading post at {where} has room for {room} more")
    have = sum(p.count(g) for p in pools)
    if n > have:
        return Refused(f"{name(state, seat)} has {have} {g} at {where} to store, not {n}")
    take_goods(pools, g, n)
    post["goods"] += [g] * n
    return Accepted(put(state, table), (f"{name(state, seat)} stores {n} {g} in the trading post at {where}.",))


def _move(state: PMap, action: Mapping[str, Any], sailing: bool) -> Result:
    table = data(state)
    found = _ship(state, table, action)
    if isinstance(found, Refused):
        return found
    seat, ship = found
    if ship["at"] is None:
        return Refused(f"{name(state, seat)}'s starting ship is not placed yet: place it at an Old World port first")
    to = _destination(state, action)
    if isinstance(to, Refused):
        return to
    if sailing:
        turn = state["flow"]["round"]
        sailed = table["sailed"]["ships"] if table["sailed"]["turn"] == turn else []
        if [seat, ship["id"]] in sailed:
            return Refused(f"ship {ship['id']} has sailed this season")
        if to == ship["at"]:
            return Refused(f"ship {ship['id']} is at {to} already")
        table["sailed"] = {"turn": turn, "ships": sailed + [[seat, ship["id"]]]}
    ship["at"] = to
    how = f"sails ({counted(moves(ship), 'move')}, +1 with the wind)" if sailing else "is moved"
    return Accepted(put(state, table), (f"{name(state, seat)}'s ship {ship['id']} {how} {'out to sea' if to == SEA else 'to ' + to}.",))


def sail(state: PMap, action: Mapping[str, Any]) -> Result:
    """Phase 7: where a ship ends its move: a port (docked) or at sea. Once a season."""
    return _move(state, action, sailing=True)


def move_ship(state: PMap, action: Mapping[str, Any]) -> Result:
    """A ship put somewhere else by a card or by hand (at any time; it does not count as its sailing)."""
    return _move(state, action, sailing=False)


# --- what an action card may do (the players apply the card; the companion keeps the rules) --------------


def sink(state: PMap, action: Mapping[str, Any]) -> Result:
    """A ship is sunk with its cargo, unless it is the player's last: then it only loses its upgrades."""
    table = data(state)
    found = _ship(state, table, action)
    if isinstance(found, Refused):
        return found
    seat, ship = found
    if len(table["ships"][seat]) == 1:
        ship["fast"] = ship["large"] = False
        lost = ship["cargo"][cargo_space(ship):]
        del ship["cargo"][cargo_space(ship):]
        more = f" ({', '.join(lost)} thrown overboard)" if lost else ""
        return Accepted(put(state, table), (f"{name(state, seat)}'s last ship cannot sink: it loses its upgrades{more}.",))
    table["ships"][seat].remove(ship)
    return Accepted(put(state, table), (f"{name(state, seat)}'s ship {ship['id']} sinks" + (f" with {', '.join(ship['cargo'])}" if ship["cargo"] else "") + ".",))


def destroy(state: PMap, action: Mapping[str, Any]) -> Result:
    """A trading post is destroyed with its goods, unless it is the player's last: then it becomes small."""
    found = _seat_at(state, action)
    if isinstance(found, Refused):
        return found
    seat, where = found
    table = data(state)
    post = table["posts"][seat].get(where)
    if post is None:
        return Refused(f"{name(state, seat)} has no trading post at {where}")
    if len(table["posts"][seat]) == 1 and not table["unplaced"][seat]:
        post["size"] = "small"
        lost = post["goods"][STORAGE["small"]:]
        del post["goods"][STORAGE["small"]:]
        more = f" ({', '.join(lost)} lost)" if lost else ""
        return Accepted(put(state, table), (f"{name(state, seat)}'s last trading post cannot be destroyed: it is small again{more}.",))
    del table["posts"][seat][where]
    return Accepted(put(state, table), (f"{name(state, seat)}'s trading post at {where} is destroyed.",))

