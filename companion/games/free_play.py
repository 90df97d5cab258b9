"""Free play: a generic table for any game.

Players in seat order, a turn marker passing clockwise, a score counter each,
dice, and a standard 52-card deck. It proves the core end to end, and it is
what a table uses for a game the companion does not know. Its one step offers
the core's own inputs as they are: the turn's player rolls, draws (or names a
real card drawn), discards the cards out and ends his turn; each player sets
his own score; the table (the host) does all of it and ends the game.
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.deck import Composition, DeckSpec
from companion.core.engine import CORE_INPUTS
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.options import CORRECTIONS, Option
from companion.core.steps import Edit

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
STANDARD_52 = Composition({f"{rank}{suit}": 1 for suit in SUITS for rank in RANKS})
CARDS = DeckSpec("cards", "Cards", STANDARD_52)
SCORE = CounterSpec("score", "Score", minimum=None)
DICE = ("1d6", "2d6")
SCORE_STEP = 100  # the most a score changes by in one input


def _turn(state: PMap, seat: int) -> list[Option]:
    """What the turn's player does: roll, draw, discard what is out, end the turn."""
    found = [Option(f"Roll {spec}", "Roll", {"type": "roll", "spec": spec}) for spec in DICE]
    pile = state["decks"][CARDS.name]
    if pile["mode"] == "virtual" and (pile["draw"] or pile["discard"]):
        found.append(Option(f"Draw: {CARDS.label}", "Draw", {"type": "draw", "deck": CARDS.name}))
    elif pile["mode"] == "mirror":  # a real card drawn: named, or laid on the reader
        # With the drawer's seat, as a card laid on the reader comes (companion.core.physical).
        found.append(Option(f"A real card drawn: {CARDS.label}", "Drawn", {"type": "draw", "deck": CARDS.name, "seat": seat},
                            fields={"cards": {"type": "array", "items": {"enum": list(STANDARD_52.cards(1))},
                                              "minItems": 1, "maxItems": 1, "title": "card"}},
                            taps=CARDS.name))
    if pile["out"]:
        out = list(pile["out"])
        found.append(Option(f"Discard {', '.join(out)}", "Discrd", {"type": "discard", "deck": CARDS.name, "cards": out}))
    found.append(Option("", "Done", {"type": "advance"}, button="NEXT"))  # the core says whose turn comes
    return found


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
TURN = Step("turn", "Turn", options=options, handlers={**CORE_INPUTS, "finish": finish})

FREE_PLAY = GameDef(
    id="free_play",
    title="Free play",
    min_players=1,
    max_players=8,
    flow=Flow(steps=(TURN,)),
    decks=(CARDS,),
    counters=(SCORE,),
    dice=DICE,
)
