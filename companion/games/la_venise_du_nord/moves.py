"""La Venise du Nord: the dice and the city in a turn: phase 1 (roll), phase 2 (move, then the
activation die settles on the arrival tile) and phase 5 (build a bridge).

Each takes the phase's advance (fields below; a plain advance records nothing)
and the table as plain data, and returns the log lines or a Refused.

  ROLL    {roll?: true | dice?: [a, b], take_back?: [tile, ...]}
  MOVE    {die?, to?, path?, adjust?: -1|1, act?, act_adjust?: -1|1}
  BRIDGE  {bridge: the other tile, take_back: the tile whose die comes back, pay?: {raw: n}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.dice import RollSpec, check_values
from companion.core.result import Needs, Refused
from companion.core.words import counted
from companion.games.plain import name

from . import city
from .cards import RAWS
from .table import BRIDGES_PER_PLAYER, DICE_PER_PLAYER, activated, bridges_of, own_dice, stock

TWO_DICE = RollSpec(2, 6)


def _die_value(given: object, what: str) -> int | Refused:
    if type(given) is not int or not 1 <= given <= 6:
        return Refused(f"{what}: a die's value, 1 to 6")
    return given


def _adjusted(table: Mapping[str, Any], seat: int, value: int, adjust: object, kind: str, what: str) -> int | Refused:
    """A die changed by ±1 with an activated Master Builder of `kind`, kept within 1-6 [R l.553-560]."""
    if adjust is None:
        return value
    if adjust not in (-1, 1) or type(adjust) is not int:
        return Refused(f"{what}: -1 or 1")
    if not activated(table["boards"][seat], kind):
        card = "Movement +-1" if kind == "move_die_pm1" else "Activation +-1"
        return Refused(f"{what}: it takes an activated {card} Master Builder")
    if not 1 <= value + adjust <= 6:
        return Refused(f"{what}: the die would show {value + adjust}; it must stay from 1 to 6")
    return value + adjust


def _can_move(table: Mapping[str, Any], seat: int, value: int) -> bool:
    start = table["burghers"][seat]
    bridges = bridges_of(table, seat)
    values = {value} | ({value - 1, value + 1} & set(range(1, 7)) if activated(table["boards"][seat], "move_die_pm1") else set())
    return any(city.routes(table["layout"], start, v, bridges, table["boat"]) for v in values)


# --- phase 1 ----------------------------------------------------------------------------------------


def roll(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int) -> list[str] | Refused:
    """Free the dice the roll needs (two, taken off tiles when fewer are in hand), then roll them."""
    who = name(state, seat)
    log = []
    on_tiles = own_dice(table, seat)
    need = max(0, 2 - (DICE_PER_PLAYER - len(on_tiles)))
    given = action.get("take_back")
    if need and given is None and len(on_tiles) == need:
        given = on_tiles
    if need or given is not None:
        wanted = [city.tile_named(t) for t in given] if isinstance(given, list) else [None]
        if len(wanted) != need or None in wanted or len(set(wanted)) != len(wanted) or not set(wanted) <= set(on_tiles):
            where = ", ".join(f"{t} ({table['dice'][t]['value']})" for t in on_tiles)
            return Refused(f"take_back: {who} has {counted(DICE_PER_PLAYER - len(on_tiles), 'die')} in hand, so {need} "
                           f"must come off the tiles first: name {'it' if need == 1 else 'them'} ({where})")
        for tile in wanted:
            del table["dice"][tile]
        if wanted:
            log.append(f"{who} takes back the dice on {' and '.join(wanted)}.")
    dice = action.get("dice")
    if dice is None and action.get("roll"):
        return Refused("the two dice need their values", needs=Needs("roll", "dice", spec=str(TWO_DICE)))
    if dice is None:
        return log
    bad = check_values(TWO_DICE, dice)
    if bad:
        return Refused(f"dice: {bad}")
    if table["burghers"][seat] is not None and not any(_can_move(table, seat, v) for v in dice):
        return Refused(f"neither {dice[0]} nor {dice[1]} is a legal move from {table['burghers'][seat]}: roll both again")
    table["turn"]["dice"] = list(dice)
    log.append(f"{who} rolls {dice[0]} and {dice[1]}.")
    return log


# --- phase 2 ----------------------------------------------------------------------------------------


def move(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int) -> list[str] | Refused:
    turn = table["turn"]
    if all(action.get(k) is None for k in ("die", "to", "path", "adjust", "act", "act_adjust")):
        return []  # the move is not recorded
    to = city.tile_named(action.get("to")) if action.get("to") is not None else None
    if action.get("to") is not None and to is None:
        return Refused(f"to: one of {', '.join(city.TILES)}")
    path = action.get("path")
    if to is None and path is None:
        return Refused("to: the tile the Burgher ends on (or path: every tile entered)")
    choices = _dice_choices(turn, action)
    if isinstance(choices, Refused):
        return choices
    start = table["burghers"][seat]
    legal = []
    for die, act in choices:
        steps = _adjusted(table, seat, die, action.get("adjust"), "move_die_pm1", "adjust")
        if isinstance(steps, Refused) and len(choices) == 1:
            return steps
        route = steps if isinstance(steps, Refused) else _route(table, seat, start, steps, to, path)
        if not isinstance(route, Refused) or len(choices) == 1:
            legal.append((die, act, steps, route))
    if not legal:
        return Refused(f"neither die moves the Burgher {'to ' + to if to else 'along that path'}")
    if len(legal) > 1 and legal[0][:2] != legal[1][:2]:
        return Refused(f"die: which die moves, {legal[0][0]} or {legal[1][0]} (the other activates the tile)?")
    die, act, steps, route = legal[0]
    if isinstance(route, Refused):
        return route
    if act is not None:
        act = _adjusted(table, seat, act, action.get("act_adjust"), "activation_die_pm1", "act_adjust")
        if isinstance(act, Refused):
            return act
    elif action.get("act_adjust") is not None:
        return Refused("act_adjust: say the activation die's value too (act)")
    who = name(state, seat)
    table["burghers"][seat] = route["to"]
    if route["boat"] != table["boat"]:
        table["boat"] = route["boat"]
    turn.update(move=steps, act=act, tile=route["to"])
    if start is None:
        log = [f"{who}'s Burgher moves {steps} to {route['to']} (not checked: its start was not recorded)."]
    else:
        log = [f"{who}'s Burgher moves {steps}: {' -> '.join([start, *route['path']]).replace(' -> boat -> ', ' -> Boat -> ')}."]
    return log + settle_die(state, table, seat)


def _dice_choices(turn: Mapping[str, Any], action: Mapping[str, Any]) -> list[tuple[int, int | None]] | Refused:
    """(movement die, activation die) pairs the move may use."""
    dice, die = turn["dice"], action.get("die")
    if dice is None:
        if die is None:
            return Refused("die: the movement die's value (the roll was not recorded)")
        die = _die_value(die, "die")
        act = _die_value(action["act"], "act") if action.get("act") is not None else None
        bad = next((x for x in (die, act) if isinstance(x, Refused)), None)
        return bad if bad is not None else [(die, act)]
    if action.get("act") is not None:
        return Refused("act: the roll is recorded, so the activation die is the other one")
    if die is not None and type(die) is not int:
        return Refused("die: the movement die's value, 1 to 6")
    pairs = [(dice[0], dice[1]), (dice[1], dice[0])]
    if die is not None:
        if die not in dice:
            return Refused(f"die: {die} was not rolled ({dice[0]} and {dice[1]} were)")
        pairs = [p for p in pairs if p[0] == die]
    return list(dict.fromkeys(pairs))


def _route(table: Mapping[str, Any], seat: int, start: str | None, steps: int, to: str | None, path: object):
    if start is None:
        if path is not None:
            return Refused("path: the Burgher's start was not recorded; give only where it ends (to)")
        return {"path": [to], "to": to, "boat": table["boat"]}
    bridges = bridges_of(table, seat)
    if path is not None:
        route = city.check_path(table["layout"], start, steps, bridges, table["boat"], path)
        if isinstance(route, str):
            return Refused(route)
        if to is not None and route["to"] != to:
            return Refused(f"the path ends on {route['to']}, not {to}")
        return route
    ways = city.reachable(table["layout"], start, steps, bridges, table["boat"])
    if to not in ways:
        return Refused(f"a move of {steps} from {start} reaches {', '.join(sorted(ways)) or 'no tile'}, not {to}")
    return city.plain_route(ways[to]) or Refused(f"{to} is reached only by the Boat, and it can be left next to "
                                                 f"{', '.join(sorted({r['boat'] for r in ways[to]}))}: give the path")


def settle_die(state: PMap, table: dict[str, Any], seat: int) -> list[str]:
    """Phase 3 begins: the activation die goes on the arrival tile if it is free or the die there is not
    lower (that one goes back to its owner); otherwise it stays in hand [R l.209-226]."""
    turn = table["turn"]
    tile, value = turn["tile"], turn["act"]
    if tile is None or value is None:
        turn["placed"] = None
        return []
    there = table["dice"].get(tile)
    who = name(state, seat)
    if len([t for t in own_dice(table, seat) if t != tile]) >= DICE_PER_PLAYER:  # only after a hand-set die
        turn["placed"] = False
        return [f"All {DICE_PER_PLAYER} of {who}'s dice are on tiles already: the {value} stays in hand."]
    if there is not None and value > there["value"]:
        turn["placed"] = False
        return [f"{who}'s {value} stays in hand: {name(state, there['seat'])}'s {there['value']} on {tile} is lower."]
    table["dice"][tile] = {"seat": seat, "value": value}
    turn["placed"] = True
    bumped = f"; {name(state, there['seat'])}'s {there['value']} goes back to its owner" if there else ""
    return [f"{who}'s {value} goes on {tile}{bumped}."]


# --- phase 5 ----------------------------------------------------------------------------------------


def bridge(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int):
    """(log, stock paid {raw: n}) or a Refused."""
    if action.get("bridge") is None:
        return [], {}
    here = table["burghers"][seat]
    there = city.tile_named(action["bridge"])
    who = name(state, seat)
    if there is None:
        return Refused(f"bridge: the tile across from the Burgher's, one of {', '.join(city.TILES)}")
    if here is None:
        return Refused(f"{who}'s Burgher is not on the table yet")
    if not city.adjacent(table["layout"], here, there):
        return Refused(f"{there} does not touch {here}, where {who}'s Burgher stands")
    dice = {t: table["dice"].get(t) for t in (here, there)}
    if any(d is None or d["seat"] != seat for d in dice.values()):
        return Refused(f"a bridge needs {who}'s dice on both {here} and {there}")
    mine = bridges_of(table, seat)
    if len(mine) >= BRIDGES_PER_PLAYER:
        return Refused(f"{who} has all {BRIDGES_PER_PLAYER} bridges on the board")
    place = list(city.edge(here, there))
    standing = next((b for b in table["bridges"] if b["tiles"] == place), None)
    if standing is not None and standing["seat"] == seat:
        return Refused(f"{who}'s own bridge already joins {here} and {there}")
    a, b = dice[here]["value"], dice[there]["value"]
    cost = a + b if standing is not None else abs(a - b)
    paid = _payment(stock(state, seat), cost, action.get("pay"))
    if isinstance(paid, Refused):
        return paid
    back = city.tile_named(action.get("take_back")) if action.get("take_back") is not None else None
    if back not in (here, there):
        return Refused(f"take_back: which die comes back to {who}'s hand, the {a} on {here} or the {b} on {there}")
    log = [f"{who} builds a bridge between {here} and {there} for {counted(cost, 'cube')}"
           + (f" ({', '.join(f'{n} {r}' for r, n in paid.items() if n)})" if cost else "") + "."]
    if standing is not None:
        table["bridges"].remove(standing)
        log.append(f"{name(state, standing['seat'])}'s bridge there goes back to its owner.")
    table["bridges"].append({"seat": seat, "tiles": place})
    del table["dice"][back]
    log.append(f"{who} takes back the die on {back}.")
    table["turn"]["bridged"] = True
    return log, paid


def _payment(held: Mapping[str, int], cost: int, given: object) -> dict[str, int] | Refused:
    """The cubes paid from the stock: as given, or the most plentiful kinds first [A]."""
    if sum(held.values()) < cost:
        return Refused(f"the bridge costs {counted(cost, 'cube')}; the stock holds {sum(held.values())}")
    if given is None:
        paid = {raw: 0 for raw in RAWS}
        for _ in range(cost):
            raw = max(RAWS, key=lambda r: held[r] - paid[r])
            paid[raw] += 1
        return paid
    if not isinstance(given, Mapping) or not set(given) <= set(RAWS) or not all(type(v) is int and v >= 0 for v in given.values()):
        return Refused('pay: cubes by kind from the stock, such as {"gold": 1, "wool": 2}')
    if sum(given.values()) != cost:
        return Refused(f"pay: the bridge costs {counted(cost, 'cube')}, not {sum(given.values())}")
    short = next((r for r, n in given.items() if n > held[r]), None)
    if short:
        return Refused(f"pay: the stock holds {held[short]} {short}")
    return {raw: given.get(raw, 0) for raw in RAWS}
