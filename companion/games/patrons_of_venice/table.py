"""The Patrons of Venice: what lies on the table, as plain data in state["data"], and the money.

  started         the deal is done (SETUP_DONE has been advanced)
  action          the action the lead chose this turn (RESERVE, SAIL, TRADE, SPONSOR, PRODUCE)
  ships           per seat, three ships left to right: None (empty) or
                  {"card": "Wool 3" | None (not named), "reserved_by": seat | None}
  market, wharf   the cards there (None: a card the players have not named)
  hands           per seat, the cards the companion knows are in that hand (secret)
  new_shipments   this Sail's New Shipment cards
  pirates         Pirates! among them; raided: the seats whose shipment the pirates took
  statues         the campi with a statue, in the order they were built
  businesses      {"type", "owner", "campi"} in the order they were sponsored
  acted           seats that have reserved or sponsored in this action (once each)
  produced        indexes of the businesses that produced in this Produce action
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import counters as counters_mod
from companion.core.counters import CounterSpec
from companion.core.flow import step_players
from companion.core.result import Refused

from . import city

START_DUCATS = 10  # 1 red and 5 white chips [R l.97]
ALL_DUCATS = 140  # 40 white x 1 + 20 red x 5 [D]

COUNTERS = (
    CounterSpec("ducats", "Ducats", START_DUCATS, balance="bank"),
    CounterSpec("favours", "Favours"),
    CounterSpec("bank", "Bank", lambda n: ALL_DUCATS - START_DUCATS * n, per_player=False),
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
        "new_shipments": [], "pirates": 0, "raided": [],
        "statues": [], "businesses": [], "acted": [], "produced": [],
    }


def name(state: PMap, seat: int | None) -> str:
    return "the Bank" if seat is None else state["players"][seat]["name"]


def pay(state: PMap, payer: int | None, payee: int | None, amount: int) -> PMap | Refused:
    """Move Ducats between players, or a player and the Bank (None)."""
    if amount == 0:
        return state
    names = [p["name"] for p in state["players"]]
    out = counters_mod.transfer(COUNTERS, state["counters"], "ducats", payer, payee, amount, names)
    if isinstance(out, Refused):
        return Refused(f"{name(state, payer)} cannot pay {amount}: {out.reason}")
    return state.set("counters", out[0])


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


def actor(state: PMap) -> int | None:
    return state["flow"]["actor"]


def last_of_step(state: PMap) -> bool:
    """The current actor is the last of this step's players."""
    return state["flow"]["sub"] + 1 >= len(step_players(state))
