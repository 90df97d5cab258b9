"""La Venise du Nord: the nine Quarter tiles, how they lie, and how a Burgher moves (SPEC.md 4.3 phase 2).

A layout places each tile on a hexagonal grid in axial coordinates [q, r]; two
tiles are adjacent when they share a side. The rulebook's own layouts are
pictures missing from the text, so the default below is the companion's [A]
(the Market in the middle, the raw materials and card tiles around it, a Port
at each end); the players give theirs at setup (`layout`) when it differs.

The Boat lies in a canal: next to one tile at the city's edge, between two tiles, or where three meet (its
`berth`, the tiles it touches). A Burgher on any of them may take it for 3 movement points to any tile not
visited yet ("It must be adjacent to the tile on which the Burgher is located when it is used"); the player
then leaves it next to that tile, in a berth of his choice. The rulebook neither allows nor forbids using it
twice in one move: the companion's reading is once a move (the guide says so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.core.fields import KEYPAD, PICKER_LIST
from companion.core.options import BOX_LIST
from companion.core.result import Refused

RAW_TILES = ("Wool", "Flax", "Gold")
CARD_TILES = {"Workshop": "workshops", "Order": "orders", "Master Builder": "builders"}  # tile -> deck
MARKET = "Market"
PORTS = ("Port 1", "Port 2")
TILES = (*RAW_TILES, *CARD_TILES, MARKET, *PORTS)
# Each tile's name over a button of the box (five letters at most), and in two letters beside another's.
SHORT = {"Wool": "Wool", "Flax": "Flax", "Gold": "Gold", "Workshop": "Wkshp", "Order": "Order", "Master Builder": "MBldr",
         "Market": "Mkt", "Port 1": "Port1", "Port 2": "Port2"}
LETTERS = {"Wool": "Wo", "Flax": "Fl", "Gold": "Go", "Workshop": "Wk", "Order": "Or", "Master Builder": "MB",
           "Market": "Mk", "Port 1": "P1", "Port 2": "P2"}
BOAT = "boat"  # in a path: the next tile is reached by the Boat
BOAT_COST = 3

DEFAULT_LAYOUT: dict[str, tuple[int, int]] = {
    "Market": (0, 0), "Wool": (1, -1), "Flax": (1, 0), "Gold": (0, 1), "Workshop": (-1, 1), "Order": (-1, 0),
    "Master Builder": (0, -1), "Port 1": (2, -1), "Port 2": (-2, 1),
}
_SIDES = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def tile_named(given: object) -> str | None:
    """The tile's name as the companion writes it ("master builder" -> "Master Builder"), or None."""
    if not isinstance(given, str):
        return None
    wanted = " ".join(given.split()).casefold()
    return next((t for t in TILES if t.casefold() == wanted), None)


def place_name(at: Sequence[int]) -> str:
    """A place on the hexagonal grid as the New game page names it: its row, and its place in the row (rows
    of hexagons offset by half a tile, odd rows to the right)."""
    q, r = at
    return f"row {r + 3}, place {q + (r - (r & 1)) // 2 + 3}"


