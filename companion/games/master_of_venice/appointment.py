"""Master of Venice: the Doge appoints the offices [R l.140-142], after he is elected: "The player who
controls the Doge must immediately appoint to each player, including himself, control of 1 of 4 Offices".

  appoint  {seat, office}   the Doge's controller gives a player without an office one of the four; the
                            last one to give is an advance (`"action": "appoint"`): it ends the turn
  advance                   NEXT, offered only when nobody is left to appoint (or no player controls the
                            Doge): the turn ends.

NEXT never makes the Doge's choices for him: the box and the host's table page do his options as they do
any player's (the host asks first when a phone holds his seat).
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import counted
from companion.games.plain import name

from . import legal
from .cards import OFFICES
from .leaving import end_of_turn
from .phase import by_seat, next_option
from .table import controller, unappointed

_HINTS = {"Council Head": "Council", "Construction": "Build"}  # whole words over a button


def appoint(e: Edit) -> None:
    if e.action["type"] == "advance" and _left(e.state) != 1:
        e.refuse("the turn ends with the last office appointed")
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
    if e.action["type"] == "advance":
        end_of_turn(e)


def close(e: Edit) -> None:
    """NEXT: nobody is left to appoint (or nobody controls the Doge), and the turn ends."""
    if _left(e.state):
        e.refuse(f"{e.name(controller(e.data, 'doge'))} appoints the offices first")
    end_of_turn(e)


def _left(state: PMap) -> int:
    """How many appointments the Doge's controller has still to make (none when nobody controls the Doge)."""
    table = state["data"]
    if controller(table, "doge") is None:
        return 0
    return min(len(unappointed(state)), sum(1 for o in OFFICES if o not in table["offices"]))


def _seat(state: PMap, seat: int) -> list[Option]:
    """The Doge's controller: any office not given, to any player without one; the last one ends the turn."""
    table = state["data"]
    if controller(table, "doge") != seat or not _left(state):
        return []
    last = {"type": "advance", "action": "appoint"} if _left(state) == 1 else {"type": "appoint"}
    free = [o for o in OFFICES if o not in table["offices"]]
    return [Option(f"{name(state, who)}: Office of {o}", _HINTS.get(o, o), {**last, "seat": who, "office": o},
                   under=f"Office of {o}") for who in unappointed(state) for o in free]


def _table(state: PMap) -> list[Option]:
    """NEXT only when the Doge has nobody left to appoint: the appointments are his to make."""
    return [] if _left(state) else next_option()


def status(state: PMap) -> str:
    left = _left(state)
    return f"{counted(left, 'office')} to fill" if left else ""  # the Doge's controller acts, on the big line


STEP = Step("OFFICE_APPOINTMENT", "The Doge appoints", TABLE, acting=WITH_OPTIONS, anytime=False, undone="the Doge's appointments", when=lambda state: state["data"]["appointing"], done="Done",
            options=by_seat(table=_table, seat=_seat), status=status, handlers={"appoint": appoint, "advance": close})
