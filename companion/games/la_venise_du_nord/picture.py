"""La Venise du Nord's city as the companion knows it, drawn for the table page: the nine Quarter tiles where
the players laid them, the canals between them, each bridge across its canal, the dice on the tiles, the
Burghers and the Boat, each player in the colour the panel gives the seat.

Drawn from the public view (`_public`): pure, so a past game's last view draws its city too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from companion import svg

from .city import CARD_TILES, MARKET, PORTS, RAW_TILES

TITLE = "The city"
SIZE = 42  # a hexagon's corner to its centre
MARGIN = 8
FILLS = {**{t: c for t, c in zip(RAW_TILES, ("#efe4cb", "#dde6f4", "#f3dc8c"))}, **dict.fromkeys(CARD_TILES, "#e6ddd3"),
         MARKET: "#f1cfc2", **dict.fromkeys(PORTS, "#cfe3ef")}
CANAL = "#7fb0d6"


def centre(at: list[int]) -> tuple[float, float]:
    """A tile's centre: hexagons with a corner up, in rows, each row half a hexagon to the right of the one
    above (axial coordinates [q, r], as the New game page places them)."""
    q, r = at
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def city(view: Mapping[str, Any]) -> str:
    layout, names, ink = view["layout"], [p["name"] for p in view["players"]], svg.inks(view["players"])
    spots = {tile: centre(at) for tile, at in layout.items()}
    x0 = min(x for x, _ in spots.values()) - SIZE * math.sqrt(3) / 2 - MARGIN
    y0 = min(y for _, y in spots.values()) - SIZE - MARGIN
    x1 = max(x for x, _ in spots.values()) + SIZE * math.sqrt(3) / 2 + MARGIN
    y1 = max(y for _, y in spots.values()) + SIZE + MARGIN

    def at(tile: str) -> tuple[float, float]:
        x, y = spots[tile]
        return round(x - x0, 1), round(y - y0, 1)

    out = [_tile(tile, *at(tile)) for tile in layout]
    out += _bridges(view["bridges"], at, ink)
    for tile, die in view["dice_on_tiles"].items():
        x, y = at(tile)
        out.append(f'<rect class="die" x="{x - 8:g}" y="{y - SIZE * .72:g}" width="16" height="16" rx="3" fill="#fff" '
                   f'stroke="{ink[die["seat"]]}" stroke-width="2.5"/>')
        out.append(svg.text(x, y - SIZE * .72 + 12, str(die["value"]), text_anchor="middle", font_weight="bold"))
    here: dict[str, list[int]] = {}
    for seat, p in enumerate(view["players"]):
        if p.get("burgher"):
            here.setdefault(p["burgher"], []).append(seat)
    for tile, seats in here.items():
        x, y = at(tile)
        for k, seat in enumerate(seats):
            bx = x + (k - (len(seats) - 1) / 2) * 15
            out.append(f'<circle class="burgher" cx="{bx:g}" cy="{y + SIZE * .42:g}" r="7" fill="{ink[seat]}"/>')
            out.append(svg.text(bx, y + SIZE * .42 + 3.5, svg.initial(names[seat]), text_anchor="middle", fill="#fff",
                                font_size="9", font_weight="bold"))
    touching = [t for t in view.get("boat") or [] if t in spots]  # the tiles the Boat touches
    if len(touching) == 1:  # at the city's edge, next to one tile
        x, y = at(touching[0])
        out.append(svg.boat(x - SIZE * .5, y - SIZE * .3, "#5b4a3a"))
    elif touching:  # in the canal between two tiles, or where three meet
        x, y = (sum(at(t)[k] for t in touching) / len(touching) for k in (0, 1))
        out.append(svg.boat(round(x, 1), round(y, 1), "#5b4a3a"))
    width, height = x1 - x0, y1 - y0
    for k, words in enumerate(("A square: a player's die. A disc: a Burgher.", "A bar across a canal: a bridge.")):
        out.append(svg.text(MARGIN, height + 4 + 12 * k, words, fill="#555", font_size="9"))
    out += svg.legend(MARGIN, height + 38, names, ink)
    return svg.document(round(width, 1), round(height + 36 + 14 * len(names), 1), TITLE, out)


def _tile(tile: str, x: float, y: float) -> str:
    turns = [math.radians(60 * i - 30) for i in range(6)]  # a corner up
    corners = " ".join(f"{x + SIZE * math.cos(t):.1f},{y + SIZE * math.sin(t):.1f}" for t in turns)
    words = tile.split(" ") if tile == "Master Builder" else [tile]
    label = "".join(svg.text(x, y + 3 + 11 * (k - (len(words) - 1) / 2), w, text_anchor="middle")
                    for k, w in enumerate(words))
    return (f'<polygon class="tile" data-tile="{tile}" points="{corners}" fill="{FILLS.get(tile, "#eee")}" '
            f'stroke="{CANAL}" stroke-width="4"/>' + label)


def _bridges(bridges: list[Mapping[str, Any]], at: Any, ink: list[str]) -> list[str]:
    """A bar across the canal between the two tiles (side by side when two players bridged the same canal)."""
    out, seen = [], {}
    for b in bridges:
        a, c = b["tiles"]
        (ax, ay), (cx, cy) = at(a), at(c)
        length = math.hypot(cx - ax, cy - ay) or 1
        ux, uy = (cx - ax) / length, (cy - ay) / length
        key = tuple(sorted((a, c)))
        shift = 7 * seen.get(key, 0)
        seen[key] = seen.get(key, 0) + 1
        mx, my = (ax + cx) / 2 - uy * shift, (ay + cy) / 2 + ux * shift
        out.append(f'<line class="bridge" data-seat="{b["seat"]}" x1="{mx - ux * 8:.1f}" y1="{my - uy * 8:.1f}" '
                   f'x2="{mx + ux * 8:.1f}" y2="{my + uy * 8:.1f}" stroke="{ink[b["seat"]]}" stroke-width="5" '
                   f'stroke-linecap="round"/>')
    return out
