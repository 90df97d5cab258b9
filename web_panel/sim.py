"""The simulated table: the emulated OLED's frame and clickable buttons.

Only registered when the companion runs on simulated parts. The frame is what
the emulated panel's RAM holds, decoded from the bytes the display adapter
sent, lit pixels as bright as the panel's contrast; the buttons drive
gpiozero's mock pins, so a click held for a second is a long press, exactly as
on the box.
"""

from __future__ import annotations

import io
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.cards import check_uid
from companion.controls import ROLES
from companion.errors import CompanionError
from web_panel.api import API

bp = Blueprint("sim", __name__)


def _sim() -> Any:
    return current_app.extensions["sim"]


@API.route(bp, "GET", "/api/sim/frame.png", "The simulated OLED's picture (simulated parts only)", host=True,
           responses={"304": "unchanged"})
def frame():
    panel = _sim().panel
    etag = f"{panel.version}-{int(panel.on)}-{panel.contrast}"
    if request.if_none_match.contains(etag):
        return Response(status=304, headers={"ETag": f'"{etag}"'})
    lit = 70 + panel.contrast * 185 // 255  # dimming shows in the page as it would on the glass
    image = panel.image().convert("L").point(lambda v: lit if v else 0)
    out = io.BytesIO()
    image.save(out, "PNG")
    return Response(out.getvalue(), mimetype="image/png", headers={"ETag": f'"{etag}"', "Cache-Control": "no-cache"})


@API.route(bp, "POST", "/api/sim/button", "Press or release a simulated button (simulated parts only)", host=True, body={
    "type": "object", "additionalProperties": False, "required": ["role", "down"],
    "properties": {"role": {"enum": list(ROLES)}, "down": {"type": "boolean"}},
})
def button(body: dict[str, Any]):
    _sim().set_button(body["role"], body["down"])
    return jsonify(ok=True)


@API.route(bp, "POST", "/api/sim/reader", "Lay a card on the simulated reader, or throw dice on it (simulated parts only)",
           host=True, body={"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1, "properties": {
               "tap": {"type": "string", "maxLength": 40},
               "roll": {"type": "object", "additionalProperties": False, "required": ["sides", "count"], "properties": {
                   "sides": {"enum": [4, 6, 8, 10, 12, 20]}, "count": {"type": "integer", "minimum": 1, "maximum": 6}}},
           }}, responses={"409": "the reader is not simulated"})
def reader(body: dict[str, Any]):
    """{"tap": UID}: a card laid on the simulated reader; {"roll": {"sides": 6, "count": 2}}: dice thrown on it."""
    sim_reader = _sim().reader
    if sim_reader is None:
        return jsonify(error="the reader is not simulated here (a real one is configured)"), 409
    if "tap" in body:
        try:
            uid = check_uid(body["tap"])
        except CompanionError as e:
            return jsonify(error=str(e)), 400
        return jsonify(seq=sim_reader.tap(uid))
    return jsonify(seq=sim_reader.roll(body["roll"]["sides"], body["roll"]["count"]))
