"""How deep a JSON value nests, without recursion: a body or a backup nested ten thousand deep is an attack on
the parser, not a table's data (no sheet, setting, input or snapshot nests deeper than MAX_DEPTH)."""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 32


def depth(value: Any) -> int:
    """The nesting of a parsed JSON value (a scalar 0, [] 1, [[1]] 2), counted up to just past MAX_DEPTH."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                break
            todo.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest
