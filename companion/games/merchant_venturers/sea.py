"""Merchant Venturers' map of the companion's own pattern [A] (board.py): where each of the 90 triangular
tiles goes, and how many moves a ship needs from one port to another (SPEC.md 5.4, [R l.110] "Ships can
move onto adjacent tiles ... You can dock a ship by moving it onto the port tile").

The rulebook's layout picture is lost [?]. The companion lays its tiles in 6 rows of 15 triangles, north to
south, each row alternating point-up and point-down triangles [A]:

  rows 1-5   the Old World's four lands of a port (a, b, c, d) then the port (O1-O5), six ocean tiles,
             the New World's port (N1-N5) then its three lands (a, b, c)
  row 6      eleven ocean tiles (south of the Old World), then N6 and its three lands

A triangle touches the two beside it in its row and one across its flat side: the row below for a point-up
triangle, the row above for a point-down one. A ship crosses ocean tiles only; moving onto a port docks it
there [A]. A table that lays its own board enters only the ports and lands: the companion does not know its
ocean, and checks no ship's reach there.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .board import NEW, OLD, PATTERN

ROWS, COLUMNS = 6, 15
OLD_PORT, NEW_PORT = 4, 11  # the columns of the ports in their rows


def _tiles() -> dict[tuple[int, int], str]:
    """Every tile's place: a port's name, a land's id, or "" for the ocean."""
    tiles = {(r, c): "" for r in range(ROWS) for c in range(COLUMNS)}
    rows = {OLD: 0, NEW: 0}
    for port, world, lands in PATTERN:
        r = rows[world]
        rows[world] += 1
        column = OLD_PORT if world == OLD else NEW_PORT
        tiles[r, column] = port
        for k, land in enumerate(lands):
            tiles[r, column - len(lands) + k if world == OLD else column + 1 + k] = land
    return tiles


TILES = _tiles()


def known(board: Mapping[str, Any] | None) -> bool:
    """Whether a board is the companion's pattern (dealt by it), whose ocean the companion knows."""
    if board is None:
        return False
    return [(p["name"], p["world"], tuple(p["lands"])) for p in board["ports"]] == list(PATTERN)


def _beside(r: int, c: int) -> list[tuple[int, int]]:
    across = r + 1 if (r + c) % 2 == 0 else r - 1
    return [(r2, c2) for r2, c2 in ((r, c - 1), (r, c + 1), (across, c)) if (r2, c2) in TILES]


@cache
def distances(port: str) -> dict[str, int]:
    """The fewest moves from a port to each other port of the pattern, over the ocean."""
    start = next(place for place, name in TILES.items() if name == port)
    ports = {name for name, _, _ in PATTERN}
    found, reached, frontier, step = {}, {start}, [start], 0
    while frontier:
        step += 1
        following = []
        for place in frontier:
            for near in _beside(*place):
                if near in reached:
                    continue
                reached.add(near)
                if TILES[near] in ports:
                    found[TILES[near]] = step  # a port ends a move: the ship docks
                elif TILES[near] == "":
                    following.append(near)
        frontier = following
    return found


def rows(board: Mapping[str, Any]) -> list[str]:
    """The map as the players lay it, row by row, west to east: each tile by its port or land id and what
    is on it (the ocean's tiles counted)."""
    lines = []
    for r in range(ROWS):
        words, ocean = [], 0
        for c in range(COLUMNS):
            name = TILES[r, c]
            if name == "":
                ocean += 1
                continue
            if ocean:
                words.append(f"{ocean} ocean")
                ocean = 0
            words.append(f"{name} {board['lands'][name]}" if name in board["lands"] else name)
        if ocean:
            words.append(f"{ocean} ocean")
        lines.append(f"Row {r + 1}: " + ", ".join(words))
    return lines
