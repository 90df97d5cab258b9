"""Merchant Venturers: a phase of the season as a step of the flow. Every step has the same parts: the
table's options (NEXT where the table closes it), the acting player's own (his purchases, loads or
sailings, and "Done"), and the status line, which starts with the year, the season and the wind. What each
player may do at any time (anytime.py) is the flow's any-time layer, which the core adds to every phase."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pyrsistent import PMap

from companion.core.flow import EACH, Step
from companion.core.options import Option
from companion.core.edit import Handler

from . import quiet
from .calendar import season, started, year
from .table import WIND

Options = Callable[[PMap, int], Sequence[Option]]


def _none(state: PMap, seat: int) -> Sequence[Option]:
    return ()


def phase(name: str, label: str, who: str, *, say: str | Callable[[PMap], str], handlers: Mapping[str, Handler],
          table: Callable[[PMap], Sequence[Option]] = lambda state: (), mine: Options = _none,
          acting: Callable[[PMap], tuple[int, ...]] | None = None, with_done: bool = True, quiet_season: bool = False,
          **flow: Any) -> Step:
    """A phase: `table` the table's options; `mine` a seat's own (in an EACH phase only the acting player's,
    with "Done" unless `with_done` is false, which the core names and asks first where goods would be lost);
    `say` what the phase is about, on the status line; `quiet_season`: a phase of the season's own, where
    "Nothing this season" passes the player's part of it and of the phases left (quiet.py)."""

    def options(state: PMap, seat: int | None) -> list[Option]:
        if seat is None:
            return list(table(state))
        found = []
        if who != EACH:
            found += mine(state, seat)
        elif seat == state["flow"]["actor"]:
            found += mine(state, seat)
            if quiet_season:
                found += quiet.options(state, seat)
            if with_done:
                found.append(Option("", "Done", {"type": "advance"}, button="NEXT"))
        return found

    def status(state: PMap) -> str:
        what = say(state) if callable(say) else say
        if not started(state):
            return what
        now = season(state)
        wind = "".join(part[0] for part in state["data"]["settings"]["wind"].get(now, WIND[now]).split("-"))  # NW
        return f"Y{year(state)} {now[:3]} {wind}: {what}"

    return Step(name, label, who, options=options, acting=acting, status=status,
                handlers={**handlers, **({"quiet": quiet.handler} if quiet_season else {})}, **flow)
