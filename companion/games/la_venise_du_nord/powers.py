"""La Venise du Nord: the tiles' powers (phases 3 and 4), production (phase 6), and what a player may do
at any time in his own turn: move cubes down onto his cards, use a Master Builder.

The power is the advance of phase 3 (the active player's) and of phase 4 (each other player's with his
Burgher or a die on the tile, in turn, at value 1 or 2):

  {use: false}                                   the power is not used
  raw tile     {use: true, onto?: [card, ...], drop?: [raw, ...]}
               each cube gained that goes straight onto a card names it (a card twice: two cubes), the
               rest go into the stock; `drop` throws cubes out of the stock first to make room for them
               ("It is permissible to discard cubes and replace them with others just obtained")
  card tile    {keep: card | null, cost?, tag?}    real cards: the card kept (or none), by its name, or its
                                                 face ("Lace 2") and printed cost ("1 flax 2 gold")
               look {deck, n}, then {keep: card | null}   the companion's deck: draw, then keep one or none
  Market       {good, n, lower?: cube|one|two}
  Port         {good, price: stay|up|cube|one|two}

and at any time in one's own turn:

  produce {workshop, order? | builder?}           (phase 6)
  place   {raw, n, onto: card}                    cubes from the stock onto a card
  builder {card: i, down?, lower?, fill?}         a Price shift or Fill stock Master Builder
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pvector

from companion.core import deck as deck_mod
from companion.core.result import Refused
from companion.core.edit import Edit
from companion.core.words import a, counted
from companion.games.plain import name

from . import market
from .board import CARD_ROWS, missing, new_card, orders_for, put_cubes, rows_for
from .cards import DECKS, GOODS, ORDER_LIKE_COUNT, RAWS, READ, cost_words, deck_size, named, order_like_left
from .city import CARD_TILES
from .table import STOCK_SPACES, kind, row_spaces, secondary_seats, stock, store

POWER_FIELDS = ("onto", "drop", "keep", "cost", "good", "n", "lower", "price", "value", "tag")
PORT_PRICE = {"stay": 0, "up": 1, "cube": -1, "one": -1, "two": -1}


# --- who activates, at what value -------------------------------------------------------------------


def activator(state: PMap, table: Mapping[str, Any], secondary: bool) -> tuple[int, int | None] | Refused:
    """(seat, value) of whoever activates the tile now: the active player in phase 3, then (`secondary`, phase 4)
    each other player on the tile in turn (the flow's actor); value None when the companion does not know it."""
    turn = table["turn"]
    active = state["flow"]["player"]
    if not secondary:
        if turn["used"] is not None:
            return Refused(f"{name(state, active)} has {'used' if turn['used'] else 'passed on'} the tile's power already")
        value = turn["act"]
        if value is not None and turn["placed"] is False and state["options"]["activation_unplaced"] == "one":
            value = 1
        return active, value
    seat = state["flow"]["actor"]
    value = dict(secondary_seats(state, table)).get(seat)
    return (seat, value) if value is not None else Refused("nobody else may use the tile now")


def done(table: dict[str, Any], state: PMap, seat: int, used: bool, secondary: bool) -> None:
    """This activation is over (used or passed on)."""
    turn = table["turn"]
    if seat == state["flow"]["player"] and not secondary:
        turn["used"] = used
    else:
        turn["secondary"].append(seat)


# --- the powers -------------------------------------------------------------------------------------


def activate(e: Edit, secondary: bool) -> None:
    """The advance of phases 3 and 4 (`secondary`): the tile's power used (as the input says) or not ({use:
    false}); a plain advance records nothing."""
    state, action, table = e.state, e.action, e.data
    turn = table["turn"]
    given = {k: v for k, v in action.items() if k in POWER_FIELDS}
    if turn["looker"] is not None and "keep" not in given:
        e.refuse(f"{e.name(turn['looker'])} is looking at cards drawn: keep one or none first")
    if not given and action.get("use") is None:
        return  # not recorded (and it ends the step even for a player a correction left nothing to use)
    seat, value = e.must(activator(state, table, secondary))
    if action.get("use") is False:
        done(table, state, seat, False, secondary)
        e.say(f"{e.name(seat)} does not use {turn['tile'] or 'the tile'}.")
        return
    tile = turn["tile"]
    if tile is None:
        e.refuse("the Burgher's move was not recorded: say where it went in phase 2 (to)")
    if value is None:
        value = action.get("value")
        if type(value) is not int or not 1 <= value <= 6:
            e.refuse("value: the activation die's value, 1 to 6 (the roll was not recorded)")
    elif action.get("value") is not None and action["value"] != value:
        e.refuse(f"value: the companion knows it is {value}")
    _POWERS[kind(tile)](e, seat, tile, value)
    done(e.data, state, seat, True, secondary)


def _gain(e: Edit, seat: int, tile: str, value: int) -> None:
    """`value` cubes of the tile's raw material: those named go onto cards, the rest into the stock's free
    spaces (after the cubes thrown out to make room); what finds no room is lost [R l.230-253]."""
    raw = tile.lower()
    board = e.data["boards"][seat]
    who = e.name(seat)
    e.say(f"{who} gains {value} {raw}.")
    drop, onto = e.action.get("drop") or [], e.action.get("onto") or []
    if not isinstance(drop, list) or not all(r in RAWS for r in drop):
        e.refuse('drop: the cubes thrown out of the stock to make room, such as ["wool"]')
    if not isinstance(onto, list) or len(onto) > value:
        e.refuse(f"onto: a card for each cube gained that goes onto one, {value} at most")
    for r in RAWS:
        k = drop.count(r)
        if k > stock(e.state, seat)[r]:
            e.refuse(f"drop: {who}'s stock holds {stock(e.state, seat)[r]} {r}")
        if k:
            e.pay(seat, r, k)
            e.say(f"{who} throws out {k} {r} from the stock.")
    for key in dict.fromkeys(onto):
        line = e.must(put_cubes(board, key, raw, onto.count(key)))
        e.say(f"{onto.count(key)} {raw} onto the card: {line}.")
    left = value - len(onto)
    kept = min(left, STOCK_SPACES - sum(stock(e.state, seat).values()))
    if kept:
        e.gain(seat, raw, kept)
        e.say(f"{kept} {raw} into the stock.")
    if left - kept:
        e.say(f"{left - kept} {raw} {'is' if left - kept == 1 else 'are'} lost (no room).")


def look(e: Edit, secondary: bool) -> None:
    """The companion's own deck: the cards drawn to choose from (as many as the value, or what is left)."""
    state, table = e.state, e.data
    seat, value = e.must(activator(state, table, secondary))
    tile = table["turn"]["tile"]
    deck_name = CARD_TILES.get(tile or "")
    if deck_name is None or state["decks"][deck_name]["mode"] != "virtual":
        e.refuse("the companion draws only from its own decks, when their tile is activated")
    if e.action.get("deck") not in (None, deck_name):
        e.refuse(f"{tile} activates the {deck_name} deck")
    if table["turn"]["looker"] is not None:
        e.refuse(f"{e.name(table['turn']['looker'])} is looking at cards drawn: keep one or none first")
    deck = state["decks"][deck_name]
    n = min(value, len(deck["draw"]))
    if not n:
        e.refuse(f"the {tile} deck is empty: the action is no longer available")
    if e.action.get("n", n) != n:
        e.refuse(f"{e.name(seat)} draws {counted(n, f'{tile} card')} (n: {n})")
    deck, _, put_back = e.must(deck_mod.draw(_spec(deck_name), deck, n, e.action.get("order"), None, to="looking"))
    e.set_deck(deck_name, deck)
    table["turn"]["looker"] = seat
    e.say(f"{e.name(seat)} draws {counted(n, f'{tile} card')}.")
    e.reveal(put_back)


def _spec(deck_name: str):
    return next(d for d in DECKS if d.name == deck_name)


def _cards(e: Edit, seat: int, tile: str, value: int) -> None:
    """The card kept (or none): named or tapped from real cards; from the cards the companion drew (look);
    the rest go under the deck, shuffled [R l.255-269]."""
    table, action = e.data, e.action
    deck_name = CARD_TILES[tile]
    deck = e.deck(deck_name)
    if "keep" not in action:
        e.refuse(f"keep: the {tile} card kept, as printed, or null for none")
    card = named(action)
    who = e.name(seat)
    if deck["mode"] == "virtual":
        if table["turn"]["looker"] != seat:
            e.refuse(f"the companion draws the {tile} cards: look at {value}, then keep one or none")
        drawn = len(deck["looking"])
        e.set_deck(deck_name, e.must(deck_mod.keep(_spec(deck_name), deck, card, action.get("order")))[0])
        table["turn"]["looker"] = None
        rest = drawn - (card is not None)
        under = "" if not rest else f"; {'the other goes' if rest == 1 else 'the rest go'} under the deck"
        if card is None:
            e.say(f"{who} keeps none of the {tile} cards{under}.")
            return
        where = to_board(e, seat, deck_name, card)
        e.say(f"{who} keeps {card}{where}{under}.")
        return
    size = deck_size(deck_name, len(e.state["players"]))
    if deck["known"] and not deck["draw"] or not deck["known"] and len(deck["out"]) >= size:
        e.refuse(f"the {tile} deck is empty (all {size} cards are kept): the action is no longer available")
    if card is None:
        e.say(f"{who} draws {counted(value, f'{tile} card')} and keeps none.")
        return
    read = READ[deck_name](card)
    if read is None:
        e.refuse(f"keep: {card!r} is not {a(tile)} card as printed")
    card = read["card"]  # as the companion writes it ("cost 2 gold 1 flax" is "cost 1 flax 2 gold")
    if read.get("kind") == "order_like" and not order_like_left(deck_name, deck["out"]):
        e.refuse(f"the {ORDER_LIKE_COUNT} Master Builders that work like Orders are all kept already")
    tag = action.get("tag")
    if tag is not None:
        if not isinstance(tag, str) or not tag:
            e.refuse("tag: the tapped card's tag")
        if tag in table["tags"]:
            e.refuse(f"this {card} card was kept already, by {e.name(table['tags'][tag])}")
        table["tags"][tag] = seat
    if deck["known"]:
        if card not in deck["draw"]:
            e.refuse(f"no {card} is left in the {tile} deck")
        pile = list(deck["draw"])
        pile.remove(card)
        deck = deck.set("draw", pvector(pile))
    e.set_deck(deck_name, deck.set("out", deck["out"].append(card)))
    where = to_board(e, seat, deck_name, card)
    rest = {1: "", 2: "; the other goes under the deck"}.get(value, "; the rest go under the deck, shuffled")
    e.say(f"{who} draws {counted(value, f'{tile} card')} and keeps {card}{where}{rest}.")


def to_board(e: Edit, seat: int, deck_name: str, card: str) -> str:
    """A card kept goes on an empty space of its owner's board: Workshops on row 1, Orders on row 2, a Master
    Builder on the row the player chose (`row`; the first with room when not said, as a card tapped on the
    reader). With no valid space the card is refused: the player gives up the action [R l.263-269]. Where it went."""
    board = e.data["boards"][seat]
    rows = rows_for(board, row_spaces(e.data), deck_name)
    row = e.action.get("row", rows[0] if rows else None)
    if not rows:
        places = " or ".join(str(r) for r in CARD_ROWS[deck_name])
        e.refuse(f"{e.name(seat)} has no empty space left on row {places}: give up the action (keep none)")
    if row not in rows:
        e.refuse(f"row: {' or '.join(str(r) for r in rows)} (a row with an empty space for this card)")
    board[deck_name].append(new_card(deck_name, READ[deck_name](card), row))
    return f" on row {row}" if len(CARD_ROWS[deck_name]) > 1 else ""


def _sell(e: Edit, seat: int, tile: str, value: int) -> None:
    """One kind of good, at most the die's value: n x (price + bonus); then the price must come down, and a
    sold cube covers the highest free space [R l.271-303]."""
    table = e.data
    good = e.must(_good(store(e.state, seat), e.action.get("good")))
    have = store(e.state, seat)[good]
    n = e.action.get("n", min(value, have))
    if type(n) is not int or not 1 <= n <= min(value, have):
        e.refuse(f"n: 1 to {min(value, have)} {good} (the die shows {value}; the Store holds {have})")
    pieces = table["prices"][good]
    bonus = market.bonus(table["market"])
    vp = market.sale_points(n, pieces, table["market"])
    before = market.price(pieces)
    e.say(f"{e.name(seat)} sells {n} {good} at {before} + bonus {bonus}: {vp} VP.")
    if before > 0:
        e.must(market.lower(pieces, e.action.get("lower")))
        e.say(f"The {good} price comes down to {market.price(pieces)}.")
    elif e.action.get("lower") is not None:
        e.refuse(f"lower: the {good} price is 0 already")
    covered = market.cover(table["market"], seat)
    if covered is not None:
        e.say(f"A sold cube covers the Market's {covered} space ({market.free(table['market'])} left).")
    e.pay(seat, good, n)
    e.gain(seat, "vp", vp)


def _export(e: Edit, seat: int, tile: str, value: int) -> None:
    """One good of a kind this Port has not taken yet: VP = the die's value; then the price may move by 1."""
    table = e.data
    sold_here = table["ports"][tile]
    open_here = {g: n for g, n in store(e.state, seat).items() if g not in sold_here}
    good = e.must(_good(open_here, e.action.get("good"), f"{tile} has taken {', '.join(sold_here)} already" if sold_here else ""))
    price = e.action.get("price", "stay")
    if not isinstance(price, str) or price not in PORT_PRICE:
        e.refuse("price: stay, up (a cube added), or down by taking a cube, a +1 card, or a +2 card (swapped for a cube)")
    e.say(f"{e.name(seat)} exports 1 {good} at {tile}: {value} VP.")
    sold_here.append(good)
    pieces = table["prices"][good]
    if price == "up":
        pieces["cubes"] += 1
    elif PORT_PRICE[price] < 0:
        e.must(market.lower(pieces, price, by_one=True, key="price"))
    if price != "stay":
        e.say(f"The {good} price moves to {market.price(pieces)}.")
    e.pay(seat, good, 1)
    e.gain(seat, "vp", value)


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


def _own_turn(e: Edit) -> int:
    active = e.state["flow"]["player"]
    if e.action.get("seat") is not None and e.action["seat"] != active:
        e.refuse(f"only in one's own turn: it is {e.name(active)}'s")
    return active


def place(e: Edit) -> None:
    """Cubes from the stock down onto a card."""
    seat = _own_turn(e)
    raw, n = e.action.get("raw"), e.action.get("n", 1)
    if raw not in RAWS:
        e.refuse(f"raw: one of {', '.join(RAWS)}")
    if type(n) is not int or not 1 <= n <= stock(e.state, seat)[raw]:
        e.refuse(f"n: the stock holds {stock(e.state, seat)[raw]} {raw}")
    line = e.must(put_cubes(e.data["boards"][seat], e.action.get("onto"), raw, n))
    e.pay(seat, raw, n)
    e.say(f"{e.name(seat)} moves {n} {raw} from the stock: {line}.")


def produce(e: Edit) -> None:
    """A built workshop with full storage and an order for its good makes its goods [R l.443-476]."""
    seat = _own_turn(e)
    table = e.data
    board = table["boards"][seat]
    i = e.action.get("workshop")
    if type(i) is not int or not 0 <= i < len(board["workshops"]):
        e.refuse(f"workshop: {e.name(seat)} has {counted(len(board['workshops']), 'workshop')}")
    shop = board["workshops"][i]
    if not shop["built"]:
        e.refuse(f"the {shop['card']} workshop is not built (it needs {cost_words(missing(shop))})")
    if shop["stored"] < shop["capacity"]:
        e.refuse(f"the {shop['card']} workshop stores {shop['stored']} of {shop['capacity']}: it produces only when full")
    if i in table["turn"]["produced"]:
        e.refuse(f"the {shop['card']} workshop has produced this turn already")
    choices = orders_for(board, shop["good"])
    if not choices:
        e.refuse(f"there is no {shop['good']} order to fulfil")
    row, k = choices[0]  # without a choice: the first order for the good
    for key in ("order", "builder"):
        if e.action.get(key) is not None:
            row, k = key + "s", e.action[key]
            if type(k) is not int or (row, k) not in choices:
                e.refuse(f"{key}: one of {', '.join(str(j) for r, j in choices if r == row) or 'none'}")
    card = board[row].pop(k)
    table["prices"][shop["good"]]["ones" if card["value"] == 1 else "twos"] += 1
    made, shop["stored"] = shop["stored"], 0
    table["turn"]["produced"].append(i)
    e.gain(seat, shop["good"], made)
    e.say(f"{e.name(seat)} produces {made} {shop['good']} with {card['card']}; the {shop['good']} price "
          f"goes up to {market.price(table['prices'][shop['good']])}.")


def thrown_out(fill: Mapping[str, int], held: Mapping[str, int]) -> str:
    """The stock's cubes a Fill stock leaves no space for, in words ("2 flax, 1 gold"), or ""."""
    return ", ".join(f"{held[r] - fill.get(r, 0)} {r}" for r in RAWS if held.get(r, 0) > fill.get(r, 0))


def use_builder(e: Edit) -> None:
    """A Price shift (+1 to its good, -1 to another) or Fill stock Master Builder; each once [A]."""
    seat = _own_turn(e)
    table = e.data
    board = table["boards"][seat]
    k = e.action.get("card")
    if type(k) is not int or not 0 <= k < len(board["builders"]):
        e.refuse(f"card: {e.name(seat)} has {counted(len(board['builders']), 'Master Builder')}")
    card = board["builders"][k]
    if not card["activated"]:
        e.refuse(f"{card['card']} is not activated (it needs {cost_words(missing(card))})")
    if card["used"]:
        e.refuse(f"{card['card']} has been used")
    who = e.name(seat)
    if card["kind"] == "price_shift":
        down = e.action.get("down")
        if down not in GOODS or down == card["good"]:
            e.refuse(f"down: the good whose price comes down, {' or '.join(g for g in GOODS if g != card['good'])}")
        table["prices"][card["good"]]["cubes"] += 1
        up = f"{who} uses {card['card']}: {card['good']} up to {market.price(table['prices'][card['good']])}"
        if market.price(table["prices"][down]):  # -1: a +2 card is swapped for a cube, as at a Port
            e.must(market.lower(table["prices"][down], e.action.get("lower"), by_one=True))
        e.say(f"{up}, {down} {'down to' if market.price(table['prices'][down]) else 'at'} {market.price(table['prices'][down])}.")
    elif card["kind"] == "fill_stock":
        # The appendix: fill the 6 spaces with 2 kinds of your choice; cubes there are thrown out to make room.
        fill = e.action.get("fill")
        if (not isinstance(fill, Mapping) or not set(fill) <= set(RAWS) or len([r for r in fill if fill[r]]) != 2
                or not all(type(v) is int and v >= 0 for v in fill.values()) or sum(fill.values()) != STOCK_SPACES):
            e.refuse(f'fill: the stock as it will be, {STOCK_SPACES} cubes of 2 kinds (the card: "2 types of Raw '
                     f'Materials of your choice"), such as {{"wool": 3, "gold": 3}}')
        out = thrown_out(fill, stock(e.state, seat))
        if out:
            e.say(f"{who} throws out {out} from the stock.")
        change = {raw: fill.get(raw, 0) - n for raw, n in stock(e.state, seat).items()}
        for raw in sorted(change, key=change.get):  # what is thrown out first, so the 6 spaces always hold
            e.gain(seat, raw, change[raw])
        e.say(f"{who} uses {card['card']}: the stock is filled ({', '.join(f'{n} {r}' for r, n in fill.items() if n)}).")
    else:
        e.refuse(f"{card['card']} works by itself: a move or activation's adjust, or at the final scoring")
    card["used"] = True
