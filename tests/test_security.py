"""Pairing codes and their limits, and the Host names the panel answers to (web_panel.security)."""

import pytest
from conftest import Clock

from web_panel import security
from web_panel.security import Hosts, Limited, Pairing, host_name


def make(clock):
    changes = []
    pairing = Pairing(lambda code: f"http://table:8080/pair?code={code}", clock=clock, on_change=lambda: changes.append(1))
    return pairing, changes


def wrong(pairing):
    return "000000" if pairing.code != "000000" else "111111"


def test_a_code_is_six_digits_in_its_address_and_good_once():
    clock = Clock()
    pairing, changes = make(clock)
    code = pairing.code
    assert len(code) == 6 and code.isdigit() and pairing.url.endswith(f"?code={code}")
    assert pairing.check(code, "10.0.0.2") is True
    assert changes == [1]  # a new code was drawn (and the OLED redrawn)
    assert pairing.check(code, "10.0.0.2") is (pairing.code == code)  # the old one no longer pairs


def test_each_client_gets_five_tries_a_minute():
    clock = Clock()
    pairing, _ = make(clock)
    for _ in range(5):
        assert pairing.check(wrong(pairing), "10.0.0.2") is False
    with pytest.raises(Limited) as limited:
        pairing.check(pairing.code, "10.0.0.2")  # even the right code waits
    assert 1 <= limited.value.retry_after <= 60
    assert pairing.check(pairing.code, "10.0.0.3") is True  # another phone is not held up
    clock.now += 61
    assert pairing.check(wrong(pairing), "10.0.0.2") is False  # the window has passed


def test_the_device_as_a_whole_gets_twenty_tries_a_minute_then_the_players_code_guards_itself():
    """Twenty wrong codes from anywhere use up the device's allowance: the code they were aimed at is retired
    for an 8-digit one, which a phone that has not guessed wrong pairs (a player's), and which holds back
    whoever keeps guessing."""
    clock = Clock()
    pairing, changes = make(clock)
    old = pairing.code
    for i in range(security.PER_DEVICE[0]):
        assert pairing.check(wrong(pairing), f"10.0.1.{i}") is False
    assert changes == [1] and len(pairing.code) == 8  # retired for a guarded code, on the screen at once
    assert pairing.admit(old, "10.0.2.1") is None  # the 6-digit code pairs no phone now
    for _ in range(security.CLEAN):
        assert pairing.check("00000000", "10.0.3.1") is False
    with pytest.raises(Limited):
        pairing.check("00000000", "10.0.3.1")  # past a few wrong codes, the device-wide limit holds a guesser
    code = pairing.code
    assert pairing.admit(code, "10.0.2.1") == "player" and len(code) == 8


def test_a_storm_of_wrong_codes_keeps_no_player_out_nor_makes_one_a_host():
    """The attack: 60 wrong codes from 10 addresses in 0.6 s, and the right player's code got 429 for a minute.
    Each time strangers use up the allowance the player's code guards itself; a player reading the code the box
    (or the host's phone) shows pairs at once, as a player, while the storm goes on."""
    clock = Clock()
    pairing, _ = make(clock)
    strangers = [f"192.168.1.{20 + i}" for i in range(10)]
    for minute in range(3):
        answers = []
        for k in range(60):
            try:
                answers.append(pairing.check("00000000"[:6 + 2 * (k % 2)], strangers[k % 10]))
            except Limited:
                answers.append("429")
            clock.now += 0.01
        assert answers.count(False) <= security.PER_DEVICE[0] + security.CLEAN * len(strangers)
        assert pairing.admit(pairing.code, f"192.168.2.{minute}") == "player"
        clock.now += 60


def test_strangers_on_the_network_cannot_keep_the_owner_from_pairing_in_a_window():
    """The attack: from four addresses, five wrong codes each, and the owner's right code got 429;
    twenty wrong codes retired the code on the screen. Holding SELECT opens a window whose code
    neither is retired nor held back by their guesses, while each of them stays limited."""
    clock = Clock()
    pairing, changes = make(clock)
    strangers = [f"192.168.1.{i}" for i in range(20, 24)]
    for stranger in strangers:
        for _ in range(5):
            assert pairing.check(wrong(pairing), stranger) is False
    assert len(pairing.code) == 8  # the player's code guards itself (see above); SELECT held makes a host

    pairing.open_window()
    code = pairing.code
    assert len(code) == 8 and code.isdigit() and pairing.url.endswith(f"?code={code}")
    for stranger in (f"192.168.1.{i}" for i in range(30, 60)):  # thirty more addresses guess on
        for _ in range(3):
            try:
                pairing.check("00000000" if code != "00000000" else "11111111", stranger)
            except Limited:
                pass
        clock.now += 1
    assert pairing.code == code  # not retired by their wrong guesses
    for stranger in strangers:
        with pytest.raises(Limited):
            pairing.check(code, stranger)  # the limits still hold those who guessed
    assert pairing.check(code, "192.168.1.9") is True  # the owner's phone gets in
    assert len(pairing.code) == 8 and pairing.code != code  # the next phone's code, in the same window
    assert pairing.check(pairing.code, "192.168.1.10") is True

    clock.now += security.WINDOW_S
    assert pairing.window_left() is None and pairing.code == pairing.player_code  # the window closed


