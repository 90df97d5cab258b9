"""Pushed updates: the pages' one request, held until the table changes, answered with what changed (issue 55).

GET /api/changes?since=<at>&wait=<seconds> is held while the table is still at `since` (the version the
page shows, as the last answer's `at` gave it): answered when the table changes, with the parts of its
state that changed since then (and with `seat`, this phone's own seat view), or after the seconds with 204
(the page asks again at once). So a phone learns of a move when it is made, with a request every HOLD
seconds when nothing happens instead of two a second; and what crosses the air is the change, not the
whole state.

A held request keeps one of waitress's worker threads. At most HOLDERS are held at once, in threads of
their own (web_panel.serve gives waitress HOLDERS threads more than the panel's ordinary work uses): one
beyond them is answered at once, 204 with Retry-After (the page asks again that much later), so held
requests never take the threads the rest of the panel answers with.
"""

from __future__ import annotations

import secrets
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, g

from companion.runtime import _to_json as to_json  # the runtime's JSON of a view, as every phone has it
from web_panel.api import API

bp = Blueprint("push", __name__)

HOLD = 20  # seconds a request is held at most: under waitress's CHANNEL_TIMEOUT and a Wi-Fi router's patience
HOLDERS = 16  # requests held at once: 12 phones' pages, the host's, and a few more tabs
RETRY = 5  # seconds a page waits before asking again when every hold is taken
KEPT = 16  # the last versions of the state a change is told against; a page further behind has it whole
QUERY = {
    "type": "object",
    "properties": {
        "since": {"type": "string", "pattern": "^[0-9a-f]{8}[.][0-9]{1,18}$",
                  "description": "the last answer's `at` (this run of the companion and the table's version then): "
                                 "what changed since is answered"},
        "wait": {"type": "string", "pattern": "^[0-9]{1,3}$",
                 "description": f"hold the request while the table is at `since`, for at most this many seconds "
                                f"(at most {HOLD})"},
        "seat": {"type": "string", "enum": ["1"], "description": "with this phone's own seat view (GET /api/seat)"},
    },
}


class Changes:
    """The table's last states, and the requests held for its next one (the runtime tells it of each)."""

    def __init__(self, runtime: Any, holders: int = HOLDERS) -> None:
        self.runtime = runtime
        # Each run of the companion counts the table's versions again: a page's version from an earlier run
        # (the box restarted) names another state, and the page has the whole state again.
        self.run = secrets.token_hex(4)
        self._changed = threading.Condition()
        self._holds = threading.BoundedSemaphore(holders)
        self._closing = False
        self._held = 0  # requests held now
        self._views: deque[dict[str, Any]] = deque([runtime.view()], maxlen=KEPT)
        self._told: dict[tuple[int, int], bytes] = {}  # (since, version) -> what changed, as JSON: once for all
        runtime.add_listener(self._tell)

    def _tell(self, view: dict[str, Any]) -> None:
        with self._changed:
            self._views.append(view)
            self._told = {}
            self._changed.notify_all()

    def wait(self, same: Callable[[], bool], seconds: float) -> bool | None:
        """Hold until `same()` is no longer true, for at most `seconds`: True when it changed, False when the
        seconds ran out, None when no hold is free (answer at once, and say when to ask again)."""
        if not self._holds.acquire(blocking=False):
            return None
        try:
            with self._changed:
                self._held += 1
                try:
                    over = self._changed.wait_for(lambda: self._closing or not same(), min(seconds, HOLD))
                    return over and not same()
                finally:
                    self._held -= 1
                    self._changed.notify_all()
        finally:
            self._holds.release()

    def version(self, since: str | None) -> int | None:
        """The table's version a page's `since` names, when it is this run's (None otherwise)."""
        run, _, version = (since or "").partition(".")
        return int(version) if run == self.run else None

    def since(self, version: int | None) -> tuple[int, bytes]:
        """(the table's version now, the state's keys that changed since `version` as a JSON object's members:
        "changed" and "gone"; or the whole state, "state", when the page has none or one too old)."""
        view = self.runtime.view()
        now = view["version"]
        told = self._told.get((version, now))
        if told is None:
            old = next((v for v in self._views if v["version"] == version), None)
            if old is None:
                told = b'"state":' + to_json(view)
            else:
                changed = {key: value for key, value in view.items() if key not in old or old[key] != value}
                told = b'"changed":%s,"gone":%s' % (to_json(changed), to_json([key for key in old if key not in view]))
            self._told[(version, now)] = told
        return now, told

    def close(self, seconds: float = 2.0) -> None:
        """The server stops: every held request is let go now, and answered before its connection is closed
        (for at most `seconds`)."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
            self._changed.wait_for(lambda: self._held == 0, seconds)


@API.route(bp, "GET", "/api/changes", "What changed at the table since the version the page has (the whole "
           "state without one), held until it changes with ?wait=<seconds>; with ?seat=1, this phone's seat view "
           "too", query=QUERY, responses={"204": "unchanged (with Retry-After: ask again that many seconds later)"})
def changes(query: dict[str, str]):
    ext = current_app.extensions
    changes, runtime = ext["changes"], ext["runtime"]
    since = changes.version(query.get("since"))
    if since is not None and since == runtime.view()["version"]:
        held = changes.wait(lambda: since == runtime.view()["version"], int(query.get("wait", 0)))
        if not held:
            return Response(status=204, headers={"Retry-After": str(RETRY)} if held is None else {})
    return Response(answer(since, bool(query.get("seat"))), mimetype="application/json",
                    headers={"Cache-Control": "no-store"})


def answer(since: int | None, seat: bool) -> bytes:
    """/api/changes' answer for a page at version `since` (None: it has none, the whole state); `seat`: this
    phone's seat view with it. A page opened is given the first one in its HTML (pages.py), a round trip saved."""
    ext = current_app.extensions
    changes, runtime = ext["changes"], ext["runtime"]
    version, told = changes.since(since)
    held = g.session.seat if seat else None
    mine = runtime.seat_json(held) if held is not None else None
    return b'{"at":"%s.%d",%s%s}' % (changes.run.encode(), version, told,
                                     b',"seat":' + mine[1] if mine and mine[0] == version else b"")
