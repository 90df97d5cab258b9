"""Phase 2, MOVE: the Burgher moves exactly the movement die (the other die activates the arrival tile);
each step to an adjacent tile costs 1, crossing one's own bridge may cost 0, no tile is visited twice, and
the Boat costs 3 [R l.179-207]. Then the activation die settles on the arrival tile (phase 3 begins).

  advance {die, to, path?, boat?, adjust?: -1|1, act_adjust?: -1|0|1}
      path: every tile entered, "boat" before the tile the Boat takes the Burgher to (not needed: `to` and
      `boat` say it); boat: where the Boat is left, the tiles it touches (city.berths): given, the move is by
      Boat, the Boat taking him to a tile beside that place (the one he ends on where it can); not given, on
      foot where he can walk there, else next to the tile the Boat took him to where that is one;
      adjust, act_adjust: an activated Movement or Activation +-1 Master Builder (0: the die as thrown)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.result import Refused, refused
from companion.core.flow import Step
from companion.core.edit import Edit
from companion.core.words import PARTS
from companion.games.plain import name

from . import city
from .table import DICE_PER_PLAYER, activated, bridges_of, own_dice


def options(state: PMap, seat: int | None) -> list[Option]:
    """Every move the roll allows, one per effect, listed under the tile it reaches: which die moves, on foot or
    by Boat (where it is left: the move's field), with a Movement +-1 card. Two moves with the same effect (the
    same tile, the same activation die, the Boat left the same way) are one: "move 6" and "move 6-1" to the same tile
    with the same die to activate it leave the table the same: the one with fewer cards used is offered, so
    every move the table can make is offered once. An Activation +-1 card is a choice on the move (its field
    `act_adjust`, 0 for the die as thrown), not a move of its own."""
    if seat is None or seat != state["flow"]["player"]:
        return []
    table = state["data"]
    dice, start = table["turn"]["dice"], table["burghers"][seat]
    if dice is None or start is None:
        return []
    board = table["boards"][seat]
    shifts = [None, -1, 1]
    moves_by = shifts if activated(board, "move_die_pm1") else [None]
    acts_by = activated(board, "activation_die_pm1")
    found: dict[tuple, Option] = {}
    left_by_boat: set[tuple] = set()  # (tile, activation die, a place of the Boat) a move before offered
    for die, act in dict.fromkeys(((dice[0], dice[1]), (dice[1], dice[0]))):
        for adjust in moves_by:
            steps = die + (adjust or 0)
            if not 1 <= steps <= 6:
                continue
            ways = city.reachable(table["layout"], start, steps, bridges_of(table, seat), table["boat"])
            for to, routes in sorted(ways.items()):
                # On foot where the Burgher can walk there; by Boat as one move, whatever tile the Boat takes him
                # to: what the table keeps is where the Boat is left, so its one field lists every place next to
                # a tile the Boat can take him to (a place beside two such tiles once: the same result).
                moved = f"{die}{adjust:+d}" if adjust else str(die)
                action = {"type": "advance", "die": die, "to": to} | ({"adjust": adjust} if adjust is not None else {})
                if any(r["boat"] is None for r in routes) and (to, act, None) not in found:
                    found[(to, act, None)] = Option(f"{to}: move {moved}, act {act}", "Move", action,
                                                    under=f"Move to {to}", fields=_act_fields(acts_by, act))
                landed = _nearest_first(_landed(routes), to)
                places = [b for b in _boat_places(table, landed) if (to, act, tuple(b)) not in left_by_boat]
                if not places:
                    continue
                left_by_boat |= {(to, act, tuple(b)) for b in places}
                found[(to, act, "boat", adjust)] = Option(
                    f"{to} by Boat: move {moved}, act {act}", "Move", action, under=f"Move to {to}",
                    fields={"boat": city.berth_field(places, "the Boat left")} | _act_fields(acts_by, act))
    # A tile's moves together, the tiles in order; on foot before by Boat (which costs 3 of the die and asks where
    # it is left): the likelier move first. An effect is (tile, activation die, where the Boat is left: None when
    # it stays); a move by Boat offers the places no move before it offered.
    moves = [o for _, o in sorted(found.items(), key=lambda kv: (kv[1].under, kv[0][2] is not None))]
    ways = Counter(o.under for o in moves)
    return [replace(o, short=_way_word(o.action, "boat" in o.fields)) if ways[o.under] > 1
            else o for o in moves]


def _way_word(action: Mapping[str, Any], by_boat: bool) -> str:
    """A tile's way on the box's keys, which show no label: on foot or by Boat, and the die that moves ("Foot3",
    "Boat6", with a Movement +-1 card "Ft3-1"); the other die activates the tile."""
    adjust = action.get("adjust")
    how = ("Bt" if by_boat else "Ft") if adjust else ("Boat" if by_boat else "Foot")
    return f"{how}{action['die']}" + (f"{adjust:+d}" if adjust else "")


def _landed(routes: list[dict[str, Any]]) -> list[str]:
    """The tiles the Boat takes the Burgher to on these routes, in the tiles' order."""
    return [t for t in city.TILES if any(r["boat"] == t for r in routes)]


