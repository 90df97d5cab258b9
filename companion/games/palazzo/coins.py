"""The palazzo game's coins: taking one from the bank [R l.60-66], the bank refilled, a player's own coins
entered on their phone (real coins: so that their payments are checked, never more of a value than the set
leaves out of sight), the real pool counted. Each kind of input with the options that offer it; the naming of a
real coin turned up is turned_up.py's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pvector

from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import counted

from .pieces import COIN_COUNT, COINS, COPIES, FACES, a_coin, coin_value, face
from .table import virtual
from .turned_up import coins_unseen, in_sight, settle, turn_up

# A coin's value, as the phone and the buttons list it.
COIN = {"enum": list(range(len(FACES))), "enumNames": list(FACES), "title": "coin"}


def bank_shown(state: PMap, bank: list[int | None]) -> str:
    """The bank as a player reads it: "?" for a real coin not named yet, "-" for an empty space."""
    unknown = "-" if virtual(state, COINS.name) else "?"
    return ", ".join(face(c) if c is not None else unknown for c in bank)


def out_of_sight(state: PMap) -> dict[str, Any]:
    """A coin's value as a field: those of which some coins may be out of sight (turned up, or in a hand); a value
    whose 4 coins are all in the bank or discarded is not offered."""
    unseen = coins_unseen(state)
    values = [v for v in COIN["enum"] if unseen[v]] or COIN["enum"]
    return {**COIN, "enum": values, "enumNames": [FACES[v] for v in values]}


# --- taking a coin --------------------------------------------------------------------------------------


TAKE = "Take a coin from the bank"  # the coins to take, listed as one choice


def coin_options(state: PMap, seat: int) -> list[Option]:
    """One option per coin value in the bank; a real coin turned up but not named: named as it is taken
    when the companion follows the player's coins, else just taken."""
    table = state["data"]
    base = {"type": "advance", "action": "coin"}
    options = [Option(f"Take the {face(c)} from the bank", face(c).capitalize(), {**base, "coin": c}, under=TAKE)
               for c in dict.fromkeys(table["bank"]) if c is not None]  # its value over the button: a keypad on the box
    if None in table["bank"] and not virtual(state, COINS.name):
        if table["hands"][seat] is not None:
            options.append(Option("Take the coin just turned up", "Coin", base, fields={"coin": out_of_sight(state)},
                                  under=TAKE))
        else:
            options.append(Option("Take the coin just turned up", "New", base, under=TAKE))
    return options


def take_coin(e: Edit) -> None:
    table, seat = e.data, e.seat
    bank, hand = table["bank"], table["hands"][seat]
    given = e.action.get("coin")
    coin = coin_value(given)
    if given is not None and coin is None:
        e.refuse("coin: its value, 0 (null) to 5")
    shown = bank_shown(e.state, bank)
    if coin is not None and coin in bank:
        slot = bank.index(coin)
    elif coin is not None and None in bank and not virtual(e.state, COINS.name):
        if not coins_unseen(e.state, table)[coin]:
            e.refuse(in_sight(coin))
        slot = bank.index(None)  # a coin turned up that nobody named
    elif coin is not None:
        e.refuse(f"there is no {face(coin)} in the bank ({shown})")
    elif hand is not None:
        e.refuse(f"which coin? The companion keeps {e.name(seat)}'s coins: name the one taken ({shown})")
    elif None not in bank:
        e.refuse(f"which coin? The bank shows {shown}")
    else:
        slot = bank.index(None)
    if bank[slot] is None:  # a real coin taken before it was named
        settle(e, COINS.name, seat)
    bank[slot] = None
    if hand is not None:
        hand.append(coin)
    holds_at_most(e, seat, at_most(e.data, seat) + 1)
    e.say(f"{e.name(seat)} takes {a_coin(face(coin)) if coin is not None else 'a coin'} from the bank.")
    if virtual(e.state, COINS.name):
        refill_bank(e)
    else:
        turn_up_real(e, seat)


def turn_up_real(e: Edit, seat: int) -> None:
    """Real coins: `seat` turns up a coin into the bank space he just emptied, from the face-down pool; when the
    pool is empty, from the discarded coins, which the players shuffle face down first [R l.60-66]. The companion
    counts the pool while it knows the discarded coins (each payment named its coins)."""
    pool = e.data.get("pool")
    if pool == 0:
        known = e.data.get("discards_known", True)
        e.data["pool"] = pool = len(e.deck(COINS.name)["discard"]) if known else None
        e.set_deck(COINS.name, e.deck(COINS.name).set("discard", pvector()))
        e.data["discards_known"] = True
        e.say("The pool is empty: shuffle the discarded coins face down, then turn one up.")
    if pool:
        e.data["pool"] = pool - 1
    turn_up(e, COINS.name, seat)


