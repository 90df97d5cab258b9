"""La Venise du Nord: the goods, the raw materials, and the three decks (SPEC.md 4.1, 4.4).

The rulebook lists none of the decks card by card, so a card is named by what
is printed on it, and the companion reads its name:

  Order           "Lace +1", "Jewelry +2"
  Workshop        "Lace 2 cost 2 gold 1 flax": makes lace, stores 2 flax once built, and is built with
                  2 gold and 1 flax ("The bottom squares show the workshop's construction cost ...
                  Example: 2 gold and 1 flax" [R l.335-337]): those cubes pay it, no others
  Master Builder  "Bridge bonus cost 2 wool", "Movement +-1 cost 1 flax 1 gold", "Activation +-1 cost 2 gold",
                  "Price shift Lace cost 2 flax", "Fill stock cost 3 wool", "Order Lace +1 cost 1 flax":
                  the activation cost by colour, as printed (SPEC 4.3: read like the workshops' costs)

A cost names each colour once, in any order; the companion writes it wool, flax, gold.

The decks are real cards by default (mirror mode): the players draw them and
the companion records the card kept, picked (never typed) from what the rulebook
describes: an Order card among the six; a Workshop or Master Builder by its face,
then its printed cost among every cost of 1 to 6 cubes (`pick_fields`). A deck is
virtual once its cards are entered at setup (`compositions`), checked against
what the rulebook says.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from itertools import combinations, product
from typing import Any

from companion.core.deck import NO_RESHUFFLE, DeckSpec
from companion.core.fields import likeliest_first
from companion.core.result import Refused

GOODS = ("clothing", "lace", "jewelry")
RAWS = ("wool", "flax", "gold")
RAW_OF = dict(zip(GOODS, RAWS))  # a workshop of a good stores its raw material
GOOD_OF = dict(zip(RAWS, GOODS))

ORDER_COUNT, WORKSHOP_COUNT, BUILDER_COUNT, ORDER_LIKE_COUNT = 24, 15, 16, 3
# With 2 players 2 Order cards of each type come out, with 3 players 1; never a +2 card [R l.121].
ORDER_REMOVALS = {2: {f"{g.capitalize()} +1": 2 for g in GOODS}, 3: {f"{g.capitalize()} +1": 1 for g in GOODS}}

_GOOD = "(clothing|lace|jewelry)"
_ORDER = re.compile(rf"^{_GOOD} \+([12])$", re.I)
_COST = r"cost ((?:[1-6] (?:wool|flax|gold) ?)+)"
_WORKSHOP = re.compile(rf"^{_GOOD} ([1-3]) {_COST}$", re.I)
_BUILDER = re.compile(rf"^(bridge bonus|movement \+-1|activation \+-1|price shift {_GOOD}|fill stock|order {_GOOD} \+([12])) "
                      rf"{_COST}$", re.I)
# The scoring module's Master Builder kinds, by the start of the card's name.
KINDS = {"bridge bonus": "bridge_bonus", "movement": "move_die_pm1", "activation": "activation_die_pm1",
         "price shift": "price_shift", "fill stock": "fill_stock", "order": "order_like"}


def _words(text: object) -> str | None:
    return " ".join(text.split()) if isinstance(text, str) else None


def read_cost(text: str) -> dict[str, int] | None:
    """{raw: cubes} of a printed cost such as "2 gold 1 flax" (each colour once), or None."""
    parts = text.lower().split()
    cost = {}
    for n, raw in zip(parts[::2], parts[1::2]):
        if raw in cost:
            return None
        cost[raw] = int(n)
    return {raw: cost[raw] for raw in RAWS if raw in cost}


def cost_words(cost: Mapping[str, int]) -> str:
    """A cost as the companion writes it: "1 flax 2 gold" (wool, flax, gold)."""
    return " ".join(f"{cost[raw]} {raw}" for raw in RAWS if cost.get(raw))


def order(name: object) -> dict[str, Any] | None:
    """{"card", "good", "value"} of an Order card's name, or None."""
    m = _ORDER.match(_words(name) or "")
    if not m:
        return None
    good = m.group(1).lower()
    return {"card": f"{good.capitalize()} +{m.group(2)}", "good": good, "value": int(m.group(2))}


def workshop(name: object) -> dict[str, Any] | None:
    """{"card", "good", "capacity", "cost": {raw: n}} of a Workshop card's name, or None."""
    m = _WORKSHOP.match(_words(name) or "")
    if not m:
        return None
    good, capacity, cost = m.group(1).lower(), int(m.group(2)), read_cost(m.group(3))
    if cost is None or sum(cost.values()) > 6:
        return None
    return {"card": f"{good.capitalize()} {capacity} cost {cost_words(cost)}", "good": good, "capacity": capacity,
            "cost": cost}


