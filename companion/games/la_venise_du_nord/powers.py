"""La Venise du Nord: the tiles' powers (phases 3 and 4), production (phase 6), and what a player may do
at any time in his own turn: move cubes down onto his cards, use a Master Builder.

  activate {seat?, pass?, value?, ...}  the arrival tile's power, by the active player in phase 3 (or in the
                                        phase-3 advance itself), by the others in phase 4 at value 1 or 2:
      raw tile       {onto?: [{workshop|builder: i, n}], drop?: {raw: n}}: the cubes gained go onto cards,
                     then into the stock's free spaces; the rest are lost
      card tile      real cards: {keep: "card" | null}; virtual decks: look, then keep (generic actions)
      Market         {good?, n?, lower?: cube|one|two}
      Port           {good?, shift?: -1|0|1, lower?}
  produce {workshop, order? | builder?}
  place   {raw, n, onto: {workshop|builder: i}}   cubes from the stock onto a card
  builder {card: i, down?, lower?, fill?}        a Price shift or Fill stock Master Builder
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pvector

from companion.core.result import Accepted, Refused, Result
from companion.core.seats import others_from_left_of
from companion.core.words import a, counted, sentence
from companion.games.plain import data, name, put, set_deck

from . import market
from .board import new_card, orders_for, put_cubes, target
from .cards import GOODS, RAWS, READ
from .city import CARD_TILES
from .steps import step_name
from .table import STOCK_SPACES, add, kind, stock, store

POWER_FIELDS = ("onto", "drop", "keep", "good", "n", "lower", "shift", "value", "pass")


# --- who activates, at what value -------------------------------------------------------------------


def secondary_seats(state: PMap, table: Mapping[str, Any]) -> list[tuple[int, int]]:
    """(seat, value) of every other player, clockwise from the active player's left, with his Burgher or a
    die on the activated tile: 1 with either, 2 with both (raw-material and card tiles only) [R l.389-399]."""
    turn = table["turn"]
    tile = turn["tile"]
    if tile is None or kind(tile) not in ("raw", "cards"):
        return []
    if turn["used"] is False and state["options"]["secondary"] == "if_used":
        return []
    out = []
    for seat in others_from_left_of(state["flow"]["player"], len(state["players"])):
        burgher = table["burghers"][seat] == tile
        die = (table["dice"].get(tile) or {}).get("seat") == seat
        if burgher or die:
            out.append((seat, 2 if burgher and die else 1))
    return out


def next_secondary(state: PMap, table: Mapping[str, Any]) -> tuple[int, int] | None:
    done = table["turn"]["secondary"]
    return next(((s, v) for s, v in secondary_seats(state, table) if s not in done), None)


def activator(state: PMap, table: Mapping[str, Any], given: object) -> tuple[int, int | None] | Refused:
    """(seat, value) of whoever activates the tile now; value None when the companion does not know it."""
    turn = table["turn"]
    active = state["flow"]["player"]
    phase = step_name(state)
    if phase == "ACTIVATE":
        if given is not None and given != active:
            return Refused(f"it is {name(state, active)}'s turn: the others activate in phase 4")
        if turn["used"] is not None:
            return Refused(f"{name(state, active)} has {'used' if turn['used'] else 'passed on'} the tile's power already")
        value = turn["act"]
        if value is not None and turn["placed"] is False and state["options"]["activation_unplaced"] == "one":
            value = 1
        return active, value
    if phase == "SECONDARY":
        nxt = next_secondary(state, table)
        if nxt is None:
            return Refused("nobody else may use the tile now")
        if given is not None and given != nxt[0]:
            return Refused(f"{name(state, nxt[0])} comes first (clockwise from {name(state, active)})")
        return nxt
    return Refused("a tile is activated in phase 3, and by the others in phase 4")


def done(table: dict[str, Any], state: PMap, seat: int, used: bool) -> None:
    """This activation is over (used or passed on)."""
    turn = table["turn"]
    if seat == state["flow"]["player"] and step_name(state) == "ACTIVATE":
        turn["used"] = used
    else:
        turn["secondary"].append(seat)


# --- the powers -------------------------------------------------------------------------------------


def activate(state: PMap, action: Mapping[str, Any]) -> Result:
    if state["flow"] is None:
        return Refused("the game has not started")
    table = data(state)
    turn = table["turn"]
    who = activator(state, table, action.get("seat"))
    if isinstance(who, Refused):
        return who
    seat, value = who
    if turn["looker"] is not None:
        return Refused(f"{name(state, turn['looker'])} is looking at cards: keep one or none first")
    if action.get("pass"):
        done(table, state, seat, False)
        return Accepted(put(state, table), (f"{name(state, seat)} does not use {turn['tile'] or 'the tile'}.",))
    tile = turn["tile"]
    if tile is None:
        return Refused("the Burgher's move was not recorded: say where it went in phase 2 (to)")
    if value is None:
        given = action.get("value")
        if type(given) is not int or not 1 <= given <= 6:
            return Refused("value: the activation die's value, 1 to 6 (the roll was not recorded)")
        value = given
    elif action.get("value") is not None and action["value"] != value:
        return Refused(f"value: the companion knows it is {value}")
    out = _POWERS[kind(tile)](state, table, seat, tile, value, action)
    if isinstance(out, Refused):
        return out
    state, log = out
    done(table, state, seat, True)
    return Accepted(put(state, table), tuple(log))


def _gain(state: PMap, table: dict[str, Any], seat: int, tile: str, value: int, action: Mapping[str, Any]):
    raw = tile.lower()
    board = table["boards"][seat]
    who = name(state, seat)
    log = [f"{who} gains {value} {raw}."]
    held = stock(state, seat)
    drop = action.get("drop") or {}
    if not isinstance(drop, Mapping) or not set(drop) <= set(RAWS) or not all(type(v) is int and 0 <= v <= held[r] for r, v in drop.items()):
        return Refused("drop: cubes thrown out of the stock to make room, by kind, such as {\"wool\": 1}")
    for r, k in drop.items():
        if k:
            state = add(state, seat, r, -k)
            log.append(f"{who} throws out {k} {r} from the stock.")
    left = value
    onto = action.get("onto") or []
    if not isinstance(onto, list):
        return Refused("onto: a list of {workshop|builder: its number, n: cubes}")
    for item in onto:
        where = target(board, item)
        if isinstance(where, Refused):
            return where
        n = item.get("n")
        if type(n) is int and n > left:
            return Refused(f"onto: {value} {raw} gained, and {n} more {'goes' if n == 1 else 'go'} onto a card")
        line = put_cubes(board, *where, raw, n)
        if isinstance(line, Refused):
            return line
        left -= n
        log.append(f"{sentence(line)}.")
    space = STOCK_SPACES - sum(stock(state, seat).values())
    kept = min(left, space)
    if kept:
        state = add(state, seat, raw, kept)
        log.append(f"{kept} {raw} into the stock.")
    if left - kept:
        log.append(f"{left - kept} {raw} {'is' if left - kept == 1 else 'are'} lost (no room).")
    return state, log


def _cards(state: PMap, table: dict[str, Any], seat: int, tile: str, value: int, action: Mapping[str, Any]):
    """Real cards: the card kept (or none) is named; the rest went under the deck. Virtual decks: look, keep."""
    deck_name = CARD_TILES[tile]
    deck = state["decks"][deck_name]
    if deck["mode"] == "virtual":
        return Refused(f"the companion draws the {tile} cards: look at {value}, then keep one or none")
    if "keep" not in action:
        return Refused(f"keep: the {tile} card kept, as printed, or null for none")
    if deck["known"] and not deck["draw"]:
        return Refused(f"the {tile} deck is empty: the action is no longer available")
    card = action["keep"]
    if card is None:
        return state, [f"{name(state, seat)} draws {counted(value, f'{tile} card')} and keeps none."]
    read = READ[deck_name](card)
    if read is None or read["card"] != card:
        return Refused(f"keep: {card!r} is not {a(tile)} card as printed")
    if deck["known"]:
        if card not in deck["draw"]:
            return Refused(f"no {card} is left in the {tile} deck")
        pile = list(deck["draw"])
        pile.remove(card)
        state = set_deck(state, deck_name, deck.set("draw", pvector(pile)).set("out", deck["out"].append(card)))
    else:
        state = set_deck(state, deck_name, deck.set("out", deck["out"].append(card)))
    log = to_board(state, table, seat, deck_name, card)
    rest = {1: "", 2: "; the other goes under the deck"}.get(value, "; the rest go under the deck, shuffled")
    return state, [f"{name(state, seat)} draws {counted(value, f'{tile} card')} and keeps {card}{rest}.", *log]


def to_board(state: PMap, table: dict[str, Any], seat: int, deck_name: str, card: str) -> list[str]:
    """A card kept goes on its owner's board: Workshops in row 1, Orders in row 2, Master Builders in either."""
    table["boards"][seat][deck_name].append(new_card(deck_name, READ[deck_name](card)))
    if deck_name == "builders" and READ[deck_name](card)["cost"] == 0:
        return [f"{card} is activated at once (it costs nothing)."]
    return []


