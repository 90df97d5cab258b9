"""The live table: its state (with ETags, for cheap polling) and inputs; the games to choose from."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from companion import svg
from companion.core.words import plural
from companion.runtime import Outcome, Runtime
from companion.sources import Source
from web_panel.api import API

bp = Blueprint("table", __name__)

INPUT = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"type": "string", "pattern": "^[a-z_]{1,24}$"}},
    "description": "One of the table's options (GET /api/state's `options`): its `action` with values for its "
                   "`fields`, and `confirm: true` where it asks first; or {type: new_game, game, setup}. A game "
                   "takes nothing else; the table answers 409 with the reason when it refuses.",
}


def _runtime() -> Runtime:
    return current_app.extensions["runtime"]


@API.route(bp, "GET", "/api/state", "The public table state (ETag: poll with If-None-Match)",
           responses={"304": "unchanged since the ETag given"})
def state():
    version, body = _runtime().view_json()  # serialised once per version, however many phones poll
    etag = f'"v{version}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag})
    return Response(body, mimetype="application/json", headers={"ETag": etag, "Cache-Control": "no-cache"})


@API.route(bp, "POST", "/api/input", "Do something at the table (the host's phone)", body=INPUT, host=True,
           responses={"403": "a seat's own input, sent here", "409": "the table refuses it now; `error` says why",
                      "503": "the table is busy; try again"})
def submit_input(body: dict[str, Any]):
    if "phone_seat" in body:  # only a seat's own phone speaks as that player (/api/seat/input)
        return jsonify(error="phone_seat is set by the table for a seat's own phone: use /api/seat/input"), 403
    if body["type"] == "new_game":
        return _new_game(body)
    return submit(body, g.session.source())


def _new_game(body: dict[str, Any]):
    """A new game, and which phones keep a seat in it (`phones`: a phone's id -> its seat in the new game);
    every other seat is free. The seats are let go before the game starts, so no phone acts in the new game
    for the seat it held in the old one, and given back as they were if the game is refused."""
    phones = body.pop("phones", None) or {}
    players = ((body.get("setup") or {}).get("players") or []) if isinstance(body.get("setup"), dict) else []
    sessions = current_app.extensions["sessions"]
    if not isinstance(phones, dict) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players) and sessions.by_id(phone)
            for phone, seat in phones.items()) or len(set(phones.values())) < len(phones):
        return jsonify(error="phones: each paired phone's id with a seat of the new game, one phone a seat"), 400
    before = sessions.seats()
    sessions.seat_phones({})
    try:
        outcome = _runtime().submit(body, source=g.session.source())
    except TimeoutError:
        outcome = None
    sessions.seat_phones(phones if outcome is not None and outcome.accepted else before)
    return _answer(outcome)


class Taps:
    """Each phone's last input the table accepted, to refuse its double tap: the same input again from the same
    phone, made against the same table (the header X-Seen-Version: the view's `version` the page's buttons came
    from). One app's (its extensions' "taps"). A phone's inputs go to the table one at a time, so its second tap
    sees what its first did; another phone's never wait for them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # held only to find a phone's own, never while the table answers
        self._phones: dict[str, threading.Lock] = {}
        self.last: dict[str, tuple[str, str]] = {}

    def one_at_a_time(self, phone: str) -> threading.Lock:
        with self._lock:
            return self._phones.setdefault(phone, threading.Lock())


def submit(action: dict[str, Any], source: Source):
    """An input from a phone: for the table (the host's page), or for `source.seat` (that seat's own phone),
    answered as the API answers: accepted (200), refused (409) or busy (503). A double tap (two taps on NEXT,
    Done or Undo before the page showed what the first did) does it once, as a press on the box does."""
    seen = request.headers.get("X-Seen-Version", "")
    tap = (seen, json.dumps(action, sort_keys=True)) if seen.isdigit() else None
    taps: Taps = current_app.extensions["taps"]
    with taps.one_at_a_time(source.phone):
        if tap is not None and taps.last.get(source.phone) == tap:
            return jsonify(error="that was done a moment ago (a second tap): look again"), 409
        try:
            outcome = _runtime().submit(action, source=source)
        except TimeoutError:
            outcome = None
        if tap is not None and outcome is not None and outcome.accepted:
            taps.last[source.phone] = tap
    return _answer(outcome)


def _answer(outcome: Outcome | None) -> Any:
    """An input's outcome as the API answers it (None: the table did not answer in time)."""
    if outcome is None:
        return jsonify(error="the table did not answer in time; try again"), 503
    if not outcome.accepted:
        return jsonify(error=outcome.reason, needs_confirm=outcome.needs_confirm), 409
    return jsonify(accepted=True, log=list(outcome.log), seq=outcome.seq)


@API.route(bp, "GET", "/api/games", "The games this companion knows, for a new game")
def games():
    out = []
    for game in _runtime().games.values():
        kept = _runtime().kept_setup(game.id)
        out.append({
            "id": game.id, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
            "first_player": game.first_player,
            "decks": [{"name": d.name, "label": d.label, "known": d.composition is not None, "mode": d.mode,
                       "enter": d.check_composition is not None, "pieces": plural(d.piece),
                       "examples": list(d.examples)} for d in game.decks],
            "rule_options": {name: dict(spec) for name, spec in game.rule_options.items()},
            # The defaults: the table's own from its last game of this kind, else the game's.
            "setup_fields": {name: _kept(spec, kept.get(name))
                             for name, spec in game.setup_fields.items()},
        })
    return jsonify(games=out)


def _kept(spec: Mapping[str, Any], kept: Any) -> dict[str, Any]:
    """A setup field's schema with the value the table last used as its default (an object's, property by
    property)."""
    field = dict(spec)
    if kept is None:
        return field
    if field.get("type") == "object" and isinstance(kept, Mapping):
        field["properties"] = {k: _kept(sub, kept.get(k)) for k, sub in field.get("properties", {}).items()}
        return field
    field["default"] = kept
    return field


@API.route(bp, "GET", "/api/board.svg", "The open game's board as the companion knows it, as SVG, where the game "
           "draws one (the state's `picture` says what it shows)", responses={"404": "no game open, or it draws no board"})
def board():
    rt = _runtime()
    view = rt.view()
    game = rt.games.get(view["game"]) if view.get("game") else None
    if game is None or game.picture is None:
        return jsonify(error="the open game has no board the companion draws"), 404
    return Response(game.picture(view), mimetype="image/svg+xml", headers=svg.HEADERS)


@API.route(bp, "GET", "/api/frame.png", "The OLED's picture as the table last drew it", host=True, responses={
    "304": "unchanged", "404": "no display"})
def frame():
    table = current_app.extensions.get("table")
    image = table.last_frame if table is not None else None
    if image is None:
        return jsonify(error="the table has not drawn a frame yet"), 404
    etag = f'"f{table.frames}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag})
    out = io.BytesIO()
    image.convert("L").save(out, "PNG")
    return Response(out.getvalue(), mimetype="image/png", headers={"ETag": etag, "Cache-Control": "no-cache"})
