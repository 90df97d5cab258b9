"""The Cards page in a real browser, at a phone's size: a card of every game registered by a tag tap.

The reader is the simulated one on a pseudo-terminal, over the real serial path; a tap is laid on it
through /api/sim/reader, as the table page's simulated reader does.
"""

import re

import pytest
from phone import serving
from playwright.sync_api import expect

from browser.chromium import PHONE, page_api, put_away
from browser.test_phone_pages import _shot, pair
from companion import settings as settings_mod
from companion.app import _start_reader, _start_table
from companion.cards import deck_cards
from web_panel.app import Box, create_app


@pytest.fixture
def served(make_runtime):
    runtime = make_runtime()
    settings = settings_mod.load(None)
    table, buttons, sim = _start_table(settings, runtime, simulated=True)
    link, sim.reader = _start_reader(settings["reader"], runtime, table, simulated=True)
    app = create_app(Box(settings, runtime, sim=sim, reader=link, table=table))
    with serving(app, threads=4) as port:
        yield runtime, app, f"http://127.0.0.1:{port}", sim
    link.stop()
    sim.reader.close()
    buttons.close()
    table.stop()


@pytest.fixture
def page(browser, served):  # this module's: paired and on the Cards page
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    pair(page, served[:3])
    page.goto(served[2] + "/cards")
    expect(page.get_by_label("Game")).to_have_value("free_play")  # the page has drawn the games
    yield page
    put_away(context)
    assert errors == [], errors


def tap(page, sim, uid):
    """A tag laid on the simulated reader; returns once the companion has taken it."""
    assert page_api(page, "POST", "/api/sim/reader", {"tap": uid})["status"] == 200
    assert sim.reader.wait_acknowledged()


def polled(page):
    """Two more polls of the page (it refreshes every second): whatever the first drew, it has drawn."""
    for _ in range(2):
        with page.expect_response(lambda r: r.url.endswith("/api/cards")):
            pass


def registered(runtime):
    return {c["uid"]: (c["game"], c["deck"], c["card"]) for c in runtime.call(runtime.cards.all)}


# Game title, deck label, and the card: chosen from the deck's list, or typed where the rulebook lists none.
# Patrons and Merchant Venturers have one deck each, as free play (the page's first game) has: the old page
# kept free play's deck and cards for them.
FIVE = [
    ("patrons_of_venice", "The Patrons of Venice", "raw_goods", "Raw Good", None, "Wool 3", "04A1B2C3"),
    ("master_of_venice", "Master of Venice", "deck", "Master of Venice", "Cogs", None, "04A1B2C3D4E501"),
    ("palazzo", "Piecepack palazzo game for the Duke of Venice", "coins", "Coins", "ace", None, "04A1B2C3D4E502"),
    ("la_venise_du_nord", "La Venise du Nord", "workshops", "Workshop", None, "Lace 2 cost 1 flax 2 gold", "04A1B2C3D4E503"),
    ("merchant_venturers", "Merchant Venturers", "actions", "Action cards", None, "Harbour Master", "04A1B2C3D4E504"),
]


def test_a_card_of_each_game_is_registered_through_the_page(page, served):
    runtime, _, _, sim = served
    game, deck, card, name = (page.get_by_label("Game"), page.get_by_label("Deck"),
                              page.locator("#rcard"), page.get_by_label("Card, as printed on it"))
    walk, now, rows = page.get_by_role("button", name="Walk the whole deck"), page.locator("#rnow"), page.locator("#rcards tr")
    expect(rows).to_have_text(["No card registered yet."])
    expected = {}
    for i, (game_id, title, deck_id, label, listed, typed, uid) in enumerate(FIVE):
        game.select_option(label=title)
        deck.select_option(label=label)
        decks = runtime.games[game_id].decks
        expect(deck.locator("option")).to_have_count(len(decks))
        assert sorted(deck.locator("option").all_text_contents()) == sorted(d.label for d in decks)
        if listed:
            expect(card.locator("option")).to_have_text(list(deck_cards(runtime.games[game_id], deck_id)))
            card.select_option(listed)
            expect(name).to_be_hidden()
            expect(walk).to_be_visible()
        else:
            expect(card).to_be_hidden()
            expect(walk).to_be_hidden()  # a deck with no list cannot be walked
            expect(page.locator("#rhint")).to_contain_text("The rulebook does not list this deck's cards")
            name.fill(typed)
        polled(page)  # the page's refresh keeps what was chosen
        expect(game).to_have_value(game_id)
        expect(deck).to_have_value(deck_id)
        if listed:
            expect(card).to_have_value(listed)
        else:
            expect(name).to_have_value(typed)
        page.get_by_role("button", name="Register the next tap").click()
        expect(now).to_have_text(f"Tap the tag of {listed or typed} ({label}) on the reader.")
        tap(page, sim, uid)
        expect(now).to_be_hidden()
        expected[uid] = (game_id, deck_id, listed or typed)
        row = rows.filter(has_text=uid)
        expect(row).to_contain_text(listed or typed)
        expect(row).to_contain_text(title)
        expect(rows).to_have_count(i + 1)
        assert registered(runtime) == expected
    expect(page.locator("#lasttag")).to_have_text("Last tag 04A1B2C3D4E504: registered as Harbour Master.")
    expect(page.locator("#rcards")).to_contain_text("Piecepack palazzo game for the Duke of Venice · Coins")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, "cards-1-five-games-registered")


