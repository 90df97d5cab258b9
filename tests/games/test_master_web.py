"""Master of Venice from a phone: the panel's API on a real waitress server, SPEC.md 2.3's state machine
under its names, sealed bids from each player's own phone, and the pre-filled score sheet."""


SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}


def _at(phone):
    s = phone.get("/api/state")[1]
    return s["turn"], s["step"], s["deck_pass"], s["game_end_pending"]


def test_the_phase_sequence_through_the_api(phones):
    phone, _ = phones
    assert phone.post("/api/input", {"type": "new_game", "game": "master_of_venice", "setup": SETUP})[0] == 200
    script = [
        (None, (1, "DRAW", 1, False)),
        ({"type": "advance"}, (1, "DIPLOMACY", 1, False)),  # no trip dice to roll: the Revenue Phase passes by itself
        ({"type": "advance"}, (1, "EXPANSION", 1, False)),
        ({"type": "advance"}, (1, "EVENT", 1, False)),
        ({"type": "advance"}, (1, "WAR", 1, False)),
        ({"type": "advance"}, (1, "POPE", 1, False)),
        ({"type": "advance", "dice": [3], "source": "physical"}, (1, "DOGE", 1, False)),
        ({"type": "advance", "dice": [5], "source": "physical"}, (2, "DRAW", 1, False)),
        ({"type": "deck_exhausted", "deck": "deck", "confirm": True}, (2, "DRAW", 2, False)),
        *[({"type": "advance"}, (2, step, 2, False)) for step in ("DIPLOMACY", "EXPANSION", "EVENT")],
        # The pile runs out again as an event draws: the end comes with this turn.
        ({"type": "deck_exhausted", "deck": "deck", "confirm": True}, (2, "EVENT", 2, True)),
        *[({"type": "advance"}, (2, step, 2, True)) for step in ("WAR", "POPE")],
        # Nobody can vote: the Pope's election passes by itself; the Doge's would end the game, which NEXT confirms.
        ({"type": "advance", "dice": [6], "source": "physical"}, (2, "DOGE", 2, True)),
        ({"type": "advance", "dice": [6], "source": "physical"}, (2, "DOGE_ELECTION", 2, True)),
        ({"type": "advance", "confirm": True}, (2, "GAME_OVER", 2, True)),  # nobody could vote: no appointments, and the end
    ]
    for action, expected in script:
        if action is not None:
            status, body = phone.post("/api/input", action)
            assert status == 200, (action, body)
        assert _at(phone) == expected, action
    state = phone.get("/api/state")[1]
    assert state["pope"]["state"] == "vacant" and state["doge"]["state"] == "vacant"
    assert state["ended"] == "the players have gone through the deck twice"
    status, sheet = phone.get("/api/score/current")
    assert status == 200 and sheet["players"][0] == {"name": "Ada", "gold": 6, "eliminated": False}


def _seated_at_expansion(phones):
    """A new game, Ada's and Bea's phones each holding their seat, the table on to the Expansion Phase."""
    ada, bea = phones
    ada.post("/api/input", {"type": "new_game", "game": "master_of_venice", "setup": SETUP})
    assert ada.post("/api/seat", {"seat": 0})[0] == 200
    assert bea.post("/api/seat", {"seat": 1})[0] == 200
    while _at(ada)[1] != "EXPANSION":
        assert ada.post("/api/input", {"type": "advance"})[0] == 200
    return ada, bea


