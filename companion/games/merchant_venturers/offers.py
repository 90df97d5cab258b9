"""Merchant Venturers: what each seat's phone, and the table, may do in each phase (TABLE.md).

Phases 3, 6, 7 and 9 (and the purchases before year 1) are each player's in turn, from the first-move
marker's holder: his phone lists his purchases, loads or sailings, and "Done" (the buttons' NEXT) ends his
part. Phases 5 and 8 go port by port (trading.py). Any time, each player's phone has his action cards and
what a card did to his ships and posts; in phase 8, whoever's chance it is, his goods stored in a post.
"""

from __future__ import annotations

from typing import Any

from pyrsistent import PMap

from companion.core.flow import step_name
from companion.core.options import CORRECTIONS, Option

from . import trading
from .board import NEW, OLD, demand, port_names
from .cards import virtual
from .fleet import FAST, LARGE, SEA, SHIP
from .table import CARD_PRICE, NEXT_SIZE, STORAGE, UPGRADE, cargo_space, coins, moves

_DONE = ("PREGAME", "BUY", "BUY_AGAIN", "LOAD", "SAIL")  # each player's part of the phase, ended with NEXT


def acting(state: PMap) -> tuple[int, ...]:
    if step_name(state) in trading.WORLD:
        return trading.acting(state)
    actor = state["flow"]["actor"]
    return (actor,) if actor is not None else ()


def options(state: PMap, seat: int | None) -> list[Option]:
    step = step_name(state)
    if step in trading.WORLD:
        found = trading.options(state, seat)
    elif seat is None:
        found = _table(state, step)
    elif seat == state["flow"]["actor"]:
        found = _MINE.get(step, lambda s, t, seat: [])(state, state["data"], seat)
        if step in _DONE:  # the core says who follows, and asks first where goods would be lost
            found.append(Option("", "Done", {"type": "advance"}, button="NEXT"))
    else:
        found = []
    if seat is not None and state["data"]["board"] is not None:
        found += _any_time(state, state["data"], seat, step)
    return found


def _table(state: PMap, step: str) -> list[Option]:
    if step == "DEAL":
        table = state["data"]
        what = [w for w, due in (("the board", table["board"] is None), ("the action cards", virtual(state) and not table["dealt"])) if due]
        return [Option(f"Deal {' and '.join(what)}", "Deal", {"type": "advance"}, button="NEXT")]
    if step in _TABLE_NEXT:
        return [Option("", _TABLE_NEXT[step], {"type": "advance"}, button="NEXT")]  # the core says what follows
    return []


_TABLE_NEXT = {"SEASON": "Next", "RESOURCES": "Make", "ALLOCATION": "Move"}


def _place(state: PMap, table: dict[str, Any], seat: int) -> list[Option]:
    return [Option(f"Post and ship at {p}", "Place", {"type": "advance", "port": p})
            for p in port_names(table["board"], OLD)]


def _buy(state: PMap, table: dict[str, Any], seat: int) -> list[Option]:
    money, board = coins(state, seat), table["board"]
    old = port_names(board, OLD)
    base = {"seat": seat}
    found = []
    if money >= CARD_PRICE:
        found.append(Option(f"Buy an action card ({CARD_PRICE})", "Card", {"type": "buy_card", **base}))
    for fast, large in ((False, False), (True, False), (False, True), (True, True)):
        cost = SHIP + FAST * fast + LARGE * large
        if money >= cost:
            kind = " ".join(w for w, on in (("fast", fast), ("large", large)) if on) or "small slow"
            found.append(Option(f"Buy a {kind} ship ({cost})", "Ship", {"type": "buy_ship", **base, "fast": fast, "large": large},
                                fields={"port": {"title": "docked at", "enum": old}}))
    for ship in table["ships"][seat]:
        if ship["at"] not in old:
            continue
        for fast, large in ((True, False), (False, True), (True, True)):
            if (fast and ship["fast"]) or (large and ship["large"]):
                continue
            cost = FAST * fast + LARGE * large
            if money >= cost:
                what = " and ".join(w for w, on in (("fast", fast), ("large", large)) if on)
                found.append(Option(f"Make ship {ship['id']} {what} ({cost})", "Upgrd",
                                    {"type": "upgrade_ship", **base, "ship": ship["id"], "fast": fast, "large": large}))
    free = [p for p in port_names(board) if p not in table["posts"][seat]]
    if free and money >= state["options"]["small_post"]:
        found.append(Option(f"Build a small trading post ({state['options']['small_post']})", "Post", {"type": "buy_post", **base},
                            fields={"port": {"title": "port", "enum": free}}))
    for p, post in table["posts"][seat].items():
        nxt = NEXT_SIZE.get(post["size"])
        if nxt and money >= UPGRADE[nxt]:
            found.append(Option(f"Make my post at {p} {nxt} ({UPGRADE[nxt]})", "Post", {"type": "upgrade_post", **base, "port": p}))
    return found


