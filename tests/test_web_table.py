"""The table page and its API, served by a real waitress server on loopback, used by a paired phone."""

import json
import re

import pytest

from companion import settings as settings_mod
from web_panel.app import Box, create_app

from phone import Phone, paired_phone, request, serving
from slow_sockets import timed_request

TWO = {"players": [{"name": "Ada"}, {"name": "Bea"}]}


@pytest.fixture
def served(make_runtime):
    runtime = make_runtime()
    app = create_app(Box(settings_mod.load(None), runtime))
    with serving(app) as port:
        yield runtime, port, app


@pytest.fixture
def phone(served):
    runtime, port, app = served
    return paired_phone(app, port)


def test_a_paired_phone_starts_a_game_and_moves_it_on(served, phone):
    runtime, port, app = served
    assert phone.get("/api/state") == (200, runtime.view())
    status, body = phone.post("/api/input", {"type": "new_game", "game": "free_play", "setup": TWO})
    assert status == 200, body
    status, body = phone.post("/api/input", {"type": "advance"})
    assert status == 200 and body["log"] == ["Ada is done with the turn.", "Bea's turn."]
    view = phone.get("/api/state")[1]
    assert view["actor"] == 1 and view["players"][1]["name"] == "Bea" and view["seq"] == 1
    assert view["decks"]["cards"]["draw"] == 52


def test_the_state_answers_304_to_its_own_etag(served, phone):
    status, _, headers = phone.raw("GET", "/api/state")
    assert status == 200
    again = phone.raw("GET", "/api/state", headers={"If-None-Match": headers["ETag"]})
    assert again[0] == 304 and again[1] == b""
    phone.post("/api/input", {"type": "new_game", "game": "free_play", "setup": TWO})
    assert phone.raw("GET", "/api/state", headers={"If-None-Match": headers["ETag"]})[0] == 200


