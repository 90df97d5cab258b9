"""Free play: a generic table for any game.

Players in seat order, a turn marker passing clockwise, a score counter each,
dice, and a standard 52-card deck. It proves the core end to end, and it is
what a table uses for a game the companion does not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.deck import Composition, DeckSpec
from companion.core.flow import Flow, Step, end_now
from companion.core.game import GameDef
from companion.core.options import Option, generic_options
from companion.core.result import Accepted, Result

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♠", "♥", "♦", "♣")
STANDARD_52 = Composition({f"{rank}{suit}": 1 for suit in SUITS for rank in RANKS})


def _finish(game: GameDef, state: PMap, action: Mapping[str, Any]) -> Result:
    return Accepted(end_now(state, "the players ended it"), ("The players end the game.",))


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    generic = generic_options(game, state)
    return generic + (Option("Finish the game", "Finish", {"type": "finish"}, confirm=True),) if generic else ()


FREE_PLAY = GameDef(
    id="free_play",
    title="Free play",
    min_players=1,
    max_players=8,
    flow=Flow(steps=(Step("turn", "Turn"),)),
    decks=(DeckSpec("cards", "Cards", STANDARD_52),),
    counters=(CounterSpec("score", "Score", minimum=None),),
    dice=("1d6", "2d6"),
    actions={"finish": _finish},
    options=_options,
)
