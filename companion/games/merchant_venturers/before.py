"""Merchant Venturers before year 1, in the rulebook's order: the board (and a virtual deck's hands) dealt;
each player's trading post and ship placed, the youngest first; then each may buy; then the first-move
marker (SPEC.md 5.2-5.3).

  DEAL     NEXT deals what is not dealt yet: the board at random, a virtual deck's starting hands
  PLACE    the player whose turn it is to place puts his post and ship at an Old World port (the advance's
           "port")
  PREGAME  each buys (purchases.py) and is done; after the last, year 1 begins and the first-move marker
           goes to the player with the fewest coins
"""

from __future__ import annotations

from pyrsistent import PMap, pvector

from companion.core.flow import EACH, TABLE, Step, step_players
from companion.core.options import Option
from companion.core.result import Accepted
from companion.core.seats import clockwise_from
from companion.core.edit import Edit

from . import board as board_mod
from . import cards, fleet, purchases
from .board import OLD, port_names
from .cards import virtual
from .phase import by_seat, status, turn_by_turn
from .calendar import first_move, marker_reason, started


def _deal(e: Edit) -> None:
    """Whatever is not dealt yet: the board at random, the starting hands of a virtual deck."""
    if e.data["board"] is None:
        e.data["board"] = e.must(board_mod.deal(e.action))
        e.say("The board is dealt: copy it from the Table page (The board), then place the ocean tiles in the middle.")
    if not e.data["dealt"]:
        cards.deal(e)
        e.data["dealt"] = True


def deal(e: Edit) -> None:
    _deal(e)
    e.reveal("The deal is taken back: gather the tiles (and the cards).")


def place(e: Edit) -> None:
    """The starting trading post and ship go to an Old World port (youngest first; SPEC 5.2)."""
    seat = e.state["flow"]["actor"]
    where = e.must(fleet.where(e.state, e.action))
    table = e.data
    if not table["unplaced"][seat]:
        e.refuse(f"{e.name(seat)}'s starting trading post and ship are already placed")
    if where in table["posts"][seat]:
        e.refuse(f"{e.name(seat)} already has a trading post at {where}: one per port")
    table["unplaced"][seat] = False
    table["posts"][seat][where] = {"size": "small", "goods": []}
    for ship in table["ships"][seat]:
        if ship["at"] is None:
            ship["at"] = where
    e.say(f"{e.name(seat)} starts at {where}: a small trading post and a ship.")


def prebuy_done(e: Edit) -> None:
    """A player is done buying before year 1; after the last, year 1 begins with the first-move marker."""
    if e.state["flow"]["sub"] < len(step_players(e.state)) - 1:
        return
    _deal(e)
    e.data["started"] = True
    marker = first_move(e.state)
    e.say(f"Year 1 begins. {e.name(marker)} has the first-move marker ({marker_reason(e.state)}).")
    e.say(*(f"{e.name(s)}'s starting trading post and ship are not placed yet: place them at an Old World port."
            for s, waiting in enumerate(e.data["unplaced"]) if waiting))
    order = pvector(clockwise_from(marker, len(e.state["players"])))  # the marker's holder leads
    e.take(lambda state: Accepted(state.set("flow", state["flow"].update({"order": order, "player": marker}))))


def _dealt(state: PMap) -> bool:
    return state["data"]["board"] is not None and (state["data"]["dealt"] or not virtual(state))


def _deal_option(state: PMap) -> list[Option]:
    table = state["data"]
    what = [w for w, due in (("the board", table["board"] is None), ("the action cards", virtual(state) and not table["dealt"])) if due]
    return [Option(f"Deal {' and '.join(what)}", "Deal", {"type": "advance"}, button="NEXT")]


def _place_options(state: PMap, seat: int) -> list[Option]:
    return [Option(f"Post and ship at {p}", "Place", {"type": "advance", "port": p}) for p in port_names(state["data"]["board"], OLD)]


def _before(state: PMap) -> bool:
    return not started(state)


DEAL = Step("DEAL", "Deal the board", TABLE, status=status("Before year 1: deal"), undone="dealing the board",
            when=lambda s: _before(s) and not _dealt(s), done="Deal", options=by_seat(table=_deal_option),
            handlers={"advance": deal})
PLACE = Step("PLACE", "Place a post and a ship", EACH, status=status("Place post and ship"),
             undone="placing a trading post and a ship", when=_before, done="Place",
             skip=lambda s, seat: not s["data"]["unplaced"][seat], options=turn_by_turn(_place_options, with_done=False),
             handlers={"advance": place})
PREGAME = Step("PREGAME", "Buy before year 1", EACH, status=status("Buy before year 1"), undone="buying before year 1",
               when=_before, done="Done", options=turn_by_turn(purchases.options),
               handlers={"advance": prebuy_done, **purchases.HANDLERS})