def builder(name: object) -> dict[str, Any] | None:
    """{"card", "kind", "good", "value", "cost": {raw: n}} of a Master Builder card's name, or None. `good` is the
    price-shift card's raised good or the order-like card's good; `value` the order-like card's +1/+2."""
    m = _BUILDER.match(_words(name) or "")
    if not m:
        return None
    effect, cost = m.group(1).lower(), read_cost(m.group(5))
    if cost is None or sum(cost.values()) > 6:
        return None
    kind = next(k for start, k in KINDS.items() if effect.startswith(start))
    good = (m.group(2) or m.group(3) or "").lower() or None
    value = int(m.group(4)) if m.group(4) else None
    shown = {"bridge_bonus": "Bridge bonus", "move_die_pm1": "Movement +-1", "activation_die_pm1": "Activation +-1",
             "fill_stock": "Fill stock", "price_shift": f"Price shift {(good or '').capitalize()}",
             "order_like": f"Order {(good or '').capitalize()} +{value}"}[kind]
    return {"card": f"{shown} cost {cost_words(cost)}", "kind": kind, "good": good, "value": value, "cost": cost}


def _problem(read, example: str):
    def why(name: str) -> Refused | None:
        card = read(name)
        if card is None:
            return Refused(f"name it as printed, such as “{example}”")
        # Read, but written another way ("2 gold 1 flax"): one name per card, so say which.
        return None if card["card"] == name else Refused(f"write it “{card['card']}” (costs in the order wool, flax, gold)")
    return why


def _check_orders(counts: Mapping[str, int]) -> Refused | None:
    total = sum(counts.values())
    if total != ORDER_COUNT:
        return Refused(f"the Order deck has {ORDER_COUNT} cards, not {total}")
    short = [g for g in GOODS if counts.get(f"{g.capitalize()} +1", 0) < 2]
    if short:
        return Refused(f"every type needs at least two +1 cards (2 come out with 2 players); {short[0]} has fewer")
    return None


def _check_workshops(counts: Mapping[str, int]) -> Refused | None:
    total = sum(counts.values())
    return None if total == WORKSHOP_COUNT else Refused(f"the Workshop deck has {WORKSHOP_COUNT} cards, not {total}")


def _check_builders(counts: Mapping[str, int]) -> Refused | None:
    total = sum(counts.values())
    if total != BUILDER_COUNT:
        return Refused(f"the Master Builder deck has {BUILDER_COUNT} cards, not {total}")
    kinds = Counter()
    for card, k in counts.items():
        kinds[builder(card)["kind"]] += k
    if kinds["order_like"] != ORDER_LIKE_COUNT:
        return Refused(f"{ORDER_LIKE_COUNT} Master Builders work like Order cards, not {kinds['order_like']}")
    return None


ORDERS = DeckSpec("orders", "Order", None, mode="mirror", when_short=NO_RESHUFFLE, shuffle_rest=True, tag_once=True,
                  check_card=_problem(order, "Lace +1"), check_composition=_check_orders, removals=ORDER_REMOVALS,
                  examples=("Lace +1 x2", "Clothing +2"))
WORKSHOPS = DeckSpec("workshops", "Workshop", None, mode="mirror", when_short=NO_RESHUFFLE, shuffle_rest=True, tag_once=True,
                     check_card=_problem(workshop, "Lace 2 cost 1 flax 2 gold"), check_composition=_check_workshops,
                     examples=("Lace 2 cost 1 flax 2 gold", "Jewelry 1 cost 2 wool"))
BUILDERS = DeckSpec("builders", "Master Builder", None, mode="mirror", when_short=NO_RESHUFFLE, shuffle_rest=True, tag_once=True,
                    check_card=_problem(builder, "Fill stock cost 3 wool"), check_composition=_check_builders,
                    examples=("Fill stock cost 1 wool 2 gold", "Order Lace +1 cost 2 flax"))
DECKS = (ORDERS, WORKSHOPS, BUILDERS)
READ = {ORDERS.name: order, WORKSHOPS.name: workshop, BUILDERS.name: builder}


# --- a real card kept, picked from what the rulebook says each deck holds ----------------------------------
# The rulebook names every Order card (a good, +1 or +2 [R l.355-361]), each Workshop's face (a good and a
# capacity of 1 to 3) and each Master Builder's effect (the appendix), but no card's printed cost (1 to 6
# cubes by colour): a card is picked by its face, then its cost from every cost there can be, in groups.

