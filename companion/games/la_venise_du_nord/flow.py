"""La Venise du Nord: the companion state machine of SPEC.md 4.3, as the core's flow.

  state = {round, active, phase(1..6), final_round}
  advance: phase p -> p+1; after phase 6 -> the next player's phase 1
    (phase 4 is each other player's on the activated tile, in turn: his advance is his activation)
    when the next player is the first player: if final_round -> SCORING
        else round += 1; if (some player has 5 bridges on the board) or (every Market space
        is covered) -> final_round = true
  end_turn (shortcut): jump to the next player's phase 1, by the same rule

The first player never changes (FIXED order); the end check is the core's
START_OF_ROUND trigger, and "that round is the last one" its last round. Each phase is a
step declared whole (when, who, options, handlers, status line) in its own module.
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import START_OF_ROUND, EndTrigger, Flow

from . import activate, bridge, move, produce, roll, start
from .anytime import ANYTIME
from .table import end_reached, end_reason


FLOW = Flow(steps=(start.STEP, roll.STEP, move.STEP, activate.ACTIVATE, activate.SECONDARY, bridge.STEP, produce.STEP),
            end=(EndTrigger(START_OF_ROUND, when=end_reached, reason=end_reason),), anytime=ANYTIME)


def phase(state: PMap) -> int:
    """1 to 6 (0 while the Burghers are placed)."""
    return state["flow"]["step"]


def final_round(state: PMap) -> bool:
    return state["flow"] is not None and state["flow"]["last_round"]
