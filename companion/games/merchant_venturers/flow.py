"""Merchant Venturers' phases as the core's flow: each phase a step, declared in its own module with its
options, handlers and status (phase.py gives them their common parts: the acting player's "Done", the status
line's year, season and wind); each player's action cards and corrections at any time are the flow's any-time
layer (anytime.py)."""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap

from companion.core.flow import AFTER_ROUNDS, ONE_PER_ROUND, EndTrigger, Flow
from companion.core.seats import clockwise_from

from . import anytime, before, load, phase, purchases, sail, seasons, trade
from .calendar import YEARS, first_move, turn_line

STEPS = (before.DEAL, before.PLACE, before.PREGAME, seasons.SEASON, seasons.RESOURCES, purchases.BUY,
         seasons.ALLOCATION, trade.BUY_GOODS, load.STEP, sail.STEP, trade.SELL, purchases.BUY_AGAIN)


def _order(state: PMap) -> Sequence[int]:
    """The turn's order: from the marker's holder to his left; the marker moves as a year starts."""
    cur = state["flow"]
    if cur["round"] % 4 == 0:  # the turn that starts now is a Winter
        return clockwise_from(first_move(state), len(state["players"]))
    return tuple(cur["order"])


FLOW = Flow(
    steps=STEPS,
    turns=ONE_PER_ROUND,
    order=_order,
    end=(EndTrigger(AFTER_ROUNDS, rounds=4 * YEARS, reason=f"the Autumn of year {YEARS} is over"),),
    round_word="Turn",
    round_line=turn_line,
    round_label=phase.season_label,
    anytime=anytime.ANYTIME,
)
