"""The palazzo game: what each advance does (SPEC.md 3.3 and its state machine).

  SETUP    the companion turns up the yard and the bank, and deals the hands, from the
           tiles and coins it holds (virtual); with real ones the players do, and may
           name what they turned up
  ACTION   the active player's one action, given as the advance's "action":
    coin      take a coin from the bank                 {"coin": 0-5}
    purchase  buy a yard structure                      {"tile", "coins"?, "die"?, "exact"?,
                                                         "place"?, "at"?}
    reserve   reserve -> palazzo, palazzo -> reserve,   {"build"?: a reserve tile,
              or both at once (a swap)                   "remove"?: a palazzo tile, "at"?}
    turret    put the pawn on a palazzo structure       {"on": a palazzo tile}
    (none)    an action the companion does not record

A purchase paid exactly gives its player another action at once (`extra_action`),
unless it bought the last structure; that one starts the final round (steps.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.deck import DeckSpec
from companion.core.result import Accepted, Needs, Refused, Result
from companion.games.plain import data, name, put, set_deck

from . import layout
from .pieces import (BANK_SIZE, COIN_COUNT, COINS, COPIES, FACES, HAND_AT_START, TILES, YARD_SIZE, coin_value, cost,
                     face, tile_name)
from .steps import FLOW, final_round
from .table import cells, die, laid_out, tiles_left, virtual, yard_shown


def step_name(state: PMap) -> str:
    return FLOW.steps[state["flow"]["step"]].name


def draw(state: PMap, spec: DeckSpec, n: int, action: Mapping[str, Any], key: str, cards: list[str] | None = None):
    """Draw `n` from a deck: (state, the cards drawn, reveal) or a Refused whose shuffle order the runtime
    adds under `key` (each deck has its own, since one action may shuffle both)."""
    before = state["decks"][spec.name]
    shuffles = cards is None and (not before["shuffled"] or len(before["draw"]) < n)
    out = deck_mod.draw(spec, before, n, action.get(key) if shuffles else None, cards)
    if isinstance(out, Refused):
        return Refused(out.reason, needs=Needs(out.needs.kind, key, cards=out.needs.cards)) if out.needs else out
    deck, _log, reveal = out
    return set_deck(state, spec.name, deck), list(deck["out"][len(before["out"]):]), reveal


def setup(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    n = len(state["players"])
    log, reveals = [], []
    if virtual(state, TILES.name):
        drawn = draw(state, TILES, YARD_SIZE, action, "tile_order")
        if isinstance(drawn, Refused):
            return drawn
        state, table["yard"], reveal = drawn
        reveals.append(reveal)
        log.append(f"The constructor's yard: {', '.join(table['yard'])}. The other 20 tiles stay face down.")
    else:
        log.append("Shuffle the 24 tiles face down and turn 4 up: the constructor's yard (name them, or tap them).")
    if virtual(state, COINS.name):
        drawn = draw(state, COINS, HAND_AT_START * n + BANK_SIZE, action, "coin_order")
        if isinstance(drawn, Refused):
            return drawn
        state, coins, _ = drawn
        values = [FACES.index(c) for c in coins]
        table["hands"] = [values[HAND_AT_START * s:HAND_AT_START * (s + 1)] for s in range(n)]
        table["bank"] = values[HAND_AT_START * n:]
        reveals.append("Gather the coins back into the pool.")
        log.append(f"Each player's 2 coins are on their own phone. The bank: {', '.join(map(face, table['bank']))}.")
    else:
        log.append("Shuffle the coins number side down (or bag them); each player draws 2 in secret; turn 4 up: the bank.")
    log.append("Every die is set to 5.")
    table["started"] = True
    return Accepted(put(state, table), tuple(log), " ".join(reveals) or None)


def on_advance(state: PMap, action: Mapping[str, Any]) -> Result:
    if state["flow"] is None:
        return Refused("the game has not started")
    if step_name(state) == "SETUP":
        return setup(state, action)
    kind = action.get("action")
    if kind is not None and (not isinstance(kind, str) or kind not in ACTIONS):
        return Refused(f"action: one of {', '.join(ACTIONS)} (or none, for an action the companion does not record)")
    out = ACTIONS[kind](state, action, state["flow"]["player"]) if kind is not None else Accepted(state, ())
    if isinstance(out, Refused):
        return out
    state = out.state
    if kind != "purchase":
        state = state.set("data", state["data"].set("extra_action", False))
    return Accepted(state.set("data", state["data"].set("buying", None)), out.log, out.reveal)


def extra_action(state: PMap, action: Mapping[str, Any]) -> bool:
    """An exact payment's extra action (set by the purchase that was just made)."""
    return bool(state["data"]["extra_action"])


