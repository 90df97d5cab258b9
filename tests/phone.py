"""A phone talking to the panel over HTTP: pairs with the table's code, keeps its cookie and CSRF token."""

import http.client
import json
import os
import re
import socket
import threading
import warnings
from contextlib import contextmanager

from waitress import wasyncore

from web_panel.serve import make_server


def request(port, method, path, body=None, headers=None):
    """One raw request: (status, body bytes, headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    payload = response.read()
    conn.close()
    return response.status, payload, response.headers


class Phone:
    def __init__(self, port):
        self.port = port
        self.cookie = ""
        self.csrf = ""

    def pair(self, code, name="test phone"):
        status, body, headers = request(self.port, "POST", "/api/pair", {"code": code, "name": name})
        assert status == 200, body
        self.cookie = re.match(r"(companion_session=[^;]+)", headers["Set-Cookie"]).group(1)
        answer = json.loads(body)
        self.csrf = answer["csrf"]
        self.id, self.short, self.host = answer["session"]["id"], answer["session"]["short"], answer["session"]["host"]
        return self

    def raw(self, method, path, body=None, headers=None, csrf=True):
        sent = {"Cookie": self.cookie} if self.cookie else {}
        if csrf and self.csrf:
            sent["X-CSRF-Token"] = self.csrf
        return request(self.port, method, path, body, {**sent, **(headers or {})})

    def call(self, method, path, body=None, headers=None, csrf=True):
        """(status, JSON answer or None)."""
        status, payload, _ = self.raw(method, path, body, headers, csrf)
        return status, json.loads(payload) if payload and payload[:1] in (b"{", b"[") else payload

    def get(self, path):
        return self.call("GET", path)

    def post(self, path, body=None):
        return self.call("POST", path, {} if body is None else body)

    def input(self, action, path="/api/input"):
        """An input the table must accept: its answer."""
        status, body = self.post(path, action)
        assert status == 200, (action, body)
        return body


def paired_phone(app, port):
    """A phone paired with the code the app's pairing shows now."""
    return Phone(port).pair(app.extensions["pairing"].code)


@contextmanager
def serving(app, threads=2):
    """The app on a real waitress server on a free loopback port; yields the port.

    Stopped in the box's order, with the loop still running: the requests held for a change are answered, the
    workers stop, and only then does the loop end and close its sockets and trigger, in its own thread. Closed from
    another thread while it served (waitress issue #468), waitress's close() raced its select, and a worker that
    finished afterwards wrote to the closed trigger's descriptor. The loop is woken for its end by a connection to
    its own port, never through the trigger: nothing is written to a pipe the teardown does not own."""
    server = make_server(app, "127.0.0.1", 0, threads=threads)
    port = server.effective_port
    connections = getattr(server, "map", None) or server._map
    trigger_file = os.fstat(server.trigger.trigger)  # the wake-up pipe's write end, compared at the end
    ended = threading.Event()
    failed = []

    def run():
        try:
            while not ended.is_set():
                wasyncore.loop(timeout=server.adj.asyncore_loop_timeout, map=connections, count=1)
        except BaseException as e:  # said at the teardown: a test whose server died under it must not pass
            failed.append(e)
        finally:
            wasyncore.close_all(connections, ignore_all=True)

    thread = threading.Thread(target=run, name="test-server", daemon=True)
    thread.start()
    try:
        yield port
    finally:
        _check_trigger(server, trigger_file)
        app.extensions["changes"].close()
        # waitress stops its workers only on SystemExit (the box's SIGTERM): stopped here, or they stay waiting for
        # work (3,254 piled up in one test process).
        server.task_dispatcher.shutdown()
        ended.set()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()  # wakes the loop's select
        except OSError:
            pass  # the loop has already ended (then `failed` says why)
        thread.join(15)
        if failed:
            raise AssertionError("the test's server stopped serving during the test") from failed[0]
        assert not thread.is_alive(), "the test's server did not stop within 15 s"


class ForeignClose(RuntimeWarning):
    """The write end of a test server's wake-up pipe was closed or replaced by something outside waitress."""


def _check_trigger(server, before):
    """Twice in CI a test server's trigger was found closed when the teardown woke the loop through it (EBADF),
    with no exception in the loop and no os.close of it seen: something in the test process closed a number it
    did not own. The teardown no longer writes to it; this says so, with the test's name, if it happens again."""
    try:
        now = os.fstat(server.trigger.trigger)
        same = (now.st_dev, now.st_ino) == (before.st_dev, before.st_ino)
    except OSError:
        same = False
    if not same:
        warnings.warn(ForeignClose("the test server's trigger was closed under it by something outside waitress"),
                      stacklevel=3)


@contextmanager
def two_phones(runtime):
    """The panel for `runtime` on a real server, and two phones paired with it (the table's and a player's)."""
    from companion import settings
    from web_panel.app import Box, create_app

    app = create_app(Box(settings.load(None), runtime))
    with serving(app) as port:
        yield paired_phone(app, port), paired_phone(app, port)
