"""Who may do what at the table (TABLE.md, "Where an input may come from"): the host's phone and the players'.

Through the panel's HTTP API on a real waitress server, with the simulated box and several paired phones: the
host is the phone paired first (or at the box), a seat is its phone's, what only the box's owner may do is
the host's alone, every input says who made it, and the hand-over question cannot be spoofed or jam the box.
"""

import json
import time
from types import SimpleNamespace

import pytest
from conftest import Clock
from phone import Phone, serving

from companion import controls
from companion import settings as settings_mod
from companion.app import _start_table
from companion.screens import AlertScreen, render
from companion.table import Table, Timing
from hardware.buttons import Press
from hardware.factory import simulated_display
from web_panel.app import Box, create_app
from web_panel.security import Pairing

PALAZZO = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 0, "deck_modes": {"coins": "virtual"}}


@pytest.fixture
def box(make_runtime):
    """The simulated box, its panel, and four phones: the host's (paired first), Ada's, Bea's, and one that has
    no seat (named as Bea's to fool the table)."""
    runtime = make_runtime()
    settings = settings_mod.load(None)
    settings["buttons"]["debounce_ms"] = 0
    pairing = Pairing(lambda code: f"http://127.0.0.1/pair?code={code}")
    table, buttons, sim = _start_table(settings, runtime, simulated=True, pairing=pairing)
    app = create_app(Box(settings, runtime, sim=sim, table=table, pairing=pairing))
    with serving(app, threads=4) as port:
        host = Phone(port).pair(pairing.code, "Dan's phone")
        ada, bea, stranger = (Phone(port).pair(pairing.code, name) for name in ("Ada's phone", "Bea's phone", "Bea's phone"))
        yield SimpleNamespace(app=app, runtime=runtime, table=table, pairing=pairing, port=port,
                              host=host, ada=ada, bea=bea, stranger=stranger)
    buttons.close()
    table.stop()


def started(box, setup=PALAZZO, game="palazzo"):
    """A palazzo game with Ada's and Bea's phones in their seats (Cy plays from the box), the yard set out."""
    box.host.input({"type": "new_game", "game": game, "setup": setup})
    assert box.ada.post("/api/seat", {"seat": 0})[0] == 200
    assert box.bea.post("/api/seat", {"seat": 1})[0] == 200
    set_out = option(box.host.get("/api/state")[1]["options"], "Start the game")
    box.host.input(dict(set_out["action"]))
    return box.host.get("/api/state")[1]


def option(options, label_start):
    return next(o for o in options if o["label"].startswith(label_start))


def test_the_first_phone_paired_is_the_host_and_the_others_are_players(box):
    for phone, host in ((box.host, True), (box.ada, False), (box.bea, False), (box.stranger, False)):
        status, body = phone.get("/api/session")
        assert status == 200 and body["session"]["host"] is host and phone.host is host
        assert body["session"]["short"] == body["session"]["id"][:4].upper()


def test_once_a_box_has_had_a_host_the_players_code_never_makes_another(box, monkeypatch, tmp_path):
    """The attack: on a box with no phone paired (everyone unpaired, as the docs advise in a café; every pairing
    ended after 16 h; or a restart after that), the first phone to type the OLED's 6-digit code was the host.
    Now only the box makes a host once there has been one; `companion pair --fresh` at the box makes it new."""
    from companion.cli import main
    from web_panel.security import Sessions

    for phone in (box.ada, box.bea, box.stranger):
        assert phone.post("/api/session/forget")[0] == 200
    assert box.host.post("/api/session/forget?confirm=true")[0] == 200  # everyone has unpaired
    assert not Phone(box.port).pair(box.pairing.code, "a stranger's phone").host
    sessions = box.app.extensions["sessions"]
    monkeypatch.setattr(sessions, "clock", lambda: time.time() + 17 * 3600)  # every pairing has ended (16 h)
    assert sessions.all() and sessions.fresh() is False
    restarted = Sessions(box.runtime, clock=sessions.clock)  # and the companion restarted
    assert restarted.all() == [] and not restarted.create("another stranger's phone")[1].host
    monkeypatch.undo()

    box.pairing.open_window()  # SELECT held at the box still makes a host
    assert Phone(box.port).pair(box.pairing.code, "the owner's phone").host
    for phone in sessions.all():
        sessions.revoke(phone.id)
    assert main(["pair", "--fresh", "--data-dir", str(box.runtime.journal.path.parent)]) == 0  # at the box
    box.pairing._window_until = -1e18  # the window has closed
    assert Phone(box.port).pair(box.pairing.code, "the new owner's phone").host  # a new box's first phone
    assert not Phone(box.port).pair(box.pairing.code, "a player's phone").host


