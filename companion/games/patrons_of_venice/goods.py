"""The Patrons of Venice: the Raw Good cards, and where a sold card goes (SPEC.md 1.2-1.4).

A card is named by its good and printed value, "Wool 3", or "Pirates!". The
rulebook does not list the deck (how many of each good, which values), so a
card the players have not named is None: the companion then asks for its
value where a price depends on it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.core.deck import SHUFFLE_INTO_REMAINING, DeckSpec
from companion.core.result import Refused

RAW_GOODS = ("Lumber", "Wool", "Iron", "Hemp", "Silk", "Grain", "Wine", "Pepper")
MANUFACTURED = ("Cloth", "Canvas")
PIRATES = "Pirates!"
DECK_SIZE = 69  # [R l.40]
PIRATE_CARDS = 4  # [R l.137]
# Sold, these go to the discard pile instead of the Market; dealt to a hand or
# the Market at setup, they are replaced [R l.93, l.145].
STAPLES = ("Grain", "Wine", "Pepper")

# What a business consumes to make one good [R l.75, l.172, l.185]: the rulebook's text gives these.
RECIPES = {"draper": ("Wool",), "canvaser": ("Hemp",), "tent": ("Lumber", "Silk", "Canvas")}
# The luxuries whose three goods are printed only on the player board (SPEC 1.10.3): the table enters them
# once on the New game page (the box keeps them for the next game), and a virtual deck needs them.
ASKED = {"wainwright": "Wagon", "armour": "Armour", "clothing": "Clothing", "gondola_maker": "Gondola"}
RECIPE_SIZE = 3
RECIPE_FIELD = {
    "title": "Luxury recipes (printed on the player board)", "type": "object",
    "description": "The three goods each luxury uses, as your player board shows them. A virtual deck needs "
                   "them: the box then takes those cards from the player's hand when he produces.",
    "properties": {kind: {"title": product, "type": "array", "default": [],  # three goods, one picker each
                          "items": [{"title": f"good {i + 1}", "enum": list(RAW_GOODS + MANUFACTURED)}
                                    for i in range(RECIPE_SIZE)]}
                   for kind, product in ASKED.items()},
}


# The highest value a Good card may be named with: the rulebook prints no card's value ("The numbers on the Good
# Cards indicate their value at the Market"), so a value above this is taken for a slip ("Wool 99"), not a card.
VALUE_MOST = 10
MADE_MOST = VALUE_MOST  # a Manufactured Good card's (Cloth, Canvas)
# The value printed on the Cloth and Canvas cards (the 18 Manufactured Good cards): not in the rulebook's text.
# Entered once, on the New game page or the first time a virtual hand's one is sold; the box keeps it.
VALUE_FIELD = {
    "title": "Cloth and Canvas card values (printed on the cards)", "type": "object",
    "description": "The Ducats printed on the Manufactured Good cards, for a virtual deck's Cloth and Canvas sold "
                   "at the Market. Left empty, each is asked the first time one is sold; the box keeps it.",
    "properties": {g: {"title": g, "type": "integer", "minimum": 1, "maximum": MADE_MOST} for g in MANUFACTURED},
}


def check_values(setup: Mapping[str, Any]) -> Refused | None:
    given = setup.get("made_values")
    if given is not None and (not isinstance(given, Mapping) or any(
            g not in MANUFACTURED or type(v) is not int or not 1 <= v <= MADE_MOST for g, v in given.items())):
        return Refused(f"made_values: the Ducats printed on the Cloth and Canvas cards, 1 to {MADE_MOST}")
    return None


def made_card(table: Mapping[str, Any], product: str) -> str:
    """The Manufactured Good card a virtual hand takes (`table`: the game's data): with its value, once the table
    has said it."""
    known = (table.get("made_values") or {}).get(product)
    return f"{product} {known}" if known else product


def check_recipes(setup: Mapping[str, Any]) -> Refused | None:
    """Why the luxury recipes the table entered are refused, or None."""
    given = setup.get("recipes")
    if given is not None:
        if not isinstance(given, Mapping) or not set(given) <= set(ASKED):
            return Refused(f"recipes: the goods of each of {', '.join(ASKED.values())}")
        for kind, goods_used in given.items():
            if not isinstance(goods_used, list) or len(goods_used) not in (0, RECIPE_SIZE) or not all(
                    g in RAW_GOODS + MANUFACTURED for g in goods_used):
                return Refused(f"recipes: the {ASKED[kind]} uses {RECIPE_SIZE} goods, each one of {', '.join(RAW_GOODS + MANUFACTURED)}")
    return None


def recipes_for_a_virtual_deck(setup: Mapping[str, Any]) -> Refused | None:
    """A game with a virtual deck needs every luxury's recipe."""
    given = setup.get("recipes")
    if (setup.get("deck_modes") or {}).get("raw_goods") == "virtual":
        missing = [product for kind, product in ASKED.items() if len((given or {}).get(kind) or ()) != RECIPE_SIZE]
        if missing:
            return Refused(f"a virtual deck needs the goods each luxury uses, as printed on the player board: enter those of "
                    f"the {', the '.join(missing[:-1])}{' and the ' if len(missing) > 1 else ''}{missing[-1]} "
                    f"under “Luxury recipes” ({RECIPE_SIZE} goods each)")
    return None

_CARD = re.compile(r"(?P<good>[A-Z][a-z]+) (?P<value>\d{1,2})\Z")


def good(card: str | None) -> str | None:
    """The good a card carries ("Wool"), "Pirates!", or None when unknown."""
    if card is None:
        return None
    if card == PIRATES:
        return PIRATES
    m = _CARD.match(card)
    return m["good"] if m else None


def good_in_hand(card: str | None) -> str | None:
    """The good a hand card carries: a Raw Good's ("Wool 3" is Wool), or a Manufactured Good's ("Cloth",
    or "Cloth 4" where the card shows a value)."""
    if card in MANUFACTURED:
        return card
    return good(card)


def inputs_in_hand(hand: list[str], needs: tuple[str, ...]) -> list[str] | None:
    """The cards of `hand` that give each good of `needs` (the lowest value first), or None when one is missing."""
    left, taken = sorted(hand, key=lambda c: (value(c) or 0, c)), []
    for wanted in needs:
        card = next((c for c in left if good_in_hand(c) == wanted), None)
        if card is None:
            return None
        left.remove(card)
        taken.append(card)
    return taken


def value(card: str | None) -> int | None:
    """The printed value, or None when the card is unknown (or Pirates!)."""
    m = _CARD.match(card) if card else None
    return int(m["value"]) if m else None


def check_raw_card(card: str) -> Refused | None:
    """Why `card` is not a Raw Good card name (a refusal), or None."""
    if card == PIRATES:
        return None
    m = _CARD.match(card)
    if not m or m["good"] not in RAW_GOODS:
        return Refused(f"a Raw Good card is a good and its printed value, such as “Wool 3” ({', '.join(RAW_GOODS)}), or {PIRATES}")
    return _printable(m)


def _printable(m: re.Match) -> Refused | None:
    if not 1 <= int(m["value"]) <= VALUE_MOST:
        return Refused(f"no {m['good']} card is worth {int(m['value'])}: a Good card's value is 1 to {VALUE_MOST}")
    return None


def check_hand_card(card: str) -> Refused | None:
    """Why `card` cannot be sold from a hand: a Raw Good, or Cloth/Canvas (with a printed value, or a virtual
    hand's whose value is said as it is sold)."""
    m = _CARD.match(card)
    if card in MANUFACTURED:
        return None
    if m and m["good"] in MANUFACTURED:
        return _printable(m)
    if card == PIRATES:
        return Refused("a Pirates! card is never in a hand")
    return check_raw_card(card)


def check_deck(counts: Mapping[str, int]) -> Refused | None:
    """Why an entered Raw Good deck is not the game's: 69 cards, 4 of them Pirates!."""
    total = sum(counts.values())
    if total != DECK_SIZE:
        return Refused(f"the Raw Good deck has {DECK_SIZE} cards, not {total}")
    if counts.get(PIRATES, 0) != PIRATE_CARDS:
        return Refused(f"the Raw Good deck has {PIRATE_CARDS} {PIRATES} cards, not {counts.get(PIRATES, 0)}")
    return None


def sold_to_market(card: str | None) -> bool:
    """A sold card goes to the Market, except Grain, Wine and Pepper, which are discarded."""
    return good(card) not in STAPLES


def allowed_at_setup(card: str, place: str) -> bool:
    """Setup's replacement rule [R l.93]: no Pirates! anywhere; no staples in a hand or the Market."""
    if card == PIRATES:
        return False
    return place == "ship" or good(card) not in STAPLES


def _all_pirates_discarded(deck) -> bool:
    return list(deck["discard"]).count(PIRATES) >= PIRATE_CARDS


# Real cards by default: the rulebook does not list the deck (SPEC.md 1.4). A
# table that enters its 69 cards (setup "compositions") may play it virtually.
RAW_DECK = DeckSpec(
    "raw_goods", "Raw Good", None, mode="mirror", when_short=SHUFFLE_INTO_REMAINING,
    reshuffle_when=_all_pirates_discarded, check_card=check_raw_card, check_composition=check_deck,
    public_out=False, examples=("Wool 3 x8", "Pirates! x4"),
    tag_once=True,  # a card tapped on the reader carries its tag: tapped twice, it is counted once (sail.py)
)
