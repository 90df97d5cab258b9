"""The table page and its API, served by a real waitress server on loopback."""

import http.client
import json
import re
import threading

import pytest
from waitress import create_server

from companion import settings as settings_mod
from web_panel.app import create_app


@pytest.fixture
def served(make_runtime):
    runtime = make_runtime()
    settings = settings_mod.load(None)
    server = create_server(create_app(settings, runtime), host="127.0.0.1", port=0, threads=2)
    port = server.effective_port
    def serve():
        try:
            server.run()
        except OSError:  # waitress has no shutdown call: close() pulls the socket from under select()
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield runtime, port
    server.close()
    thread.join(5)


def request(port, method, path, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, payload


def token(port):
    status, html = request(port, "GET", "/")
    assert status == 200
    return re.search(rb'const TOKEN = "([^"]+)"', html).group(1).decode()


def test_the_page_shows_the_live_table_after_a_game_starts(served):
    runtime, port = served
    status, body = request(port, "GET", "/api/state")
    assert status == 200 and json.loads(body)["game"] is None
    t = token(port)
    status, body = request(port, "POST", "/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}}, {"X-CSRF-Token": t})
    assert status == 200, body
    status, body = request(port, "POST", "/api/input", {"type": "advance"}, {"X-CSRF-Token": t})
    assert status == 200 and json.loads(body)["log"] == ["Bea's turn."]
    view = json.loads(request(port, "GET", "/api/state")[1])
    assert view["actor"] == 1 and view["players"][1]["name"] == "Bea" and view["seq"] == 1
    assert view["decks"]["cards"]["draw"] == 52


def test_a_refused_action_is_a_409_with_the_reason(served):
    runtime, port = served
    t = token(port)
    request(port, "POST", "/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}]}}, {"X-CSRF-Token": t})
    status, body = request(port, "POST", "/api/input", {"type": "counter", "name": "gold", "seat": 0, "delta": 1}, {"X-CSRF-Token": t})
    assert status == 409 and json.loads(body)["error"] == "which counter? (score)"
    request(port, "POST", "/api/input", {"type": "roll", "spec": "1d6"}, {"X-CSRF-Token": t})
    status, body = request(port, "POST", "/api/input", {"type": "undo"}, {"X-CSRF-Token": t})
    assert status == 409 and json.loads(body)["needs_confirm"] is True


@pytest.mark.parametrize("body, headers, status, message", [
    ({"type": "advance"}, {}, 403, "CSRF"),
    ({"type": "advance"}, {"X-CSRF-Token": "forged"}, 403, "CSRF"),
    (b"not json", "token", 400, "JSON object"),
    ([1, 2], "token", 400, "JSON object"),
    ({"type": "advance"}, {"Host": "evil.example:8080", "token": 1}, 400, "host name"),
    (b"{" + b" " * 20000 + b"}", "token", 413, "larger than"),
])
def test_forged_or_bad_requests_are_refused_and_change_nothing(served, body, headers, status, message):
    runtime, port = served
    t = token(port)
    request(port, "POST", "/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}]}}, {"X-CSRF-Token": t})
    if headers == "token":
        headers = {"X-CSRF-Token": t}
    elif "token" in headers:
        headers = {"Host": headers["Host"], "X-CSRF-Token": t}
    before = runtime.view()
    got, payload = request(port, "POST", "/api/input", body, headers)
    assert got == status and message in json.loads(payload)["error"]
    assert runtime.view() == before
