"""The Duke's building rules for a laid-out palazzo [R l.103-114], as checks on a grid.

A palazzo is laid out when its players enter where each structure stands:
(x, y) cells of a square grid, a structure touching another along a whole
side when their cells are next to each other. The rules, after every change:

  * the first structure goes anywhere; every later one lines up along at
    least one side with another structure (so the palazzo is one piece [A]);
  * no gaps: no empty cell is closed in by structures;
  * every pair of touching structures shares its suit or its value.

Each function returns why a change breaks a rule, or None when it is legal.
"""

from __future__ import annotations

from collections.abc import Mapping

from .pieces import suit, value

Cell = tuple[int, int]
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
SIDE_NAMES = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "above", (0, -1): "below"}


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in SIDES]


def go_together(a: str, b: str) -> bool:
    return suit(a) == suit(b) or value(a) == value(b)


def _mismatch(cells: Mapping[Cell, str], at: Cell, tile: str) -> str | None:
    for n in neighbours(at):
        other = cells.get(n)
        if other is not None and not go_together(tile, other):
            return f"{tile} cannot stand next to {other}: touching structures share their suit or their value"
    return None


def _one_piece(cells: Mapping[Cell, str]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def holes(cells: Mapping[Cell, str]) -> list[Cell]:
    """Empty cells closed in by structures: not reachable from outside the palazzo without crossing one."""
    if not cells:
        return []
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = {(lo_x, lo_y)}
    todo = [(lo_x, lo_y)]
    while todo:
        for n in neighbours(todo.pop()):
            if lo_x <= n[0] <= hi_x and lo_y <= n[1] <= hi_y and n not in cells and n not in outside:
                outside.add(n)
                todo.append(n)
    return sorted((x, y) for x in range(lo_x, hi_x + 1) for y in range(lo_y, hi_y + 1)
                  if (x, y) not in cells and (x, y) not in outside)


def _whole(cells: Mapping[Cell, str]) -> str | None:
    if not _one_piece(cells):
        return "the palazzo would fall into separate parts: every structure lines up with another"
    gaps = holes(cells)
    if gaps:
        return f"that would leave a gap at {list(gaps[0])}: no holes are allowed"
    return None


def place(cells: Mapping[Cell, str], tile: str, at: Cell) -> str | None:
    """Why `tile` cannot be built at `at`, or None."""
    if at in cells:
        return f"{cells[at]} already stands at {list(at)}"
    if cells and not any(n in cells for n in neighbours(at)):
        return f"{list(at)} touches no structure: line it up along a side of one"
    return _mismatch(cells, at, tile) or _whole({**cells, at: tile})


def remove(cells: Mapping[Cell, str], at: Cell) -> str | None:
    """Why the structure at `at` cannot leave the palazzo (for the reserve), or None."""
    rest = {c: t for c, t in cells.items() if c != at}
    return _whole(rest)


def swap(cells: Mapping[Cell, str], at: Cell, tile: str) -> str | None:
    """Why `tile` cannot take the place of the structure at `at`, or None."""
    rest = {c: t for c, t in cells.items() if c != at}
    return _mismatch(rest, at, tile)


def legal_cells(cells: Mapping[Cell, str], tile: str) -> list[Cell]:
    """Where `tile` may be built now (the origin for a first structure)."""
    if not cells:
        return [(0, 0)]
    free = sorted({n for c in cells for n in neighbours(c) if n not in cells})
    return [c for c in free if place(cells, tile, c) is None]


def describe(cells: Mapping[Cell, str], at: Cell) -> str:
    """Where a cell is, in words a player can follow: "right of Suns 3"."""
    for dx, dy in SIDES:
        other = cells.get((at[0] - dx, at[1] - dy))
        if other is not None:
            return f"{SIDE_NAMES[(dx, dy)]} {other}"
    return "to start the palazzo"
