"""Merchant Venturers from a phone: the panel's API on a real waitress server, SPEC.md 5.3's state machine under
its names (year, season, phase, first_move), a purchase on a player's own phone, and the score sheet."""

from conftest import assert_result_is
from merchant_table import BOARD

SETUP = {"players": [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 25}, {"name": "Cy", "age": 19},
                     {"name": "Dan", "age": 50}], "board": BOARD}


def _machine(phone):
    s = phone.get("/api/state")[1]
    return s["year"], s["season"], s["phase"], s["first_move"]


def test_the_state_machine_through_the_api(phones):
    phone, _ = phones
    phone.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})
    assert _machine(phone) == (0, None, "PREGAME", None)
    phone.input({"type": "advance", "coins": [5, 3, 3, 8]})  # MVN-EX-03: Bea and Cy tied, Cy the younger
    assert _machine(phone) == (1, "Winter", 1, 2)
    for p in (2, 3, 6, 7, 8, 9):
        phone.input({"type": "advance"})
        assert _machine(phone) == (1, "Winter", p, 2)
    phone.input({"type": "counter", "name": "coins", "seat": 0, "value": 0})
    for season, phases in (("Spring", (1, 2, 3, 6, 7, 8, 9)), ("Summer", range(1, 10)), ("Autumn", (1, 2, 3, 6, 7, 8, 9))):
        for p in phases:
            phone.input({"type": "advance"})
            assert _machine(phone) == (1, season, p, 2)  # the marker moves only as a year starts
    phone.input({"type": "advance"})
    assert _machine(phone) == (2, "Winter", 1, 0)
    for _ in range(29 + 8 * 30):  # the rest of year 2, then years 3 to 10 (30 phases a year)
        phone.input({"type": "advance"})
    assert _machine(phone) == (10, "Autumn", 9, phone.get("/api/state")[1]["first_move"])
    phone.input({"type": "advance"})
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


def test_a_ship_bought_on_a_players_own_phone(phones):
    table, ada = phones
    table.input({"type": "new_game", "game": "merchant_venturers", "setup": SETUP})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    table.input({"type": "place_start", "seat": 0, "port": "Lisbon"})
    table.input({"type": "counter", "name": "coins", "seat": 0, "value": 9})
    status, body = table.post("/api/input", {"type": "place_start", "seat": 1, "port": "Havana"})
    assert status == 409 and body["error"] == "port: one of the Old World ports (Lisbon, Genoa)"
    buy = next(o for o in ada.get("/api/seat")[1]["options"] if o["action"]["type"] == "buy_ship")
    assert set(buy["fields"]) == {"port", "fast", "large"} and buy["fields"]["port"]["enum"] == ["Lisbon", "Genoa"]
    assert table.post("/api/input", {**buy["action"], "port": "Genoa", "phone_seat": 0})[0] == 403
    ada.input({**buy["action"], "port": "Genoa", "fast": True, "large": True}, "/api/seat/input")
    state = table.get("/api/state")[1]
    me = state["players"][0]
    assert me["coins"] == 3 and [s["at"] for s in me["ships"]] == ["Lisbon", "Genoa"] and me["fortune"] == 3 + 2 + 6
    assert state["prices"]["sale"]["Lisbon"]["gold"] == [12, 11, 11, 11]  # Ada's post is the only one at Lisbon
