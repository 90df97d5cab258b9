"""Card registration and the simulated reader through the panel, over the real serial path."""


import pytest

from companion import settings as settings_mod
from companion.app import _start_reader, _start_table
from companion.screens import AlertScreen, render
from web_panel.app import Box, create_app

from phone import Phone, paired_phone, serving


@pytest.fixture
def rig(make_runtime):
    runtime = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}], "deck_modes": {"cards": "mirror"}})
    settings = settings_mod.load(None)
    table, buttons, sim = _start_table(settings, runtime, simulated=True)
    link, sim.reader = _start_reader(settings["reader"], runtime, table, simulated=True)
    app = create_app(Box(settings, runtime, sim=sim, reader=link, table=table))
    with serving(app) as port:
        phone = paired_phone(app, port)

        def call(method, path, body=None, csrf=True):
            return phone.call(method, path, body, csrf=csrf)

        def tap(uid):
            assert call("POST", "/api/sim/reader", {"tap": uid})[0] == 200
            assert sim.reader.wait_acknowledged()
            assert table.wait_idle()

        call.phone = phone
        yield call, tap, runtime, table, sim
    link.stop()
    sim.reader.close()
    buttons.close()
    table.stop()


def test_a_chosen_card_is_registered_by_the_next_tap_and_then_drawn_by_tapping(rig):
    call, tap, runtime, table, sim = rig
    status, body = call("POST", "/api/cards/register", {"game": "free_play", "deck": "cards", "card": "Q♥"})
    assert status == 200 and body["registration"] == {"game": "free_play", "deck": "cards", "card": "Q♥", "index": 0, "total": 1}
    tap("04A1B2C3")
    assert table.last_frame.tobytes() == render(AlertScreen("Card registered", "Q♥")).tobytes()
    status, body = call("GET", "/api/cards")
    assert [(c["uid"], c["card"]) for c in body["cards"]] == [("04A1B2C3", "Q♥")] and body["registration"] is None
    assert runtime.view()["decks"]["cards"]["out"] == []  # registering is not drawing
    tap("04A1B2C3")
    assert runtime.view()["decks"]["cards"]["out"] == ["Q♥"]
    status, body = call("GET", "/api/reader")
    assert body["last_tag"] == {"uid": "04A1B2C3", "card": {"game": "free_play", "deck": "cards", "card": "Q♥"}, "outcome": ""}
    assert body["link"]["state"] == "live" and body["link"]["fw"] == "simulator/1.0"
    assert [e["outcome"] for e in body["events"]] == ["applied", "registered as Q♥"]


def test_an_unknown_card_says_so_on_the_oled_and_in_the_panel(rig):
    call, tap, runtime, table, sim = rig
    tap("0102030405060708090A")
    assert table.last_frame.tobytes() == render(AlertScreen("Unknown card", "register it in the panel")).tobytes()
    assert call("GET", "/api/reader")[1]["last_tag"]["card"] is None


def test_walking_a_deck_registers_its_cards_in_order_and_can_be_cancelled(rig):
    call, tap, runtime, table, sim = rig
    status, body = call("POST", "/api/cards/register", {"game": "free_play", "deck": "cards"})
    assert body["registration"]["card"] == "A♠" and body["registration"]["total"] == 52
    tap("AAAAAAAA")
    tap("BBBBBBBB")
    assert call("GET", "/api/cards")[1]["registration"]["card"] == "3♠"
    assert call("POST", "/api/cards/cancel")[1] == {"registration": None}
    tap("CCCCCCCC")  # after cancelling, a tap is a draw attempt again: unknown card
    cards = {c["uid"]: c["card"] for c in call("GET", "/api/cards")[1]["cards"]}
    assert cards == {"AAAAAAAA": "A♠", "BBBBBBBB": "2♠"}


def test_export_then_import_brings_the_cards_back(rig):
    call, tap, runtime, table, sim = rig
    call("POST", "/api/cards/register", {"game": "free_play", "deck": "cards", "card": "K♣"})
    tap("04A1B2C3D4E5F6")
    status, exported = call("GET", "/api/cards/export")
    assert exported == {"version": 1, "cards": [{"uid": "04A1B2C3D4E5F6", "game": "free_play", "deck": "cards", "card": "K♣"}]}
    assert call("POST", "/api/cards/forget", {"uid": "04a1b2c3d4e5f6"})[1] == {"forgotten": True}
    assert call("GET", "/api/cards")[1]["cards"] == []
    assert call("POST", "/api/cards/import", exported)[1] == {"imported": 1}
    assert len(call("GET", "/api/cards")[1]["cards"]) == 1


