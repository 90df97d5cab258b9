"""The parts' state: open to every phone, paired or not, with nothing but whether each part is there."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from web_panel.api import API

bp = Blueprint("health", __name__)


@API.route(bp, "GET", "/api/health", "Whether the display, the buttons, the reader and the journal are there, "
           "and what fixes a missing one (answers every phone)", public=True)
def health():
    return jsonify(parts=current_app.extensions["health"]())
