"""The Wi-Fi the box is on: the home network or the companion's own, switched from the settings page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from companion import settings as settings_mod
from companion.errors import SettingsError
from companion.health import NetworkState
from companion.wifi import NetworkError
from web_panel.api import API

bp = Blueprint("network", __name__)

NOT_HERE = "simulated parts: the companion leaves this machine's network alone"


def _wifi() -> Any:
    return current_app.extensions.get("wifi")


@API.route(bp, "GET", "/api/network", "Which Wi-Fi the box is on, the companion's own network's name and, while it is up, its passphrase",
           host=True)
def current():
    wifi = _wifi()
    if wifi is None:
        return jsonify(NetworkState(False, NOT_HERE).public())
    state = wifi.state()
    return jsonify(state | {"passphrase": wifi.passphrase()} if state["ok"] else state)


@API.route(bp, "POST", "/api/network", "Switch the box to the home Wi-Fi or to its own network (and keep that choice)",
           host=True, body={"type": "object", "additionalProperties": False, "required": ["use"],
                 "properties": {"use": {"enum": ["home", "own"]}}},
           responses={"409": "this box cannot choose its network (no NetworkManager, no Wi-Fi, simulated parts)",
                      "502": "NetworkManager refused; nothing else changed"})
def switch(body: dict[str, Any]):
    wifi = _wifi()
    if wifi is None:
        return jsonify(error=NOT_HERE), 409
    if not wifi.state()["ok"]:
        return jsonify(error=wifi.state()["problem"]), 409
    try:
        state = wifi.use(body["use"])
    except NetworkError as e:
        return jsonify(error=str(e)), 502
    path = current_app.config.get("SETTINGS_FILE")
    if path is not None:
        try:
            settings_mod.save(path, {"network": {"mode": body["use"]}})  # the next start does the same
        except SettingsError as e:
            return jsonify(error=f"switched, but the choice was not saved: {e}"), 502
    return jsonify(state)
