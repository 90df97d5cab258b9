"""Master of Venice: the action cards, the flow's any-time layer (card_play.py): in each card phase (Expansion,
Event, War, Pope, Doge) the table may name or let happen a card played, and each player may play his cards, or
answer a play that waits for its answer; while one waits, the answers are the only options. The phases without
cards (Draw, Revenue, Diplomacy, the elections, the appointments) say `anytime=False`."""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap

from companion.core.flow import Anytime, in_step
from companion.core.options import Option

from . import card_play, war


def _options(state: PMap, seat: int | None) -> Sequence[Option]:
    """The table's: a card tapped or named, a play let happen; a player's (none for a player out of the game):
    his plays, or his answers to the play that waits; in the War Phase his armies' and navies' seizures too,
    each card's beside its plays."""
    if seat is None:
        return card_play.table_options(state)
    if seat in state["data"]["eliminated"]:
        return []
    return card_play.seat_options(state, seat, seizing=in_step(state, war.STEP))


def _waiting(state: PMap) -> bool:
    """A play waits for its answer (a War card's payments are the War Phase's own rolls)."""
    p = state["data"]["pending"]
    return p is not None and p["kind"] != "war"


ANYTIME = Anytime(options=_options, handlers=card_play.HANDLERS, only=_waiting, table_first=True)
