"""Merchant Venturers: what a player buys in his turn of phases 3 and 9, and before year 1 [R l.55-71]:
ships, their upgrades, trading posts, their upgrades, action cards (cards.py). The options offer only what
he can pay, at the costs fleet.py and table.py give; the handlers check the same.

  buy_ship      {seat, fast, large, port}   a new ship docked at an Old World port
  upgrade_ship  {seat, ship, fast, large}   while docked at an Old World port
  buy_post      {seat, port}                a small trading post (one per port and player)
  upgrade_post  {seat, port}                small to medium, medium to large
  buy_card      {seat}                      an action card
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.fields import KEY_WORD
from companion.core.flow import EACH, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import a, counted

from . import cards, fleet, quiet
from .board import NEW, OLD, port, port_names
from .phase import QUIET, status, turn_by_turn
from .table import CARD_PRICE, NEXT_SIZE, UPGRADE, coins, pay, seat_of

_SHIPS = ((False, False), (True, False), (False, True), (True, True))


def buy_ship(e: Edit) -> None:
    seat = e.must(seat_of(e.state, e.action))
    where = e.must(fleet.where(e.state, e.action))
    fast, large = fleet.flags(e)
    cost, kind = fleet.ship_cost(fast, large), fleet.kind(fast, large)
    pay(e, seat, cost, a(f"{kind} ship"))
    ships = e.data["ships"][seat]
    new = max((s["id"] for s in ships), default=0) + 1
    ships.append({"id": new, "fast": fast, "large": large, "at": where, "cargo": []})
    e.say(f"{e.name(seat)} buys {a(kind)} ship (ship {new}) at {where} for {counted(cost, 'coin')}.")


def upgrade_ship(e: Edit) -> None:
    seat, ship = fleet.ship(e)
    fast, large = fleet.flags(e)
    if not fast and not large:
        e.refuse("say which upgrade: fast, large or both")
    if (fast and ship["fast"]) or (large and ship["large"]):
        e.refuse(f"ship {ship['id']} is already {'fast' if fast and ship['fast'] else 'large'}")
    board = e.data["board"]
    docked = port(board, ship["at"]) if board is not None and isinstance(ship["at"], str) else None
    if docked is None or docked["world"] != OLD:
        e.refuse(f"ship {ship['id']} is not docked at an Old World port: only there can it be upgraded")
    cost = fleet.upgrade_cost(fast, large)
    pay(e, seat, cost, "the upgrade")
    ship["fast"] |= fast
    ship["large"] |= large
    what = " and ".join(w for w, on in (("fast", fast), ("large", large)) if on)
    e.say(f"{e.name(seat)} makes ship {ship['id']} {what} for {counted(cost, 'coin')}.")


def buy_post(e: Edit) -> None:
    seat, where = e.must(fleet.seat_at(e.state, e.action))
    posts = e.data["posts"][seat]
    if where in posts:
        e.refuse(f"{e.name(seat)} already has a trading post at {where}: one per port (upgrade it instead)")
    cost = e.state["options"]["small_post"]
    pay(e, seat, cost, "a small trading post")
    posts[where] = {"size": "small", "goods": []}
    e.say(f"{e.name(seat)} builds a small trading post at {where} for {counted(cost, 'coin')}.")


def upgrade_post(e: Edit) -> None:
    seat, where = e.must(fleet.seat_at(e.state, e.action))
    post = e.data["posts"][seat].get(where)
    if post is None:
        e.refuse(f"{e.name(seat)} has no trading post at {where}: build a small one first")
    if post["size"] == "large":
        e.refuse(f"{e.name(seat)}'s trading post at {where} is already large")
    size = NEXT_SIZE[post["size"]]
    pay(e, seat, UPGRADE[size], f"a {size} trading post")
    post["size"] = size
    e.say(f"{e.name(seat)}'s trading post at {where} becomes {size} for {counted(UPGRADE[size], 'coin')}.")


HANDLERS = {k: fleet.actor_only(f, "buy") for k, f in {"buy_ship": buy_ship, "upgrade_ship": upgrade_ship, "buy_post": buy_post,
                                                  "upgrade_post": upgrade_post, "buy_card": cards.buy}.items()}


def options(state: PMap, seat: int) -> list[Option]:
    """What the player may pay for, each with its price ("for 2": a count in brackets is an entry's, "Trading
    posts (2)")."""
    table = state["data"]
    money, board = coins(state, seat), table["board"]
    old = port_names(board, OLD)
    base = {"seat": seat}
    found = []
    if money >= CARD_PRICE:
        found.append(Option(f"Buy an action card for {CARD_PRICE}", "Card", {"type": "buy_card", **base}))
    for fast, large in _SHIPS:
        cost = fleet.ship_cost(fast, large)
        if money >= cost:
            found.append(Option(f"Buy a {fleet.kind(fast, large)} ship for {cost}", "Ship",
                                {"type": "buy_ship", **base, "fast": fast, "large": large},
                                fields={"port": {"title": "docked at", "enum": old}}, under="Buy a ship"))
    for ship in table["ships"][seat]:
        if ship["at"] not in old:
            continue
        for fast, large in _SHIPS[1:]:
            if (fast and ship["fast"]) or (large and ship["large"]):
                continue
            cost = fleet.upgrade_cost(fast, large)
            if money >= cost:
                what = " and ".join(w for w, on in (("fast", fast), ("large", large)) if on)
                found.append(Option(f"Make ship {ship['id']} {what} for {cost}", "Upgrd",
                                    {"type": "upgrade_ship", **base, "ship": ship["id"], "fast": fast, "large": large},
                                    under="Make a ship fast or large"))
    free = [p for p in port_names(board) if p not in table["posts"][seat]]
    if free and money >= state["options"]["small_post"]:
        found.append(Option(f"Build a small trading post for {state['options']['small_post']}", "Post", {"type": "buy_post", **base},
                            fields={"port": _ports_field("port for the post", board, free)}, under="Trading posts"))
    for p, post in table["posts"][seat].items():
        nxt = NEXT_SIZE.get(post["size"])
        if nxt and money >= UPGRADE[nxt]:
            found.append(Option(f"Make my post at {p} {nxt} for {UPGRADE[nxt]}", "Post", {"type": "upgrade_post", **base, "port": p},
                                under="Trading posts"))
    return found


_WORLDS = {OLD: ("Old World", "Old"), NEW: ("New World", "New")}


def _ports_field(title: str, board: Mapping[str, Any], ports: list[str]) -> dict[str, Any]:
    """Ports to pick one from, by world first where they are many (two presses on the box's keys: "Old" or "New",
    then the port, where each port's name fits a key, "N5"); the northernmost first in each."""
    field: dict[str, Any] = {"title": title, "enum": ports,
                             "enumGroups": [_WORLDS[port(board, p)["world"]][0] for p in ports],
                             "groupShort": {name: short for name, short in _WORLDS.values()}}
    if all(len(p) <= KEY_WORD for p in ports):
        field["enumShort"] = list(ports)
    return field


def _passed_over(state: PMap, seat: int) -> bool:
    """Nothing he can pay for, or nothing this season: his part of the phase is passed over."""
    return quiet.said(state, seat) or not options(state, seat)


BUY = Step("BUY", "3 Buy ships and posts", EACH, status=status("buy"), done="Done", undone="buying ships and trading posts",
           options=turn_by_turn(options, quiet_season=True), handlers={**HANDLERS, **QUIET}, skip=_passed_over)
BUY_AGAIN = Step("BUY_AGAIN", "9 Second chance to buy", EACH, status=status("buy again"), done="Done",
                 undone="the second chance to buy", options=turn_by_turn(options, quiet_season=True),
                 handlers={**HANDLERS, **QUIET}, skip=_passed_over)
