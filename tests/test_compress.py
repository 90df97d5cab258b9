"""Smaller answers (issue 55): gzipped where the browser takes it, and the panel's script and style kept by
the browser under their versioned address."""

import gzip
import json
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
        addresses = re.findall(r'(?:src|href)="(/static/panel\.(?:js|css)\?v=[0-9a-f]+)"', page.decode())
        assert len(addresses) == 2
        for address in addresses:
            status, _, headers = request(phone.port, "GET", address, headers={"Accept-Encoding": "gzip"})
            assert (status, headers["Content-Encoding"]) == (200, "gzip")
            assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
            # A page from before the file changed: the file is asked again next time.
            status, _, headers = request(phone.port, "GET", address.split("?")[0] + "?v=0123456789ab")
            assert status == 200 and "immutable" not in headers.get("Cache-Control", "")