def _sell(state: PMap, table: dict[str, Any], seat: int, tile: str, value: int, action: Mapping[str, Any]):
    """One kind of good, at most the die's value: n x (price + bonus); then the price must come down, and a
    sold cube covers the highest free space [R l.271-303]."""
    good = _good(store(state, seat), action.get("good"))
    if isinstance(good, Refused):
        return good
    have = store(state, seat)[good]
    n = action.get("n", min(value, have))
    if type(n) is not int or not 1 <= n <= min(value, have):
        return Refused(f"n: 1 to {min(value, have)} {good} (the die shows {value}; the Store holds {have})")
    pieces = table["prices"][good]
    bonus = market.bonus(table["market"])
    vp = market.sale_points(n, pieces, table["market"])
    before = market.price(pieces)
    who = name(state, seat)
    log = [f"{who} sells {n} {good} at {before} + bonus {bonus}: {vp} VP."]
    if before > 0:
        bad = market.lower(pieces, action.get("lower"))
        if bad:
            return Refused(bad)
        log.append(f"The {good} price comes down to {market.price(pieces)}.")
    elif action.get("lower") is not None:
        return Refused(f"lower: the {good} price is 0 already")
    covered = market.cover(table["market"], seat)
    if covered is not None:
        log.append(f"A sold cube covers the Market's {covered} space ({market.free(table['market'])} left).")
    state = add(add(state, seat, good, -n), seat, "vp", vp)
    return state, log