def _boat_places(table: Mapping[str, Any], landed: list[str]) -> list[list[str]]:
    """Where the Boat may be left beside the tiles it took him to, in their order, each place once (a place
    beside two of them is one result)."""
    places = [b for t in landed for b in city.berths(table["layout"], t)]
    return [b for k, b in enumerate(places) if b not in places[:k]]


def _nearest_first(landed: list[str], to: str) -> list[str]:
    """The tiles the Boat can take the Burgher to, the tile he ends on first: the Boat left beside where he
    stops is the likeliest, so its places head the list."""
    return sorted(landed, key=lambda t: t != to)


def _act_fields(acts_by: bool, act: int) -> dict[str, Any]:
    return {"act_adjust": _act_field(act)} if acts_by else {}


def _act_field(act: int) -> dict[str, Any]:
    """The activation die as thrown, or one up or down with the Activation +-1 card (kept within 1-6)."""
    shifts = [k for k in (0, -1, 1) if 1 <= act + k <= 6]
    return {"title": "the activation die", "enum": shifts, "default": 0,
            "enumNames": [f"{act + k}" + (f" ({act}{k:+d})" if k else " (as thrown)") for k in shifts]}


def _die_value(given: object, what: str) -> int | Refused:
    if type(given) is not int or not 1 <= given <= 6:
        return Refused(f"{what}: a die's value, 1 to 6")
    return given


def _adjusted(table: Mapping[str, Any], seat: int, value: int, adjust: object, kind: str, what: str) -> int | Refused:
    """A die changed by ±1 with an activated Master Builder of `kind`, kept within 1-6 [R l.553-560]."""
    if adjust is None or adjust == 0 and type(adjust) is int:  # 0: the die as thrown
        return value
    if adjust not in (-1, 1) or type(adjust) is not int:
        return Refused(f"{what}: -1, 0 or 1")
    if not activated(table["boards"][seat], kind):
        card = "Movement +-1" if kind == "move_die_pm1" else "Activation +-1"
        return Refused(f"{what}: it takes an activated {card} Master Builder")
    if not 1 <= value + adjust <= 6:
        return Refused(f"{what}: the die would show {value + adjust}; it must stay from 1 to 6")
    return value + adjust


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
    if refused(choices):
        return choices
    start = table["burghers"][seat]
    legal = []
    for die, act in choices:
        steps = _adjusted(table, seat, die, action.get("adjust"), "move_die_pm1", "adjust")
        if refused(steps) and len(choices) == 1:
            return steps
        route = steps if refused(steps) else _route(table, seat, start, steps, to, path, action.get("boat"))
        if not refused(route) or len(choices) == 1:
            legal.append((die, act, steps, route))
    if not legal:
        return Refused(f"neither die moves the Burgher {'to ' + to if to else 'along that path'}")
    if len(legal) > 1 and legal[0][:2] != legal[1][:2]:
        return Refused(f"die: which die moves, {legal[0][0]} or {legal[1][0]} (the other activates the tile)?")
    die, act, steps, route = legal[0]
    if refused(route):
        return route
    if act is not None:
        act = _adjusted(table, seat, act, action.get("act_adjust"), "activation_die_pm1", "act_adjust")
        if refused(act):
            return act
    elif action.get("act_adjust") is not None:
        return Refused("act_adjust: say the activation die's value too (act)")
    left = None
    if route["boat"] is not None:  # the Boat was used: left next to the tile it took him to, where he says
        given = action.get("boat")
        left = [route["boat"]] if given is None else city.berth(given) if isinstance(given, (list, tuple)) else None
        if left is None or left not in city.berths(table["layout"], route["boat"]) or len(left) != len(given or left):
            return Refused(f"boat: where the Boat is left, next to {route['boat']}: "
                           + "; ".join(city.berth_name(b) for b in city.berths(table["layout"], route["boat"])))
    who = name(state, seat)
    table["burghers"][seat] = route["to"]
    if left is not None:
        table["boat"] = left
    turn.update(move=steps, act=act, tile=route["to"])
    if start is None:
        log = [f"{who}'s Burgher moves {steps} to {route['to']} (not checked: its start was not recorded)."]
    else:
        log = [f"{who}'s Burgher moves {steps}: {' -> '.join([start, *route['path']]).replace(' -> boat -> ', ' -> Boat -> ')}."]
    if left is not None:
        log.append(f"The Boat is left {city.berth_name(left)}.")
    return log + settle_die(state, table, seat)


