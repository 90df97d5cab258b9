"""The panel's waitress server on a shared network: one host cannot take it offline (web_panel.serve)."""

import http.client
import select
import socket
import time

import pytest

from companion import settings
from phone import paired_phone, serving
from web_panel import serve
from web_panel.app import Box, create_app
from web_panel.backups import MAX_BACKUP


@pytest.fixture
def panel(make_runtime):
    app = create_app(Box(settings.load(None), make_runtime()))
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
    app = create_app(Box(settings.load(None), make_runtime()))
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


def _headers_only(port, path, length, cookie="", source="127.0.0.1", chunked=False):
    """A request whose headers announce a body that is never sent: the answer must come without it."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    conn.putrequest("POST", path)
    if chunked:
        conn.putheader("Transfer-Encoding", "chunked")
    else:
        conn.putheader("Content-Length", str(length))
    conn.putheader("Content-Type", "application/octet-stream")
    if cookie:
        conn.putheader("Cookie", cookie)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body


def test_an_unpaired_client_is_answered_before_its_body_is_read(panel, tmp_path):
    """The attack: twelve unpaired restores of 98 MB each wrote 1,176 MB to the temp directory before their 401.
    Now a body larger than 64 KB is refused as soon as its headers arrive, unless it is a restore from a host's
    phone: an unpaired client, a player's phone and any other address get 413 without sending a byte of it."""
    app, port = panel
    host = paired_phone(app, port)
    player = paired_phone(app, port)
    assert host.host and not player.host
    assert _headers_only(port, "/api/restore", 98 * 2**20)[0] == 413  # unpaired
    status, body = _headers_only(port, "/api/restore", 98 * 2**20, player.cookie)
    assert status == 413 and b"only a host's phone restores a backup" in body
    assert _headers_only(port, "/api/input", 65 * 1024, host.cookie)[0] == 413  # a host's, but not a restore
    assert _headers_only(port, "/api/input", 0, chunked=True)[0] == 413  # a body of unknown length
    assert _headers_only(port, "/api/pair", 10 * 2**20, "companion_session=forged")[0] == 413
    # A small body still reaches the panel, which says why it refuses it.
    status, _, _ = player.raw("POST", "/api/input", b"{" + b" " * 60_000 + b"}")
    assert status == 403


def test_a_request_whose_headers_trickle_in_is_closed_at_its_deadline(make_runtime, monkeypatch):
    """The attack: a header line every 8 s kept each socket open for ever (waitress counts only silence), so
    110 of them from 10 addresses made every new connection wait. Now a request's headers have a deadline."""
    monkeypatch.setattr(serve, "HEADERS_DEADLINE", 2)
    monkeypatch.setattr(serve, "CLEANUP_EVERY", 1)
    app = create_app(Box(settings.load(None), make_runtime()))
    with serving(app) as port:
        s = _slow_socket(port)
        s.settimeout(1)
        closed = False
        try:
            for line in range(20):  # a line a second, for up to 20 s: well within the 30 s of silence allowed
                try:
                    if s.recv(1) in (b"", b"H"):
                        closed = True
                        break
                except TimeoutError:
                    s.sendall(f"X-Slow-{line}: 1\r\n".encode())
                except ConnectionResetError:
                    closed = True
                    break
        finally:
            s.close()
        assert closed and line <= 5, line


def test_strangers_on_many_addresses_leave_the_paired_phones_a_reserve(panel):
    """110 slow sockets from 10 addresses (11 each, under the per-address limit): strangers hold at most
    STRANGERS connections together, and a paired phone's new connections, from an address of its own, are
    served at once."""
    app, port = panel
    phone = paired_phone(app, port)
    # The phone has been seen on its own address (a phone on the Wi-Fi, not the box itself).
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.50", 0))
    conn.request("GET", "/api/state", headers={"Cookie": phone.cookie})
    assert conn.getresponse().status == 200
    conn.close()
    slow = [_slow_socket(port, f"127.0.0.{2 + k % 10}") for k in range(110)]
    try:
        closed, quiet_since = set(), time.monotonic()
        while time.monotonic() - quiet_since < 1.0:  # as the server takes them in; a socket it closed reads its end
            ready = select.select([s for s in slow if s not in closed], [], [], 0.1)[0]
            if ready:
                closed, quiet_since = closed | set(ready), time.monotonic()
        assert len(slow) - len(closed) == serve.STRANGERS  # the other 30 were closed at accept, well before the deadline
        for _ in range(20):  # each request on a new connection, as a phone's browser opens them
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.50", 0))
            conn.request("GET", "/api/state", headers={"Cookie": phone.cookie})
            assert conn.getresponse().status == 200
            conn.close()
    finally:
        for s in slow:
            s.close()
