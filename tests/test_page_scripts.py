"""The phone pages' scripts: static ES modules only (web_panel/static/js), run under a policy that allows no
script in a page; their pure parts' unit tests (tests/js) pass under node's own test runner."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from phone import two_phones

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
            assert not re.search(r"<script(?![^>]*\bsrc=)", html), path  # every script is a file's
            assert not re.search(r"<[^>]+\son[a-z]+=", html), path  # no handler in an attribute
            scripts = re.findall(r'<script type="module" src="/static/js/pages/(\w+)\.js\?v=', html)
            assert scripts == ([] if path == "/no-such-page" else [PAGES[path][1].removesuffix(".html")]), path


@pytest.mark.skipif(NODE is None, reason="node is not on this machine (make test installs it)")
def test_the_scripts_pure_parts_pass_their_unit_tests():
    done = subprocess.run([NODE, "--test", str(JS_TESTS)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"^# pass [1-9]\d*$", done.stdout, re.M) and re.search(r"^# fail 0$", done.stdout, re.M)
