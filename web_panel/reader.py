"""The reader and the card registry in the panel: status, registration, import and export.

Registration arms the runtime: the next tap (or, walking a deck, each of the
next taps in turn) sticks its tag on the chosen card. Everything that touches
the registry runs on the runtime's owner thread (`runtime.call`); the answer
is made here, on the request's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, json, jsonify, request

from companion.cards import Card, check_card, check_deck, check_uid, deck_cards
from companion.errors import CompanionError
from companion.runtime import Runtime

bp = Blueprint("reader", __name__)


def _runtime() -> Runtime:
    return current_app.extensions["runtime"]


def _answer(fn: Callable[[Runtime], Any]) -> Any:
    """JSON of what `fn(runtime)` returns on the owner thread; a CompanionError is a 400."""
    rt = _runtime()
    try:
        return jsonify(rt.call(lambda: fn(rt), timeout=5))
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
    return _answer(lambda rt: {
        "link": link.status() if link is not None else {"state": "off"},
        "last_tag": rt.last_tag,
        "registration": rt.registration.public(),
        "events": rt.journal.events(20),
    })


@bp.get("/api/cards")
def cards():
    def listing(rt: Runtime) -> dict[str, Any]:
        games = {g.id: {"title": g.title,
                        "decks": {d.name: {"label": d.label, "cards": deck_cards(g, d.name)} for d in g.decks}}
                 for g in rt.games.values()}
        return {"cards": rt.cards.all(), "games": games, "registration": rt.registration.public()}

    return _answer(listing)


@bp.post("/api/cards/register")
def register():
    """{game, deck, card}: the next tap registers that card; {game, deck}: walk the deck's card list."""
    body = _body()

    def arm(rt: Runtime) -> dict[str, Any]:
        game, deck, card = body.get("game"), body.get("deck"), body.get("card")
        if card is not None:
            wanted = [check_card(rt.games, game, deck, card)]
        else:
            names = deck_cards(check_deck(rt.games, game, deck), deck)
            if names is None:
                raise CompanionError("this deck's cards are not known: register them one at a time, naming each card")
            wanted = [Card(game, deck, name) for name in names]
        rt.registration.arm(wanted)
        return {"registration": rt.registration.public()}

    return _answer(arm)


@bp.post("/api/cards/cancel")
def cancel():
    def stop(rt: Runtime) -> dict[str, Any]:
        rt.registration.cancel()
        return {"registration": None}

    return _answer(stop)


@bp.post("/api/cards/forget")
def forget():
    body = _body()
    return _answer(lambda rt: {"forgotten": rt.cards.forget(check_uid(body.get("uid")))})


@bp.get("/api/cards/export")
def export():
    rt = _runtime()
    text = json.dumps(rt.call(rt.cards.export, timeout=5), ensure_ascii=False, indent=1)
    return Response(text, mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="companion-cards.json"'})


@bp.post("/api/cards/import")
def import_cards():
    body = request.get_json(silent=True)
    return _answer(lambda rt: {"imported": rt.cards.import_(body)})