def test_a_phone_paired_at_the_box_or_with_the_owners_code_is_a_host(box):
    box.pairing.open_window()  # SELECT held for 3 s at the box
    windowed = Phone(box.port).pair(box.pairing.code, "Eve's phone")
    owner = Phone(box.port).pair(box.pairing.owner_url.rsplit("=", 1)[1], "the owner's laptop")
    ordinary = Phone(box.port)
    assert windowed.host and owner.host
    box.pairing._window_until = -1e18  # the window has closed
    assert not ordinary.pair(box.pairing.code, "Fay's phone").host
    assert len(box.pairing.owner_url.rsplit("=", 1)[1]) == 12  # a fresh owner's code: each pairs one phone


def test_the_host_makes_another_phone_host_and_takes_it_back_but_no_host_takes_the_box_from_its_owner(box):
    """A phone paired at the box (or the first) gives and takes the host's role; a phone given it may do what a
    host does, but not take the role from one paired at the box, nor unpair it (the playtest: a phone paired
    with a host's code demoted the first host, which could not get it back)."""
    assert box.host.post(f"/api/sessions/{box.ada.id}/host", {"host": True})[0] == 200
    assert box.ada.get("/api/session")[1]["session"]["host"] is True
    assert box.ada.get("/api/settings")[0] == 200  # a host's page now
    status, body = box.ada.post(f"/api/sessions/{box.host.id}/host", {"host": False})
    assert status == 403 and "only a phone paired at the box" in body["error"]
    status, body = box.ada.post(f"/api/sessions/{box.host.id}/revoke")
    assert status == 403 and "only by a phone paired at the box" in body["error"]
    assert box.ada.post(f"/api/sessions/{box.bea.id}/revoke")[0] == 200  # a player's phone, a host may unpair
    assert box.host.post(f"/api/sessions/{box.ada.id}/host", {"host": False})[0] == 200
    assert box.ada.get("/api/settings")[0] == 403
    status, body = box.host.post(f"/api/sessions/{box.host.id}/host", {"host": False})
    assert status == 403 and "stays the host's" in body["error"]
    status, body = box.stranger.post(f"/api/sessions/{box.stranger.id}/host", {"host": True})  # nor crown itself
    assert status == 403 and "only the host's phone" in body["error"]
    assert [s["host"] for s in box.host.get("/api/sessions")[1]["sessions"]] == [True, False, False]
    assert box.ada.get("/api/sessions")[0] == 403  # the list of phones is the host's


