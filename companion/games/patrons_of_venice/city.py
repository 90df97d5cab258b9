"""The Patrons of Venice: businesses, statues, points and production income (SPEC.md 1.3, 1.8).

The map's buildings are not in the rulebook text, so a business is placed by
picking the campo or two campi its building touches (the board's campi, as the
table named them once: the rulebook names only two).
That is all the rules need: a statue is adjacent to a business when it
stands in one of those campi, two businesses are "in the same campo" when
they share one, and a Gondola Maker's base income counts the other tiles of
its best campo. Pure functions over plain data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.result import Refused

MANUFACTURING = ("draper", "canvaser")
LUXURY = ("wainwright", "armour", "tent", "clothing", "gondola_maker")
TYPES = MANUFACTURING + LUXURY  # the score sheet's names (SCORE_SHEETS.md)
LABELS = {"draper": "Draper", "canvaser": "Canvaser", "wainwright": "Wainwright", "armour": "Armour",
          "tent": "Tent", "clothing": "Clothing", "gondola_maker": "Gondola Maker"}
PRODUCT = {"draper": "Cloth", "canvaser": "Canvas", "wainwright": "Wagon", "armour": "Armour", "tent": "Tent",
           "clothing": "Clothing", "gondola_maker": "Gondola"}
# To sponsor without owning one of the type: show this in hand [R l.172-174].
SHOW = {"draper": "a Wool card", "canvaser": "a Hemp card"}
TILES = {"manufacturing": 10, "luxury": 9}  # [R l.45-46]; the split by type is not given
STATUES = 6  # [R l.47]
CUBES = 10  # per player: businesses and reservations [D]

Business = Mapping[str, Any]  # {"type", "owner", "campi": [names]}


def campo_key(name: str) -> str:
    """Campo names compare without case or extra spaces ("campo san polo" is "Campo San Polo")."""
    return " ".join(name.split()).casefold()


def campi_named(table: Mapping[str, Any]) -> list[str]:
    """The campi named in this game so far (statues, then the businesses'), each once, as first spelt."""
    seen: dict[str, str] = {}
    for name in [*table["statues"], *(c for b in table["businesses"] for c in b["campi"])]:
        seen.setdefault(campo_key(name), name)
    return list(seen.values())


# The campi the rulebook names [R l.57, l.61]; the board's others are not in its text: the table names each once
# (on the New game page, or in play), and the box keeps them for the next game. A board of more campi than
# this is taken for a slip (a name typed twice two ways).
RULEBOOK_CAMPI = ("Campo Dei Frari", "Campo San Polo")
# The buildings adjacent to each campo the rulebook counts [R l.61] (two of them touch both): a campo whose
# buildings all hold a business takes no more. The board's other campi are not counted in its text.
BUILDINGS = {"Campo Dei Frari": 4, "Campo San Polo": 6}
CAMPI_MOST = 12
_CAMPO_NAME = re.compile(r"[^\W\d_][\w' .-]*\Z")


CAMPI_FIELD = {
    "title": "The board's campi", "type": "array", "maxItems": CAMPI_MOST - len(RULEBOOK_CAMPI), "default": [],
    "description": "The campi your map board prints, besides Campo Dei Frari and Campo San Polo (the rulebook names "
                   "only those two): statues and businesses are then placed by picking them. Left empty, each is "
                   "named once in play; the box keeps them for the next game.",
    "items": {"type": "string", "maxLength": 40, "title": "campo", "examples": ["Campo Santo Stefano"]},
}


def check_campi(setup: Mapping[str, Any]) -> Refused | None:
    """Why the board's campi the table entered are refused, or None."""
    given = setup.get("campi")
    if given is None:
        return None
    if not isinstance(given, list):
        return Refused("campi: the names of the board's campi")
    table: dict[str, Any] = {"statues": [], "businesses": [], "board": []}
    for name in given:
        bad = not_a_campo(table, name)
        if bad:
            return Refused(f"campi: {bad.reason}")
        table["board"].append(" ".join(name.split()))
    return None


def board(table: Mapping[str, Any]) -> list[str]:
    """The board's campi the box knows: the rulebook's, the table's, and any named in this game, each once."""
    seen: dict[str, str] = {}
    for name in [*RULEBOOK_CAMPI, *(table.get("board") or ()), *campi_named(table)]:
        seen.setdefault(campo_key(name), name)
    return list(seen.values())


def not_a_campo(table: Mapping[str, Any], name: Any) -> Refused | None:
    """Why `name` cannot be a new campo of the board (it is not a name, it is one already, the board is full), or None."""
    if not isinstance(name, str) or not _CAMPO_NAME.match(" ".join(name.split())) or len(name) > 40 \
            or not any(ch.isalpha() for ch in name) or any(ch.isdigit() for ch in name):
        return Refused("a campo's name as the board prints it, in letters (such as “Campo Santo Stefano”)")
    known = board(table)
    if campo_key(name) in {campo_key(c) for c in known}:
        return Refused(f"{as_named(table, name)} is on the list already")
    if len(known) >= CAMPI_MOST:
        return Refused(f"the box knows {CAMPI_MOST} campi already: pick one of them")
    return None


def not_placeable(table: Mapping[str, Any], name: str) -> Refused | None:
    """Why a statue or a business cannot go by `name`: it is not on the board's list and cannot be added to it."""
    return None if campo_key(name) in {campo_key(c) for c in board(table)} else not_a_campo(table, name)


def buildings_free(table: Mapping[str, Any], campo: str) -> int | None:
    """The buildings adjacent to `campo` that hold no business yet (None: the rulebook does not count them)."""
    most = next((n for c, n in BUILDINGS.items() if campo_key(c) == campo_key(campo)), None)
    return None if most is None else max(most - len(in_campo(table["businesses"], campo)), 0)


def no_building(table: Mapping[str, Any], campo: str) -> Refused | None:
    """Why no business can go by `campo`: every building the board gives it holds one already; or None."""
    if buildings_free(table, campo) != 0:
        return None
    most = next(n for c, n in BUILDINGS.items() if campo_key(c) == campo_key(campo))
    return Refused(f"the {most} buildings adjacent to {as_named(table, campo)} all hold a business: pick another campo")


def as_named(table: Mapping[str, Any], name: str) -> str:
    """`name` as this game first spelt it ("campo  san polo" -> "Campo San Polo"), or tidied when new."""
    return next((c for c in [*RULEBOOK_CAMPI, *(table.get("board") or ()), *campi_named(table)]
                 if campo_key(c) == campo_key(name)), " ".join(name.split()))


def statue_cost(statues_built: int) -> int:
    """3 Ducats for the first statue, then 3 + the statues already in Venice [R l.179]."""
    return 3 + statues_built


def next_to_statue(business: Business, statues: Sequence[str]) -> bool:
    placed = {campo_key(s) for s in statues}
    return any(campo_key(c) in placed for c in business["campi"])


def in_campo(businesses: Sequence[Business], campo: str) -> list[Business]:
    """The business tiles on buildings adjacent to `campo` (every owner's)."""
    key = campo_key(campo)
    return [b for b in businesses if key in {campo_key(c) for c in b["campi"]}]


def same_type_neighbour(business: Business, businesses: Sequence[Business]) -> bool:
    """Another business of the same type shares a campo with this one (counted once) [R l.221]."""
    return any(
        other is not business and other["type"] == business["type"]
        for campo in business["campi"] for other in in_campo(businesses, campo)
    )


def base_income(business: Business, businesses: Sequence[Business], own_only: bool = False) -> int:
    """Cloth or Canvas 0; Wagon, Armour, Tent or Clothing 5; a Gondola: the non-Gondola tiles in
    the Gondola Maker's best campo, whoever owns them [R l.205-211, SPEC 1.10.12] (or only its
    owner's, with `own_only`)."""
    kind = business["type"]
    if kind in MANUFACTURING:
        return 0
    if kind != "gondola_maker":
        return 5
    return max(
        (sum(1 for b in in_campo(businesses, c)
             if b["type"] != "gondola_maker" and (not own_only or b["owner"] == business["owner"]))
         for c in business["campi"]),
        default=0,
    )


def income(business: Business, businesses: Sequence[Business], statues: Sequence[str],
           own_only: bool = False) -> dict[str, int]:
    """What producing one good at this tile earns: base, +1 statue, +1 same type (each once)."""
    parts = {
        "base": base_income(business, businesses, own_only),
        "statue": 1 if next_to_statue(business, statues) else 0,
        "same_type": 1 if same_type_neighbour(business, businesses) else 0,
    }
    return parts | {"total": sum(parts.values())}


def points(owner: int, businesses: Sequence[Business], statues: Sequence[str], favours: int,
           statue_worth: int = 2) -> int:
    """1 per business (`statue_worth` when next to a statue) + 1 per Favour card [R l.231]."""
    return favours + sum(
        statue_worth if next_to_statue(b, statues) else 1 for b in businesses if b["owner"] == owner
    )


def end_threshold(players: int) -> int:
    """12 points with 3 or 4 players, 10 with 5 [R l.231]."""
    return 10 if players >= 5 else 12


def tiles_left(table: Mapping[str, Any], kind: str) -> int:
    """The Business tiles of `kind` still beside the board: of its group's (10 Manufacturing, 9 Luxury), and of
    its own type's where the table counted them (`TILE_COUNT_FIELD`)."""
    group = _group(kind)
    left = TILES[group] - _sponsored(table, GROUPS[group])
    counted = (table.get("tiles") or {}).get(kind)
    return left if counted is None else min(left, counted - _sponsored(table, (kind,)))


def none_left(table: Mapping[str, Any], kind: str) -> str:
    """Why no tile of `kind` is left: its type's, counted by the table, or its group's."""
    counted = (table.get("tiles") or {}).get(kind)
    if counted is not None and _sponsored(table, (kind,)) >= counted:
        return f"the {counted} {LABELS[kind]} tiles are all sponsored" if counted != 1 else f"the {LABELS[kind]} tile is sponsored"
    return f"no {_group(kind).capitalize()} Business tile is left"


GROUPS = {"manufacturing": MANUFACTURING, "luxury": LUXURY}


def _group(kind: str) -> str:
    return "manufacturing" if kind in MANUFACTURING else "luxury"


def _sponsored(table: Mapping[str, Any], kinds: Sequence[str]) -> int:
    """The businesses of these types standing in Venice."""
    return sum(1 for b in table["businesses"] if b["type"] in kinds)


# How many tiles of each type the box holds: the rulebook gives only 10 Manufacturing and 9 Luxury [R l.45-46]. The
# table may count its own on the New game page; where it does, a type's tiles run out one by one (else only the
# group's). Kept for the next game, as the costs are.
TILE_COUNT_FIELD = {
    "title": "Business Tiles of each type (count yours)", "type": "object",
    "description": "How many tiles of each type the box holds: the rulebook gives only 10 Manufacturing (Drapers "
                   "and Canvasers) and 9 Luxury (the other five). A group filled in whole adds up to 10 or 9; left "
                   "empty, only those totals count. The box keeps them for the next game.",
    "properties": {kind: {"title": label, "type": "integer", "minimum": 0, "maximum": TILES[_group(kind)]}
                   for kind, label in LABELS.items()},
}


def check_tiles(setup: Mapping[str, Any]) -> Refused | None:
    """Why the tile counts the table entered are refused: each a count of its group's tiles at most, and a group
    counted whole adds up to the rulebook's 10 or 9."""
    given = setup.get("tiles")
    if given is None:
        return None
    if not isinstance(given, Mapping) or any(k not in LABELS or type(v) is not int or not 0 <= v <= TILES[_group(k)]
                                             for k, v in given.items()):
        return Refused("tiles: how many Business Tiles of each type the box holds")
    for group, members in GROUPS.items():
        counted = sum(given.get(k, 0) for k in members)
        whole = all(k in given for k in members)
        if counted > TILES[group] or (whole and counted != TILES[group]):
            return Refused(f"tiles: the {group.capitalize()} tiles are {TILES[group]} in all, not {counted}")
    return None
