"""PRODUCE: each player in order produces as many goods as he can, each at a different business tile of
his own (another player's too, with the Guilds variant; its owner gets the income) [R l.185-223].

Where the companion holds the hand, a good is offered only when the hand holds its inputs ("the player must
have in his hand the Good Cards required"): the Raw Good cards go to the discard pile ("Raw Good Cards
consumed are discarded"), a Canvas back to its pile, and a Cloth or Canvas made comes into the hand. Where
the hand could give different cards for a good (a Wool 1 or a Wool 3), the player picks them. The rulebook's
text gives the recipes of Cloth, Canvas and the Tent; the other luxuries' are entered by the table (goods.ASKED,
needed for a virtual deck). With real cards, the table's word stands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations_with_replacement, product
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, Step
from companion.core.edit import Edit

from . import city, goods
from .goods import RAW_DECK
from .table import bank, doing, name, pay, recipe, virtual


def inputs(state: PMap, hand: list[str], kind: str) -> list[str] | None:
    """The cards a production uses from a hand the companion holds, the lowest values first ([] where it does
    not hold the hand or does not know the recipe), or None when the hand lacks one."""
    needs = recipe(state, kind)
    if not virtual(state) or needs is None:
        return []
    return goods.inputs_in_hand(list(hand), needs)


def ways(hand: list[str], needs: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The different sets of cards of `hand` that give `needs` (each sorted): a few, as a good's cards carry a few
    printed values."""
    held = Counter(hand)
    per_good = []
    for wanted, k in Counter(needs).items():
        cards = sorted(c for c in held if goods.good_in_hand(c) == wanted)
        per_good.append([combo for combo in combinations_with_replacement(cards, k)
                         if all(combo.count(c) <= held[c] for c in combo)])
    return [tuple(sorted(c for part in parts for c in part)) for parts in product(*per_good)]


def _cards_field(state: PMap, hand: list[str], kind: str) -> dict[str, dict]:
    """The sets of the player's own cards that give a recipe's goods, one to choose, where his hand gives them in
    more than one way: each a whole recipe (never two Canvas for a Tent), the cheapest first, his default."""
    needs = recipe(state, kind)
    if not virtual(state) or needs is None:
        return {}
    found = sorted(ways(hand, needs), key=lambda way: (sum(goods.value(c) or 0 for c in way), way))
    if len(found) < 2:
        return {}
    return {"cards": {"title": "cards used", "enum": [list(way) for way in found],
                      "enumNames": [" + ".join(way) for way in found], "default": list(found[0])}}


def _may(state: PMap, seat: int, index: int) -> bool:
    table = state["data"]
    business = table["businesses"][index]
    return (index not in table["produced"] and (business["owner"] == seat or state["options"]["guilds"])
            and inputs(state, table["hands"][seat], business["type"]) is not None)


def options(state: PMap, seat: int | None) -> list[Option]:
    """One option for each good the player may make and what it earns: of an owner's tiles of one type that earn
    the same, the first (which of them makes it changes nothing but which is used: each makes one good)."""
    if seat is None or seat != state["flow"]["actor"]:
        return []
    table, own_only = state["data"], state["options"]["gondola_counts"] == "own"
    found: dict[tuple[int, str, int], Option] = {}
    for i, b in enumerate(table["businesses"]):
        earns = city.income(b, table["businesses"], table["statues"], own_only)["total"] if _may(state, seat, i) else None
        if earns is not None and (b["owner"], b["type"], earns) not in found:
            # Where the companion holds the hand, what it can make tells what it holds: on the player's own phone only.
            found[b["owner"], b["type"], earns] = Option(
                f"{_made_at(state, b)}: {_earns(b, earns)}", "Make", {"type": "produce", "business": i}, private=virtual(state),
                fields=_cards_field(state, table["hands"][seat], b["type"]))
    return [*found.values(), Option("Done producing", "Done", {"type": "advance"}, button="NEXT")]


def _earns(business: Mapping[str, Any], earns: int) -> str:
    """What making it earns, as the label says it: Ducats ("+5"); a Cloth or Canvas its card too, which is all a
    lone Draper earns ("a Cloth card", never a bare "+0")."""
    kind = business["type"]
    if kind not in city.MANUFACTURING:
        return f"+{earns}"
    return f"+{earns} and a card" if earns else f"a {city.PRODUCT[kind]} card"


