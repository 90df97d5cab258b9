"""La Venise du Nord: a player's own board (SPEC.md 4.3: Workshop and Master Builder cards, production).

Cubes only ever move down: from the raw-material stock (or straight from a
gain) onto a card; never back up nor from card to card [R l.230-253]. On a
Workshop not yet built they pay its cost (any colour: the companion does not
know the printed colours); once the cost is complete the workshop is built and
further cubes of its own raw material fill its storage, up to its capacity. On
a Master Builder they pay its activation cost; it is activated when complete.

Functions change the plain `board` in place and return a line for the log, or a
`Refused` (the caller then throws the copy away).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.result import Refused
from companion.core.words import counted, noun

from .cards import RAW_OF, RAWS


def new_card(deck: str, read: Mapping[str, Any]) -> dict[str, Any]:
    """A card kept, as it sits on the board."""
    if deck == "workshops":
        return {**read, "paid": 0, "built": False, "stored": 0}
    if deck == "builders":
        return {**read, "paid": 0, "activated": read["cost"] == 0, "used": False}
    return dict(read)


def target(board: Mapping[str, Any], where: object) -> tuple[str, int] | Refused:
    """("workshops" | "builders", index) from {"workshop": i} or {"builder": i}."""
    if not isinstance(where, Mapping):
        return Refused("onto: {workshop: its number on your board} or {builder: its number}")
    for key, row in (("workshop", "workshops"), ("builder", "builders")):
        if key in where:
            i = where[key]
            if type(i) is not int or not 0 <= i < len(board[row]):
                return Refused(f"{key}: a number from 0 to {len(board[row]) - 1}" if board[row] else f"you have no {key} card")
            return row, i
    return Refused("onto: {workshop: its number on your board} or {builder: its number}")


def room(board: Mapping[str, Any], row: str, i: int, raw: str) -> int:
    """How many cubes of `raw` this card can still take."""
    card = board[row][i]
    if row == "builders":
        return card["cost"] - card["paid"]
    storage = card["capacity"] - card["stored"] if RAW_OF[card["good"]] == raw else 0
    return (card["cost"] - card["paid"] + (card["capacity"] if RAW_OF[card["good"]] == raw else 0)
            if not card["built"] else storage)


def put_cubes(board: dict[str, Any], row: str, i: int, raw: str, n: int) -> str | Refused:
    """`n` cubes of `raw` onto a card: the cost first, then (a workshop once built) its storage."""
    if raw not in RAWS:
        return Refused(f"raw: one of {', '.join(RAWS)}")
    if type(n) is not int or n < 1:
        return Refused("n: how many cubes, at least 1")
    card = board[row][i]
    fits = room(board, row, i, raw)
    if n > fits:
        what = card["card"]
        return Refused(f"{what} takes {fits} more {noun(fits, f'{raw} cube')}, not {n}")
    lines = []
    to_cost = min(n, card["cost"] - card["paid"]) if not card.get("built") and not card.get("activated") else 0
    card["paid"] += to_cost
    if row == "builders":
        if card["paid"] == card["cost"]:
            card["activated"] = True
            lines.append(f"{card['card']} is activated")
        else:
            lines.append(f"{card['card']}: {card['paid']} of {counted(card['cost'], 'cube')}")
        return "; ".join(lines)
    if to_cost and card["paid"] == card["cost"]:
        card["built"] = True
        lines.append(f"the {card['card']} workshop is built")
    elif to_cost:
        lines.append(f"{card['card']}: {card['paid']} of {counted(card['cost'], 'cube')} to build it")
    if n - to_cost:
        card["stored"] += n - to_cost
        lines.append(f"{card['card']} stores {card['stored']} of {card['capacity']} {raw}")
    return "; ".join(lines)


def orders_for(board: Mapping[str, Any], good: str) -> list[tuple[str, int]]:
    """The Order cards of row 2 for `good`, and the activated order-like Master Builders: (row, index)."""
    out = [("orders", i) for i, o in enumerate(board["orders"]) if o["good"] == good]
    out += [("builders", i) for i, b in enumerate(board["builders"])
            if b["kind"] == "order_like" and b["good"] == good and b["activated"]]
    return out


def ready(board: Mapping[str, Any], produced: list[int]) -> list[int]:
    """The workshops that can produce now: built, storage full, an order for the good, not used this turn."""
    return [i for i, w in enumerate(board["workshops"])
            if w["built"] and w["stored"] == w["capacity"] and i not in produced and orders_for(board, w["good"])]
