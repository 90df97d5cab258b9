"""Master of Venice: the companion state machine of SPEC.md 2.3, as the core's flow.

One turn serves the whole table; each of its phases is one step (a module each) that the table closes
with NEXT, while the players play from their phones. Elections and the appointment of offices happen only
when the Pope or Doge phase calls for them. The end is checked when a turn ends: the deck has run out a
second time (`game_end_pending`), or fewer than two players are left in the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyrsistent import PMap

from companion.core.flow import END_OF_TURN, ONE_PER_ROUND, TABLE, WITH_OPTIONS, EndTrigger, Flow, Step
from companion.core.seats import clockwise_from, next_seat

from . import appointment, card_play, draw, election, expansion, income, pope_doge, war
from .anytime import ANYTIME
from .hands import game_end_pending
from .phase import by_seat, next_option
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


def _over(state: PMap) -> bool:
    return game_end_pending(state) or len(standing(state["data"], len(state["players"]))) < 2


def _why(state: PMap) -> str:
    if game_end_pending(state):
        return "the players have gone through the deck twice"
    left = standing(state["data"], len(state["players"]))
    return f"{' and '.join(state['players'][s]['name'] for s in left) or 'nobody'} is left in the game"


# The Diplomacy Phase: the players talk; NEXT closes it. Named as the rulebook names it, as the other phases are
# (the box shows "Pay: on to Diplomacy Phase" whole).
DIPLOMACY = Step("DIPLOMACY", "Diplomacy Phase", TABLE, acting=WITH_OPTIONS, options=by_seat(), undone="the Diplomacy Phase", anytime=False)
# The Event Phase: the event and crime cards, played from the hand; with real cards the pile may run out.
EVENT = Step("EVENT", "Event Phase", TABLE, acting=WITH_OPTIONS, undone="the Event Phase", status=card_play.status,
             options=by_seat(table=lambda state: draw.run_out(state) + next_option()),
             handlers={"advance": card_play.close, "deck_exhausted": draw.ran_out})

FLOW = Flow(
    steps=(draw.STEP, income.STEP, DIPLOMACY, expansion.STEP, EVENT, war.STEP, pope_doge.POPE, election.POPE,
           pope_doge.DOGE, election.DOGE, appointment.STEP),
    turns=ONE_PER_ROUND,
    order=_order,
    end=(EndTrigger(END_OF_TURN, when=_over, reason=_why),),
    round_word="Turn",
    anytime=ANYTIME,
)