# The outside attack's requests, from a player's phone: each refused with 403 before its body is read, and
# nothing changed.
ATTACK = [
    ("GET", "/api/backup", None),
    ("POST", "/api/restore", b"SQLite format 3\x00" + b"\x00" * 100),
    ("GET", "/api/settings", None),
    ("PUT", "/api/settings", {"web": {"host": "127.0.0.1"}}),
    ("GET", "/api/network", None),
    ("POST", "/api/network", {"use": "own"}),
    ("POST", "/api/sessions/{host}/revoke", {}),
    ("POST", "/api/pairing/new-code", {}),
    ("POST", "/api/cards/register", {"game": "palazzo", "deck": "coins"}),
    ("POST", "/api/cards/forget", {"uid": "04A1B2C3"}),
    ("POST", "/api/cards/import", {"cards": []}),
    ("POST", "/api/input", {"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "X"}]}}),
    ("POST", "/api/input", {"type": "undo"}),
    ("POST", "/api/sim/button", {"role": "next", "down": True}),
    ("POST", "/api/sim/reader", {"roll": {"sides": 6, "count": 1}}),
    ("GET", "/api/sim/frame.png", None),
    ("POST", "/api/input", "not even JSON"),  # refused for who sent it, not for what it holds
]


def test_the_last_hosts_phone_is_unpaired_only_when_the_request_confirms_it(box):
    """The playtest: the only host's phone unpaired itself with one tap, and nobody could start a game. Unpairing
    the last host's phone is refused (409, saying how the host gets back in: SELECT held at the box) unless the
    request says confirm=true; with another host paired, it is not the last one."""
    for path in ("/api/session/forget", f"/api/sessions/{box.host.id}/revoke"):
        status, body = box.host.post(path)
        assert status == 409 and body["last_host"] and "holds SELECT for 3 seconds" in body["error"]
        assert "8-digit code" in body["error"] and box.host.get("/api/session")[0] == 200  # still paired
    assert box.host.post("/api/session/forget?confirm=yes")[0] == 400  # only an explicit true
    assert box.ada.post("/api/session/forget")[0] == 200  # a player's phone: no question
    assert box.host.post(f"/api/sessions/{box.bea.id}/host", {"host": True})[0] == 200
    assert box.bea.post("/api/session/forget")[0] == 200  # another host is left: not the last one
    assert box.host.post("/api/session/forget?confirm=true")[0] == 200
    assert box.host.get("/api/session")[0] == 401
    box.pairing.open_window()  # SELECT held for 3 s at the box: a host again
    again = Phone(box.port).pair(box.pairing.code, "Dan's new phone")
    assert again.host
    forget = again.get("/api/openapi.json")[1]["paths"]["/api/session/forget"]["post"]  # a script's author reads it
    assert [p["name"] for p in forget["parameters"]] == ["confirm"] and "last host" in forget["responses"]["409"]["description"]


@pytest.mark.parametrize("method, path, body", ATTACK)
def test_what_only_the_host_may_do_is_refused_to_a_player_and_changes_nothing(box, method, path, body):
    before = started(box)
    code, sessions = box.pairing.player_code, box.host.get("/api/sessions")[1]
    status, payload, _ = box.stranger.raw(method, path.format(host=box.host.id),
                                          body if isinstance(body, (bytes, type(None))) else
                                          body.encode() if isinstance(body, str) else json.dumps(body).encode())
    assert status == 403, payload
    error = json.loads(payload)["error"]
    assert error.startswith("only the host's phone may do this") and "holding SELECT on the box" in error
    after = box.host.get("/api/state")[1]
    assert (after["seq"], after["game_id"], after["log"]) == (before["seq"], before["game_id"], before["log"])
    assert box.pairing.player_code == code and box.host.get("/api/sessions")[1] == sessions
    assert box.host.get("/api/settings")[0] == 200  # the host is still the host


def test_a_players_pages_do_not_show_what_it_cannot_do(box):
    started(box)
    html = box.ada.raw("GET", "/")[1].decode()
    assert 'id="sim"' not in html and 'id="options"' not in html and 'href="/settings"' not in html
    assert 'href="/new"' not in html and 'href="/cards"' not in html and "My seat" in html
    assert f">{box.ada.short}</span>" in html  # this phone's short id, on its own pages
    for page in ("/new", "/settings", "/cards"):
        status, _, headers = box.ada.raw("GET", page)
        assert status == 302 and headers["Location"] == "/"
    host_html = box.host.raw("GET", "/")[1].decode()
    assert 'id="sim"' in host_html and 'id="options"' in host_html and 'href="/settings"' in host_html


def test_a_held_seat_is_acted_for_by_its_own_phone_only(box):
    view = started(box)
    take = option(view["held"][0]["options"], "Take")  # Ada's turn: her seat is her phone's
    assert view["held"][0]["seat"] == 0 and view["held"][0]["short"] == box.ada.short
    assert not [o for o in view["options"] if o["group"] == "Play"]  # not the table's to do
    action = dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()}
    # A phone with no seat watches; another player's phone plays only its own seat.
    status, body = box.stranger.post("/api/input", action)
    assert status == 403
    status, body = box.stranger.post("/api/seat/input", action)
    assert status == 409 and "claim your seat" in body["error"]
    status, body = box.bea.post("/api/seat/input", action)
    assert status == 409
    # The host's table page asks first; then it acts for Ada, and the log says who did.
    status, body = box.host.post("/api/input", action)
    assert status == 409 and body["needs_confirm"] and body["error"] == \
        "Act for Ada? The phone “Ada's phone” holds that seat: confirm to do it"
    assert box.host.get("/api/state")[1]["seq"] == view["seq"]
    done = box.host.post("/api/input", action | {"confirm": True})[1]
    line = box.host.get("/api/state")[1]["log"][-len(done["log"])]  # the input's first line
    assert line == f"{done['log'][0].removesuffix('.')} — Dan's phone ({box.host.short}), acting for Ada", line
    # Bea's turn: her own phone acts with no question, and the log names it.
    take = option(box.bea.get("/api/seat")[1]["options"], "Take")
    done = box.bea.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})[1]
    line = box.host.get("/api/state")[1]["log"][-len(done["log"])]
    assert line == f"{done['log'][0].removesuffix('.')} — Bea's phone ({box.bea.short})", line


