"""Merchant Venturers: the map of the companion's own board drawn under the board's picture, where each of
the 90 triangular tiles goes (sea.py): the ocean's in blue, each port and land by its id, a land in the
colour of what it makes. A table's own board has no map: nothing is drawn.

Pure, from the public view (`_public`), as picture.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import svg

from . import sea
from .board import LAND

SIDE, HIGH = 40, 30  # a triangle's side and height, in the picture's units
PORT_FILL = "#f7f3ea"
DARK = ("furs", "spices", "ebony")  # white words on these fills


def height(view: Mapping[str, Any]) -> float:
    """How tall the map is (0 when there is none)."""
    return 16 + sea.ROWS * HIGH + 6 if sea.known(view.get("board")) else 0


def draw(view: Mapping[str, Any], fills: Mapping[str, str], ocean: str, top: float) -> list[str]:
    """The map from `top` down: a heading, then the rows north to south."""
    board = view.get("board")
    if not sea.known(board):
        return []
    makes = {land: p["good"] for p in board["ports"] for land in p["lands"]}  # a New World land makes its port's good
    out = [svg.text(4, top + 11, "The map: lay the tiles so", font_weight="bold")]
    for (r, c), name in sea.TILES.items():
        x, y = c * SIDE / 2, top + 16 + r * HIGH
        up = (r + c) % 2 == 0
        points = ((x, y + HIGH), (x + SIDE / 2, y), (x + SIDE, y + HIGH)) if up else ((x, y), (x + SIDE, y), (x + SIDE / 2, y + HIGH))
        kind = board["lands"].get(name)
        made = makes[name] if kind == LAND else kind
        fill = ocean if not name else PORT_FILL if kind is None else fills.get(made, "#ccc")
        out.append(f'<polygon class="tile" data-tile="{name}" points="{" ".join(f"{px:g},{py:g}" for px, py in points)}" '
                   f'fill="{fill}" stroke="#fff"/>')
        if name:
            out.append(svg.text(x + SIDE / 2, y + (HIGH * 0.8 if up else HIGH * 0.45), name, text_anchor="middle", font_size="8",
                                fill="#fff" if made in DARK else "#000"))
    return out
