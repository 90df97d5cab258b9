"""Merchant Venturers' board: ports and their attached lands (SPEC.md 5.1, 5.2, 5.4).

The rulebook's layout picture is missing, and so are the tile counts [?]. The
companion's own pattern [A] has, north to south in each world:

  Old World  5 ports (O1-O5), each with 4 attached lands: the lands set what
             the port buys (one unit of a good per land of that good each
             season; a desert buys nothing). Each port's card names the good it
             is dedicated to (+1 coin a unit sold).
  New World  6 ports (N1-N6), each with 3 attached lands: every land makes the
             port card's good in that good's seasons (a desert makes nothing).
  Ocean      the other 41 of the 90 tiles, in the middle.

The deal shuffles the port cards over the port spaces and the land tiles over
the land spaces of each world. A table that lays the board out otherwise
enters it at setup (`board`): the ports north to south, each with its world,
its good and its lands' ids, and each land's type. A land listed under two
ports is attached to both.

board = {"ports": [{"name", "world", "good", "lands": [land id, ...]}, ...], "lands": {id: type}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.result import Needs, Refused

GOODS = ("crops", "furs", "spices", "ebony", "gold")
ALIASES = {"wood": "ebony"}  # the season table says Wood, the price list Ebony: the same good (SPEC 5.10.3)
LABELS = {"crops": "Crops", "furs": "Furs", "spices": "Spices", "ebony": "Ebony (Wood)", "gold": "Gold"}
DESERT = "desert"
LAND = "land"  # a New World land: it makes its port's good
OLD, NEW = "old", "new"
TILES = 90

# The companion's pattern [A]: (port, world, land spaces).
PATTERN = tuple((f"O{i}", OLD, tuple(f"o{i}{k}" for k in "abcd")) for i in range(1, 6)) + tuple(
    (f"N{i}", NEW, tuple(f"n{i}{k}" for k in "abc")) for i in range(1, 7))
# The tiles dealt over it [A]: the port cards (the good each names) and the land tiles.
PORT_CARDS = {OLD: ("crops", "furs", "spices", "ebony", "gold"), NEW: ("crops", "crops", "furs", "spices", "ebony", "gold")}
LAND_TILES = {
    OLD: ("crops",) * 5 + ("furs",) * 4 + ("spices",) * 4 + ("ebony",) * 3 + ("gold",) * 2 + (DESERT,) * 2,
    NEW: (LAND,) * 15 + (DESERT,) * 3,
}
DEAL_KEYS = {(OLD, "ports"): "old_ports", (OLD, "lands"): "old_lands", (NEW, "ports"): "new_ports", (NEW, "lands"): "new_lands"}


def good(value: object) -> str | None:
    """A good's id from what a player typed ("Wood" is Ebony), or None."""
    if not isinstance(value, str):
        return None
    value = ALIASES.get(value.strip().lower(), value.strip().lower())
    return value if value in GOODS else None


def ocean(board: Mapping[str, Any]) -> int:
    return TILES - len(board["ports"]) - len(board["lands"])


def deal(action: Mapping[str, Any]) -> dict[str, Any] | Refused:
    """The companion's pattern dealt at random: each deck of tiles comes in the action's shuffle order."""
    orders = {}
    for (world, part), key in DEAL_KEYS.items():
        tiles = PORT_CARDS[world] if part == "ports" else LAND_TILES[world]
        order = action.get(key)
        if order is None:
            return Refused("the board is dealt at random", needs=Needs("order", key, cards=tiles))
        if not isinstance(order, (list, tuple)) or sorted(map(str, order)) != sorted(tiles):
            return Refused(f"{key}: the {len(tiles)} {'Old' if world == OLD else 'New'} World {part} in a shuffled order")
        orders[world, part] = list(order)
    ports, lands = [], {}
    for world in (OLD, NEW):
        cards, tiles = iter(orders[world, "ports"]), iter(orders[world, "lands"])
        for port, w, spaces in PATTERN:
            if w == world:
                ports.append({"name": port, "world": world, "good": next(cards), "lands": list(spaces)})
                lands.update({space: next(tiles) for space in spaces})
    return {"ports": ports, "lands": lands}


def from_form(board: object) -> object:
    """The board as the New game page's form gives it: each port's lands listed under it as {id, type} (a land
    listed under two ports, with the same id, is shared by them); as the game keeps it, ports name their
    lands' ids and the lands' types are apart. A board already in that shape is returned as it is."""
    if not isinstance(board, Mapping) or "lands" in board or not isinstance(board.get("ports"), list):
        return board
    ports, lands = [], {}
    for port in board["ports"]:
        if not isinstance(port, Mapping) or not isinstance(port.get("lands"), list):
            return board  # check() says what is wrong
        ids = []
        for land in port["lands"]:
            if not isinstance(land, Mapping) or not isinstance(land.get("id"), str):
                return board
            ids.append(land["id"].strip())
            lands[land["id"].strip()] = land.get("type")
        ports.append({**port, "lands": ids, "good": port.get("good") or None})
    return {"ports": ports, "lands": lands}


