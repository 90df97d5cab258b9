"""The web panel: `create_app(settings, runtime)`, served by waitress.

In this first version it shows the live table and lets a phone on the same
machine drive a free-play game. Pairing, sessions and the full API come with
the panel's own issue; until then every state-changing request needs the
page's CSRF token and a Host header the companion answers to.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, render_template, request

from companion.runtime import Runtime
from web_panel import reader as reader_pages

bp = Blueprint("table", __name__)

MAX_BODY = 16 * 1024


def create_app(settings: dict[str, Any], runtime: Runtime, sim: Any = None, reader: Any = None) -> Flask:
    """`sim`: the simulated table's parts (hardware.factory.SimulatedParts), or None on real hardware;
    `reader`: the link to the reader (firmware_bridge.link.ReaderLink), or None when there is none."""
    app = Flask(__name__)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,
        CSRF_TOKEN=secrets.token_urlsafe(24),
        ALLOWED_HOSTS=_allowed_hosts(settings["web"]),
    )
    app.extensions["runtime"] = runtime
    app.extensions["reader"] = reader
    app.register_blueprint(bp)
    app.register_blueprint(reader_pages.bp)
    if sim is not None:
        from web_panel import sim as sim_pages

        app.extensions["sim"] = sim
        app.register_blueprint(sim_pages.bp)
    app.before_request(_check_host)
    app.before_request(_check_csrf)
    app.register_error_handler(400, lambda e: (jsonify(error=e.description), 400))
    app.register_error_handler(413, lambda e: (jsonify(error=f"the request is larger than {MAX_BODY} bytes"), 413))
    return app


def _allowed_hosts(web: dict[str, Any]) -> frozenset[str] | None:
    """Host names answered; None when listening on every address (the pairing issue narrows it)."""
    if web["host"] in ("0.0.0.0", "::"):
        return None
    return frozenset({"127.0.0.1", "localhost", "::1", web["host"].lower().strip("[]")})


def _host_name(host: str) -> str:
    """'[::1]:8080' -> '::1', 'localhost:8080' -> 'localhost'."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def _check_host() -> None:
    # DNS rebinding: a page from elsewhere that points its own name at this
    # address still sends its own Host header.
    allowed = current_app.config["ALLOWED_HOSTS"]
    if allowed is not None and _host_name(request.host.lower()) not in allowed:
        abort(400, description=f"this companion does not answer to the host name {request.host!r}")


def _runtime() -> Runtime:
    return current_app.extensions["runtime"]


@bp.get("/")
def table_page():
    return render_template("table.html", csrf_token=current_app.config["CSRF_TOKEN"],
                           simulated="sim" in current_app.extensions)


def _check_csrf() -> tuple[Response, int] | None:
    """Every request that changes something carries the page's CSRF token, or gets a 403."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    token = request.headers.get("X-CSRF-Token", "")
    if not hmac.compare_digest(token, current_app.config["CSRF_TOKEN"]):
        return jsonify(error="missing or wrong CSRF token: reload the page"), 403
    return None


@bp.get("/api/state")
def state():
    return jsonify(_runtime().view())


@bp.post("/api/input")
def submit_input():
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("type"), str):
        return jsonify(error='send a JSON object with a "type", e.g. {"type": "advance"}'), 400
    try:
        outcome = _runtime().submit(body)
    except TimeoutError:
        return jsonify(error="the table did not answer in time; try again"), 503
    if not outcome.accepted:
        return jsonify(error=outcome.reason, needs_confirm=outcome.needs_confirm), 409
    return jsonify(accepted=True, log=list(outcome.log), seq=outcome.seq)
