"""Merchant Venturers from a phone: the panel's API on a real waitress server, SPEC.md 5.3's state machine under
its names (year, season, phase, first_move), a purchase on a player's own phone, and the score sheet."""

from conftest import assert_result_is
from merchant_table import BOARD

SETUP = {"players": [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 25}, {"name": "Cy", "age": 19},
                     {"name": "Dan", "age": 50}], "board": BOARD}


def _machine(phone):
    s = phone.get("/api/state")[1]
    return s["year"], s["season"], s["phase"], s["first_move"]


def _next(phone):
    """What moves the game on now, from the table: the acting player's NEXT (done), a pass at a port, or the
    phase's own NEXT (asked first where it would throw goods away)."""
    options = phone.get("/api/state")[1]["options"]
    option = next((o for o in options if o["button"] == "NEXT"), None) or next(o for o in options if o["short"] == "Pass")
    phone.input({**option["action"], **({"confirm": True} if option["confirm"] else {})})


def _phase_done(phone):
    """Until the phase changes."""
    before = _machine(phone)
    for _ in range(20):
        _next(phone)
        if _machine(phone) != before:
            return
    raise AssertionError("the phase did not end")


def test_the_state_machine_through_the_api(phones):
    phone, _ = phones
    phone.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})
    assert _machine(phone) == (0, None, "PREGAME", None)
    state = phone.get("/api/state")[1]
    assert state["actor"] == 2  # Cy (19), the youngest, places first
    for _ in range(4):
        place = next(o for o in phone.get("/api/state")[1]["options"] if o["label"] == "Post and ship at Lisbon")
        phone.input(place["action"])
    for seat, coins in enumerate((5, 3, 3, 8)):  # MVN-EX-03: as the purchases before year 1 left them
        phone.input({"type": "counter", "name": "coins", "seat": seat, "delta": coins - 3})
    _phase_done(phone)  # each player, done buying
    assert _machine(phone) == (1, "Winter", 1, 2)  # Bea and Cy tied, Cy the younger
    for p in (2, 3, 7, 8, 9):  # phase 6 is passed over: nobody has anything to load
        _phase_done(phone)
        assert _machine(phone) == (1, "Winter", p, 2)
    phone.input({"type": "counter", "name": "coins", "seat": 0, "delta": -5})
    for season, phases in (("Spring", (1, 2, 3, 7, 8, 9)), ("Summer", (1, 2, 3, 4, 5, 7, 8, 9)), ("Autumn", (1, 2, 3, 7, 8, 9))):
        for p in phases:
            _phase_done(phone)
            assert _machine(phone) == (1, season, p, 2)  # the marker moves only as a year starts
    _phase_done(phone)
    assert _machine(phone) == (2, "Winter", 1, 0)
    while _machine(phone) != (10, "Autumn", 9, phone.get("/api/state")[1]["first_move"]):
        _phase_done(phone)
    for _ in range(4):  # each player's Done, but a player with nothing he can buy is passed over
        if phone.get("/api/state")[1]["over"]:
            break
        _next(phone)
    state = phone.get("/api/state")[1]
    assert state["over"] and state["phase"] == "GAME_OVER" and state["step"] == "GAME_OVER"
    status, body = phone.post("/api/input", {"type": "advance"})
    assert status == 409 and body["error"].startswith("the game is over")
    status, sheet = phone.get("/api/score/current")
    assert status == 200 and sheet["game"] == "merchant_venturers"
    scored = phone.post("/api/score/merchant_venturers", sheet)[1]
    assert state["sheet_missing"] == []  # every field known: /api/state carries the result, scored from this sheet
    assert_result_is(state["result"], scored)
    assert {p["name"]: p["total"] for p in scored["players"]} == {p["name"]: p["fortune"] for p in state["players"]}


def test_a_ship_bought_on_a_players_own_phone_in_her_turn(phones):
    table, ada = phones
    table.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    status, body = table.post("/api/input", {"type": "advance", "port": "Havana"})
    assert status == 409 and "not one of the choices now" in body["error"]
    for _ in range(2):  # Cy, then Dan (the youngest first, to his left)
        table.input({"type": "advance", "port": "Lisbon"})
    _do = next(o for o in ada.get("/api/seat")[1]["options"] if o["label"] == "Post and ship at Lisbon")
    ada.input(_do["action"], "/api/seat/input")  # Ada places hers from her own phone
    table.input({"type": "advance", "port": "Genoa"})  # Bea
    table.input({"type": "counter", "name": "coins", "seat": 0, "delta": 6})
    for _ in range(2):  # Cy and Dan buy nothing
        table.input({"type": "advance"})
    buy = next(o for o in ada.get("/api/seat")[1]["options"] if o["label"] == "Buy a fast large ship for 6")
    assert set(buy["fields"]) == {"port"} and buy["fields"]["port"]["enum"] == ["Lisbon", "Genoa"]
    assert table.post("/api/input", {**buy["action"], "port": "Genoa", "phone_seat": 0})[0] == 403
    ada.input({**buy["action"], "port": "Genoa"}, "/api/seat/input")
    state = table.get("/api/state")[1]
    me = state["players"][0]
    assert me["coins"] == 3 and [s["at"] for s in me["ships"]] == ["Lisbon", "Genoa"] and me["fortune"] == 3 + 2 + 6
    assert "Ship 2 (fast large, 4 moves, holds 3) at Genoa: empty" in me["board"]
