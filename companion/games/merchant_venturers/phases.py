"""Merchant Venturers' phases as steps: each phase's options (offers.py, trading.py), its advance and its own
inputs (turn.py), and what each player may do at any time (his action cards, what a card did)."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.steps import StepRules, pure

from . import offers, trading, turn
from .steps import STEPS as FLOW_STEPS
from .steps import season, started, step_name, year
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


def _rules(name: str) -> StepRules:
    return StepRules(options=offers.options, acting=offers.acting, status=status,
                     handlers={k: pure(f) for k, f in {**turn.ANY_TIME, **turn.STEP_INPUTS[name]}.items()})


STEPS = {step.name: _rules(step.name) for step in FLOW_STEPS}
