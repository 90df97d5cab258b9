"""Merchant Venturers, phase 7: Sail ships [R l.84-104]. Each player in turn sails each of his ships once:
the companion records where it ends (a port, docked there, or out at sea) and shows how far it may go. On
its own board it offers only the ports in reach this season and refuses the others (voyage.py); on a
table's own board the players count the ocean's tiles.

  sail  {seat, ship, to}   where a ship ends its move
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import EACH, Step
from companion.core.options import Option

from . import fleet, quiet, voyage
from .anytime import move
from .board import NEW, OLD, demand, port, port_names
from .fleet import SEA
from .phase import QUIET, status, turn_by_turn
from .table import moves
from .markets import purchase_price, sale_price


def options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    turn = state["flow"]["round"]
    sailed = table["sailed"]["ships"] if table["sailed"]["turn"] == turn else []
    everywhere = [*port_names(table["board"]), SEA]
    found = []
    for ship in table["ships"][seat]:
        if [seat, ship["id"]] in sailed or ship["at"] is None:
            continue
        # Where the companion knows the ocean, only the ports in reach this season (a card's move is a
        # correction). The likeliest first, nearest first among them: laden, an Old World port that buys its
        # cargo; empty, the New World; then out at sea (on the way there, or on it still), then the other ports.
        near = voyage.in_reach(table["board"], ship, turn)
        to = [p for p in everywhere if p == SEA or (p != ship["at"] and (near is None or p in near))]
        if ship["cargo"]:
            likely = [p for p in port_names(table["board"], OLD) if any(demand(table["board"], p)[g] for g in ship["cargo"])]
        else:
            likely = port_names(table["board"], NEW)
        to.sort(key=lambda p: (0 if p in likely else 1 if p == SEA else 2, (near or {}).get(p, 0)))
        windward = [p for p in to if near and near.get(p) == voyage.reach(ship)]
        found.append(Option(f"Ship {ship['id']}: {moves(ship)} moves, +1 with the wind", "Sail",  # where to: its field
                            {"type": "sail", "seat": seat, "ship": ship["id"]},
                            fields={"to": {"title": "where it ends", "enum": to,
                                           "enumNames": [_where(state, seat, ship, p, p in likely) + (" (with the wind)" if p in windward else "")
                                                         for p in to]}},
                            under="Sail a ship"))
    return found


def _where(state: PMap, seat: int, ship: dict, port_: str, likely: bool) -> str:
    """A port as the sailing list names it, with the prices that make it likely: what its cargo sells for at an
    Old World port ("Lisbon: gold 11"), what the good made there costs at a New World one ("Havana: gold 2")."""
    if port_ == SEA:
        return "still at sea (sails on)" if ship["at"] == SEA else "out at sea"
    if not likely:
        return port_
    board = state["data"]["board"]
    if ship["cargo"]:
        goods = [g for g in dict.fromkeys(ship["cargo"]) if demand(board, port_)[g]]
        return f"{port_}: " + ", ".join(f"{g} {sale_price(state, seat, port_, g)}" for g in goods)
    good = port(board, port_)["good"]
    return f"{port_}: {good} {purchase_price(state, seat, port_, good)}" if good else port_


STEP = Step("SAIL", "7 Sail ships", EACH, status=status("sail"), done="Done", undone="sailing",
            options=turn_by_turn(options, quiet_season=True),
            skip=lambda state, seat: quiet.said(state, seat) or not options(state, seat),
            handlers={"sail": fleet.actor_only(lambda e: move(e, sailing=True), "sail"), **QUIET})