def refill_bank(e: Edit) -> None:
    """Virtual coins: turn up a coin into every empty bank space, from the pool, or from the discarded coins
    shuffled face down when the pool is empty [R l.60-66]. A space left empty because both had run out is
    filled as soon as a payment brings coins back [A]."""
    if not virtual(e.state, COINS.name):
        return
    bank = e.data["bank"]
    for slot, coin in enumerate(bank):
        if coin is not None:
            continue
        pool = e.deck(COINS.name)
        if not pool["draw"] and not pool["discard"]:
            e.say("No coins are left to refill the bank.")
            return
        if not pool["draw"]:
            e.say("The pool is empty: the discarded coins are shuffled face down.")
        (new,) = e.draw(COINS, 1, "coin_order", put_back="Put the coins turned up back face down.")
        bank[slot] = FACES.index(new)
        e.say(f"The bank: {a_coin(new)} is turned up.")


# --- a player's own coins, on their phone --------------------------------------------------------------


def at_most(table: Mapping[str, Any], seat: int) -> int:
    """The most coins `seat` can hold, from what everyone saw: 2 at the start, one more for each coin taken from
    the bank, as many as his hand when he entered it or paid with coins he named (the coins he paid without
    naming them are not known: they leave it as it was)."""
    return (table.get("most_in_hand") or [COIN_COUNT] * len(table["hands"]))[seat]


def holds_at_most(e: Edit, seat: int, most: int) -> None:
    e.data["most_in_hand"] = [at_most(e.data, s) for s in range(len(e.data["hands"]))]
    e.data["most_in_hand"][seat] = max(0, min(most, COIN_COUNT))


def hand_options(state: PMap, seat: int) -> list[Option]:
    """Real coins: the player enters what they hold, so that the companion checks their payments."""
    if virtual(state, COINS.name):
        return []
    known = state["data"]["hands"][seat]
    held = f"{counted(len(known), 'coin')}: {', '.join(map(face, known))}" if known else "none"  # "1 coin: null"
    label = "My coins in hand" + (f" (now {held})" if known is not None else "")
    unseen = coins_unseen(state)  # no more of a value than the set leaves out of sight, nor more than he can hold
    most = min(sum(unseen), at_most(state["data"], seat))
    coin = out_of_sight(state)
    return [Option(label, "Coins", {"type": "hand", "seat": seat}, private=True, fields={"coins": {
        "type": "array", "items": coin, "maxItems": most, "maxEach": [min(unseen[v], most) for v in coin["enum"]],
        "title": "coins in hand",
        "description": "the value of each coin in your hand: your payments are then checked"}})]


def enter_hand(e: Edit) -> None:
    seat = e.action.get("seat")
    if type(seat) is not int or not 0 <= seat < len(e.state["players"]):
        e.refuse(f"seat: whose coins, a seat from 0 to {len(e.state['players']) - 1}")
    if virtual(e.state, COINS.name):
        e.refuse("the companion deals the coins in this game: it knows every hand already")
    coins = e.action.get("coins", [])
    values = [coin_value(c) for c in coins] if isinstance(coins, list) else [None]
    if None in values or len(values) > COIN_COUNT:
        e.refuse("coins: the value of each coin in hand, 0 (null) to 5")
    unseen = coins_unseen(e.state, e.data)
    over = next((v for v in sorted(set(values)) if values.count(v) > unseen[v]), None)
    if over is not None and unseen[over] == COPIES:
        e.refuse(f"coins: there are only {COPIES} coins of each value")
    if over is not None:
        e.refuse(f"coins: no more than {counted(unseen[over], 'coin')} of {face(over)} can be in a hand "
                 f"(the other {COPIES - unseen[over]} {'is' if COPIES - unseen[over] == 1 else 'are'} in the bank "
                 "or discarded)")
    most = at_most(e.data, seat)
    if len(values) > most:
        e.refuse(f"coins: {e.name(seat)} can hold no more than {counted(most, 'coin')} (2 at the start, one more for "
                 "each coin taken from the bank, fewer after paying)")
    e.data["hands"][seat] = values
    holds_at_most(e, seat, len(values))
    e.say(f"{e.name(seat)}'s coins are entered on their phone: payments are checked.")


def recount(e: Edit) -> None:
    """Real coins: the coins the table view counts as out are those the companion knows to be out of the pool
    and not discarded, the bank's named coins and the hands it follows (never more than the set holds)."""
    if virtual(e.state, COINS.name):
        return
    out = [face(c) for c in e.data["bank"] if c is not None]
    out += [face(c) for hand in e.data["hands"] if hand for c in hand]
    e.set_deck(COINS.name, e.deck(COINS.name).set("out", pvector(out)))
