"""Master of Venice: what every phase of the turn has alike. Every phase is the whole table's (a `TABLE` step
with `acting=WITH_OPTIONS`): each player acts from his own phone, the table's options (NEXT among them) are the
box's and the table page's, and the table waits for the players who have something to do, the cards they may
play counted (those are the flow's any-time layer, anytime.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pyrsistent import PMap

from companion.core.options import Option

SeatOptions = Callable[[PMap, int], Sequence[Option]]


def next_option() -> list[Option]:
    """NEXT closes the phase (the core says what follows, in the step's word)."""
    return [Option("", "", {"type": "advance"}, button="NEXT")]


def by_seat(table: Callable[[PMap], Sequence[Option]] = lambda state: next_option(),
            seat: SeatOptions = lambda state, seat: []) -> Callable[[PMap, int | None], Sequence[Option]]:
    """A phase's options: the table's (`table`, by default NEXT alone) and each player's (`seat`; none for a
    player out of the game)."""

    def options(state: PMap, who: int | None) -> Sequence[Option]:
        if who is None:
            return table(state)
        return [] if who in state["data"]["eliminated"] else seat(state, who)

    return options