def test_the_box_acts_for_seats_no_phone_holds_and_says_who_plays_on_a_phone(box):
    view = started(box)
    # Ada's seat is her phone's: NEXT and ACTION on the box do nothing for her and say where she plays.
    for role in ("action", "next"):
        box.host.post("/api/sim/button", {"role": role, "down": True})
        box.host.post("/api/sim/button", {"role": role, "down": False})
        assert box.table.wait_idle()
    assert box.host.get("/api/state")[1]["seq"] == view["seq"]
    shown = controls.screen_for(box.runtime.view(), controls.Panel())
    assert shown.who == "Ada" and shown.doing == "► on the phone" and shown.hints[2:] == ("", "")
    above_hints = (0, 0, 128, 54)  # the hints' line may say "Too soon" for a press made as the yard was set out
    assert box.table.last_frame.crop(above_hints).tobytes() == render(shown).crop(above_hints).tobytes()
    for role in ("action", "next"):
        reply = controls.press(box.runtime.view(), controls.Panel(), role, False)
        assert reply.action is None and reply.prompt == AlertScreen("On the phone", "Ada plays on the phone “Ada's phone”.")
    # She gives her seat up: the box acts for her (pass-and-play), and the log says the buttons did.
    assert box.ada.post("/api/seat", {"seat": None})[0] == 200
    assert box.table.wait_idle()
    assert [o for o in box.host.get("/api/state")[1]["options"] if o["group"] == "Play"]


def test_the_host_acts_for_its_own_seat_from_the_table_page_without_a_question(box):
    box.host.input({"type": "new_game", "game": "palazzo", "setup": PALAZZO})
    assert box.host.post("/api/seat", {"seat": 0})[0] == 200
    box.host.input(dict(option(box.host.get("/api/state")[1]["options"], "Start the game")["action"]))
    held = box.host.get("/api/state")[1]["held"][0]
    assert held["phone_id"] == box.host.id
    take = option(held["options"], "Take")
    action = dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()}
    done = box.host.post("/api/input", action)[1]
    line = box.host.get("/api/state")[1]["log"][-len(done["log"])]
    assert line == f"{done['log'][0].removesuffix('.')} — Dan's phone ({box.host.short})", line


