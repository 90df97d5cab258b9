"""Merchant Venturers' table data (state["data"]), its counters and the settings the rulebook lost.

  started        PREGAME is over (year 1 has begun)
  board          the ports and lands (board.py), None until dealt
  youth          per seat, what makes a player younger (a lower value): the age, or minus the birth year
  ships          per seat, [{"id", "fast", "large", "at": port | "sea" | None (not placed yet), "cargo": [goods]}]
  posts          per seat, {port: {"size": small | medium | large, "goods": [goods]}}
  unplaced       per seat, whether the starting trading post still waits to be placed
  lands          per New World land, the goods made and not yet moved to a port {good: n}
  stock          per New World port, the goods for sale {good: n}
  quay           per seat, {port: [goods]} bought this Summer and not yet loaded or stored
  sold           {"turn", "at": {port: {good: n}}}: what the ports bought this season
  sailed         {"turn", "ships": [[seat, id], ...]}: the ships that sailed this season
  trading        phases 5 and 8: whose chance it is, port by port (trade.py)
  hands, dealt   the action cards in each hand (virtual deck; secret), and whether the start's are dealt
  settings       the season table, the goods' purchase prices and the wind: SPEC 5.10's defaults or setup's

Coins and the number of action cards in each hand are per-player counters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.result import Refused
from companion.core.edit import Edit
from companion.core.words import counted
from companion.scoring.merchant_venturers import ship_value

from .board import GOODS, check, from_form, good

STORAGE = {"small": 1, "medium": 2, "large": 4}
LEVELS = {"small": 1, "medium": 2, "large": 3}
NEXT_SIZE = {"small": "medium", "medium": "large"}
UPGRADE = {"medium": 2, "large": 3}  # what a post's next size costs
CARD_PRICE = 2
START_COINS, START_CARDS = 3, 2
SALE_PRICE = {"crops": 2, "furs": 3, "spices": 5, "ebony": 6, "gold": 10}
# Lost from the rulebook (SPEC 5.4, 5.10.4) [A]: half the sale price, rounded down, at least 1. Setup: `goods_prices`.
PURCHASE_PRICE = {"crops": 1, "furs": 1, "spices": 2, "ebony": 3, "gold": 5}
# The season table's columns are lost (SPEC 5.4): only how many seasons each good is made in is certain.
SEASON_COUNTS = {"crops": 3, "furs": 3, "spices": 2, "ebony": 2, "gold": 1}
SEASON_TABLES = {
    "warm_cold": {"crops": ["Spring", "Summer", "Autumn"], "furs": ["Autumn", "Winter", "Spring"],
                  "spices": ["Spring", "Summer"], "ebony": ["Summer", "Autumn"], "gold": ["Summer"]},
    "leftmost": {"crops": ["Spring", "Summer", "Autumn"], "furs": ["Spring", "Summer", "Autumn"],
                 "spices": ["Spring", "Summer"], "ebony": ["Spring", "Summer"], "gold": ["Spring"]},
}
# Not in the rulebook (SPEC 5.10.7) [A]: where the wind blows from, each season. Setup: `wind`.
WIND = {"Winter": "North", "Spring": "East", "Summer": "South", "Autumn": "West"}
COMPASS = ("North", "North-East", "East", "South-East", "South", "South-West", "West", "North-West")

# A virtual hand's size is the companion's own count: it is not set right by hand.
COUNTERS = (CounterSpec("coins", "Coins", start=START_COINS, money=True),
            CounterSpec("cards", "Action cards", start=START_CARDS, corrected=lambda s: s["decks"]["actions"]["mode"] != "virtual"))


def seat_of(state: PMap, action: Mapping[str, Any]) -> int | Refused:
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        return Refused(f"seat: whose is it? (0 to {len(state['players']) - 1})")
    return seat


def coins(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["coins"]


def pay(e: Edit, seat: int, amount: int, what: str) -> None:
    have = e.counter(seat, "coins")
    if amount > have:
        e.refuse(f"{e.name(seat)} has {counted(have, 'coin')}, and the price of {what} is {amount}")
    e.pay(seat, "coins", amount)


def goods_n(action: Mapping[str, Any]) -> tuple[str, int] | Refused:
    """The good and how many of it an action names."""
    g, n = good(action.get("good")), action.get("n", 1)
    if g is None:
        return Refused("good: crops, furs, spices, ebony (wood) or gold")
    if type(n) is not int or n < 1:
        return Refused("n: how many, a whole number from 1")
    return g, n


def take_goods(pools: list[list[str]], g: str, n: int) -> None:
    """Take n of good g from the pools in turn (the caller has counted them)."""
    for pool in pools:
        while n and g in pool:
            pool.remove(g)
            n -= 1


def cargo_space(ship: Mapping[str, Any]) -> int:
    return 3 if ship["large"] else 1


def moves(ship: Mapping[str, Any]) -> int:
    return 4 if ship["fast"] else 2


def find_ship(table: Mapping[str, Any], seat: int, ship: object) -> dict[str, Any] | None:
    return next((s for s in table["ships"][seat] if s["id"] == ship), None) if type(ship) is int else None


def levels(table: Mapping[str, Any]) -> dict[str, int]:
    """Trading-post levels at each port, summed over the players (small 1, medium 2, large 3; SPEC 5.10.13)."""
    out: dict[str, int] = {}
    for posts in table["posts"]:
        for port_, post in posts.items():
            out[port_] = out.get(port_, 0) + LEVELS[post["size"]]
    return out


def held_goods(table: Mapping[str, Any], seat: int) -> int:
    """Goods on the player's ships and in his trading posts (the last tie-break)."""
    return sum(len(s["cargo"]) for s in table["ships"][seat]) + sum(len(p["goods"]) for p in table["posts"][seat].values())


