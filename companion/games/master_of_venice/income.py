"""Master of Venice: the Revenue Phase [R l.51-73]. Each player with trade trips may roll his own dice
first, from his phone (`trips`); NEXT pays every player's Revenue, and rolls the trips not rolled yet."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import PARTS, counted
from companion.games.plain import name

from . import legal, revenue
from .phase import by_seat
from .table import add_gold, in_order, standing

# Each source of Revenue in the log: "3 base, 2 from cards, 5 from offices, 1 from others' traders".
_REVENUE = {"base": "base", "cards": "from cards", "offices": "from offices", "routes": "from others' traders"}


def _by_dice(state: PMap) -> bool:
    return state["options"]["trip_income"] == "dice"


def income(e: Edit) -> None:
    """Every player's Revenue; the trips not rolled before are rolled now, player by player."""
    table = e.data
    seats = in_order(e.state, table)
    by_dice = _by_dice(e.state)
    unrolled = [s for s in seats if by_dice and table["trips"][s] is None and revenue.trips(table, s)]
    wanted = sum(len(revenue.trips(table, s)) for s in unrolled)
    rolled: list[int] = e.must(legal.dice(e.action, f"{wanted}d6", "the trade trips")) if wanted else []
    for seat in unrolled:
        k = len(revenue.trips(table, seat))
        table["trips"][seat], rolled = rolled[:k], rolled[k:]
    for seat in seats:
        parts = revenue.fixed(table, seat)
        bonuses = revenue.trips(table, seat)
        trips = revenue.trip_income(bonuses, table["trips"][seat] if by_dice else None)
        total = revenue.total(parts, trips)
        add_gold(e, seat, total)
        shown = ", ".join(f"{v} {_REVENUE[k]}" for k, v in parts.items() if v)
        if bonuses:
            shown += f", {sum(trips)} from {counted(len(trips), 'trip')}" + (
                f" ({', '.join(map(str, table['trips'][seat]))})" if by_dice else "")
        e.say(f"{e.name(seat)}: +{total} Gold ({shown}).")
    table["trips"] = [None] * len(e.state["players"])
    if wanted:
        e.reveal("The trip dice are taken back.")


def trips(e: Edit) -> None:
    """A player's own trade-trip dice, rolled before the Revenue is applied."""
    seat = e.must(legal.seat(e.state, e.action))
    if not _by_dice(e.state):
        e.refuse("trade trips are rolled in the Revenue Phase")
    table = e.data
    bonuses = revenue.trips(table, seat)
    if not bonuses or table["trips"][seat] is not None:
        e.refuse(f"{e.name(seat)} has no trade trip to roll" if not bonuses else f"{e.name(seat)}'s trips are rolled already")
    rolled = e.must(legal.dice(e.action, f"{len(bonuses)}d6", f"{e.name(seat)}'s trip roll"))
    table["trips"][seat] = rolled
    earned = revenue.trip_income(bonuses, rolled)
    # Each die (and its route's bonus) to the Gold it makes: "Bea's trip: 5+1 → 3 Gold."
    shown = ", ".join(f"{d}{'+' + str(b) if b else ''} → {g} Gold" for d, b, g in zip(rolled, bonuses, earned))
    e.say(f"{e.name(seat)}'s trip: {shown}." if len(rolled) == 1 else
          f"{e.name(seat)}'s trips: {shown}: {sum(earned)} Gold.")
    e.reveal(f"{e.name(seat)}'s trip dice are taken back.")


def _seat(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    k = len(revenue.trips(table, seat))
    if not _by_dice(state) or not k or table["trips"][seat] is not None:
        return []
    fixed = sum(revenue.fixed(table, seat).values())
    # "4+1d6" in one piece: the box breaks the line between words, never inside the sum.
    return [Option(f"Roll {name(state, seat)}'s {counted(k, 'trip')}: {fixed}+{k}d6", "Trips",
                   {"type": "trips", "seat": seat}, rolls=f"{k}d6")]


def status(state: PMap) -> str:
    """Each player's Revenue: fixed, plus trips (dice still to roll, what they rolled, or 2 Gold each); on the box,
    those the line holds (each trip to roll is its player's option too: "Roll Cy's 1 trip: 3+1d6")."""
    table, by_dice = state["data"], _by_dice(state)
    shown = []
    for s in standing(table, len(state["players"])):
        fixed, bonuses = sum(revenue.fixed(table, s).values()), revenue.trips(table, s)
        rolled = table["trips"][s] if by_dice else None
        trips = "" if not bonuses else f"+{len(bonuses)}d" if by_dice and rolled is None else \
            f"+{sum(revenue.trip_income(bonuses, rolled))}"
        shown.append(f"{name(state, s)[:4]} {fixed}{trips}")
    return PARTS.join(shown)


def _rolls_for(state: PMap) -> str:
    """NEXT rolls the trips a player has not rolled himself: it says for whom, and asks first."""
    if not _by_dice(state):
        return ""
    table = state["data"]
    waiting = [name(state, s) for s in in_order(state) if revenue.trips(table, s) and table["trips"][s] is None]
    if not waiting:
        return ""
    return f"It rolls the trip dice for {' and '.join(waiting)}."


def _nothing_to_roll(state: PMap) -> str:
    """With no trip dice left to roll, NEXT would only pay the Revenue: the phase passes by itself."""
    return "" if _rolls_for(state) else "No trip dice to roll: the Revenue is paid."


def _paid(before: PMap, after: PMap) -> tuple[str, str]:
    """The Revenue paid, for the box: "Ada +5, Bea +3 Gold"."""
    gold = [(name(after, s), a["gold"] - b["gold"])
            for s, (b, a) in enumerate(zip(before["counters"]["players"], after["counters"]["players"]))]
    paid = [f"{who} +{g}" for who, g in gold if g]
    return "Revenue", f"{', '.join(paid)} Gold" if paid else "no Gold paid"


STEP = Step("REVENUE", "Revenue Phase", TABLE, acting=WITH_OPTIONS, anytime=False, done="Pay", undone="everyone's income in the Revenue Phase",
            options=by_seat(seat=_seat), status=status, asks=_rolls_for, tells=_paid,
             idle=_nothing_to_roll, handlers={"advance": income, "trips": trips})