def test_a_wrong_name_is_refused_with_how_to_name_the_card_and_the_refusal_stays(page, served):
    runtime = served[0]
    page.get_by_label("Game").select_option("patrons_of_venice")
    hint = page.locator("#rhint")
    expect(hint).to_contain_text("such as “Wool 3”")
    page.get_by_role("button", name="Register the next tap").click()
    refusal = page.locator("#rrefused")  # under the button, where the player is looking
    expect(refusal).to_have_text("Type the card's name first.")
    page.get_by_label("Card, as printed on it").fill("wool3")
    page.get_by_role("button", name="Register the next tap").click()
    expect(refusal).to_contain_text("The Raw Good deck has no card 'wool3': a Raw Good card is a good and its printed value")
    polled(page)
    expect(refusal).to_contain_text("no card 'wool3'")  # the page's polls do not wipe it
    _shot(page, "cards-2-a-wrong-name")
    expect(page.locator("#rnow")).to_be_hidden()
    # Another game: its first deck (the decks come in the game's own order), the name field empty again.
    page.get_by_label("Game").select_option("la_venise_du_nord")
    expect(page.get_by_label("Deck")).to_have_value("orders")
    expect(hint).to_contain_text("such as “Lace +1”")
    name = page.get_by_label("Card, as printed on it")
    expect(name).to_have_value("")
    expect(refusal).to_be_hidden()  # the refusal was of another game's card
    name.fill("Fill stock cost 3 wool")
    page.get_by_label("Deck").select_option("workshops")  # another deck: its own hint, the name empty again
    expect(hint).to_contain_text("such as “Lace 2 cost 1 flax 2 gold”")
    expect(name).to_have_value("")
    assert registered(runtime) == {}


def test_walking_a_deck_registers_successive_taps_as_successive_cards(page, served):
    runtime, _, _, sim = served
    page.get_by_label("Game").select_option("palazzo")
    page.get_by_label("Deck").select_option("coins")
    expect(page.locator("#rhint")).to_have_text(re.compile("one card of each of its 6 kinds"))
    page.get_by_role("button", name="Walk the whole deck").click()
    now = page.locator("#rnow")
    expect(now).to_have_text("Tap the tag of null (Coins) on the reader: card 1 of 6.")
    tap(page, sim, "AAAAAAAA")
    expect(now).to_have_text("Tap the tag of ace (Coins) on the reader: card 2 of 6.")
    tap(page, sim, "BBBBBBBB")
    expect(now).to_have_text("Tap the tag of 2 (Coins) on the reader: card 3 of 6.")
    _shot(page, "cards-3-walking-the-coins")
    page.get_by_role("button", name="Stop registering").click()
    expect(now).to_be_hidden()
    expect(page.get_by_role("button", name="Stop registering")).to_be_hidden()
    rows = page.locator("#rcards tr")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="AAAAAAAA")).to_contain_text("null")
    expect(rows.filter(has_text="BBBBBBBB")).to_contain_text("ace")
    assert registered(runtime) == {"AAAAAAAA": ("palazzo", "coins", "null"), "BBBBBBBB": ("palazzo", "coins", "ace")}
    # Forget one, from its row.
    page.get_by_role("button", name="Forget ace (BBBBBBBB)").click()
    expect(rows).to_have_count(1)
    assert registered(runtime) == {"AAAAAAAA": ("palazzo", "coins", "null")}
