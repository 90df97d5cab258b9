"""The JSON API's operations, declared once: routed, validated and described by OpenAPI.

Each operation names its request body's and query's JSON Schemas; the same
schemas validate every request (fastjsonschema) and make `/api/openapi.json`,
so the description cannot drift from what the server accepts. A body or query
that does not fit gets a 400 that names the field; an operation is public
(usable before pairing) only when it says so, and host-only (the host's phone alone: TABLE.md) when it says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any

import fastjsonschema
from flask import Blueprint, jsonify, request

from companion import __version__
from companion.json_depth import MAX_DEPTH, depth
from companion.whole_numbers import float_where_int

_PARAM = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")
# A whole number in a path fits SQLite's INTEGER, or the route does not match (a 404, never a 500).
PATH_INT = "int(max=9223372036854775807)"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@dataclass
class Operation:
    method: str
    path: str  # the Flask rule, e.g. /api/history/<int:game_id>
    summary: str
    body: dict[str, Any] | None
    query: dict[str, Any] | None
    public: bool
    responses: dict[str, str] = field(default_factory=dict)
    endpoint: str = ""
    upload: str | None = None  # the media type of a file the body carries (the view reads request.stream)
    host: bool = False  # only the host's phone may (checked before the body is read)


class Api:
    def __init__(self) -> None:
        self.operations: list[Operation] = []

    def public_endpoints(self) -> frozenset[str]:
        return frozenset(op.endpoint for op in self.operations if op.public)

    def host_endpoints(self) -> frozenset[str]:
        return frozenset(op.endpoint for op in self.operations if op.host)

    def route(self, bp: Blueprint, method: str, path: str, summary: str, *, body: dict[str, Any] | None = None,
              query: dict[str, Any] | None = None, public: bool = False, host: bool = False,
              responses: dict[str, str] | None = None, upload: str | None = None) -> Callable:
        """Register `view` on `bp`; it receives the checked body as `body=` and the query as `query=`
        (`upload`: the body is a file of that media type instead, which the view reads itself; `host`: only
        the host's phone may)."""
        op = Operation(method, path, summary, body, query, public, responses or {}, upload=upload, host=host)
        check_body = fastjsonschema.compile(body) if body is not None else None
        check_query = fastjsonschema.compile(query) if query is not None else None
        self.operations.append(op)

        def decorate(view: Callable) -> Callable:
            op.endpoint = f"{bp.name}.{view.__name__}"

            @wraps(view)
            def checked(**params: Any) -> Any:
                if check_body is not None:
                    data, error = _json_body()
                    error = error or _validate(check_body, data, "body") or _whole(op.body, data, "body")
                    if error:
                        return jsonify(error=error), 400
                    params["body"] = data
                if check_query is not None:
                    args = {k: v for k, v in request.args.items()}
                    error = _validate(check_query, args, "query")
                    if error:
                        return jsonify(error=error), 400
                    params["query"] = args
                return view(**params)

            bp.add_url_rule(path, view.__name__, checked, methods=[method])
            return checked

        return decorate

    def openapi(self, served: Any = None) -> dict[str, Any]:
        """The OpenAPI document of the operations this app serves (`served`: its endpoint names)."""
        paths: dict[str, Any] = {}
        for op in self.operations:
            if served is not None and op.endpoint not in served:
                continue  # a blueprint this app did not register (the simulated table on real parts)
            path = _PARAM.sub(r"{\2}", op.path)
            entry: dict[str, Any] = {
                "summary": op.summary,
                "operationId": op.endpoint.replace(".", "_"),
                "responses": {"200": {"description": "done"}, **{k: {"description": v} for k, v in op.responses.items()},
                              "400": {"description": "the request is malformed; `error` says which field"}},
            }
            params = [{"name": name, "in": "path", "required": True,
                       "schema": {"type": "integer", "minimum": 0, "maximum": 2**63 - 1} if kind == "int" else {"type": "string"}}
                      for kind, name in _PARAM.findall(op.path)]
            for name, schema in ((op.query or {}).get("properties") or {}).items():
                params.append({"name": name, "in": "query", "required": name in (op.query or {}).get("required", []),
                               "schema": schema})
            if params:
                entry["parameters"] = params
            if op.body is not None:
                entry["requestBody"] = {"required": True, "content": {"application/json": {"schema": op.body}}}
            elif op.upload is not None:
                entry["requestBody"] = {"required": True,
                                        "content": {op.upload: {"schema": {"type": "string", "format": "binary"}}}}
            if "requestBody" in entry:
                entry["responses"]["413"] = {"description": "the body is larger than the panel takes"}
            if op.public:
                entry["security"] = []
            else:
                entry["responses"]["401"] = {"description": "this phone is not paired: open /pair"}
                refused = [NOT_HOST_WHY] if op.host else []
                if op.method not in SAFE_METHODS:
                    refused.insert(0, "the X-CSRF-Token header is missing or wrong")
                else:
                    entry["security"] = [{"session": []}]
                own = entry["responses"].get("403", {}).get("description")
                if refused:
                    entry["responses"]["403"] = {"description": "; or ".join(refused + ([own] if own else []))}
                if op.host:
                    entry["x-host-only"] = True
            paths.setdefault(path, {})[op.method.lower()] = entry
        return {
            "openapi": "3.1.0",
            "info": {"title": "Tabletop companion panel", "version": __version__,
                     "description": "Pair first (POST /api/pair with the code the table shows); then send the session "
                                    "cookie, and on every state-changing request the X-CSRF-Token from GET /api/session."},
            "components": {"securitySchemes": {
                "session": {"type": "apiKey", "in": "cookie", "name": "companion_session"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token"},
            }},
            "security": [{"session": [], "csrf": []}],
            "paths": paths,
        }


NOT_HOST_WHY = "only the host's phone may do this (a player's phone is refused before its body is read)"


def _json_body() -> tuple[Any, str | None]:
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # json's decoder recurses: a body of ten thousand [[[ brackets
        return None, f"the body nests deeper than {MAX_DEPTH} levels"
    if data is None:
        return None, "send a JSON body (Content-Type: application/json)"
    if depth(data) > MAX_DEPTH:
        return None, f"the body nests deeper than {MAX_DEPTH} levels"
    return data, None


def _whole(schema: dict[str, Any] | None, data: Any, where: str) -> str | None:
    found = float_where_int(schema, data)
    return f"{where}.{found} must be a whole number (no decimal point)" if found else None


def _validate(check: Callable[[Any], Any], data: Any, where: str) -> str | None:
    try:
        check(data)
    except fastjsonschema.JsonSchemaValueException as e:
        return e.message.replace("data", where, 1)
    return None


API = Api()
