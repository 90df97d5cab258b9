"""Master of Venice: the companion state machine of SPEC.md 2.3, as the core's flow.

One turn serves the whole table; each of its phases is one step that any
player (or the companion) closes with an advance. Elections and the
appointment of offices happen only when the Pope or Doge phase calls for them.
The end is checked when a turn ends: the deck has run out a second time
(`game_end_pending`), or fewer than two players are left in the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap

from companion.core.flow import END_OF_TURN, TABLE, ONE_PER_ROUND, EndTrigger, Flow, Step
from companion.core.seats import clockwise_from, next_seat

from .hands import game_end_pending
from .table import standing


def _order(state: PMap) -> Sequence[int]:
    """From the first player clockwise; the first player stays, or moves one seat each turn (an option)."""
    cur, n = state["flow"], len(state["players"])
    if not cur["order"]:
        return clockwise_from(cur["player"], n)
    lead = cur["order"][0]
    return clockwise_from(next_seat(lead, n) if state["options"]["rotate_first"] else lead, n)


def _election(office: str):
    return lambda state: (state["data"]["election"] or {}).get("office") == office


def _bids_missing(state: PMap) -> str:
    """NEXT reveals the bids: with some not in, it asks first (a voter's silence counts as no bid)."""
    election = state["data"]["election"] or {}
    missing = [state["players"][s]["name"] for s in election.get("voters", ()) if election["bids"][s] is None]
    if not missing:
        return ""
    return f"{' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} not bid yet: revealing now counts no bid."


def _over(state: PMap) -> bool:
    return game_end_pending(state) or len(standing(state["data"], len(state["players"]))) < 2


def _why(state: PMap) -> str:
    if game_end_pending(state):
        return "the players have gone through the deck twice"
    left = standing(state["data"], len(state["players"]))
    return f"{' and '.join(state['players'][s]['name'] for s in left) or 'nobody'} is left in the game"


FLOW = Flow(
    steps=(
        Step("DRAW", "Draw Phase: 1 card each", TABLE, done="Draw"),
        Step("REVENUE", "Revenue Phase", TABLE, done="Income"),
        Step("DIPLOMACY", "Diplomacy Phase: talk", TABLE),
        Step("EXPANSION", "Expansion Phase", TABLE),
        Step("EVENT", "Event Phase", TABLE),
        Step("WAR", "War Phase", TABLE),
        Step("POPE", "Pope Phase", TABLE, done="Roll"),  # the status says whether 1D6 is rolled
        Step("POPE_ELECTION", "Elect the Pope", TABLE, when=_election("pope"), done="Reveal", asks=_bids_missing),
        Step("DOGE", "Doge Phase", TABLE, done="Roll"),
        Step("DOGE_ELECTION", "Elect the Doge", TABLE, when=_election("doge"), done="Reveal", asks=_bids_missing),
        Step("OFFICE_APPOINTMENT", "The Doge appoints", TABLE, when=lambda s: s["data"]["appointing"], done="Done"),
    ),
    turns=ONE_PER_ROUND,
    order=_order,
    end=(EndTrigger(END_OF_TURN, when=_over, reason=_why),),
    round_word="Turn",
)

