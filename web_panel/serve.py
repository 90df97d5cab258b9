"""The panel's HTTP server: waitress, set up for a small box on a shared Wi-Fi.

Waitress's defaults suit a server in a data centre: 100 connections for
everyone together, two minutes before an idle connection is dropped, request
bodies up to 1 GB spooled to disk before the application sees them. On a café
Wi-Fi one host holding 100 slow sockets took the panel offline, and unpaired
uploads wrote a gigabyte to the card. Here:

- at most CONNECTIONS open at once from the network, and at most PER_HOST of
  them from one address (a phone's browser opens up to six); waitress has no
  per-host limit of its own, so `_share` adds it at accept;
- an address is not a phone: a connection is a paired phone's only once a
  request on it has shown a paired phone's session cookie (read with its
  headers, on the server's own thread). Connections that have not (strangers',
  and any connection before its first request's headers are in) hold at most
  STRANGERS together; when a new one would pass that, or the per-host limit,
  the oldest of them with no request in hand is closed to make room, so a
  stranger's slow socket never keeps out a phone, whose headers arrive at once;
- the box itself (127.0.0.1, ::1: a browser or a proxy on the box) counts in
  none of these and waitress keeps room for it past CONNECTIONS, and the
  requests of the box and of paired phones go to waitress's worker threads
  ahead of strangers' (`_ahead`);
- a request's line and headers must arrive within HEADERS_DEADLINE seconds of
  its first byte, and a request with a small body within REQUEST_DEADLINE,
  whatever trickles in (waitress's own timeout counts only silence); a
  connection idle for CHANNEL_TIMEOUT seconds is closed (a page's request for the
  table's state is held at most web_panel.push.HOLD seconds, and asked again at once);
- a request's body is refused (413) as soon as its headers are read, before any
  of it is taken in, when it is larger than its sender may send: MAX_BODY (64
  KB, the panel's largest form) for everyone, MAX_BACKUP (itself allowed:
  waitress's own limit, one byte more, refuses a body of its size) only for a
  restore from a host's phone that sends its CSRF token (403 without it), and
  only while no other restore is under way (409): `_Spool`, which holds a host's
  restore of any size from its headers until the panel is done with it: the
  panel's one rule of one restore at a time. So a client that has not paired writes
  nothing to disk (waitress keeps a body under 512 KB in memory) and its body is
  never read whole; only one host's restore at a time is spooled.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time
import types
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.utilities import Error

from web_panel.backups import MAX_BACKUP
from web_panel.push import HOLDERS
from web_panel.security import COOKIE

log = logging.getLogger(__name__)

CONNECTIONS = 100  # from the network, the box's own aside
PER_HOST = 12  # two phones' browsers behind one address (a guest network's NAT) still fit
STRANGERS = 80  # connections no paired phone's cookie has come on: the other 20 are only for paired phones
BOX_ROOM = 16  # connections waitress takes past CONNECTIONS, only ever the box's own (with its listener and trigger)
CHANNEL_TIMEOUT = 30  # seconds of silence before a connection is closed
HEADERS_DEADLINE = 10  # seconds from a request's first byte to the end of its headers (a phone sends them at once)
REQUEST_DEADLINE = 30  # seconds for the whole of a request with a small body
CLEANUP_EVERY = 2  # seconds between looks for connections past a deadline or idle
HEADERS_MAX = 16 * 1024  # bytes of request line and headers: a phone sends under 2 KB
MAX_BODY = 64 * 1024  # bytes of body anyone may send (the panel's largest form); a host's restore aside
RESTORE = "/api/restore"
SPOOLED = "COMPANION_SPOOLED"  # a header the server gives the restore that holds the spool (not a sender's)
BOX = frozenset({"127.0.0.1", "::1"})  # the box's own address: no stranger on the network connects from it


def make_server(app: Any, host: str, port: int, threads: int = 4) -> Any:
    """The panel on waitress at host:port (port 0: any free one), not yet running. `threads` answer the
    panel's requests; HOLDERS more hold a page's request until the table changes (web_panel.push)."""
    spool = _Spool()
    server = create_server(_letting_go(app, spool), host=host, port=port, threads=threads + HOLDERS,
                           connection_limit=CONNECTIONS + BOX_ROOM, channel_timeout=CHANNEL_TIMEOUT,
                           cleanup_interval=CLEANUP_EVERY, max_request_body_size=MAX_BACKUP + 1,
                           max_request_header_size=HEADERS_MAX)
    parser = _parser(app.extensions["sessions"], spool)
    connections = getattr(server, "map", None) or server._map  # one listening socket, or several
    for listener in [s for s in connections.values() if isinstance(s, BaseWSGIServer)]:
        listener.channel_class = _share(listener.channel_class, parser)
        listener.maintenance = types.MethodType(_maintenance(listener.maintenance), listener)
        listener.add_task = types.MethodType(_ahead, listener)
    server.close = _answering_held(app.extensions["changes"], server.close)
    return server


def _letting_go(app: Any, spool: _Spool) -> Callable[[dict[str, Any], Any], Any]:
    """The app, letting go of the spool as soon as the restore that holds it is done, before its answer is
    sent: the next restore, sent once that answer is read, is taken."""
    def wsgi(environ: dict[str, Any], start_response: Any) -> Any:
        try:
            return app(environ, start_response)
        finally:
            spool.done(environ.get(f"HTTP_{SPOOLED}"))

    return wsgi


def _answering_held(changes: Any, close: Callable[[], None]) -> Callable[[], None]:
    """The server's close, letting the requests held for a change go first (answered while their connections
    are open, and their threads free)."""
    def closing() -> None:
        changes.close()
        close()

    return closing


def _share(channel_class: type[HTTPChannel], parser: type[HTTPRequestParser]) -> Any:
    """waitress's channel class, keeping to PER_HOST connections from one address, STRANGERS not yet a paired
    phone's and CONNECTIONS from the network: past one, the oldest connection in it that no paired phone's
    cookie came on and that has no request in hand is closed for the new one (refused when there is none).
    Each connection parses with `parser`, and is a paired phone's once a request on it shows one's cookie."""
    warned: dict[str, float] = {}

    def refuse(conn: Any, host: str, why: str) -> None:
        conn.close()
        if time.monotonic() - warned.get(host, -1e9) > 60:  # one line a minute per host, not one per socket
            warned[host] = time.monotonic()
            log.warning("%s: %s; more from it are closed", host, why)

    def channel(server: Any, conn: Any, addr: Any, adj: Any, map: dict | None = None) -> HTTPChannel | None:
        host = addr[0] if isinstance(addr, tuple) else str(addr)
        if host not in BOX:
            for among, most, what in ((lambda c: _address(c) == host, PER_HOST, "from this address"),
                                      (lambda c: not c.paired, STRANGERS, "that no paired phone's cookie came on"),
                                      (lambda c: True, CONNECTIONS, "from the network")):
                crowd = [c for c in (map or {}).values() if isinstance(c, HTTPChannel) and c.connected
                         and _address(c) not in BOX and among(c)]
                if len(crowd) >= most and not _make_room(crowd):
                    return refuse(conn, host, f"{len(crowd)} connections {what} are open, and none a stranger's idle one")
        made = channel_class(server, conn, addr, adj, map=map)
        made.parser_class = parser
        made.request_began = None
        made.paired = host in BOX  # the box is trusted as a paired phone is
        made.received = types.MethodType(_timed(made.received), made)
        return made

    return channel


def _address(channel: HTTPChannel) -> str:
    return channel.addr[0] if isinstance(channel.addr, tuple) else str(channel.addr)


def _make_room(crowd: list[HTTPChannel]) -> bool:
    """Close the oldest of `crowd` that no paired phone's cookie came on and that has no request in hand (a
    stranger's slow socket, or one never used); False when there is none."""
    idle = [c for c in crowd if not c.paired and not c.requests]
    if not idle:
        return False
    min(idle, key=lambda c: c.creation_time).handle_close()
    return True


