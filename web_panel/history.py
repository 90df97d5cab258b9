"""Past games, their exports (JSON, CSV, BG Stats' push format and its one-tap link) and their charts.

A game is read from the journal on the game's owner thread, then replayed on the panel's own thread for past
games (`PastGames`), never on a request's: a long game's replay holds neither the table (the buttons, the
phones' inputs) nor the threads that answer the phones. Each replay is kept (the last few games, each under
its last input and end), and a game that ends is replayed there at once, before anyone asks: the page asking
for every game's winner, and every phone opening a game, replay nothing again.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
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


KEEP = 64  # replays kept: results, charts and boards of the last games asked for


class PastGames:
    """The past games this panel replayed (one app's: its extensions' "past_games"), replayed one at a time on a
    thread of their own, each once (a request for one under way waits for it); a game that ends is replayed
    at once, before anyone asks."""

    def __init__(self, runtime: Any) -> None:
        self.runtime = runtime
        self._replays = ThreadPoolExecutor(max_workers=1, thread_name_prefix="past-games")
        self._kept: OrderedDict[tuple, Future] = OrderedDict()
        self._lock = threading.Lock()
        self._ended: int | None = None  # the game last seen over
        runtime.add_listener(self._seen)

    def result(self, game_id: int) -> dict[str, Any]:
        """One past game replayed (CompanionError when there is no such game, or it cannot be replayed)."""
        return self._replayed("result", game_id)

    def timeline(self, game_id: int) -> dict[str, Any]:
        """A game's scores round by round: the open game's as the runtime kept them while it was played, else
        replayed input by input."""
        kept = self.runtime.timeline(game_id)
        return kept if kept is not None else self._replayed("timeline", game_id)

    def board(self, game_id: int) -> str:
        """A game's board as it was left, as SVG (CompanionError where its game draws none)."""
        return self._replayed("board", game_id)

    def _replayed(self, kind: str, game_id: int) -> Any:
        rt = self.runtime
        loaded = rt.call(lambda: history.load(rt.journal, game_id))
        return self._replay(kind, loaded).result()

    def _replay(self, kind: str, loaded: dict[str, Any]) -> Future:
        """The replay of `loaded` for `kind`: the one kept, or one begun now."""
        record, inputs = loaded["record"], loaded["inputs"]
        key = (kind, str(self.runtime.journal.path), record["id"], record["started"], record["finished"],
               inputs[-1][0] if inputs else 0, len(inputs))
        with self._lock:
            future = self._kept.get(key)
            if future is None:
                future = self._kept[key] = self._replays.submit(_replay, kind, self.runtime.games, loaded)
                while len(self._kept) > KEEP:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
        return future

    def _seen(self, view: dict[str, Any]) -> None:
        """The runtime's listener, on its owner thread: a game that has just ended is replayed (off it) now."""
        ended = view.get("game_id") if view.get("over") else None
        if ended is not None and ended != self._ended:
            self._replay("result", history.load(self.runtime.journal, ended))
        self._ended = ended


def _replay(kind: str, known: Any, loaded: dict[str, Any]) -> Any:
    replay = {"result": history.replay, "timeline": history.timeline, "board": history.board_picture}[kind]
    return replay(known, loaded)


def _past() -> PastGames:
    return current_app.extensions["past_games"]


def _runtime() -> Any:
    return current_app.extensions["runtime"]


@API.route(bp, "GET", "/api/history", "Past games, newest first")
def past_games():
    rt = _runtime()
    return jsonify(games=rt.call(lambda: history.games(rt.journal)))


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>", "One past game's result, replayed from the journal, "
           "with the link that opens it in BG Stats", responses={"404": "no such game"})
def past_game(game_id: int):
    try:
        res = _past().result(game_id)
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return jsonify(res | {"bgstats_link": history.bgstats_link(res)})


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/chart.svg", "A game's chart: each player's score over the "
           "game, as SVG", responses={"404": "no such game"})
def chart(game_id: int):
    try:
        line = _past().timeline(game_id)
        title = f"{line['title']}: {line['label']} over the game"  # not the whole result: the chart alone
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return Response(score_chart(line, title), mimetype="image/svg+xml", headers=svg.HEADERS)


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/board.svg", "A game's board as it was left, as SVG, where "
           "the game draws one (its `picture`)", responses={"404": "no such game, or its game draws no board"})
def board(game_id: int):
    try:
        picture = _past().board(game_id)
    except CompanionError as e:
        return jsonify(error=str(e)), 404
    return Response(picture, mimetype="image/svg+xml", headers=svg.HEADERS)


@API.route(bp, "GET", f"/api/history/<{PATH_INT}:game_id>/export", "Export a past game: ?format=json, csv or bgstats",
           query=EXPORT, responses={"404": "no such game"})
def export(game_id: int, query: dict[str, str]):
    try:
        res = _past().result(game_id)
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
