"""The Patrons of Venice: what lies on the table, as plain data in state["data"], and the money.

  started         the deal is done (SETUP_DONE has been advanced)
  action          the action the lead chose this turn (RESERVE, SAIL, TRADE, SPONSOR, PRODUCE)
  ships           per seat, three ships left to right: None (empty) or
                  {"card": "Wool 3" | None (not named), "reserved_by": seat | None}
  market, wharf   the cards there (None: a card the players have not named)
  hands           per seat, the cards the companion knows are in that hand (secret)
  new_shipments   this Sail's New Shipment cards
  pirates         Pirates! among them; raided: the seats whose shipment the pirates took
  unloading       the seats whose rightmost shipment is still to be unloaded in this Sail (the pirates' are not)
  statues         the campi with a statue, in the order they were built
  businesses      {"type", "owner", "campi"} in the order they were sponsored
  produced        indexes of the businesses that produced in this Produce action
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.edit import Edit

from . import city, goods

START_DUCATS = 10  # 1 red and 5 white chips [R l.97]
ALL_DUCATS = 140  # 40 white x 1 + 20 red x 5 [D]

COUNTERS = (
    CounterSpec("ducats", "Ducats", START_DUCATS, balance="bank", money=True),
    CounterSpec("favours", "Favours"),
    # The Bank holds the chips nobody holds: never below 0, and never set by hand (a purse set right by hand
    # takes from it or gives to it), so the game's 140 Ducats stay 140 whatever the table enters.
    CounterSpec("bank", "Bank", lambda n: ALL_DUCATS - START_DUCATS * n, per_player=False, corrected=lambda state: False),
)


def initial(setup: Mapping[str, Any]) -> dict[str, Any]:
    n = len(setup["players"])
    virtual = setup.get("deck_modes", {}).get("raw_goods") == "virtual"
    # Real cards: the players deal them, so every ship and the Market hold a card not yet named.
    unnamed = None if virtual else {"card": None, "reserved_by": None}
    return {
        "started": False, "action": None,
        "ships": [[unnamed, unnamed, unnamed] for _ in range(n)],
        "market": [] if virtual else [None, None],
        "wharf": [], "hands": [[] for _ in range(n)],
        "new_shipments": [], "pirates": 0, "raided": [], "unloading": [],
        "statues": [], "businesses": [], "produced": [],
        # The luxuries' recipes the table entered (goods.ASKED): what a virtual hand gives up to make one.
        "recipes": {kind: list(used) for kind, used in (setup.get("recipes") or {}).items() if used},
        # The Business Tiles' printed costs the box knows (sponsor.COST_FIELD); the others are asked once.
        "costs": dict(setup.get("costs") or {}),
        # How many Business Tiles of each type the table counted (city.TILE_COUNT_FIELD), where it did.
        "tiles": dict(setup.get("tiles") or {}),
        # The values printed on the Cloth and Canvas cards, once known (goods.VALUE_FIELD).
        "made_values": dict(setup.get("made_values") or {}),
        # The board's campi the table named (city.board: with the rulebook's two, what a campo is picked from).
        "board": [" ".join(c.split()) for c in setup.get("campi") or ()],
        # The tags of the real cards tapped on the reader since the draw pile was last shuffled (sail.py).
        "tags": [],
    }


def name(state: PMap, seat: int | None) -> str:
    return "the Bank" if seat is None else state["players"][seat]["name"]


def pay(e: Edit, payer: int | None, payee: int | None, amount: int) -> None:
    """Move Ducats between players, or a player and the Bank (None); refused when the payer has too little."""
    e.transfer("ducats", payer, payee, amount)


def doing(action: str):
    """A step's `when`: the turn's chosen action is `action`."""
    return lambda state: state["data"]["action"] == action


def recipe(state: PMap, kind: str) -> tuple[str, ...] | None:
    """The goods a business of this kind uses: the rulebook's, or those the table entered; None if unknown."""
    return goods.RECIPES.get(kind) or tuple(state["data"].get("recipes", {}).get(kind) or ()) or None


def virtual(state: PMap) -> bool:
    """The companion holds the Raw Good deck (and so every hand): the table entered its cards."""
    return state["decks"]["raw_goods"]["mode"] == "virtual"


def bank(state: PMap) -> int:
    """The Ducats in the Bank: what it can pay out."""
    return state["counters"]["table"]["bank"]


def ducats(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["ducats"]


def favours(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["favours"]


def cubes_left(table: Mapping[str, Any], seat: int) -> int:
    """Each player has 10 cubes: one on each business he owns and each shipment he reserved."""
    reserved = sum(1 for ships in table["ships"] for slot in ships if slot and slot["reserved_by"] == seat)
    owned = sum(1 for b in table["businesses"] if b["owner"] == seat)
    return city.CUBES - reserved - owned


def points(state: PMap, seat: int) -> int:
    table = state["data"]
    return city.points(seat, table["businesses"], table["statues"], favours(state, seat),
                       state["options"]["statue_business_worth"])
