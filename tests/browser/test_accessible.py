"""The phone pages for everyone (issue 55): no critical or serious barrier axe-core finds on any page, in any
state of any game, in the light theme and the dark; the focus kept across a redraw; a live region that says whose
turn it is; lists that hold still under a finger; "Tap again" that does what it says; sizes a finger and an eye
can use, at 200% zoom too; a 404 page of the panel's own."""

import random
import re

import pytest
from playwright.sync_api import expect

from browser.axe import barriers
from browser.chromium import PHONE, put_away
from browser.test_phone_pages import _on_to_the_end, _phone, _played, pair

GAMES = ("palazzo", "la_venise_du_nord", "master_of_venice", "merchant_venturers", "patrons_of_venice")
HOST_PAGES = ("/", "/new", "/scores", "/history", "/cards", "/seat", "/settings")
PLAYER_PAGES = ("/", "/seat", "/scores", "/history")
NAMES = ("Ada", "Bea", "Cy")


def _start(runtime, game):
    setup = {"players": [{"name": n} for n in NAMES], "first": 0}
    outcome = runtime.submit({"type": "new_game", "game": game, "setup": setup})
    assert outcome.accepted, outcome.reason


def _drawn(page, path):
    """`path` on the box `page` is paired with, opened and drawn from what it fetched."""
    page.goto(re.sub(r"^(https?://[^/]+).*$", r"\1", page.url) + path)
    expect(page.get_by_text("Connecting…")).to_have_count(0)


def _checked(found, page, paths, where):
    """axe-core's critical and serious findings on each of `paths`, added to `found`, each saying where."""
    for path in paths:
        _drawn(page, path)
        found += [f"{where}: {b}" for b in barriers(page)]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_of_a_game_has_a_serious_barrier_in_either_theme(browser, page, served, game):
    """The host's every page and a player's, at the start (light and dark), mid-game with a picker open, and at
    the end with its result: axe-core finds nothing critical or serious."""
    runtime, app, base = served
    _start(runtime, game)
    pair(page, served)
    context, ada, errors = _phone(browser, served, 0, "Ada")
    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        ada.emulate_media(color_scheme=scheme)
        _checked(found, page, HOST_PAGES, f"host, {scheme}")
        _checked(found, ada, PLAYER_PAGES, f"Ada, {scheme}")
    _played(runtime, random.Random(55), 12)
    for phone, who in ((page, "host"), (ada, "Ada")):
        _drawn(phone, "/seat" if phone is ada else "/")
        with_fields = phone.locator("#options button.option:visible", has_text="…")
        if with_fields.count():
            with_fields.first.click()
            expect(phone.locator(".picker")).to_be_visible()  # its picker open
        found += [f"{who}, mid-game: {b}" for b in barriers(phone)]
    for phone in (page, ada):  # no page open while the rest is played at random: each is opened again at the end
        phone.goto(f"{base}/api/health")  # a page of the box with no script (_drawn reads the box from its address)
    _on_to_the_end(runtime, random.Random(5))
    _checked(found, page, ("/", "/history"), "host, at the end")
    page.locator("#games button").first.click()  # the game just played, its story
    expect(page.locator("#game")).to_be_visible()
    found += [f"host, a past game: {b}" for b in barriers(page)]
    _checked(found, ada, ("/seat",), "Ada, at the end")
    assert found == []
    assert errors == [], errors
    put_away(context)


def test_the_pages_with_no_game_the_pairing_page_a_notice_and_a_missing_page_have_no_serious_barrier(browser, page, served):
    runtime, app, base = served
    page.goto(f"{base}/pair")
    found = [f"pair: {b}" for b in barriers(page)]
    pair(page, served)
    app.config["SETTINGS_PROBLEM"] = "the saved settings could not be read: web.port: not a number"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        _checked(found, page, HOST_PAGES, f"no game, {scheme}")
        expect(page.locator(".notice")).to_contain_text("could not be read")
        page.goto(f"{base}/no-such-page")
        found += [f"404, {scheme}: {b}" for b in barriers(page)]
    assert found == []