def _export(state: PMap, table: dict[str, Any], seat: int, tile: str, value: int, action: Mapping[str, Any]):
    """One good of a kind this Port has not taken yet: VP = the die's value; then the price may move by 1."""
    sold_here = table["ports"][tile]
    open_here = {g: n for g, n in store(state, seat).items() if g not in sold_here}
    good = _good(open_here, action.get("good"), f"{tile} has taken {', '.join(sold_here)} already" if sold_here else "")
    if isinstance(good, Refused):
        return good
    who = name(state, seat)
    log = [f"{who} exports 1 {good} at {tile}: {value} VP."]
    sold_here.append(good)
    pieces = table["prices"][good]
    shift = action.get("shift", 0)
    if shift not in (-1, 0, 1) or type(shift) is not int:
        return Refused("shift: -1, 0 or 1 (the price of the good exported)")
    if shift == 1:
        pieces["cubes"] += 1
    elif shift == -1:
        if market.price(pieces) == 0:
            return Refused(f"shift: the {good} price is 0 already")
        bad = market.lower(pieces, action.get("lower"), at_port=True)
        if bad:
            return Refused(bad)
    if shift:
        log.append(f"The {good} price moves to {market.price(pieces)}.")
    state = add(add(state, seat, good, -1), seat, "vp", value)
    return state, log


def _good(held: Mapping[str, int], given: object, why: str = "") -> str | Refused:
    """The good sold: as given, or the only one held."""
    have = [g for g in GOODS if held.get(g, 0) > 0]
    if given is None and len(have) == 1:
        return have[0]
    if given is None:
        return Refused(f"good: which good, {' or '.join(have)}?" if have else f"there is nothing to sell{f' ({why})' if why else ''}")
    if given not in GOODS:
        return Refused(f"good: one of {', '.join(GOODS)}")
    if held.get(given, 0) < 1:
        return Refused(f"there is no {given} to sell{f' ({why})' if why else ''}")
    return given


_POWERS = {"raw": _gain, "cards": _cards, "market": _sell, "port": _export}


# --- at any time in one's own turn ------------------------------------------------------------------


def _own_turn(state: PMap, action: Mapping[str, Any]) -> int | Refused:
    if state["flow"] is None:
        return Refused("the game has not started")
    active = state["flow"]["player"]
    if action.get("seat") is not None and action["seat"] != active:
        return Refused(f"only in one's own turn: it is {name(state, active)}'s")
    return active


def place(state: PMap, action: Mapping[str, Any]) -> Result:
    """Cubes from the stock down onto a card."""
    seat = _own_turn(state, action)
    if isinstance(seat, Refused):
        return seat
    table = data(state)
    raw, n = action.get("raw"), action.get("n", 1)
    if raw not in RAWS:
        return Refused(f"raw: one of {', '.join(RAWS)}")
    if type(n) is not int or not 1 <= n <= stock(state, seat)[raw]:
        return Refused(f"n: the stock holds {stock(state, seat)[raw]} {raw}")
    where = target(table["boards"][seat], action.get("onto"))
    if isinstance(where, Refused):
        return where
    line = put_cubes(table["boards"][seat], *where, raw, n)
    if isinstance(line, Refused):
        return line
    state = add(state, seat, raw, -n)
    return Accepted(put(state, table), (f"{name(state, seat)} moves {n} {raw} from the stock: {line}.",))


