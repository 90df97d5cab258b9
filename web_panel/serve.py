"""The panel's HTTP server: waitress, set up for a small box on a shared Wi-Fi.

Waitress's defaults suit a server in a data centre: 100 connections for
everyone together, two minutes before an idle connection is dropped, request
bodies up to 1 GB spooled to disk before the application sees them. On a café
Wi-Fi one host holding 100 slow sockets took the panel offline. Here:

- at most CONNECTIONS open at once, and at most PER_HOST of them from one
  address (a phone's browser opens up to six), so one host cannot fill the rest;
  waitress has no per-host limit of its own, so `_share` adds it at accept. The
  box itself (127.0.0.1, ::1: a browser or a proxy on the box) is not held to it;
- a connection idle for CHANNEL_TIMEOUT seconds is closed (the pages poll once
  a second, so a phone's own connection never is);
- a body larger than the panel takes anywhere (a backup to restore, the
  largest) is refused by waitress before it is spooled.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer

from web_panel.backups import MAX_BACKUP

log = logging.getLogger(__name__)

CONNECTIONS = 100
PER_HOST = 12  # two phones' browsers behind one address (a guest network's NAT) still fit
CHANNEL_TIMEOUT = 30  # seconds
CLEANUP_EVERY = 5  # seconds between waitress's looks for idle connections
HEADERS_MAX = 16 * 1024  # bytes of request line and headers: a phone sends under 2 KB
BOX = frozenset({"127.0.0.1", "::1"})  # the box's own address: no stranger on the network connects from it


def make_server(app: Any, host: str, port: int, threads: int = 4) -> Any:
    """The panel on waitress at host:port (port 0: any free one), not yet running."""
    server = create_server(app, host=host, port=port, threads=threads, connection_limit=CONNECTIONS,
                           channel_timeout=CHANNEL_TIMEOUT, cleanup_interval=CLEANUP_EVERY,
                           max_request_body_size=MAX_BACKUP, max_request_header_size=HEADERS_MAX)
    connections = getattr(server, "map", None) or server._map  # one listening socket, or several
    for listener in [s for s in connections.values() if isinstance(s, BaseWSGIServer)]:
        listener.channel_class = _share(listener.channel_class)
    return server


def _share(channel_class: type[HTTPChannel]) -> Any:
    """waitress's channel class, refusing a connection from an address that holds PER_HOST already."""
    warned: dict[str, float] = {}

    def channel(server: Any, conn: Any, addr: Any, adj: Any, map: dict | None = None) -> HTTPChannel | None:
        host = addr[0] if isinstance(addr, tuple) else str(addr)
        if host in BOX:
            return channel_class(server, conn, addr, adj, map=map)
        held = sum(1 for c in (map or {}).values() if isinstance(c, HTTPChannel) and c.addr and c.addr[0] == host)
        if held >= PER_HOST:
            conn.close()
            if time.monotonic() - warned.get(host, -1e9) > 60:  # one line a minute per host, not one per socket
                warned[host] = time.monotonic()
                log.warning("%s holds %d connections to the panel already: more from it are closed", host, held)
            return None
        return channel_class(server, conn, addr, adj, map=map)

    return channel