def test_a_missing_page_is_the_panels_own_with_the_way_back(page, served):
    runtime, app, base = served
    pair(page, served)
    answer = page.goto(f"{base}/scores/old-link")
    assert answer.status == 404
    expect(page.get_by_role("heading", name="No such page")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # a phone's page, not 980 px wide
    page.get_by_role("link", name="Back to the table").click()
    expect(page).to_have_url(f"{base}/")
    expect(page.locator("#status")).to_have_text("No game is open.")


def test_the_claim_list_holds_still_under_a_finger_and_keeps_the_focus(browser, page, served):
    """A phone without a seat: the list of seats is drawn again at every answer (twice a second), but a button
    stays the same button while it says the same, and the one the keyboard is on keeps the focus when another
    phone takes a seat and the list changes."""
    runtime, app, base = served
    _start(runtime, "palazzo")
    pair(page, served)
    page.get_by_role("link", name="My seat").click()
    bea = page.get_by_role("button", name="I am Bea")
    expect(bea).to_be_visible()
    bea.evaluate("b => { window.heldButton = b; }")
    page.wait_for_timeout(2500)  # several answers: the list drawn again
    assert page.evaluate("window.heldButton.isConnected && window.heldButton === [...document.querySelectorAll('#seats button')][1]")
    bea.focus()
    context, ada, errors = _phone(browser, served, 0, "Ada")  # another phone takes Ada's seat: the list changes
    expect(page.locator("#seats button").first).to_contain_text("on the phone")
    assert page.evaluate("document.activeElement === window.heldButton")
    page.keyboard.press("Enter")  # the key goes where the focus is: Bea's seat is this phone's
    expect(page.locator("#who")).to_contain_text("Bea")
    expect(page.locator("#leave")).to_be_visible()
    assert errors == [], errors
    put_away(context)


def test_the_focus_stays_on_the_control_used_and_the_live_region_says_whose_turn_it_is(browser, page, served):
    """Ada's phone with the keyboard: the option the focus is on keeps it while the page is drawn again at every
    answer; Enter does it, and the focus goes to the control now in its place, never to the page's body. A polite
    live region says "Ada: your turn." with what she must do, then who acts when the turn has passed, on her
    phone and on the host's Table page."""
    runtime, app, base = served
    _start(runtime, "palazzo")
    assert runtime.submit({"type": "advance"}).accepted  # the yard and the bank set out: Ada's turn
    pair(page, served)
    context, ada, errors = _phone(browser, served, 0, "Ada")
    said = ada.locator("#said")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text(re.compile(r"^Ada: your turn\. \d+ choices below\.$"))
    take = ada.get_by_role("button", name=re.compile("^Take the ")).first
    take.focus()
    ada.wait_for_timeout(2500)  # the page drawn again by its answers: the focus is where it was
    assert ada.evaluate("document.activeElement.dataset.label || ''").startswith("Take the ")
    ada.keyboard.press("Enter")
    expect(said).to_have_text(re.compile(r"^Ada\. Bea acts\.$|^Ada\. .*: the table acts\.$"))
    assert ada.evaluate("document.activeElement !== document.body")  # the button went: the focus on the next one
    expect(page.locator("#said")).to_contain_text("acts")  # the host's Table page says it too
    assert errors == [], errors
    put_away(context)


def test_a_chip_says_it_is_picked_and_keeps_the_focus_when_the_picker_is_drawn_again(browser, page, served):
    """Enter on an entry opens it and on an option opens its picker, the focus staying on what was pressed each
    time; a place on the grid picked with the keyboard says it is picked (aria-pressed) and keeps the focus."""
    runtime, app, base = served
    assert runtime.submit({"type": "new_game", "game": "palazzo", "setup": {
        "players": [{"name": n} for n in NAMES], "first": 0, "deck_modes": {"coins": "mirror"}}}).accepted
    assert runtime.submit({"type": "advance"}).accepted
    assert runtime.submit({"type": "hand", "seat": 0, "coins": [5, 5]}).accepted  # Ada can buy
    pair(page, served)
    context, ada, errors = _phone(browser, served, 0, "Ada")
    entry = ada.get_by_role("button", name=re.compile(r"^Buy a tile \(\d+\)$"))
    entry.focus()
    ada.keyboard.press("Enter")  # the tiles to buy open under it, the focus still on it
    expect(entry).to_have_attribute("aria-expanded", "true")
    assert ada.evaluate("document.activeElement.textContent").startswith("Buy a tile")
    ada.get_by_role("button", name=re.compile("^Buy .* …$")).first.focus()
    ada.keyboard.press("Enter")  # its picker opens under it
    expect(ada.locator(".picker")).to_be_visible()
    assert ada.evaluate("document.activeElement.dataset.label || ''").startswith("Buy ")
    cell = ada.locator(".picker button.cell.pick").first
    expect(cell).to_have_attribute("aria-pressed", "false")
    cell.focus()
    ada.keyboard.press("Enter")
    expect(cell).to_have_attribute("aria-pressed", "true")
    assert ada.evaluate("document.activeElement.classList.contains('cell')")
    assert errors == [], errors
    put_away(context)


def test_tap_again_on_an_armed_option_with_a_picker_sends_what_the_picker_holds(browser, page, served):
    """The host acts for Ada, whose phone holds her seat: "Take the coin just turned up", its coin, Do it arms it
    ("Tap again: ...", pressed); tapping that button again takes the coin, as it says."""
    runtime, app, base = served
    assert runtime.submit({"type": "new_game", "game": "palazzo", "setup": {
        "players": [{"name": n} for n in NAMES], "first": 0, "deck_modes": {"coins": "mirror"}}}).accepted
    assert runtime.submit({"type": "advance"}).accepted
    assert runtime.submit({"type": "hand", "seat": 0, "coins": [5, 5]}).accepted
    pair(page, served)
    context, ada, errors = _phone(browser, served, 0, "Ada")
    held = page.locator("#heldseats")
    held.locator("summary").click()
    held.get_by_role("button", name="Take the coin just turned up …").click()
    held.locator(".picker .chip").first.click()
    held.locator(".picker").get_by_role("button", name="Do it").click()
    again = held.get_by_role("button", name="Tap again: Take the coin just turned up")
    expect(again).to_have_attribute("aria-pressed", "true")
    expect(held.locator(".picker")).to_be_visible()  # what was picked is still there
    again.click()
    expect(page.locator("#log")).to_contain_text(", acting for Ada")
    expect(ada.locator("#who")).not_to_contain_text("your turn")
    assert errors == [], errors
    put_away(context)


SIZES = """() => {
  const shown = e => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden";
  const small = [...document.querySelectorAll("main button, main summary, nav a, main a.button, main a[download], main select, main input:not([type=checkbox])")]
    .filter(shown).filter(e => e.getBoundingClientRect().height < 44).map(e => `${e.tagName} "${e.textContent.trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().height)} px tall`);
  const tiny = [...document.querySelectorAll("main *, nav *")].filter(shown)
    .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(e => parseFloat(getComputedStyle(e).fontSize) < 16).map(e => `${e.tagName} "${e.textContent.trim().slice(0, 30)}" ${getComputedStyle(e).fontSize}`);
  return [...small, ...tiny];
}"""


def test_every_target_is_44_px_and_every_text_16_px_and_at_200_percent_the_nav_scrolls_away(browser, served):
    """A host's phone in a game: on every page each button, link and field is at least 44 px tall and the text
    at least 16 px. At 200% zoom (a 390 x 844 phone shows 195 x 422 CSS pixels) no page scrolls sideways and the
    nav leaves with the page rather than cover it; with the keyboard open, the same."""
    runtime, app, base = served
    _start(runtime, "la_venise_du_nord")
    found = []
    for (width, height), name in (((390, 844), "Ada"), ((195, 422), "Bea")):
        context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height}})
        phone = context.new_page()
        pair(phone, served)
        phone.get_by_role("link", name="My seat").click()
        phone.get_by_role("button", name=f"I am {name}").click()
        for path in HOST_PAGES:
            _drawn(phone, path)
            if width == 390:
                found += [f"{path}: {s}" for s in phone.evaluate(SIZES)]
                continue
            assert phone.evaluate("document.documentElement.scrollWidth") <= width, path
            phone.mouse.wheel(0, 600)
            phone.wait_for_timeout(200)
            nav = phone.locator("nav").bounding_box()
            scrolled = phone.evaluate("window.scrollY")
            if scrolled >= 200:  # a page long enough to scroll: the nav went up with it
                assert nav["y"] + nav["height"] <= 0, (path, nav)
        put_away(context)
    assert found == []
