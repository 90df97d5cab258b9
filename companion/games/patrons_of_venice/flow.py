"""The Patrons of Venice: the companion state machine of SPEC.md 1.7, as the core's flow, and its steps.

One turn serves the whole table: its lead chooses the action (CHOOSE_ACTION) and every player performs it
in order from the lead; the lead passes clockwise. The end is checked when the turn ends, and only then.
Each step is declared whole (when, who, options, handlers) in its own module (deal, choose, reserve, sail, unload,
trade, sponsor, produce).

  advance                                  ends the step for its actor: the default (no reservation, take
                                           the shipment, place the first new card, pass, no sponsorship)
  advance {action: RESERVE|SAIL|...}       the lead's choice
  advance {action: reserve, owner, ship}   a reservation
  advance {action: take | sell, card?}     the Unload, by the player whose cube is on the shipment
  advance {card}                           the New Shipment placed
  sell {card}                              a card sold in the Trade (as many as the player likes)
  advance {action: buy, from, card?}       one item bought
  advance {action: sponsor, statue}        a statue, or
  advance {action: sponsor, business, campi, cost, shown?}
  produce {business}                       one good (as many as the tiles allow)
  draw {deck, cards}                       a real card named (or tapped) as it is drawn in a Sail
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import END_OF_TURN, ONE_PER_ROUND, ROTATING, EndTrigger, Flow, step_name

from . import choose, city, deal, produce, reserve, sail, sponsor, trade, unload
from .table import points


def _leaders(state: PMap) -> list[int]:
    threshold = city.end_threshold(len(state["players"]))
    return [s for s in range(len(state["players"])) if points(state, s) >= threshold]


def _why(state: PMap) -> str:
    names = " and ".join(state["players"][s]["name"] for s in _leaders(state))
    return f"{names} reached {city.end_threshold(len(state['players']))} points"


FLOW = Flow(
    steps=(deal.STEP, choose.STEP, reserve.STEP, sail.DRAW, sail.PIRATES, unload.UNLOAD, unload.PLACE, trade.SELL,
           trade.BUY, sponsor.STEP, produce.STEP),
    turns=ONE_PER_ROUND,
    order=ROTATING,
    end=(EndTrigger(END_OF_TURN, when=lambda s: bool(_leaders(s)), reason=_why),),
    round_word="Turn",
)
