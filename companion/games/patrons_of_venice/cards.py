"""The Raw Good cards as the steps use them: the deck's chance outcomes in the order they happen, and a card
the table names (real cards: the companion cannot list the deck, so it offers the names seen in this game)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core.result import Refused
from companion.core.steps import Edit

from . import goods
from .goods import RAW_DECK

RAW = RAW_DECK.name


class Chance:
    """One input's shuffles, each with its own key (order, order2, ...): one advance may shuffle more than
    once (a short deck, then all four Pirates! in the discard pile), so the runtime supplies the outcomes one
    by one and a replay finds each where it was."""

    def __init__(self, e: Edit):
        self.e, self.used = e, 0

    def run(self, op) -> None:
        """`op(order)` -> a deck result (deck, log, reveal); its log goes to the input's log."""
        self.used += 1
        key = "order" if self.used == 1 else f"order{self.used}"
        out = op(self.e.action.get(key))
        if isinstance(out, Refused):
            self.e.refuse(out.reason, needs=replace(out.needs, key=key) if out.needs else None)
        deck, log, _ = out
        self.e.set_deck(RAW, deck)
        self.e.say(*log)


def seen(state: PMap) -> list[str]:
    """The Raw Good cards named in this game so far (drawn, discarded, on the table), each once."""
    table, deck = state["data"], state["decks"][RAW]
    named = [*deck["out"], *deck["discard"], *table["market"], *table["wharf"], *table["new_shipments"],
             *(slot["card"] for ships in table["ships"] for slot in ships if slot)]
    return sorted({c for c in named if c and c != goods.PIRATES}, key=lambda c: (goods.good(c) or "", goods.value(c) or 0))


def card_field(state: PMap, title: str = "card", most: int | None = None, pirates: bool = False,
               market: bool = False) -> dict[str, Any]:
    """A real card, named as printed: the names seen in this game are offered to tap (those worth at most
    `most` Ducats, where a price must be paid; at the Market, no Grain, Wine or Pepper), a new one is typed."""
    examples = [c for c in seen(state) if (most is None or (goods.value(c) or 0) <= most)
                and not (market and goods.good(c) in goods.STAPLES)]
    if not examples:
        examples = ["Wool 1"] if most is not None else ["Wool 3", "Hemp 2"]
    if pirates:
        examples.append(goods.PIRATES)
    return {"type": "string", "maxLength": 12, "title": title, "examples": examples,
            "description": "as printed, such as “Wool 3”"}
