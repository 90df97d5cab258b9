"""La Venise du Nord: what lies on the table, as plain data in state["data"], and the counters.

  layout    tile -> [q, r] (city.py)
  boat      where the Boat lies: the tiles it touches (one at the city's edge, two, or three: city.berths)
  burghers  per seat, the tile of the player's Burgher (None until placed)
  dice      tile -> {"seat", "value"}: the one die on a Quarter tile
  bridges   [{"seat", "tiles": [a, b]}] on the board (5 per player)
  prices    good -> {"cubes", "ones", "twos"} placed near the Market (market.py)
  market    the Market's spaces, highest first: {"value", "by"}
  ports     port -> the goods exported there (each port takes each good once)
  boards    per seat: "workshops" [{"card", "good", "capacity", "cost", "paid", "built", "stored"}],
            "orders" [{"card", "good", "value"}] (row 2),
            "builders" [{"card", "kind", "good", "value", "cost", "paid", "activated", "used", "row"}]
  row_spaces the card spaces of each row of a player board (board.py)
  tags      tag -> seat: the real cards tapped and kept (a tag keeps one card, once)
  turn      this turn so far: "dice" (the two rolled), "move" and "act" (the values chosen),
            "tile" (where the Burgher arrived), "placed" (the activation die went on the tile: None
            until settled), "used" (the tile's power: None when not recorded), "looker" (who is
            looking at cards drawn), "secondary" (seats whose secondary activation is done),
            "bridged", "produced" (workshops that produced this turn)

Counters, per player: "vp" (the score track), the raw stock "wool", "flax", "gold" (6 spaces in all;
each player starts with one of each) and the Store "clothing", "lace", "jewelry".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.seats import others_from_left_of
from companion.scoring import la_venise_du_nord as scoring

from . import market
from .board import ROW_SPACES
from .cards import GOODS, RAWS
from .city import CARD_TILES, DEFAULT_LAYOUT, MARKET, PORTS, RAW_TILES, TILES

DICE_PER_PLAYER = 5
BRIDGES_PER_PLAYER = scoring.BRIDGES_PER_PLAYER
STOCK_SPACES = 6

COUNTERS = (
    CounterSpec("vp", "VP"),
    *(CounterSpec(raw, raw.capitalize(), start=1, maximum=STOCK_SPACES, pool=tuple(r for r in RAWS if r != raw))
      for raw in RAWS),
    *(CounterSpec(good, good.capitalize()) for good in GOODS),
)


def fresh_turn() -> dict[str, Any]:
    return {"dice": None, "move": None, "act": None, "tile": None, "placed": None, "used": None, "looker": None,
            "secondary": [], "bridged": False, "produced": []}


def initial(setup: Mapping[str, Any]) -> dict[str, Any]:
    n = len(setup["players"])
    layout = setup.get("layout") or DEFAULT_LAYOUT
    return {
        "layout": {tile: list(at) for tile, at in layout.items()},
        "boat": [MARKET],
        "burghers": [None] * n,
        "dice": {},
        "bridges": [],
        "prices": {good: {"cubes": 0, "ones": 0, "twos": 0} for good in GOODS},
        "market": market.spaces(setup.get("market_spaces") or market.SPACES, n),
        "ports": {port: [] for port in PORTS},
        "boards": [{"workshops": [], "orders": [], "builders": []} for _ in range(n)],
        "turn": fresh_turn(),
        "tags": {},
        "row_spaces": setup.get("row_spaces") or ROW_SPACES,
    }


def row_spaces(table: Mapping[str, Any]) -> int:
    """The card spaces of each row of a player board (a game begun before they were asked: the box's default)."""
    return table.get("row_spaces") or ROW_SPACES


def setup_log(state: PMap) -> tuple[str, ...]:
    """What the table does by hand before the first roll, with fewer than 4 players [R l.119-121]: the Market's
    cubes (the box covers the same spaces), and with a real Order deck its cards taken out."""
    n = len(state["players"])
    if n >= 4:
        return ()
    covered = " and ".join(f"a {s['value']}" for s in state["data"]["market"] if s["by"] == "setup")
    lines = [f"With {n} players, put a cube on {covered} space of the real Market tile (the box has covered "
             f"{'them' if n == 2 else 'it'} too)."]
    if state["decks"]["orders"]["mode"] == "mirror":
        lines.append(f"With {n} players, take {4 - n} Order {'card' if n == 3 else 'cards'} of each type out of the "
                     "Order deck before shuffling it: no +2 card.")
    return tuple(lines)


def kind(tile: str) -> str:
    """What a tile does: "raw", "cards", "market" or "port"."""
    if tile in RAW_TILES:
        return "raw"
    if tile in CARD_TILES:
        return "cards"
    return "market" if tile == MARKET else "port"


def stock(state: PMap, seat: int) -> dict[str, int]:
    return {raw: state["counters"]["players"][seat][raw] for raw in RAWS}


def store(state: PMap, seat: int) -> dict[str, int]:
    return {good: state["counters"]["players"][seat][good] for good in GOODS}


def add(state: PMap, seat: int, name: str, delta: int) -> PMap:
    """A counter changed by the rules (the caller has checked the bounds)."""
    return state.set("counters", state["counters"].transform(["players", seat, name], lambda v: v + delta))


def own_dice(table: Mapping[str, Any], seat: int) -> list[str]:
    """The tiles where this player's dice lie, in the tiles' order (the table's dice are a map: its order is
    not the same from one run to the next)."""
    return [tile for tile in TILES if (table["dice"].get(tile) or {}).get("seat") == seat]


def secondary_seats(state: PMap, table: Mapping[str, Any]) -> list[tuple[int, int]]:
    """(seat, value) of every other player, clockwise from the active player's left, with his Burgher or a
    die on the activated tile: 1 with either, 2 with both (raw-material and card tiles only) [R l.389-399]."""
    turn = table["turn"]
    tile = turn["tile"]
    if tile is None or kind(tile) not in ("raw", "cards"):
        return []
    if turn["used"] is False and state["options"]["secondary"] == "if_used":
        return []
    out = []
    for seat in others_from_left_of(state["flow"]["player"], len(state["players"])):
        burgher = table["burghers"][seat] == tile
        die = (table["dice"].get(tile) or {}).get("seat") == seat
        if burgher or die:
            out.append((seat, 2 if burgher and die else 1))
    return out


def bridges_of(table: Mapping[str, Any], seat: int) -> list[list[str]]:
    return [list(b["tiles"]) for b in table["bridges"] if b["seat"] == seat]


def prices(table: Mapping[str, Any]) -> dict[str, int]:
    return {good: market.price(table["prices"][good]) for good in GOODS}


def activated(board: Mapping[str, Any], kind_: str) -> list[int]:
    """Indexes of this player's activated Master Builders of a kind."""
    return [i for i, b in enumerate(board["builders"]) if b["kind"] == kind_ and b["activated"]]


def sheet_builders(board: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{"kind": b["kind"], "activated": b["activated"]} for b in board["builders"]]


def points(state: PMap) -> list[dict[str, int]]:
    """Each player's score if the game ended now (SPEC 4.7), by the scoring module's own rules."""
    table = state["data"]
    now = prices(table)
    out = []
    for seat in range(len(state["players"])):
        board = table["boards"][seat]
        bridges = bridges_of(table, seat)
        chains = scoring.chains_from_bridges(bridges, state["options"]["chain_definition"])
        parts = {
            "vp_track": state["counters"]["players"][seat]["vp"],
            "store_sale": scoring.store_sale(store(state, seat), now),
            "bridges": scoring.bridge_points(chains),
            "bridge_bonus": scoring.BRIDGE_BONUS * len(bridges) if activated(board, "bridge_bonus") else 0,
            "master_builders": scoring.master_builder_points(sheet_builders(board)),
        }
        out.append({**parts, "points": sum(parts.values())})
    return out


def end_reached(state: PMap) -> bool:
    """SPEC 4.8, at the start of the first player's turn: a player has 5 bridges on the board, or every
    Market space is covered."""
    table = state["data"]
    five = any(len(bridges_of(table, s)) >= BRIDGES_PER_PLAYER for s in range(len(state["players"])))
    return five or market.free(table["market"]) == 0


def end_reason(state: PMap) -> str:
    table = state["data"]
    five = [state["players"][s]["name"] for s in range(len(state["players"]))
            if len(bridges_of(table, s)) >= BRIDGES_PER_PLAYER]
    if five:
        return f"{' and '.join(five)} {'has' if len(five) == 1 else 'have'} built all 5 bridges"
    return "every Market space is covered"
