"""Phases 3 and 4, ACTIVATE and SECONDARY: the arrival tile's power, used by the active player at the
activation die's value, then by each other player with his Burgher or a die there, in turn from the
active player's left, at 1 (or 2 with both) [R l.209-399]. What each may do is listed on his own phone
and on the buttons; the power's work is powers.py's.

  advance {use: false}                     the power is not used
  advance {use: true, onto, drop}          raw cubes (onto: a card key per cube; drop: stock cubes thrown out)
  advance {keep: card | null, cost?, tag?} a card kept from the draw (picked, tapped, or the companion's)
  look {deck, n}                           the companion's deck: the cards drawn to choose from
  advance {good, n?, lower?}               a Market sale
  advance {good, price}                    a Port export"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.result import Refused, refused
from companion.core.flow import EACH, Step, in_step
from companion.core.words import counted

from . import market, powers
from .anytime import LOWER_NAMES, SWAPPED, with_lower
from .board import CARD_ROWS, card_at, keys, room, rows_for, shown, title
from .cards import RAWS, READ, deck_size, order_like_left, pick_fields, picked
from .city import CARD_TILES
from .table import STOCK_SPACES, kind, prices, row_spaces, secondary_seats, stock, store


def options(state: PMap, seat: int | None, secondary: bool) -> list[Option]:
    table = state["data"]
    who = powers.activator(state, table, secondary)
    if seat is None or refused(who) or who[0] != seat or who[1] is None:
        return []
    tile, value = table["turn"]["tile"], who[1]
    if tile is None:
        return []
    found = _POWER_OPTIONS[kind(tile)](state, table, seat, tile, value)
    if table["turn"]["looker"] is None:
        full = kind(tile) == "cards" and not _rows(table, seat, tile)
        rows = CARD_ROWS[CARD_TILES[tile]] if full else []
        why = f"row {rows[0]} is full" if len(rows) == 1 else "rows full"  # on the box's two lines beside the tile's
        found.append(Option(f"Give up {tile}: {why}" if full else f"Do not use {tile}", "Skip",
                            {"type": "advance", "use": False}))
    return found


def _rows(table: Mapping[str, Any], seat: int, tile: str) -> list[int]:
    """The rows of the player's board with an empty space for a card of the tile's deck."""
    return rows_for(table["boards"][seat], row_spaces(table), CARD_TILES[tile])


def _keep(label: str, short: str, action: dict[str, Any], fields: dict[str, Any], deck_name: str, rows: list[int],
          **more: Any) -> list[Option]:
    """A card kept: a Master Builder goes on row 1 or 2 "at the player's choice", asked when both have an empty
    space (a card named on the phone: one more field; a card the box drew: a way per row, one press or tap
    each), else on the one that has; a Workshop or an Order on its own row."""
    if len(CARD_ROWS[deck_name]) == 1:
        return [Option(label, short, action, fields=fields, **more)]
    if len(rows) == 1:  # the row said with the card picked (the label on the box's two lines), else by the label
        on_row = f" (on row {rows[0]})"
        if fields:
            fields = {**fields, "keep": {**fields["keep"], "title": fields["keep"]["title"] + on_row}}
        return [Option(label + ("" if fields else on_row), short, {**action, "row": rows[0]}, fields=fields, **more)]
    if fields:
        row = {"title": "the row it goes on", "enum": rows, "enumNames": [f"row {r}" for r in rows]}
        return [Option(label, short, action, fields={**fields, "row": row}, **more)]
    return [Option(f"{label} on row {r}", short, {**action, "row": r}, under=label, **more) for r in rows]


def _raw(state: PMap, table: Mapping[str, Any], seat: int, tile: str, value: int) -> list[Option]:
    """The cubes gained: into the stock; or onto a card that takes them (the buttons: one card; the phone:
    each cube where the player wants it, stock cubes thrown out to make room). What loses no cube comes first, the
    fewest lost next: a full stock's first choice is not "6 lost"."""
    raw = tile.lower()
    base = {"type": "advance", "use": True}
    board = table["boards"][seat]
    held = stock(state, seat)
    space = STOCK_SPACES - sum(held.values())
    lost = f" ({value - space} lost)" if value > space else ""
    ways = [(max(0, value - space), Option(f"Take {value} {raw} into the stock{lost}", "Take", base))]
    takers = [k for k in keys(board) if room(card_at(board, k), raw)]
    for key in takers:
        onto = min(value, room(card_at(board, key), raw))
        rest = value - onto
        # The rest into the stock, as the field says: the label names what is lost ("1 wool onto Movement +-1, 2 lost";
        # the cubes taken, 5 wool, are the step's line), on the box's two lines
        lost_here = f", {rest - space} lost" if rest > space else ""
        ways.append((max(0, rest - space), Option(f"{onto} {raw} onto {title(card_at(board, key))}{lost_here}",
                                                   "Onto", {**base, "onto": [key] * onto})))
    found = [option for _, option in sorted(ways, key=lambda way: way[0])]
    fields = {}
    if takers:
        fields["onto"] = {"title": "cubes onto your cards (the rest into the stock)", "type": "array", "maxItems": value,
                          "minItems": 0, "maxEach": [min(value, room(card_at(board, k), raw)) for k in takers],
                          "items": {"enum": takers, "enumNames": [shown(card_at(board, k)) for k in takers]}}
    if value > space and sum(held.values()):  # "It is permissible to discard cubes and replace them with others just obtained"
        kinds = [r for r in RAWS if held[r]]
        fields["drop"] = {"title": "stock cubes thrown out for new ones", "type": "array", "minItems": 0,
                          "maxItems": min(sum(held.values()), value), "maxEach": [held[r] for r in kinds], "items": {"enum": kinds}}
    if fields:
        found.append(Option(f"Take {value} {raw}: where each goes", "Where", base, fields=fields))
    return found