ORDER_CARDS = tuple(f"{g.capitalize()} +{v}" for g in GOODS for v in (1, 2))
WORKSHOP_FACES = tuple(f"{g.capitalize()} {n}" for g in GOODS for n in (1, 2, 3))
_ORDER_LIKE = tuple(f"Order {g.capitalize()} +{v}" for g in GOODS for v in (1, 2))
BUILDER_FACES = ("Bridge bonus", "Movement +-1", "Activation +-1", "Fill stock",
                 *(f"Price shift {g.capitalize()}" for g in GOODS), *_ORDER_LIKE)
_BUILDER_GROUPS = ("Bridge, dice or stock",) * 4 + ("Price shift",) * 3 + ("Like an Order",) * 6
FACES = {"orders": ORDER_CARDS, "workshops": WORKSHOP_FACES, "builders": BUILDER_FACES}


def _cost_group(cost: Mapping[str, int]) -> tuple[int, str]:
    """(its place, its group): one colour; two colours, up to 4 cubes or more; all three, up to 5 or 6."""
    colours, n = [raw for raw in RAWS if cost.get(raw)], sum(cost.values())
    if len(colours) == 1:
        return RAWS.index(colours[0]), colours[0].capitalize()
    if len(colours) == 2:
        pair = list(combinations(RAWS, 2)).index(tuple(colours))
        return 3 + 2 * pair + (n > 4), f"{colours[0].capitalize()} and {colours[1]}, {'2-4' if n <= 4 else '5-6'} cubes"
    return 9 + (n > 5), f"All three, {'3-5' if n <= 5 else '6'} cubes"


def _cost_field() -> dict[str, Any]:
    costs = [{raw: k for raw, k in zip(RAWS, split) if k}
             for split in product(range(7), repeat=3) if 1 <= sum(split) <= 6]
    costs.sort(key=lambda c: (_cost_group(c)[0], sum(c.values()), [-c.get(raw, 0) for raw in RAWS]))
    return {"title": "its cost, as printed", "enum": [cost_words(c) for c in costs],
            "enumGroups": [_cost_group(c)[1] for c in costs]}


COST = _cost_field()


def deck_size(deck_name: str, players: int) -> int:
    """How many cards the deck holds in a game of `players` [R l.42-57, l.121]."""
    total = {"orders": ORDER_COUNT, "workshops": WORKSHOP_COUNT, "builders": BUILDER_COUNT}[deck_name]
    return total - sum(ORDER_REMOVALS.get(players, {}).values()) if deck_name == "orders" else total


def order_like_left(deck_name: str, out: list[str]) -> bool:
    """Whether a Master Builder that works like an Order may still be kept: the deck has 3 [R l.575-578]."""
    return deck_name != "builders" or sum(builder(c)["kind"] == "order_like" for c in out) < ORDER_LIKE_COUNT


def face(card: str) -> str:
    """A card's name without its cost: "Lace 2", "Fill stock", "Lace +1"."""
    return card.split(" cost ")[0]


def pick_fields(deck_name: str, seen: list[str], order_like: bool = True) -> dict[str, Any]:
    """The fields that pick a real card of the deck: its face (the cards this game has seen first), then, but for
    an Order card, its printed cost. `order_like`: whether a Master Builder that works like an Order may still be
    kept (the deck has 3)."""
    label = next(d.label for d in DECKS if d.name == deck_name)
    faces = [f for f in FACES[deck_name] if order_like or f not in _ORDER_LIKE]
    keep: dict[str, Any] = {"title": f"the {label} card kept", "enum": faces}
    if deck_name == "builders":
        keep["enumGroups"] = [g for f, g in zip(BUILDER_FACES, _BUILDER_GROUPS) if f in faces]
    fields = {"keep": likeliest_first(keep, [face(c) for c in seen])}
    if deck_name != "orders":
        fields["cost"] = likeliest_first(COST, [c.split(" cost ")[1] for c in seen if " cost " in c])
    return fields


def picked(deck_name: str, card: str) -> dict[str, str]:
    """A card's name (as the companion writes it) as `pick_fields` pick it: {"keep"} or {"keep", "cost"}."""
    return {"keep": card} if deck_name == "orders" else {"keep": face(card), "cost": card.split(" cost ")[1]}


def named(action: Mapping[str, Any]) -> Any:
    """The card an input keeps, by name: its `keep`, with its `cost` when it was picked in two parts."""
    card, cost = action.get("keep"), action.get("cost")
    return f"{card} cost {cost}" if isinstance(card, str) and isinstance(cost, str) else card
