"""What a game declares: players allowed, flow, decks, counters, its own actions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.deck import DeckSpec
from companion.core.flow import Flow
from companion.core.options import Option
from companion.core.result import Result

# A game's own action: (game, state, action) -> Accepted | Refused.
Handler = Callable[["GameDef", PMap, Mapping[str, Any]], Result]


@dataclass(frozen=True)
class GameDef:
    id: str
    title: str
    min_players: int
    max_players: int
    flow: Flow
    decks: tuple[DeckSpec, ...] = ()
    counters: tuple[CounterSpec, ...] = ()
    dice: tuple[str, ...] = ("1d6",)  # the roll specs this game uses
    actions: Mapping[str, Handler] = field(default_factory=dict)
    # Which generic actions are legal now; None allows every one. Returns a
    # reason to refuse, or None.
    check: Callable[[PMap, Mapping[str, Any]], str | None] | None = None
    # Extra game data at setup: (setup) -> dict merged into state["data"].
    initial_data: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None
    # Who chooses the first player: "choice" (setup names the seat) or "rolloff".
    first_player: str = "choice"
    # What the buttons can do in this state (companion.core.options); None
    # offers the generic rolls and draws.
    options: Callable[["GameDef", PMap], tuple[Option, ...]] | None = None

    def deck(self, name: str) -> DeckSpec | None:
        return next((d for d in self.decks if d.name == name), None)