def test_a_refused_action_is_a_409_with_the_reason(served, phone):
    phone.post("/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}]}})
    status, body = phone.post("/api/input", {"type": "counter", "name": "gold", "seat": 0, "delta": 1})
    assert status == 409 and body["error"].startswith("that is not one of the choices now (Roll 1d6; Roll 2d6;")
    phone.post("/api/input", {"type": "roll", "spec": "1d6"})
    status, body = phone.post("/api/input", {"type": "undo"})
    assert status == 409 and body["needs_confirm"] is True


@pytest.mark.parametrize("body, headers, csrf, status, message", [
    ({"type": "advance"}, {}, False, 403, "CSRF"),
    ({"type": "advance"}, {"X-CSRF-Token": "forged"}, False, 403, "CSRF"),
    (b"not json", {}, True, 400, "JSON body"),
    ([1, 2], {}, True, 400, "body must be object"),
    ({"kind": "advance"}, {}, True, 400, "body must contain ['type']"),
    ({"type": "advance"}, {"Host": "evil.example:8080"}, True, 400, "host name"),
    (b"{" + b" " * 70000 + b"}", {}, True, 413, "larger than"),
])
def test_forged_or_bad_requests_are_refused_and_change_nothing(served, phone, body, headers, csrf, status, message):
    runtime, port, app = served
    phone.post("/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}]}})
    before = runtime.view()
    got, payload = phone.call("POST", "/api/input", body, headers, csrf=csrf)
    assert got == status and message in payload["error"], payload
    assert runtime.view() == before


def test_an_unpaired_device_can_pair_and_read_the_api_description_only(served):
    runtime, port, app = served
    stranger = Phone(port)
    assert stranger.get("/api/state")[0] == 401
    assert stranger.post("/api/input", {"type": "new_game", "game": "free_play", "setup": TWO})[0] == 401
    assert stranger.raw("GET", "/")[0] == 302
    status, spec = stranger.get("/api/openapi.json")
    assert status == 200 and "/api/pair" in spec["paths"] and spec["paths"]["/api/pair"]["post"]["security"] == []
    assert runtime.view()["game"] is None


def test_every_operation_but_pairing_refuses_a_stranger(served):
    runtime, port, app = served
    stranger = Phone(port)
    spec = stranger.get("/api/openapi.json")[1]
    for path, operations in spec["paths"].items():
        concrete = path.replace("{game_id}", "1").replace("{session_id}", "x").replace("{game}", "palazzo")
        for method, op in operations.items():
            status, payload = stranger.call(method.upper(), concrete, {})
            if op.get("security") == []:
                continue
            assert status == 401, (method, path, status, payload)


def test_wrong_codes_are_limited_even_before_the_right_one(served):
    runtime, port, app = served
    right = app.extensions["pairing"].code
    wrong = "000000" if right != "000000" else "111111"
    answers = [request(port, "POST", "/api/pair", {"code": wrong})[0] for _ in range(6)]
    assert answers == [403] * 5 + [429]
    status, body, headers = request(port, "POST", "/api/pair", {"code": right})
    assert status == 429 and int(headers["Retry-After"]) > 0  # no more guesses from here for a while


def test_after_a_storm_of_wrong_codes_from_ten_addresses_a_player_pairs_at_once_and_only_as_a_player(served):
    """The attack: 60 wrong codes from 10 addresses in 0.6 s, then the right player's code got 429 for a minute.
    Now the code the host's phone (Settings) and the box show after the storm pairs the player at once, and as
    a player's phone: the storm never gives a host."""
    runtime, port, app = served
    host = paired_phone(app, port)
    for storm in range(2):  # a storm, a player pairs; the strangers storm again, another player pairs
        answers = [timed_request(port, "/api/pair", source=f"127.0.0.{2 + k % 10}", body={"code": "000000"})[0]
                   for k in range(60)]
        assert answers.count(403) + answers.count(429) == 60 and answers.count(403) <= 50
        status, shown = host.get("/api/pairing")
        assert status == 200 and len(shown["code"]) == 8 and shown["code"] == app.extensions["pairing"].code
        player = Phone(port).pair(shown["code"], f"player {storm}")
        assert not player.host and player.get("/api/session")[1]["session"]["host"] is False


def test_pairing_sets_a_strict_cookie_and_retires_the_code(served):
    runtime, port, app = served
    right = app.extensions["pairing"].code
    assert request(port, "POST", "/api/pair", {"code": right}, {"Origin": "http://evil.example"})[0] == 403
    status, body, headers = request(port, "POST", "/api/pair", {"code": right}, {"Origin": f"http://127.0.0.1:{port}"})
    cookie = headers["Set-Cookie"]
    assert status == 200 and "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    status, body, _ = request(port, "POST", "/api/pair", {"code": right})  # one code, one phone: the second is told so
    assert status == 403 and json.loads(body)["error"].startswith("that code has just paired another phone")
    wrong = f"{(int(app.extensions['pairing'].code) + 1) % 10 ** 6:06d}"
    status, body, _ = request(port, "POST", "/api/pair", {"code": wrong})
    assert status == 403 and json.loads(body)["error"] == "wrong code: enter the digits the table shows now"


def test_a_revoked_phone_is_a_stranger_again(served, phone):
    runtime, port, app = served
    other = paired_phone(app, port)
    sessions = phone.get("/api/sessions")[1]["sessions"]
    assert len(sessions) == 2
    victim = next(s for s in sessions if not s["this"])
    assert phone.post(f"/api/sessions/{victim['id']}/revoke")[0] == 200
    assert other.get("/api/state")[0] == 401
    assert phone.get("/api/state")[0] == 200


@pytest.mark.parametrize("body, message", [
    (b"[" * 10000 + b"]" * 10000, "nests deeper than"),
    (b'{"code": ' + b"[" * 40 + b"]" * 40 + b"}", "nests deeper than"),
])
def test_bodies_nested_to_break_the_parser_get_a_400_even_before_pairing(served, body, message):
    runtime, port, app = served
    status, payload, _ = request(port, "POST", "/api/pair", body)
    assert status == 400 and message in json.loads(payload)["error"]


def test_a_paired_phone_gets_a_400_for_deep_nesting_and_floats_where_counts_go(served, phone):
    status, body = phone.post("/api/input", b'{"type": "advance", "x": ' + b"[" * 5000 + b"]" * 5000 + b"}")
    assert status == 400 and "nests deeper" in body["error"]
    status, body = phone.call("PUT", "/api/settings", {"display": {"contrast": 100.0}})
    assert status == 400 and body["error"] == "body.display.contrast must be a whole number (no decimal point)"


def test_pages_carry_headers_that_keep_them_to_themselves(served, phone):
    status, _, headers = phone.raw("GET", "/")
    assert status == 200
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Frame-Options"] == "DENY"


def test_a_game_number_too_large_for_the_journal_is_not_found_not_a_server_error(served, phone):
    """Found by schemathesis (make bench): a path id past SQLite's INTEGER raised OverflowError, a 500."""
    for path in ("/api/history/1911304723202480602662043648", "/api/history/21359079071053938457418555017134080/export",
                 f"/api/history/{2**63}"):
        assert phone.get(path)[0] == 404, path
    assert phone.get(f"/api/history/{2**63 - 1}")[0] == 404  # the largest id it takes: no such game
    spec = phone.get("/api/openapi.json")[1]
    assert spec["paths"]["/api/history/{game_id}"]["get"]["parameters"][0]["schema"] == {
        "type": "integer", "minimum": 0, "maximum": 2**63 - 1}


def test_the_new_game_page_names_each_games_pieces_and_its_own_example(served, phone):
    """A deck of coins or tiles is not 'real cards'; a deck the table enters shows its own game's cards as the
    example (not another game's: 'Wool 3 x8' was offered for La Venise du Nord's Orders)."""
    games = {g["id"]: g for g in phone.get("/api/games")[1]["games"]}
    assert [(d["name"], d["pieces"]) for d in games["palazzo"]["decks"]] == [("tiles", "tiles"), ("coins", "coins")]
    assert {d["name"]: d["examples"] for d in games["la_venise_du_nord"]["decks"]}["orders"] == ["Lace +1 x2", "Clothing +2"]
    assert games["patrons_of_venice"]["decks"][0]["examples"] == ["Wool 3 x8", "Pirates! x4"]
    page = phone.raw("GET", "/new")[1].decode()
    script = re.search(r'<script type="module" src="(/static/js/pages/new\.js\?v=\w+)"', page)[1]
    page += phone.raw("GET", script)[1].decode()  # the page's own script, which draws the decks
    assert "Real ${d.pieces}" in page and "Wool 3" not in page


def test_the_board_picture_is_served_for_the_open_game_and_for_a_past_one(served, phone):
    assert phone.raw("GET", "/api/board.svg")[0] == 404  # no game open
    assert phone.post("/api/input", {"type": "new_game", "game": "la_venise_du_nord", "setup": TWO | {"first": 0}})[0] == 200
    assert phone.get("/api/state")[1]["picture"] == "The city"
    status, body, headers = phone.raw("GET", "/api/board.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
    assert headers["Content-Security-Policy"].startswith("default-src 'none'")  # opened on its own it runs nothing
    assert b"<title>The city</title>" in body and body.count(b'class="tile"') == 9
    assert phone.raw("GET", "/api/history/1/board.svg")[1] == body  # the game as it was left

    assert phone.post("/api/input", {"type": "new_game", "game": "free_play", "setup": TWO, "confirm": True})[0] == 200
    assert phone.get("/api/state")[1]["picture"] is None
    assert phone.raw("GET", "/api/board.svg")[0] == 404
    assert phone.raw("GET", "/api/history/2/board.svg")[0] == 404
    assert phone.raw("GET", "/api/history/9/board.svg")[0] == 404


def test_an_address_the_panel_lacks_is_its_own_page_for_a_phone_and_json_for_a_client(served, phone):
    """A phone that follows an old link gets a page of the panel's (sized for a phone, with the way back to the
    table), not the server's bare one; a client asking the API still gets JSON it can read."""
    status, body, headers = phone.raw("GET", "/an/old/link")
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    page = body.decode()
    assert 'name="viewport"' in page and "No such page" in page and 'href="/"' in page
    assert "/an/old/link" in page
    status, body, _ = phone.raw("GET", "/%3Cscript%3Ex")  # the address is shown as text, never as markup
    assert status == 404 and "/&lt;script&gt;x" in body.decode() and "<script>x" not in body.decode()
    status, answer = phone.get("/api/no-such-thing")
    assert status == 404 and "no such API address" in answer["error"]


def test_a_phone_whose_input_is_slow_holds_back_no_other_phone(served, phone, monkeypatch):
    """A lock the panel held across every phone's input, for as long as the table took to answer it: another
    phone's input waited for the slow one, each one taking one of the server's threads meanwhile. Now only the
    same phone's next input waits for it (its double tap is still refused), and the others are answered."""
    import threading

    runtime, port, app = served
    phone.input({"type": "new_game", "game": "free_play", "setup": TWO})
    ada = paired_phone(app, port)
    assert ada.post("/api/seat", {"seat": 0}) == (200, {"seat": 0})
    inside, release = threading.Event(), threading.Event()
    submit = runtime.submit

    def slow_for_ada(action, *args, source, **kwargs):
        if source.phone == ada.id:  # Ada's input is held inside the runtime until released
            inside.set()
            release.wait(20)
        return submit(action, *args, source=source, **kwargs)

    monkeypatch.setattr(runtime, "submit", slow_for_ada)
    seen = {"X-Seen-Version": str(runtime.view()["version"])}
    answers = {}

    def send(name, who, path, action):
        answers[name] = who.call("POST", path, action, seen)

    roll = {"type": "roll", "spec": "1d6"}
    first = threading.Thread(target=send, args=("first", ada, "/api/seat/input", roll))
    first.start()
    again = threading.Thread(target=send, args=("again", ada, "/api/seat/input", roll))  # Ada's double tap
    try:
        assert inside.wait(10)
        again.start()
        host = threading.Thread(target=send, args=("host", phone, "/api/input",
                                                   {"type": "counter", "name": "score", "seat": 1, "delta": 2}))
        host.start()
        host.join(8)
        assert "host" in answers, "another phone's input waited for the slow one"
        assert answers["host"][0] == 200, answers["host"]
        assert phone.get("/api/state")[1]["seq"] == 1  # the table moved on meanwhile
        assert "first" not in answers and "again" not in answers  # Ada's inputs still wait, in order
    finally:
        release.set()
        first.join(10)
        if again.ident is not None:
            again.join(10)
    assert answers["first"][0] == 200 and answers["first"][1]["log"][0].startswith("Ada rolled 1d6: ")
    assert answers["again"] == (409, {"error": "that was done a moment ago (a second tap): look again"})
