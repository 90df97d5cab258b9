"""The simulated table in the web panel: the emulated OLED's frame and clickable buttons."""

import io
import json
import threading

import pytest
from PIL import Image
from waitress import create_server

from companion import settings as settings_mod
from companion.app import _start_table
from web_panel.app import create_app

from test_web_table import request, token


@pytest.fixture
def sim_served(make_runtime):
    runtime = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    settings = settings_mod.load(None)
    settings["buttons"]["debounce_ms"] = 0  # HTTP round trips are quicker than fingers
    table, buttons, sim = _start_table(settings, runtime, simulated=True)
    assert table.wait_idle()
    server = create_server(create_app(settings, runtime, sim=sim), host="127.0.0.1", port=0, threads=2)

    def serve():
        try:
            server.run()
        except OSError:
            pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield runtime, table, server.effective_port
    server.close()
    thread.join(5)
    buttons.close()
    table.stop()


def frame(port, etag=None):
    status, body = request(port, "GET", "/api/sim/frame.png", headers={"If-None-Match": etag} if etag else {})
    return status, body


def test_the_page_carries_the_simulated_table(sim_served):
    _, _, port = sim_served
    status, html = request(port, "GET", "/")
    assert status == 200 and b'id="sim"' in html and b'data-role="next"' in html


def test_the_frame_is_what_the_panel_shows(sim_served):
    _, table, port = sim_served
    status, body = frame(port)
    assert status == 200
    image = Image.open(io.BytesIO(body))
    assert image.size == (128, 64)
    lit = image.point(lambda v: 255 if v else 0).convert("1")
    assert lit.tobytes() == table.last_frame.tobytes()


def test_an_unchanged_frame_is_not_sent_again(sim_served):
    import http.client

    _, _, port = sim_served
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/api/sim/frame.png")
    response = conn.getresponse()
    response.read()
    etag = response.getheader("ETag")
    conn.close()
    assert etag
    status, body = frame(port, etag)
    assert status == 304 and body == b""


def test_clicking_next_moves_the_turn_and_redraws(sim_served):
    runtime, table, port = sim_served
    before = frame(port)[1]
    t = token(port)
    for down in (True, False):
        status, _ = request(port, "POST", "/api/sim/button", {"role": "next", "down": down}, {"X-CSRF-Token": t})
        assert status == 200
    assert table.wait_idle()
    assert runtime.view()["actor"] == 1
    assert frame(port)[1] != before


def test_the_buttons_refuse_forged_and_malformed_requests(sim_served):
    runtime, _, port = sim_served
    status, body = request(port, "POST", "/api/sim/button", {"role": "next", "down": True})
    assert status == 403 and "CSRF" in json.loads(body)["error"]
    t = token(port)
    for bad in ({"role": "self-destruct", "down": True}, {"role": "next"}, {"role": "next", "down": "yes"}, [1]):
        status, body = request(port, "POST", "/api/sim/button", bad, {"X-CSRF-Token": t})
        assert status == 400 and "role" in json.loads(body)["error"]
    assert runtime.view()["actor"] == 0


def test_without_simulated_parts_there_is_no_sim_api(make_runtime):
    app = create_app(settings_mod.load(None), make_runtime())
    client = app.test_client()
    assert client.get("/api/sim/frame.png").status_code == 404
    assert b'id="sim"' not in client.get("/").data
