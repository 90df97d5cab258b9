"""The web panel: `create_app(Box(settings, runtime, ...))`, served by waitress.

Blueprints: pages (HTML for a phone), pairing and sessions, the table and new
games, score sheets, past games, the reader and its cards, settings, seats,
and (on simulated parts) the simulated table. Every API operation is declared
in `web_panel.api` (validated, and described at /api/openapi.json).

Before any view runs, `_guard` checks the Host header, then the session: only
the pairing page and API, the OpenAPI document and static files are open to a
phone that has not paired; every state-changing request also needs the
session's CSRF token in the X-CSRF-Token header; and what only the box's owner
may do (backup, restore, settings, Wi-Fi, phones, cards, a new game, the table's
own inputs, the simulated box) answers a player's phone 403 before its body is read.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, g, jsonify, redirect, request
from werkzeug.exceptions import HTTPException

from companion import settings as settings_mod
from companion.runtime import Runtime
from web_panel import backups, compress, health as health_api, history, network, pages, pairing, push, scores, seats
from web_panel import settings_api, static_files
from web_panel import table as table_api
from web_panel import reader as reader_api
from web_panel.api import API, SAFE_METHODS
from web_panel.security import COOKIE, Hosts, Pairing, Sessions

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024
OPEN_PAGES = frozenset({"pages.pair", "pages.static"})
HOST_PAGES = frozenset({"pages.new_game", "pages.cards", "pages.settings"})  # a player's phone is sent to the table
NOT_HOST = ("only the host's phone may do this: the host is the phone paired first on a new box, or one paired by holding SELECT "
            "on the box for 3 seconds; the host can make another phone host on Settings")


@dataclass(frozen=True)
class Box:
    """What the panel serves and drives, in one object: the settings in force and the runtime; `sim`: the
    simulated table's parts (hardware.factory.SimulatedParts), or None on real hardware; `reader`: the link to
    the reader (firmware_bridge.link.ReaderLink), or None when there is none; `pairing`: the code the OLED
    shows (made by the panel when not given); `table`: the table thread, whose last frame the panel shows;
    `settings_file`: where the settings page saves; `settings_problem`: why the saved settings were not used at
    start (the last good ones were), for every page's header; `health`: the parts' state ({part: {ok,
    problem, fix}}), for /api/health and every page's header; `wifi`: the companion's own Wi-Fi
    (companion.wifi.OwnWifi), or None where it leaves the network alone."""

    settings: dict[str, Any]
    runtime: Runtime
    sim: Any = None
    reader: Any = None
    pairing: Pairing | None = None
    table: Any = None
    settings_file: Any = None
    settings_problem: str | None = None
    health: Callable[[], dict[str, Any]] | None = None
    wifi: Any = None


def create_app(box: Box) -> Flask:
    """The panel for `box` (a Flask app, for waitress: web_panel.serve)."""
    settings, runtime, sim = box.settings, box.runtime, box.sim
    app = Flask(__name__, static_folder=None)
    app.json.sort_keys = False  # a form's fields, a game's rule options, come in the order the game gives them
    web = settings["web"]
    hosts = Hosts(web["host"], web.get("allowed_hosts", []))
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, SETTINGS=settings, SETTINGS_FILE=box.settings_file,
                      SETTINGS_PROBLEM=box.settings_problem)
    app.extensions.update(
        runtime=runtime,
        reader=box.reader,
        sim=sim,
        table=box.table,
        health=box.health or (lambda: {}),
        wifi=box.wifi,
        hosts=hosts,
        sessions=Sessions(runtime, lifetime=web.get("session_hours", 16) * 3600),
        pairing=box.pairing or Pairing(lambda code: pairing_url(hosts, web["port"], code)),
        seat_asks=seats.AskLimit(),  # how often a phone asks the box for a held seat, and the box is asked for one
        changes=push.Changes(runtime),  # wakes the pages' requests held for the table's next version
        taps=table_api.Taps(),  # each phone's last input, for its double tap
        past_games=history.PastGames(runtime),  # past games replayed, off the requests' threads
    )
    for module in (pages, pairing, table_api, push, scores, history, reader_api, settings_api, seats, backups, health_api,
                   network):
        app.register_blueprint(module.bp)
    if sim is not None:
        from web_panel import sim as sim_pages

        app.register_blueprint(sim_pages.bp)
    app.add_url_rule("/api/openapi.json", "openapi", lambda: jsonify(API.openapi(app.view_functions)))
    app.extensions["open"] = API.public_endpoints() | OPEN_PAGES | {"openapi"}
    app.extensions["host_only"] = API.host_endpoints() | HOST_PAGES
    app.before_request(_guard)
    app.after_request(_headers)
    compress.install(app)
    static_files.install(app)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _internal_error)
    return app


def pairing_url(hosts: Hosts, port: int, code: str, address: str | None = None) -> str:
    """The address a phone opens to pair: `address` (the box's on its own Wi-Fi), or its address on the network."""
    address = address or hosts.lan_address()
    address = f"[{address}]" if ":" in address else address
    return f"http://{address}:{port}/pair?code={code}"


def _guard() -> Any:
    ext = _ext()
    # DNS rebinding: a page from elsewhere that points its own name at this
    # address still sends its own Host header.
    if not ext["hosts"].allows(request.host):
        own = ext["wifi"].address() if ext["wifi"] is not None else None
        if own is not None:
            # On the companion's own Wi-Fi every name is the box (its DNS says so): a phone's captive-portal
            # check lands here and is sent, with nothing else, to the pairing page at the box's address.
            return redirect(f"http://{own}:{current_app.config['SETTINGS']['web']['port']}/pair", 302)
        return jsonify(error=f"this companion does not answer to the host name {request.host!r}; "
                             "add it to web.allowed_hosts in the settings if it is yours"), 400
    g.session = ext["sessions"].get(request.cookies.get(COOKIE))
    if request.endpoint is None:
        return None  # 404 or 405: the error handler answers
    if request.endpoint in ext["open"]:
        if request.method not in SAFE_METHODS and not _same_origin():
            return jsonify(error="a request from another site's page is refused"), 403
        return None
    if g.session is not None and not ext.get("reached"):
        _reached()
    if g.session is None:
        if request.path.startswith("/api/"):
            return jsonify(error="this phone is not paired: open /pair and enter the code the table shows"), 401
        return redirect(f"/pair?next={request.full_path.rstrip('?')}" if request.path != "/" else "/pair")
    if request.method not in SAFE_METHODS:
        token = request.headers.get("X-CSRF-Token", "")
        if not hmac.compare_digest(token.encode(), g.session.csrf.encode()):
            return jsonify(error="missing or wrong CSRF token: reload the page"), 403
    if request.endpoint in ext["host_only"] and not g.session.host:
        if request.path.startswith("/api/"):
            return jsonify(error=NOT_HOST), 403
        return redirect("/")  # a page of the host's: a player's phone has the table
    return None


def _reached() -> None:
    """A paired phone reached the panel for the first time since the start: the settings file it started with
    is the one a failed start falls back to (settings that keep every phone away never become it)."""
    _ext()["reached"] = True
    path = current_app.config.get("SETTINGS_FILE")
    if path is not None:
        try:
            settings_mod.remember_good(path)
        except OSError as e:  # a full card: the table plays on, and says so in the log
            log.warning("cannot keep the settings that reached a phone: %s", e)


# Pages run only their own scripts (static files: no script in a page), show only their own and blob:
# images, are never framed, and never send their address (a pairing link holds its code) elsewhere.
_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def _headers(response: Any) -> Any:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if response.mimetype == "text/html":
        response.headers["Content-Security-Policy"] = _CSP
        response.headers["Cache-Control"] = "no-store"  # a page holds its session's CSRF token
    return response


def _ext() -> dict[str, Any]:
    return current_app.extensions


def _same_origin() -> bool:
    """A browser names the page a request comes from; a page elsewhere may not pair or sign in here."""
    origin = request.headers.get("Origin")
    return origin is None or urlsplit(origin).netloc.lower() == request.host.lower()


def _http_error(e: HTTPException) -> Any:
    if request.path.startswith("/api/"):
        messages = {404: f"no such API address {request.path}: see /api/openapi.json",
                    405: f"{request.method} is not allowed on {request.path}: see /api/openapi.json",
                    413: f"the request is larger than {request.max_content_length} bytes"}
        return jsonify(error=messages.get(e.code, e.description)), e.code
    if e.code == 404:
        return pages.not_found(request.path)
    return e


def _internal_error(e: Exception) -> Any:
    log.exception("the panel failed on %s %s", request.method, request.path)
    return jsonify(error="internal error; nothing was changed. The companion's log has the details."), 500
