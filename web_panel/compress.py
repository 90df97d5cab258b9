"""Smaller answers for a phone on a slow link (issue 55): gzip where it pays, and static files kept.

- JSON, JavaScript, CSS, SVG and HTML of at least SMALLEST bytes are sent gzipped to a browser that accepts
  it (every phone's does): the table's state is about a seventh of its size so. The same bytes (the state,
  served once per version to every phone) are compressed once.
- A static file asked for under its versioned address (web_panel.static_files: /static/js/dom.js?v=<its
  hash>) is kept by the browser for a year, unasked: a new version of the file has a new address. Without `v`
  (or with an old one) it is answered as before: revalidated at every load.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from typing import Any

from flask import Flask, current_app, request

from web_panel import static_files

SMALLEST = 512  # bytes: below this gzip's own header and a packet's worth save nothing
REMEMBERED = 256 * 1024  # bytes: an answer up to this size is compressed once (the state: once a version)
KINDS = frozenset({"application/json", "text/javascript", "application/javascript", "text/css", "image/svg+xml",
                   "text/html"})
KEPT = "public, max-age=31536000, immutable"


def install(app: Flask) -> None:
    """Compress `app`'s answers and keep its versioned static files."""
    app.after_request(_smaller)
    app.extensions["gzipped"] = lru_cache(maxsize=64)(_gzip)  # the answers compressed lately, by their bytes


def _gzipped(body: bytes) -> bytes:
    kept = current_app.extensions["gzipped"]
    return kept(body) if len(body) <= REMEMBERED else _gzip(body)  # a large export: not kept


def _gzip(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


def _smaller(response: Any) -> Any:
    if request.endpoint == "pages.static" and response.status_code in (200, 304):
        if request.args.get("v") == static_files.version(request.view_args["filename"]):
            response.headers["Cache-Control"] = KEPT
    if (response.status_code != 200 or response.mimetype not in KINDS or "Content-Encoding" in response.headers
            or "gzip" not in request.headers.get("Accept-Encoding", "").lower()
            or (response.is_streamed and request.endpoint != "pages.static")):  # an answer made as it goes
        return response
    response.direct_passthrough = False  # a static file is read whole (the panel's are a few tens of KB)
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(_gzipped(body))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response
