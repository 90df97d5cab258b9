"""Pairing a phone, its session, and the list of paired phones (revocable; the host's can make another host)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, jsonify, make_response, request

from web_panel.api import API
from companion.sources import UNNAMED
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
        return (jsonify(error=f"{e}, or hold SELECT on the box for 3 seconds for a fresh code"), 429,
                {"Retry-After": str(e.retry_after)})
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


@API.route(bp, "POST", "/api/session/forget", "Unpair this phone")
def forget():
    _ext()["sessions"].revoke(g.session.id)
    response = make_response(jsonify(unpaired=True))
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
    return response


@API.route(bp, "GET", "/api/sessions", "The paired phones")
def sessions():
    return jsonify(sessions=[s.public() | {"this": s.id == g.session.id} for s in _ext()["sessions"].all()])


@API.route(bp, "POST", "/api/sessions/<session_id>/revoke", "Unpair a phone", host=True, responses={"404": "no such phone"})
def revoke(session_id: str):
    if not _ext()["sessions"].revoke(session_id):
        return jsonify(error=f"no paired phone {session_id!r}"), 404
    return jsonify(revoked=session_id)


@API.route(bp, "POST", "/api/sessions/<session_id>/host", "Make another phone the host's too, or take that back",
           body=ROLE, host=True, responses={"404": "no such phone", "409": "a phone cannot change its own role"})
def set_host(session_id: str, body: dict[str, Any]):
    try:
        changed = _ext()["sessions"].set_host(g.session, session_id, body["host"])
    except NotHost as e:
        return jsonify(error=str(e)), 409
    except KeyError:
        return jsonify(error=f"no paired phone {session_id!r}"), 404
    return jsonify(session=changed.public())


@API.route(bp, "POST", "/api/pairing/new-code", "Show a new pairing code on the table (the old one stops working)",
           host=True)
def new_code():
    _ext()["pairing"].rotate()
    return jsonify(ok=True)
