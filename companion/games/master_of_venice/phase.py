"""Master of Venice: a phase of the turn as a step of the flow. Every phase is the whole table's: each
player acts from his own phone, the table's options (NEXT among them) are the box's and the table page's,
and the table waits for the players who have something to do."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Handler


SeatOptions = Callable[[PMap, int], Sequence[Option]]


def next_option() -> list[Option]:
    """NEXT closes the phase (the core says what follows, in the step's word)."""
    return [Option("", "", {"type": "advance"}, button="NEXT")]


def phase(name: str, label: str, *, handlers: Mapping[str, Handler], table: Callable[[PMap], Sequence[Option]] = lambda state: next_option(),
          seat: SeatOptions = lambda state, seat: [], status: Callable[[PMap], str] | None = None, **flow: Any) -> Step:
    """A phase: the table's options (`table`, by default NEXT alone) and each player's (`seat`; none for a
    player out of the game), worked out once per state: the table asks who acts, then each seat's options."""
    # The state last asked about and each seat's options in it, replaced whole (one assignment): a thread
    # that finds another state only works them out again.
    worked_out: tuple[PMap | None, dict[int, Sequence[Option]]] = (None, {})

    def options(state: PMap, who: int | None) -> Sequence[Option]:
        nonlocal worked_out
        if who is None:
            return table(state)
        if who in state["data"]["eliminated"]:
            return []
        cached = worked_out
        if cached[0] is not state:
            cached = worked_out = (state, {})
        mine = cached[1]
        if who not in mine:
            mine[who] = seat(state, who)
        return mine[who]

    # The players who have something to do now, the cards they may play counted (anytime.py): the table waits
    # for them, and does their options too.
    return Step(name, label, TABLE, options=options, acting=WITH_OPTIONS, handlers=handlers, status=status, **flow)
