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

# What a phone may change: not where the journal lives (an installation choice), nor what could keep
# every phone away (settings.LOCKED: shown read-only), and the reader only as a serial device (a URL would
# have the companion connect wherever a phone says).
PANEL_SCHEMA = copy.deepcopy(settings_mod.SCHEMA)
del PANEL_SCHEMA["properties"]["data"]
PANEL_SCHEMA["properties"]["reader"]["properties"]["port"]["pattern"] = settings_mod.SERIAL_DEVICE
ON_THE_BOX = "changed only in the settings file on the box: a wrong value could keep every phone away"
for _section, _keys in settings_mod.LOCKED.items():
    for _key in _keys:
        PANEL_SCHEMA["properties"][_section]["properties"][_key] |= {"readOnly": True, "description": ON_THE_BOX}


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
           body=PANEL_SCHEMA, host=True, responses={"409": "no settings file to save to, or a change of what only "
                                                                  "the file on the box changes (readOnly)"})
def save(body: dict[str, Any]):
    path = _file()
    if path is None:
        return jsonify(error="this companion was started without a settings file to save to"), 409
    running = current_app.config["SETTINGS"]
    changed = [f"{section}.{key}" for section, keys in settings_mod.LOCKED.items() for key in keys
               if key in body.get(section, {}) and body[section][key] != running[section].get(key)]
    if changed:
        return jsonify(error=f"{', '.join(changed)} {'is' if len(changed) == 1 else 'are'} {ON_THE_BOX} "
                             f"(sudo nano {path} there, then restart the companion)"), 409
    try:
        saved = settings_mod.save(path, body)
    except SettingsError as e:
        return jsonify(error=str(e)), 400
    return jsonify(saved=saved, file=str(path), note="saved; restart the companion to use them")
