"""Score sheets: the schemas of `companion score`, and scoring a filled sheet."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from companion.errors import SheetError
from companion.games import SCORED, scoring_of
from web_panel.api import API

bp = Blueprint("scores", __name__)


@API.route(bp, "GET", "/api/score", "The games that have score sheets")
def sheets():
    return jsonify(games=list(SCORED))


@API.route(bp, "GET", "/api/score/current",
           "The open game's score sheet, pre-filled from the table; a field the companion does not know is null",
           responses={"404": "no game is open, or it has no score sheet"})
def current():
    sheet = current_app.extensions["runtime"].score_sheet()
    if sheet is None:
        return jsonify(error="no game with a score sheet is open"), 404
    return jsonify(sheet)


@API.route(bp, "GET", "/api/score/<game>/schema",
           "A game's score sheet as JSON Schema, its rule options, and its words for a total, its parts and tie-breaks",
           responses={"404": "no such game"})
def schema(game: str):
    try:
        scored = scoring_of(game)
    except SheetError as e:
        return jsonify(error=str(e)), 404
    return jsonify(schema=scored.schema(), options=scored.options(), words=scored.words())


@API.route(bp, "POST", "/api/score/<game>", "Score a filled sheet: results, breakdown and ranking",
           body={"type": "object", "description": "the sheet, as GET /api/score/{game}/schema describes it"},
           responses={"404": "no such game"})
def score(game: str, body: dict[str, Any]):
    if game not in SCORED:
        return jsonify(error=f"no score sheet for {game!r}; one of {', '.join(SCORED)}"), 404
    try:
        return jsonify(scoring_of(game).score(body))
    except SheetError as e:
        return jsonify(error=str(e)), 400
    except RecursionError:
        return jsonify(error="the sheet nests too deeply to be a score sheet"), 400