def test_a_phone_that_mistyped_in_a_window_still_gets_in_but_a_guesser_is_held_back():
    clock = Clock()
    pairing, _ = make(clock)
    for i in range(security.PER_DEVICE[0]):  # the device-wide allowance is used up
        pairing.check(wrong(pairing), f"10.0.1.{i}")
    pairing.open_window()
    wrong8 = "00000000" if pairing.code != "00000000" else "11111111"
    for _ in range(security.CLEAN - 1):
        assert pairing.check(wrong8, "10.0.0.9") is False  # the owner mistypes
    assert pairing.check(pairing.code, "10.0.0.9") is True
    for _ in range(security.CLEAN):
        assert pairing.check(wrong8, "10.0.0.7") is False
    with pytest.raises(Limited):
        pairing.check(wrong8, "10.0.0.7")  # past a few wrong codes, the device-wide limit holds him


def test_ipv6_clients_are_limited_by_their_64_prefix():
    clock = Clock()
    pairing, _ = make(clock)
    for i in range(security.PER_CLIENT[0]):
        pairing.check(wrong(pairing), f"2001:db8:1:2::{i + 1}")  # one device, many addresses
    with pytest.raises(Limited):
        pairing.check(pairing.code, "2001:db8:1:2::99")
    assert pairing.check(pairing.code, "2001:db8:1:3::1") is True


def test_host_names_are_the_device_s_own():
    hosts = Hosts("0.0.0.0", ["table.example"])
    names = hosts.names()
    assert {"localhost", "127.0.0.1", "::1", "table.example"} <= names
    assert hosts.allows("127.0.0.1:8080") and hosts.allows("[::1]:8080") and hosts.allows("LOCALHOST")
    assert hosts.allows("table.example:8080")
    assert not hosts.allows("evil.example") and not hosts.allows("127.0.0.1.nip.io:8080")
    assert not Hosts("127.0.0.1", []).allows("192.0.2.7:8080")


@pytest.mark.parametrize("header, name", [
    ("[::1]:8080", "::1"), ("Localhost:8080", "localhost"), ("10.0.0.5", "10.0.0.5"), ("::1", "::1"),
])
def test_host_name_strips_the_port(header, name):
    assert host_name(header) == name


def test_the_interfaces_are_read_once_per_ten_seconds_for_names_and_the_pairing_address(monkeypatch):
    import ifaddr

    reads = []
    real = ifaddr.get_adapters
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: reads.append(1) or real())
    clock = Clock()
    hosts = Hosts("0.0.0.0", [], clock=clock)
    for _ in range(3):  # the table draws frames; phones send requests
        hosts.lan_address()
        hosts.allows("127.0.0.1")
    assert len(reads) == 1
    clock.now += 11
    assert hosts.lan_address() in hosts.names() and len(reads) == 2


def test_a_pairing_lasts_a_game_night_then_its_seat_is_free(make_runtime):
    """The cookie lived a year; now it and the server's session end together (web.session_hours, 16 h)."""
    import json
    import time

    from phone import Phone, paired_phone, serving
    from web_panel.app import Box, create_app
    from companion import settings

    rt = make_runtime()
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice",
                      "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 0}}).accepted
    app = create_app(Box(settings.load(None), rt))
    with serving(app) as port:
        phone = Phone(port)
        status, body, headers = phone.raw("POST", "/api/pair", {"code": app.extensions["pairing"].code}, csrf=False)
        assert status == 200 and "Max-Age=57600" in headers["Set-Cookie"] and "HttpOnly" in headers["Set-Cookie"]
        phone.cookie, phone.csrf = headers["Set-Cookie"].split(";")[0], json.loads(body)["csrf"]
        assert phone.post("/api/seat", {"seat": 0})[0] == 200
        other = paired_phone(app, port)
        assert other.post("/api/seat", {"seat": 0})[0] == 409  # held by the first phone

        sessions = app.extensions["sessions"]
        sessions.clock = lambda: time.time() + 16 * 3600 + 1  # the next evening
        assert phone.get("/api/state")[0] == 401  # that phone pairs again
        other_again = Phone(port)
        other_again.cookie = other.cookie
        assert rt.journal.read("SELECT count(*) FROM sessions")[0][0] == 0  # both ended, the seat with them
        assert other_again.get("/api/state")[0] == 401
        tonight = paired_phone(app, port)  # paired the next evening: Ada's seat is free for it
        assert tonight.post("/api/seat", {"seat": 0})[0] == 200


def test_a_code_that_paired_a_phone_is_known_as_used_for_ten_minutes():
    clock = Clock()
    pairing, _ = make(clock)
    code = pairing.code
    assert pairing.check(code, "10.0.0.2") and not pairing.just_used(pairing.code)
    assert not pairing.check(code, "10.0.0.3") and pairing.just_used(code)  # refused, and said why
    clock.now += security.USED_KEPT + 1
    assert not pairing.just_used(code)


def test_a_guarded_code_stays_when_the_storm_outlasts_its_guard():
    """A player reading the 8-digit code as the storm goes on past the guard's 2 minutes is not handed a code
    that changes under his thumbs: a new guard keeps the code the screen shows."""
    clock = Clock()
    pairing, changes = make(clock)
    for i in range(security.PER_DEVICE[0]):
        pairing.check("000000", f"10.0.1.{i}")
    code = pairing.code
    clock.now += security.WINDOW_S + 1
    for i in range(security.PER_DEVICE[0]):  # the storm again, from other addresses
        pairing.check("00000000", f"10.0.2.{i}")
    assert pairing.code == code and pairing.admit(code, "10.0.3.1") == "player"
