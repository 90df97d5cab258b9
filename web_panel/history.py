"""Past games and their exports (JSON, CSV, BG Stats' push format)."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from companion import history
from companion.errors import CompanionError
from web_panel.api import API, PATH_INT

bp = Blueprint("history", __name__)

EXPORT = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"format": {"enum": ["json", "csv", "bgstats"]}},
}


def _runtime() -> Any:
    return current_app.extensions["runtime"]


@API.route(bp, "GET", "/api/history", "Past games, newest first")
def past_games():
    rt = _runtime()
    return jsonify(games=rt.call(lambda: history.games(rt.journal)))


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>", "One past game's result, replayed from the journal",
           responses={"404": "no such game"})
def past_game(game_id: int):
    rt = _runtime()
    try:
        return jsonify(rt.call(lambda: history.result(rt.journal, rt.games, game_id)))
    except CompanionError as e:
        return jsonify(error=str(e)), 404


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/export", "Export a past game: ?format=json, csv or bgstats",
           query=EXPORT, responses={"404": "no such game"})
def export(game_id: int, query: dict[str, str]):
    rt = _runtime()
    try:
        res = rt.call(lambda: history.result(rt.journal, rt.games, game_id))
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    kind = query.get("format", "json")
    name = f"companion-game-{game_id}"
    if kind == "csv":
        return Response(history.as_csv(res), mimetype="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})
    body = history.as_bgstats(res) if kind == "bgstats" else res
    return Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}{"-bgstats" if kind == "bgstats" else ""}.json"'})
