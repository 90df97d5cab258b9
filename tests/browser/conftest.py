"""The browser tests' fixtures: one chromium for the session, a served box (a real WSGI server over a runtime,
the table's simulated parts) and a phone's page on it that fails its test on any JavaScript error."""

import pytest
from phone import serving
from playwright.sync_api import sync_playwright

from browser.chromium import ARGS, CHROMIUM, PHONE, put_away
from companion import settings as settings_mod
from companion.app import _start_table
from web_panel.app import Box, create_app

BROWSER_TIMEOUT = 300  # seconds: the longest browser test, a whole game through the phones, takes about a minute


def pytest_collection_modifyitems(items):
    """A browser test that hangs fails after BROWSER_TIMEOUT seconds and is run once more, on a timeout only:
    chromium, rarely, never answers the close of a context (two runs in a row hung in one, of hundreds, while the
    box's server sat idle), and the same chromium went on to pass every later test. A test that hangs twice
    fails."""
    for item in items:
        if item.nodeid.startswith("tests/browser/"):
            item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT))
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=["from pytest-timeout"]))  # not a page's own wait


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def served(make_runtime):
    runtime = make_runtime()
    settings = settings_mod.load(None)
    settings["buttons"]["debounce_ms"] = 0
    table, buttons, sim = _start_table(settings, runtime, simulated=True)
    app = create_app(Box(settings, runtime, sim=sim, table=table))
    with serving(app, threads=4) as port:
        yield runtime, app, f"http://127.0.0.1:{port}"
    buttons.close()
    table.stop()


@pytest.fixture
def page(browser, served):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: "Content Security Policy" in m.text and errors.append(m.text))  # a script refused
    yield page
    put_away(context)
    assert errors == [], errors  # no JavaScript error on any page
