"""The Raw Good cards as the steps use them: the deck's chance outcomes in the order they happen, and a real card
the table names, picked by its good then its value (the rulebook lists neither the deck nor the values: the box
offers each good at each value a card may have, or the deck's own cards where the table entered them)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core.fields import PICKER_LIST, likeliest_first
from companion.core.result import Refused, refused
from companion.core.edit import Edit

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
        if refused(out):
            self.e.refuse(out.reason, needs=replace(out.needs, key=key) if out.needs else None)
        deck, log, _ = out
        self.e.set_deck(RAW, deck)
        self.e.say(*log)


def seen(state: PMap) -> list[str]:
    """The Raw Good cards named in this game so far (drawn, discarded, on the table), each once."""
    table, deck = state["data"], state["decks"][RAW]
    named = [*deck["out"], *deck["discard"], *table["market"], *table["wharf"], *table["new_shipments"],
             *(slot["card"] for ships in table["ships"] for slot in ships if slot)]
    return sorted({c for c in named if c and c != goods.PIRATES}, key=_in_order)


def _in_order(card: str) -> tuple[int, int, str]:
    """Cards in the rulebook's order of the goods (Lumber, Wool, ...; Cloth, Canvas last), then by value."""
    kinds = goods.RAW_GOODS + goods.MANUFACTURED
    kind = goods.good_in_hand(card)
    return kinds.index(kind) if kind in kinds else len(kinds), goods.value(card) or 0, card


def names(state: PMap, made: bool = False, drawn: bool = False) -> list[str]:
    """Every card the table may name: where the table entered the deck, its cards not discarded (`drawn`: those
    left in the draw pile), else each Raw Good at each value a card may have (the rulebook lists neither); with
    `made`, the Cloth and Canvas cards too (at the value the table said they are worth, once it has)."""
    deck = state["decks"][RAW]
    if deck["known"]:
        pool = sorted({*deck["draw"], *([] if drawn else deck["out"])} - {goods.PIRATES}, key=_in_order)
    else:
        pool = [f"{g} {v}" for g in goods.RAW_GOODS for v in range(1, goods.VALUE_MOST + 1)]
    if made:
        kept = state["data"].get("made_values") or {}
        pool += [f"{g} {v}" for g in goods.MANUFACTURED
                 for v in ([kept[g]] if g in kept else range(1, goods.VALUE_MOST + 1))]
    return pool


def not_a_card(state: PMap, card: str, made: bool = False, drawn: bool = False) -> Refused | None:
    """A refusal saying why `card` is no card of this game (a value no card has; with the table's deck, a card not in it, or every
    copy of it discarded or, for a card `drawn`, out already), or None."""
    bad = goods.check_hand_card(card) if made else goods.check_raw_card(card)
    if bad is not None or card == goods.PIRATES or card in goods.MANUFACTURED:
        return bad
    kept = (state["data"].get("made_values") or {}).get(goods.good(card))
    if kept is not None and goods.value(card) != kept:
        return Refused(f"the {goods.good(card)} cards are worth {kept} in this game (as the table said), not {goods.value(card)}")
    deck = state["decks"][RAW]
    if goods.good(card) in goods.RAW_GOODS and deck["known"] and card not in names(state, drawn=drawn):
        if card not in {*deck["draw"], *deck["out"], *deck["discard"]}:
            return Refused(f"this game's Raw Good deck has no {card}")
        return Refused(f"every {card} card is {'out' if drawn else 'in the discard pile'} already")
    return None


def discard_held(e: Edit, card: str) -> None:
    """A card from a real hand to the discard pile: where the box keeps the deck's cards, one it has not seen
    drawn was dealt by hand, so it is counted as drawn first."""
    deck = e.deck(RAW)
    if deck["known"] and card not in deck["out"]:
        e.draw(RAW_DECK, 1, "order", cards=[card], put_back="")
    e.discard(RAW_DECK, [card])


def pirates_left(state: PMap) -> bool:
    """Whether a Pirates! may be drawn: where the box keeps the deck's cards, one is left in the draw pile."""
    deck = state["decks"][RAW]
    return not deck["known"] or goods.PIRATES in deck["draw"]


def card_field(state: PMap, title: str = "card", seat: int | None = None, most: int | None = None,
               pirates: bool = False, market: bool = False, drawn: bool = False) -> dict[str, Any]:
    """A real Raw Good card, picked by its good then its value: the likeliest first (the cards in `seat`'s hand
    the box knows, then the others seen in this game, at most 12), then every card the table may name (`names`):
    those worth at most `most` Ducats where a price must be paid, no Grain, Wine or Pepper at the `market`, a
    Pirates! where one may be drawn (`pirates`; `drawn`: only cards left to draw)."""
    pool = [c for c in names(state, drawn=drawn) if (most is None or goods.value(c) <= most)
            and not (market and goods.good(c) in goods.STAPLES)]
    mine = state["data"]["hands"][seat] if seat is not None else []
    likely = [c for c in dict.fromkeys([*mine, *seen(state)]) if c in pool][:PICKER_LIST]
    cards = pool + ([goods.PIRATES] if pirates and pirates_left(state) else [])
    field: dict[str, Any] = {"title": title, "enum": cards}
    if len(cards) > PICKER_LIST:  # picked in two steps: the good (or the likeliest), then the card
        field["enumGroups"] = [goods.good_in_hand(c) for c in cards]
    return likeliest_first(field, likely)
