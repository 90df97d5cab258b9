"""Pushed updates in the browser (issue 55): a page learns of another phone's move when it is made, without
asking every second, and a hidden page (the phone's screen off) asks nothing until it is shown again."""

from playwright.sync_api import expect

from bench.seat_page import HIDE
from browser.test_phone_pages import pair
from phone import paired_phone

TWO = {"players": [{"name": "Ada"}, {"name": "Bea"}]}


def _table_page_and_another_phone(page, served):
    """The host's phone (paired first) with a free-play game, a player's Table page open on it, and every API
    address the page asks for from now on."""
    runtime, app, base = served
    other = paired_phone(app, int(base.rsplit(":", 1)[1]))
    other.input({"type": "new_game", "game": "free_play", "setup": TWO})
    pair(page, served)
    expect(page.locator("#log")).to_contain_text("Free play")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    return other, asked


def test_another_phones_move_reaches_a_page_that_does_not_poll(page, served):
    other, asked = _table_page_and_another_phone(page, served)
    page.wait_for_timeout(3000)  # a page that polled once a second would ask three times
    assert len(asked) <= 1  # its one request, held until the table changes
    other.input({"type": "advance"})
    expect(page.locator("#log")).to_contain_text("Bea's turn.")
    assert all("/api/changes?since=" in url for url in asked)  # never the whole state again: what changed
    assert len(asked) <= 3


def test_a_hidden_page_asks_nothing_and_catches_up_when_shown(page, served):
    other, asked = _table_page_and_another_phone(page, served)
    page.evaluate(HIDE, True)
    page.wait_for_timeout(200)  # the request out when the screen went off is given up
    asked.clear()
    other.input({"type": "advance"})
    other.input({"type": "advance"})
    page.wait_for_timeout(3000)
    assert asked == []
    expect(page.locator("#log")).not_to_contain_text("Bea's turn.")  # what it showed when it was hidden
    page.evaluate(HIDE, False)
    expect(page.locator("#log")).to_contain_text("Round 2.")  # the second move too
    assert len(asked) >= 1
