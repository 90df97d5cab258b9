"""Merchant Venturers' action cards: two of each card, but the list is lost from the rulebook (SPEC.md 5.5).

So the deck is the real one by default: the companion counts each hand (2 at the start, one more for
each card bought at 2 coins, one less for each played) and the players draw, reshuffle and apply the
cards. A table that enters its card names (setup `compositions.actions`, two of each) may play it
virtually: the companion shuffles, deals the starting hands to the phones, draws the cards bought and
reshuffles the discards when the draw pile is empty.
"""

from __future__ import annotations

from collections.abc import Mapping


from pyrsistent import PMap

from companion.core.deck import DeckSpec
from companion.core.edit import Edit
from companion.core.result import Refused
from companion.core.words import counted

from .table import CARD_PRICE, START_CARDS, pay, seat_of


def _card_name(card: str) -> Refused | None:
    return None if card.strip() and len(card) <= 40 else Refused("a card's name, at most 40 characters")


def _two_each(cards: Mapping[str, int]) -> Refused | None:
    odd = next((c for c, k in cards.items() if k != 2), None)
    return Refused(f"the deck holds two of each card, not {cards[odd]} of {odd}") if odd else None


DECK = DeckSpec("actions", "Action cards", composition=None, mode="mirror", check_card=_card_name,
                check_composition=_two_each, public_out=False, mirror_tracks_cards=False,
                examples=("(the name on the card) x2",))


def virtual(state: PMap) -> bool:
    return state["decks"][DECK.name]["mode"] == "virtual"


def _draw(e: Edit, seats: list[int]) -> None:
    """One card from the virtual deck to each of `seats`; the log hides the cards."""
    for seat, card in zip(seats, e.draw(DECK, len(seats), "order", put_back="", tell=True)):
        e.data["hands"][seat].append(card)


def deal(e: Edit) -> None:
    """The starting hands: 2 cards each (a virtual deck; real cards are dealt by the players)."""
    if not virtual(e.state):
        e.say(f"Deal {START_CARDS} action cards to each player.")
        return
    _draw(e, [s for s in range(len(e.state["players"])) for _ in range(START_CARDS)])
    e.say(f"{START_CARDS} action cards dealt to each player's phone.")


def buy(e: Edit) -> None:
    seat = e.must(seat_of(e.state, e.action))
    pay(e, seat, CARD_PRICE, "an action card")
    e.say(f"{e.name(seat)} buys an action card for {counted(CARD_PRICE, 'coin')}.")
    if virtual(e.state):
        if not e.data["dealt"]:
            e.refuse("deal the starting hands first")
        _draw(e, [seat])
        e.reveal("The card bought goes back on top of the deck.")
    e.gain(seat, "cards", 1)


def play(e: Edit) -> None:
    """A card played is discarded; the players do what it says (fixes and counters record it)."""
    seat = e.must(seat_of(e.state, e.action))
    card, hand = e.action.get("card"), e.data["hands"][seat]
    if virtual(e.state):
        if card not in hand:
            e.refuse(f"card: one of {e.name(seat)}'s cards ({', '.join(hand) or 'none in hand'})")
        hand.remove(card)
    elif e.counter(seat, "cards") < 1:
        e.refuse(f"{e.name(seat)} has no action card, as the companion counted: correct the count if one was missed")
    elif card is not None and (not isinstance(card, str) or _card_name(card) is not None):
        e.refuse("card: the card's name as printed, or nothing")
    shown = card or "an action card"
    e.discard(DECK, [shown])
    e.pay(seat, "cards", 1)
    e.say(f"{e.name(seat)} plays {shown}.")
