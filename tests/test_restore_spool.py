"""Restores over the Wi-Fi: one body taken in at a time, and only a host's with its CSRF token, all decided
at the headers before a byte of the body is read (web_panel.serve)."""

import http.client
import json

import pytest

from companion import settings
from phone import paired_phone, serving
from web_panel import backups, serve
from web_panel.app import Box, create_app

BUSY = {"error": "another restore is under way: wait for it, then look at the table"}


@pytest.fixture
def panel(make_runtime):
    app = create_app(Box(settings.load(None), make_runtime()))
    with serving(app) as port:
        yield app, port


def _begin(port, phone, length, csrf=True):
    """A restore whose headers are sent and whose body is not (yet)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest("POST", serve.RESTORE)
    conn.putheader("Content-Length", str(length))
    conn.putheader("Content-Type", "application/vnd.sqlite3")
    conn.putheader("Cookie", phone.cookie)
    if csrf:
        conn.putheader("X-CSRF-Token", phone.csrf)
    conn.endheaders()
    return conn


def _answer(conn):
    """The answer to a request (a timeout here: the server waits for a body that is not sent)."""
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, json.loads(body)


def _restore(port, phone, body):
    conn = _begin(port, phone, len(body))
    conn.send(body)
    return _answer(conn)


NOT_A_BACKUP = "that file is not a backup of the companion (not an SQLite file). Nothing was changed."


def test_three_restores_at_once_take_in_one_body(panel):
    """The attack: three 99 MB restores at once spooled 300 MB to /tmp before the lock refused two. Now the
    second and third are refused at their headers, before a byte of their 198 MB is sent."""
    app, port = panel
    host = paired_phone(app, port)
    first = _begin(port, host, 99 * 2**20)
    first.send(b"x" * 100_000)  # under way: its body is being taken in
    others = [_answer(_begin(port, host, 99 * 2**20)) for _ in range(2)]
    assert others == [(409, BUSY)] * 2
    first.close()


def test_the_next_restore_is_taken_once_the_first_is_answered(panel):
    app, port = panel
    host = paired_phone(app, port)
    junk = b"x" * (serve.MAX_BODY + 100_000)
    first = _begin(port, host, len(junk))
    first.send(junk[:1000])
    assert _answer(_begin(port, host, len(junk))) == (409, BUSY)
    first.send(junk[1000:])
    assert _answer(first) == (400, {"error": NOT_A_BACKUP})
    # Its place is let go as soon as the panel is done with it, before its answer is sent: taken at once.
    assert _restore(port, host, junk) == (400, {"error": NOT_A_BACKUP})


def test_a_small_restore_is_one_at_a_time_too_and_no_other_request_lets_it_go(panel):
    """One restore at a time was kept twice, by the server for a large body and by the panel for any: now by the
    server alone, for a host's restore of any size (a small backup's as well), until the panel is done with it."""
    app, port = panel
    host = paired_phone(app, port)
    first = _begin(port, host, 1000)
    first.send(b"x" * 10)
    assert _restore(port, host, b"x" * 1000) == (409, BUSY)
    player = paired_phone(app, port)  # answered by the panel (not a host's), naming itself the restore under way
    forged = {"Content-Type": "application/vnd.sqlite3", "Companion-Spooled": "a guess"}
    assert player.raw("POST", serve.RESTORE, b"x" * 1000, forged)[0] == 403
    assert _restore(port, host, b"x" * 1000) == (409, BUSY)  # still under way
    first.send(b"x" * 990)
    assert _answer(first) == (400, {"error": NOT_A_BACKUP})
    assert _restore(port, host, b"x" * 1000) == (400, {"error": NOT_A_BACKUP})


def test_a_restore_whose_sender_went_away_lets_the_next_one_in(make_runtime, monkeypatch):
    """A sender that stops mid-body and leaves: its connection is closed once silent, and its place goes
    to the next restore (waitress tells the parser nothing of a closed connection)."""
    monkeypatch.setattr(serve, "CHANNEL_TIMEOUT", 1)
    monkeypatch.setattr(serve, "CLEANUP_EVERY", 1)
    now = [1000.0]
    monkeypatch.setattr(serve._Spool, "clock", staticmethod(lambda: now[0]))  # the spool's clock, moved by hand
    app = create_app(Box(settings.load(None), make_runtime()))
    with serving(app) as port:
        host = paired_phone(app, port)
        junk = b"x" * (serve.MAX_BODY + 1)
        gone = _begin(port, host, len(junk))
        gone.send(junk[:1000])
        gone.close()
        assert _restore(port, host, junk) == (409, BUSY)  # silent for less than a connection may be: still its place
        now[0] += serve.CHANNEL_TIMEOUT + 2 * serve.CLEANUP_EVERY + 1  # silent for longer
        assert _restore(port, host, junk) == (400, {"error": NOT_A_BACKUP})  # its place went to the next


def test_a_hosts_restore_without_its_csrf_token_is_refused_before_its_body(panel):
    """The attack: a host's cookie with no CSRF token had 99 MB spooled before its 403."""
    app, port = panel
    host = paired_phone(app, port)
    status, answer = _answer(_begin(port, host, 99 * 2**20, csrf=False))
    assert status == 403 and answer == {"error": "missing or wrong CSRF token: reload the page"}
    host.csrf = "a guess"
    assert _answer(_begin(port, host, 99 * 2**20))[0] == 403
    player = paired_phone(app, port)
    status, answer = _answer(_begin(port, player, 99 * 2**20))
    assert status == 413 and "only a host's phone restores a backup" in answer["error"]


@pytest.fixture
def small_limit(monkeypatch):
    """The restore limit made 200 KB, so a body of exactly the limit is sent in a moment."""
    monkeypatch.setattr(serve, "MAX_BACKUP", 200_000)
    monkeypatch.setattr(backups, "MAX_BACKUP", 200_000)


def test_a_body_of_exactly_the_limit_is_restored_and_one_byte_more_is_not(small_limit, panel):
    """The attack: a body of exactly 100 MiB was refused (waitress refuses a body of its own limit)."""
    app, port = panel
    host = paired_phone(app, port)
    assert _restore(port, host, b"x" * 200_000) == (400, {"error": NOT_A_BACKUP})  # read whole, then judged
    status, answer = _answer(_begin(port, host, 200_001))
    assert status == 413 and "200000 bytes" in answer["error"]


def test_the_docs_give_the_limits_the_code_has():
    """The docs said 100 MB while the code refused a body of exactly 100 MiB; and "the last 3" journals kept."""
    from pathlib import Path

    from companion.backup import KEPT_BUDGET

    root = Path(__file__).resolve().parents[1]
    for name in ("pi.md", "security.md"):
        text = (root / "docs" / name).read_text().replace("\n", " ")
        assert f"{backups.MAX_BACKUP // 2**20} MiB" in text and f"{backups.MAX_BACKUP:,} bytes" in text, name
        assert f"{KEPT_BUDGET // 2**20} MiB" in text and "last 3" not in text, name