def _made_at(state: PMap, business: Mapping[str, Any]) -> str:
    """What a business makes and whose it is, on the box's two lines: "Cloth at Ada's" (the good names its tile)."""
    return f"{city.PRODUCT[business['type']]} at {name(state, business['owner'])}'s"


def produce(e: Edit) -> None:
    seat, table = e.state["flow"]["actor"], e.data
    index = e.action.get("business")
    if type(index) is not int or not 0 <= index < len(table["businesses"]):
        e.refuse("business: the number of a business tile in Venice")
    business = table["businesses"][index]
    label = city.LABELS[business["type"]]
    if business["owner"] != seat and not e.state["options"]["guilds"]:
        e.refuse(f"that {label} is {name(e.state, business['owner'])}'s "
                 "(producing at another player's business is the Guilds variant)")
    if index in table["produced"]:
        e.refuse(f"that {label} has produced in this action already")
    used = inputs(e.state, table["hands"][seat], business["type"])
    if used is None:
        needs = " + ".join(recipe(e.state, business["type"]))
        e.refuse(f"{name(e.state, seat)} needs {needs} in hand to make {city.PRODUCT[business['type']]} "
                 f"(in hand: {', '.join(table['hands'][seat]) or 'nothing'})")
    if used and "cards" in e.action:  # the player's own pick
        used = _picked(e, table["hands"][seat], recipe(e.state, business["type"]))
    earned = city.income(business, table["businesses"], table["statues"], e.state["options"]["gondola_counts"] == "own")
    paid = min(earned["total"], bank(e.state))  # the Bank pays what it holds: never below 0
    pay(e, None, business["owner"], paid)
    table["produced"].append(index)
    product = city.PRODUCT[business["type"]]
    e.say(f"{name(e.state, seat)} produces {product} at the {label} by {' and '.join(business['campi'])}: "
          f"{paid} to {name(e.state, business['owner'])}"
          + (f" (it earns {earned['total']}, but the Bank has only {paid} left)." if paid < earned["total"] else "."))
    if used:
        for card in used:
            table["hands"][seat].remove(card)
        raw = [c for c in used if goods.good(c) in goods.RAW_GOODS]
        if raw:  # Raw Good cards to the discard pile; a Manufactured one back to its pile [R l.191]
            e.discard(RAW_DECK, raw)  # no Pirates!: never the reshuffle
        e.say(f"{name(e.state, seat)} uses {', '.join(used)}.")
        if product in goods.MANUFACTURED:  # the Manufactured Good card into the hand
            table["hands"][seat].append(goods.made_card(table, product))
            e.say(f"{name(e.state, seat)} takes a {product} card into hand.")
    if business["type"] in city.LUXURY:
        given = sum(p["favours"] for p in e.state["counters"]["players"])
        if e.state["options"]["favours_limited"] and given >= 18:
            e.refuse("the 18 Favour cards are all given out (the table plays with the pile as a limit)")
        e.gain(seat, "favours", 1)
        e.say(f"{name(e.state, seat)} receives a Favour card.")


def _picked(e: Edit, hand: list[str], needs: tuple[str, ...]) -> list[str]:
    """The cards the player picked to give `needs`, checked against his hand."""
    picked = e.action["cards"]
    if not isinstance(picked, list) or not all(isinstance(c, str) for c in picked):
        e.refuse("cards: the cards of your hand used to make it")
    if Counter(picked) - Counter(hand):
        e.refuse(f"{e.name(e.seat)} does not hold {', '.join(sorted((Counter(picked) - Counter(hand)).elements()))}")
    if sorted(goods.good_in_hand(c) or "" for c in picked) != sorted(needs):
        e.refuse(f"cards: {' + '.join(needs)}, one card for each")
    return picked


def _nothing_to_make(state: PMap, seat: int) -> bool:
    """No business he may produce at (his own, or any with the Guilds variant) with what his hand holds: his part
    of the action is passed over."""
    return not any(_may(state, seat, i) for i in range(len(state["data"]["businesses"])))


STEP = Step("PRODUCE", "Produce goods", EACH, when=doing("PRODUCE"), done="Done", undone="producing goods", skip=_nothing_to_make,
            options=options, handlers={"produce": produce})