def _load(state: PMap, table: dict[str, Any], seat: int) -> list[Option]:
    found = []
    for ship in table["ships"][seat]:
        at = ship["at"]
        room = cargo_space(ship) - len(ship["cargo"])
        if at in (None, SEA) or room < 1:
            continue
        here = list(table["quay"][seat].get(at, [])) + list(table["posts"][seat].get(at, {}).get("goods", []))
        for g in dict.fromkeys(here):
            most = min(room, here.count(g))
            action = {"type": "load", "seat": seat, "ship": ship["id"], "good": g}
            fields = {"n": {"type": "integer", "title": f"{g} loaded", "minimum": 1, "maximum": most}} if most > 1 else {}
            found.append(Option(f"Load {g} onto ship {ship['id']} at {at}", "Load", action | ({} if fields else {"n": 1}), fields=fields))
    return found


def _store(state: PMap, table: dict[str, Any], seat: int) -> list[Option]:
    found = []
    for p, post in table["posts"][seat].items():
        room = STORAGE[post["size"]] - len(post["goods"])
        here = list(table["quay"][seat].get(p, [])) + [g for s in table["ships"][seat] if s["at"] == p for g in s["cargo"]]
        for g in dict.fromkeys(here):
            most = min(room, here.count(g))
            if most < 1:
                continue
            action = {"type": "store", "seat": seat, "port": p, "good": g}
            fields = {"n": {"type": "integer", "title": f"{g} stored", "minimum": 1, "maximum": most}} if most > 1 else {}
            found.append(Option(f"Store {g} in my post at {p}", "Store", action | ({} if fields else {"n": 1}), fields=fields))
    return found


def _sail(state: PMap, table: dict[str, Any], seat: int) -> list[Option]:
    turn = state["flow"]["round"]
    sailed = table["sailed"]["ships"] if table["sailed"]["turn"] == turn else []
    everywhere = [*port_names(table["board"]), SEA]
    found = []
    for ship in table["ships"][seat]:
        if [seat, ship["id"]] in sailed or ship["at"] is None:
            continue
        to = [p for p in everywhere if p != ship["at"]]
        # The likeliest first: laden, to an Old World port that buys its cargo; empty, out to the New World.
        if ship["cargo"]:
            likely = [p for p in port_names(table["board"], OLD) if any(demand(table["board"], p)[g] for g in ship["cargo"])]
        else:
            likely = port_names(table["board"], NEW)
        to.sort(key=lambda p: (p == SEA, p not in likely))
        found.append(Option(f"Ship {ship['id']} sails ({moves(ship)} moves, +1 with the wind): where it ends", "Sail",
                            {"type": "sail", "seat": seat, "ship": ship["id"]},
                            fields={"to": {"title": "where it ends", "enum": to,
                                           "enumNames": ["out at sea" if p == SEA else p for p in to]}}))
    return found


_MINE = {"PLACE": _place, "PREGAME": _buy, "BUY": _buy, "BUY_AGAIN": _buy, "LOAD": lambda s, t, seat: _load(s, t, seat) + _store(s, t, seat),
         "SAIL": _sail}


def _any_time(state: PMap, table: dict[str, Any], seat: int, step: str) -> list[Option]:
    """Each player's own, whoever acts: his action cards, what a card did to his ships and posts (among his
    phone's corrections), and in phase 8 his goods stored (unsold goods may be kept in a trading post)."""
    base = {"seat": seat}
    found = _store(state, table, seat) if step == "SELL" else []
    hand = list(table["hands"][seat]) if virtual(state) else None
    if hand:
        found.append(Option("Play an action card", "Play", {"type": "play_card", **base}, private=True,
                            fields={"card": {"title": "card", "enum": sorted(set(hand))}}))
    elif hand is None and state["counters"]["players"][seat]["cards"]:
        found.append(Option("Play an action card", "Play", {"type": "play_card", **base}, private=True))
    ships = [s["id"] for s in table["ships"][seat] if s["at"] is not None]
    everywhere = [*port_names(table["board"]), SEA]
    if ships:
        found += [Option("A card sank my ship (the last one only loses its upgrades)", "Sink", {"type": "sink", **base},
                         fields={"ship": {"title": "ship", "enum": ships}}, confirm=True, group=CORRECTIONS),
                  Option("A card moved my ship", "Moved", {"type": "move_ship", **base}, group=CORRECTIONS,
                         fields={"ship": {"title": "ship", "enum": ships},
                                 "to": {"title": "to", "enum": everywhere, "enumNames": ["out at sea" if p == SEA else p for p in everywhere]}})]
    if table["posts"][seat]:
        found.append(Option("A card destroyed my trading post (the last one becomes small)", "Destroy", {"type": "destroy", **base},
                            fields={"port": {"title": "port", "enum": list(table["posts"][seat])}}, confirm=True, group=CORRECTIONS))
    return found
