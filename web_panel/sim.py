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
from companion.errors import CompanionError
from hardware.buttons import ROLES

bp = Blueprint("sim", __name__)


def _sim() -> Any:
    return current_app.extensions["sim"]


@bp.get("/api/sim/frame.png")
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


@bp.post("/api/sim/button")
def button():
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or body.get("role") not in ROLES or not isinstance(body.get("down"), bool):
        return jsonify(error=f'send {{"role": one of {", ".join(ROLES)}, "down": true or false}}'), 400
    _sim().set_button(body["role"], body["down"])
    return jsonify(ok=True)


@bp.post("/api/sim/reader")
def reader():
    """{"tap": UID}: a card laid on the simulated reader; {"roll": {"sides": 6, "count": 2}}: dice thrown on it."""
    sim_reader = _sim().reader
    if sim_reader is None:
        return jsonify(error="the reader is not simulated here (a real one is configured)"), 409
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    if isinstance(body.get("tap"), str):
        try:
            uid = check_uid(body["tap"])
        except CompanionError as e:
            return jsonify(error=str(e)), 400
        return jsonify(seq=sim_reader.tap(uid))
    roll = body.get("roll")
    if isinstance(roll, dict) and roll.get("sides") in (4, 6, 8, 10, 12, 20) and roll.get("count") in range(1, 7):
        return jsonify(seq=sim_reader.roll(roll["sides"], roll["count"]))
    return jsonify(error='send {"tap": "04A1B2C3"} or {"roll": {"sides": 6, "count": 2}} (1 to 6 dice of 4 to 20 sides)'), 400
