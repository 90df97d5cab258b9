"""A game's story as a picture: each player's score over the game, as SVG the panel serves.

Drawn by hand as a few SVG elements (a polyline per player, the rounds as
light lines, a legend; companion.svg says why by hand). The input is `companion.history.timeline`: points in input
order, each with its round and every seat's score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from companion import svg

# Drawn at a phone's width (360 units to about as many CSS pixels): its text is 16 units, body text's size on
# the phone pages, in a dark grey (#333, 12.6:1 on the white).
WIDTH, HEIGHT, FONT, INK = 360, 250, 16, "#333"
LEFT, RIGHT, TOP, BOTTOM = 40, 10, 26, 42  # the plot's margins: the label above, the values left, the rounds below
LEGEND = 22  # a legend line's height
# Each player's line in the player's colour (companion.svg), and told apart in dash too.
DASHES = ("", "6 3", "2 3", "10 3 2 3", "4 2", "1 2", "8 2 2 2", "12 4")


def score_chart(timeline: Mapping[str, Any], title: str) -> str:
    """The SVG document for `timeline`; an empty game draws its axes and says so."""
    points, players = timeline["points"], timeline["players"]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    values = [v for p in points for v in p["values"]]
    low, high = min([0, *values]), max([1, *values])
    last = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / last, 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (high - v) / (high - low), 1)

    out = []
    rounds = [(i, p["round"]) for i, p in enumerate(points) if i == 0 or p["round"] != points[i - 1]["round"]]
    every = max(1, len(rounds) // 8)  # at most about 8 labels under the axis
    for n, (i, rnd) in enumerate(rounds):
        if n % every == 0:  # a light line and its number at every round, or every few when there are many
            out.append(f'<line class="round" x1="{x(i)}" y1="{TOP}" x2="{x(i)}" y2="{TOP + plot_h}" stroke="#ddd"/>')
            if rnd:
                out.append(f'<text x="{x(i)}" y="{TOP + plot_h + 17}" text-anchor="middle" fill="{INK}">{rnd}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 4}" text-anchor="middle" fill="{INK}">'
               f'{escape(timeline["round_word"])}</text>')
    marked: list[float] = []
    for v in dict.fromkeys((low, high, 0)):  # the lowest and the highest value, and 0 where it has room
        if all(abs(y(v) - at) >= FONT for at in marked):
            marked.append(y(v))
            out.append(f'<text x="{LEFT - 4}" y="{y(v) + 5}" text-anchor="end" fill="{INK}">{_number(v)}</text>')
    out.append(f'<line x1="{LEFT}" y1="{y(0)}" x2="{LEFT + plot_w}" y2="{y(0)}" stroke="#999"/>')
    out.append(f'<text x="{LEFT}" y="{TOP - 8}" fill="{INK}">{escape(timeline["label"])}</text>')
    inks = timeline.get("inks") or [svg.colour(seat) for seat in range(len(players))]
    for seat, name in enumerate(players):
        colour, dash = inks[seat], DASHES[seat % len(DASHES)]  # the player's colour, the seat's dash
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        line = " ".join(f"{x(i)},{y(p['values'][seat])}" for i, p in enumerate(points))
        final = points[-1]["values"][seat] if points else 0
        out.append(f'<polyline class="player" data-seat="{seat}" data-final="{_number(final)}" points="{line}" '
                   f'fill="none" stroke="{colour}" stroke-width="2"{dashed}/>')
        ly = HEIGHT + LEGEND * seat + 14
        out.append(f'<line x1="{LEFT}" y1="{ly - 5}" x2="{LEFT + 24}" y2="{ly - 5}" stroke="{colour}" '
                   f'stroke-width="2"{dashed}/>')
        out.append(f'<text class="legend" x="{LEFT + 30}" y="{ly}">{escape(name)}: {_number(final)}</text>')
    if not points:
        out.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP + plot_h / 2}" text-anchor="middle">No score yet</text>')
    return svg.document(WIDTH, HEIGHT + LEGEND * len(players), title, out, FONT)


def _number(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
