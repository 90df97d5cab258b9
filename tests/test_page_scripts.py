"""The phone pages' scripts: static ES modules only (web_panel/static/js), run under a policy that allows no
script in a page; their pure parts' unit tests (tests/js) pass under node's own test runner."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from phone import Phone, two_phones

from web_panel.pages import PAGES

NODE = shutil.which("node")
JS_TESTS = Path(__file__).parent / "js"


def test_no_page_holds_a_script_and_the_policy_allows_none(make_runtime):
    with two_phones(make_runtime()) as (host, _):
        for path in [*PAGES, "/no-such-page"]:
            status, page, headers = host.raw("GET", path)
            assert status in (200, 404), path
            policy = dict(part.strip().split(" ", 1) for part in headers["Content-Security-Policy"].split(";"))
            assert policy["script-src"] == "'self'", path  # no 'unsafe-inline': a script put in a page does not run
            html = page.decode()
            # Every script is a file's; the one block in a page is the table's first state, data a browser never runs.
            assert not re.search(r'<script(?![^>]*\bsrc=)(?! type="application/json" id="first-state">)', html), path
            assert not re.search(r"<[^>]+\son[a-z]+=", html), path  # no handler in an attribute
            scripts = re.findall(r'<script type="module" src="/static/js/pages/(\w+)\.js\?v=', html)
            assert scripts == ([] if path == "/no-such-page" else [PAGES[path][1].removesuffix(".html")]), path


def test_the_first_state_in_a_page_is_data_nothing_in_it_can_close(make_runtime):
    """The Table page and My seat carry the table's first state, as /api/changes answers it: a name written to
    close the block and run a script stays inside it, escaped, and reads back whole."""
    import json

    runtime = make_runtime()
    evil = "</script><b>&<!--"  # a name has 24 characters at most
    assert runtime.submit({"type": "new_game", "game": "free_play",
                           "setup": {"players": [{"name": evil}, {"name": "Bea"}]}}).accepted
    with two_phones(runtime) as (host, player):
        assert player.call("POST", "/api/seat", {"seat": 0})[0] == 200
        for phone, path in ((host, "/"), (player, "/seat")):
            _, page, _ = phone.raw("GET", path)
            blocks = re.findall(r'<script type="application/json" id="first-state">(.*?)</script>', page.decode(), re.S)
            assert len(blocks) == 1 and not re.search("[<>&]", blocks[0]), path
            first = json.loads(blocks[0])
            assert first["state"]["players"][0]["name"] == evil and first["at"].endswith(f".{runtime.view()['version']}")
            assert (first.get("seat") or {}).get("seat") == (0 if path == "/seat" else None), path
        stranger = Phone(host.port)  # not paired: sent to pair, and shown nothing of the table
        for path in ("/", "/seat"):
            status, page, _ = stranger.raw("GET", path)
            assert status in (302, 303) and b"first-state" not in page, (path, status)


@pytest.mark.skipif(NODE is None, reason="node is not on this machine (make test installs it)")
def test_the_scripts_pure_parts_pass_their_unit_tests():
    done = subprocess.run([NODE, "--test", str(JS_TESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"^# pass [1-9]\d*$", done.stdout, re.M) and re.search(r"^# fail 0$", done.stdout, re.M)
