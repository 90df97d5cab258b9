"""The panel's HTTP server: waitress, set up for a small box on a shared Wi-Fi.

Waitress's defaults suit a server in a data centre: 100 connections for
everyone together, two minutes before an idle connection is dropped, request
bodies up to 1 GB spooled to disk before the application sees them. On a café
Wi-Fi one host holding 100 slow sockets took the panel offline, and unpaired
uploads wrote a gigabyte to the card. Here:

- at most CONNECTIONS open at once, and at most PER_HOST of them from one
  address (a phone's browser opens up to six), so one host cannot fill the rest;
  waitress has no per-host limit of its own, so `_share` adds it at accept. The
  box itself (127.0.0.1, ::1: a browser or a proxy on the box) is not held to it;
- addresses no paired phone has used lately hold at most STRANGERS of them
  together: the last RESERVE are kept for the paired phones' addresses and the
  box, however many addresses strangers hold;
- a request's line and headers must arrive within HEADERS_DEADLINE seconds of
  its first byte, and a request with a small body within REQUEST_DEADLINE,
  whatever trickles in (waitress's own timeout counts only silence); a
  connection idle for CHANNEL_TIMEOUT seconds is closed (a page's request for the
  table's state is held at most web_panel.push.HOLD seconds, and asked again at once);
- a request's body is refused (413) as soon as its headers are read, before any
  of it is taken in, when it is larger than its sender may send: MAX_BODY (64
  KB, the panel's largest form) for everyone, MAX_BACKUP only for a restore
  from a host's phone. So a client that has not paired writes nothing to disk
  (waitress keeps a body under 512 KB in memory) and its body is never read
  whole; only the host's restore is spooled.
"""

from __future__ import annotations

import json
import logging
import time
import types
from collections.abc import Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.utilities import RequestEntityTooLarge

from web_panel.backups import MAX_BACKUP
from web_panel.push import HOLDERS
from web_panel.security import COOKIE

log = logging.getLogger(__name__)

CONNECTIONS = 100
PER_HOST = 12  # two phones' browsers behind one address (a guest network's NAT) still fit
RESERVE = 20  # connections only the paired phones' addresses and the box may open
STRANGERS = CONNECTIONS - RESERVE
CHANNEL_TIMEOUT = 30  # seconds of silence before a connection is closed
HEADERS_DEADLINE = 10  # seconds from a request's first byte to the end of its headers (a phone sends them at once)
REQUEST_DEADLINE = 30  # seconds for the whole of a request with a small body
CLEANUP_EVERY = 2  # seconds between looks for connections past a deadline or idle
HEADERS_MAX = 16 * 1024  # bytes of request line and headers: a phone sends under 2 KB
MAX_BODY = 64 * 1024  # bytes of body anyone may send (the panel's largest form); a host's restore aside
RESTORE = "/api/restore"
BOX = frozenset({"127.0.0.1", "::1"})  # the box's own address: no stranger on the network connects from it


def make_server(app: Any, host: str, port: int, threads: int = 4) -> Any:
    """The panel on waitress at host:port (port 0: any free one), not yet running. `threads` answer the
    panel's requests; HOLDERS more hold a page's request until the table changes (web_panel.push)."""
    server = create_server(app, host=host, port=port, threads=threads + HOLDERS, connection_limit=CONNECTIONS,
                           channel_timeout=CHANNEL_TIMEOUT, cleanup_interval=CLEANUP_EVERY,
                           max_request_body_size=MAX_BACKUP, max_request_header_size=HEADERS_MAX)
    sessions = app.extensions["sessions"]
    connections = getattr(server, "map", None) or server._map  # one listening socket, or several
    for listener in [s for s in connections.values() if isinstance(s, BaseWSGIServer)]:
        listener.channel_class = _share(listener.channel_class, _parser(sessions), sessions.known_address)
        listener.maintenance = types.MethodType(_maintenance(listener.maintenance), listener)
    server.close = _answering_held(app.extensions["changes"], server.close)
    return server


