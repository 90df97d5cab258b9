"""The Patrons of Venice: the companion state machine of SPEC.md 1.7, as the core's flow.

One turn serves the whole table: its lead chooses the action (CHOOSE_ACTION)
and every player performs it in order from the lead; the lead passes
clockwise. The end is checked when the turn ends, and only then.
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import EACH, END_OF_TURN, ONE_PER_ROUND, PASSES, ROTATING, TABLE, EndTrigger, Flow, Step

from . import city
from .table import points


def _doing(action: str):
    return lambda state: state["data"]["action"] == action


def _leaders(state: PMap) -> list[int]:
    threshold = city.end_threshold(len(state["players"]))
    return [s for s in range(len(state["players"])) if points(state, s) >= threshold]


def _why(state: PMap) -> str:
    names = " and ".join(state["players"][s]["name"] for s in _leaders(state))
    return f"{names} reached {city.end_threshold(len(state['players']))} points"


FLOW = Flow(
    steps=(
        Step("SETUP_DONE", "Deal, then start", TABLE, when=lambda s: not s["data"]["started"], done="Start"),
        Step("CHOOSE_ACTION", "Choose the action"),
        Step("RESERVE", "Reserve a shipment", EACH, when=_doing("RESERVE"), done="None"),
        Step("SAIL_DRAW", "Draw new shipments", TABLE, when=_doing("SAIL"), done="Drawn"),
        Step("SAIL_PIRATES", "Pirates! Replace them", TABLE,
             when=lambda s: s["data"]["action"] == "SAIL" and s["data"]["pirates"] > 0, done="Drawn"),
        Step("SAIL_UNLOAD", "Unload: take or sell", EACH, when=_doing("SAIL"), done="Take"),
        Step("SAIL_PLACE", "Place a new shipment", EACH, when=_doing("SAIL"), done="Place"),
        Step("TRADE_SELL", "Sell to the Market", EACH, when=_doing("TRADE"), done="Done"),
        Step("TRADE_BUY", "Buy one, or pass", PASSES, when=_doing("TRADE"), done="Pass", plain_is_pass=True),
        Step("SPONSOR", "Sponsor", EACH, when=_doing("SPONSOR"), done="None"),
        Step("PRODUCE", "Produce goods", EACH, when=_doing("PRODUCE"), done="Done"),
    ),
    turns=ONE_PER_ROUND,
    order=ROTATING,
    end=(EndTrigger(END_OF_TURN, when=lambda s: bool(_leaders(s)), reason=_why),),
    round_word="Turn",
)
