"""The reader and the card registry in the panel: status, registration, import and export.

Registration arms the runtime: the next tap (or, walking a deck, each of the
next taps in turn) sticks its tag on the chosen card. Everything that touches
the registry runs on the runtime's owner thread (`runtime.call`); the answer
is made here, on the request's thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, json, jsonify

from companion.cards import Card, check_card, check_deck, check_uid, deck_cards, name_hint
from companion.errors import CompanionError
from companion.runtime import Runtime
from web_panel.api import API

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


_NAME = {"type": "string", "minLength": 1, "maxLength": 40}
REGISTER = {
    "type": "object",
    "additionalProperties": False,
    "required": ["game", "deck"],
    "properties": {"game": _NAME, "deck": _NAME, "card": _NAME},
}
UID = {"type": "object", "additionalProperties": False, "required": ["uid"],
       "properties": {"uid": {"type": "string", "maxLength": 40}}}
CARDS = {
    "type": "object",
    "required": ["version", "cards"],
    "properties": {"version": {"const": 1}, "cards": {"type": "array", "maxItems": 2000, "items": {"type": "object"}}},
}


@API.route(bp, "GET", "/api/reader", "The reader's link, the last tag it saw, and its latest events")
def reader_status():
    link = current_app.extensions.get("reader")
    return _answer(lambda rt: {
        "link": link.status() if link is not None else {"state": "off"},
        "last_tag": rt.last_tag,
        "registration": rt.registration.public(),
        "events": rt.journal.events(20),
    })


@API.route(bp, "GET", "/api/cards", "The registered cards, and the games' decks and cards to register")
def cards():
    def listing(rt: Runtime) -> dict[str, Any]:
        # "cards": the distinct cards a walk asks for, of the deck's "size" copies; a deck the rulebook
        # does not list has "cards" and "size" null: each card is named as it is registered, as "hint" says.
        games = {g.id: {"title": g.title,
                        "decks": {d.name: {"label": d.label, "cards": deck_cards(g, d.name),
                                           "size": sum(d.composition.counts.values()) if d.composition else None,
                                           "hint": name_hint(g, d.name)}
                                  for d in g.decks}}
                 for g in rt.games.values()}
        return {"cards": rt.cards.all(), "games": games, "registration": rt.registration.public()}

    return _answer(listing)


@API.route(bp, "POST", "/api/cards/register",
           "Arm registration: with a card, the next tap registers it; without, walk the deck's card list",
           body=REGISTER, host=True)
def register(body: dict[str, Any]):
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


@API.route(bp, "POST", "/api/cards/cancel", "Stop registering", host=True)
def cancel():
    def stop(rt: Runtime) -> dict[str, Any]:
        rt.registration.cancel()
        return {"registration": None}

    return _answer(stop)


@API.route(bp, "POST", "/api/cards/forget", "Forget a tag", body=UID, host=True)
def forget(body: dict[str, Any]):    return _answer(lambda rt: {"forgotten": rt.cards.forget(check_uid(body.get("uid")))})


@API.route(bp, "GET", "/api/cards/export", "The registered cards as a JSON file", host=True)
def export():
    rt = _runtime()
    text = json.dumps(rt.call(rt.cards.export, timeout=5), ensure_ascii=False, indent=1)
    return Response(text, mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="companion-cards.json"'})


@API.route(bp, "POST", "/api/cards/import", "Add or replace cards from an export (all or nothing)", body=CARDS,
           host=True)
def import_cards(body: dict[str, Any]):    return _answer(lambda rt: {"imported": rt.cards.import_(body)})
