"""Seats: a player claims their seat on their own phone, and plays their part from it.

A claimed seat belongs to its phone (TABLE.md): another phone's claim is refused with who holds it,
and asks the table instead: the OLED asks whether to hand the seat over to the phone with the short id
it shows (the asking phone shows it large), and holding ACTION says yes. One question at a time, never
over a pairing window; a phone asks at most once in ASK_AGAIN_S and PHONE_ASKS[0] times in PHONE_ASKS[1],
and the box is asked for a seat at most once in SEAT_ASK_AGAIN_S (else 429): players asking for each
other's seats cannot keep the box's screen, and a press meant for the game is never taken by the question.
`GET /api/seat` is what this phone's player sees and may do now (worked out once per table version by the
runtime); `POST /api/seat/input` does one of those options as that player.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from companion.core.words import sentence
from companion.sources import phone
from web_panel import table
from web_panel.api import API
from web_panel.security import SeatHeld

bp = Blueprint("seats", __name__)

ASK_AGAIN_S = 30.0  # a phone that asked the table for a held seat waits this long before asking again
PHONE_ASKS = (3, 600.0)  # and asks at most so many times in so many seconds
SEAT_ASK_AGAIN_S = 120.0  # once the box has asked for a seat, it is not asked for that seat again for this long

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
                             "table is asked to hand it over when it can: `asked`)",
                      "429": "this phone asked the table for a held seat less than 30 s ago (or 3 times in 10 "
                             "minutes), or the box was asked for that seat less than 2 minutes ago"})
def claim(body: dict[str, Any]):
    seat = body["seat"]
    view = _ext()["runtime"].view()
    players = view.get("players") or []
    if seat is not None and not 0 <= seat < len(players):
        return jsonify(error=f"there is no seat {seat} in this game" if view.get("game") else "no game is open"), 409
    sessions = _ext()["sessions"]
    before = g.session
    try:
        g.session = sessions.claim_seat(g.session, seat, name=f"{players[seat]['name']}'s phone" if seat is not None else None)
    except SeatHeld as held:
        who = players[seat]["name"]
        asks = _ext()["seat_asks"]
        wait, why = asks.wait(g.session.id, seat)
        if wait:
            said = "this phone has asked the box lately" if why == "phone" else f"the box was asked for {who}'s seat lately"
            return jsonify(error=f"{said}: wait {wait} s before asking again"), 429, {"Retry-After": str(wait)}
        why_not = _ask_the_table(sessions, g.session, seat, who)
        if why_not is None:
            asks.asked(seat)
        how = (f"the box asks now: hold ACTION on the box to hand it to this phone ({g.session.short})"
               if why_not is None else f"{why_not}; or that phone gives it up (My seat), or the host unpairs it")
        return jsonify(error=f"{who}'s seat is held by the phone “{held.holder.name}”: {how}",
                       held_by=held.holder.name, asked=why_not is None, short=g.session.short), 409
    mine = seat if seat is not None else before.seat
    if seat != before.seat and mine < len(players):
        verb = "takes" if seat is not None else "gives up"
        note(f"{phone(before.id, before.name)} {verb} {players[mine]['name']}'s seat")
    return jsonify(seat=seat)


def note(line: str) -> None:
    """A line of the table's log that no input made (a seat claimed, handed over, given up; a phone unpaired)."""
    _ext()["runtime"].note(sentence(line))


class AskLimit:
    """When each phone asked the box for a held seat, and when the box asked for each seat (one app's: its
    extensions' "seat_asks")."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._phones: dict[str, deque[float]] = {}
        self._seats: dict[int, float] = {}
        self._lock = threading.Lock()

    def wait(self, session_id: str, seat: int) -> tuple[int, str]:
        """(seconds to wait before asking the box for `seat`, and whose limit: "phone" or "seat"); (0, ""): this
        phone may ask now, and that is noted."""
        now = self.clock()
        most, window = PHONE_ASKS
        with self._lock:
            self._phones = {p: d for p, d in self._phones.items() if d and d[-1] + window > now}
            mine = self._phones.get(session_id, deque())
            while mine and mine[0] + window <= now:
                mine.popleft()
            waits = [(mine[-1] + ASK_AGAIN_S - now, "phone") if mine else (0.0, ""),
                     (mine[0] + window - now, "phone") if len(mine) >= most else (0.0, ""),
                     (self._seats.get(seat, -1e18) + SEAT_ASK_AGAIN_S - now, "seat")]
            left, why = max(waits)
            if left > 0:
                return int(left) + 1, why
            self._phones[session_id] = mine
            mine.append(now)
        return 0, ""

    def asked(self, seat: int) -> None:
        """The box asks for `seat` now: it is not asked for it again for SEAT_ASK_AGAIN_S."""
        with self._lock:
            self._seats[seat] = self.clock()


def _ask_the_table(sessions: Any, session: Any, seat: int, who: str) -> str | None:
    """The OLED asks whether to hand `seat` to this phone (by its short id); a long ACTION says yes. Why it
    does not ask (no box, another question, a pairing window), or None."""
    table_thread = _ext().get("table")
    if table_thread is None:
        return "this companion has no box to ask"

    asker = phone(session.id, session.name)
    runtime = _ext()["runtime"]  # the answer comes on the table's thread, outside this request

    def hand_over() -> None:
        asking = sessions.by_id(session.id)
        if asking is not None:
            sessions.claim_seat(asking, seat, hand_over=True, name=f"{who}'s phone")
            runtime.note(f"{who}'s seat handed to {asker} at the box")

    def kept(lapsed: bool) -> None:
        runtime.note(f"{who}'s seat not handed to {asker}: " + ("nobody answered at the box" if lapsed else "No at the box"))

    why_not = table_thread.ask(f"Phone {session.short}", f"wants {who}'s seat. Hold ACTION to give it; BACK: no.",
                               hand_over, kept)
    if why_not is None:
        note(f"{asker} asks the box for {who}'s seat")
    return why_not


SEAT_INPUT = {**table.INPUT, "description": "One of this seat's options (GET /api/seat), with values for its fields: "
                                           "done as this phone's player."}


@API.route(bp, "POST", "/api/seat/input", "Do one of this seat's options as this phone's player", body=SEAT_INPUT,
           responses={"409": "no seat claimed, or the table refuses it; `error` says why",
                      "503": "the table is busy; try again"})
def seat_input(body: dict[str, Any]):
    seat = g.session.seat
    if seat is None:
        return jsonify(error="claim your seat first (My seat)"), 409
    return table.submit(body, g.session.source(seat))


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
