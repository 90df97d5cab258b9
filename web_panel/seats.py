"""Seats: a player claims their seat on their own phone, and plays their part from it.

A claimed seat belongs to its phone (TABLE.md): another phone's claim is refused with who holds it,
and asks the table instead: the OLED asks whether to hand the seat over, and holding ACTION says yes.
`GET /api/seat` is what this phone's player sees and may do now (worked out once per table version by
the runtime); `POST /api/seat/input` does one of those options as that player.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from web_panel import table
from web_panel.api import API
from web_panel.security import SeatHeld

bp = Blueprint("seats", __name__)

CLAIM = {
    "type": "object",
    "additionalProperties": False,
    "required": ["seat"],
    "properties": {"seat": {"type": ["integer", "null"], "minimum": 0, "maximum": 7}},
}


def _ext() -> dict[str, Any]:
    return current_app.extensions


@API.route(bp, "POST", "/api/seat", "Claim a seat for this phone (null gives it up)", body=CLAIM,
           responses={"409": "no game is open, it has no such seat, or another phone holds it (`held_by`; the "
                             "table is asked to hand it over when it can)"})
def claim(body: dict[str, Any]):
    seat = body["seat"]
    view = _ext()["runtime"].view()
    players = view.get("players") or []
    if seat is not None and not 0 <= seat < len(players):
        return jsonify(error=f"there is no seat {seat} in this game" if view.get("game") else "no game is open"), 409
    sessions = _ext()["sessions"]
    try:
        g.session = sessions.claim_seat(g.session, seat)
    except SeatHeld as held:
        who = players[seat]["name"]
        asked = _ask_the_table(sessions, g.session, seat, who)
        how = ("the table asks now: hold ACTION on the box to hand it over" if asked else
               "that phone can give it up (My seat), or be unpaired in Settings")
        return jsonify(error=f"{who}'s seat is held by the phone “{held.holder.name}”: {how}",
                       held_by=held.holder.name, asked=asked), 409
    return jsonify(seat=seat)


def _ask_the_table(sessions: Any, session: Any, seat: int, who: str) -> bool:
    """The OLED asks whether to hand `seat` to this phone; a long ACTION says yes. False with no table."""
    table_thread = _ext().get("table")
    if table_thread is None:
        return False

    def hand_over() -> None:
        asking = sessions.by_id(session.id)
        if asking is not None:
            sessions.claim_seat(asking, seat, hand_over=True)

    table_thread.ask("Hand over?", f"{who}'s seat to the phone “{session.name}”. Hold ACTION: yes.", hand_over)
    return True


SEAT_INPUT = {**table.INPUT, "description": "One of this seat's options (GET /api/seat), with values for its fields: "
                                           "done as this phone's player."}


@API.route(bp, "POST", "/api/seat/input", "Do one of this seat's options as this phone's player", body=SEAT_INPUT,
           responses={"409": "no seat claimed, or the table refuses it; `error` says why",
                      "503": "the table is busy; try again"})
def seat_input(body: dict[str, Any]):
    seat = g.session.seat
    if seat is None:
        return jsonify(error="claim your seat first (My seat)"), 409
    return table.submit(body, seat=seat)


@API.route(bp, "GET", "/api/seat", "This phone's seat: its player, what only they see, and their options now "
           "(ETag: poll with If-None-Match); with no seat claimed, the seats and the phones that hold them",
           responses={"304": "unchanged since the ETag given"})
def mine():
    runtime = _ext()["runtime"]
    seat = g.session.seat
    mine = runtime.seat_json(seat) if seat is not None else None
    if mine is not None:  # this phone's seat: its view as the runtime serialised it for this version
        version, body = mine
        etag = f'"v{version}-s{seat}"'
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        return Response(body, mimetype="application/json", headers={"ETag": etag, "Cache-Control": "no-cache"})
    # No seat yet: the seats to claim, and the phones that hold them.
    view = runtime.view()
    return jsonify(seat=None, player=None, actor=False, private={}, options=[], seats=_seats(view))


def _seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every seat of the open game, and the phone that holds it (by its name), for the claim picker."""
    sessions = _ext()["sessions"]
    out = []
    for p in view.get("players") or []:
        holder = sessions.seat_of(p["seat"])
        out.append({"seat": p["seat"], "name": p["name"], "held_by": holder.name if holder else None})
    return out