FORM = {
    "title": "The table's own board", "type": "object",
    "description": "Leave it empty and the companion deals its own board at random. Or enter yours: the ports "
                   "north to south, each with its world, the good its card names, and its attached lands; a land "
                   "attached to two ports is listed under both with the same id.",
    "properties": {"ports": {"title": "Ports, north to south", "type": "array", "items": {
        "title": "port", "type": "object", "properties": {
            "name": {"title": "name", "type": "string"},
            "world": {"title": "world", "enum": [OLD, NEW], "enumNames": ["Old World", "New World"], "default": OLD},
            "good": {"title": "its card's good", "enum": ["", *GOODS], "enumNames": ["none", *(LABELS[g] for g in GOODS)], "default": ""},
            "lands": {"title": "attached lands", "type": "array", "items": {"title": "land", "type": "object", "properties": {
                "id": {"title": "id (the same under two ports: shared)", "type": "string"},
                "type": {"title": "type", "enum": [*GOODS, LAND, DESERT],
                         "enumNames": [*(LABELS[g] for g in GOODS), "New World land", "desert"]}}}}}}}},
}


def check(board: object) -> Refused | None:
    """Why a board the table entered cannot be played, or None."""
    if not isinstance(board, Mapping) or not isinstance(board.get("ports"), list) or not isinstance(board.get("lands"), Mapping):
        return Refused("board: an object with ports (north to south) and lands (id -> type)")
    lands = board["lands"]
    for land, kind in lands.items():
        if not isinstance(land, str) or kind not in (*GOODS, LAND, DESERT):
            return Refused(f"board.lands.{land}: one of {', '.join((*GOODS, LAND, DESERT))}")
    names, attached = set(), set()
    for i, port in enumerate(board["ports"]):
        where = f"board.ports[{i}]"
        if not isinstance(port, Mapping) or set(port) - {"name", "world", "good", "lands"}:
            return Refused(f"{where}: an object with name, world, good and lands")
        if not isinstance(port.get("name"), str) or not port["name"].strip() or len(port["name"]) > 12 or port["name"] in names:
            return Refused(f"{where}.name: a name of at most 12 characters, each port its own")
        if port["name"].strip().lower() == "sea":
            return Refused(f"{where}.name: “sea” means a ship out at sea: give the port another name")
        if port.get("world") not in (OLD, NEW):
            return Refused(f"{where}.world: old or new")
        if port.get("good") not in GOODS and not (port["world"] == OLD and port.get("good") is None):
            return Refused(f"{where}.good: the good its card names ({', '.join(GOODS)}; an Old World port may name none)")
        spaces = port.get("lands")
        if (not isinstance(spaces, list) or not spaces or not all(isinstance(s, str) and s in lands for s in spaces)
                or len(set(spaces)) != len(spaces)):
            return Refused(f"{where}.lands: the ids of its attached lands, each in board.lands, each once")
        wrong = next((s for s in spaces if (lands[s] == LAND) != (port["world"] == NEW) and lands[s] != DESERT), None)
        if wrong:
            return Refused(f"{where}.lands: {wrong} is a {lands[wrong]} tile, which belongs to the {'Old' if lands[wrong] in GOODS else 'New'} World")
        names.add(port["name"])
        attached.update(spaces)
    if not any(p["world"] == OLD for p in board["ports"]) or not any(p["world"] == NEW for p in board["ports"]):
        return Refused("board.ports: at least one Old World and one New World port")
    if set(lands) - attached:
        return Refused(f"board.lands: {sorted(set(lands) - attached)[0]} is attached to no port")
    if ocean(board) < 0:
        return Refused(f"board: more than {TILES} tiles")
    return None


def port(board: Mapping[str, Any], name_: str) -> Mapping[str, Any] | None:
    return next((p for p in board["ports"] if p["name"] == name_), None)


def port_names(board: Mapping[str, Any], world: str | None = None) -> list[str]:
    return [p["name"] for p in board["ports"] if world is None or p["world"] == world]


def demand(board: Mapping[str, Any], name_: str) -> dict[str, int]:
    """What an Old World port buys each season: one unit of a good per attached land of it (MVN-EX-01)."""
    p = port(board, name_)
    wants = dict.fromkeys(GOODS, 0)
    if p is not None and p["world"] == OLD:
        for land in p["lands"]:
            if board["lands"][land] in GOODS:
                wants[board["lands"][land]] += 1
    return wants


def producing(board: Mapping[str, Any]) -> list[str]:
    """The New World lands that make goods (deserts make nothing), north to south."""
    lands = [land for p in board["ports"] if p["world"] == NEW for land in p["lands"] if board["lands"][land] == LAND]
    return list(dict.fromkeys(lands))


def receiving_port(board: Mapping[str, Any], land: str, levels: Mapping[str, int], good_: str | None = None) -> str:
    """Where a land's resources go in Summer: the attached New World port with the most trading-post
    levels, the northern one on a tie (SPEC 5.4; `levels` per port). A land attached to two ports makes
    that port's good [A]: each port makes one good, and a land makes one unit. With `good_`, only the
    ports making that good (what the land made goes where that good is made)."""
    attached = [p["name"] for p in board["ports"] if p["world"] == NEW and land in p["lands"] and good_ in (None, p["good"])]
    return max(attached, key=lambda name_: (levels.get(name_, 0), -attached.index(name_)))


def layout_lines(board: Mapping[str, Any]) -> list[str]:
    """The board as the players copy it: each port, north to south, with its lands."""
    lines = []
    for world in (OLD, NEW):
        for p in board["ports"]:
            if p["world"] == world:
                lands = ", ".join(f"{s} {board['lands'][s]}" for s in p["lands"])
                what = (f"dedicated to {LABELS[p['good']]}" if p["good"] else "no dedicated good") if world == OLD else f"makes {LABELS[p['good']]}"
                lines.append(f"{p['name']} ({'Old' if world == OLD else 'New'} World, {what}): {lands}")
    lines.append(f"Ocean: the other {ocean(board)} tiles, in the middle")
    return lines

