"""The settings page's API: the settings in force, and saving changes (checked first)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, jsonify

from companion import settings as settings_mod
from companion.errors import SettingsError
from web_panel.api import API

bp = Blueprint("settings", __name__)

# What a phone may change: not where the journal lives (an installation choice), and the reader
# only as a serial device (a URL would have the companion connect wherever a phone says).
PANEL_SCHEMA = copy.deepcopy(settings_mod.SCHEMA)
del PANEL_SCHEMA["properties"]["data"]
PANEL_SCHEMA["properties"]["reader"]["properties"]["port"]["pattern"] = "^(|/dev/[A-Za-z0-9._/:+-]+)$"


def _file() -> Path | None:
    return current_app.config.get("SETTINGS_FILE")


@API.route(bp, "GET", "/api/settings", "The settings in force, the file they are saved to, and their schema",
           host=True)
def current():
    path = _file()
    return jsonify(settings=current_app.config["SETTINGS"], file=str(path) if path else None,
                   saved=settings_mod.read_file(path) if path else {}, schema=PANEL_SCHEMA,
                   problem=current_app.config.get("SETTINGS_PROBLEM"))


@API.route(bp, "PUT", "/api/settings", "Save changed settings (checked as start-up checks them); they apply at the next start",
           body=PANEL_SCHEMA, host=True, responses={"409": "no settings file to save to"})
def save(body: dict[str, Any]):
    path = _file()
    if path is None:
        return jsonify(error="this companion was started without a settings file to save to"), 409
    web = current_app.config["SETTINGS"]["web"]
    try:
        saved = settings_mod.save(path, body, running=(web["host"], web["port"]))
    except SettingsError as e:
        return jsonify(error=str(e)), 400
    return jsonify(saved=saved, file=str(path), note="saved; restart the companion to use them")
