"""CHOOSE_ACTION: the lead chooses one of the five actions, and every player performs it [R l.106]."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import Step
from companion.core.edit import Edit

ACTIONS = ("RESERVE", "SAIL", "TRADE", "SPONSOR", "PRODUCE")
LABELS = {"RESERVE": "Reserve goods", "SAIL": "Sail ships", "TRADE": "Trade at the Market",
          "SPONSOR": "Sponsor", "PRODUCE": "Produce"}
SHORTS = {"RESERVE": "Resrv", "SAIL": "Sail", "TRADE": "Trade", "SPONSOR": "Spons", "PRODUCE": "Prod"}


def _chooses(chosen: str):
    def handler(e: Edit) -> None:
        e.data.update(action=chosen, produced=[], new_shipments=[], pirates=0, raided=[], unloading=[])
        e.say(f"{e.name(e.seat)} chooses: {LABELS[chosen]}.")
    return handler


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat != state["flow"]["actor"]:
        return []
    return [Option(LABELS[a], SHORTS[a], {"type": "advance", "action": a}) for a in ACTIONS]



def _unnamed(e: Edit) -> None:
    e.refuse("the lead chooses the action: RESERVE, SAIL, TRADE, SPONSOR or PRODUCE")


STEP = Step("CHOOSE_ACTION", "Choose the action", options=options, handlers={"advance": _unnamed, **{a: _chooses(a) for a in ACTIONS}})
