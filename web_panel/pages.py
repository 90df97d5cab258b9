"""The panel's pages: HTML for a phone, no build step, nothing fetched from the internet."""

from __future__ import annotations

from flask import Blueprint, current_app, g, render_template

bp = Blueprint("pages", __name__, static_folder="static", static_url_path="/static")


def _page(template: str, **extra):
    session = g.get("session")
    return render_template(template, csrf=session.csrf if session else "",
                           simulated=current_app.extensions.get("sim") is not None, **extra)


@bp.get("/pair")
def pair():
    return _page("pair.html")


@bp.get("/")
def table():
    return _page("table.html")


@bp.get("/new")
def new_game():
    return _page("new.html")


@bp.get("/scores")
def scores():
    return _page("scores.html")


@bp.get("/history")
def history():
    return _page("history.html")


@bp.get("/cards")
def cards():
    return _page("cards.html")


@bp.get("/settings")
def settings():
    return _page("settings.html")


@bp.get("/seat")
def seat():
    return _page("seat.html")
