"""RESERVE: each player in order may reserve one shipment on any player's ship by putting a cube on it:
1 Ducat to the Bank on his own ship, 2 to the ship's owner on another's [R l.121]."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, Step
from companion.core.edit import Edit

from .table import cubes_left, doing, ducats, name, pay


def _cost(owner: int, seat: int) -> tuple[int, int | None]:
    """(the price, who is paid: None is the Bank)."""
    return (1, None) if owner == seat else (2, owner)


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    table = state["data"]
    found = []
    if cubes_left(table, seat) >= 1:
        # The likeliest first: his own ships (1 to the Bank), then the others' from his left; on each, ship 3, the
        # next to unload (and the one the Pirates! take), before ship 2 and ship 1. His own first one stands on
        # its own, before the ships listed by their owner: one ACTION on the box.
        n = len(table["ships"])
        for owner in ((seat + k) % n for k in range(n)):
            ships = table["ships"][owner]
            cost, payee = _cost(owner, seat)
            if cost > ducats(state, seat):
                continue
            # What is reserved, whose ship, what it costs: "Wool 3, Bea's ship 3: 2 to Bea" (on the box's two lines)
            found += [Option(f"{slot['card'] + ', ' if slot['card'] else ''}{name(state, owner)}'s ship {k + 1}: {cost} to {name(state, payee)}",
                             "Resrv", {"type": "advance", "action": "reserve", "owner": owner, "ship": k},
                             under="" if not found and owner == seat else f"Reserve on {name(state, owner)}'s ships")
                      for k, slot in reversed(list(enumerate(ships))) if slot is not None and slot["reserved_by"] is None]
    return [*found, Option("Reserve nothing", "None", {"type": "advance"}, button="NEXT")]


def reserve(e: Edit) -> None:
    seat, table = e.state["flow"]["actor"], e.data
    owner, ship = e.action.get("owner"), e.action.get("ship")
    if type(owner) is not int or not 0 <= owner < len(table["ships"]) or type(ship) is not int or not 0 <= ship <= 2:
        e.refuse("owner: the ship owner's seat; ship: 0 (left), 1 or 2 (right)")
    slot = table["ships"][owner][ship]
    if slot is None:
        e.refuse(f"{name(e.state, owner)}'s ship {ship + 1} has no shipment")
    if slot["reserved_by"] is not None:
        e.refuse(f"that shipment is reserved by {name(e.state, slot['reserved_by'])} already")
    if cubes_left(table, seat) < 1:
        e.refuse(f"{name(e.state, seat)} has no cube left")
    cost, payee = _cost(owner, seat)
    pay(e, seat, payee, cost)
    slot["reserved_by"] = seat
    e.say(f"{name(e.state, seat)} reserves {slot['card'] or 'the shipment'} on {name(e.state, owner)}'s ship {ship + 1} "
          f"({cost} to {name(e.state, payee)}).")



STEP = Step("RESERVE", "Reserve a shipment", EACH, when=doing("RESERVE"), done="None", undone="reserving a shipment",
            options=options, handlers={"reserve": reserve})
