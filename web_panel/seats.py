"""Seats: a player claims their seat on their own phone, for what only they may see or enter.

The claim binds the phone's session to the seat (one phone per seat; claiming
takes it from another phone). The seat view shows that player's own counters;
games with secret input (Master of Venice's sealed bids) add theirs to it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, jsonify

from web_panel import table
from web_panel.api import API

bp = Blueprint("seats", __name__)

CLAIM = {
    "type": "object",
    "additionalProperties": False,
    "required": ["seat"],
    "properties": {"seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 7}},
}


@API.route(bp, "POST", "/api/seat", "Claim a seat for this phone (null gives it up)", body=CLAIM,
           responses={"409": "no game is open, or it has no such seat"})
def claim(body: dict[str, Any]):
    seat = body["seat"]
    view = current_app.extensions["runtime"].view()
    if seat is not None and not 0 <= seat < len(view.get("players") or []):
        return jsonify(error=f"there is no seat {seat} in this game" if view.get("game") else "no game is open"), 409
    g.session = current_app.extensions["sessions"].claim_seat(g.session, seat)
    return jsonify(seat=seat)


SEAT_INPUT = {**table.INPUT, "description": "An action made as this phone's player (a sealed bid, a card from a "
                                           "secret hand): the table adds the seat the phone has claimed."}


@API.route(bp, "POST", "/api/seat/input", "Do something as this phone's player", body=SEAT_INPUT,
           responses={"409": "no seat claimed, or the table refuses it; `error` says why",
                      "503": "the table is busy; try again"})
def seat_input(body: dict[str, Any]):
    seat = g.session.seat
    if seat is None:
        return jsonify(error="claim your seat first (My seat)"), 409
    return table.submit({**body, "seat": seat, "phone_seat": seat})


@API.route(bp, "GET", "/api/seat", "This phone's seat and what its player sees")
def mine():
    view = current_app.extensions["runtime"].view()
    seat = g.session.seat
    players = view.get("players") or []
    if seat is None or seat >= len(players):
        return jsonify(seat=None, player=None)
    runtime = current_app.extensions["runtime"]
    return jsonify(seat=seat, player=players[seat], actor=view.get("actor") == seat, private=runtime.private(seat))
