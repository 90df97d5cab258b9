"""La Venise du Nord: the table set by hand, any time, each one undoable (the table page's corrections,
anytime.py): where a Burgher stands, the Boat, a die, a bridge, a price, the Market sales. What the
companion follows is then put right when the real table and it disagree.

  burgher {seat, tile}            boat {boat: [the tiles it touches]}
  die     {tile, seat|null, value?}
  bridge  {tiles: [a, b], seat|null}
  price   {good, cubes?, ones?, twos?}
  market  {sales: n}              spaces covered by sales, from the highest
"""

from __future__ import annotations

from companion.core.edit import Edit
from companion.core.words import counted

from . import city, market
from .cards import GOODS
from .table import BRIDGES_PER_PLAYER, DICE_PER_PLAYER, bridges_of, own_dice


def _seat(e: Edit, optional: bool = False) -> int | None:
    given = e.action.get("seat")
    if given is None and optional:
        return None
    if type(given) is not int or not 0 <= given < len(e.state["players"]):
        e.refuse(f"seat: a seat from 0 to {len(e.state['players']) - 1}")
    return given


def _tile(e: Edit, given: object, what: str = "tile") -> str:
    tile = city.tile_named(given)
    if tile is None:
        e.refuse(f"{what}: one of {', '.join(city.TILES)}")
    return tile


def burgher(e: Edit) -> None:
    seat, tile = _seat(e), _tile(e, e.action.get("tile"))
    e.data["burghers"][seat] = tile
    e.say(f"{e.name(seat)}'s Burgher is on {tile}.")


def boat(e: Edit) -> None:
    """The Boat lies elsewhere: the tiles it touches (`boat`)."""
    given = e.action.get("boat")
    place = city.berth(given) if isinstance(given, list) and all(isinstance(t, str) for t in given) else None
    if place is None or len(place) != len(given) or place not in city.all_berths(e.data["layout"]):
        e.refuse("boat: the tiles the Boat touches: one, two side by side, or three that meet")
    e.data["boat"] = place
    e.say(f"The Boat lies {city.berth_name(place)}.")


def die(e: Edit) -> None:
    tile, seat = _tile(e, e.action.get("tile")), _seat(e, optional=True)
    table = e.data
    if seat is None:
        if table["dice"].pop(tile, None) is None:
            e.refuse(f"there is no die on {tile}")
        e.say(f"The die on {tile} is taken off.")
        return
    value = e.action.get("value")
    if type(value) is not int or not 1 <= value <= 6:
        e.refuse("value: the die's value, 1 to 6")
    if len([t for t in own_dice(table, seat) if t != tile]) >= DICE_PER_PLAYER:
        e.refuse(f"all {DICE_PER_PLAYER} of {e.name(seat)}'s dice are on tiles")
    table["dice"][tile] = {"seat": seat, "value": value}
    e.say(f"{e.name(seat)}'s {value} is on {tile}.")


def bridge(e: Edit) -> None:
    given = e.action.get("tiles")
    if not isinstance(given, list) or len(given) != 2:
        e.refuse("tiles: the two tiles it joins")
    tiles = [_tile(e, t, "tiles") for t in given]
    seat = _seat(e, optional=True)
    table = e.data
    if not city.adjacent(table["layout"], *tiles):
        e.refuse(f"{tiles[0]} and {tiles[1]} do not touch")
    place = list(city.edge(*tiles))
    standing = next((b for b in table["bridges"] if b["tiles"] == place), None)
    if standing is not None:
        table["bridges"].remove(standing)
    if seat is None:
        if standing is None:
            e.refuse(f"there is no bridge between {tiles[0]} and {tiles[1]}")
        e.say(f"The bridge between {place[0]} and {place[1]} is taken off.")
        return
    if len(bridges_of(table, seat)) >= BRIDGES_PER_PLAYER:
        e.refuse(f"{e.name(seat)} has all {BRIDGES_PER_PLAYER} bridges on the board")
    table["bridges"].append({"seat": seat, "tiles": place})
    e.say(f"{e.name(seat)}'s bridge joins {place[0]} and {place[1]}.")


def price(e: Edit) -> None:
    good = e.action.get("good")
    if good not in GOODS:
        e.refuse(f"good: one of {', '.join(GOODS)}")
    pieces = e.data["prices"][good]
    for piece in ("cubes", "ones", "twos"):
        n = e.action.get(piece, pieces[piece])
        if type(n) is not int or not 0 <= n <= 30:
            e.refuse(f"{piece}: how many, 0 to 30")
        pieces[piece] = n
    e.say(f"The {good} price is {market.price(pieces)} ({counted(pieces['cubes'], 'cube')}, "
          f"{counted(pieces['ones'], '+1 card')} and {counted(pieces['twos'], '+2 card')}).")


def sales(e: Edit) -> None:
    spaces = e.data["market"]
    open_ = [s for s in spaces if s["by"] != "setup"]
    n = e.action.get("sales")
    if type(n) is not int or not 0 <= n <= len(open_):
        e.refuse(f"sales: the Market spaces covered by sales, 0 to {len(open_)}")
    for i, space in enumerate(open_):  # highest first
        space["by"] = (space["by"] if space["by"] is not None else "table") if i < n else None
    e.say(f"{counted(n, 'Market sale')} made; the bonus is {market.bonus(spaces)}.")