def fortune(state: PMap, seat: int) -> int:
    """Coins plus the value of every ship: the score as it stands."""
    return coins(state, seat) + sum(ship_value(s) for s in state["data"]["ships"][seat])


def sizes(table: Mapping[str, Any], seat: int) -> list[str]:
    """The player's trading posts' sizes (the starting one counts before it is placed)."""
    return [p["size"] for p in table["posts"][seat].values()] + (["small"] if table["unplaced"][seat] else [])


# --- setup ---------------------------------------------------------------------------------------------


def setup_fields() -> dict[str, Any]:
    """What the New game page asks: the table's own board, the goods' purchase prices, the seasons each good is
    made in, and where the wind blows from, with SPEC 5.10's defaults."""
    from .board import FORM, LABELS

    seasons = list(WIND)
    return {
        "board": FORM,
        "goods_prices": {"title": "What the goods cost in the New World (the rulebook's table is lost)", "type": "object",
                         "properties": {g: {"title": LABELS[g], "type": "integer", "minimum": 0, "maximum": 99,
                                            "default": PURCHASE_PRICE[g]} for g in GOODS}},
        "seasons": {"title": "The seasons each good is made in", "type": "object",
                    "description": "The rulebook's table lost its columns; how many seasons each good is made in is "
                                   "certain (crops 3, furs 3, spices 2, ebony 2, gold 1).",
                    "properties": {g: {"title": LABELS[g], "type": "array", "items": {"title": "season", "enum": seasons},
                                       "default": SEASON_TABLES["warm_cold"][g]} for g in GOODS}},
        "wind": {"title": "Where the wind blows from", "type": "object",
                 "properties": {s: {"title": s, "enum": list(COMPASS), "default": WIND[s]} for s in seasons}},
    }


def check_settings(setup: Mapping[str, Any]) -> Refused | None:
    """The game's own setup keys: a board laid out by the table, a season table, prices, wind."""
    if setup.get("board") is not None:
        bad = check(from_form(setup["board"]))
        if bad:
            return bad
    seasons = setup.get("seasons")
    if seasons is not None:
        if not isinstance(seasons, Mapping) or {good(g) for g in seasons} != set(GOODS) or len(seasons) != len(GOODS):
            return Refused("seasons: each good (crops, furs, spices, ebony, gold) -> the seasons it is made in")
        for g, when in seasons.items():
            count = SEASON_COUNTS[good(g)]
            if not isinstance(when, list) or not all(isinstance(w, str) for w in when) or len(set(when)) != len(when) or not set(when) <= set(WIND):
                return Refused(f"seasons.{g}: a list of seasons (Winter, Spring, Summer, Autumn)")
            if len(when) != count:
                return Refused(f"seasons.{g}: the rulebook's table marks {counted(count, 'season')} for it, not {len(when)}")
    prices = setup.get("goods_prices")
    if prices is not None:
        if not isinstance(prices, Mapping) or {good(g) for g in prices} != set(GOODS) or len(prices) != len(GOODS):
            return Refused("goods_prices: each good (crops, furs, spices, ebony, gold) -> its purchase price in coins")
        if any(type(v) is not int or not 0 <= v <= 99 for v in prices.values()):
            return Refused("goods_prices: whole numbers of coins, 0 to 99")
    entered = (setup.get("compositions") or {}).get("actions")
    if isinstance(entered, Mapping) and (setup.get("deck_modes") or {}).get("actions") == "virtual":
        total, need = sum(v for v in entered.values() if type(v) is int), START_CARDS * len(setup["players"])
        if total < need:
            return Refused(f"compositions.actions: {total} cards cannot deal {START_CARDS} to each of {len(setup['players'])} players")
    wind = setup.get("wind")
    if wind is not None:
        if not isinstance(wind, Mapping) or set(wind) != set(WIND) or any(not isinstance(w, str) or w not in COMPASS for w in wind.values()):
            return Refused(f"wind: each season -> where the wind blows from ({', '.join(COMPASS)})")
    return None


def _youth(players: list[Mapping[str, Any]]) -> list[int | None]:
    """Lower is younger: the ages, or (when every player gives a birth year instead) minus the birth years."""
    if all(p.get("age") is None and p.get("birth_year") is not None for p in players):
        return [-p["birth_year"] for p in players]
    return [p.get("age") for p in players]


def initial(setup: Mapping[str, Any]) -> dict[str, Any]:
    players = setup["players"]
    n = len(players)
    option = setup.get("options", {}).get("season_table", "warm_cold")
    seasons = {good(g): list(w) for g, w in setup["seasons"].items()} if setup.get("seasons") else SEASON_TABLES[option]
    prices = {good(g): v for g, v in setup["goods_prices"].items()} if setup.get("goods_prices") else PURCHASE_PRICE
    return {
        "started": False,
        "board": from_form(setup["board"]) if setup.get("board") is not None else None,
        "youth": _youth(players),
        "ships": [[{"id": 1, "fast": False, "large": False, "at": None, "cargo": []}] for _ in range(n)],
        "posts": [{} for _ in range(n)],
        "unplaced": [True] * n,
        "lands": {},
        "stock": {},
        "quay": [{} for _ in range(n)],
        "sold": {"turn": 0, "at": {}},
        "sailed": {"turn": 0, "ships": []},
        "trading": None,
        "quiet": {"turn": 0, "seats": []},  # who said "Nothing this season" (quiet.py)
        "hands": [[] for _ in range(n)],
        "dealt": False,
        "settings": {"seasons": seasons, "prices": dict(prices), "wind": dict(setup.get("wind") or WIND)},
    }
