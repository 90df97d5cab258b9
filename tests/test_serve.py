"""The panel's waitress server on a shared network: one host cannot take it offline (web_panel.serve)."""

import http.client
import socket

import pytest

from companion import settings
from phone import paired_phone, serving
from web_panel import serve
from web_panel.app import create_app
from web_panel.backups import MAX_BACKUP


@pytest.fixture
def panel(make_runtime):
    app = create_app(settings.load(None), make_runtime())
    with serving(app) as port:
        yield app, port


def _slow_socket(port, source="127.0.0.2"):
    """A stranger's connection from another address, a request begun and never finished."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return s


def _closed_by_server(s):
    """Closed (a reset: the server closed it with the begun request unread), or still open (a timeout)."""
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_paired_phone_is_served_while_one_host_holds_110_slow_sockets(panel):
    """The attack: 110 slow sockets from one host filled waitress's 100 connections and the panel went
    offline. Only PER_HOST of them stay open; the phone on another address is served."""
    app, port = panel
    phone = paired_phone(app, port)
    slow = [_slow_socket(port) for _ in range(110)]
    try:
        status, body = phone.get("/api/state")
        assert status == 200 and "game" in body
        for s in slow:
            s.settimeout(0.2)
        open_ = [s for s in slow if not _closed_by_server(s)]
        assert len(open_) == serve.PER_HOST  # the rest were closed at accept
    finally:
        for s in slow:
            s.close()


def test_an_idle_connection_is_closed_after_the_channel_timeout(make_runtime, monkeypatch):
    monkeypatch.setattr(serve, "CHANNEL_TIMEOUT", 1)
    monkeypatch.setattr(serve, "CLEANUP_EVERY", 1)
    app = create_app(settings.load(None), make_runtime())
    with serving(app) as port:
        s = _slow_socket(port)
        s.settimeout(30)  # bounds a hang only: the server closes it after about two seconds
        try:
            assert s.recv(1) in (b"", b"H")  # closed (or a 408 begun) by the server, not by this test
        finally:
            s.close()


def test_a_body_larger_than_the_panel_takes_is_refused_before_it_is_sent(panel):
    """Waitress spooled bodies up to 1 GB to the SD card before Flask's limit applied."""
    app, port = panel
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest("POST", "/api/restore")
    conn.putheader("Content-Length", str(MAX_BACKUP + 1))
    conn.putheader("Content-Type", "application/vnd.sqlite3")
    conn.endheaders()
    conn.send(b"SQLite format 3\x00")  # and nothing more: the answer comes without the rest
    response = conn.getresponse()
    assert response.status == 413
    conn.close()
