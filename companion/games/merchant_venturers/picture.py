"""Merchant Venturers' board as the companion knows it, drawn for the table page: the Old World's ports on
the left and the New World's on the right, north to south, each with the good its card names, its lands,
the trading posts and the ships docked there; the ships at sea in the ocean between; each player in the
colour the panel gives the seat. Under it, on the companion's own board, the map of its 90 tiles (sea.py):
where each triangular tile goes, the ocean's in blue, each port and land by its id, a land in the colour of what
it makes; a table's own board has no map.

Drawn from the public view (`_public`): pure, so a past game's last view draws its board too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import svg

from . import sea
from .board import DESERT, LABELS, LAND, NEW, OLD
from .fleet import SEA

TITLE = "The board"
WIDTH = 360
PORT_W, PORT_H, GAP = 138, 54, 6
TOP = 22
OCEAN = "#dcebf5"
GOOD_FILLS = {"crops": "#a6c95f", "furs": "#9c6b3c", "spices": "#d9534f", "ebony": "#3d3d3d", "gold": "#e6b800",
              DESERT: "#eddcb0"}
GOOD_LETTERS = {"crops": "C", "furs": "F", "spices": "S", "ebony": "E", "gold": "G", DESERT: "–"}
SIZES = {"small": "S", "medium": "M", "large": "L"}
SIDE, HIGH = 40, 30  # the map: a triangle's side and height, in the picture's units
PORT_FILL = "#f7f3ea"
DARK = ("furs", "spices", "ebony")  # white words on these fills


def board(view: Mapping[str, Any]) -> str:
    """The board, or an empty ocean with a line saying the board is not dealt yet."""
    laid = view.get("board")
    names, ink = [p["name"] for p in view["players"]], svg.inks(view["players"])
    ports = laid["ports"] if laid else []
    rows = max([sum(p["world"] == w for p in ports) for w in (OLD, NEW)] + [1])
    height = TOP + rows * (PORT_H + GAP)
    out = [f'<rect x="{PORT_W:g}" y="0" width="{WIDTH - 2 * PORT_W:g}" height="{height:g}" fill="{OCEAN}"/>',
           svg.text(PORT_W / 2, 14, "Old World", text_anchor="middle", font_weight="bold"),
           svg.text(WIDTH / 2, 14, "Ocean", text_anchor="middle", fill="#555"),
           svg.text(WIDTH - PORT_W / 2, 14, "New World", text_anchor="middle", font_weight="bold")]
    if view.get("wind"):  # this season's wind, as the ocean's sailors feel it
        out += [svg.text(WIDTH / 2, height - 20, "Wind from", text_anchor="middle", fill="#555", font_size="9"),
                svg.text(WIDTH / 2, height - 8, f"the {view['wind']}", text_anchor="middle", fill="#555", font_size="9")]
    if not laid:
        out.append(svg.text(WIDTH / 2, TOP + 30, "The board is not dealt yet", text_anchor="middle"))
    for world, x in ((OLD, 0), (NEW, WIDTH - PORT_W)):
        for row, port in enumerate(p for p in ports if p["world"] == world):
            out += _port(port, laid["lands"], view, ink, x, TOP + row * (PORT_H + GAP))
    at_sea = [(seat, ship) for seat, p in enumerate(view["players"]) for ship in p.get("ships", []) if ship["at"] == SEA]
    for k, (seat, ship) in enumerate(at_sea):  # two abreast
        out.append(_ship(seat, ship, ink[seat], WIDTH / 2 - 20 + 40 * (k % 2), TOP + 26 + 30 * (k // 2)))
    key = ["Lands: C crops, F furs, S spices, E ebony, G gold, – desert;", "a New World land makes its port's good.",
           "A house: a trading post (S, M or L). A boat: a ship, its number",
           "on the sail, a dot per good in its hold."]
    out += [svg.text(4, height + 12 + 12 * k, words, fill="#555", font_size="9") for k, words in enumerate(key)]
    out += svg.legend(4, height + 14 + 12 * len(key) + 6, names, ink)
    bottom = height + 14 + 12 * len(key) + 6 + 14 * len(names)
    out += _map(view, bottom)
    return svg.document(WIDTH, bottom + _map_height(view), TITLE, out)


def _port(port: Mapping[str, Any], lands: Mapping[str, str], view: Mapping[str, Any], ink: list[str], x: float,
          y: float) -> list[str]:
    good = port.get("good")
    title = port["name"] + (f": {LABELS[good]}" if good else "")
    out = [f'<rect class="port" data-port="{port["name"]}" x="{x + 2:g}" y="{y:g}" width="{PORT_W - 4:g}" '
           f'height="{PORT_H:g}" rx="4" fill="{PORT_FILL}" stroke="#b9ad96"/>',
           svg.text(x + 7, y + 12, title, font_weight="bold")]
    if port["world"] == NEW and good:
        left = view.get("stock", {}).get(port["name"], {}).get(good, 0)
        out.append(svg.text(x + PORT_W - 7, y + 12, f"{left} left", text_anchor="end", fill="#555", font_size="9"))
    for k, land in enumerate(port["lands"]):
        kind = lands.get(land, DESERT)
        made = good if kind == LAND else kind  # a New World land makes its port's good
        lx = x + 7 + 15 * k
        out.append(f'<rect class="land" x="{lx:g}" y="{y + 17:g}" width="13" height="13" rx="2" '
                   f'fill="{GOOD_FILLS.get(made, "#ccc")}"/>')
        out.append(svg.text(lx + 6.5, y + 27, GOOD_LETTERS.get(made, "?"), text_anchor="middle", font_size="9",
                            fill="#000" if made in (DESERT, "gold", "crops") else "#fff"))
    spot = x + 10
    for seat, p in enumerate(view["players"]):
        post = p.get("posts", {}).get(port["name"])
        if post:
            out.append(_house(seat, post, ink[seat], spot, y + 48))
            spot += 18
        for ship in p.get("ships", []):
            if ship["at"] == port["name"]:
                out.append(_ship(seat, ship, ink[seat], spot + 6, y + 46))
                spot += 26
    return out


def _house(seat: int, post: Mapping[str, Any], c: str, x: float, y: float) -> str:
    return (f'<path class="post" data-seat="{seat}" d="M{x - 7:g} {y:g} V{y - 9:g} L{x:g} {y - 15:g} L{x + 7:g} {y - 9:g} '
            f'V{y:g} Z" fill="{c}"/>' + svg.text(x, y - 2, SIZES[post["size"]], text_anchor="middle", fill="#fff",
                                                  font_size="8", font_weight="bold"))


def _ship(seat: int, ship: Mapping[str, Any], c: str, x: float, y: float) -> str:
    dots = "".join(f'<circle cx="{x - 6 + 6 * k:g}" cy="{y + 3:g}" r="2" fill="#fff"/>' for k in range(len(ship["cargo"])))
    return f'<g class="ship" data-seat="{seat}">{svg.boat(x, y, c, str(ship["id"]))}{dots}</g>'


def _map_height(view: Mapping[str, Any]) -> float:
    """How tall the map is (0 when there is none)."""
    return 16 + sea.ROWS * HIGH + 6 if sea.known(view.get("board")) else 0


def _map(view: Mapping[str, Any], top: float) -> list[str]:
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
        fill = OCEAN if not name else PORT_FILL if kind is None else GOOD_FILLS.get(made, "#ccc")
        out.append(f'<polygon class="tile" data-tile="{name}" points="{" ".join(f"{px:g},{py:g}" for px, py in points)}" '
                   f'fill="{fill}" stroke="#fff"/>')
        if name:
            out.append(svg.text(x + SIDE / 2, y + (HIGH * 0.8 if up else HIGH * 0.45), name, text_anchor="middle", font_size="8",
                                fill="#fff" if made in DARK else "#000"))
    return out
