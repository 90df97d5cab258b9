"""The simulated table in the web panel: the emulated OLED's frame and clickable buttons."""

import io

import pytest
from PIL import Image

from companion import settings as settings_mod
from companion.app import _start_table
from web_panel.app import Box, create_app

from phone import Phone, paired_phone, serving


@pytest.fixture
def sim_served(make_runtime):
    runtime = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    settings = settings_mod.load(None)
    settings["buttons"]["debounce_ms"] = 0  # HTTP round trips are quicker than fingers
    table, buttons, sim = _start_table(settings, runtime, simulated=True)
    assert table.wait_idle()
    app = create_app(Box(settings, runtime, sim=sim, table=table))
    with serving(app) as port:
        yield runtime, table, paired_phone(app, port)
    buttons.close()
    table.stop()


def frame(phone, etag=None):
    status, body, _ = phone.raw("GET", "/api/sim/frame.png", headers={"If-None-Match": etag} if etag else {})
    return status, body


def test_the_page_carries_the_simulated_table(sim_served):
    _, _, phone = sim_served
    status, html, _ = phone.raw("GET", "/")
    assert status == 200 and b'id="sim"' in html and b'data-role="next"' in html


def test_the_frame_is_what_the_panel_shows(sim_served):
    _, table, phone = sim_served
    status, body = frame(phone)
    assert status == 200
    image = Image.open(io.BytesIO(body))
    assert image.size == (128, 64)
    lit = image.point(lambda v: 255 if v else 0).convert("1")
    assert lit.tobytes() == table.last_frame.tobytes()


def test_an_unchanged_frame_is_not_sent_again(sim_served):
    _, _, phone = sim_served
    status, _, headers = phone.raw("GET", "/api/sim/frame.png")
    etag = headers["ETag"]
    assert status == 200 and etag
    status, body = frame(phone, etag)
    assert status == 304 and body == b""


def test_clicking_next_moves_the_turn_and_redraws(sim_served):
    runtime, table, phone = sim_served
    before = frame(phone)[1]
    for down in (True, False):
        status, _ = phone.post("/api/sim/button", {"role": "next", "down": down})
        assert status == 200
    assert table.wait_idle()
    assert runtime.view()["actor"] == 1
    assert frame(phone)[1] != before


def test_the_buttons_refuse_forged_and_malformed_requests(sim_served):
    runtime, _, phone = sim_served
    status, body = phone.call("POST", "/api/sim/button", {"role": "next", "down": True}, csrf=False)
    assert status == 403 and "CSRF" in body["error"]
    assert Phone(phone.port).post("/api/sim/button", {"role": "next", "down": True})[0] == 401
    for bad, field in (({"role": "self-destruct", "down": True}, "body.role"), ({"role": "next"}, "must contain ['down']"),
                       ({"role": "next", "down": "yes"}, "body.down"), ([1], "body must be object")):
        status, body = phone.post("/api/sim/button", bad)
        assert status == 400 and field in body["error"], body
    assert runtime.view()["actor"] == 0


def test_without_simulated_parts_there_is_no_sim_api(make_runtime):
    app = create_app(Box(settings_mod.load(None), make_runtime()))
    client = app.test_client()
    assert client.post("/api/pair", json={"code": app.extensions["pairing"].code}).status_code == 200
    assert client.get("/api/sim/frame.png").status_code == 404
    assert b'id="sim"' not in client.get("/").data
    assert not any(path.startswith("/api/sim") for path in client.get("/api/openapi.json").json["paths"])
