"""Merchant Venturers: what each player may do at any time, whoever acts (SPEC.md 5.5): play one of his
action cards, and record what a card did to his ships and posts (among his phone's corrections).

  play_card  {seat, card?}         a card played is discarded; the players do what it says
  sink       {seat, ship}          a ship sunk with its cargo, unless it is his last: it loses its upgrades
  move_ship  {seat, ship, to}      a ship put somewhere else (it does not count as its sailing)
  destroy    {seat, port}          a trading post destroyed with its goods, unless it is his last: it is small
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import Anytime
from companion.core.options import CORRECTIONS, Option
from companion.core.edit import Edit
from companion.core.words import counted

from . import cards, fleet, voyage
from .board import port_names
from .fleet import SEA
from .table import STORAGE, cargo_space, moves


def move(e: Edit, sailing: bool) -> None:
    """A ship ends its sailing (once a season), or is moved by a card: a port (docked) or at sea."""
    seat, ship = fleet.ship(e)
    if ship["at"] is None:
        e.refuse(f"{e.name(seat)}'s starting ship is not placed yet: place it at an Old World port first")
    to = e.must(fleet.destination(e.state, e.action))
    turn = e.state["flow"]["round"]
    if sailing:
        sailed = e.data["sailed"]["ships"] if e.data["sailed"]["turn"] == turn else []
        if [seat, ship["id"]] in sailed:
            e.refuse(f"ship {ship['id']} has sailed this season")
        if to == ship["at"] != SEA:  # a ship at sea may sail on, still at sea
            e.refuse(f"ship {ship['id']} is at {to} already")
        e.must(voyage.why_not(e.data["board"], ship, turn, to))
        e.data["sailed"] = {"turn": turn, "ships": sailed + [[seat, ship["id"]]]}
    on = sailing and to == ship["at"] == SEA
    voyage.record(ship, to, turn, sailing)
    ship["at"] = to
    how = f"sails ({counted(moves(ship), 'move')}, +1 with the wind)" if sailing else "is moved"
    e.say(f"{e.name(seat)}'s ship {ship['id']} {how} {'on, still at sea' if on else 'out to sea' if to == SEA else 'to ' + to}.")


def sink(e: Edit) -> None:
    seat, ship = fleet.ship(e)
    if len(e.data["ships"][seat]) == 1:
        ship["fast"] = ship["large"] = False
        lost = ship["cargo"][cargo_space(ship):]
        del ship["cargo"][cargo_space(ship):]
        more = f" ({', '.join(lost)} thrown overboard)" if lost else ""
        e.say(f"{e.name(seat)}'s last ship cannot sink: it loses its upgrades{more}.")
        return
    e.data["ships"][seat].remove(ship)
    e.say(f"{e.name(seat)}'s ship {ship['id']} sinks" + (f" with {', '.join(ship['cargo'])}" if ship["cargo"] else "") + ".")


def destroy(e: Edit) -> None:
    seat, where = e.must(fleet.seat_at(e.state, e.action))
    posts = e.data["posts"][seat]
    post = posts.get(where)
    if post is None:
        e.refuse(f"{e.name(seat)} has no trading post at {where}")
    if len(posts) == 1 and not e.data["unplaced"][seat]:
        post["size"] = "small"
        lost = post["goods"][STORAGE["small"]:]
        del post["goods"][STORAGE["small"]:]
        more = f" ({', '.join(lost)} lost)" if lost else ""
        e.say(f"{e.name(seat)}'s last trading post cannot be destroyed: it is small again{more}.")
        return
    del posts[where]
    e.say(f"{e.name(seat)}'s trading post at {where} is destroyed.")


HANDLERS = {"play_card": cards.play, "sink": sink, "destroy": destroy, "move_ship": lambda e: move(e, sailing=False)}


def options(state: PMap, seat: int | None) -> list[Option]:
    table = state["data"]
    if seat is None or table["board"] is None:  # each player's own, on his phone
        return []
    base = {"seat": seat}
    found = []
    hand = list(table["hands"][seat]) if cards.virtual(state) else None
    if hand:
        found.append(Option("Play an action card", "Play", {"type": "play_card", **base}, private=True,
                            fields={"card": {"title": "card", "enum": sorted(set(hand))}}))
    elif hand is None and state["counters"]["players"][seat]["cards"]:
        found.append(Option("Play an action card", "Play", {"type": "play_card", **base}, private=True))
    afloat = [s for s in table["ships"][seat] if s["at"] is not None]
    everywhere = [*port_names(table["board"]), SEA]
    if afloat:
        where = ["out at sea" if s["at"] == SEA else s["at"] for s in afloat]
        ships = {"title": "ship", "enum": [s["id"] for s in afloat], "enumGroups": where,  # a long list: where it is
                 "enumNames": [f"ship {s['id']} ({w})" for s, w in zip(afloat, where)]}
        found += [Option("A card sank my ship (the last one only loses its upgrades)", "Sink", {"type": "sink", **base},
                         fields={"ship": ships}, confirm=True, group=CORRECTIONS),
                  Option("A card moved my ship", "Moved", {"type": "move_ship", **base}, group=CORRECTIONS,
                         fields={"ship": ships,
                                 "to": {"title": "to", "enum": everywhere, "enumNames": ["out at sea" if p == SEA else p for p in everywhere]}})]
    if table["posts"][seat]:
        found.append(Option("A card destroyed my trading post (the last one becomes small)", "Destroy", {"type": "destroy", **base},
                            fields={"port": {"title": "port", "enum": list(table["posts"][seat])}}, confirm=True, group=CORRECTIONS))
    return found


# In every phase, whoever acts: the flow's any-time layer, which the core adds to each phase's own.
ANYTIME = Anytime(options=options, handlers=HANDLERS)