# The places the New game page offers: rows 1 to 5, places 1 to 5 (the default layout is in the middle).
PLACES = sorted({(q - (r - (r & 1)) // 2, r) for r in range(-2, 3) for q in range(-2, 3)}, key=lambda a: (a[1], a[0]))


def layout_field() -> dict[str, Any]:
    """The New game page's question: each tile's place on a grid of 5 rows of 5 hexagons."""
    places = [list(at) for at in PLACES]
    names = [place_name(at) for at in PLACES]
    return {"title": "Where the tiles lie", "type": "object",
            "description": "Each tile's place on 5 rows of hexagons; rows 2 and 4 sit half a hexagon to the right "
                           "of rows 1, 3 and 5. Every tile touches another along a side.",
            "properties": {t: {"title": t, "enum": places, "enumNames": names, "default": list(DEFAULT_LAYOUT[t])}
                           for t in TILES}}


def check_layout(layout: object) -> Refused | None:
    """Why a layout given at setup cannot be the table's, or None."""
    if not isinstance(layout, Mapping) or set(layout) != set(TILES):
        return Refused(f"layout: each of the nine tiles ({', '.join(TILES)}) with its place [q, r]")
    places = []
    for tile, at in layout.items():
        if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(type(v) is int and -9 <= v <= 9 for v in at)):
            return Refused(f"layout.{tile}: its place as [q, r], whole numbers from -9 to 9")
        places.append(tuple(at))
    if len(set(places)) != len(places):
        return Refused("layout: two tiles are in the same place")
    alone = next((t for t in TILES if not neighbours(layout, t)), None)
    if alone:
        return Refused(f"layout.{alone}: every tile touches another along a side [R l.541]")
    return None


def neighbours(layout: Mapping[str, Sequence[int]], tile: str) -> list[str]:
    q, r = layout[tile]
    around = {(q + dq, r + dr) for dq, dr in _SIDES}
    return [t for t in TILES if tuple(layout[t]) in around]


def adjacent(layout: Mapping[str, Sequence[int]], one: str, other: str) -> bool:
    return other in neighbours(layout, one)


def berth(tiles: Iterable[str]) -> list[str]:
    """A place of the Boat as the companion writes it: the tiles it touches, in the tiles' order."""
    given = set(tiles)
    return [t for t in TILES if t in given]


def berths(layout: Mapping[str, Sequence[int]], tile: str) -> list[list[str]]:
    """Where the Boat may be left next to `tile`: beside it alone (the city's edge), in the canal between it and
    a neighbour, or where it and two neighbours that touch each other meet."""
    around = neighbours(layout, tile)
    found = [[tile]] + [berth((tile, n)) for n in around]
    found += [berth((tile, a, b)) for i, a in enumerate(around) for b in around[i + 1:] if adjacent(layout, a, b)]
    return found


def all_berths(layout: Mapping[str, Sequence[int]]) -> list[list[str]]:
    """Every place the Boat may lie in this city: next to one tile, between two, where three meet."""
    found: list[list[str]] = []
    for tile in TILES:
        found += [b for b in berths(layout, tile) if b not in found]
    return sorted(found, key=lambda b: (len(b), [TILES.index(t) for t in b]))


def berth_name(place: Sequence[str]) -> str:
    """"next to Wool", "between Wool and Flax", "where Wool, Flax and Market meet"."""
    if len(place) == 1:
        return f"next to {place[0]}"
    if len(place) == 2:
        return f"between {place[0]} and {place[1]}"
    return f"where {', '.join(place[:-1])} and {place[-1]} meet"


def bridge_field(edges: Sequence[Sequence[str]]) -> dict[str, Any]:
    """A choice among places of a bridge, each between two tiles, found under either tile in a long list."""
    return {"title": "between", "enum": [list(e) for e in edges], "enumNames": [f"{a} and {b}" for a, b in edges],
            "enumGroups": [list(e) for e in edges]}


def berth_field(places: Sequence[Sequence[str]], title: str) -> dict[str, Any]:
    """A choice among places of the Boat, named as the players say them, grouped by the tiles each touches (a long
    list is picked tile first: "between Flax and Gold" under Flax and under Gold). A tile that touches more places
    than a picker lists (the Market) leaves out those where three tiles meet: they are under the other two.

    Places beside one tile, nine at most (a keypad's), are one keypad titled beside it, each on the box's keys by
    what it touches besides that tile, without groups (a phone lists them whole)."""
    names = [berth_name(p) for p in places]
    beside = next((t for t in TILES if all(t in p for p in places)), None)
    if beside and len(places) <= KEYPAD:
        return {"title": f"{title} beside {beside}", "enum": list(places), "enumNames": names,
                "enumShort": [_beside(p, beside) for p in places]}
    touching = Counter(tile for place in places for tile in place)
    groups = [[tile for tile in place if touching[tile] <= PICKER_LIST or len(place) < 3] for place in places]
    return {"title": title, "enum": list(places), "enumNames": names, "enumGroups": groups,
            **_group_keys(places, groups)}


def _group_keys(places: Sequence[Sequence[str]], groups: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The box's names for a long list of places of the Boat (`enumShort`, `groupShort`): its tiles short, those
    beside most places first, and a place by what it touches besides the tile it is picked under ("Alone", "Flax",
    "Fl+Mk"); none for a list short enough to show without groups."""
    if len(places) <= BOX_LIST:
        return {}
    count = Counter(tile for each in groups for tile in each)
    order = sorted(count, key=lambda t: -count[t])  # (stable: in the order the list first meets them)
    return {"enumShort": [[_beside(p, t) for t in each] for p, each in zip(places, groups)],
            "groupShort": {t: SHORT[t] for t in order}}


def _beside(place: Sequence[str], tile: str) -> str:
    """A place of the Boat on a key, under `tile`: "Alone" (next to it only), "Flax" (between it and Flax), "Fl+Mk"
    (where it, Flax and the Market meet)."""
    others = [t for t in place if t != tile]
    return "Alone" if not others else SHORT[others[0]] if len(others) == 1 else "+".join(LETTERS[t] for t in others)


def edge(one: str, other: str) -> tuple[str, str]:
    """A bridge's place: the two tiles, in a fixed order."""
    return tuple(sorted((one, other)))


def routes(layout: Mapping[str, Sequence[int]], start: str, steps: int, own_bridges: Iterable[Sequence[str]],
           boat: Iterable[str] | None) -> list[dict[str, Any]]:
    """Every legal move of exactly `steps` points from `start`: {"path", "to", "boat"} where `path` lists the
    tiles entered ("boat" before a tile reached by the Boat) and `boat` is the tile the Boat is left next to
    (the berth around it is the player's choice), or None when the Boat is not used.

    A step costs 1, or 0 or 1 at the player's choice across his own bridge; the Boat costs 3, once a move, from
    a tile it touches. No tile is visited twice, the start included [R l.179-207].
    """
    mine = {edge(*b) for b in own_bridges}
    touches = set(berth(boat)) if boat else set()
    around = {tile: neighbours(layout, tile) for tile in TILES}  # once: the walk asks at every tile of every route
    found: list[dict[str, Any]] = []

    def walk(here: str, visited: tuple[str, ...], path: tuple[str, ...], low: int, high: int, landed: str | None):
        if low <= steps <= high and path:
            found.append({"path": list(path), "to": here, "boat": landed})
        for there in around[here]:
            if there not in visited:
                free = edge(here, there) in mine
                if low + (0 if free else 1) <= steps:
                    walk(there, visited + (there,), path + (there,), low + (0 if free else 1), high + 1, landed)
        if landed is None and here in touches and low + BOAT_COST <= steps:
            for there in TILES:
                if there not in visited:
                    walk(there, visited + (there,), path + (BOAT, there), low + BOAT_COST, high + BOAT_COST, there)

    walk(start, (start,), (), 0, 0, None)
    return found


def check_path(layout: Mapping[str, Sequence[int]], start: str, steps: int, own_bridges: Iterable[Sequence[str]],
               boat: Iterable[str] | str | None, path: Sequence[str]) -> dict[str, Any] | str:
    """The move along `path` ({"path", "to", "boat"}), or why it is not a legal move of `steps`."""
    wanted = [BOAT if p == BOAT else tile_named(p) for p in path] if isinstance(path, (list, tuple)) else [None]
    if None in wanted or not wanted or wanted[-1] == BOAT:
        return f"path: the tiles entered in order, with “{BOAT}” before a tile reached by the Boat"
    for route in routes(layout, start, steps, own_bridges, boat):
        if route["path"] == wanted:
            return route
    return f"{' -> '.join([start, *wanted])} is not a legal move of exactly {steps}"


def reachable(layout: Mapping[str, Sequence[int]], start: str, steps: int, own_bridges: Iterable[Sequence[str]],
              boat: Iterable[str] | str | None) -> dict[str, list[dict[str, Any]]]:
    """Each tile a move of `steps` can end on, with the routes there."""
    out: dict[str, list[dict[str, Any]]] = {}
    for route in routes(layout, start, steps, own_bridges, boat):
        out.setdefault(route["to"], []).append(route)
    return out


def plain_route(routes: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The route to take when only the end tile is given: on foot if it can be (the Boat stays), else the
    Boat route when every one leaves the Boat next to the same tile; None when the path must be given."""
    walking = [r for r in routes if BOAT not in r["path"]]
    if walking:
        return min(walking, key=lambda r: len(r["path"]))
    return routes[0] if len({r["boat"] for r in routes}) == 1 else None
