"""Master of Venice: the Draw Phase [R l.45-50]. NEXT: each player still in the game draws 1 card (in the
first turn, the starting cards and Gold of the rule options first). With real cards the table says when
the real draw pile runs out (here and in the Event Phase, where cards are drawn too)."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import PARTS, counted

from . import hands
from .cards import DECK
from .phase import by_seat, next_option
from .table import add_gold, in_order, virtual


def draw(e: Edit) -> None:
    seats = in_order(e.state, e.data)
    options = e.state["options"]
    first_turn = e.state["flow"]["round"] == 1
    extra = options["start_cards"] if first_turn else 0
    if first_turn and options["start_gold"]:
        for seat in seats:
            add_gold(e, seat, options["start_gold"])
        e.say(f"Each player starts with {options['start_gold']} Gold.")
    if not virtual(e.state):
        e.say(f"Deal {counted(extra, 'card')} to each player, then each draws 1." if extra else "Each player draws 1 card.")
    hands.draw(e, seats * (extra + 1))
    if virtual(e.state):
        e.say("Each player's new card is on their own phone.")
    e.reveal("Put the cards drawn back on top of the deck.")


def ran_out(e: Edit) -> None:
    """The real draw pile has run out: the first time, the discard pile is shuffled into the new one; the
    second, nothing more is drawn and the game ends with this turn (no third pass): "The Game ends when players have gone through the deck twice" [R l.23, l.49]."""
    deck, _lines, _ = e.must(deck_mod.exhausted(DECK, e.deck(DECK.name)))
    e.set_deck(DECK.name, deck)
    if deck["passes"] >= 2:
        e.say("The real draw pile has run out a second time: no more cards are drawn, and the game ends at the end "
              "of this turn.")
    else:
        e.say("The real draw pile has run out: shuffle the discard pile, it is the new draw pile (the last pass).")


def run_out(state: PMap) -> list[Option]:
    """With real cards, the table says the real draw pile ran out (the companion cannot see it)."""
    if virtual(state) or hands.passes(state) >= 2 or hands.game_end_pending(state):
        return []
    return [Option("Say the real draw pile ran out", "Empty", {"type": "deck_exhausted", "deck": "deck"}, confirm=True)]


def _table(state: PMap) -> list[Option]:
    return run_out(state) + next_option()


def status(state: PMap) -> str:
    # What the table does now first (the box's one line may hold only it), then the end near, then the pass.
    first = state["flow"]["round"] == 1 and state["options"]["start_cards"] and not virtual(state)  # real hands first
    do = f"Deal {counted(state['options']['start_cards'], 'card')} each, then draw 1" if first else "Draw 1 card each"
    end = ["The end is near"] if hands.game_end_pending(state) else []
    return PARTS.join([do, *end, f"Deck pass {hands.deck_pass(state)}"])


STEP = Step("DRAW", "Draw Phase: 1 card each", TABLE, acting=WITH_OPTIONS, anytime=False, done="Draw", undone="the Draw Phase: a card each",
            options=by_seat(table=_table), status=status, handlers={"advance": draw, "deck_exhausted": ran_out})
