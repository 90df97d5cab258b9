"""Pairing a phone, its session, and the list of paired phones (revocable; the host's can make another host)."""

from __future__ import annotations

import io
from typing import Any

import segno

from flask import Blueprint, Response, current_app, g, jsonify, make_response, request

from web_panel.api import API
from companion.sources import UNNAMED, phone
from web_panel.seats import note
from web_panel.security import COOKIE, Limited, NotHost

bp = Blueprint("pairing", __name__)

NAME = {"type": "string", "minLength": 1, "maxLength": 24, "pattern": r"^[^\x00-\x1f<>]*$"}
PAIR = {
    "type": "object",
    "additionalProperties": False,
    "required": ["code"],
    # 6 digits; 8 in a window opened at the box; 12 for the owner's code (`companion pair`)
    "properties": {"code": {"type": "string", "pattern": r"^([0-9]{6}|[0-9]{8}|[0-9]{12})$"}, "name": NAME},
}
# Unpairing the last host's phone needs ?confirm=true: after it, only someone at the box makes a host again.
UNPAIR = {"type": "object", "additionalProperties": False, "properties": {"confirm": {"enum": ["true"]}}}
LAST_HOST = ("This is the last host's phone: once it is unpaired, no phone can start a game, change the settings "
             "or pair other phones until someone at the box holds SELECT for 3 seconds and pairs a phone with the "
             "8-digit code it shows. Make another phone host first (Settings, Phones), or confirm to unpair it anyway")
LAST_HOST_WHY = "it is the last host's phone and `confirm=true` was not given (nothing changed)"
ROLE = {"type": "object", "additionalProperties": False, "required": ["host"], "properties": {"host": {"type": "boolean"}}}


def _ext() -> dict[str, Any]:
    return current_app.extensions


@API.route(bp, "POST", "/api/pair", "Pair this phone with the code the table shows", body=PAIR, public=True,
           responses={"403": "the code is wrong", "429": "too many wrong codes; Retry-After says when to try again"})
def pair(body: dict[str, Any]):
    pairing = _ext()["pairing"]
    try:
        kind = pairing.admit(body["code"], request.remote_addr or "?")
    except Limited as e:
        return (jsonify(error=f"{e} (this phone typed too many wrong codes lately)"), 429,
                {"Retry-After": str(e.retry_after)})
    if kind is None and pairing.just_used(body["code"]):
        return jsonify(error="that code has just paired another phone (each code pairs one phone): "
                             "enter the new code the table shows now"), 403
    if kind is None:
        return jsonify(error="wrong code: enter the digits the table shows now"), 403
    secret, session = _ext()["sessions"].create(body.get("name") or UNNAMED, host=kind == "host")
    response = make_response(jsonify(session=session.public(), csrf=session.csrf))
    # The cookie ends with the session (a game night by default, web.session_hours), not a year later.
    response.set_cookie(COOKIE, secret, max_age=int(_ext()["sessions"].lifetime), httponly=True, samesite="Strict", path="/")
    return response


@API.route(bp, "GET", "/api/session", "This phone's session (its short id, whether it is the host's) and its CSRF token")
def session():
    return jsonify(session=g.session.public(), csrf=g.session.csrf)


@API.route(bp, "POST", "/api/session/forget", "Unpair this phone (the last host's phone: with confirm=true)",
           query=UNPAIR, responses={"409": LAST_HOST_WHY})
def forget(query: dict[str, str]):
    refused = _unpair(g.session.id, query)
    if refused is not None:
        return refused
    response = make_response(jsonify(unpaired=True))
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
    return response


@API.route(bp, "POST", "/api/session/name", "Rename this phone (the log and the box name it so)",
           body={"type": "object", "additionalProperties": False, "required": ["name"], "properties": {"name": NAME}})
def rename(body: dict[str, Any]):
    g.session = _ext()["sessions"].rename(g.session, body["name"])
    return jsonify(session=g.session.public())


@API.route(bp, "GET", "/api/sessions", "The paired phones", host=True)
def sessions():
    return jsonify(sessions=[s.public() | {"this": s.id == g.session.id} for s in _ext()["sessions"].all()])


@API.route(bp, "POST", "/api/sessions/<session_id>/revoke", "Unpair a phone (the last host's phone: with confirm=true)",
           host=True, query=UNPAIR,
           responses={"404": "no such phone", "403": "another host's phone, unpaired only from a phone paired at the box",
                      "409": LAST_HOST_WHY})
def revoke(session_id: str, query: dict[str, str]):
    sessions = _ext()["sessions"]
    if not sessions.may_unpair(g.session, session_id):
        return jsonify(error="another host's phone is unpaired only by a phone paired at the box"), 403
    if sessions.by_id(session_id) is None:
        return jsonify(error=f"no paired phone {session_id!r}"), 404
    refused = _unpair(session_id, query)
    return refused if refused is not None else jsonify(revoked=session_id)


def _unpair(session_id: str, query: dict[str, str]) -> Any:
    """Unpair a phone, and say so in the table's log; the last host's only with confirm=true (else the 409)."""
    sessions = _ext()["sessions"]
    if sessions.last_host(session_id) and query.get("confirm") != "true":
        return jsonify(error=LAST_HOST, last_host=True), 409
    target = sessions.by_id(session_id)
    if target is None or not sessions.revoke(session_id):
        return None  # gone meanwhile: unpaired all the same
    players = _ext()["runtime"].view().get("players") or []
    done = "unpaired itself" if session_id == g.session.id else "was unpaired by the host"
    held = target.seat is not None and target.seat < len(players)
    freed = f": {players[target.seat]['name']}'s seat is free" if held else ""
    note(f"{phone(target.id, target.name)} {done}{freed}")
    return None


@API.route(bp, "POST", "/api/sessions/<session_id>/host", "Make another phone the host's too, or take that back",
           body=ROLE, host=True, responses={"404": "no such phone", "403": "only a phone paired at the box gives or takes "
                                                                            "the role, and never from another such phone"})
def set_host(session_id: str, body: dict[str, Any]):
    try:
        changed = _ext()["sessions"].set_host(g.session, session_id, body["host"])
    except NotHost as e:
        return jsonify(error=str(e)), 403
    except KeyError:
        return jsonify(error=f"no paired phone {session_id!r}"), 404
    return jsonify(session=changed.public())


@API.route(bp, "GET", "/api/pairing", "The code that pairs a player's phone now, and its address (for the host to "
           "show another phone)", host=True)
def player_code():
    pairing = _ext()["pairing"]
    return jsonify(code=pairing.player_code, url=pairing.player_url)


@API.route(bp, "GET", "/api/pairing/qr.svg", "The QR code of the address that pairs a player's phone now", host=True)
def player_qr():
    out = io.BytesIO()
    segno.make_qr(_ext()["pairing"].player_url, error="M").save(out, kind="svg", scale=6, border=2)
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@API.route(bp, "POST", "/api/pairing/new-code", "A new code for a player's phone (the old one stops working), "
           "shown on the box's screen too", host=True)
def new_code():
    pairing = _ext()["pairing"]
    code = pairing.new_player_code()
    table = _ext().get("table")
    if table is not None:
        table.show_pairing()
    return jsonify(code=code, url=pairing.player_url)
