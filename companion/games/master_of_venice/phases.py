"""Master of Venice's phases as steps: each phase's options (offers.py), what its NEXT does (turn.py) and the
players' plays (play.py), each a pure function of the state and the input."""

from __future__ import annotations

from companion.core.steps import StepRules, pure

from . import offers, play, turn
from .steps import FLOW


def _options(state, seat):
    return offers.table_options(state) if seat is None else offers.seat_options(state, seat)


def _rules(name: str) -> StepRules:
    return StepRules(options=_options, acting=offers.acting,
                     handlers={"advance": pure(turn.STEPS.get(name, turn.nothing)),
                               **{kind: pure(f) for kind, f in play.ACTIONS.items()}})


STEPS = {step.name: _rules(step.name) for step in FLOW.steps}