def _ahead(server: Any, channel: HTTPChannel) -> None:
    """waitress's `add_task`, with the requests of paired phones and the box going to the worker threads ahead
    of the strangers' waiting for one (in the order they came among themselves)."""
    if not getattr(channel, "paired", False):
        return server.task_dispatcher.add_task(channel)
    tasks = server.task_dispatcher
    with tasks.lock:
        tasks.queue.insert(sum(1 for t in tasks.queue if getattr(t, "paired", False)), channel)
        tasks.queue_cv.notify()


def _timed(received: Callable[[bytes], bool]) -> Callable[[Any, bytes], bool]:
    """A channel's `received`, noting when the request under way began (its first byte), and that the
    connection is a paired phone's once a request's headers on it have shown one's cookie."""
    def timed(channel: Any, data: bytes) -> bool:
        if channel.request is None and data:
            channel.request_began = time.time()
        done = received(data)
        if not channel.paired:
            channel.paired = any(getattr(r, "session", None) is not None for r in [channel.request, *channel.requests])
        return done

    return timed


def _maintenance(maintenance: Callable[[float], None]) -> Callable[[Any, float], None]:
    """waitress's look for idle connections, and for requests past their deadline: headers still trickling
    in HEADERS_DEADLINE seconds after their first byte, a small body REQUEST_DEADLINE seconds after it."""
    def look(server: Any, now: float) -> None:
        maintenance(now)
        for channel in list(server.active_channels.values()):
            request, began = channel.request, getattr(channel, "request_began", None)
            if request is None or began is None or request.completed:
                continue
            late = (not request.headers_finished and now - began > HEADERS_DEADLINE) or (
                request.headers_finished and request.content_length <= MAX_BODY and now - began > REQUEST_DEADLINE)
            if late:
                channel.will_close = True

    return look