# --- taking a coin ------------------------------------------------------------------------------------


def take_coin(state: PMap, action: Mapping[str, Any], seat: int) -> Result:
    table = data(state)
    bank, hand = table["bank"], table["hands"][seat]
    given = action.get("coin")
    coin = coin_value(given)
    if given is not None and coin is None:
        return Refused("coin: its value, 0 (null) to 5")
    shown = bank_shown(state, bank)
    if coin is not None and coin in bank:
        slot = bank.index(coin)
    elif coin is not None and None in bank and not virtual(state, COINS.name):
        slot = bank.index(None)  # a coin turned up that nobody named
    elif coin is not None:
        return Refused(f"there is no {face(coin)} in the bank ({shown})")
    elif hand is not None:
        return Refused(f"which coin? The companion keeps {name(state, seat)}'s coins: name the one taken ({shown})")
    elif None not in bank:
        return Refused(f"which coin? The bank shows {shown}")
    else:
        slot = bank.index(None)
    bank[slot] = None
    if hand is not None:
        hand.append(coin)
    taken = f"a {face(coin)}" if coin is not None else "a coin"
    log = [f"{name(state, seat)} takes {taken} from the bank."]
    refilled = refill_bank(state, table, action, log)
    if isinstance(refilled, Refused):
        return refilled
    state, turned = refilled
    return Accepted(put(state, table), tuple(log), "Put the coins turned up back face down." if turned else None)


def bank_shown(state: PMap, bank: list[int | None]) -> str:
    """The bank as a player reads it: "?" for a real coin not named yet, "-" for an empty space."""
    unknown = "-" if virtual(state, COINS.name) else "?"
    return ", ".join(face(c) if c is not None else unknown for c in bank)


def refill_bank(state: PMap, table: dict[str, Any], action: Mapping[str, Any], log: list[str]):
    """Virtual coins: turn up a coin into every empty bank space, from the pool, or from the discarded coins
    shuffled face down when the pool is empty [R l.60-66]. A space left empty because both had run out is
    filled as soon as a payment brings coins back [A]. `table` is changed in place. Returns (state, whether
    a coin was turned up) or a Refused that lacks its shuffle."""
    turned = False
    if not virtual(state, COINS.name):
        return state, turned
    for slot, coin in enumerate(table["bank"]):
        if coin is not None:
            continue
        pool = state["decks"][COINS.name]
        if not pool["draw"] and not pool["discard"]:
            log.append("No coins are left to refill the bank.")
            break
        if not pool["draw"]:
            log.append("The pool is empty: the discarded coins are shuffled face down.")
        drawn = draw(state, COINS, 1, action, "coin_order")
        if isinstance(drawn, Refused):
            return drawn
        state, (new,), _ = drawn
        table["bank"][slot] = FACES.index(new)
        turned = True
        log.append(f"The bank: a {new} is turned up.")
    return state, turned


# --- buying a structure -----------------------------------------------------------------------------


def _cell(at: object) -> tuple[int, int] | None | Refused:
    if at is None:
        return None
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(type(v) is int and -50 <= v <= 50 for v in at):
        return at[0], at[1]
    return Refused("at: the structure's place as [x, y], whole numbers from -50 to 50")


def build(table: dict[str, Any], seat: int, tile: str, at: object) -> dict[str, Any] | Refused:
    """The palazzo entry for `tile` built at `at`, if the building rules allow it (laid-out palazzos)."""
    cell = _cell(at)
    if isinstance(cell, Refused):
        return cell
    palazzo = table["palazzos"][seat]
    mode = laid_out(palazzo)
    if mode is True and cell is None:
        where = ", ".join(f"{list(c)} ({layout.describe(cells(palazzo), c)})" for c in layout.legal_cells(cells(palazzo), tile))
        return Refused(f"this palazzo is laid out: say where {tile} goes (at [x, y]): "
                       + (where or "it fits nowhere, so it goes to the reserve"))
    if mode is False and cell is not None:
        return Refused("this palazzo is recorded without places: leave out where it goes")
    if cell is not None:
        bad = layout.place(cells(palazzo), tile, cell)
        if bad:
            return Refused(bad + " (a structure that cannot be placed goes to the reserve)")
    return {"tile": tile, "at": list(cell) if cell is not None else None}


