"""Master of Venice: drawing into hands, playing from them, discarding; the passes through the deck.

Virtual deck: the core deck draws and reshuffles, the cards go into the
hands (seen only on each player's phone). Real cards: the companion counts
the cards in each hand, and the table says when the real pile runs out.

The end counter (SPEC 2.4): pass 1 is the starting deck; when it runs out the
discard pile is reshuffled (pass 2); when that runs out the game end is
pending, and draws that cannot be made are lost (no third reshuffle).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.edit import Edit
from companion.core.words import counted

from .cards import DECK
from .table import held, virtual


def passes(state: PMap) -> int:
    return state["decks"][DECK.name]["passes"]


def deck_pass(state: PMap) -> int:
    return 1 if passes(state) == 0 else 2


def game_end_pending(state: PMap) -> bool:
    return passes(state) >= 2


def draw(e: Edit, seats: Sequence[int]) -> None:
    """One card to each seat in `seats` (a seat may come more than once), in that order; the draws the deck
    cannot make any more are lost."""
    if not seats:
        return
    deck = e.deck(DECK.name)
    if passes(e.state) >= 2:
        e.say("The deck has been used up twice: no more cards are drawn.")
        return
    got = seats
    if virtual(e.state):
        pile, discards = len(deck["draw"]), len(deck["discard"])
        if passes(e.state) == 0:
            can = pile + discards  # the core reshuffles the discards when pass 1 runs out
        elif pile:
            can = pile  # pass 2 under way: it is not reshuffled again
        else:
            can = discards  # pass 1 has just run out: the discard pile becomes pass 2
            if not can:
                e.say("The discard pile is empty: there is no second pass, and the game ends with this turn.")
                e.set_deck(DECK.name, deck.set("passes", 2))
                return
        k = min(len(seats), can)
        if k:  # the cards are secret: the log names none
            for seat, card in zip(seats, e.draw(DECK, k, "order", put_back="", tell=True)):
                e.data["hands"][seat].append(card)
        elif e.action.get("order") is not None:
            e.refuse("no card is left to draw: no shuffle is needed")
        got = seats[:k]
    for seat in got:
        e.gain(seat, "hand", 1)
    lost = len(seats) - len(got)
    if lost:
        e.say(f"{counted(lost, 'card')} could not be drawn: the deck is used up.")


def take(e: Edit, seat: int, card: str) -> None:
    """A card leaves `seat`'s hand to be played."""
    if virtual(e.state):
        if card not in e.data["hands"][seat]:
            e.refuse(f"{e.name(seat)} has no {card} in hand")
        e.data["hands"][seat].remove(card)
    elif held(e.state, seat) < 1:
        e.refuse(f"{e.name(seat)} has no card in hand, as the companion counted: correct the count "
                 "(Cards in hand) if a draw was missed")
    e.pay(seat, "hand", 1)


def discard(e: Edit, cards: Sequence[str]) -> None:
    """Played, destroyed or spent cards go to the discard pile."""
    if cards:
        e.discard(DECK, cards)


def hand_cards(state: PMap, table: Mapping[str, Any], seat: int) -> list[str] | None:
    """The cards the companion knows are in a hand (virtual deck), or None (real cards)."""
    return list(table["hands"][seat]) if virtual(state) else None
