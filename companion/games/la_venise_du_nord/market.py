"""La Venise du Nord: prices, the Market's sale spaces and the Ports (SPEC.md 4.3 phase 3, 4.6).

A good's price is the Order cards (+1 or +2) and cubes placed near the Market
for it: {"cubes", "ones", "twos"}, worth cubes + ones + 2 x twos. It starts at 0
(nothing placed yet [A], SPEC 4.10.3) and never goes below 0.

The Market tile's spaces are printed with bonus values; only the highest (4)
and the presence of a 3 and a 2 are in the text, so [4, 3, 3, 2, 2, 1, 1] is a
placeholder [A] the players replace from their tile at setup (`market_spaces`).
With 2 players a 3 and a 2 are covered at setup, with 3 players a 3 [R l.119].
Each Market sale covers the highest free space and takes its value as a bonus.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.core.result import Refused

SPACES = (4, 3, 3, 2, 2, 1, 1)
BLOCKED = {2: (3, 2), 3: (3,), 4: ()}
LOWER = {"cube": ("cubes", 1), "one": ("ones", 1), "two": ("twos", 2)}  # how a price comes down: piece, by


FIELD = {"title": "The Market's printed spaces", "type": "array",
         "description": "The bonus printed on each of the Market tile's seven spaces, highest first.",
         "items": [{"type": "integer", "minimum": 1, "maximum": 4, "default": v, "title": ""} for v in SPACES]}


def check_spaces(values: object) -> Refused | None:
    if not (isinstance(values, (list, tuple)) and len(values) == 7 and all(type(v) is int and 1 <= v <= 4 for v in values)):
        return Refused("market_spaces: the seven printed bonus values, 1 to 4")
    if max(values) != 4 or 3 not in values or 2 not in values:
        return Refused("market_spaces: the highest space is 4, and there is a 3 and a 2 (covered with 2 and 3 players)")
    return None


def spaces(values: Sequence[int], players: int) -> list[dict[str, Any]]:
    """The Market's spaces, highest first: {"value", "by"} where `by` is who covered it (a seat, or
    "setup" for a space covered before the game)."""
    out = [{"value": v, "by": None} for v in sorted(values, reverse=True)]
    for value in BLOCKED[players]:
        next(s for s in out if s["value"] == value and s["by"] is None)["by"] = "setup"
    return out


def bonus(market: Sequence[Mapping[str, Any]]) -> int:
    """The highest free space's value; 0 once all are covered."""
    return max((s["value"] for s in market if s["by"] is None), default=0)


def free(market: Sequence[Mapping[str, Any]]) -> int:
    return sum(1 for s in market if s["by"] is None)


def cover(market: list[dict[str, Any]], seat: int) -> int | None:
    """A sold cube on the highest free space (changed in place): its value, or None when all are covered."""
    space = next((s for s in market if s["by"] is None), None)  # highest first
    if space is None:
        return None
    space["by"] = seat
    return space["value"]


def price(pieces: Mapping[str, int]) -> int:
    return pieces["cubes"] + pieces["ones"] + 2 * pieces["twos"]


def lower(pieces: dict[str, int], how: object, by_one: bool = False, key: str = "lower") -> Refused | None:
    """Take one piece away from a price (changed in place): "cube", "one" (a +1 card) or "two" (a +2 card:
    -2 at the Market; where the price comes down by 1, at a Port or by a Price shift, it is swapped for a
    cube). None picks the smallest step there is [A].
    Returns why it cannot be (a refusal, its reason under `key`, the input's field), or None. A price at 0
    stays 0 (SPEC 4.10.11): the caller asks nothing then."""
    if how is None:
        how = next(k for k, (piece, _) in LOWER.items() if pieces[piece] > 0)
    if not isinstance(how, str) or how not in LOWER:
        return Refused(f"{key}: cube, one (a +1 card) or two (a +2 card)")
    piece, by = LOWER[how]
    if pieces[piece] == 0:
        return Refused(f"{key}: there is no {'cube' if how == 'cube' else f'+{by} card'} setting that price")
    pieces[piece] -= 1
    if how == "two" and by_one:
        pieces["cubes"] += 1
    return None


def sale_points(n: int, pieces: Mapping[str, int], market: Sequence[Mapping[str, Any]]) -> int:
    """A Market sale: n x (price + bonus) [R l.281-303]."""
    return n * (price(pieces) + bonus(market))
