"""Merchant Venturers' calendar: the year, the season and the first-move marker (its flow is in flow.py).

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

from pyrsistent import PMap

from companion.core.seats import fewest_first

SEASONS = ("Winter", "Spring", "Summer", "Autumn")
YEARS = 10


def started(state: PMap) -> bool:
    return state["data"]["started"]


def season(state: PMap) -> str | None:
    return SEASONS[(state["flow"]["round"] - 1) % 4] if state["flow"] is not None and started(state) else None


def year(state: PMap) -> int:
    return (state["flow"]["round"] - 1) // 4 + 1 if state["flow"] is not None and started(state) else 0


def phase(state: PMap) -> int | str:
    """SPEC's phase: 1-9, "PREGAME" before year 1, "GAME_OVER" at the end."""
    if state["flow"]["over"]:
        return "GAME_OVER"
    return max(0, state["flow"]["step"] - 2) or "PREGAME"  # the flow's three steps before year 1, then 1-9


def first_move(state: PMap) -> int:
    """Who has the fewest coins now, the youngest of them on a tie (SPEC 5.3)."""
    coins = [p["coins"] for p in state["counters"]["players"]]
    return fewest_first(coins, list(state["data"]["youth"]))[0]


def marker_reason(state: PMap) -> str:
    """Why the first-move marker goes where first_move() puts it, as the log says it."""
    coins = [p["coins"] for p in state["counters"]["players"]]
    tied = [s for s, c in enumerate(coins) if c == min(coins)]
    if len(tied) == 1:
        return "the fewest coins"
    if any(state["data"]["youth"][s] is not None for s in tied):
        return "the fewest coins; the youngest of the tied"
    return "the fewest coins; tied, with no ages given, the first at the table"


def turn_line(state: PMap) -> str:
    """The log's line as a turn starts: a new year marked out, with who has the marker and why; another
    season with who leads it; before year 1, who places first (every player has 3 coins: the youngest)."""
    seat = state["flow"]["order"][0]
    lead = state["players"][seat]["name"]
    if not started(state):
        return f"Before year 1: {lead} places first" + (" (the youngest)." if state["data"]["youth"][seat] is not None else ".")
    if season(state) == SEASONS[0]:
        return f"Year {year(state)} begins ({SEASONS[0]}): {lead} has the first-move marker ({marker_reason(state)})."
    return f"Year {year(state)}, {season(state)}: {lead} leads."
