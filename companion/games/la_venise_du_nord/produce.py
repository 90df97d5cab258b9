"""Phase 6, PRODUCE: each built workshop whose storage is full of its colour, with an Order card of its good
in row 2 (or an activated order-like Master Builder), makes its goods once this turn; the Order card goes
next to the Market and raises that good's price [R l.443-476]. NEXT ends the turn.

  produce {workshop, order | builder}"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import Step
from companion.core.edit import Edit

from . import powers
from .board import orders_for, ready, title
from .table import fresh_turn
from .anytime import idle
from companion.core.words import counted


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["player"]:
        return []
    table = state["data"]
    board = table["boards"][seat]
    found = []
    for i in ready(board, table["turn"]["produced"]):
        shop = board["workshops"][i]
        for row, k in orders_for(board, shop["good"]):
            found.append(Option(f"Make {shop['capacity']} {shop['good']} with {title(board[row][k])}",
                                "Make", {"type": "produce", "workshop": i, row[:-1]: k}))
    return [*found, Option("", "End", {"type": "advance"}, button="NEXT")]  # the core says whose turn follows


def end(e: Edit) -> None:
    e.data["turn"] = fresh_turn()


def status(state: PMap) -> str:
    table = state["data"]
    n = len(ready(table["boards"][state["flow"]["player"]], table["turn"]["produced"]))
    return f"{counted(n, 'workshop') if n else 'No workshop'} ready"  # the step's label says "produce goods"


STEP = Step("PRODUCE", "Phase 6: produce goods", done="End", undone="producing goods", options=options,
            handlers={"advance": end, "produce": powers.produce}, status=status,
            idle=idle(options, "{who} has no workshop ready to produce."))