def test_sealed_bids_from_each_phone(phones):
    ada, bea = _seated_at_expansion(phones)
    # Bea puts a Senator into play from the real cards in her hand: the host's table page enters it for her once
    # it has confirmed that it acts for her (her phone holds her seat), and the log says so.
    status, body = ada.post("/api/input", {"type": "play", "seat": 1, "card": "Senator"})
    assert status == 409 and body["needs_confirm"] and body["error"].startswith("Act for Bea? The phone “test phone”")
    assert ada.post("/api/input", {"type": "play", "seat": 1, "card": "Senator", "confirm": True})[0] == 200
    assert ada.get("/api/state")[1]["log"][-1].endswith(", acting for Bea")
    while _at(ada)[1] != "DOGE":  # NEXT on the table page, the Pope's die thrown at the table
        nxt = next(o for o in ada.get("/api/state")[1]["options"] if o["button"] == "NEXT")
        die = {"dice": [1], "source": "physical"} if nxt["rolls"] else {}
        assert ada.post("/api/input", {**nxt["action"], **die})[0] == 200
    assert ada.post("/api/input", {"type": "advance", "dice": [6], "source": "physical"})[0] == 200
    assert _at(ada)[1] == "DOGE_ELECTION"
    # Bea's bid from the table's phone is refused (her phone holds her seat: her bid is hers alone); a forged
    # phone_seat too; and her own phone cannot bid for another seat.
    status, body = ada.post("/api/input", {"type": "bid", "seat": 1, "intrigue": 0, "gold": 2})
    assert status == 409 and "not one of the choices" in body["error"]
    status, body = ada.post("/api/input", {"type": "bid", "seat": 1, "gold": 2, "phone_seat": 1})
    assert status == 403
    options = bea.get("/api/seat")[1]["options"]
    assert options[0]["label"] == "Bea's sealed bid for the Doge" and options[0]["private"]
    assert bea.post("/api/seat/input", {**options[0]["action"], "seat": 0, "gold": 0})[0] == 409
    status, body = bea.post("/api/seat/input", {**options[0]["action"], "gold": 0})
    assert status == 200, body
    state = ada.get("/api/state")[1]
    assert state["election"]["bid"] == [1] and state["log"][-1] == f"Bea makes a sealed bid — test phone ({bea.short})"
    assert state["last"] == {"type": "bid", "seat": 1, "seq": state["last"]["seq"]}
    assert "bid" not in ada.get("/api/seat")[1]["private"]  # Ada has no Senator: no vote
    assert bea.get("/api/seat")[1]["private"]["bid"] == {"gold": 0, "intrigue": 0}
    ada.post("/api/input", {"type": "advance"})
    state = ada.get("/api/state")[1]
    assert state["doge"]["controller"] == 1 and state["step"] == "OFFICE_APPOINTMENT"
    # The Doge's player appoints, from her own phone.
    appoint = {"type": "appoint", "seat": 0, "office": "Admiral"}
    status, body = ada.post("/api/input", appoint)
    assert status == 409 and body["error"].startswith("Act for Bea?"), body
    assert bea.post("/api/seat/input", appoint)[0] == 200
    assert ada.post("/api/input", {"type": "advance"})[0] == 409  # NEXT does not appoint for her
    last = {"type": "advance", "action": "appoint", "seat": 1, "office": "Council Head"}  # the last ends the turn
    assert bea.post("/api/seat/input", last)[0] == 200
    state = ada.get("/api/state")[1]
    assert state["offices"] == {"Admiral": 0, "Council Head": 1} and state["turn"] == 2


def test_a_card_tapped_for_a_seat_a_phone_holds_asks_act_for_first_and_the_log_says_so(phones):
    """A real card laid on the reader (here named on the table page, as a tap without a tag is): whose play it is
    is asked on the table page, and playing it for Bea, whose phone holds her seat, asks "Act for Bea?" first, as
    any other input for her seat does; the log then says "acting for Bea"."""
    ada, bea = _seated_at_expansion(phones)
    assert ada.post("/api/input", {"type": "tap", "card": "Senator"})[0] == 200
    labels = [o["label"] for o in ada.get("/api/state")[1]["options"]]
    assert labels[:2] == ["Ada plays Senator for 3", "Bea plays Senator for 3"]
    status, body = ada.post("/api/input", {"type": "play", "seat": 1, "card": "Senator"})
    assert status == 409 and body["needs_confirm"] and body["error"].startswith("Act for Bea? The phone “test phone”")
    assert ada.get("/api/state")[1]["tapped"] == "Senator"  # nothing played yet
    assert ada.post("/api/input", {"type": "play", "seat": 1, "card": "Senator", "confirm": True})[0] == 200
    assert ada.get("/api/state")[1]["log"][-1].endswith(", acting for Bea")


def test_seat_input_needs_a_claimed_seat(phones):
    ada, _ = phones
    ada.post("/api/input", {"type": "new_game", "game": "master_of_venice", "setup": SETUP})
    status, body = ada.post("/api/seat/input", {"type": "bid", "gold": 1})
    assert status == 409 and "claim your seat" in body["error"]
