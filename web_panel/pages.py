"""The panel's pages: HTML for a phone, no build step, nothing fetched from the internet."""

from __future__ import annotations

from flask import Blueprint, current_app, g, render_template
from markupsafe import Markup, escape

from companion.core.words import sentence
from web_panel import push, static_files

bp = Blueprint("pages", __name__)
bp.add_url_rule("/static/<path:filename>", "static", static_files.serve, methods=["GET"])

# address -> (endpoint, template); "pair" is the one page open to a phone that has not paired.
PAGES = {
    "/pair": ("pair", "pair.html"),
    "/": ("table", "table.html"),
    "/new": ("new_game", "new.html"),
    "/scores": ("scores", "scores.html"),
    "/history": ("history", "history.html"),
    "/cards": ("cards", "cards.html"),
    "/settings": ("settings", "settings.html"),
    "/seat": ("seat", "seat.html"),
}


# The pages that follow the table (watch.js) and whether with this phone's seat: their first state comes in the
# page itself, as /api/changes would answer it, so a phone on a slow link shows the table one round trip sooner.
FOLLOWS = {"table.html": False, "seat.html": True}


def _page(template: str):
    if template in FOLLOWS:
        return lambda: _render(template, first=_first(FOLLOWS[template]))
    return lambda: _render(template)


def _first(seat: bool) -> Markup:
    """The first answer of /api/changes, to sit in a JSON data block (never run as a script): every "<", ">"
    and "&" escaped, so nothing in a name can close the block."""
    body = push.answer(None, seat).decode()
    return Markup(body.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _render(template: str, **more):
    session = g.get("session")
    parts = current_app.extensions["health"]()
    return render_template(template, csrf=session.csrf if session else "", phone=session,
                           host=bool(session and session.host),
                           simulated=current_app.extensions.get("sim") is not None,
                           notices=_notices(parts) if session else [],
                           no_display=not parts.get("display", {"ok": True})["ok"], **more)


def not_found(path: str):
    """The panel's own page for an address it does not have: sized for a phone, with the way back to the table."""
    return _render("missing.html", path=path), 404


for _path, (_endpoint, _template) in PAGES.items():
    bp.add_url_rule(_path, _endpoint, _page(_template), methods=["GET"])


def _notices(parts: dict) -> list[dict[str, Markup]]:
    """What the owner should know at the top of every page: saved settings that failed, a missing part
    (its problem, and its fix behind a tap; `commands` in a fix are shown as code)."""
    notices = []
    problem = current_app.config.get("SETTINGS_PROBLEM")
    if problem:
        notices.append({"text": _code(sentence(problem) + "."), "fix": Markup("")})
    for state in parts.values():
        if not state["ok"]:
            notices.append({"text": _code(sentence(state["problem"].rstrip(".!")) + "."), "fix": _code(state["fix"])})
    return notices


def _code(text: str) -> Markup:
    """Escaped text, with each `span` in backticks as <code>."""
    return Markup("").join(Markup("<code>{}</code>").format(part) if i % 2 else escape(part)
                           for i, part in enumerate(text.split("`")))