def _yard_tile(state: PMap, table: dict[str, Any], given: object) -> tuple[str, int, bool] | Refused:
    """(tile, yard slot, whether it was turned up unnamed) for the tile being bought."""
    shown = ", ".join(yard_shown(state, table)) or "empty"
    if type(given) is int:
        if 0 <= given < len(table["yard"]) and table["yard"][given] is not None:
            return table["yard"][given], given, False
        return Refused(f"tile: yard slot {given} holds no named tile (the yard: {shown})")
    tile = tile_name(given)
    if tile is None:
        return Refused(f"tile: which structure, such as “Suns 3” or a yard slot 0-3 (the yard: {shown})")
    if tile in table["yard"]:
        return tile, table["yard"].index(tile), False
    if "?" in yard_shown(state, table) and tile in state["decks"][TILES.name]["draw"]:
        return tile, table["yard"].index(None), True
    return Refused(f"{tile} is not in the constructor's yard ({shown})")


def _own_phone(state: PMap, action: Mapping[str, Any], seat: int) -> Refused | None:
    if action.get("phone_seat") != seat:
        return Refused(f"{name(state, seat)}'s coins are kept secret on their phone: name the coins paid there (My seat)")
    return None


def _payment(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int, price: int):
    """(coins paid or None, die used, paid or None, exact) or a Refused."""
    hand = table["hands"][seat]
    coins, used, said = action.get("coins"), action.get("die", False), action.get("exact")
    if type(used) is not bool:
        return Refused("die: true when the die's face was spent on it")
    if said is not None and type(said) is not bool:
        return Refused("exact: true or false")
    face_now = die(state, seat)
    if used and face_now == 0:
        return Refused(f"{name(state, seat)}'s die is spent (on its null face)")
    if coins is not None:
        values = [coin_value(c) for c in coins] if isinstance(coins, list) and len(coins) <= COIN_COUNT else [None]
        if None in values:
            return Refused("coins: the value of each coin paid, 0 (null) to 5")
        if max(Counter(values).values(), default=0) > COPIES:
            return Refused(f"coins: there are only {COPIES} coins of each value")
        if hand is not None:
            refused = _own_phone(state, action, seat)
            if refused is not None:
                return refused
            left = list(hand)
            for v in values:
                if v not in left:
                    return Refused(f"you have no {face(v)} left in hand (you hold {', '.join(map(face, hand)) or 'none'})")
                left.remove(v)
        paid = sum(values) + (face_now if used else 0)
        if paid < price:
            return Refused(f"{paid} ducats do not pay for a structure costing {price}")
        exact = paid == price
        if said is not None and said != exact:
            return Refused(f"{paid} ducats for {price} is {'exact' if exact else 'not exact'}")
        return values, used, paid, exact
    if hand is not None and virtual(state, COINS.name):
        return Refused(f"the companion holds {name(state, seat)}'s coins: buy on their phone, naming the coins paid")
    if said is None:
        return Refused("say whether it was paid exactly (exact: true or false), or name the coins paid")
    return None, used, None, said


