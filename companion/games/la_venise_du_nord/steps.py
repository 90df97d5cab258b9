"""La Venise du Nord: the companion state machine of SPEC.md 4.3, as the core's flow.

  state = {round, active, phase(1..6), final_round}
  advance: phase p -> p+1; after phase 6 -> the next player's phase 1
    (phase 4 is each other player's on the activated tile, in turn: his advance is his activation)
    when the next player is the first player: if final_round -> SCORING
        else round += 1; if (some player has 5 bridges on the board) or (every Market space
        is covered) -> final_round = true
  end_turn (shortcut): jump to the next player's phase 1, by the same rule

The first player never changes (FIXED order); the end check is the core's
START_OF_ROUND trigger, and "that round is the last one" its last round.
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import EACH, START_OF_ROUND, EndTrigger, Flow, Step

from .table import end_reached, end_reason, secondary_seats


def _on_the_tile(state: PMap, seat: int) -> bool:
    """Phase 4 is for the others with a Burgher or a die on the activated tile (powers.secondary_seats)."""
    return seat in dict(secondary_seats(state, state["data"]))

PHASES = (
    Step("ROLL", "Phase 1: roll two dice", done="Rolled"),
    Step("MOVE", "Phase 2: move the Burgher", done="Moved"),
    Step("ACTIVATE", "Phase 3: activate the tile", done="Done"),
    Step("SECONDARY", "Phase 4: secondary activations", EACH, done="Done", skip=lambda s, seat: not _on_the_tile(s, seat)),
    Step("BRIDGE", "Phase 5: build a bridge", done="Done"),
    Step("PRODUCE", "Phase 6: produce goods", done="End"),
)

# "Puts their Burgher meeple on a tile of their choice, starting with the 1st player" [R]: every player, in
# the first player's first turn, before the first roll.
PLACE = Step("PLACE", "Place your Burgher", EACH, when=lambda s: None in s["data"]["burghers"], done="Place")

FLOW = Flow(steps=(PLACE, *PHASES), end=(EndTrigger(START_OF_ROUND, when=end_reached, reason=end_reason),))


def phase(state: PMap) -> int:
    """1 to 6 (0 while the Burghers are placed)."""
    return state["flow"]["step"]


def step_name(state: PMap) -> str:
    return FLOW.steps[state["flow"]["step"]].name


def final_round(state: PMap) -> bool:
    return state["flow"] is not None and state["flow"]["last_round"]
