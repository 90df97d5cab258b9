"""What the table can do now, as a list a few buttons can walk through.

Every step of every game must be reachable from the buttons alone. A game
declares, per state, the options its current step offers (`GameDef.options`);
SELECT walks through them and ACTION does the selected one. NEXT always ends
the step (or passes, where the step counts passes) and BACK always undoes, so
those two need no declaration. The phone shows the same list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pyrsistent import PMap

if TYPE_CHECKING:
    from companion.core.game import GameDef


@dataclass(frozen=True)
class Option:
    label: str  # the OLED's "do" line and the phone's button, e.g. "Roll 2d6"
    short: str  # at most 6 characters: the hint above the ACTION button
    action: Mapping[str, Any] = field(default_factory=dict)
    confirm: bool = False  # ask again before doing it (ending the game, ...)
    # What the phone must ask before it can do this (JSON Schema properties,
    # each required): a business's campo, a tile's printed cost. An option with
    # fields is done on the phone; the OLED names it but cannot do it.
    fields: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # A roll spec ("2d6") when this option takes dice: the reader's dice of that
    # spec do it, their values in the action's "dice" (virtual: the table rolls).
    rolls: str = ""

    def public(self) -> dict[str, Any]:
        return {"label": self.label, "short": self.short, "action": dict(self.action), "confirm": self.confirm,
                "fields": {k: dict(v) for k, v in self.fields.items()}, "rolls": self.rolls}


def generic_options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    """Roll each of the game's dice; draw from each virtual deck that has cards."""
    if state["flow"] is not None and state["flow"]["over"]:
        return ()
    actor = state["flow"]["actor"] if state["flow"] is not None else None
    who = {"seat": actor} if actor is not None else {}
    options = [Option(f"Roll {spec}", "Roll", {"type": "roll", "spec": spec, **who}) for spec in game.dice]
    for deck in game.decks:
        pile = state["decks"][deck.name]
        if pile["mode"] == "virtual" and (pile["draw"] or pile["discard"]):
            options.append(Option(f"Draw: {deck.label}", "Draw", {"type": "draw", "deck": deck.name}))
    return tuple(options)


def step_options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    """The roll-off while one is under way (the first player's, or a game's own tie), else the game's options."""
    if state["rolloff"] is not None:
        k = len(state["rolloff"]["contenders"])
        return (Option(f"Roll off for the {state['rolloff']['purpose']} ({k}d6)", "Roll", {"type": "rolloff"}),)
    return tuple((game.options or generic_options)(game, state))