def _cards(state: PMap, table: Mapping[str, Any], seat: int, tile: str, value: int) -> list[Option]:
    deck_name = CARD_TILES[tile]
    deck = state["decks"][deck_name]
    looking = list(dict.fromkeys(deck["looking"]))
    rows = _rows(table, seat, tile)
    if table["turn"]["looker"] == seat:
        return ([way for card in looking if rows for way in _keep(f"Keep {card}", "Keep", {"type": "advance", "keep": card},
                                                                  {}, deck_name, rows)]
                + [Option("Keep none", "None", {"type": "advance", "keep": None})])
    left = len(deck["draw"]) if deck["known"] else deck_size(deck_name, len(state["players"])) - len(deck["out"])
    if left <= 0 or not rows:  # no card left, or no space for one: the action is given up
        return []
    n = min(value, left)
    if deck["mode"] == "virtual":
        return [Option(f"Draw {counted(n, f'{tile} card')}", "Draw", {"type": "look", "deck": deck_name, "n": n})]
    if deck["known"]:
        fields = {"keep": {"title": f"the {tile} card kept", "enum": sorted(set(deck["draw"]))}}
    else:
        fields = pick_fields(deck_name, list(deck["out"]), order_like=order_like_left(deck_name, deck["out"]))
    # "Draw 6 Master Builder, keep one": the deck's name, on the box's two lines (the card picked or tapped)
    return [*_keep(f"Draw {n} {tile}, keep one", "Keep", {"type": "advance"},
                   fields, deck_name, rows, taps=deck_name),
            Option(f"Draw {n} {tile}, keep none", "None", {"type": "advance", "keep": None})]


def _market(state: PMap, table: Mapping[str, Any], seat: int, tile: str, value: int) -> list[Option]:
    bonus = market.bonus(table["market"])
    found = []
    for good, have in store(state, seat).items():
        most = min(value, have)
        if not most:
            continue
        each = prices(table)[good] + bonus
        action, fields = {"type": "advance", "good": good}, {}
        if most > 1:
            fields["n"] = {"type": "integer", "title": f"{good} sold", "minimum": 1, "maximum": most, "default": most}
        else:
            action["n"] = 1
        with_lower(action, fields, table["prices"][good])
        sold = f"up to {most}" if most > 1 else "1"
        found.append(Option(f"Sell {good}: {each} VP each, {sold}", "Sell", action, fields=fields))
    return found


def _port(state: PMap, table: Mapping[str, Any], seat: int, tile: str, value: int) -> list[Option]:
    found = []
    for good, have in store(state, seat).items():
        if not have or good in table["ports"][tile]:
            continue
        pieces = table["prices"][good]
        now = market.price(pieces)
        ways = ["stay", "up"] + [k for k, (piece, _) in market.LOWER.items() if pieces[piece]]
        names = [f"stays at {now}", f"up to {now + 1}"] + [
            f"down to {now - 1} ({SWAPPED if k == 'two' else LOWER_NAMES[k]})" for k in ways[2:]]
        found.append(Option(f"Export 1 {good}: {value} VP", "Export", {"type": "advance", "good": good},
                            fields={"price": {"title": f"the {good} price", "enum": ways, "enumNames": names}}))
    return found


_POWER_OPTIONS = {"raw": _raw, "cards": _cards, "market": _market, "port": _port}


def tapped(state: PMap, deck: str, card: str) -> Mapping[str, Any] | Refused:
    """A real card tapped on the reader while a card tile is activated: the card kept."""
    if state["flow"] is None:
        return Refused("the game has not started")
    tile = state["data"]["turn"]["tile"]
    if not in_step(state, ACTIVATE, SECONDARY) or tile is None or CARD_TILES.get(tile) != deck:
        return Refused("a card is tapped when it is kept from the activated Workshop, Order or Master Builder tile")
    read = READ[deck](card)
    if read is None:
        return Refused(f"{card} is not a card of this deck as printed")
    known = state["decks"][deck]["known"]
    return {"type": "advance", **({"keep": read["card"]} if known else picked(deck, read["card"]))}


def status(state: PMap, secondary: bool) -> str:
    table = state["data"]
    who = powers.activator(state, table, secondary)
    tile = table["turn"]["tile"] or "?"
    value = who[1] if not refused(who) else None
    return f"{tile} at {value}" if value is not None else f"Activate {tile}"


def _off_the_tile(state: PMap, seat: int) -> bool:
    """Phase 4 is for the others with a Burgher or a die on the activated tile (powers.secondary_seats)."""
    return seat not in dict(secondary_seats(state, state["data"]))


def _activation(secondary: bool) -> dict[str, Any]:
    """What phases 3 and 4 share, for the active player's activation or (`secondary`) the others'."""
    return {"options": lambda state, seat: options(state, seat, secondary), "status": lambda state: status(state, secondary),
            "handlers": {"advance": lambda e: powers.activate(e, secondary), "look": lambda e: powers.look(e, secondary)}}


ACTIVATE = Step("ACTIVATE", "Phase 3: activate the tile", done="Done", undone="activating the tile", **_activation(False))
SECONDARY = Step("SECONDARY", "Phase 4: secondary activations", EACH, done="Done",
                 undone="the secondary activations", skip=_off_the_tile, **_activation(True))
