"""The pages' static files (static/: the style and the scripts, ES modules), each under a versioned address.

`static_url(name)` is a file's address with its hash in it (/static/panel.css?v=<hash>), which the browser keeps for
good (web_panel.compress): a new version of the file has a new address. A module's imports of its neighbours
("./dom.js") are served versioned the same way, so a module's hash covers the modules it imports and a page's
whole script is kept. `page_script(name)` is a page's script tag, and a modulepreload link for each module it
imports (so a phone on a slow link asks for them all at once rather than one level of imports after another)
and for the other pages' scripts (kept for the pages it opens next).
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
import re
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, abort, request, url_for
from markupsafe import Markup

STATIC = Path(__file__).parent / "static"
# A module's import of a neighbour: import {a, b} from "./dom.js";
IMPORT = re.compile(r'^(import\b[^";]*?\bfrom |import )"(\.{1,2}/[^"?]+\.js)";', re.M)


def install(app: Flask) -> None:
    """`static_url` and `page_script` for the templates."""
    app.jinja_env.globals.update(static_url=static_url, page_script=page_script)


def static_url(name: str) -> str:
    """The static file's versioned address: its hash in it, so a browser may keep it for good."""
    return url_for("pages.static", filename=name, v=version(name))


def page_script(name: str) -> Markup:
    """A page's script (`name` under static/js/), with a modulepreload link for each module it imports, then for
    every other module (the other pages' scripts): the phone keeps them all from its first page, so a page
    opened from another costs no request for its script, as when one file held the pages' script."""
    url, stamp = f"js/{name}", _stamp()
    mine = _imports(url, stamp)
    others = [other for other, _ in stamp
              if other.startswith("js/") and other.endswith(".js") and other not in (url, *mine)]
    links = [Markup('<link rel="modulepreload" href="{}">').format(static_url(dep)) for dep in [*mine, *others]]
    return Markup("\n").join([*links, Markup('<script type="module" src="{}"></script>').format(static_url(url))])


def version(name: str) -> str:
    """The first hex digits of the file's hash as served (read again when a file changes on disk)."""
    return _files(_stamp())[name][1]


def serve(filename: str) -> Response:
    """GET /static/<filename>: the file as served, answered 304 when the browser holds this version."""
    found = _files(_stamp()).get(filename)
    if found is None:
        abort(404)
    body, tag = found
    response = Response(body, mimetype=mimetypes.guess_type(filename)[0] or "application/octet-stream")
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # revalidated, unless asked for at its version (compress)
    return response.make_conditional(request)


def _stamp() -> tuple[tuple[str, int], ...]:
    return tuple(sorted((p.relative_to(STATIC).as_posix(), p.stat().st_mtime_ns) for p in STATIC.rglob("*")
                        if p.is_file()))


@lru_cache(maxsize=2)
def _files(stamp: tuple[tuple[str, int], ...]) -> dict[str, tuple[bytes, str]]:
    """Every static file as served, and its version: a module with its imports' versions in their addresses."""
    files: dict[str, tuple[bytes, str]] = {}

    def served(name: str) -> tuple[bytes, str]:
        if name not in files:
            text = (STATIC / name).read_bytes()
            if name.endswith(".js"):
                text = IMPORT.sub(lambda m: f'{m[1]}"{m[2]}?v={served(_resolved(name, m[2]))[1]}";',
                                  text.decode()).encode()
            files[name] = (text, hashlib.sha256(text).hexdigest()[:12])
        return files[name]

    for name, _ in stamp:
        served(name)
    return files


@lru_cache(maxsize=32)
def _imports(name: str, stamp: tuple[tuple[str, int], ...]) -> list[str]:
    """Every module `name` imports, itself or through another, once each."""
    found: list[str] = []
    for spec in IMPORT.findall((STATIC / name).read_text()):
        dep = _resolved(name, spec[1])
        for one in [dep, *_imports(dep, stamp)]:
            if one not in found:
                found.append(one)
    return found


def _resolved(importer: str, spec: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