def produce(state: PMap, action: Mapping[str, Any]) -> Result:
    """A built workshop with full storage and an order for its good makes its goods [R l.443-476]."""
    seat = _own_turn(state, action)
    if isinstance(seat, Refused):
        return seat
    if step_name(state) != "PRODUCE":
        return Refused("goods are produced in phase 6")
    table = data(state)
    board = table["boards"][seat]
    where = target(board, {"workshop": action.get("workshop")})
    if isinstance(where, Refused):
        return where
    i = where[1]
    shop = board["workshops"][i]
    if not shop["built"]:
        return Refused(f"the {shop['card']} workshop is not built ({shop['paid']} of {counted(shop['cost'], 'cube')})")
    if shop["stored"] < shop["capacity"]:
        return Refused(f"the {shop['card']} workshop stores {shop['stored']} of {shop['capacity']}: it produces only when full")
    if i in table["turn"]["produced"]:
        return Refused(f"the {shop['card']} workshop has produced this turn already")
    choices = orders_for(board, shop["good"])
    if not choices:
        return Refused(f"there is no {shop['good']} order to fulfil")
    row, k = choices[0]  # without a choice: the first order for the good
    for key in ("order", "builder"):
        if action.get(key) is not None:
            row, k = key + "s", action[key]
            if type(k) is not int or (row, k) not in choices:
                return Refused(f"{key}: one of {', '.join(str(j) for r, j in choices if r == row) or 'none'}")
    card = board[row].pop(k)
    table["prices"][shop["good"]]["ones" if card["value"] == 1 else "twos"] += 1
    made, shop["stored"] = shop["stored"], 0
    table["turn"]["produced"].append(i)
    state = add(state, seat, shop["good"], made)
    return Accepted(put(state, table), (
        f"{name(state, seat)} produces {made} {shop['good']} with {card['card']}; the {shop['good']} price "
        f"goes up to {market.price(table['prices'][shop['good']])}.",))


def use_builder(state: PMap, action: Mapping[str, Any]) -> Result:
    """A Price shift (+1 to its good, -1 to another) or Fill stock Master Builder; each once [A]."""
    seat = _own_turn(state, action)
    if isinstance(seat, Refused):
        return seat
    table = data(state)
    board = table["boards"][seat]
    where = target(board, {"builder": action.get("card")})
    if isinstance(where, Refused):
        return where
    card = board["builders"][where[1]]
    if not card["activated"]:
        return Refused(f"{card['card']} is not activated ({card['paid']} of {counted(card['cost'], 'cube')})")
    if card["used"]:
        return Refused(f"{card['card']} has been used")
    who = name(state, seat)
    if card["kind"] == "price_shift":
        down = action.get("down")
        if down not in GOODS or down == card["good"]:
            return Refused(f"down: the good whose price comes down, {' or '.join(g for g in GOODS if g != card['good'])}")
        table["prices"][card["good"]]["cubes"] += 1
        log = [f"{who} uses {card['card']}: {card['good']} up to {market.price(table['prices'][card['good']])}"]
        if market.price(table["prices"][down]):
            bad = market.lower(table["prices"][down], action.get("lower"))
            if bad:
                return Refused(bad)
        log.append(f"{down} {'down to' if market.price(table['prices'][down]) else 'at'} {market.price(table['prices'][down])}.")
        log = [", ".join(log)]
    elif card["kind"] == "fill_stock":
        # The appendix: fill the 6 spaces with 2 kinds of your choice; cubes there are thrown out to make room.
        fill = action.get("fill")
        if (not isinstance(fill, Mapping) or not set(fill) <= set(RAWS) or len([r for r in fill if fill[r]]) > 2
                or not all(type(v) is int and v >= 0 for v in fill.values()) or sum(fill.values()) != STOCK_SPACES):
            return Refused(f'fill: the stock as it will be, {STOCK_SPACES} cubes of 2 kinds at most, such as {{"wool": 3, "gold": 3}}')
        for raw, n in stock(state, seat).items():
            state = add(state, seat, raw, fill.get(raw, 0) - n)
        log = [f"{who} uses {card['card']}: the stock is filled ({', '.join(f'{n} {r}' for r, n in fill.items() if n)})."]
    else:
        return Refused(f"{card['card']} works by itself: a move or activation's adjust, or at the final scoring")
    card["used"] = True
    return Accepted(put(state, table), tuple(log))

