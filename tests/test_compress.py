"""Smaller answers (issue 55): gzipped where the browser takes it, and the panel's script and style kept by
the browser under their versioned address."""

import gzip
import json
import posixpath
import re

from phone import request, two_phones

TWO = {"players": [{"name": "Ada"}, {"name": "Bea"}]}


def test_answers_are_gzipped_for_a_browser_that_takes_it(make_runtime):
    runtime = make_runtime()
    with two_phones(runtime) as (phone, _):
        phone.input({"type": "new_game", "game": "free_play", "setup": TWO})
        status, payload, headers = phone.raw("GET", "/api/state", headers={"Accept-Encoding": "gzip, deflate, br"})
        assert (status, headers["Content-Encoding"], headers["Vary"]) == (200, "gzip", "Accept-Encoding")
        assert json.loads(gzip.decompress(payload)) == runtime.view()
        assert len(payload) < len(json.dumps(runtime.view())) / 3
        status, payload, headers = phone.raw("GET", "/api/state")  # a client that does not say it takes gzip
        assert "Content-Encoding" not in headers and json.loads(payload) == runtime.view()


def test_the_pages_script_and_style_are_kept_under_their_versioned_address(make_runtime):
    with two_phones(make_runtime()) as (phone, _):
        _, page, _ = phone.raw("GET", "/seat")
        html = page.decode()
        addresses = re.findall(r'(?:src|href)="(/static/[^"?]+\?v=[0-9a-f]{12})"', html)
        assert "/static/panel.css" in addresses[0]
        assert re.search(r'<script type="module" src="/static/js/pages/seat\.js', html)
        preloaded = re.findall(r'<link rel="modulepreload" href="(/static/[^"]+)"', html)
        imported, seen = set(), set()
        for address in addresses:
            status, body, headers = request(phone.port, "GET", address, headers={"Accept-Encoding": "gzip"})
            body = gzip.decompress(body) if headers["Content-Encoding"] == "gzip" else body
            assert status == 200 and (headers["Content-Encoding"] == "gzip" or len(body) < 512)  # a small one: as it is
            assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
            seen.add(address.split("?")[0])
            # A module's imports are asked for under their versions too: the page's whole script is kept.
            for spec in re.findall(r'from "(\.{1,2}/[^"]+)";', body.decode()):
                assert re.fullmatch(r"[./a-z_]+\.js\?v=[0-9a-f]{12}", spec)
                imported.add(posixpath.normpath(posixpath.join(posixpath.dirname(address.split("?")[0]), spec)))
            # A page from before the file changed: the file is asked again next time.
            status, _, headers = request(phone.port, "GET", address.split("?")[0] + "?v=0123456789ab")
            assert status == 200 and "immutable" not in headers.get("Cache-Control", "")
        assert {a.split("?")[0] for a in imported} <= seen and len(preloaded) >= 8
        assert imported <= set(preloaded)  # each module the page imports: preloaded, at the version asked for