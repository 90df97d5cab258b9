"""Master of Venice: the Doge appoints the offices [R l.140-142], after he is elected.

  appoint  {seat, office}   the Doge's controller gives a player without an office one of the four
  advance                   NEXT gives the offices not yet given, in order, to the players without one
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.steps import Edit
from companion.games.plain import name

from . import legal
from .cards import OFFICES
from .leaving import end_of_turn
from .phase import phase
from .table import controller, unappointed

_HINTS = {"Council Head": "Council", "Construction": "Build"}  # whole words over a button


def appoint(e: Edit) -> None:
    seat = e.must(legal.seat(e.state, e.action))
    office, table = e.action.get("office"), e.data
    if office not in OFFICES:
        e.refuse(f"office: {', '.join(OFFICES)}")
    if office in table["offices"]:
        e.refuse(f"{e.name(table['offices'][office])} holds the Office of {office} already")
    if seat in table["offices"].values():
        e.refuse(f"{e.name(seat)} holds an office already: one each")
    table["offices"][office] = seat
    e.say(f"{e.name(controller(table, 'doge'))} appoints {e.name(seat)} to the Office of {office}.")


def appoint_rest(e: Edit) -> None:
    """NEXT gives the offices not yet given, in order, to the players without one, from the Doge's."""
    table = e.data
    waiting = unappointed(e.state) if controller(table, "doge") is not None else []
    free = [o for o in OFFICES if o not in table["offices"]]
    for seat, office in zip(waiting, free):
        table["offices"][office] = seat
        e.say(f"{e.name(seat)}: Office of {office}.")
    end_of_turn(e)


def _seat(state: PMap, seat: int) -> list[Option]:
    """The Doge's controller: any office not given, to any player without one."""
    table = state["data"]
    if controller(table, "doge") != seat:
        return []
    free = [o for o in OFFICES if o not in table["offices"]]
    return [Option(f"{name(state, who)}: Office of {o}", _HINTS.get(o, o), {"type": "appoint", "seat": who, "office": o})
            for who in unappointed(state) for o in free]


STEP = phase("OFFICE_APPOINTMENT", "The Doge appoints", when=lambda state: state["data"]["appointing"], done="Done",
             seat=_seat, handlers={"appoint": appoint, "advance": appoint_rest})
