"""The palazzo game from a phone: the panel's API on a real waitress server, SPEC.md 3.3's state machine
under its names (active, extra_action, final_round), secret coins from a player's own phone, the score sheet."""


SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 0}


def _machine(phone):
    s = phone.get("/api/state")[1]
    return s["active"], s["extra_action"], s["final_round"], s["step"]


def test_the_state_machine_through_the_api(phones):
    phone, _ = phones
    phone.input({"type": "new_game", "game": "palazzo", "setup": SETUP})
    assert _machine(phone) == (0, False, False, "SETUP")
    phone.input({"type": "advance"})  # the companion turns up the yard (virtual tiles by default)
    state = phone.get("/api/state")[1]
    assert state["step"] == "ACTION" and len([y for y in state["yard"] if y]) == 4 and state["tiles_left"] == 24
    script = [
        ({"type": "advance", "action": "purchase", "tile": 0, "exact": True}, (0, True, False, "ACTION")),
        ({"type": "advance", "action": "purchase", "tile": 1, "exact": True}, (0, True, False, "ACTION")),
        ({"type": "advance", "action": "coin"}, (1, False, False, "ACTION")),
        ({"type": "advance", "action": "purchase", "tile": 2, "exact": False}, (2, False, False, "ACTION")),
        ({"type": "advance"}, (0, False, False, "ACTION")),
    ]
    for action, expected in script:
        phone.input(action)
        assert _machine(phone) == expected, action
    status, body = phone.post("/api/input", {"type": "advance", "action": "purchase", "tile": 0})
    assert status == 409 and body["error"] == "say whether it was paid exactly (exact: true or false), or name the coins paid"
    # Buy everything but the last structure, then Cy buys it, paying exactly: no extra action, the final round.
    while phone.get("/api/state")[1]["tiles_left"] > 1 or phone.get("/api/state")[1]["active"] != 2:
        state = phone.get("/api/state")[1]
        if state["tiles_left"] > 1:
            phone.input({"type": "advance", "action": "purchase", "tile": state["yard"].index(next(y for y in state["yard"] if y)), "exact": False})
        else:
            phone.input({"type": "advance", "action": "coin"})
    phone.input({"type": "advance", "action": "purchase", "tile": phone.get("/api/state")[1]["yard"].index(
        next(y for y in phone.get("/api/state")[1]["yard"] if y)), "exact": True})
    assert _machine(phone) == (0, False, True, "ACTION")
    status, body = phone.post("/api/input", {"type": "advance", "action": "purchase", "tile": 0, "exact": True})
    assert status == 409 and body["error"] == "the last structure is bought: the final round has no purchases"
    for active in (0, 1):
        phone.input({"type": "advance", "action": "coin"})
        assert _machine(phone) == (active + 1, False, True, "ACTION")
    phone.input({"type": "advance"})  # Cy, who ended it, plays last
    assert _machine(phone)[3] == "GAME_OVER"
    state = phone.get("/api/state")[1]
    assert state["ended"] == "every player has had a last turn" and state["tiles_left"] == 0
    status, sheet = phone.get("/api/score/current")
    assert status == 200 and sheet["game"] == "palazzo"
    assert sum(len(p["palazzo"]) + len(p["reserve"]) for p in sheet["players"]) == 24
    scored = phone.post("/api/score/palazzo", sheet)[1]
    assert {p["name"]: p["total"] for p in scored["players"]} == {p["name"]: p["points"] for p in state["players"]}


def test_secret_coins_from_a_players_own_phone(phones):
    table, ada = phones
    table.input({"type": "new_game", "game": "palazzo", "setup": {**SETUP, "deck_modes": {"tiles": "mirror"}}})
    table.input({"type": "advance"})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    # The table cannot enter or forge Ada's coins.
    status, body = table.post("/api/input", {"type": "hand", "seat": 0, "coins": [3, 4]})
    assert status == 409 and "own phone" in body["error"]
    assert table.post("/api/input", {"type": "hand", "seat": 0, "coins": [3, 4], "phone_seat": 0})[0] == 403
    mine = ada.get("/api/seat")[1]["private"]
    assert mine["hand"] is None and [o["label"] for o in mine["options"]][0] == "My coins in hand"
    ada.input({**mine["options"][0]["action"], "seat": 2, "coins": [3, 4]}, "/api/seat/input")  # the phone's own seat
    assert ada.get("/api/seat")[1]["private"]["hand"] == [3, 4]
    state = table.get("/api/state")[1]
    assert state["players"][0]["coins_known"] and state["players"][0]["coins_in_hand"] == 2
    assert state["players"][2]["coins_known"] is False and "3, 4" not in " ".join(state["log"])
    # Ada buys a tile just turned up, naming her coins on her phone: 4 + 3 + the die's 5 pay Arms 5 (10) with 2 over.
    buy = next(o for o in ada.get("/api/seat")[1]["private"]["options"] if o["label"] == "Buy a tile just turned up")
    assert "exact" not in buy["fields"] and "at" in buy["fields"]
    status, body = table.post("/api/input", {**buy["action"], "tile": "Arms 5", "coins": [3, 4]})
    assert status == 409 and body["error"] == "Ada's coins are kept secret on their phone: name the coins paid there (My seat)"
    ada.input({**buy["action"], "tile": "Arms 5", "coins": [3, 4], "die": True, "at": [0, 0]}, "/api/seat/input")
    state = table.get("/api/state")[1]
    assert (state["active"], state["extra_action"]) == (1, False)
    assert state["players"][0]["palazzo"] == [{"tile": "Arms 5", "at": [0, 0], "turret": False}]
    assert state["players"][0]["die"] == 4 and state["players"][0]["points"] == 3 + 5
    assert ada.get("/api/seat")[1]["private"]["hand"] == []
