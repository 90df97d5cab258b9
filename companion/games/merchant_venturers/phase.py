"""Merchant Venturers: what the phases of a season have alike, given to each phase's Step: its status line
(`status`; the year, the season and the wind head the screens instead, `season_label`, the flow's round label),
and its options (`by_seat` for a phase of the table's, `turn_by_turn` for one each player takes in turn: his own,
"Nothing this season" in a phase of the season's own, and "Done"). What each player may do at any time
(anytime.py) is the flow's any-time layer, which the core adds to every phase."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pyrsistent import PMap

from companion.core.options import Option

from . import quiet
from .calendar import season, started, year
from .table import WIND

SeatOptions = Callable[[PMap, int], Sequence[Option]]
QUIET = {"quiet": quiet.handler}  # "Nothing this season": the handler of `turn_by_turn(..., quiet_season=True)`


def season_label(state: PMap) -> str:
    """The turn as the screens head it: the year, the season and the wind ("Y1 Win N"); before year 1, ""."""
    if not started(state):
        return ""
    now = season(state)
    wind = "".join(part[0] for part in state["data"]["settings"]["wind"].get(now, WIND[now]).split("-"))  # NW
    return f"Y{year(state)} {now[:3]} {wind}"


def status(say: str | Callable[[PMap], str]) -> Callable[[PMap], str]:
    """The phase's status line: `say`, what it is about ("sail", or made from the state)."""
    return say if callable(say) else lambda state: say


def by_seat(table: Callable[[PMap], Sequence[Option]] = lambda state: (),
            mine: SeatOptions = lambda state, seat: ()) -> Callable[[PMap, int | None], list[Option]]:
    """A phase of the table's options: the table's (`table`, NEXT among them) and each seat's (`mine`)."""
    def options(state: PMap, seat: int | None) -> list[Option]:
        return list(table(state) if seat is None else mine(state, seat))
    return options


def turn_by_turn(mine: SeatOptions = lambda state, seat: (), with_done: bool = True,
                 quiet_season: bool = False) -> Callable[[PMap, int | None], list[Option]]:
    """A phase each player takes in turn: the acting player's own (`mine`), then "Done" unless `with_done` is false
    (the core names it, and asks first where goods would be lost); `quiet_season`: a phase of the season's own,
    where "Nothing this season" passes the player's part of it and of the phases left (quiet.py; its handler is
    QUIET)."""
    def options(state: PMap, seat: int | None) -> list[Option]:
        if seat is None or seat != state["flow"]["actor"]:
            return []
        found = list(mine(state, seat))
        if quiet_season:
            found += quiet.options(state, seat)
        if with_done:
            found.append(Option("", "Done", {"type": "advance"}, button="NEXT"))
        return found
    return options
