"""Phase 1, ROLL: two of the player's dice that are not on Quarter tiles are rolled; with one in hand, the
second comes off one of his tiles (none in hand: two come off [A]); "if neither die allows a legal move,
re-roll" [R l.171-177]. Rolled by the companion, or thrown at the table and read or entered.

  advance {roll: true, take_back?: [tile, ...], dice?}"""

from __future__ import annotations

from itertools import combinations

from pyrsistent import PMap

from companion.core.dice import RollSpec, check_values
from companion.core.options import Option
from companion.core.result import Needs
from companion.core.flow import Step
from companion.core.steps import Edit
from companion.core.words import counted

from . import city
from .table import DICE_PER_PLAYER, activated, bridges_of, own_dice
from .anytime import HANDLERS as IN_TURN, in_turn

TWO_DICE = RollSpec(2, 6)


def _need(table, seat: int) -> int:
    """How many dice come off the tiles before the roll."""
    return max(0, 2 - (DICE_PER_PLAYER - len(own_dice(table, seat))))


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["player"]:
        return []
    table = state["data"]
    on_tiles, need = own_dice(table, seat), _need(table, seat)
    base = {"type": "advance", "roll": True}
    if not need or len(on_tiles) == need:
        back = f" (the {' and '.join(str(table['dice'][t]['value']) for t in on_tiles)} come back)" if need else ""
        return [Option(f"Roll two dice{back}", "Roll", base, rolls="2d6", button="NEXT")]
    shown = {t: f"the {table['dice'][t]['value']} on {t}" for t in on_tiles}
    return [Option(f"Take back {' and '.join(shown[t] for t in back)}, roll", "Roll",
                   {**base, "take_back": list(back)}, rolls="2d6") for back in combinations(on_tiles, need)]


def can_move(table, seat: int, value: int) -> bool:
    start = table["burghers"][seat]
    values = {value} | ({value - 1, value + 1} & set(range(1, 7)) if activated(table["boards"][seat], "move_die_pm1") else set())
    return any(city.routes(table["layout"], start, v, bridges_of(table, seat), table["boat"]) for v in values)


def roll(e: Edit) -> None:
    table, seat = e.data, e.seat
    who = e.name(seat)
    on_tiles, need = own_dice(table, seat), _need(table, seat)
    given = e.action.get("take_back")
    if need and given is None and len(on_tiles) == need:
        given = on_tiles
    if need or given is not None:
        wanted = [city.tile_named(t) for t in given] if isinstance(given, list) else [None]
        if len(wanted) != need or None in wanted or len(set(wanted)) != len(wanted) or not set(wanted) <= set(on_tiles):
            where = ", ".join(f"{t} ({table['dice'][t]['value']})" for t in on_tiles)
            e.refuse(f"take_back: {who} has {counted(DICE_PER_PLAYER - len(on_tiles), 'die')} in hand, so {need} "
                     f"must come off the tiles first: name {'it' if need == 1 else 'them'} ({where})")
        for tile in wanted:
            del table["dice"][tile]
        if wanted:
            e.say(f"{who} takes back the dice on {' and '.join(wanted)}.")
    dice = e.action.get("dice")
    if dice is None and e.action.get("roll"):
        e.refuse("the two dice need their values", needs=Needs("roll", "dice", spec=str(TWO_DICE)))
    if dice is None:
        return  # not recorded
    bad = check_values(TWO_DICE, dice)
    if bad:
        e.refuse(f"dice: {bad}")
    if table["burghers"][seat] is not None and not any(can_move(table, seat, v) for v in dice):
        e.refuse(f"neither {dice[0]} nor {dice[1]} is a legal move from {table['burghers'][seat]}: roll both again")
    table["turn"]["dice"] = list(dice)
    e.say(f"{who} rolls {dice[0]} and {dice[1]}.")
    e.reveal(f"The roll of {dice[0]} and {dice[1]} is taken back: roll again after.")


def status(state: PMap) -> str:
    in_hand = DICE_PER_PLAYER - len(own_dice(state["data"], state["flow"]["player"]))
    return f"Roll: {counted(in_hand, 'die')} in hand"


STEP = Step("ROLL", "Phase 1: roll two dice", done="Rolled", undone="rolling the dice", options=in_turn(options),
            handlers={**IN_TURN, "advance": roll}, status=status)
