"""Past games, their exports (JSON, CSV, BG Stats' push format and its one-tap link) and their charts.

A game is read from the journal on the game's owner thread, then replayed here, in the request's thread:
a long game's replay does not hold the table (the buttons, the phones' inputs) meanwhile. The last few
replayed games (and their charts' timelines) are kept, each under its last input and end, so the page
asking for every game's winner replays each game once, and a chart is worked out once.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from flask import Blueprint, Response, current_app, jsonify

from companion import history, svg
from companion.chart import score_chart
from companion.errors import CompanionError
from web_panel.api import API, PATH_INT

bp = Blueprint("history", __name__)

EXPORT = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"format": {"enum": ["json", "csv", "bgstats"]}},
}


_KEEP = 64
_replayed: OrderedDict[tuple, dict[str, Any]] = OrderedDict()
_lock = threading.Lock()


def _runtime() -> Any:
    return current_app.extensions["runtime"]


def _result(game_id: int) -> dict[str, Any]:
    """One past game replayed (CompanionError when there is no such game, or it cannot be replayed)."""
    return _replayed_once("result", game_id, history.replay)


def _timeline(game_id: int) -> dict[str, Any]:
    """A game's scores round by round: the open game's as the runtime kept them while it was played, else
    replayed input by input (the slow one, so kept too)."""
    kept = _runtime().timeline(game_id)
    return kept if kept is not None else _replayed_once("timeline", game_id, history.timeline)


def _replayed_once(kind: str, game_id: int, replay: Any) -> Any:
    rt = _runtime()
    loaded = rt.call(lambda: history.load(rt.journal, game_id))
    record, inputs = loaded["record"], loaded["inputs"]
    key = (kind, str(rt.journal.path), game_id, record["started"], record["finished"],
           inputs[-1][0] if inputs else 0, len(inputs))
    with _lock:
        if key in _replayed:
            _replayed.move_to_end(key)
            return _replayed[key]
    res = replay(rt.games, loaded)
    with _lock:
        _replayed[key] = res
        while len(_replayed) > _KEEP:
            _replayed.popitem(last=False)
    return res


@API.route(bp, "GET", "/api/history", "Past games, newest first")
def past_games():
    rt = _runtime()
    return jsonify(games=rt.call(lambda: history.games(rt.journal)))


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>", "One past game's result, replayed from the journal, "
           "with the link that opens it in BG Stats", responses={"404": "no such game"})
def past_game(game_id: int):
    try:
        res = _result(game_id)
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return jsonify(res | {"bgstats_link": history.bgstats_link(res)})


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/chart.svg", "A game's chart: each player's score over the "
           "game, as SVG", responses={"404": "no such game"})
def chart(game_id: int):
    try:
        line = _timeline(game_id)
        title = f"{line['title']}: {line['label']} over the game"  # not the whole result: the chart alone
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return Response(score_chart(line, title), mimetype="image/svg+xml", headers=svg.HEADERS)


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/board.svg", "A game's board as it was left, as SVG, where "
           "the game draws one (its `picture`)", responses={"404": "no such game, or its game draws no board"})
def board(game_id: int):
    try:
        picture = _replayed_once("board", game_id, history.board_picture)
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return Response(picture, mimetype="image/svg+xml", headers=svg.HEADERS)


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/export", "Export a past game: ?format=json, csv or bgstats",
           query=EXPORT, responses={"404": "no such game"})
def export(game_id: int, query: dict[str, str]):
    try:
        res = _result(game_id)
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
