"""Master of Venice: the companion state machine of SPEC.md 2.3, as the core's flow.

One turn serves the whole table; each of its phases is one step that any
player (or the companion) closes with an advance. Elections and the
appointment of offices happen only when the Pope or Doge phase calls for them.
The end is checked when a turn ends: the deck has run out a second time
(`game_end_pending`), or fewer than two players are left in the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.flow import END_OF_TURN, TABLE, ONE_PER_ROUND, EndTrigger, Flow, Step
from companion.core.seats import clockwise_from, next_seat
from companion.core.steps import pure

from . import offers, play, turn
from .hands import game_end_pending
from .table import standing


def _order(state: PMap) -> Sequence[int]:
    """From the first player clockwise; the first player stays, or moves one seat each turn (an option). A player
    out of the game leads no more: the lead goes to the next one still in it, clockwise."""
    cur, n = state["flow"], len(state["players"])
    if not cur["order"]:
        return clockwise_from(cur["player"], n)
    lead = cur["order"][0]
    lead = next_seat(lead, n) if state["options"]["rotate_first"] else lead
    left = standing(state["data"], n)
    return clockwise_from(next(s for s in clockwise_from(lead, n) if s in left) if left else lead, n)


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


def _options(state: PMap, seat: int | None):
    return offers.table_options(state) if seat is None else offers.seat_options(state, seat)


def _phase(name: str, label: str, **flow: Any) -> Step:
    """A phase of the turn, closed by the table: what it offers (offers.py), what its NEXT does (turn.py) and
    the players' plays (play.py), each a pure function of the state and the input."""
    return Step(name, label, TABLE, options=_options, acting=offers.acting,
                handlers={"advance": pure(turn.STEPS.get(name, turn.nothing)),
                          **{kind: pure(f) for kind, f in play.ACTIONS.items()}}, **flow)


FLOW = Flow(
    steps=(
        _phase("DRAW", "Draw Phase: 1 card each", done="Draw"),
        _phase("REVENUE", "Revenue Phase", done="Income"),
        _phase("DIPLOMACY", "Diplomacy Phase: talk"),
        _phase("EXPANSION", "Expansion Phase"),
        _phase("EVENT", "Event Phase"),
        _phase("WAR", "War Phase"),
        _phase("POPE", "Pope Phase", done="Roll"),  # the status says whether 1D6 is rolled
        _phase("POPE_ELECTION", "Elect the Pope", when=_election("pope"), done="Reveal", asks=_bids_missing),
        _phase("DOGE", "Doge Phase", done="Roll"),
        _phase("DOGE_ELECTION", "Elect the Doge", when=_election("doge"), done="Reveal", asks=_bids_missing),
        _phase("OFFICE_APPOINTMENT", "The Doge appoints", when=lambda s: s["data"]["appointing"], done="Done"),
    ),
    turns=ONE_PER_ROUND,
    order=_order,
    end=(EndTrigger(END_OF_TURN, when=_over, reason=_why),),
    round_word="Turn",
)