def test_a_deck_the_rulebook_does_not_list_registers_a_card_named_as_printed(rig):
    call, tap, runtime, table, sim = rig
    decks = call("GET", "/api/cards")[1]["games"]["patrons_of_venice"]["decks"]
    assert decks == {"raw_goods": {"label": "Raw Good", "cards": None, "size": None, "hint": decks["raw_goods"]["hint"]}}
    assert "such as “Wool 3”" in decks["raw_goods"]["hint"]
    listed = call("GET", "/api/cards")[1]["games"]["master_of_venice"]["decks"]["deck"]
    assert len(listed["cards"]) == 50 and listed["size"] == 116 and listed["hint"] is None  # a walk tags one of each
    status, body = call("POST", "/api/cards/register", {"game": "patrons_of_venice", "deck": "raw_goods", "card": " Wool 3 "})
    assert status == 200 and body["registration"]["card"] == "Wool 3"
    tap("04A1B2C3")
    assert [(c["game"], c["card"]) for c in call("GET", "/api/cards")[1]["cards"]] == [("patrons_of_venice", "Wool 3")]


@pytest.mark.parametrize("path, body, message", [
    ("/api/cards/register", {"game": "chess", "deck": "cards"}, "unknown game"),
    ("/api/cards/register", {"game": "free_play", "deck": "tarot"}, "no deck"),
    ("/api/cards/register", {"game": "free_play", "deck": "cards", "card": "Z♠"}, "no card"),
    ("/api/cards/register", {"game": "patrons_of_venice", "deck": "raw_goods", "card": "Wool"}, "such as “Wool 3”"),
    ("/api/cards/register", {"game": "la_venise_du_nord", "deck": "workshops", "card": "Lace +1"}, "“Lace 2 cost 1 flax 2 gold”"),
    ("/api/cards/register", {"game": "merchant_venturers", "deck": "actions"}, "register them one at a time"),
    ("/api/cards/forget", {"uid": "not hex"}, "hex digits"),
    ("/api/cards/import", {"cards": "all of them"}, "body must contain ['version']"),
    ("/api/cards/import", {"version": 2, "cards": []}, "body.version must be same as const definition: 1"),
    ("/api/sim/reader", {"tap": "12"}, "hex digits"),
    ("/api/sim/reader", {"roll": {"sides": 7, "count": 2}}, "body.roll.sides must be one of"),
])
def test_bad_requests_get_a_400_that_says_what_to_send(rig, path, body, message):
    call, *_ = rig
    status, answer = call("POST", path, body)
    assert status == 400 and message in answer["error"]


def test_a_state_change_without_the_csrf_token_is_refused(rig):
    call, *_ = rig
    status, answer = call("POST", "/api/cards/register", {"game": "free_play", "deck": "cards"}, csrf=False)
    assert status == 403 and call("GET", "/api/cards")[1]["registration"] is None
    stranger = Phone(call.phone.port)
    assert stranger.post("/api/cards/register", {"game": "free_play", "deck": "cards"})[0] == 401


def test_dice_thrown_on_the_simulated_reader_are_the_step_s_roll(rig):
    call, tap, runtime, table, sim = rig
    status, body = call("POST", "/api/sim/reader", {"roll": {"sides": 6, "count": 2}})
    assert status == 200
    assert sim.reader.wait_acknowledged()
    roll = runtime.view()["last_roll"]
    assert roll["spec"] == "2d6" and roll["source"] == "physical" and all(1 <= v <= 6 for v in roll["values"])



def test_the_page_has_the_reader_and_the_simulated_reader(rig):
    call, tap, runtime, table, sim = rig
    status, html, _ = call.phone.raw("GET", "/")
    assert status == 200 and b"Simulated reader" in html and b'id="simcards"' in html
    status, html, _ = call.phone.raw("GET", "/cards")
    assert status == 200 and b"Walk the whole deck" in html and b"Export the cards" in html
