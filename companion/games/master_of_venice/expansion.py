"""Master of Venice: the Expansion Phase [R l.84-90]. Besides the cards of this phase played from the hand
(card_play.py), a player may

  villa   {seat}                  build his Villa (10 Gold, or 7 with the Office of Construction)
  attach  {seat, trader, route}   attach a Cog or Caravan already in play to a Trade Route
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.games.plain import name

from . import card_play, legal
from .cards import TRADERS, VILLA_COST, VILLA_COST_CONSTRUCTION
from .phase import by_seat
from .table import card_by_id, describe, gold, pay


def _villa_cost(table, seat: int) -> int:
    return VILLA_COST_CONSTRUCTION if table["offices"].get("Construction") == seat else VILLA_COST


def villa(e: Edit) -> None:
    seat = e.must(legal.seat(e.state, e.action))
    if e.data["villas"][seat]:
        e.refuse(f"{e.name(seat)} has a Villa already")
    cost = _villa_cost(e.data, seat)
    pay(e, seat, cost, "a Villa")
    e.data["villas"][seat] = True
    e.say(f"{e.name(seat)} builds a Villa for {cost}.")


def attach(e: Edit) -> None:
    """A Cog or Caravan already in play, attached to no route, goes onto a Trade Route (any player's):
    "Caravans and Cogs can be played with no trade route attached", and attached ones get the bonus; a
    trader is attached to one route at most."""
    seat = e.must(legal.seat(e.state, e.action))
    e.must(legal.free(e.state))
    trader = card_by_id(e.data, e.action.get("trader"))
    if trader is None or trader["owner"] != seat or trader["card"] not in TRADERS:
        e.refuse(f"trader: the number (#) of one of {e.name(seat)}'s Cogs or Caravans in play")
    if trader["on"] is not None:
        e.refuse(f"{describe(e.state, trader)} is attached to a Trade Route already")
    route = e.must(legal.route(e.state, trader["card"], e.action.get("route")))
    if route is None:
        e.refuse("route: the number (#) of a Trade Route in play")
    e.say(f"{e.name(seat)} attaches {describe(e.state, trader)} to {describe(e.state, route)}.")
    trader["on"] = route["id"]


def _seat(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    found = []
    for trader in table["in_play"]:  # a Cog or Caravan played on its own, onto a route played since
        if trader["owner"] == seat and trader["card"] in TRADERS and trader["on"] is None:
            routes = legal.routes_for(state, trader["card"])
            if routes:
                found.append(Option(f"{name(state, seat)} attaches {trader['card']} #{trader['id']} to …", "Attach",
                                    {"type": "attach", "seat": seat, "trader": trader["id"]},
                                    fields={"route": {"title": "route", "enum": [r["id"] for r in routes],
                                                      "enumNames": [describe(state, r) for r in routes]}},
                                    under="Attach a card to a Trade Route"))
    cost = _villa_cost(table, seat)
    if not table["villas"][seat] and gold(state, seat) >= cost:
        found.append(Option(f"{name(state, seat)} builds a Villa ({cost})", "Villa", {"type": "villa", "seat": seat}))
    return found  # then the cards he may play (anytime.py)


STEP = Step("EXPANSION", "Expansion Phase", TABLE, acting=WITH_OPTIONS, undone="the Expansion Phase", options=by_seat(seat=_seat), status=card_play.status,
            handlers={"advance": card_play.close, "villa": villa, "attach": attach})