def test_private_information_reaches_its_own_phone_only(box):
    started(box)
    hand = box.ada.get("/api/seat")[1]["private"]["hand"]
    assert hand, "Ada holds coins"
    for phone in (box.host, box.stranger):  # phones with no seat see no hand
        seat = phone.get("/api/seat")[1]
        assert seat["seat"] is None and seat["private"] == {} and seat["options"] == []
    assert box.bea.get("/api/seat")[1]["seat"] == 1  # Bea's phone sees Bea's seat, never Ada's
    sheet = box.stranger.get("/api/score/current")[1]
    assert [p["coins_in_hand"] for p in sheet["players"]] == [None, None, None]  # secret until the end
    state = box.stranger.get("/api/state")[1]
    assert not [o for o in state["options"] if o["private"]]
    assert not [o for h in state["held"] for o in h["options"] if o["private"]]


def test_every_input_is_journaled_with_who_made_it_and_past_games_say_so(box):
    started(box)
    take = option(box.ada.get("/api/seat")[1]["options"], "Take")
    box.ada.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})
    game_id = box.host.get("/api/state")[1]["game_id"]
    sources = box.runtime.call(lambda: box.runtime.journal.sources(game_id))
    assert list(sources.values()) == [{"by": "phone", "id": box.host.id, "name": "Dan's phone",
                                       "did": "Start the game"},  # what NEXT did, in its own words
                                      {"by": "phone", "id": box.ada.id, "name": "Ada's phone", "seat": 0}]
    # A step ended by NEXT logs what follows ("Round 1", "Ada's turn"): one line before them says what NEXT did
    # and who did it, and no other line says it again.
    log = box.host.get("/api/state")[1]["log"]
    assert f"Start the game — Dan's phone ({box.host.short})" in log
    assert [line for line in log if box.host.short in line] == [f"Start the game — Dan's phone ({box.host.short})"]
    past = box.ada.get(f"/api/history/{game_id}")[1]
    assert past["made_by"] == [{"who": f"Ada's phone ({box.ada.short})", "inputs": 1},
                               {"who": f"Dan's phone ({box.host.short})", "inputs": 1}]
    assert any(line.endswith(f"— Ada's phone ({box.ada.short})") for line in past["log"])


def test_a_stranger_cannot_take_a_seat_by_its_phones_name_nor_keep_the_box_asking(box):
    started(box)
    status, body = box.stranger.post("/api/seat", {"seat": 1})  # named "Bea's phone" like Bea's
    assert status == 409 and body["asked"] and body["short"] == box.stranger.short != box.bea.short
    assert box.table.wait_idle()
    shown = box.table.last_frame
    assert shown.tobytes() == render(AlertScreen(f"Phone {box.stranger.short}", "wants Bea's seat. Hold ACTION to give "
                                                 "it; BACK: no.", ("No", "", "Hold", ""))).tobytes()
    status, body = box.stranger.post("/api/seat", {"seat": 1})  # asking again at once: no second question
    assert status == 429 and 1 <= int(body["error"].split("wait ")[1].split(" ")[0]) <= 120
    status, body = box.ada.post("/api/seat", {"seat": 1})  # another phone, the same seat: not asked again soon
    assert status == 429 and body["error"].startswith("the box was asked for Bea's seat lately")
    status, body = box.bea.post("/api/seat", {"seat": 0})  # another seat while the box asks: one at a time
    assert status == 409 and not body["asked"] and "another question" in body["error"]
    box.host.post("/api/sim/button", {"role": "back", "down": True})  # No
    box.host.post("/api/sim/button", {"role": "back", "down": False})
    assert box.table.wait_idle()
    assert box.bea.get("/api/seat")[1]["seat"] == 1 and box.stranger.get("/api/seat")[1]["seat"] is None


def test_the_hand_over_never_covers_a_pairing_code(box):
    started(box)
    assert box.host.post("/api/pairing/new-code")[0] == 200  # the box shows a code for a player's phone
    assert box.table.wait_idle()
    status, body = box.stranger.post("/api/seat", {"seat": 1})
    assert status == 409 and not body["asked"] and "shows a pairing code" in body["error"]


