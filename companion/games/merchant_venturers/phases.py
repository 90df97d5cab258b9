"""Merchant Venturers' phases as the core's flow: each phase a step, with its options (offers.py, trading.py),
its advance and its own inputs (turn.py), and what each player may do at any time (his action cards, what a
card did)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.flow import AFTER_ROUNDS, EACH, ONE_PER_ROUND, TABLE, EndTrigger, Flow, Step, step_name
from companion.core.seats import clockwise_from
from companion.core.steps import pure

from . import offers, trading, turn
from .cards import virtual
from .steps import YEARS, first_move, season, started, year
from .table import WIND

_WORD = {"SEASON": "the season changes", "RESOURCES": "resources made", "BUY": "buy", "ALLOCATION": "to the ports",
         "LOAD": "load", "SAIL": "sail", "BUY_AGAIN": "buy again"}


def status(state: PMap) -> str:
    """The OLED's line: the year, the season, the wind, and what this phase is about (at a port: which)."""
    if not started(state):
        return {"DEAL": "Before year 1: deal", "PLACE": "Place post and ship", "PREGAME": "Buy before year 1"}[step_name(state)]
    now = season(state)
    wind = "".join(part[0] for part in state["data"]["settings"]["wind"].get(now, WIND[now]).split("-"))  # North-West: NW
    step = step_name(state)
    what = trading.status(state) if step in trading.WORLD else _WORD[step]
    return f"Y{year(state)} {now[:3]} {wind}: {what}"


def _phase(name: str, label: str, who: str, **flow: Any) -> Step:
    return Step(name, label, who, options=offers.options, acting=offers.acting, status=status,
                handlers={k: pure(f) for k, f in {**turn.ANY_TIME, **turn.STEP_INPUTS[name]}.items()}, **flow)


def _summer(state: PMap) -> bool:
    return season(state) == "Summer"


def _lost(what: str):
    """What NEXT throws away at the end of this phase (the phase's own log of it), asked first."""
    return lambda state: " ".join(getattr(turn, what)(state)[1])


def _dealt(state: PMap) -> bool:
    return state["data"]["board"] is not None and (state["data"]["dealt"] or not virtual(state))


def _before(state: PMap) -> bool:
    return not started(state)


STEPS = (
    # Before year 1, in the rulebook's order: the board (and a virtual deck's hands) dealt; each player's
    # trading post and ship placed, the youngest first; then each may buy; then the first-move marker.
    _phase("DEAL", "Deal the board", TABLE, when=lambda s: _before(s) and not _dealt(s), done="Deal"),
    _phase("PLACE", "Place a trading post and a ship", EACH, when=_before, done="Place",
           skip=lambda s, seat: not s["data"]["unplaced"][seat]),
    _phase("PREGAME", "Buy before year 1", EACH, when=_before, done="Done"),
    _phase("SEASON", "1 The season changes", TABLE, done="Next"),
    _phase("RESOURCES", "2 Resource creation", TABLE, done="Make"),
    _phase("BUY", "3 Buy ships and posts", EACH, done="Done"),
    _phase("ALLOCATION", "4 Resources to ports", TABLE, when=_summer, done="Move"),
    _phase("BUY_GOODS", "5 Buy resources", TABLE, when=_summer, done="Next"),
    _phase("LOAD", "6 Load ships", EACH, asks=_lost("_unloaded"), done="Done"),
    _phase("SAIL", "7 Sail ships", EACH, done="Done"),
    _phase("SELL", "8 Sell resources", TABLE, asks=_lost("_unsold"), done="Next"),
    _phase("BUY_AGAIN", "9 Second chance to buy", EACH, done="Done"),
)


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
)