def purchase(state: PMap, action: Mapping[str, Any], seat: int) -> Result:
    table = data(state)
    if final_round(state):
        return Refused("the last structure is bought: the final round has no purchases")
    found = _yard_tile(state, table, action.get("tile"))
    if isinstance(found, Refused):
        return found
    tile, slot, unnamed = found
    price = cost(tile)
    paid = _payment(state, table, action, seat, price)
    if isinstance(paid, Refused):
        return paid
    coins, used, total, exact = paid
    place = action.get("place", "palazzo")
    if place == "palazzo":
        entry = build(table, seat, tile, action.get("at"))
        if isinstance(entry, Refused):
            return entry
        table["palazzos"][seat].append(entry)
    elif place != "reserve":
        return Refused("place: palazzo or reserve")
    elif action.get("at") is not None:
        return Refused("a structure in reserve has no place: leave out at")
    else:
        table["reserves"][seat].append(tile)
    if unnamed:  # a real tile bought before anybody named it: it leaves the face-down tiles now
        state = draw(state, TILES, 1, action, "tile_order", cards=[tile])[0]
    log = [_bought(state, seat, tile, price, coins, used, total, exact, place)]
    state = _settle(state, table, seat, coins, used, log)
    table["yard"][slot] = None
    table["bought"] += 1
    refilled = _refill(state, table, slot, action, log)
    if isinstance(refilled, Refused):
        return refilled
    state, reveal = refilled
    last = tiles_left(table) == 0
    chains = state["options"]["exact_chains"] or not table["extra_action"]
    table["extra_action"] = exact and not last and chains  # the flow then gives the extra action (and says so)
    if exact and last:
        log.append("Paid exactly, but that was the last structure: the game is ending.")
    return Accepted(put(state, table), tuple(log), reveal)


def _bought(state: PMap, seat: int, tile: str, price: int, coins, used: bool, total, exact: bool, place: str) -> str:
    paid_with = [" + ".join(map(face, coins))] if coins else []
    if used:
        face_now = die(state, seat)
        paid_with.append(f"the die's {face(face_now)} (now {face(face_now - 1)})")
    how = f"{total}" if total is not None else ("exactly" if exact else "more than that")
    return (f"{name(state, seat)} buys {tile} for {price}: paid {how}" + (f" with {' and '.join(paid_with)}" if paid_with else "")
            + (", into the reserve." if place == "reserve" else "."))


def _settle(state: PMap, table: dict[str, Any], seat: int, coins: list[int] | None, used: bool, log: list[str]) -> PMap:
    """The payment: the coins leave the hand for the discarded coins, the die turns down one face."""
    hand = table["hands"][seat]
    if coins is not None and hand is not None:
        for v in coins:
            hand.remove(v)
    elif hand is not None:
        table["hands"][seat] = None
        log.append(f"{name(state, seat)}'s coins are no longer followed (the payment did not name them): "
                   "enter them again on their phone to have payments checked.")
    if coins:  # a hand the companion knows holds them; a real pool only counts them
        deck, _, _ = deck_mod.discard(COINS, state["decks"][COINS.name], [face(v) for v in coins])
        state = set_deck(state, COINS.name, deck)
    if used:
        state = state.set("counters", state["counters"].transform(["players", seat, "die"], lambda d: d - 1))
    return state


def _refill(state: PMap, table: dict[str, Any], slot: int, action: Mapping[str, Any], log: list[str]):
    """After a purchase: a new tile for the yard (turned up by the companion, or by the players), and the
    coins just paid into any empty bank space. (state, what undoing it puts back) or a Refused."""
    reveals = []
    if virtual(state, TILES.name) and state["decks"][TILES.name]["draw"]:
        state, (new,), reveal = draw(state, TILES, 1, action, "tile_order")
        table["yard"][slot] = new
        reveals.append(reveal)
        log.append(f"The yard: {new} is turned up.")
    elif not virtual(state, TILES.name) and tiles_left(table) >= YARD_SIZE:
        log.append("Turn up a new tile for the yard.")
    if None in table["bank"]:
        refilled = refill_bank(state, table, action, log)
        if isinstance(refilled, Refused):
            return refilled
        state, turned = refilled
        if turned:
            reveals.append("Put the coins turned up back face down.")
    return state, " ".join(reveals) or None


# --- reserve actions and the turret -----------------------------------------------------------------


def _named(given: object, where: list[str], what: str) -> str | Refused:
    tile = tile_name(given)
    if tile is None or tile not in where:
        return Refused(f"{what}: one of {', '.join(where) or 'none'}")
    return tile


