"""The reader and the card registry in the panel: status, registration, import and export.

Registration arms the runtime: the next tap (or, walking a deck, each of the
next taps in turn) sticks its tag on the chosen card. Everything that touches
the registry runs on the runtime's owner thread (`runtime.call`).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, json, jsonify, request

from companion.cards import Card, check_card, check_uid, deck_cards
from companion.errors import CompanionError
from companion.runtime import Runtime

bp = Blueprint("reader", __name__)


def _runtime() -> Runtime:
    return current_app.extensions["runtime"]


def _on_owner(fn: Any) -> Any:
    try:
        return _runtime().call(fn, timeout=5)
    except CompanionError as e:
        return jsonify(error=str(e)), 400
    except TimeoutError:
        return jsonify(error="the table did not answer in time; try again"), 503


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else {}


@bp.get("/api/reader")
def reader_status():
    link = current_app.extensions.get("reader")
    rt = _runtime()
    return _on_owner(lambda: jsonify(
        link=link.status() if link is not None else {"state": "off"},
        last_tag=rt.last_tag,
        registration=rt.registration.public(),
        events=rt.journal.events(20),
    ))


@bp.get("/api/cards")
def cards():
    rt = _runtime()
    games = {
        g.id: {"title": g.title, "decks": {d.name: {"label": d.label, "cards": deck_cards(g, d.name)} for d in g.decks}}
        for g in rt.games.values()
    }
    return _on_owner(lambda: jsonify(cards=rt.cards.all(), games=games, registration=rt.registration.public()))


@bp.post("/api/cards/register")
def register():
    """{game, deck, card}: the next tap registers that card; {game, deck}: walk the deck's card list."""
    body = _body()
    rt = _runtime()

    def arm():
        if body.get("card") is not None:
            wanted = [check_card(rt.games, body.get("game"), body.get("deck"), body.get("card"))]
        else:
            game = rt.games.get(body.get("game")) if isinstance(body.get("game"), str) else None
            names = deck_cards(game, body.get("deck")) if game and isinstance(body.get("deck"), str) else None
            if names is None:
                check_card(rt.games, body.get("game"), body.get("deck"), "x")  # says what is wrong with game or deck
                raise CompanionError("this deck's cards are not known: register them one at a time, naming each card")
            wanted = [Card(game.id, body["deck"], name) for name in names]
        rt.registration.arm(wanted)
        return jsonify(registration=rt.registration.public())

    return _on_owner(arm)


@bp.post("/api/cards/cancel")
def cancel():
    rt = _runtime()
    return _on_owner(lambda: (rt.registration.cancel(), jsonify(registration=None))[1])


@bp.post("/api/cards/forget")
def forget():
    body = _body()
    rt = _runtime()
    return _on_owner(lambda: jsonify(forgotten=rt.cards.forget(check_uid(body.get("uid")))))


@bp.get("/api/cards/export")
def export():
    rt = _runtime()

    def dump():
        text = json.dumps(rt.cards.export(), ensure_ascii=False, indent=1)
        return Response(text, mimetype="application/json",
                        headers={"Content-Disposition": 'attachment; filename="companion-cards.json"'})

    return _on_owner(dump)


@bp.post("/api/cards/import")
def import_cards():
    body = request.get_json(silent=True)
    rt = _runtime()
    return _on_owner(lambda: jsonify(imported=rt.cards.import_(body)))
