"""What the players enter at game over where the companion does not know a field of the score sheet (the
coins in a hand nobody entered, a roll-off's dice), kept with the game: the table's result, Past games and
BG Stats then have the winner the sheet gives.

Each field the sheet leaves null is an option of the table at game over, its value asked as the sheet's
schema asks it (bounded for the contract); the input `{"type": "final_sheet", "path", "value"}` is
journaled like any other, so undo takes it back and a replay scores the same. Kept in state["entered"]:
{path: value}.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, freeze, thaw

from companion.core import fields
from companion.core.options import Option
from companion.core.result import Accepted, Refused, Result
from companion.errors import SheetError

TYPE = "final_sheet"
LIST_MOST = 20  # the most values a list entered at the end holds (coins in a hand, re-rolls of a roll-off)
WORDS = {"roll_off": "roll-off dice", "die_face": "die", "coins_in_hand": "coins in hand"}


def sheet(game: Any, state: PMap) -> dict[str, Any] | None:
    """The game's pre-filled sheet with what the players entered at the end; None for a game without one."""
    if game.score_sheet is None or game.scoring is None:
        return None
    filled = {"game": game.id, **thaw(game.score_sheet(state))}
    for path, value in (state.get("entered") or {}).items():
        _set(filled, path, thaw(value))
    return filled


def options(game: Any, state: PMap) -> tuple[Option, ...]:
    """At game over, one option per field the sheet still lacks that a phone's picker can ask."""
    filled = sheet(game, state)
    if filled is None:
        return ()
    names = [p["name"] for p in state["players"]]
    found = []
    for path in unknown(filled):
        field = _asked(game, path)
        if field is not None:
            found.append(Option(f"Enter {said(path, names)}", "Enter", {"type": TYPE, "path": path},
                                fields={"value": {**field, "title": said(path, [])}}))
    return tuple(found)


def enter(game: Any, state: PMap, action: Mapping[str, Any]) -> Result:
    """One field the sheet lacked, entered at game over; checked against the sheet, and scored with the rest
    when it was the last."""
    flow = state["flow"]
    if flow is None or not flow["over"]:
        return Refused("the score sheet is entered once the game is over")
    filled = sheet(game, state)
    path = action.get("path")
    if filled is None or path not in unknown(filled):
        return Refused(f"path: one of the fields the sheet lacks ({', '.join(unknown(filled or {})) or 'none'})")
    field = _asked(game, path)
    if field is None:
        return Refused("value: this field is entered on the Scores page")
    why = fields.check(field, action.get("value"))
    if why is not None:
        return Refused(f"value: {why.reason}")
    _set(filled, path, action["value"])
    if not unknown(filled):
        try:
            game.scoring.result(filled)
        except SheetError as e:
            return Refused(str(e))
    entered = {**thaw(state.get("entered") or {}), path: action["value"]}
    names = [p["name"] for p in state["players"]]
    return Accepted(state.set("entered", freeze(entered)), (f"Entered {said(path, names)}: {_plain(action['value'])}.",))


def said(path: str, names: list[str]) -> str:
    """A sheet's path in a player's words: "players[1].coins_in_hand" is "Bea's coins in hand"."""
    m = re.fullmatch(r"players\[(\d+)\]\.(\w+)", path)
    if m:
        words = WORDS.get(m.group(2), m.group(2).replace("_", " "))
        return f"{names[int(m.group(1))]}'s {words}" if int(m.group(1)) < len(names) else words
    return path.replace("_", " ").replace(".", ": ")


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def _steps(path: str) -> list[str | int]:
    return [int(i) if i else key for key, i in re.findall(r"([^.[\]]+)|\[(\d+)\]", path)]


def _set(target: Any, path: str, value: Any) -> None:
    keys = _steps(path)
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


def _schema_at(schema: Mapping[str, Any], path: str) -> Mapping[str, Any]:
    for step in _steps(path):
        if isinstance(step, int):
            items = schema.get("items", {})
            schema = items[step] if isinstance(items, list) else items
        else:
            schema = schema.get("properties", {}).get(step, {})
    return schema


def _asked(game: Any, path: str) -> dict[str, Any] | None:
    """How the option asks the sheet's field at `path` (None: a picker cannot)."""
    return _field(_schema_at(game.scoring.schema(), path))


def _field(schema: Mapping[str, Any]) -> dict[str, Any] | None:
    """The sheet's schema of a field as an option's field (TABLE.md: bounded), or None when a picker cannot
    ask it (a name typed, a list of rows): the Scores page scores it, without keeping it."""
    kind = schema.get("type")
    if "enum" in schema:
        return {"enum": list(schema["enum"])}
    if kind == "boolean":
        return {"type": "boolean"}
    if kind == "integer" and "minimum" in schema and "maximum" in schema:
        return {"type": "integer", "minimum": schema["minimum"], "maximum": schema["maximum"]}
    items = schema.get("items")
    if kind == "array" and isinstance(items, Mapping):
        one = _field(items)
        if one is not None and "enum" not in one and one.get("type") == "integer":
            one = {"enum": list(range(one["minimum"], one["maximum"] + 1))}
        if one is not None and "enum" in one:
            return {"type": "array", "items": one, "maxItems": min(schema.get("maxItems", LIST_MOST), LIST_MOST)}
    return None


def unknown(sheet: Any, path: str = "") -> list[str]:
    """The fields a pre-filled sheet leaves ``null`` (what the companion does not know), as the paths its
    errors use: ``["players[1].coins_in_hand"]``; ``[]`` when it knows every field."""
    if sheet is None:
        return [path or "sheet"]
    if isinstance(sheet, Mapping):
        return [found for key, value in sheet.items() for found in unknown(value, f"{path}.{key}" if path else str(key))]
    if isinstance(sheet, (list, tuple)):
        return [found for index, value in enumerate(sheet) for found in unknown(value, f"{path}[{index}]")]
    return []