def reserve(state: PMap, action: Mapping[str, Any], seat: int) -> Result:
    """Build a reserve tile into the palazzo, move a palazzo tile to the reserve, or swap the two (the
    reserve tile takes the palazzo tile's place); the building rules hold after each [R l.68-74]."""
    table = data(state)
    palazzo, held = table["palazzos"][seat], table["reserves"][seat]
    built = [s["tile"] for s in palazzo]
    wanted = {key: action.get(key) for key in ("build", "remove") if action.get(key) is not None}
    if not wanted:
        return Refused("build (a reserve tile into the palazzo), remove (a palazzo tile to the reserve), or both to swap them")
    into = _named(wanted["build"], held, "build") if "build" in wanted else None
    leaving = _named(wanted["remove"], built, "remove") if "remove" in wanted else None
    for refused in (into, leaving):
        if isinstance(refused, Refused):
            return refused
    who = name(state, seat)
    if leaving is None:  # reserve -> palazzo
        entry = build(table, seat, into, action.get("at"))
        if isinstance(entry, Refused):
            return entry
        palazzo.append(entry)
        held.remove(into)
        return Accepted(put(state, table), (f"{who} builds {into} from the reserve.",))
    if action.get("at") is not None:
        return Refused("at: only for a structure built from the reserve (a swap keeps the place)")
    i = built.index(leaving)
    at = palazzo[i]["at"]
    grid = cells(palazzo)
    if into is not None:
        bad = layout.swap(grid, tuple(at), into) if at is not None else None
        palazzo[i] = {"tile": into, "at": at}
        held.remove(into)
        log = [f"{who} swaps {leaving} (to the reserve) for {into} from the reserve."]
    else:
        bad = layout.remove(grid, tuple(at)) if at is not None else None
        palazzo.pop(i)
        log = [f"{who} moves {leaving} to the reserve."]
    if bad:
        return Refused(bad)
    held.append(leaving)
    if table["turrets"][seat] == leaving:
        table["turrets"][seat] = None
        log.append(f"{who}'s turret comes back with it (a structure in reserve does not score).")
    return Accepted(put(state, table), tuple(log))


def turret(state: PMap, action: Mapping[str, Any], seat: int) -> Result:
    table = data(state)
    on = _named(action.get("on"), [s["tile"] for s in table["palazzos"][seat]], "on")
    if isinstance(on, Refused):
        return on
    was = table["turrets"][seat]
    if was == on:
        return Refused(f"the turret already stands on {on}")
    table["turrets"][seat] = on
    moved = f"moves the turret from {was} to {on}" if was else f"puts the turret on {on}"
    return Accepted(put(state, table), (f"{name(state, seat)} {moved}.",))


# The player's action, as the advance's "action" says.
ACTIONS = {"coin": take_coin, "purchase": purchase, "reserve": reserve, "turret": turret}


# --- the players' own inputs, outside the advance ----------------------------------------------------


def choose(state: PMap, action: Mapping[str, Any]) -> Result:
    """On the buttons: the yard tile being bought (then: how it was paid), or None to choose again."""
    if state["flow"] is None or step_name(state) != "ACTION":
        return Refused("a structure is chosen on a player's action")
    if final_round(state):
        return Refused("the last structure is bought: the final round has no purchases")
    given = action.get("tile")
    table = data(state)
    if given is not None and virtual(state, COINS.name):
        return Refused(f"the companion holds {name(state, state['flow']['player'])}'s coins: buy on their phone, "
                       "naming the coins paid")
    if given is None:
        table["buying"] = None
        return Accepted(put(state, table), ())
    found = _yard_tile(state, table, given)
    if isinstance(found, Refused):
        return found
    table["buying"] = found[0]
    return Accepted(put(state, table), (f"{name(state, state['flow']['player'])} buys {found[0]} ({cost(found[0])}): how was it paid?",))


def enter_hand(state: PMap, action: Mapping[str, Any]) -> Result:
    """A player's own coins, entered on their own phone so that the companion checks their payments."""
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < len(state["players"]):
        return Refused(f"seat: whose coins, a seat from 0 to {len(state['players']) - 1}")
    if action.get("phone_seat") != seat:
        return Refused(f"{name(state, seat)}'s coins are secret: enter them on their own phone (My seat)")
    if virtual(state, COINS.name):
        return Refused("the companion deals the coins in this game: it knows every hand already")
    coins = action.get("coins", [])
    values = [coin_value(c) for c in coins] if isinstance(coins, list) else [None]
    if None in values or len(values) > COIN_COUNT:
        return Refused("coins: the value of each coin in hand, 0 (null) to 5")
    table = data(state)
    table["hands"][seat] = values
    return Accepted(put(state, table), (f"{name(state, seat)}'s coins are entered on their phone: payments are checked.",))
