"""The palazzo game: the companion state machine of SPEC.md 3.3, as the core's flow, and its two steps.

  state = {active, extra_action, final_round}
  advance{purchase, exact=true,  last_tile=false} -> same player, extra_action=true
  advance{purchase,              last_tile=true } -> final round: from the ender's left round to
                                                     the ender, one non-purchase action each; then over
  advance{anything else}                          -> next player to the left, extra_action=false

Each turn is one action (ACTION, the turn's player); the extra action is the
core's, the final round its ONE_MORE_TURN_EACH trigger. SETUP sets out the
yard and the bank once, before the first action. Each step is declared whole
(when, who, options, handlers, status line) in its own module (setup.py, action.py).
"""

from __future__ import annotations

from companion.core.flow import ONE_MORE_TURN_EACH, EndTrigger, Flow

from . import action, setup
from .table import tiles_left

FLOW = Flow(
    steps=(setup.STEP, action.STEP),
    end=(EndTrigger(ONE_MORE_TURN_EACH, when=lambda s: tiles_left(s["data"]) == 0,
                    reason="the last structure is bought",
                    ender_too=lambda s: s["options"]["ender_final_action"]),),
)
