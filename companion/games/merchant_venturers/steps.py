"""Merchant Venturers: the companion state machine of SPEC.md 5.3, as the core's flow.

One turn (a season) serves the whole table: the core's round is the turn, 1 to
40, so the year and the season follow from it (turn 1 is year 1's Winter). Each
phase is one step that one advance closes; the players act inside it in the
order the phase gives (the first-move marker's holder first, or port by port),
which the companion shows. Phases 4 and 5 come in Summer only. PREGAME (the
placements and purchases before year 1) is a step of turn 1 that only happens
once; its advance may carry the coins left, and sets the first-move marker.

The marker goes, as each year starts, to the player with the fewest coins, the
youngest of them on a tie: the flow's order for a Winter turn starts with him.
The game is over when the 40th turn (the tenth Autumn) ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap

from companion.core.flow import AFTER_ROUNDS, EACH, ONE_PER_ROUND, TABLE, EndTrigger, Flow, Step
from companion.core.seats import clockwise_from, fewest_first

SEASONS = ("Winter", "Spring", "Summer", "Autumn")
YEARS = 10


def started(state: PMap) -> bool:
    return state["data"]["started"]


def season(state: PMap) -> str | None:
    return SEASONS[(state["flow"]["round"] - 1) % 4] if state["flow"] is not None and started(state) else None


def year(state: PMap) -> int:
    return (state["flow"]["round"] - 1) // 4 + 1 if state["flow"] is not None and started(state) else 0


def _summer(state: PMap) -> bool:
    return season(state) == "Summer"


def _lost(what: str):
    """What NEXT throws away at the end of this phase (the phase's own log of it), asked first."""

    def asks(state: PMap) -> str:
        from . import turn  # turn builds on these steps

        return " ".join(getattr(turn, what)(state)[1])

    return asks


def _dealt(state: PMap) -> bool:
    from .cards import virtual  # cards builds on these steps

    return state["data"]["board"] is not None and (state["data"]["dealt"] or not virtual(state))


def _before(state: PMap) -> bool:
    return not started(state)


STEPS = (
    # Before year 1, in the rulebook's order: the board (and a virtual deck's hands) dealt; each player's
    # trading post and ship placed, the youngest first; then each may buy; then the first-move marker.
    Step("DEAL", "Deal the board", TABLE, when=lambda s: _before(s) and not _dealt(s), done="Deal"),
    Step("PLACE", "Place a trading post and a ship", EACH, when=_before, done="Place",
         skip=lambda s, seat: not s["data"]["unplaced"][seat]),
    Step("PREGAME", "Buy before year 1", EACH, when=_before, done="Done"),
    Step("SEASON", "1 The season changes", TABLE, done="Next"),
    Step("RESOURCES", "2 Resource creation", TABLE, done="Make"),
    Step("BUY", "3 Buy ships and posts", EACH, done="Done"),
    Step("ALLOCATION", "4 Resources to ports", TABLE, when=_summer, done="Move"),
    Step("BUY_GOODS", "5 Buy resources", TABLE, when=_summer, done="Next"),
    Step("LOAD", "6 Load ships", EACH, asks=_lost("_unloaded"), done="Done"),
    Step("SAIL", "7 Sail ships", EACH, done="Done"),
    Step("SELL", "8 Sell resources", TABLE, asks=_lost("_unsold"), done="Next"),
    Step("BUY_AGAIN", "9 Second chance to buy", EACH, done="Done"),
)
PHASES = {step.name: max(0, i - 2) for i, step in enumerate(STEPS)}  # 0 before year 1, then the rulebook's 1-9


def step_name(state: PMap) -> str:
    return STEPS[state["flow"]["step"]].name


def phase(state: PMap) -> int | str:
    """SPEC's phase: 1-9, "PREGAME" before year 1, "GAME_OVER" at the end."""
    if state["flow"]["over"]:
        return "GAME_OVER"
    number = PHASES[step_name(state)]
    return number or "PREGAME"


def first_move(state: PMap) -> int:
    """Who has the fewest coins now, the youngest of them on a tie (SPEC 5.3)."""
    coins = [p["coins"] for p in state["counters"]["players"]]
    return fewest_first(coins, list(state["data"]["youth"]))[0]


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