def test_a_new_game_frees_every_seat_but_those_the_host_keeps(box):
    started(box)
    setup = {"players": [{"name": "Bea"}, {"name": "Ada"}], "first": 0, "deck_modes": {"coins": "virtual"}}
    box.host.input({"type": "new_game", "game": "palazzo", "setup": setup, "phones": {box.ada.id: 1}})
    assert box.ada.get("/api/seat")[1]["seat"] == 1 and box.bea.get("/api/seat")[1]["seat"] is None
    assert box.host.post("/api/input", {"type": "new_game", "game": "palazzo", "setup": setup,
                                        "phones": {box.ada.id: 5}})[0] == 400  # no such seat: nothing changes
    assert box.ada.get("/api/seat")[1]["seat"] == 1
    status, _ = box.host.post("/api/input", {"type": "new_game", "game": "no such game", "setup": setup,
                                             "phones": {box.bea.id: 0}})
    assert status == 409 and box.ada.get("/api/seat")[1]["seat"] == 1  # a game refused: the seats as they were
    box.host.input({"type": "new_game", "game": "palazzo", "setup": setup})  # the API's default: every seat free
    assert box.ada.get("/api/seat")[1]["seat"] is None


def test_a_seat_whose_phone_has_not_been_seen_for_an_hour_is_free(box):
    started(box)
    sessions = box.app.extensions["sessions"]
    real = sessions.clock
    sessions.clock = lambda: real() + 3601  # an hour on, and Bea's phone has not asked anything since
    try:
        assert box.stranger.post("/api/seat", {"seat": 1})[0] == 200  # her seat is free: taken without a question
        assert box.bea.get("/api/seat")[1]["seat"] is None
    finally:
        sessions.clock = real


def test_a_player_undoes_what_his_own_phone_just_did_and_nothing_else(box):
    started(box)
    take = option(box.ada.get("/api/seat")[1]["options"], "Take")
    box.ada.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})
    undo = [o for o in box.ada.get("/api/seat")[1]["options"] if o["action"]["type"] == "undo"]
    assert len(undo) == 1 and not [o for o in box.bea.get("/api/seat")[1]["options"] if o["action"]["type"] == "undo"]
    seq = box.host.get("/api/state")[1]["seq"]
    assert box.bea.post("/api/seat/input", {"type": "undo", "confirm": True})[0] == 409
    assert box.ada.post("/api/seat/input", {"type": "undo"} | ({"confirm": True} if undo[0]["confirm"] else {}))[0] == 200
    assert box.host.get("/api/state")[1]["seq"] == seq + 1
    assert not [o for o in box.ada.get("/api/seat")[1]["options"] if o["action"]["type"] == "undo"]  # one step back


def test_one_stray_back_on_the_box_never_takes_back_what_a_phone_did_and_the_phone_is_told(box):
    started(box)
    take = option(box.ada.get("/api/seat")[1]["options"], "Take")
    box.ada.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})
    state = box.host.get("/api/state")[1]
    undo = next(o for o in state["options"] if o["action"]["type"] == "undo")
    assert undo["confirm"] and undo["label"].endswith("— done on Ada's phone.")
    assert box.table.wait_idle()
    box.table.press(Press("back", False, 0.0, 0.1))  # one short BACK: a question, nothing taken back
    assert box.table.wait_idle()
    assert box.host.get("/api/state")[1]["seq"] == state["seq"]
    asked = AlertScreen("Undo?", f"{undo['label'].removeprefix('Undo: ')} Hold BACK to take it back.", ("Hold", "", "", "Keep"))
    assert box.table.last_frame.tobytes() == render(asked).tobytes()
    assert "taken_back" not in box.ada.get("/api/seat")[1]
    box.table.press(Press("back", True, 0.0, 1.0))  # held: yes
    assert box.table.wait_idle()
    assert box.host.get("/api/state")[1]["seq"] == state["seq"] + 1
    told = box.ada.get("/api/seat")[1]["taken_back"]
    assert told["line"] == f"The box took back: {undo['label'].removeprefix('Undo: ').split(' — done on')[0]}."
    assert "taken_back" not in box.bea.get("/api/seat")[1]
    # The host's page asks first too (it is the table), and Ada's own phone takes back its own input without asking.
    box.ada.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})
    assert box.host.post("/api/input", {"type": "undo"})[0] == 409
    assert "taken_back" not in box.ada.get("/api/seat")[1]  # a newer input: the old word is gone
    own = next(o for o in box.ada.get("/api/seat")[1]["options"] if o["action"]["type"] == "undo")
    assert box.ada.post("/api/seat/input", {"type": "undo"} | ({"confirm": True} if own["confirm"] else {}))[0] == 200
    assert "taken_back" not in box.ada.get("/api/seat")[1]


