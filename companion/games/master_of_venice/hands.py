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

from companion.core import deck as deck_mod
from companion.core.result import Refused
from companion.core.words import counted
from companion.games.plain import name, set_deck

from .cards import DECK
from .table import add_held, held, virtual


def passes(state: PMap) -> int:
    return state["decks"][DECK.name]["passes"]


def deck_pass(state: PMap) -> int:
    return 1 if passes(state) == 0 else 2


def game_end_pending(state: PMap) -> bool:
    return passes(state) >= 2


def draw(state: PMap, table: dict[str, Any], seats: Sequence[int], order: object, log: list[str]) -> PMap | Refused:
    """One card to each seat in `seats` (a seat may come more than once), in that order; the
    draws the deck cannot make any more are lost. `table` is changed in place."""
    if not seats:
        return state
    deck = state["decks"][DECK.name]
    if passes(state) >= 2:
        log.append("The deck has been used up twice: no more cards are drawn.")
        return state
    if virtual(state):
        pile, discards = len(deck["draw"]), len(deck["discard"])
        if passes(state) == 0:
            can = pile + discards  # the core reshuffles the discards when pass 1 runs out
        elif pile:
            can = pile  # pass 2 under way: it is not reshuffled again
        else:
            can = discards  # pass 1 has just run out: the discard pile becomes pass 2
            if not can:
                log.append("The discard pile is empty: there is no second pass, and the game ends with this turn.")
                return set_deck(state, DECK.name, deck.set("passes", 2))
        k = min(len(seats), can)
        if k:
            out = deck_mod.draw(DECK, deck, k, order)
            if isinstance(out, Refused):
                return out
            deck, more, _ = out
            state = set_deck(state, DECK.name, deck)
            log.extend(line for line in more if not line.startswith(f"{DECK.label}: drew"))  # the cards are secret
            for seat, card in zip(seats, deck["out"][-k:]):
                table["hands"][seat].append(card)
        elif order is not None:
            return Refused("no card is left to draw: no shuffle is needed")
        got = seats[:k]
    else:
        got = seats
    for seat in got:
        state = add_held(state, seat, 1)
    lost = len(seats) - len(got)
    if lost:
        log.append(f"{counted(lost, 'card')} could not be drawn: the deck is used up.")
    return state


def take(state: PMap, table: dict[str, Any], seat: int, card: str) -> PMap | Refused:
    """A card leaves `seat`'s hand to be played (`table` is changed in place)."""
    if virtual(state):
        if card not in table["hands"][seat]:
            return Refused(f"{name(state, seat)} has no {card} in hand")
        table["hands"][seat].remove(card)
    elif held(state, seat) < 1:
        return Refused(f"{name(state, seat)} has no card in hand, as the companion counted: correct the count "
                       "(Cards in hand) if a draw was missed")
    return add_held(state, seat, -1)


def discard(state: PMap, cards: Sequence[str]) -> PMap | Refused:
    """Played, destroyed or spent cards go to the discard pile."""
    if not cards:
        return state
    out = deck_mod.discard(DECK, state["decks"][DECK.name], list(cards))
    if isinstance(out, Refused):
        return out
    return set_deck(state, DECK.name, out[0])


def hand_cards(state: PMap, table: Mapping[str, Any], seat: int) -> list[str] | None:
    """The cards the companion knows are in a hand (virtual deck), or None (real cards)."""
    return list(table["hands"][seat]) if virtual(state) else None
