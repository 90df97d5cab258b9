"""The palazzo game from the phones: the panel's API on a real waitress server. Each player's phone holds
their seat and does their options (`GET /api/seat`, `POST /api/seat/input`); the table page does the
table's (`GET /api/state`). A seat belongs to its phone: another phone's claim is refused with who holds
it, and the table hands it over when the OLED asks and a long press says yes."""

import random
import time

import pytest
from phone import Phone, serving

from companion import settings
from test_table import make_rig
from web_panel.app import Box, create_app

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"coins": "virtual"}}


@pytest.fixture
def table_and_phones(make_runtime):
    """The panel for a fresh runtime, and three paired phones: the table's, Ada's and Bea's."""
    runtime = make_runtime(rng=random.Random(3))  # a deal where Bea can buy at once (not every deal lets her)
    app = create_app(Box(settings.load(None), runtime))
    with serving(app) as port:
        yield [Phone(port).pair(app.extensions["pairing"].code, name) for name in ("table", "Ada's", "Bea's")]


def _option(options, start):
    return next(o for o in options if o["label"].startswith(start))


def _state(phone):
    return phone.get("/api/state")[1]


def test_a_turn_of_each_kind_from_the_players_own_phones(table_and_phones):
    table, ada, bea = table_and_phones
    table.input({"type": "new_game", "game": "palazzo", "setup": SETUP})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200 and bea.post("/api/seat", {"seat": 1})[0] == 200
    start = _option(_state(table)["options"], "Start the game")
    assert start["button"] == "NEXT" and ada.get("/api/seat")[1]["options"] == []  # the companion's step
    table.input(start["action"])
    state = _state(table)
    assert not any(o["private"] for o in state["options"])  # Ada's phone holds her coins
    mine = ada.get("/api/seat")[1]
    assert mine["actor"] and mine["private"]["hand"] is not None
    coin = mine["options"][0]
    assert coin["label"].startswith("Take the ") and coin["fields"] == {}
    ada.input(coin["action"], "/api/seat/input")  # one tap
    assert _state(table)["active"] == 1
    # Bea buys on her phone: a payment from her hand, a place from the legal cells (the first: where it starts).
    buy = _option(bea.get("/api/seat")[1]["options"], "Buy ")
    assert buy["private"] and buy["fields"]["to"]["enum"][-1] == "reserve"
    pay = buy["fields"]["pay"]["enum"][0]
    status, body = table.post("/api/input", {**buy["action"], "pay": pay, "to": [0, 0]})
    assert status == 409  # not from the table: Bea's phone holds her seat
    bea.input({**buy["action"], "pay": pay, "to": buy["fields"]["to"]["enum"][0]}, "/api/seat/input")
    state = _state(table)
    assert state["players"][1]["palazzo"][0]["at"] == [0, 0]
    if state["active"] == 1:  # paid exactly: another action; take a coin
        bea.input(_option(bea.get("/api/seat")[1]["options"], "Take the ")["action"], "/api/seat/input")
    # Ada: the turret, on her phone; the table's undo takes it back, the redo puts it again.
    turret = [o for o in ada.get("/api/seat")[1]["options"] if o["label"] == "Place the turret"]
    assert turret == []  # nothing built yet
    ada.input(_option(ada.get("/api/seat")[1]["options"], "Take the ")["action"], "/api/seat/input")
    undo = _option(_state(table)["options"], "Undo: ")
    assert undo["group"] == "Corrections" and undo["button"] == "BACK"
    status, body = table.post("/api/input", undo["action"])
    assert status == 409 and body["needs_confirm"]  # the coin turned up into the bank was seen: asks first
    table.input({**undo["action"], "confirm": True})
    assert _state(table)["active"] == 0
    # Things only the old API took are refused, with a reason, and change nothing.
    version = _state(table)["version"]
    for old in ({"type": "advance"}, {"type": "choose", "tile": 0}, {"type": "advance", "action": "coin"}):
        status, body = table.post("/api/input", old)
        assert status == 409 and body["error"], old
        status, body = ada.post("/api/seat/input", old)
        assert status == 409 and body["error"], old
    assert _state(table)["version"] == version


def test_a_seat_belongs_to_its_phone_and_its_secrets_stay_there(table_and_phones):
    table, ada, bea = table_and_phones
    table.input({"type": "new_game", "game": "palazzo", "setup": SETUP})
    table.input({"type": "advance"})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    hand = ada.get("/api/seat")[1]["private"]["hand"]
    status, body = bea.post("/api/seat", {"seat": 0})
    assert status == 409 and body["held_by"] == "Ada's" and not body["asked"]  # no table here to ask
    assert body["error"].startswith("Ada's seat is held by the phone “Ada's”")
    seat = bea.get("/api/seat")[1]
    assert seat["seat"] is None and "hand" not in seat["private"] and str(hand) not in str(seat)
    assert [s["held_by"] for s in seat["seats"]] == ["Ada's", None]
    assert ada.post("/api/seat", {"seat": None})[0] == 200  # Ada gives it up on her phone
    assert bea.post("/api/seat", {"seat": 0})[0] == 200


def test_the_table_hands_a_seat_over_when_a_long_press_says_yes(tmp_path):
    rig = make_rig(tmp_path)
    try:
        rig.runtime.submit({"type": "new_game", "game": "palazzo", "setup": SETUP})
        app = create_app(Box(settings.load(None), rig.runtime, table=rig.table))
        with serving(app) as port:
            ada, bea = (Phone(port).pair(app.extensions["pairing"].code, name) for name in ("Ada's", "new phone"))
            assert ada.post("/api/seat", {"seat": 0})[0] == 200
            status, body = bea.post("/api/seat", {"seat": 0})
            assert status == 409 and body["asked"] and "hold ACTION on the box" in body["error"]
            assert rig.table.wait_idle()
            rig.press("select")  # any other press says no
            assert bea.get("/api/seat")[1]["seat"] is None
            assert bea.post("/api/seat", {"seat": 0})[0] == 429  # the box is asked for a seat at most every 2 minutes
            app.extensions["seat_asks"].clock = lambda: time.monotonic() + 121
            assert bea.post("/api/seat", {"seat": 0})[0] == 409
            assert rig.table.wait_idle()
            rig.press("action", seconds=1.0)  # held: yes
            assert bea.get("/api/seat")[1]["seat"] == 0 and ada.get("/api/seat")[1]["seat"] is None
    finally:
        rig.close()