def _parser(sessions: Any, spool: _Spool) -> type[HTTPRequestParser]:
    """waitress's request parser, reading the session cookie with the headers (`session`: the paired phone's, or
    None), and answering before a body is taken in when the sender may not send it: more than MAX_BODY from anyone
    but a host's phone restoring a backup; a host's restore without its CSRF token; a host's restore while
    another one is under way (one at a time: `spool`); a body of unknown length."""

    class Parser(HTTPRequestParser):
        spooling = False  # this request holds the spool: it is a restore
        token = ""  # its header SPOOLED, which names it to `_letting_go` once the app is done with it
        session = None

        def parse_header(self, header_plus: bytes) -> None:
            super().parse_header(header_plus)
            self.headers.pop(SPOOLED, None)  # the server's own word, never a sender's
            self.session = _session(sessions, self.headers.get("COOKIE", ""))
            if self.chunked:
                self._refuse("a body sent in chunks is refused here: send its length")
            elif self.content_length > MAX_BODY or self.path == RESTORE:
                self._restore()

        def _restore(self) -> None:
            """A body larger than the panel's forms is only a host's restore, with its token; a host's restore,
            whatever its size, only while no other is under way. Any other small body: the panel answers it."""
            session = self.session if self.path == RESTORE else None
            host = session is not None and session.host
            most = MAX_BACKUP if host else MAX_BODY
            if self.content_length > most:
                self._refuse(f"the request is larger than the {most} bytes the panel takes from this phone"
                             + (" (only a host's phone restores a backup)" if self.path == RESTORE else ""))
            elif not host:
                return
            elif not hmac.compare_digest(self.headers.get("X_CSRF_TOKEN", "").encode(), session.csrf.encode()):
                self._refuse("missing or wrong CSRF token: reload the page", Refused.FORBIDDEN)
            elif not spool.take(self):
                self._refuse("another restore is under way: wait for it, then look at the table", Refused.BUSY)
            else:
                self.spooling = True
                self.headers[SPOOLED] = self.token = secrets.token_hex(8)

        def received(self, data: bytes) -> int:
            if self.spooling:
                spool.heard(self)
            return super().received(data)

        def close(self) -> None:
            super().close()
            if self.spooling:
                spool.let_go(self)

        def _refuse(self, why: str, answer: tuple[int, str] | None = None) -> None:
            """An answer now (413 unless said): the body is never read (the connection closes after it)."""
            self.error = Refused(why, answer or Refused.TOO_LARGE)
            self.body_rcv, self.content_length, self.chunked = None, 0, False
            self.connection_close = True

    return Parser


class _Spool:
    """The one restore a server takes at a time: taken when its headers are read, let go when the panel is done
    with it (`done`, before its answer is sent), or when its request is closed unanswered. A sender silent for
    longer than a connection may be (its connection is closed then, and waitress tells its parser nothing) loses
    its place to the next restore."""

    clock = staticmethod(time.monotonic)  # when a sender was last heard (a test moves its own)

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holder: Any = None
        self._heard = 0.0

    def take(self, parser: Any) -> bool:
        with self._lock:
            holder = self._holder
            silent = self.clock() - self._heard > CHANNEL_TIMEOUT + 2 * CLEANUP_EVERY
            if holder is not None and not (silent and not holder.completed):
                return False
            self._holder, self._heard = parser, self.clock()
            return True

    def heard(self, parser: Any) -> None:
        with self._lock:
            if self._holder is parser:
                self._heard = self.clock()

    def let_go(self, parser: Any) -> None:
        with self._lock:
            if self._holder is parser:
                self._holder = None

    def done(self, token: str | None) -> None:
        """The app is done with the restore whose header SPOOLED says `token`."""
        with self._lock:
            if token and self._holder is not None and self._holder.token == token:
                self._holder = None


class Refused(Error):
    """waitress's answer to a request it refuses, as the panel's API answers an error: JSON with the reason."""

    TOO_LARGE = (413, "Request Entity Too Large")
    FORBIDDEN = (403, "Forbidden")
    BUSY = (409, "Conflict")

    def __init__(self, body: str, answer: tuple[int, str] = TOO_LARGE) -> None:
        super().__init__(body)
        self.code, self.reason = answer

    def to_response(self, ident: str | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
        return (f"{self.code} {self.reason}", [("Content-Type", "application/json")],
                json.dumps({"error": self.body}).encode())


def _session(sessions: Any, cookies: str) -> Any:
    """The paired phone whose session cookie a request carries, or None (read, not touched: nothing is written)."""
    try:
        jar = SimpleCookie(cookies)
    except CookieError:
        return None
    morsel = jar.get(COOKIE)
    return sessions.peek(morsel.value) if morsel is not None else None
