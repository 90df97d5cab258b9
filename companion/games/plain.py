"""A game's table data (state["data"]) as plain Python data to change, and back into the state; and the
small state helpers the games share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, freeze, thaw


def data(state: PMap) -> dict[str, Any]:
    """The table as plain Python data, to change and `put` back."""
    return thaw(state["data"])


def put(state: PMap, table: Mapping[str, Any]) -> PMap:
    return state.set("data", freeze(dict(table)))


def name(state: PMap, seat: int | None) -> str:
    """A seat's player's name; "nobody" for no seat."""
    return "nobody" if seat is None else state["players"][seat]["name"]


def set_deck(state: PMap, deck_name: str, deck: PMap) -> PMap:
    """The state with one deck replaced (a game that draws or discards on its own, inside its actions)."""
    return state.set("decks", state["decks"].set(deck_name, deck))
