"""A game's table data (state["data"]) as plain Python data to change, and back into the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, freeze, thaw


def data(state: PMap) -> dict[str, Any]:
    """The table as plain Python data, to change and `put` back."""
    return thaw(state["data"])


def put(state: PMap, table: Mapping[str, Any]) -> PMap:
    return state.set("data", freeze(dict(table)))
