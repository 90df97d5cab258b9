"""Validation shared by the five score sheets.

Each game describes its sheet with a JSON Schema (draft-07). The schema is
checked with ``fastjsonschema``; its messages ("data.players[0].name must be
string") are turned into one line that names the field the way a player
would read it ("players[0].name: must be a string, got 3"). What a schema
cannot say (unique names, one turret, ...) is checked in code afterwards and
reported the same way, as :class:`companion.errors.SheetError`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

import fastjsonschema

from companion.core.words import counted
from companion.errors import SheetError

DRAFT_07 = "http://json-schema.org/draft-07/schema#"

_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}

# Objects whose keys are goods: an unknown key is an unknown good, not a field.
_KEYED_BY_GOOD = ("store", "prices")


# --- schema fragments -------------------------------------------------------

def count(description: str, maximum: int | None = None) -> dict[str, Any]:
    """An integer >= 0 (and <= ``maximum`` when given)."""
    schema: dict[str, Any] = {"type": "integer", "minimum": 0, "description": description}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def name_schema() -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "pattern": r"\S", "title": "name",
            "description": "The player's name; names are unique within a sheet."}


def fixed_tuple(description: str, *items: dict[str, Any]) -> dict[str, Any]:
    """An array of exactly these items, in this order ("[suit, value]", a bridge's two tiles, ...)."""
    return {"type": "array", "description": description, "minItems": len(items), "maxItems": len(items),
            "items": list(items), "additionalItems": False}


def choice(title: str, values: Sequence[str], description: str = "") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "enum": list(values), "title": title}
    if description:
        schema["description"] = description
    return schema


