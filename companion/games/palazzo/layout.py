"""The Duke's building rules for a laid-out palazzo [R l.103-114], as checks on a grid.

A palazzo is laid out when its players enter where each structure stands:
(x, y) cells of a square grid, a structure touching another along a whole
side when their cells are next to each other. The rules, after every change:

  * the first structure goes anywhere; every later one lines up along at
    least one side with another structure (so the palazzo is one piece [A]);
  * no gaps: in every row and every column the structures stand side by side, no
    empty place between two of them (a hole closed in on all sides, and an open slot too);
  * every pair of touching structures shares its suit or its value.

Each function returns why a change breaks a rule, or None when it is legal.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.result import Refused

from .pieces import suit, value

Cell = tuple[int, int]
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
SIDE_NAMES = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "above", (0, -1): "below"}


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in SIDES]


def go_together(a: str, b: str) -> bool:
    return suit(a) == suit(b) or value(a) == value(b)


def _mismatch(cells: Mapping[Cell, str], at: Cell, tile: str) -> Refused | None:
    for n in neighbours(at):
        other = cells.get(n)
        if other is not None and not go_together(tile, other):
            return Refused(f"{tile} cannot stand next to {other}: touching structures share their suit or their value")
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


def gaps(cells: Mapping[Cell, str]) -> list[tuple[Cell, Cell]]:
    """The gaps of a palazzo [R l.103-114, A]: each pair of structures in the same row or column with empty
    places between them. A hole closed in on every side is one of them, and so is an open slot or bay."""
    found = []
    for axis in (0, 1):  # rows (cells in order of x), then columns (in order of y)
        lines: dict[int, list[Cell]] = {}
        for c in cells:
            lines.setdefault(c[1 - axis], []).append(c)
        for line in lines.values():
            line.sort(key=lambda c: c[axis])
            found += [(a, b) for a, b in zip(line, line[1:]) if b[axis] - a[axis] > 1]
    return sorted(found)


def _whole(cells: Mapping[Cell, str]) -> Refused | None:
    if not _one_piece(cells):
        return Refused("the palazzo would fall into separate parts: every structure lines up with another")
    found = gaps(cells)
    if found:
        a, b = found[0]
        return Refused(f"that would leave a gap between {cells[a]} and {cells[b]}: "
                "in a row or a column, structures stand side by side")
    return None


def place(cells: Mapping[Cell, str], tile: str, at: Cell) -> Refused | None:
    """Why `tile` cannot be built at `at` (a refusal), or None."""
    if at in cells:
        return Refused(f"{cells[at]} already stands at {list(at)}")
    if cells and not any(n in cells for n in neighbours(at)):
        return Refused(f"{list(at)} touches no structure: line it up along a side of one")
    return _mismatch(cells, at, tile) or _whole({**cells, at: tile})


def remove(cells: Mapping[Cell, str], at: Cell) -> Refused | None:
    """Why the structure at `at` cannot leave the palazzo (for the reserve; a refusal), or None."""
    rest = {c: t for c, t in cells.items() if c != at}
    return _whole(rest)


def swap(cells: Mapping[Cell, str], at: Cell, tile: str) -> Refused | None:
    """Why `tile` cannot take the place of the structure at `at` (a refusal), or None."""
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
    side, other = _beside(cells, at)
    return f"{SIDE_NAMES[side]} {other}" if other is not None else "to start the palazzo"


def side_word(cells: Mapping[Cell, str], at: Cell) -> tuple[str, str | None]:
    """The cell in a word for the box's keys ("Right", "Start") and the structure it is beside, which tells apart
    the places named by the same word."""
    side, other = _beside(cells, at)
    return (SIDE_NAMES[side].split()[0].capitalize() if other is not None else "Start"), other


def _beside(cells: Mapping[Cell, str], at: Cell) -> tuple[Cell | None, str | None]:
    """The side of `at` a structure stands on, and that structure (the first found), or (None, None)."""
    for dx, dy in SIDES:
        other = cells.get((at[0] - dx, at[1] - dy))
        if other is not None:
            return (dx, dy), other
    return None, None
