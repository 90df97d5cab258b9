"""Seat-claim spam (issue 56): two players asking the box for each other's seat in turn must not take its buttons.

The attack kept the hand-over question on the OLED 41% of the time, and 4 of 9 NEXT presses moved the game:
the question's own lines in the table's log changed the table's version, so a press made as it came up or
went away was dropped ("Changed: press again"). Here the box runs on a clock the test moves, and the phones
ask through the panel's API, as they did.
"""

from types import SimpleNamespace

import pytest
from conftest import Clock
from phone import Phone, serving

from companion import settings as settings_mod
from companion.table import Table, Timing
from hardware.buttons import Press
from hardware.factory import simulated_display
from web_panel import seats
from web_panel.app import Box, create_app
from web_panel.security import Pairing

FOUR = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}, {"name": "Dan"}]}


@pytest.fixture
def spam(make_runtime):
    """Free play for four: the box plays Ada and Bea; Cy's and Dan's phones hold their seats."""
    runtime = make_runtime(game_setup=FOUR)
    clock = Clock()
    pairing = Pairing(lambda code: f"http://t/pair?code={code}", clock=clock)
    settings = settings_mod.load(None)
    display, _ = simulated_display(settings["display"])
    table = Table(runtime, display, timing=Timing(), clock=clock, pairing=pairing)
    table.start()
    app = create_app(Box(settings, runtime, table=table, pairing=pairing))
    app.extensions["seat_asks"] = seats.AskLimit(clock=clock)
    with serving(app, threads=4) as port:
        Phone(port).pair(pairing.code, "the host's phone")
        cy, dan = (Phone(port).pair(pairing.code, name) for name in ("Cy's phone", "Dan's phone"))
        assert cy.post("/api/seat", {"seat": 2})[0] == 200 and dan.post("/api/seat", {"seat": 3})[0] == 200
        yield SimpleNamespace(runtime=runtime, table=table, clock=clock, cy=cy, dan=dan)
    table.stop()


def _second(spam):
    """A second passes at the table: the phones play their own turns at once, the box draws."""
    spam.clock.now += 1
    for seat, phone in ((2, spam.cy), (3, spam.dan)):
        if spam.runtime.view()["actor"] == seat:
            assert phone.post("/api/seat/input", {"type": "advance"})[0] == 200
    spam.table.redraw()
    assert spam.table.wait_idle()


def test_two_players_asking_for_each_others_seat_take_neither_the_screen_nor_the_buttons(spam):
    """For 10 minutes Cy and Dan ask for each other's seat in turn every 15 s (each phone every 30 s), and
    the box presses NEXT for Ada or Bea every 15 s, some as a question comes up. Every press moves the game,
    and the question is on the screen at most a fifth of the time."""
    asked, shown, moved, presses = 0, 0, 0, 0
    for second in range(600):
        if second % 15 == 0:
            phone, seat = (spam.cy, 3) if second % 30 == 0 else (spam.dan, 2)
            status, body = phone.post("/api/seat", {"seat": seat})
            assert status in (409, 429)  # held: the box is asked, or the phone waits (never handed over)
            asked += status == 409 and body["asked"]
        if second % 65 == 1 and spam.runtime.view()["actor"] in (0, 1):  # 1, 6 or 11 s after a phone asked
            seq = spam.runtime.view()["seq"]
            spam.table.press(Press("next", False, spam.clock.now, 0.1))
            assert spam.table.wait_idle()
            presses += 1
            moved += spam.runtime.view()["seq"] == seq + 1
        _second(spam)
        shown += spam.table._asking is not None
    assert presses >= 9 and moved == presses
    assert asked >= 2 and shown <= 600 // 5


def test_asking_again_is_bounded_per_phone_and_per_seat(spam):
    """A phone asks at most once in 30 s and 3 times in 10 minutes; the box is asked for a seat at most once
    in 2 minutes, whichever phone asks."""
    status, body = spam.cy.post("/api/seat", {"seat": 3})
    assert status == 409 and body["asked"]
    spam.clock.now += 31
    status, body = spam.cy.post("/api/seat", {"seat": 3})
    assert status == 429 and body["error"].startswith("the box was asked for Dan's seat lately: wait 90 s")
    spam.clock.now += 90
    for _ in range(2):
        spam.table.press(Press("back", False, spam.clock.now, 0.1))  # No
        assert spam.table.wait_idle()
        assert spam.cy.post("/api/seat", {"seat": 3})[1]["asked"]
        spam.clock.now += seats.SEAT_ASK_AGAIN_S
    status, body = spam.cy.post("/api/seat", {"seat": 3})
    assert status == 429 and body["error"].startswith("this phone has asked the box lately: wait")
    assert int(body["error"].split("wait ")[1].split(" ")[0]) <= seats.PHONE_ASKS[1] - 2 * seats.SEAT_ASK_AGAIN_S
