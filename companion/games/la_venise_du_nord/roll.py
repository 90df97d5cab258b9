"""Phase 1, ROLL: two of the player's dice that are not on Quarter tiles are rolled; with one in hand, the
second comes off one of his tiles (none in hand: two come off [A]); "if neither die allows a legal move,
re-roll" [R l.171-177]. Rolled by the companion, or thrown at the table and read or entered.

Which die comes off a tile is the player's choice ("the second must be taken from one of his dice on the
tiles"): the companion's roll names it first ("Take back the 5 on Flax": ACTION's word, Roll); dice thrown at the table (on
the reader, or entered) are taken first and the player then says which die came back, on the phone or the box:
the reader never chooses for him.

  advance {roll: true, take_back?: [tile, ...], dice?}   the roll, and the dice that came off the tiles
  throw   {dice}                                         dice thrown before saying which came back
  advance {take_back: [tile, ...]}                       after a throw: the dice that came back"""

from __future__ import annotations

from itertools import combinations

from pyrsistent import PMap

from companion.core.dice import RollSpec, check_values
from companion.core.options import Option
from companion.core.result import Needs
from companion.core.flow import Step
from companion.core.edit import Edit
from companion.core.words import PARTS, counted, sentence

from . import city
from .table import DICE_PER_PLAYER, activated, bridges_of, own_dice

TWO_DICE = RollSpec(2, 6)


def _need(table, seat: int) -> int:
    """How many dice come off the tiles before the roll."""
    return max(0, 2 - (DICE_PER_PLAYER - len(own_dice(table, seat))))


def _named(table, tiles) -> str:
    return " and ".join(f"the {table['dice'][t]['value']} on {t}" for t in tiles)


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["player"]:
        return []
    table = state["data"]
    on_tiles, need = own_dice(table, seat), _need(table, seat)
    thrown = table["turn"]["dice"]
    ways = list(combinations(on_tiles, need))
    if thrown is not None:  # thrown at the table: which die came back is the player's to say
        if not need:  # the table was set right since: none has to
            return [Option("On to the move", "Move", {"type": "advance"}, button="NEXT")]
        return [Option(sentence(f"{_named(table, back)} came back"), "Back", {"type": "advance", "take_back": list(back)})
                for back in ways]
    base = {"type": "advance", "roll": True}
    if len(ways) == 1:
        back = f" ({_named(table, ways[0])} come back)" if need else ""
        return [Option(f"Roll two dice{back}", "Roll", base, rolls="2d6", button="NEXT")]
    # Each die named first, then the companion rolls; or the roll first (NEXT, or dice thrown at the table and read
    # or entered), then the die named: "Roll two dice first", short enough for the box's two lines with ": dice
    # thrown" after it (companion.box_list).
    return [Option(f"Take back {_named(table, back)}", "Roll", {**base, "take_back": list(back)}) for back in ways] + [
        Option("Roll two dice first", "Roll", {"type": "throw"}, rolls="2d6", button="NEXT")]


def can_move(table, seat: int, value: int) -> bool:
    start = table["burghers"][seat]
    values = {value} | ({value - 1, value + 1} & set(range(1, 7)) if activated(table["boards"][seat], "move_die_pm1") else set())
    return any(city.routes(table["layout"], start, v, bridges_of(table, seat), table["boat"]) for v in values)


def _take_back(e: Edit, given: object) -> None:
    """The dice the player names come off his tiles (refused unless they are as many as must)."""
    table, seat = e.data, e.seat
    on_tiles, need = own_dice(table, seat), _need(table, seat)
    if given is None and len(on_tiles) == need:
        given = on_tiles
    if not need and given is None:
        return
    wanted = [city.tile_named(t) for t in given] if isinstance(given, list) else [None]
    if len(wanted) != need or None in wanted or len(set(wanted)) != len(wanted) or not set(wanted) <= set(on_tiles):
        where = ", ".join(f"{t} ({table['dice'][t]['value']})" for t in on_tiles)
        e.refuse(f"take_back: {e.name(seat)} has {counted(DICE_PER_PLAYER - len(on_tiles), 'die')} in hand, so {need} "
                 f"must come off the tiles first: name {'it' if need == 1 else 'them'} ({where})")
    for tile in wanted:
        del table["dice"][tile]
    if wanted:
        e.say(f"{e.name(seat)} takes back the {'die' if len(wanted) == 1 else 'dice'} on {' and '.join(wanted)}.")


def _rolled(e: Edit) -> list[int] | None:
    """The two dice the input carries, checked (a roll that allows no legal move is refused: roll again)."""
    table, seat = e.data, e.seat
    dice = e.action.get("dice")
    if dice is None and (e.action.get("roll") or e.action.get("type") == "throw"):
        e.refuse("the two dice need their values", needs=Needs("roll", "dice", spec=str(TWO_DICE)))
    if dice is None:
        return None
    e.must(check_values(TWO_DICE, dice), "dice: {}")
    if table["burghers"][seat] is not None and not any(can_move(table, seat, v) for v in dice):
        e.refuse(f"neither {dice[0]} nor {dice[1]} is a legal move from {table['burghers'][seat]}: roll both again")
    table["turn"]["dice"] = list(dice)
    e.say(f"{e.name(seat)} rolls {dice[0]} and {dice[1]}.")
    e.reveal(f"The roll of {dice[0]} and {dice[1]} is taken back: roll again after.")
    return dice


def roll(e: Edit) -> None:
    _take_back(e, e.action.get("take_back"))
    if e.data["turn"]["dice"] is None:  # not thrown already (then this names only the dice that came back)
        _rolled(e)


def throw(e: Edit) -> None:
    """Dice thrown at the table before the player says which came back off his tiles."""
    if e.data["turn"]["dice"] is not None:
        e.refuse(f"{e.name(e.seat)} has rolled already: say which die came back")
    _rolled(e)


def status(state: PMap) -> str:
    table, seat = state["data"], state["flow"]["player"]
    thrown = table["turn"]["dice"]
    if thrown is not None:
        return f"Which came back?{PARTS}rolled {thrown[0]} and {thrown[1]}"  # the question first: the box's one line
    return f"Roll: {counted(DICE_PER_PLAYER - len(own_dice(table, seat)), 'die')} in hand"


STEP = Step("ROLL", "Phase 1: roll two dice", done="Rolled", undone="rolling the dice", options=options,
            handlers={"advance": roll, "throw": throw}, status=status)
