"""Unpairing a phone asks first, in the page (the playtest: the only host's phone unpaired itself with one tap):
the first tap says what it does, and for the last host's phone how a host gets back in (SELECT held at the
box); only a second tap unpairs. No browser dialog is used."""

import re

from playwright.sync_api import expect

from browser.chromium import put_away
from browser.test_phone_pages import _phone, _shot, pair


def _no_dialogs(page):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return dialogs


def test_the_last_hosts_phone_is_told_how_the_host_gets_back_in_before_it_unpairs(page, served):
    runtime, app, base = served
    sessions = app.extensions["sessions"]
    dialogs = _no_dialogs(page)
    pair(page, served)  # the first phone paired: the host's, the only one
    page.goto(f"{base}/seat")  # My seat asks the same
    page.locator("#forget").click()
    expect(page.locator("p:has(#forget) + .asking")).to_contain_text("This is the last host's phone")
    page.goto(f"{base}/settings")
    unpair = page.locator("#unpair")
    unpair.click()
    expect(unpair).to_have_text("Tap again: unpair this phone")
    question = page.locator(".row:has(#unpair) + .asking")
    expect(question).to_contain_text("This is the last host's phone")
    expect(question).to_contain_text("holds SELECT for 3 seconds and pairs a phone with the 8-digit code")
    question.scroll_into_view_if_needed()
    _shot(page, "unpair-last-host", whole=False)
    assert [s.host for s in sessions.all()] == [True]  # one tap unpaired nothing
    unpair.click()
    expect(page).to_have_url(f"{base}/pair")
    assert sessions.all() == [] and dialogs == []
    assert "unpaired itself" in runtime.view()["log"][-1]


def test_a_players_phone_asks_on_my_seat_and_the_host_asks_before_unpairing_another_phone(browser, page, served):
    runtime, app, base = served
    runtime.submit({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
    sessions = app.extensions["sessions"]
    pair(page, served)  # the host's phone
    context, ada, errors = _phone(browser, served, 0, "Ada")
    dialogs = _no_dialogs(ada)
    forget = ada.locator("#forget")
    forget.click()
    expect(forget).to_have_text("Tap again: unpair this phone")
    expect(ada.locator("p:has(#forget) + .asking")).to_have_text("This phone will need a new code from the box to play again.")
    ada.wait_for_timeout(300)
    assert len(sessions.all()) == 2  # still paired
    forget.click()
    expect(ada).to_have_url(f"{base}/pair")
    assert len(sessions.all()) == 1 and dialogs == [] and errors == []
    put_away(context)
    assert runtime.view()["log"][-1].endswith("unpaired itself: Ada's seat is free")
    # The host unpairs a player's phone from the list: it asks too, naming the phone.
    context, bea, errors = _phone(browser, served, 1, "Bea")
    page.goto(f"{base}/settings")
    row = page.locator("#phones tr", has_text="Bea's phone")
    row.get_by_role("button", name="Unpair").click()
    expect(page.locator("#phones tr:has-text('Bea') + tr .asking")).to_have_text(
        f"“Bea's phone” ({sessions.all()[1].short}) will need a new code from the box to play again.")
    armed = row.locator("button.armed")
    expect(armed).to_have_text(f"Tap again: unpair “Bea's phone” ({sessions.all()[1].short})")
    assert len(sessions.all()) == 2
    _shot(page, "unpair-a-players-phone", whole=False, part="#phones")
    armed.click()
    expect(page.locator("#phones tr")).to_have_count(1)
    assert runtime.view()["log"][-1].endswith("was unpaired by the host: Bea's seat is free")
    expect(bea).to_have_url(re.compile(r"/pair\?next=%2Fseat$"))  # Bea's phone is sent to pair again
    put_away(context)
    assert errors == []