# --- the box's question, on the table thread ---------------------------------------------------------------


@pytest.fixture
def asking(make_runtime):
    runtime = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    clock = Clock()
    pairing = Pairing(lambda code: f"http://t/pair?code={code}", clock=clock)
    display, panel = simulated_display(settings_mod.load()["display"])
    table = Table(runtime, display, timing=Timing(), clock=clock, pairing=pairing)
    table.start()
    assert table.wait_idle()
    yield table, clock, pairing
    table.stop()


def test_the_question_lapses_after_20_seconds_and_then_another_may_be_asked(asking):
    table, clock, _ = asking
    yes = []
    assert table.ask("Phone 7F3A", "wants Ada's seat.", lambda: yes.append(1)) is None
    assert table.wait_idle()
    assert "another question" in table.ask("Phone 0000", "wants Bea's seat.", lambda: None)
    clock.now += 20.1
    table.redraw()
    assert table.wait_idle()
    assert table.ask("Phone 0000", "wants Bea's seat.", lambda: None) is None and not yes


def test_the_pairing_screen_gives_way_to_the_game_and_no_returns_to_the_game(asking):
    """The playtest: a pairing window's screen stayed up for 20 turns, and a hand-over answered No went back to
    it. The question is never shown over a pairing code; the code gives way to the game by itself when its
    window ends; a question asked then, answered No, leaves the game on the screen."""
    table, clock, pairing = asking
    table.press(Press("select", True, clock.now, 3.2))  # the owner opened a pairing window...
    assert table.wait_idle()
    assert "pairing code" in table.ask("Phone 7F3A", "wants Ada's seat.", lambda: None)
    clock.now += 121  # ...which has ended: the screen shows the game again, by itself
    table.redraw()
    assert table.wait_idle()
    game = render(controls.screen_for(table.runtime.view(), controls.Panel())).tobytes()
    assert table.last_frame.tobytes() == game
    assert table.ask("Phone 7F3A", "wants Ada's seat.", lambda: None) is None
    assert table.wait_idle()
    table.press(Press("back", False, clock.now, 0.1))  # No
    assert table.wait_idle()
    assert table.last_frame.tobytes() == game


def test_a_press_meant_for_the_game_is_never_eaten_by_the_question(asking):
    """Seat-claim spam kept the question up, and NEXT pressed for the game answered it instead: now only BACK (no)
    and a held ACTION (yes) answer; NEXT puts the question aside, unanswered, and ends the turn as it would."""
    table, clock, _ = asking
    said = []
    assert table.ask("Phone 7F3A", "wants Ada's seat.", lambda: said.append("yes"), said.append) is None
    assert table.wait_idle()
    turn = table.runtime.view()["actor"]
    clock.now += 1
    table.press(Press("next", False, clock.now, 0.1))
    assert table.wait_idle()
    assert table.runtime.view()["actor"] != turn and said == [True]  # the turn moved on; not answered (as lapsed)
    game = render(controls.screen_for(table.runtime.view(), controls.Panel())).tobytes()
    clock.now += 10  # the move's own result, if any, has gone
    table.redraw()
    assert table.wait_idle() and table.last_frame.tobytes() == game
    assert table.ask("Phone 7F3A", "wants Ada's seat.", lambda: said.append("yes"), said.append) is None
    assert table.wait_idle()
    table.press(Press("back", False, clock.now, 0.1))  # BACK: no, and no undo
    assert table.wait_idle()
    assert said == [True, False] and table.runtime.view()["actor"] != turn
