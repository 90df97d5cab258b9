"""La Venise du Nord from a phone: the panel's API on a real waitress server, SPEC.md 4.3's state machine under
its names (round, active, phase, final_round), a turn played with the companion's help, a player's own phone,
and the score sheet."""

from conftest import assert_result_is

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 1}


def _machine(phone):
    s = phone.get("/api/state")[1]
    return s["round"], s["active"], s["phase"], s["final_round"]


def test_the_state_machine_through_the_api(phones):
    phone, _ = phones
    phone.input({"type": "new_game", "game": "la_venise_du_nord", "setup": SETUP})
    assert _machine(phone) == (1, 1, 0, False)  # the Burghers are placed first, from the first player's
    for tile in ("Wool", "Flax", "Gold"):
        phone.input({"type": "advance", "tile": tile})
    assert _machine(phone) == (1, 1, 1, False)
    for p in range(2, 7):
        phone.input({"type": "advance"})
        assert _machine(phone) == (1, 1, p, False)
    phone.input({"type": "advance"})
    assert _machine(phone) == (1, 2, 1, False)
    phone.input({"type": "advance"})
    phone.input({"type": "end_turn"})  # the shortcut from phase 2
    assert _machine(phone) == (1, 0, 1, False)
    phone.input({"type": "end_turn"})
    assert _machine(phone) == (2, 1, 1, False)  # back to the first player: round 2
    # Every Market space covered (6 sales with 3 players): the round after is the last.
    phone.input({"type": "market", "sales": 6})
    assert _machine(phone) == (2, 1, 1, False)
    for _ in range(3):
        phone.input({"type": "end_turn"})
    assert _machine(phone) == (3, 1, 1, True)
    state = phone.get("/api/state")[1]
    assert state["last_round"] and state["bonus"] == 0 and "Every Market space is covered: this is the last round." in state["log"]
    for _ in range(17):
        phone.input({"type": "advance"})
    assert _machine(phone) == (3, 0, 6, True)
    phone.input({"type": "advance"})
    state = phone.get("/api/state")[1]
    assert state["over"] and state["phase"] == "SCORING" and state["step"] == "GAME_OVER"
    status, body = phone.post("/api/input", {"type": "advance"})
    assert status == 409 and body["error"].startswith("the game is over")
    status, sheet = phone.get("/api/score/current")
    assert status == 200 and sheet["game"] == "la_venise_du_nord" and set(sheet["prices"]) == {"clothing", "lace", "jewelry"}
    scored = phone.post("/api/score/la_venise_du_nord", sheet)[1]
    assert state["sheet_missing"] == []  # every field known: /api/state carries the result, scored from this sheet
    assert_result_is(state["result"], scored)
    assert {p["name"]: p["total"] for p in scored["players"]} == {p["name"]: p["points"] for p in state["players"]}


def test_a_turn_with_the_companions_help_and_a_players_own_phone(phones):
    table, ada = phones
    table.input({"type": "new_game", "game": "la_venise_du_nord", "setup": {**SETUP, "first": 0}})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    for tile in ("Gold", "Wool", "Wool")[:len(SETUP["players"])]:  # each Burgher, Ada's first
        table.input({"type": "advance", "tile": tile})
    table.input({"type": "counter", "name": "jewelry", "seat": 0, "value": 3})
    table.input({"type": "price", "good": "jewelry", "cubes": 4})
    status, body = table.post("/api/input", {"type": "advance", "dice": [1, 7]})
    assert status == 409 and body["error"] == "dice: 7 is not a face of a d6 (1 to 6)"
    table.input({"type": "advance", "dice": [1, 3]})
    moves = [o["label"] for o in table.get("/api/state")[1]["options"]]
    assert "Move 1 to Market (activate 3)" in moves
    table.input({"type": "advance", "die": 1, "to": "Market"})
    # Ada sells on her own phone; the table cannot forge her phone's seat.
    sell = next(o for o in ada.get("/api/seat")[1]["options"] if o["label"] == "Sell at the Market")
    assert set(sell["fields"]) == {"good", "n", "lower"}
    assert table.post("/api/input", {**sell["action"], "good": "jewelry", "n": 3, "phone_seat": 0})[0] == 403
    ada.input({**sell["action"], "good": "jewelry", "n": 3, "lower": "cube"}, "/api/seat/input")
    state = table.get("/api/state")[1]
    assert state["players"][0]["vp"] == 3 * (4 + 4) and state["prices"]["jewelry"] == 3
    assert state["turn"]["used"] is True and state["phase"] == 3
    status, body = table.post("/api/input", {"type": "activate", "good": "jewelry"})
    assert status == 409 and body["error"] == "Ada has used the tile's power already"
    table.input({"type": "advance"})
    assert _machine(table) == (1, 0, 4, False)
