"""La Venise du Nord from a phone: the panel's API on a real waitress server, SPEC.md 4.3's state machine under
its names (round, active, phase, final_round) driven by what is offered, a player's own phone doing her part,
what a strict game refuses (a double tap, fields of another phase), and the score sheet."""

from conftest import assert_result_is

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 1}


def _machine(phone):
    s = phone.get("/api/state")[1]
    return s["round"], s["active"], s["phase"], s["final_round"]


def _option(phone, start, path="/api/state"):
    """The offered option whose label starts so (the table's, or with path /api/seat a phone's own)."""
    options = phone.get(path)[1]["options"]
    found = next((o for o in options if o["label"].startswith(start)), None)
    assert found is not None, (start, [o["label"] for o in options])
    return found


def _do(phone, start, path="/api/state", **values):
    option = _option(phone, start, path)
    action = {**option["action"], **values} | ({"confirm": True} if option["confirm"] else {})
    phone.input(action, "/api/input" if path == "/api/state" else "/api/seat/input")
    return option


def _a_quiet_turn(phone, dice=(1, 2)):
    """Roll (dice thrown at the table), the first move offered, the power not used, no bridge, no goods (a phase
    with nothing to do passes by itself)."""
    _do(phone, "Roll two dice", dice=list(dice), source="physical")
    _do(phone, _option(phone, "").get("label"))  # the first move offered
    _do(phone, "Do not use")
    _rest_of_the_turn(phone)


def _rest_of_the_turn(phone):
    for phase, label in ((5, "Build no bridge"), (6, "End")):  # NEXT in phase 6: whose turn follows
        if _machine(phone)[2] == phase:
            _do(phone, label)


def test_the_state_machine_through_the_api(phones):
    phone, _ = phones
    phone.input({"type": "new_game", "game": "la_venise_du_nord", "setup": SETUP})
    assert _machine(phone) == (1, 1, 0, False)  # the Burghers are placed first, from the first player's
    for tile in ("Wool", "Flax", "Gold"):
        _do(phone, f"Start on {tile}")
    assert _machine(phone) == (1, 1, 1, False)
    _do(phone, "Roll two dice", dice=[1, 2], source="physical")
    assert _machine(phone) == (1, 1, 2, False)
    _do(phone, _option(phone, "").get("label"))
    assert _machine(phone) == (1, 1, 3, False)
    _do(phone, "Do not use")
    # No secondary activation (the power was not used); no bridge to build nor workshop: phases 5 and 6 pass by
    # themselves, and the log says so.
    assert _machine(phone) == (1, 2, 1, False)
    log = phone.get("/api/state")[1]["log"]
    assert "Bea has no bridge to build." in log and "Bea has no workshop ready to produce." in log
    _do(phone, "End Cy's turn now")  # a correction: the turn ended at once
    assert _machine(phone) == (1, 0, 1, False)
    _do(phone, "End Ada's turn now")
    assert _machine(phone) == (2, 1, 1, False)  # back to the first player: round 2
    # Every Market space covered (6 sales with 3 players), set right by hand: the round after is the last.
    _do(phone, "The Market's sales are otherwise", sales=6)
    for _ in range(3):
        _a_quiet_turn(phone)
    assert _machine(phone) == (3, 1, 1, True)
    state = phone.get("/api/state")[1]
    assert state["last_round"] and state["bonus"] == 0 and "Every Market space is covered: this is the last round." in state["log"]
    _a_quiet_turn(phone)
    _a_quiet_turn(phone)
    _do(phone, "Roll two dice", dice=[1, 2], source="physical")
    _do(phone, _option(phone, "").get("label"))
    _do(phone, "Do not use")
    if _machine(phone)[2] == 5:
        _do(phone, "Build no bridge")
    end = _option(phone, "End")  # the end of the game does not pass by itself: the table confirms it
    assert end["label"] == "End: the game ends" and end["confirm"]
    _do(phone, "End")
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


def test_a_sale_from_a_players_own_phone_and_what_a_strict_table_refuses(phones):
    table, ada = phones
    table.input({"type": "new_game", "game": "la_venise_du_nord", "setup": {**SETUP, "first": 0}})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    _do(ada, "Start on Gold", "/api/seat")  # her own Burgher, from her own phone
    for tile in ("Wool", "Wool"):
        _do(table, f"Start on {tile}")
    _do(table, "Set Ada's Jewelry right", delta=3)
    _do(table, "The jewelry price is set otherwise", cubes=4, ones=0, twos=0)
    # Fields of another phase are refused, never taken as a plain advance.
    for wrong in ({"type": "advance", "die": 1, "to": "Market"}, {"type": "advance"}, {"type": "advance", "dice": [1, 7], "roll": True}):
        status, body = table.post("/api/input", wrong)
        assert status == 409, (wrong, body)
    _do(ada, "Roll two dice", "/api/seat", dice=[1, 3], source="physical")
    move = _option(ada, "Market: move 1, act 3", "/api/seat")
    assert move["action"] == {"type": "advance", "die": 1, "to": "Market"}
    ada.input(move["action"], "/api/seat/input")
    status, body = ada.post("/api/seat/input", move["action"])  # a double tap: the move is not made twice
    assert status == 409 and "not one of the choices now" in body["error"]
    # Ada sells on her own phone: how many, and which piece of the price comes off, are hers to say.
    sell = _option(ada, "Sell jewelry: 8 VP each, up to 3", "/api/seat")
    assert set(sell["fields"]) == {"n"} and sell["action"]["lower"] == "cube"  # only cubes set that price
    assert table.post("/api/input", {**sell["action"], "n": 3, "phone_seat": 0})[0] == 403  # the table cannot forge her phone
    ada.input({**sell["action"], "n": 3}, "/api/seat/input")
    state = table.get("/api/state")[1]
    assert state["players"][0]["vp"] == 3 * (4 + 4) and state["prices"]["jewelry"] == 3
    # No secondary activation at the Market, and nothing else for Ada to do: Bea's turn.
    assert (state["active"], state["phase"]) == (1, 1)
    status, body = table.post("/api/input", {"type": "advance", "die": 2, "to": "Market"})  # a move before the roll
    assert status == 409
    mine = ada.get("/api/seat")[1]["options"]
    assert [o["label"] for o in mine if o["group"] == "Play" and o["action"]["type"] != "undo"] == []
    assert [o["label"] for o in mine if o["action"]["type"] == "undo"] == [  # her phone's last input, hers to take back
        "Undo: Ada sells 3 jewelry at 4 + bonus 4: 24 VP."]
