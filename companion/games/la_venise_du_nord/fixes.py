"""La Venise du Nord: the table set by hand, any time, each one undoable (the table page's corrections,
anytime.py): where a Burgher stands, the Boat, a die, a bridge, a price, the Market sales. What the
companion follows is then put right when the real table and it disagree.

  burgher {seat, tile}            boat {tile}
  die     {tile, seat|null, value?}
  bridge  {tiles: [a, b], seat|null}
  price   {good, cubes?, ones?, twos?}
  market  {sales: n}              spaces covered by sales, from the highest
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.result import Accepted, Refused, Result
from companion.core.words import counted
from companion.games.plain import data, name, put

from . import city, market
from .cards import GOODS
from .table import BRIDGES_PER_PLAYER, DICE_PER_PLAYER, bridges_of, own_dice


def _seat(state: PMap, given: object, optional: bool = False) -> int | None | Refused:
    if given is None and optional:
        return None
    if type(given) is not int or not 0 <= given < len(state["players"]):
        return Refused(f"seat: a seat from 0 to {len(state['players']) - 1}")
    return given


def _tile(given: object, what: str = "tile") -> str | Refused:
    tile = city.tile_named(given)
    return tile if tile is not None else Refused(f"{what}: one of {', '.join(city.TILES)}")


def burgher(state: PMap, action: Mapping[str, Any]) -> Result:
    seat, tile = _seat(state, action.get("seat")), _tile(action.get("tile"))
    for bad in (seat, tile):
        if isinstance(bad, Refused):
            return bad
    table = data(state)
    table["burghers"][seat] = tile
    return Accepted(put(state, table), (f"{name(state, seat)}'s Burgher is on {tile}.",))


def boat(state: PMap, action: Mapping[str, Any]) -> Result:
    tile = _tile(action.get("tile"))
    if isinstance(tile, Refused):
        return tile
    table = data(state)
    table["boat"] = tile
    return Accepted(put(state, table), (f"The Boat lies next to {tile}.",))


def die(state: PMap, action: Mapping[str, Any]) -> Result:
    tile, seat = _tile(action.get("tile")), _seat(state, action.get("seat"), optional=True)
    for bad in (tile, seat):
        if isinstance(bad, Refused):
            return bad
    table = data(state)
    if seat is None:
        if table["dice"].pop(tile, None) is None:
            return Refused(f"there is no die on {tile}")
        return Accepted(put(state, table), (f"The die on {tile} is taken off.",))
    value = action.get("value")
    if type(value) is not int or not 1 <= value <= 6:
        return Refused("value: the die's value, 1 to 6")
    if len([t for t in own_dice(table, seat) if t != tile]) >= DICE_PER_PLAYER:
        return Refused(f"all {DICE_PER_PLAYER} of {name(state, seat)}'s dice are on tiles")
    table["dice"][tile] = {"seat": seat, "value": value}
    return Accepted(put(state, table), (f"{name(state, seat)}'s {value} is on {tile}.",))


def bridge(state: PMap, action: Mapping[str, Any]) -> Result:
    given = action.get("tiles")
    tiles = [_tile(t, "tiles") for t in given] if isinstance(given, list) and len(given) == 2 else [Refused("tiles: the two tiles it joins")]
    seat = _seat(state, action.get("seat"), optional=True)
    for bad in (*tiles, seat):
        if isinstance(bad, Refused):
            return bad
    table = data(state)
    if not city.adjacent(table["layout"], *tiles):
        return Refused(f"{tiles[0]} and {tiles[1]} do not touch")
    place = list(city.edge(*tiles))
    standing = next((b for b in table["bridges"] if b["tiles"] == place), None)
    if standing is not None:
        table["bridges"].remove(standing)
    if seat is None:
        if standing is None:
            return Refused(f"there is no bridge between {tiles[0]} and {tiles[1]}")
        return Accepted(put(state, table), (f"The bridge between {place[0]} and {place[1]} is taken off.",))
    if len(bridges_of(table, seat)) >= BRIDGES_PER_PLAYER:
        return Refused(f"{name(state, seat)} has all {BRIDGES_PER_PLAYER} bridges on the board")
    table["bridges"].append({"seat": seat, "tiles": place})
    return Accepted(put(state, table), (f"{name(state, seat)}'s bridge joins {place[0]} and {place[1]}.",))


def price(state: PMap, action: Mapping[str, Any]) -> Result:
    good = action.get("good")
    if good not in GOODS:
        return Refused(f"good: one of {', '.join(GOODS)}")
    table = data(state)
    pieces = table["prices"][good]
    for piece in ("cubes", "ones", "twos"):
        n = action.get(piece, pieces[piece])
        if type(n) is not int or not 0 <= n <= 30:
            return Refused(f"{piece}: how many, 0 to 30")
        pieces[piece] = n
    return Accepted(put(state, table), (f"The {good} price is {market.price(pieces)} "
                                        f"({counted(pieces['cubes'], 'cube')}, {counted(pieces['ones'], '+1 card')} and "
                                        f"{counted(pieces['twos'], '+2 card')}).",))


def sales(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    spaces = table["market"]
    open_ = [s for s in spaces if s["by"] != "setup"]
    n = action.get("sales")
    if type(n) is not int or not 0 <= n <= len(open_):
        return Refused(f"sales: the Market spaces covered by sales, 0 to {len(open_)}")
    for i, space in enumerate(open_):  # highest first
        space["by"] = (space["by"] if space["by"] is not None else "table") if i < n else None
    return Accepted(put(state, table), (f"{counted(n, 'Market sale')} made; the bonus is {market.bonus(spaces)}.",))
