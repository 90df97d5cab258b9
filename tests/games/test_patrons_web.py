"""The Patrons of Venice from a phone: the panel's API on a real waitress server, the state machine's
variables under SPEC.md's names, the seat's secret hand, and the pre-filled score sheet."""

import pytest

from companion import settings as settings_mod
from web_panel.app import Box, create_app

from patrons_bot import setup
from phone import paired_phone, serving


@pytest.fixture
def phone(make_runtime):
    runtime = make_runtime()
    app = create_app(Box(settings_mod.load(None), runtime))
    with serving(app) as port:
        yield paired_phone(app, port)


def _at(phone):
    state = phone.get("/api/state")[1]
    return state["turn"], state["lead"], state["step"], state["active"]


def test_the_phase_sequence_through_the_api(phone):
    status, body = phone.post("/api/input", {"type": "new_game", "game": "patrons_of_venice", "setup": setup(4, False)})
    assert status == 200, body
    assert _at(phone) == (0, 3, "SETUP_DONE", None)
    script = [
        ({"type": "advance"}, (1, 3, "CHOOSE_ACTION", 3)),
        ({"type": "advance", "action": "SAIL"}, (1, 3, "SAIL_DRAW", None)),
        ({"type": "advance", "pirates": True, "confirm": True}, (1, 3, "SAIL_PIRATES", None)),
        # Every rightmost shipment was unreserved: the pirates took them all, and nobody is asked to unload; nobody
        # named the new cards, so nobody is asked which he places either.
        ({"type": "advance"}, (2, 0, "CHOOSE_ACTION", 0)),
        ({"type": "advance", "action": "TRADE"}, (2, 0, "TRADE_SELL", 0)),
        ({"type": "advance"}, (2, 0, "TRADE_SELL", 1)),
        ({"type": "advance"}, (2, 0, "TRADE_SELL", 2)),
        ({"type": "advance"}, (2, 0, "TRADE_SELL", 3)),
        ({"type": "advance"}, (2, 0, "TRADE_BUY", 0)),
        ({"type": "advance"}, (2, 0, "TRADE_BUY", 1)),  # Ada passes
        ({"type": "advance", "action": "buy", "from": "wharf", "card": None}, (2, 0, "TRADE_BUY", 2)),  # Bea buys: the passes start again
        ({"type": "advance"}, (2, 0, "TRADE_BUY", 3)),
        ({"type": "advance"}, (2, 0, "TRADE_BUY", 0)),
        ({"type": "advance"}, (2, 0, "TRADE_BUY", 1)),
        ({"type": "advance"}, (3, 1, "CHOOSE_ACTION", 1)),
        # Nobody owns a business: everyone is passed over, and the Produce action with them.
        ({"type": "advance", "action": "PRODUCE"}, (4, 2, "CHOOSE_ACTION", 2)),
    ]
    for action, expected in script:
        status, body = phone.post("/api/input", action)
        assert status == 200, (action, body)
        assert _at(phone) == expected, action
    state = phone.get("/api/state")[1]
    assert state["threshold"] == 12
    assert [p["ducats"] for p in state["players"]] == [10, 9, 10, 10] and state["counters"]["bank"] == 101
    assert state["standings"] == [["Ada", "Cy", "Dan"], ["Bea"]]  # no points yet: the Ducats break the tie
    status, body = phone.post("/api/input", {"type": "produce", "business": 0})  # not a choice here: refused
    assert status == 409 and body["error"].startswith("that is not one of the choices now") and _at(phone) == (4, 2, "CHOOSE_ACTION", 2)


def test_refusals_name_what_is_wrong(phone):
    phone.post("/api/input", {"type": "new_game", "game": "patrons_of_venice", "setup": setup(3, False)})
    phone.post("/api/input", {"type": "advance"})
    status, body = phone.post("/api/input", {"type": "advance"})
    assert status == 409 and body["error"].startswith("that is not one of the choices now (Reserve goods; Sail ships;")
    status, body = phone.post("/api/input", {"type": "new_game", "game": "patrons_of_venice",
                                             "setup": setup(3, False, options={"guilds": "yes"})})
    assert status == 409 and body["error"].startswith("options.guilds: one of False, True")
    status, body = phone.post("/api/input", {"type": "new_game", "game": "patrons_of_venice",
                                             "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
    assert status == 409 and "3 to 5 players" in body["error"]


def test_the_games_list_offers_the_rule_options_and_an_entered_deck(phone):
    games = {g["id"]: g for g in phone.get("/api/games")[1]["games"]}
    pv = games["patrons_of_venice"]
    assert pv["first_player"] == "second_youngest" and (pv["min_players"], pv["max_players"]) == (3, 5)
    assert pv["decks"] == [{"name": "raw_goods", "label": "Raw Good", "known": False, "mode": "mirror", "enter": True,
                            "pieces": "cards", "examples": ["Wool 3 x8", "Pirates! x4"]}]  # the New game page's example
    assert pv["rule_options"]["statue_business_worth"]["default"] == 2 and pv["rule_options"]["guilds"]["default"] is False


def test_a_hand_is_seen_on_its_own_seat_only_and_the_sheet_is_prefilled(phone):
    phone.post("/api/input", {"type": "new_game", "game": "patrons_of_venice", "setup": setup(3, True)})
    phone.post("/api/input", {"type": "advance"})  # the companion deals
    state = phone.get("/api/state")[1]
    assert state["decks"]["raw_goods"]["out"] == 14  # how many, not which
    assert phone.post("/api/seat", {"seat": 1})[0] == 200
    mine = phone.get("/api/seat")[1]
    hand = mine["private"]["hand"]
    visible = state["market"] + [slot["card"] for ships in state["ships"] for slot in ships]
    assert len(hand) == 1 and len(visible) == 11 and "hands" not in state  # 14 dealt: the 3 hand cards are not shown
    status, sheet = phone.get("/api/score/current")
    assert status == 200 and sheet["game"] == "patrons_of_venice"
    assert [p["ducats"] for p in sheet["players"]] == [10, 10, 10]
    status, scored = phone.post("/api/score/patrons_of_venice", sheet)
    assert status == 200 and scored["end_triggered"] is False and scored["winner"] == []
