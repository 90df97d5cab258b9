"""Free play: a generic table for any game.

Players in seat order, a turn marker passing clockwise, a score counter each,
dice, and a standard 52-card deck. It proves the core end to end, and it is
what a table uses for a game the companion does not know. Its one step offers
the core's own inputs as they are: the turn's player rolls, draws (or names a
real card drawn), discards the cards out (all, or one named) and ends his turn;
with real cards the table also says when it shuffled the discards back in, and a
card laid on the reader is drawn from the pile, or discarded when it is out;
each player sets his own score; the table (the host) does all of it and ends the game.
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.deck import Composition, DeckSpec
from companion.core.engine import CORE_INPUTS
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.options import CORRECTIONS, Option
from companion.core.edit import Edit
from companion.core.result import Refused
from companion.core.words import counted

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
STANDARD_52 = Composition({f"{rank}{suit}": 1 for suit in SUITS for rank in RANKS})
CARDS = DeckSpec("cards", "Cards", STANDARD_52)
SCORE = CounterSpec("score", "Score", minimum=None)
DICE = ("1d6", "2d6")
SCORE_STEP = 100  # the most a score changes by in one input


def _one_card(cards: object, title: str) -> dict:
    """A field naming one of these cards, listed once each in the deck's own order (A♠ to K♣)."""
    have = set(cards)
    return {"cards": {"type": "array", "items": {"enum": [c for c in STANDARD_52.counts if c in have]},
                      "minItems": 1, "maxItems": 1, "title": title}}


def _deck(pile: PMap, seat: int) -> list[Option]:
    """Draw, discard (every card out, or one named) and, with real cards, the shuffle the table made."""
    found = []
    real = pile["mode"] == "mirror"
    deck = {"deck": CARDS.name}
    if not real and (pile["draw"] or pile["discard"]):
        found.append(Option(f"Draw: {CARDS.label}", "Draw", {"type": "draw", **deck}))
    elif real and pile["draw"]:  # a real card drawn: named, or laid on the reader
        # With the drawer's seat, as a card laid on the reader comes (companion.core.physical).
        found.append(Option(f"A real card drawn: {CARDS.label}", "Drawn", {"type": "draw", **deck, "seat": seat},
                            fields=_one_card(pile["draw"], "card drawn"), taps=CARDS.name))
    out = list(pile["out"])
    taps = CARDS.name if real else ""  # a real card out, laid on the reader, is discarded
    if out:
        named = ", ".join(out) if len(out) <= 3 else f"all {counted(len(out), 'card')}"
        found.append(Option(f"Discard {named}", "Discrd", {"type": "discard", **deck, "cards": out}, taps=taps))
    if len(out) > 1:
        found.append(Option("Discard one card", "Disc 1", {"type": "discard", **deck},
                            fields=_one_card(out, "card discarded"), taps=taps))
    if real and pile["discard"]:  # the players shuffle the real discards back into the pile, and say so
        found.append(Option(f"Shuffle in {counted(len(pile['discard']), 'discard')}", "Shuffl", {"type": "shuffle", **deck}))
    return found


def _turn(state: PMap, seat: int) -> list[Option]:
    """What the turn's player does: roll, draw, discard, shuffle real cards, end the turn."""
    found = [Option(f"Roll {spec}", "Roll", {"type": "roll", "spec": spec}) for spec in DICE]
    found += _deck(state["decks"][CARDS.name], seat)
    found.append(Option("", "Done", {"type": "advance"}, button="NEXT"))  # the core says whose turn comes
    return found


def tapped(state: PMap, deck: str, card: str) -> dict | Refused:
    """A real card laid on the reader: discarded when it is out, else drawn from the pile by the turn's player."""
    pile = state["decks"][deck]
    if card in pile["out"]:
        return {"type": "discard", "deck": deck, "cards": [card]}
    if card in pile["draw"]:
        return {"type": "draw", "deck": deck, "cards": [card], "seat": state["flow"]["actor"]}
    return Refused(f"{card} is in the discard pile: shuffle the discards back in before it is drawn again")


def _score(state: PMap, seat: int) -> Option:
    player = state["players"][seat]["name"]
    now = state["counters"]["players"][seat][SCORE.name]
    return Option(f"{player}'s score (now {now})", "Score", {"type": "counter", "name": SCORE.name, "seat": seat},
                  fields={"delta": {"type": "integer", "minimum": -SCORE_STEP, "maximum": SCORE_STEP, "title": "change by"}},
                  group=CORRECTIONS)


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None:  # the table's own: every score, and the end
        return [*(_score(state, s) for s in range(len(state["players"]))),
                Option("Finish the game", "Finish", {"type": "finish"}, confirm=True)]
    return [*(_turn(state, seat) if seat == state["flow"]["actor"] else []), _score(state, seat)]


def finish(e: Edit) -> None:
    e.end_game("the players ended it", "The players end the game.")


# A plain advance ends the turn; a score set right ("counter") is the core's own input in every game.
TURN = Step("turn", "Turn", options=options, undone="the turn", handlers={**CORE_INPUTS, "finish": finish})

FREE_PLAY = GameDef(
    id="free_play",
    title="Free play",
    min_players=1,
    max_players=8,
    flow=Flow(steps=(TURN,)),
    decks=(CARDS,),
    counters=(SCORE,),
    dice=DICE,
    tapped=tapped,
)
