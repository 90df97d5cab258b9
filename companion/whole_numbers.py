"""Whole numbers that are really whole: JSON Schema's "integer" lets 5.0 through.

JSON Schema counts 100.0 as an integer, and so does every validator that
follows it; Python code downstream does not (`range(5.0)` raises, luma takes
no float contrast). This walks a value beside its schema and names the first
float where the schema asks for an integer.
"""

from __future__ import annotations

from typing import Any


def float_where_int(schema: Any, value: Any, path: str = "") -> str | None:
    """The path of the first float given where `schema` wants an integer, or None."""
    if not isinstance(schema, dict):
        return None
    kinds = schema.get("type")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if isinstance(value, float) and "integer" in kinds and "number" not in kinds:
        return path or "the value"
    if isinstance(value, dict):
        for key, sub in (schema.get("properties") or {}).items():
            if key in value:
                found = float_where_int(sub, value[key], f"{path}.{key}" if path else key)
                if found:
                    return found
    elif isinstance(value, list):
        items = schema.get("items")
        for i, item in enumerate(value):
            sub = items[i] if isinstance(items, list) and i < len(items) else items
            found = float_where_int(sub, item, f"{path}[{i}]")
            if found:
                return found
    return None
