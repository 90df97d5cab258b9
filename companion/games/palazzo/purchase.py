"""The palazzo game's purchases [R l.82-114]: the payments a player can make, the purchase itself, the
yard refilled (a real tile turned up by the buyer, who names it: turned_up.py). Each kind of input with the
options that offer it.

A payment is chosen whole, from a list: with the player's coins known to the companion (virtual coins,
or real ones entered on the phone), the coins of the hand, with or without the die, that pay the price;
otherwise whether it was paid exactly, with or without the die. The list holds the payments from which no
coin (and not the die) could be left out, and, since "Players may pay with any combination of coins and the
number showing on the face of the die", one more: every coin in hand (with the die where the coins fall
short). Paying more gives nothing back ("no change is ever given").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import product
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.words import counted
from companion.core.edit import Edit

from .building import RESERVE, build, places
from .coins import at_most, holds_at_most, refill_bank
from .pieces import COIN_COUNT, COINS, COPIES, TILES, YARD_SIZE, coin_value, cost, face, key, tile_name
from .table import die, final_round, tiles_left, virtual, yard_shown
from .turned_up import settle, turn_up


def payments(hand: list[int] | None, face_now: int, price: int) -> list[tuple[dict[str, Any], str]]:
    """(payment, label) for each way to pay `price`: exact ones first (they give another action)."""
    dice = (False, True) if face_now else (False,)
    if hand is None:
        return [({"exact": exact, "die": used}, ("exactly" if exact else f"more than {price}")
                 + (f", with the die's {face(face_now)}" if used else "") + (": another action" if exact else ""))
                for used in dice for exact in (True, False)]
    counts = Counter(hand)  # a hand entered wrong may hold more of a value than the set: never paid with
    values = sorted(v for v in counts if v)  # a null coin never helps pay: it can always be left out
    found = []
    for picks in product(*(range(min(counts[v], COPIES) + 1) for v in values)):
        coins = [v for v, k in zip(values, picks) for _ in range(k)]
        for used in dice:
            parts = coins + ([face_now] if used else [])
            paid = sum(parts)
            if paid < price or any(paid - p >= price for p in parts):
                continue  # short, or a coin (or the die) could be left out
            label = " + ".join([face(c) for c in sorted(coins, reverse=True)] + ([f"die {face(face_now)}"] if used else []))
            label += ": exact, another action" if paid == price else f" ({paid - price} over)"
            found.append((paid - price, used, len(coins), {"coins": sorted(coins, reverse=True), "die": used}, label))
    found.sort(key=lambda f: f[:3])
    ways = [(payment, label) for *_, payment, label in found]
    every = sorted(hand, reverse=True)
    used = sum(every) < price and bool(face_now)
    paid = sum(every) + (face_now if used else 0)
    whole = {"coins": every, "die": used}
    if paid >= price and whole not in [p for p, _ in ways] and max(counts.values(), default=0) <= COPIES:
        parts = " + ".join([face(c) for c in every] + ([f"die {face(face_now)}"] if used else []))
        ways.append((whole, f"every coin: {parts}" + (": exact, another action" if paid == price else f" ({paid - price} over)")))
    return ways


def buy_options(state: PMap, seat: int) -> list[Option]:
    """Buy a named yard structure: a payment the player can make and the place it goes (or the reserve)."""
    table = state["data"]
    hand = table["hands"][seat]
    options = []
    named = [t for t in yard_shown(state, table) if t != "?"]  # a real tile turned up: named first (the table's
    for tile in named:                                         # option, or a tap on the reader)
        face_now, price = die(state, seat), cost(tile)
        ways = payments(hand, face_now, price)
        if not ways:
            continue
        pay = {"enum": [p for p, _ in ways], "enumNames": [label for _, label in ways], "title": "payment"}
        if hand is None:  # the coins not followed: whether it was exact, and the die, on the box's keys
            pay["enumShort"] = [("Ex" if p["exact"] else "Ov") + f"+D{face_now}" if p["die"] else
                                "Exact" if p["exact"] else "Over" for p, _ in ways]
        if hand is not None:  # a long list of coins to pay with is picked by how much over the price first
            over = [sum(p["coins"]) + (face_now if p["die"] else 0) - price for p, _ in ways]
            pay["enumGroups"] = ["exact: another action" if k == 0 else f"{k} over" for k in over]
        # Its word over ACTION: the tile on the keys where several are for sale (one press buys it), else "Buy".
        # A tile that fits nowhere in the palazzo says so before it is bought: its only place, the reserve, is taken
        # without a press, and the box would not show it after.
        to = places(state, seat, tile, reserve=True)
        where = " for the reserve" if to is not None and to["enum"] == [RESERVE] else ""
        options.append(Option(f"Buy {tile} ({cost(tile)}){where}", key(tile) if len(named) > 1 else "Buy",
                              {"type": "advance", "action": "purchase", "tile": tile},
                              fields={"pay": pay, "to": to}, private=hand is not None, under="Buy a tile"))
    return options


def _yard_tile(e: Edit, given: object) -> tuple[str, int, bool]:
    """(tile, yard slot, whether it was turned up unnamed) for the tile being bought."""
    table = e.data
    shown = ", ".join(yard_shown(e.state, table)) or "empty"
    if type(given) is int:
        if 0 <= given < len(table["yard"]) and table["yard"][given] is not None:
            return table["yard"][given], given, False
        e.refuse(f"tile: yard slot {given} holds no named tile (the yard: {shown})")
    tile = tile_name(given)
    if tile is None:
        e.refuse(f"tile: which structure, such as “Suns 3” (the yard: {shown})")
    if tile in table["yard"]:
        return tile, table["yard"].index(tile), False
    if "?" in yard_shown(e.state, table) and tile in e.deck(TILES.name)["draw"]:
        return tile, table["yard"].index(None), True
    e.refuse(f"{tile} is not in the constructor's yard ({shown})")


def _payment(e: Edit, seat: int, price: int) -> tuple[list[int] | None, bool, int | None, bool]:
    """(coins paid or None, die used, paid or None, exact), from the chosen "pay"."""
    given = e.action.get("pay")
    if not isinstance(given, Mapping):
        e.refuse("pay: one of the payments offered")
    hand = e.data["hands"][seat]
    coins, used, said = given.get("coins"), given.get("die", False), given.get("exact")
    if type(used) is not bool:
        e.refuse("die: true when the die's face was spent on it")
    if said is not None and type(said) is not bool:
        e.refuse("exact: true or false")
    face_now = die(e.state, seat)
    if used and face_now == 0:
        e.refuse(f"{e.name(seat)}'s die is spent (on its null face)")
    if coins is None:
        if hand is not None and virtual(e.state, COINS.name):
            e.refuse(f"the companion holds {e.name(seat)}'s coins: name the coins paid")
        if said is None:
            e.refuse("say whether it was paid exactly, or name the coins paid")
        return None, used, None, said
    values = [coin_value(c) for c in coins] if isinstance(coins, list) and len(coins) <= COIN_COUNT else [None]
    if None in values:
        e.refuse("coins: the value of each coin paid, 0 (null) to 5")
    if max(Counter(values).values(), default=0) > COPIES:
        e.refuse(f"coins: there are only {COPIES} coins of each value")
    if hand is not None:
        left = list(hand)
        for v in values:
            if v not in left:
                e.refuse(f"{e.name(seat)} has no {face(v)} left in hand (holds {', '.join(map(face, hand)) or 'none'})")
            left.remove(v)
    paid = sum(values) + (face_now if used else 0)
    if paid < price:
        e.refuse(f"{counted(paid, 'ducat')} do not pay for a structure costing {price}")
    if said is not None and said != (paid == price):
        e.refuse(f"{counted(paid, 'ducat')} for {price} is {'exact' if paid == price else 'not exact'}")
    return values, used, paid, paid == price


def _where(e: Edit) -> tuple[str, object]:
    """("palazzo" or "reserve", the place): from the chosen "to"."""
    if "to" not in e.action:
        e.refuse("to: where it goes, the reserve or its place in the palazzo")
    to = e.action["to"]
    return (RESERVE, None) if to == RESERVE else ("palazzo", None if to == "palazzo" else to)


def purchase(e: Edit) -> None:
    table, seat = e.data, e.seat
    if final_round(e.state):
        e.refuse("the last structure is bought: the final round has no purchases")
    tile, slot, unnamed = _yard_tile(e, e.action.get("tile"))
    price = cost(tile)
    coins, used, total, exact = _payment(e, seat, price)
    place, at = _where(e)
    if place == RESERVE:
        table["reserves"][seat].append(tile)
    else:
        table["palazzos"][seat].append(build(e, seat, tile, at))
    if unnamed:  # a real tile bought before anybody named it: it leaves the face-down tiles now
        settle(e, TILES.name, seat)
        e.draw(TILES, 1, "tile_order", cards=[tile], put_back="")
    e.say(_bought(e, seat, tile, price, coins, used, total, exact, place))
    _settle(e, seat, coins, used)
    table["yard"][slot] = None
    table["bought"] += 1
    _refill(e, slot)
    last = tiles_left(table) == 0
    chains = e.state["options"]["exact_chains"] or not table["extra_action"]
    table["extra_action"] = exact and not last and chains  # the flow then gives the extra action (and says so)
    if exact and last:
        e.say("Paid exactly, but that was the last structure: the game is ending.")


def _bought(e: Edit, seat: int, tile: str, price: int, coins, used: bool, total, exact: bool, place: str) -> str:
    paid_with = [" + ".join(map(face, coins))] if coins else []
    if used:
        face_now = die(e.state, seat)
        paid_with.append(f"the die's {face(face_now)} (now {face(face_now - 1)})")
    how = f"{total}" if total is not None else ("exactly" if exact else "more than that")
    return (f"{e.name(seat)} buys {tile} for {price}: paid {how}" + (f" with {' and '.join(paid_with)}" if paid_with else "")
            + (", into the reserve." if place == RESERVE else "."))


def _settle(e: Edit, seat: int, coins: list[int] | None, used: bool) -> None:
    """The payment: the coins leave the hand for the discarded coins, the die turns down one face."""
    hand = e.data["hands"][seat]
    if coins is not None and hand is not None:
        for v in coins:
            hand.remove(v)
    elif hand is not None:
        e.data["hands"][seat] = None
        e.say(f"{e.name(seat)}'s coins are no longer followed (the payment did not name them): "
              "enter them again on their phone to have payments checked.")
    if coins:
        holds_at_most(e, seat, len(hand) if hand is not None else at_most(e.data, seat) - len(coins))
    real = not virtual(e.state, COINS.name)
    if coins and (not real or e.data.get("pool") is not None):  # real ones: while the pool is counted
        e.discard(COINS, [face(v) for v in coins])
    if coins is None and real:  # coins not named went to the discarded coins: their count is not known
        e.data["discards_known"] = False
    if used:
        e.pay(seat, "die", 1)


def _refill(e: Edit, slot: int) -> None:
    """After a purchase: a new tile for the yard (turned up by the companion, or by the players), and the
    coins just paid into any empty bank space."""
    if virtual(e.state, TILES.name) and e.deck(TILES.name)["draw"]:
        (new,) = e.draw(TILES, 1, "tile_order")
        e.data["yard"][slot] = new
        e.say(f"The yard: {new} is turned up.")
    elif not virtual(e.state, TILES.name) and tiles_left(e.data) >= YARD_SIZE:
        turn_up(e, TILES.name, e.seat)  # the buyer turns it up, and names it on his phone
        e.say(f"{e.name(e.seat)} turns up a new tile for the yard.")
    if None in e.data["bank"]:
        refill_bank(e)
