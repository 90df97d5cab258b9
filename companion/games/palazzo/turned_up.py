"""The palazzo game's real tiles and coins turned up and not named yet: who turned each one up, the options that
name it, and the naming (a tap on the reader names it too).

The player who turned a piece up names it on his own phone, in one tap: a tile by its suit's row of faces, a coin
by its row of values. What was set out at setup is named by the player whose turn it is; the table (the box, the
host's Table page) may name any of them. Only what may still be face down is offered: a tile not yet seen, a coin
value of which fewer than four are in sight (the bank and the discarded coins the companion knows).

  state["data"]["turned_up"]   {"tiles": [seat or None, ...], "coins": [...]}: who turned up each piece not
                               named yet, oldest first (None: set out at setup)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.edit import Edit

from .pieces import COINS, COPIES, FACES, SUITS, TILES, a_coin, suit, tile_name, value
from .table import virtual, yard_shown


def unnamed(state: PMap, deck: str, table: Mapping[str, Any] | None = None) -> int:
    """How many real pieces of `deck` lie turned up without a name (0 for the companion's own pieces)."""
    table = state["data"] if table is None else table
    if virtual(state, deck):
        return 0
    return yard_shown(state, table).count("?") if deck == TILES.name else table["bank"].count(None)


def turners(state: PMap, deck: str, table: Mapping[str, Any] | None = None) -> list[int | None]:
    """Who turned up each piece of `deck` not named yet, oldest first (None: set out at setup)."""
    table = state["data"] if table is None else table
    k = unnamed(state, deck, table)
    kept: list[int | None] = list((table.get("turned_up") or {}).get(deck, []))[-k:] if k else []
    return [None] * (k - len(kept)) + kept


def turn_up(e: Edit, deck: str, seat: int | None) -> None:
    """`seat` turned up a real piece of `deck` into the space he just emptied (the yard's or the bank's), to be
    named: the newest of those waiting."""
    waiting = turners(e.state, deck, e.data)[1:]  # the space is empty already: counted as one set out at setup
    e.data.setdefault("turned_up", {})[deck] = waiting + [seat]


def settle(e: Edit, deck: str, seat: int | None) -> int | None:
    """A piece of `deck` turned up is named (or taken unnamed): who turned it up, preferring `seat`'s own, then
    one set out at setup, then the oldest."""
    pending = turners(e.state, deck, e.data)
    who = seat if seat in pending else None if None in pending else pending[0]
    pending.remove(who)
    e.data.setdefault("turned_up", {})[deck] = pending
    return who


def names(state: PMap, deck: str, seat: int | None) -> bool:
    """Whether `seat` (None: the table) names a piece of `deck` now: one he turned up, or, for the player whose
    turn it is, one set out at setup."""
    pending = turners(state, deck)
    return bool(pending) and (seat is None or seat in pending or (None in pending and seat == state["flow"]["player"]))


def coins_unseen(state: PMap, table: Mapping[str, Any] | None = None) -> list[int]:
    """Of each value (0 to 5), how many coins may be out of sight: the four of the set less those in the bank and
    the discarded coins named since the pool was last made up again (what everyone has seen)."""
    table = state["data"] if table is None else table
    seen = [c for c in table["bank"] if c is not None]
    seen += [FACES.index(c) for c in state["decks"][COINS.name]["discard"]] if not virtual(state, COINS.name) else []
    return [max(0, COPIES - seen.count(v)) for v in range(len(FACES))]


def in_sight(coin: int) -> str:
    """Why a coin of the value `coin` cannot be the one turned up or taken: the set's are all in sight."""
    return f"all {COPIES} coins of {FACES[coin]} are in sight (the bank and the discarded coins)"


# --- the options ---------------------------------------------------------------------------------------------


def options(state: PMap, seat: int | None, deck: str) -> list[Option]:
    """What `seat` (None: the table) names now of `deck`: each tile still face down, a row of faces per suit ("The
    tile turned up is Moons": null, ace, 2 ...); each coin value still out of sight, one row."""
    mine = {} if seat is None or seat == state["flow"]["player"] else {"seat": seat}  # the table does the acting seat's
    found = []
    if deck == TILES.name and names(state, TILES.name, seat):
        left = sorted(state["decks"][TILES.name]["draw"], key=lambda t: (SUITS.index(suit(t)), value(t)))
        found += [Option(f"The tile turned up is {t}", FACES[value(t)].capitalize(),  # its face over the button
                         {"type": "draw", "deck": TILES.name, "cards": [t], **mine}, under=f"The tile turned up is {suit(t)}")
                  for t in left]
    if deck == COINS.name and names(state, COINS.name, seat):
        unseen = coins_unseen(state)
        found += [Option(f"The coin turned up is {a_coin(c)}", c.capitalize(),
                         {"type": "draw", "deck": COINS.name, "cards": [c], **mine}, under="The coin turned up is")
                  for v, c in enumerate(FACES) if unseen[v]]
    return found


# --- the naming ------------------------------------------------------------------------------------------------


def name(e: Edit) -> None:
    """A real tile or coin named as it was turned up (the generic draw, as a tap on the reader makes it)."""
    cards = e.action.get("cards")
    if not isinstance(cards, list) or len(cards) != 1 or e.action.get("n", 1) != 1:
        e.refuse("name one piece turned up")
    deck = e.action.get("deck")
    if deck not in (TILES.name, COINS.name) or virtual(e.state, deck):
        e.refuse("the companion turns up the virtual pieces itself; name a real tile or coin turned up")
    seat = e.action.get("seat", e.seat)
    if type(seat) is not int or not 0 <= seat < len(e.state["players"]):
        e.refuse(f"seat: who turned it up, a seat from 0 to {len(e.state['players']) - 1}")
    piece, place = ("tile", "yard") if deck == TILES.name else ("coin", "bank")
    if not unnamed(e.state, deck, e.data):
        e.refuse(f"every {piece} in the {place} is named already")
    if "seat" in e.action and not names(e.state, deck, seat):
        e.refuse(f"{e.name(seat)} turned up no {piece} waiting to be named")
    who = settle(e, deck, seat)
    # Who turned it up; for a piece set out at setup (nobody turned it up), who named it.
    said = f"{e.name(who)} turns up {{}} in the {{}}." if who is not None else \
        f"{e.name(seat)} names {{}}, set out in the {{}} at setup."
    if deck == TILES.name:
        _name_tile(e, cards[0], said)
    else:
        _name_coin(e, cards[0], said)


def _name_tile(e: Edit, card: Any, said: str) -> None:
    tile = tile_name(card)
    if tile is None or tile != card:
        e.refuse(f"{card!r} is not a tile: name it such as “Suns 3”, “Moons null”, “Arms ace”")
    e.draw(TILES, 1, "tile_order", cards=[tile], put_back="")  # only named: nothing to put back
    yard = e.data["yard"]
    yard[yard.index(None)] = tile
    e.say(said.format(tile, "yard"))


def _name_coin(e: Edit, card: Any, said: str) -> None:
    if card not in FACES:
        e.refuse(f"{card!r} is not a coin: null, ace, 2, 3, 4 or 5")
    if not coins_unseen(e.state, e.data)[FACES.index(card)]:
        e.refuse(in_sight(FACES.index(card)))
    e.draw(COINS, 1, "coin_order", cards=[card], put_back="")  # only named: nothing to put back
    bank = e.data["bank"]
    bank[bank.index(None)] = FACES.index(card)
    e.say(said.format(a_coin(card), "bank"))