def _dice_choices(turn: Mapping[str, Any], action: Mapping[str, Any]) -> list[tuple[int, int | None]] | Refused:
    """(movement die, activation die) pairs the move may use."""
    dice, die = turn["dice"], action.get("die")
    if dice is None:
        if die is None:
            return Refused("die: the movement die's value (the roll was not recorded)")
        die = _die_value(die, "die")
        act = _die_value(action["act"], "act") if action.get("act") is not None else None
        bad = next((x for x in (die, act) if refused(x)), None)
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


def _route(table: Mapping[str, Any], seat: int, start: str | None, steps: int, to: str | None, path: object,
           boat: object = None):
    """The route of the move: along `path` where given; else to `to` by Boat where the Boat's place (`boat`) is
    given (the Boat taking him to a tile beside that place), else on foot (or the one way by Boat)."""
    if start is None:
        if path is not None:
            return Refused("path: the Burgher's start was not recorded; give only where it ends (to)")
        return {"path": [to], "to": to, "boat": None}
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
    left = city.berth(boat) if isinstance(boat, (list, tuple)) and all(isinstance(t, str) for t in boat) else None
    by_boat = [r for r in ways[to] if r["boat"] is not None]
    if left and by_boat:  # by Boat, to the tile beside where it is left that the Boat took him to: nearest first
        beside = [r for r in by_boat if left in city.berths(table["layout"], r["boat"])]
        if not beside:
            landed = _landed(by_boat)
            return Refused(f"boat: where the Boat is left, next to {' or '.join(landed)}: "
                           + "; ".join(city.berth_name(b) for b in _boat_places(table, landed)))
        return min(beside, key=lambda r: (r["boat"] != to, len(r["path"])))
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


def go(e: Edit) -> None:
    e.say(*e.must(move(e.state, e.data, e.action, e.seat)))


def status(state: PMap) -> str:
    dice = state["data"]["turn"]["dice"]
    start = state["data"]["burghers"][state["flow"]["player"]] or "?"
    # The dice first: the box's one line under a two-line option may hold only them (the Burgher is on the table).
    # A double moves its one number ("Move 2", not "Move 2 or 2").
    if not dice:
        return f"Move from {start}"
    moves = f"Move {dice[0]}" if dice[0] == dice[1] else f"Move {dice[0]} or {dice[1]}"
    return f"{moves}{PARTS}from {start}"


STEP = Step("MOVE", "Phase 2: move the Burgher", done="Moved", undone="moving the Burgher", options=options,
            handlers={"advance": go}, status=status)
