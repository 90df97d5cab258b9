"""What the panel's pictures share: a player's colour (the same seat, the same colour in every picture),
and an SVG document around a few elements.

Drawn by hand as text: a drawing library would be the largest thing on the Pi for a handful of shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape

# Told apart in colour, and in the charts in dash too, so lines part on a grey screen and for colour-blind eyes.
COLOURS = ("#1b7f5b", "#c0392b", "#2c5fb0", "#b8860b", "#7d3c98", "#444444", "#d35400", "#138d90")
# An SVG opened on its own runs nothing and loads nothing.
HEADERS = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'", "Cache-Control": "no-cache"}


# The colours the New game page offers, as inks that show on white (a white player's pieces in light grey).
NAMED = {"red": "#c0392b", "blue": "#2c5fb0", "green": "#1b7f5b", "yellow": "#d4ac0d", "black": "#222222",
         "white": "#b0b0b0", "purple": "#7d3c98", "orange": "#d35400"}


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def inks(players: Iterable[Mapping[str, Any]]) -> list[str]:
    """Each seat's ink: the colour its player chose at setup, or the seat's own."""
    return [NAMED.get(str(p.get("colour") or "").lower(), colour(seat)) for seat, p in enumerate(players)]


def document(width: float, height: float, title: str, body: Iterable[str], font_size: int = 10) -> str:
    """An SVG document `width` by `height` on white, its title (what a screen reader says) and `body`, its text
    `font_size` units tall."""
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" role="img" '
                      f'font-family="sans-serif" font-size="{font_size}">',
                      f"<title>{escape(title)}</title>", '<rect width="100%" height="100%" fill="#fff"/>',
                      *body, "</svg>"])


def text(x: float, y: float, words: str, **attrs: str) -> str:
    """A line of text at (x, y), escaped; `attrs` as SVG attributes (underscores become dashes)."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}"{extra}>{escape(words)}</text>'


def legend(x: float, y: float, names: Iterable[str], ink: list[str]) -> list[str]:
    """A row per player: a dot in the player's colour and the name."""
    out = []
    for seat, name in enumerate(names):
        out.append(f'<circle cx="{x + 5:g}" cy="{y + 14 * seat - 3:g}" r="5" fill="{ink[seat]}"/>')
        out.append(text(x + 14, y + 14 * seat, name, **{"class": "legend"}))
    return out


def initial(name: str) -> str:
    return (name.strip()[:1] or "?").upper()


def boat(x: float, y: float, fill: str, label: str = "") -> str:
    """A small boat, its hull's middle at (x, y), with a word on its sail (a ship's number)."""
    hull = f'<path d="M{x - 11:g} {y:g} L{x + 11:g} {y:g} L{x + 7:g} {y + 6:g} L{x - 7:g} {y + 6:g} Z" fill="{fill}"/>'
    sail = f'<path d="M{x - 1:g} {y - 1:g} L{x - 1:g} {y - 15:g} L{x + 8:g} {y - 3:g} Z" fill="{fill}" fill-opacity=".45"/>'
    return hull + sail + (text(x + 3, y - 4, label, font_size="8", text_anchor="middle") if label else "")