def options_schema(options: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The optional ``"options"`` object: one property per rule switch, nothing else."""
    return {
        "type": "object",
        "title": "options",
        "description": "The rule options the players chose; an option left out takes its default.",
        "additionalProperties": False,
        "properties": {name: dict(spec) for name, spec in options.items()},
    }


def sheet_schema(game_id: str, title: str, player: dict[str, Any], min_players: int, max_players: int,
                 options: Mapping[str, Mapping[str, Any]], extra: Mapping[str, Any] | None = None,
                 ) -> dict[str, Any]:
    """The whole sheet: ``players`` (with the allowed count), optional ``options``, and any ``extra`` fields."""
    properties: dict[str, Any] = dict(extra or {})
    properties["players"] = {
        "type": "array",
        "title": "players",
        "description": f"The players in seat order, {min_players} to {max_players}.",
        "minItems": min_players,
        "maxItems": max_players,
        "items": player,
    }
    properties["options"] = options_schema(options)
    properties["game"] = {"const": game_id, "title": "game",
                          "description": f"Optional; if given, it must be {game_id!r}."}
    return {
        "$schema": DRAFT_07,
        "title": f"{title} score sheet ({game_id})",
        "type": "object",
        "required": [*(extra or {}).keys(), "players"],
        "additionalProperties": False,
        "properties": properties,
    }


# --- validation -------------------------------------------------------------

@lru_cache(maxsize=None)
def _compiled(schema_json: str) -> Callable[[Any], Any]:
    return fastjsonschema.compile(json.loads(schema_json))


def validate(schema: Mapping[str, Any], sheet: Any) -> None:
    """Raise :class:`SheetError` naming the first field of ``sheet`` that ``schema`` rejects."""
    if not isinstance(sheet, dict):
        raise SheetError(f"sheet: must be a JSON object, got {_show(sheet)}")
    validator = _compiled(json.dumps(schema))
    try:
        validator(sheet)
    except fastjsonschema.JsonSchemaValueException as error:
        raise SheetError(_message(error)) from None
    _reject_fractions(sheet, "")


def _reject_fractions(value: Any, path: str) -> None:
    # JSON Schema lets 3.0 pass as an integer; a score sheet has no fractions.
    if isinstance(value, float):
        raise SheetError(f"{path or 'sheet'}: must be an integer, got {_show(value)}")
    if isinstance(value, dict):
        for key, item in value.items():
            _reject_fractions(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _reject_fractions(item, f"{path}[{index}]")


def field(name: str) -> str:
    """``data.players[0].name`` -> ``players[0].name``; the root is called ``sheet``."""
    if name == "data":
        return "sheet"
    return name[len("data."):] if name.startswith("data.") else name


def join(path: str, key: str) -> str:
    return key if path == "sheet" else f"{path}.{key}"


def _message(error: fastjsonschema.JsonSchemaValueException) -> str:
    path = field(error.name or "data")
    rule = error.rule
    definition = error.definition or {}
    value = error.value
    title = definition.get("title")
    if rule == "required" and isinstance(value, dict):
        missing = [key for key in definition.get("required", []) if key not in value]
        if missing:
            return f"{join(path, missing[0])}: missing (this field is required)"
    if rule == "additionalProperties" and isinstance(value, dict):
        known = list(definition.get("properties", {}))
        unknown = [key for key in value if key not in known]
        if unknown:
            shown = json.dumps(unknown[0])
            if path == "options":
                listing = f"known options: {', '.join(known)}" if known else "this game has no options"
                return f"options.{unknown[0]}: unknown option {shown} ({listing})"
            if title in _KEYED_BY_GOOD:
                return f"{join(path, unknown[0])}: unknown good {shown} (goods: {', '.join(known)})"
            return f"{join(path, unknown[0])}: unknown field {shown} (allowed: {', '.join(known)})"
    if rule == "type":
        expected = definition.get("type")
        kinds = expected if isinstance(expected, list) else [expected]
        words = " or ".join(_TYPE_WORDS.get(kind, str(kind)) for kind in kinds)
        if value is None:  # a pre-filled sheet's field the companion did not know
            return f"{path}: not filled in (must be {words})"
        return f"{path}: must be {words}, got {_show(value)}"
    if rule == "minimum":
        if definition.get("minimum") == 0:
            return f"{path}: must not be negative, got {_show(value)}"
        return f"{path}: must be at least {definition.get('minimum')}, got {_show(value)}"
    if rule == "maximum":
        return f"{path}: must be at most {definition.get('maximum')}, got {_show(value)}"
    if rule == "enum":
        allowed = ", ".join(json.dumps(v) for v in definition.get("enum", []))
        if isinstance(value, str):
            return f"{path}: unknown {title or 'value'} {_show(value)} (expected one of {allowed})"
        return f"{path}: must be one of {allowed}, got {_show(value)}"
    if rule == "pattern":
        if title == "name":
            return f"{path}: a name must not be blank, got {_show(value)}"
        hint = f" ({definition['description']})" if definition.get("description") else ""
        return f"{path}: unknown {title or 'value'} {_show(value)}{hint}"
    if rule == "const":
        return f"{path}: must be {_show(definition.get('const'))}, got {_show(value)}"
    if rule == "minLength":
        return f"{path}: must not be empty"
    if rule in ("minItems", "maxItems") and isinstance(value, list):
        low, high = definition.get("minItems"), definition.get("maxItems")
        if path == "players":
            return f"players: this game is for {low} to {high} players, got {len(value)}"
        shape = definition.get("description", "")
        if low == high:
            return f"{path}: must have exactly {counted(low, 'item')}, got {len(value)}" + (f" ({shape})" if shape else "")
        if rule == "minItems":
            return f"{path}: must have at least {counted(low, 'item')}, got {len(value)}"
        return f"{path}: must have at most {counted(high, 'item')}, got {len(value)}"
    if rule == "additionalItems" and isinstance(value, list):
        return f"{path}: too many items ({len(value)})"
    # Anything else: fastjsonschema's own words with the field named our way.
    text = str(error.message)
    if error.name and text.startswith(error.name):
        text = text[len(error.name):].strip()
    return f"{path}: {text}"


def _show(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- checks a schema cannot express -----------------------------------------

def check_unique_names(players: Sequence[Mapping[str, Any]]) -> None:
    seen: dict[str, int] = {}
    for index, player in enumerate(players):
        name = player["name"]
        if name in seen:
            raise SheetError(
                f"players[{index}].name: duplicate name {_show(name)} (also players[{seen[name]}]); names must be unique"
            )
        seen[name] = index


def resolve_options(sheet: Mapping[str, Any], options: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The sheet's options over the defaults (the schema has already rejected unknown names and values)."""
    chosen = {name: spec["default"] for name, spec in options.items()}
    chosen.update(sheet.get("options", {}))
    return chosen


def shown(value: Any) -> str:
    """A value as it would appear in the sheet, shortened, for error messages."""
    return _show(value)
