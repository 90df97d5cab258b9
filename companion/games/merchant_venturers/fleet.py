"""Merchant Venturers' ships and trading posts: what they cost, and the checks of the port, ship and goods an
input names, shared by the phases that read them (SPEC.md 5.2, 5.4).

A new ship is small and slow (2 coins), docked at an Old World port; fast (+2: 4 moves) and large (+2:
cargo 3) upgrades are bought only while it is docked at an Old World port. One trading post per port and
player: small (a rule option, 1 coin by default), medium (+2), large (+3); it stores 1, 2 or 4 goods.
The companion records where a ship ends its sailing (a port, or at sea); where it knows the ocean (its
own board), only a port in reach this season (voyage.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.result import Refused, refused
from companion.core.edit import Edit, Handler
from companion.games.plain import name
from companion.scoring.merchant_venturers import FAST_UPGRADE as FAST
from companion.scoring.merchant_venturers import LARGE_UPGRADE as LARGE
from companion.scoring.merchant_venturers import SHIP_BASE as SHIP

from .board import OLD, port_names
from .table import find_ship, seat_of

SEA = "sea"


def ship_cost(fast: bool, large: bool) -> int:
    """A new ship: small and slow, with the upgrades asked for."""
    return SHIP + upgrade_cost(fast, large)


def upgrade_cost(fast: bool, large: bool) -> int:
    return FAST * fast + LARGE * large


def kind(fast: bool, large: bool) -> str:
    """"fast large", "fast", "large", or "small slow"."""
    return " ".join(w for w, on in (("fast", fast), ("large", large)) if on) or "small slow"


def where(state: PMap, action: Mapping[str, Any], world: str | None = OLD, key: str = "port") -> str | Refused:
    """The port an action names (an Old World one unless `world` is None)."""
    board = state["data"]["board"]
    if board is None:
        return Refused("the board is not dealt yet")
    names = port_names(board, world)
    if action.get(key) not in names:
        return Refused(f"{key}: one of the {'Old World ' if world == OLD else ''}ports ({', '.join(names)})")
    return action[key]


def seat_at(state: PMap, action: Mapping[str, Any]) -> tuple[int, str] | Refused:
    """The seat and the port an action names."""
    seat = seat_of(state, action)
    if refused(seat):
        return seat
    port = where(state, action, world=None)
    return port if refused(port) else (seat, port)


def destination(state: PMap, action: Mapping[str, Any]) -> str | Refused:
    """Where a ship goes: a port (it docks there) or the sea."""
    if action.get("to") == SEA:
        return SEA
    to = where(state, action, world=None, key="to")
    return Refused(f"{to.reason}, or sea") if refused(to) else to


def ship(e: Edit) -> tuple[int, dict[str, Any]]:
    """The seat and the ship (in the edit's data, to change) an input names."""
    seat = e.must(seat_of(e.state, e.action))
    found = find_ship(e.data, seat, e.action.get("ship"))
    if found is None:
        ids = ", ".join(str(s["id"]) for s in e.data["ships"][seat])
        e.refuse(f"ship: which of {name(e.state, seat)}'s ships ({ids})?")
    return seat, found


def flags(e: Edit) -> tuple[bool, bool]:
    fast, large = e.action.get("fast", False), e.action.get("large", False)
    if type(fast) is not bool or type(large) is not bool:
        e.refuse("fast and large: true or false")
    return fast, large


def actor_only(handler: Handler, verb: str) -> Handler:
    """A purchase, a load or a sailing (`verb`): the player whose part of the phase it is."""
    def mine(e: Edit) -> None:
        actor = e.state["flow"]["actor"]
        if e.action.get("seat") != actor:
            e.refuse(f"it is {e.name(actor)}'s turn to {verb}")
        handler(e)
    return mine
