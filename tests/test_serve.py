"""The panel's waitress server on a shared network: one host cannot take it offline (web_panel.serve)."""

import http.client
import select
import socket
import threading
import time
from types import SimpleNamespace

import pytest
from waitress.task import ThreadedTaskDispatcher

from companion import settings
from phone import paired_phone, serving
from slow_sockets import strangers, timed_request
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


def test_slow_sockets_from_any_ten_addresses_keep_out_no_paired_phone_nor_the_box(panel):
    """The attack: 110 slow sockets from 10 addresses, two of them addresses a paired phone had used, filled the
    100 connections (those addresses did not count as strangers'): the phone's polls took 7 to 10 s and 3 in 8
    failed, the box's own requests waited as long, a new phone could not pair. An address is not a phone: a
    connection counts as a paired phone's only once its cookie has come on it, and a stranger's oldest idle
    socket makes room for a new connection."""
    app, port = panel
    phone = paired_phone(app, port)
    for address in ("127.0.0.2", "127.0.0.3", "127.0.0.50"):  # the phone moved about the Wi-Fi
        assert timed_request(port, "/api/state", phone.cookie, address)[0] == 200
    with strangers(port, count=110, addresses=10) as slow:
        assert sum(s is not None for s in slow) == 110
        # Each on a new connection, as a phone's browser opens them, and given up after 2 s (it waited 10 s).
        polls = [timed_request(port, "/api/state", phone.cookie, "127.0.0.50", timeout=2)[0] for _ in range(40)]
        box = [timed_request(port, "/api/openapi.json", timeout=2)[0] for _ in range(10)]
        status, _ = timed_request(port, "/api/pair", source="127.0.0.60", body={"code": app.extensions["pairing"].code},
                                  timeout=2)
    assert polls == [200] * 40 and box == [200] * 10
    assert status == 200  # a new phone pairs


def test_strangers_hold_at_most_their_share_and_one_address_its_own(panel):
    """However many strangers' sockets come, those no paired phone's cookie came on stay at STRANGERS, and the
    newest are the ones kept: each new one closes the oldest (which had the longest to finish its request)."""
    app, port = panel
    slow = [_slow_socket(port, f"127.0.0.{2 + k % 10}") for k in range(110)]
    try:
        closed, quiet_since = set(), time.monotonic()
        while time.monotonic() - quiet_since < 1.0:  # as the server takes them in; a socket it closed reads its end
            ready = select.select([s for s in slow if s not in closed], [], [], 0.1)[0]
            if ready:
                closed, quiet_since = closed | set(ready), time.monotonic()
        assert len(slow) - len(closed) == serve.STRANGERS
        assert closed == set(slow[:len(slow) - serve.STRANGERS])  # the oldest made room
    finally:
        for s in slow:
            s.close()


def test_the_box_and_paired_phones_go_to_the_worker_threads_ahead_of_strangers():
    """Strangers' finished requests waiting for one of waitress's worker threads do not hold up a paired phone's
    or the box's: those are taken first, in the order they came among themselves."""
    server = SimpleNamespace(task_dispatcher=ThreadedTaskDispatcher())  # no thread started: the queue stays
    stranger = [SimpleNamespace(paired=False) for _ in range(3)]
    phone, box = SimpleNamespace(paired=True), SimpleNamespace(paired=True)
    for task in (stranger[0], stranger[1], phone, stranger[2], box):
        serve._ahead(server, task)
    assert list(server.task_dispatcher.queue) == [phone, box, *stranger]


def test_a_test_server_closed_leaves_no_worker_thread_behind(make_runtime):
    """The tests' servers (phone.serving) let their worker threads go once closed: they piled up in the thousands
    in one test process."""
    app = create_app(Box(settings.load(None), make_runtime()))
    with serving(app, threads=3) as port:
        phone = paired_phone(app, port)
        assert phone.get("/api/state")
        workers = [t for t in threading.enumerate() if t.name.startswith("waitress-")]
        assert len(workers) >= 3
    assert not [t for t in workers if t.is_alive()]
