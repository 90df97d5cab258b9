"""The palazzo game's coins: taking one from the bank [R l.60-66], the bank refilled, a player's own coins
entered on their phone (real coins: so that their payments are checked), a real coin named as it is
turned up. Each kind of input with the options that offer it."""

from __future__ import annotations

from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.steps import Edit
from companion.core.words import counted

from .pieces import COIN_COUNT, COINS, COPIES, FACES, a_coin, coin_value, face
from .table import virtual

# A coin's value, as the phone and the buttons list it.
COIN = {"enum": list(range(len(FACES))), "enumNames": list(FACES), "title": "coin"}


def bank_shown(state: PMap, bank: list[int | None]) -> str:
    """The bank as a player reads it: "?" for a real coin not named yet, "-" for an empty space."""
    unknown = "-" if virtual(state, COINS.name) else "?"
    return ", ".join(face(c) if c is not None else unknown for c in bank)


# --- taking a coin --------------------------------------------------------------------------------------


TAKE = "Take a coin from the bank"  # the coins to take, listed as one choice


def coin_options(state: PMap, seat: int) -> list[Option]:
    """One option per coin value in the bank; a real coin turned up but not named: named as it is taken
    when the companion follows the player's coins, else just taken."""
    table = state["data"]
    base = {"type": "advance", "action": "coin"}
    options = [Option(f"Take the {face(c)} from the bank", "Coin", {**base, "coin": c}, under=TAKE)
               for c in dict.fromkeys(table["bank"]) if c is not None]
    if None in table["bank"] and not virtual(state, COINS.name):
        if table["hands"][seat] is not None:
            options.append(Option("Take the coin just turned up", "Coin", base, fields={"coin": COIN}, under=TAKE))
        else:
            options.append(Option("Take a coin from the bank", "Coin", base, under=TAKE))
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
        slot = bank.index(None)  # a coin turned up that nobody named
    elif coin is not None:
        e.refuse(f"there is no {face(coin)} in the bank ({shown})")
    elif hand is not None:
        e.refuse(f"which coin? The companion keeps {e.name(seat)}'s coins: name the one taken ({shown})")
    elif None not in bank:
        e.refuse(f"which coin? The bank shows {shown}")
    else:
        slot = bank.index(None)
    bank[slot] = None
    if hand is not None:
        hand.append(coin)
    e.say(f"{e.name(seat)} takes {a_coin(face(coin)) if coin is not None else 'a coin'} from the bank.")
    refill_bank(e)


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


def hand_options(state: PMap, seat: int) -> list[Option]:
    """Real coins: the player enters what they hold, so that the companion checks their payments."""
    if virtual(state, COINS.name):
        return []
    known = state["data"]["hands"][seat]
    held = f"{counted(len(known), 'coin')}: {', '.join(map(face, known))}" if known else "none"  # "1 coin: null"
    label = "My coins in hand" + (f" (now {held})" if known is not None else "")
    return [Option(label, "Coins", {"type": "hand", "seat": seat}, private=True, fields={"coins": {
        "type": "array", "items": COIN, "maxItems": COIN_COUNT - 4, "maxEach": COPIES, "title": "coins in hand",
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
    if any(values.count(v) > COPIES for v in set(values)):
        e.refuse(f"coins: there are only {COPIES} coins of each value")
    e.data["hands"][seat] = values
    e.say(f"{e.name(seat)}'s coins are entered on their phone: payments are checked.")


# --- real coins named as they are turned up -------------------------------------------------------------


def waiting(state: PMap) -> bool:
    """A real coin turned up into the bank waits to be named."""
    return not virtual(state, COINS.name) and None in state["data"]["bank"]


def naming_options(state: PMap) -> list[Option]:
    """A real coin turned up into the bank, named in one tap on its value (or laid on the reader): on the table
    page, the box and the phone of the player whose turn it is (he turned it up)."""
    if not waiting(state):
        return []
    return [Option(f"The coin turned up is {a_coin(c)}", c.capitalize(), {"type": "draw", "deck": COINS.name, "cards": [c]},
                   under="The coin turned up is") for c in FACES]


def name_coin(e: Edit, card: Any) -> None:
    if card not in FACES:
        e.refuse(f"{card!r} is not a coin: null, ace, 2, 3, 4 or 5")
    bank = e.data["bank"]
    if None not in bank:
        e.refuse("every coin in the bank is named already")
    e.draw(COINS, 1, "coin_order", cards=[card], put_back="")  # only named: nothing to put back
    bank[bank.index(None)] = FACES.index(card)
    e.say(f"{e.name(e.seat)} turns up {a_coin(card)} in the bank.")  # the player whose turn it is
