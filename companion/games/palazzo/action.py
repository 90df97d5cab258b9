"""The palazzo game's ACTION step: the turn's player takes one action [R l.46-98].

  coin      take a coin from the bank                     {"coin": 0-5}                 coins.py
  purchase  buy a yard structure                          {"tile", "pay", "to"}         purchase.py
  reserve   reserve -> palazzo, palazzo -> reserve, swap  {"build"?, "remove"?, "at"?}  building.py
  turret    put the pawn on a palazzo structure           {"on"}                        building.py
  (none)    no action: in the final round ("the opportunity to take one more action"), or when
            there is none to take

as the advance's "action". Besides, on any seat's phone: the player's own real coins (`hand`); on the phone
of the player who turned it up, and for the table: a real tile or coin named (`draw`, turned_up.py). A
purchase paid exactly gives its player another action at once, unless it bought the last structure; that one
starts the final round.
"""

from __future__ import annotations

from collections.abc import Callable

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import Step
from companion.core.edit import Edit

from . import building, coins, purchase, turned_up
from companion.core.words import PARTS

from .pieces import COINS, TILES, face
from .table import die, final_round, yard_shown


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None:  # the table names what the players turned up, listed last: NEXT from the top reaches them.
        # The coin last of all, one NEXT away: one is turned up after every coin taken, the commonest action, and
        # the turn has passed when it is named; a tile only after a purchase.
        return turned_up.options(state, None, TILES.name) + turned_up.options(state, None, COINS.name)
    found: list[Option] = []
    if seat == state["flow"]["player"]:  # what he just turned up first, then the most common action first
        found += turned_up.options(state, seat, COINS.name)
        found += coins.coin_options(state, seat)
        if not final_round(state):
            found += purchase.buy_options(state, seat)
        found += building.reserve_options(state, seat) + building.turret_options(state, seat)
        if final_round(state):  # "the opportunity to take one more action": it may be let go
            found.append(Option("No final action", "None", {"type": "advance"}, confirm=True, button="NEXT"))
        elif not found:
            found.append(Option("No action can be taken: pass", "Pass", {"type": "advance"}, button="NEXT"))
    else:  # another player names what he turned up on his turn
        found += turned_up.options(state, seat, COINS.name)
    # The tiles turned up last: the box's NEXT walks back to them.
    return found + coins.hand_options(state, seat) + turned_up.options(state, seat, TILES.name)


def status(state: PMap) -> str:
    """The OLED's lines under who acts, in parts, the one that matters most first (the box shows the first ones
    that fit, the Table page all): the acting player's die, the real tiles and coins turned up and still to name,
    then the yard in the tiles' own names."""
    table = state["data"]
    coins_to_name = turned_up.unnamed(state, COINS.name)
    coin = [f"name {'the coin' if coins_to_name == 1 else f'{coins_to_name} coins'}"] if coins_to_name else []
    if final_round(state):  # "the opportunity to take one more action": no purchase is offered
        return PARTS.join(["One more action", *coin])
    tiles = yard_shown(state, table)
    named, tiles_to_name = [t for t in tiles if t != "?"], tiles.count("?")
    tile = [f"name {'the tile' if tiles_to_name == 1 else f'{tiles_to_name} tiles'}"] if tiles_to_name else []
    yard = [f"yard: {', '.join(named)}"] if named else []
    value = die(state, state["flow"]["player"])  # a null die "has no further use": what is to name goes first
    parts = [f"Die {face(value)}", *tile, *coin] if value else [*tile, *coin, f"Die {face(value)}"]
    parts[0] = ("Again! " if table["extra_action"] else "") + parts[0][0].upper() + parts[0][1:]
    return PARTS.join(parts + yard)


def _one_action(handler: Callable[[Edit], None] | None) -> Callable[[Edit], None]:
    """An action that is not a purchase ends an extra action's run of purchases (None: no action)."""
    def act(e: Edit) -> None:
        if e.action.get("extra") is not None:
            e.refuse("an extra action comes from a purchase paid exactly")
        if handler is None and "action" in e.action:
            e.refuse("action: one of coin, purchase, reserve, turret (or none)")
        if handler is not None:
            handler(e)
        elif final_round(e.state):
            e.say(f"{e.name(e.seat)} takes no final action.")
        else:
            e.say(f"{e.name(e.seat)} passes: no action can be taken.")
        e.data["extra_action"] = False
    return act


def _counted(handler: Callable[[Edit], None]) -> Callable[[Edit], None]:
    """Every input, then the real coins the table counts as out made true again (coins.recount)."""
    def counted_too(e: Edit) -> None:
        handler(e)
        coins.recount(e)
    return counted_too


def extra_action(state: PMap, action: object) -> bool:
    """An exact payment's extra action (set by the purchase that was just made)."""
    return bool(state["data"]["extra_action"])


STEP = Step(
    "ACTION", "One action", done="",
    options=options,
    status=status,
    handlers={kind: _counted(handler) for kind, handler in {
        "coin": _one_action(coins.take_coin),
        "purchase": purchase.purchase,
        "reserve": _one_action(building.reserve),
        "turret": _one_action(building.turret),
        "advance": _one_action(None),
        "hand": coins.enter_hand,
        "draw": turned_up.name,
    }.items()},
)
