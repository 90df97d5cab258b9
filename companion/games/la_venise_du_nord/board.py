"""La Venise du Nord: a player's own board (SPEC.md 4.3: Workshop and Master Builder cards, production).

Cubes only ever move down: from the raw-material stock (or straight from a
gain) onto a card; never back up nor from card to card [R l.230-253]. On a
Workshop not yet built they pay its cost, colour by colour as printed ("2 gold
and 1 flax": those cubes, no others); once the cost is complete the workshop is
built and further cubes of its own raw material fill its storage, up to its
capacity. On a Master Builder they pay its activation cost; it is activated
when complete.

A card on the board is named by its key, "workshop 0" or "builder 1" (its place in its row).
Functions change the plain `board` in place and return a line for the log, or a
`Refused` (the caller then throws the copy away).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.result import Refused, refused

from .cards import RAW_OF, RAWS, cost_words

ROWS = {"workshop": "workshops", "builder": "builders"}

# The card spaces of each row of a player board: the rulebook's text does not count them, so the table counts
# them on its board (New game page); 4 unless told. Workshops go on row 1, Orders on row 2, a Master Builder on
# either at the player's choice; with no valid space left the action is given up [R l.263-269].
ROW_SPACES = 4
SPACES_FIELD = {"title": "Card spaces per row on a player board", "type": "integer", "minimum": 1, "maximum": 9,
                "default": ROW_SPACES,
                "description": "Count the card spaces of one row of your player board (the rulebook does not "
                               "give the number): a player with no empty space for the card gives up the action."}
CARD_ROWS = {"workshops": (1,), "orders": (2,), "builders": (1, 2)}


def free_spaces(board: Mapping[str, Any], spaces: int) -> dict[int, int]:
    """Row -> its card spaces still empty (a Master Builder kept before rows were asked sits on row 1)."""
    taken = {1: len(board["workshops"]), 2: len(board["orders"])}
    for card in board["builders"]:
        taken[card.get("row", 1)] += 1
    return {row: max(spaces - n, 0) for row, n in taken.items()}


def rows_for(board: Mapping[str, Any], spaces: int, deck: str) -> list[int]:
    """The rows a card of `deck` may go on now: its own, with an empty space."""
    free = free_spaces(board, spaces)
    return [row for row in CARD_ROWS[deck] if free[row]]


def new_card(deck: str, read: Mapping[str, Any], row: int = 1) -> dict[str, Any]:
    """A card kept, as it sits on the board (a Master Builder on `row`)."""
    if deck == "workshops":
        return {**read, "paid": {}, "built": False, "stored": 0}
    if deck == "builders":
        return {**read, "paid": {}, "activated": False, "used": False, "row": row}
    return dict(read)


def keys(board: Mapping[str, Any]) -> list[str]:
    """Every Workshop and Master Builder card on the board, by key."""
    return [f"{key} {i}" for key, row in ROWS.items() for i in range(len(board[row]))]


def target(board: Mapping[str, Any], key: object) -> tuple[str, int] | Refused:
    """("workshops" | "builders", index) of a card's key, "workshop 0" or "builder 1"."""
    kind, _, i = key.partition(" ") if isinstance(key, str) else ("", "", "")
    if kind in ROWS and i.isdigit() and int(i) < len(board[ROWS[kind]]):
        return ROWS[kind], int(i)
    return Refused(f"onto: one of your cards, {', '.join(keys(board))}" if keys(board) else "onto: you have no Workshop "
                   "nor Master Builder card to put cubes on")


def card_at(board: Mapping[str, Any], key: str) -> dict[str, Any]:
    row, i = target(board, key)
    return board[row][i]


def missing(card: Mapping[str, Any]) -> dict[str, int]:
    """What the card's cost still needs, by colour (nothing once built or activated)."""
    if card.get("built") or card.get("activated"):
        return {}
    cost, paid = card["cost"], card["paid"]
    return {raw: cost[raw] - paid.get(raw, 0) for raw in RAWS if cost.get(raw, 0) > paid.get(raw, 0)}


def room(card: Mapping[str, Any], raw: str) -> int:
    """How many cubes of `raw` this card can still take: its cost's, then (a workshop, once the cost is
    complete) its storage's."""
    need = missing(card)
    if "capacity" not in card or RAW_OF[card["good"]] != raw or set(need) - {raw}:
        return need.get(raw, 0)
    return need.get(raw, 0) + card["capacity"] - card["stored"]


def title(card: Mapping[str, Any]) -> str:
    """A card's name without its cost: "Lace 2", "Fill stock"."""
    return card["card"].split(" cost ")[0]


def shown(card: Mapping[str, Any]) -> str:
    """A card as a player looks for it on his board: "Lace 2 (needs 1 flax 2 gold)", "Lace 2 (stores 1 of 2)"."""
    name = title(card)
    need = missing(card)
    if need:
        return f"{name} (needs {cost_words(need)})"
    if "capacity" in card:
        return f"{name} (stores {card['stored']} of {card['capacity']})"
    return f"{name} ({'used' if card['used'] else 'activated'})"


def put_cubes(board: dict[str, Any], key: str, raw: str, n: int) -> str | Refused:
    """`n` cubes of `raw` onto a card: its cost first, then (a workshop once built) its storage."""
    if raw not in RAWS:
        return Refused(f"raw: one of {', '.join(RAWS)}")
    if type(n) is not int or n < 1:
        return Refused("n: how many cubes, at least 1")
    where = target(board, key)
    if refused(where):
        return where
    card = board[where[0]][where[1]]
    fits = room(card, raw)
    if n > fits:
        if not fits:
            return Refused(f"{card['card']} takes no {raw}" + (f": it needs {cost_words(missing(card))}" if missing(card) else ""))
        return Refused(f"{card['card']} takes {fits} more {raw}, not {n}")
    to_cost = min(n, missing(card).get(raw, 0))
    if to_cost:
        card["paid"][raw] = card["paid"].get(raw, 0) + to_cost
    lines = []
    done = to_cost and not missing(card)
    if "capacity" not in card:
        card["activated"] = card["activated"] or bool(done)
        lines.append(f"{card['card']} is activated" if done else f"{card['card']}: needs {cost_words(missing(card))} more")
        return "; ".join(lines)
    if done:
        card["built"] = True
        lines.append(f"the {card['card']} workshop is built")
    elif to_cost:
        lines.append(f"{card['card']}: needs {cost_words(missing(card))} more to build it")
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