def _answering_held(changes: Any, close: Callable[[], None]) -> Callable[[], None]:
    """The server's close, letting the requests held for a change go first (answered while their connections
    are open, and their threads free)."""
    def closing() -> None:
        changes.close()
        close()

    return closing


def _share(channel_class: type[HTTPChannel], parser: type[HTTPRequestParser],
           known: Callable[[str], bool]) -> Any:
    """waitress's channel class, refusing a connection from an address that holds PER_HOST already, or from
    an address no paired phone uses once strangers hold STRANGERS; each connection parses with `parser`."""
    warned: dict[str, float] = {}

    def refuse(conn: Any, host: str, why: str) -> None:
        conn.close()
        if time.monotonic() - warned.get(host, -1e9) > 60:  # one line a minute per host, not one per socket
            warned[host] = time.monotonic()
            log.warning("%s: %s; more from it are closed", host, why)

    def channel(server: Any, conn: Any, addr: Any, adj: Any, map: dict | None = None) -> HTTPChannel | None:
        host = addr[0] if isinstance(addr, tuple) else str(addr)
        if host not in BOX:
            open_ = [c.addr[0] for c in (map or {}).values() if isinstance(c, HTTPChannel) and c.addr]
            held = sum(1 for h in open_ if h == host)
            if held >= PER_HOST:
                return refuse(conn, host, f"it holds {held} connections to the panel already")
            if not known(host) and sum(1 for h in open_ if h not in BOX and not known(h)) >= STRANGERS:
                return refuse(conn, host, f"addresses no paired phone uses hold {STRANGERS} connections")
        made = channel_class(server, conn, addr, adj, map=map)
        made.parser_class = parser
        made.request_began = None
        made.received = types.MethodType(_timed(made.received), made)
        return made

    return channel


def _timed(received: Callable[[bytes], bool]) -> Callable[[Any, bytes], bool]:
    """A channel's `received`, noting when the request under way began (its first byte)."""
    def timed(channel: Any, data: bytes) -> bool:
        if channel.request is None and data:
            channel.request_began = time.time()
        return received(data)

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


def _parser(sessions: Any) -> type[HTTPRequestParser]:
    """waitress's request parser, answering 413 before a body is taken in when the sender may not send that
    much: MAX_BODY for everyone, MAX_BACKUP for a restore from a host's phone (its session cookie)."""

    class Parser(HTTPRequestParser):
        def parse_header(self, header_plus: bytes) -> None:
            super().parse_header(header_plus)
            if self.chunked or self.content_length > MAX_BODY:
                most = MAX_BACKUP if self.path == RESTORE and _host(sessions, self.headers.get("COOKIE", "")) else MAX_BODY
                if self.chunked and most == MAX_BODY:
                    self._refuse("a body sent in chunks is refused here: send its length")
                elif self.content_length > most:
                    self._refuse(f"the request is larger than the {most} bytes the panel takes from this phone"
                                 + (" (only a host's phone restores a backup)" if self.path == RESTORE else ""))

        def _refuse(self, why: str) -> None:
            """413 now: the body is never read (the connection closes after the answer)."""
            self.error = TooLarge(why)
            self.body_rcv, self.content_length, self.chunked = None, 0, False
            self.connection_close = True

    return Parser


class TooLarge(RequestEntityTooLarge):
    """waitress's 413, answered as the panel's API answers an error: JSON with the reason."""

    def to_response(self, ident: str | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
        return (f"{self.code} {self.reason}", [("Content-Type", "application/json")],
                json.dumps({"error": self.body}).encode())


def _host(sessions: Any, cookies: str) -> bool:
    """Whether the request's session cookie is a host's phone's (read, not touched: nothing is written)."""
    try:
        jar = SimpleCookie(cookies)
    except CookieError:
        return False
    morsel = jar.get(COOKIE)
    session = sessions.peek(morsel.value) if morsel is not None else None
    return bool(session and session.host)
