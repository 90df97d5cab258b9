"""The palazzo game: what lies on the table, as plain data in state["data"], and the die counter.

  started       the yard and the bank are set out (the SETUP step is done)
  yard          4 slots: a tile's name, or None (real tiles: turned up but not named
                yet; either way: empty once no face-down tile is left)
  bank          4 slots: a coin's value 0-5, or None (not named yet with real coins;
                empty when the pool and the discards are both used up, SPEC 3.9.10)
  hands         per seat, the values of the coins in hand when the companion knows
                them (a virtual pool, or entered on the player's own phone), else None
  palazzos      per seat, the structures built: {"tile", "at": [x, y] or None}; a
                palazzo is laid out (every "at" given, the building rules checked)
                or only recorded (no "at"), as its first structure was entered
  reserves      per seat, the tiles held in reserve (they never score)
  turrets       per seat, the tile the player's pawn stands on, or None
  turned_up     real pieces: who turned up each tile and coin not named yet (turned_up.py)
  pool          real coins: how many lie face down, while the companion can count them (else None)
  discards_known  real coins: every payment since the pool was made up again named its coins
  most_in_hand  per seat, the most coins the player can hold (what everyone saw: coins.at_most)
  bought        structures bought so far (the 24th ends the game)
  extra_action  the active player paid exactly and is taking another action
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.scoring import palazzo as scoring

from .pieces import BANK_SIZE, HAND_AT_START, TILE_NAMES, TILES, YARD_SIZE, suit, value

COUNTERS = (CounterSpec("die", "Die", start=5, minimum=0, maximum=5),)


def initial(setup: Mapping[str, Any]) -> dict[str, Any]:
    n = len(setup["players"])
    return {
        "started": False, "yard": [None] * YARD_SIZE, "bank": [None] * BANK_SIZE, "hands": [None] * n,
        "palazzos": [[] for _ in range(n)], "reserves": [[] for _ in range(n)], "turrets": [None] * n,
        "turned_up": {"tiles": [], "coins": []}, "pool": None, "discards_known": True,
        "most_in_hand": [HAND_AT_START] * n,
        "bought": 0, "extra_action": False,
    }


def final_round(state: PMap) -> bool:
    """The last structure is bought: one more action each, no purchases (the flow's final turns)."""
    return state["flow"] is not None and state["flow"]["final_turns"] is not None


def die(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["die"]


def virtual(state: PMap, deck: str) -> bool:
    return state["decks"][deck]["mode"] == "virtual"


def tiles_left(table: Mapping[str, Any]) -> int:
    """Structures not bought yet, in the yard or face down: the end-trigger counter."""
    return len(TILE_NAMES) - table["bought"]


def yard_size(table: Mapping[str, Any]) -> int:
    """How many tiles the yard holds now: 4, until fewer are left."""
    return min(YARD_SIZE, tiles_left(table))


def face_down(table: Mapping[str, Any]) -> int:
    return tiles_left(table) - yard_size(table)


def yard_shown(state: PMap, table: Mapping[str, Any]) -> list[str]:
    """The yard's spaces in order: a tile, or "?" for a real tile turned up that nobody has named yet
    (the empty spaces of the last few purchases are left out)."""
    unnamed = 0 if virtual(state, TILES.name) else yard_size(table) - sum(1 for t in table["yard"] if t is not None)
    shown = []
    for tile in table["yard"]:
        if tile is None and unnamed:
            tile, unnamed = "?", unnamed - 1
        if tile is not None:
            shown.append(tile)
    return shown


def cells(palazzo: list[Mapping[str, Any]]) -> dict[tuple[int, int], str]:
    return {tuple(s["at"]): s["tile"] for s in palazzo if s["at"] is not None}


def laid_out(palazzo: list[Mapping[str, Any]]) -> bool | None:
    """True (every structure has its place), False (recorded only), None (nothing built yet)."""
    return None if not palazzo else palazzo[0]["at"] is not None


def sheet_palazzo(table: Mapping[str, Any], seat: int) -> list[list[Any]]:
    """The palazzo as the score sheet writes it: [suit, value, has_turret]."""
    return [[suit(s["tile"]).lower(), value(s["tile"]), s["tile"] == table["turrets"][seat]]
            for s in table["palazzos"][seat]]


def points(table: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each player's score if the game ended now (SPEC 3.7), by the scoring module's own rules."""
    sheets = [sheet_palazzo(table, s) for s in range(len(table["palazzos"]))]
    majorities = scoring.majority_points([scoring.suit_counts(p) for p in sheets])
    return [{"majority": m, "materials": scoring.materials(p), "points": m + scoring.materials(p)}
            for p, m in zip(sheets, majorities)]
