"""Merchant Venturers' action cards: two of each card, but the list is lost from the rulebook (SPEC.md 5.5).

So the deck is the real one by default: the companion counts each hand (2 at the start, one more for
each card bought at 2 coins, one less for each played) and the players draw, reshuffle and apply the
cards. A table that enters its card names (setup `compositions.actions`, two of each) may play it
virtually: the companion shuffles, deals the starting hands to the phones, draws the cards bought and
reshuffles the discards when the draw pile is empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.deck import DeckSpec
from companion.core.result import Accepted, Refused, Result
from companion.core.words import counted
from companion.games.plain import data, name, put, set_deck

from .table import CARD_PRICE, START_CARDS, add_cards, pay, seat_of


def _card_name(card: str) -> str | None:
    return None if card.strip() and len(card) <= 40 else "a card's name, at most 40 characters"


def _two_each(cards: Mapping[str, int]) -> str | None:
    odd = next((c for c, k in cards.items() if k != 2), None)
    return f"the deck holds two of each card, not {cards[odd]} of {odd}" if odd else None


DECK = DeckSpec("actions", "Action cards", composition=None, mode="mirror", check_card=_card_name,
                check_composition=_two_each, public_out=False, mirror_tracks_cards=False,
                examples=("(the name on the card) x2",))


def virtual(state: PMap) -> bool:
    return state["decks"][DECK.name]["mode"] == "virtual"


def _draw(state: PMap, table: dict[str, Any], seats: list[int], order: object) -> tuple[PMap, tuple[str, ...]] | Refused:
    """One card from the virtual deck to each of `seats` (`table` is changed in place); the log hides the cards."""
    out = deck_mod.draw(DECK, state["decks"][DECK.name], len(seats), order)
    if isinstance(out, Refused):
        return out
    deck, log, _ = out
    for seat, card in zip(seats, deck["out"][-len(seats):]):
        table["hands"][seat].append(card)
    return set_deck(state, DECK.name, deck), tuple(line for line in log if not line.startswith(f"{DECK.label}: drew"))


def deal(state: PMap, table: dict[str, Any], order: object) -> tuple[PMap, tuple[str, ...]] | Refused:
    """The starting hands: 2 cards each (a virtual deck; real cards are dealt by the players)."""
    if not virtual(state):
        return state, (f"Deal {START_CARDS} action cards to each player.",)
    seats = [s for s in range(len(state["players"])) for _ in range(START_CARDS)]
    drawn = _draw(state, table, seats, order)
    if isinstance(drawn, Refused):
        return drawn
    return drawn[0], (*drawn[1], f"{START_CARDS} action cards dealt to each player's phone.")


def buy(state: PMap, action: Mapping[str, Any]) -> Result:
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    paid = pay(state, seat, CARD_PRICE, "an action card")
    if isinstance(paid, Refused):
        return paid
    table = data(state)
    log: tuple[str, ...] = ()
    if virtual(state):
        if not table["dealt"]:
            return Refused("deal the starting hands first")
        drawn = _draw(paid, table, [seat], action.get("order"))
        if isinstance(drawn, Refused):
            return drawn
        paid, log = drawn
    return Accepted(put(add_cards(paid, seat, 1), table),
                    (f"{name(state, seat)} buys an action card for {counted(CARD_PRICE, 'coin')}.", *log),
                    "The card bought goes back on top of the deck." if virtual(state) else None)


def play(state: PMap, action: Mapping[str, Any]) -> Result:
    """A card played is discarded; the players do what it says (fixes and counters record it)."""
    seat = seat_of(state, action)
    if isinstance(seat, Refused):
        return seat
    table = data(state)
    card = action.get("card")
    if virtual(state):
        if card not in table["hands"][seat]:
            return Refused(f"card: one of {name(state, seat)}'s cards ({', '.join(table['hands'][seat]) or 'none in hand'})")
        table["hands"][seat].remove(card)
    elif state["counters"]["players"][seat]["cards"] < 1:
        return Refused(f"{name(state, seat)} has no action card, as the companion counted: correct the count if one was missed")
    elif card is not None and (not isinstance(card, str) or _card_name(card)):
        return Refused("card: the card's name as printed, or nothing")
    shown = card or "an action card"
    out = deck_mod.discard(DECK, state["decks"][DECK.name], [shown])
    if isinstance(out, Refused):
        return out
    state = set_deck(add_cards(state, seat, -1), DECK.name, out[0])
    return Accepted(put(state, table), (f"{name(state, seat)} plays {shown}.",))
