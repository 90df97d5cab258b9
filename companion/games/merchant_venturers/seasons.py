"""Merchant Venturers, the table's phases of a season: 1 the season changes (the wind with it), 2 resource
creation (every producing New World land makes one unit of its port's good, if it is that good's season),
4 (Summer only) the lands' goods go to their ports. NEXT does each."""

from __future__ import annotations

from collections.abc import Mapping

from pyrsistent import PMap

from companion.core.flow import TABLE, Step
from companion.core.options import Option
from companion.core.edit import Edit

from . import board as board_mod
from .board import producing, receiving_port
from .phase import by_seat, status
from .calendar import season
from .table import levels


def _next(short: str):
    return lambda state: [Option("", short, {"type": "advance"}, button="NEXT")]  # the core says what follows


def create(e: Edit) -> None:
    table, now = e.data, season(e.state)
    made = dict.fromkeys(board_mod.GOODS, 0)
    post_levels = levels(table)
    for land in producing(table["board"]):
        g = board_mod.port(table["board"], receiving_port(table["board"], land, post_levels))["good"]
        if now in table["settings"]["seasons"][g]:
            held = table["lands"].setdefault(land, {})
            held[g] = held.get(g, 0) + 1
            made[g] += 1
    what = ", ".join(f"{k} {g}" for g, k in made.items() if k) or "nothing"
    e.say(f"Resource creation ({now}): {what} on the New World lands.")


def allocate(e: Edit) -> None:
    table = e.data
    post_levels = levels(table)
    moved: dict[str, dict[str, int]] = {}
    for land, goods in table["lands"].items():
        for g, k in goods.items():
            to = receiving_port(table["board"], land, post_levels, g)
            stock = table["stock"].setdefault(to, {})
            stock[g] = stock.get(g, 0) + k
            moved.setdefault(to, {})[g] = moved.get(to, {}).get(g, 0) + k
    table["lands"] = {}
    what = "; ".join(f"{p}: " + ", ".join(f"{k} {g}" for g, k in got.items()) for p, got in moved.items()) or "nothing"
    e.say(f"Resources to the ports: {what}.")


def _gained(before: Mapping[str, Mapping[str, int]], after: Mapping[str, Mapping[str, int]]) -> str:
    """The goods more in `after` than in `before` (by place, then good), added up by good: "6 crops, 2 spices"."""
    more = {g: sum(after.get(p, {}).get(g, 0) - before.get(p, {}).get(g, 0) for p in after) for g in board_mod.GOODS}
    return ", ".join(f"{k} {g}" for g, k in more.items() if k > 0) or "nothing"


def _made(before: PMap, after: PMap) -> tuple[str, str]:
    """What resource creation made, for the box."""
    return "Resources made", _gained(before["data"]["lands"], after["data"]["lands"])


def _moved(before: PMap, after: PMap) -> tuple[str, str]:
    """What went to the ports, for the box."""
    return "To the ports", _gained(before["data"]["stock"], after["data"]["stock"])


def _summer(state: PMap) -> bool:
    return season(state) == "Summer"


SEASON = Step("SEASON", "1 The season changes", TABLE, status=status("the season changes"), done="Next",
              undone="the change of season", options=by_seat(table=_next("Next")))
RESOURCES = Step("RESOURCES", "2 Resource creation", TABLE, status=status("resources made"), done="Make",
                 undone="the season's resource creation", options=by_seat(table=_next("Make")), handlers={"advance": create},
                 tells=_made)
ALLOCATION = Step("ALLOCATION", "4 Resources to ports", TABLE, status=status("to the ports"), when=_summer, done="Move",
                  undone="the resources to the ports", options=by_seat(table=_next("Move")), handlers={"advance": allocate},
                  tells=_moved)
