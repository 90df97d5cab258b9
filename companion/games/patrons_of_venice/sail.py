"""SAIL_DRAW and SAIL_PIRATES, the companion's steps of a Sail [R l.126-137]: draw one New Shipment card per
player; if a Pirates! is among them, every unreserved rightmost shipment goes to the Pirate Wharf, then the
Pirates! are discarded and replaced (a Pirates! drawn as a replacement causes no second raid), and the
discard pile goes back into the deck at once when it holds all four Pirates!.

With the table's own deck the companion draws; with real cards the table says what it drew: whether a
Pirates! was among them, and the cards, picked by their good then their value (or tapped on the reader)."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.options import Option
from companion.core.flow import TABLE, Step
from companion.core.edit import Edit
from companion.core.words import counted, listing

from . import goods
from .cards import RAW, Chance, card_field, not_a_card, pirates_left
from .goods import RAW_DECK
from .table import doing, name, virtual
from .unload import to_unload


def draw(e: Edit) -> None:
    """Draw the New Shipments (virtual), or take the table's word on what it drew; then the raid."""
    n, table = len(e.state["players"]), e.data
    if virtual(e.state):
        deck = e.deck(RAW)
        before = len(deck["out"])
        k = min(n, len(deck["draw"]) + len(deck["discard"]))
        if k < n:
            e.say(f"Only {counted(k, 'Raw Good card')} {'is' if k == 1 else 'are'} left to draw.")
        if k:
            Chance(e).run(lambda order: deck_mod.draw(RAW_DECK, deck, k, order))
        new = list(e.deck(RAW)["out"][before:])
    else:
        cards, wanted = e.action.get("cards") or [], e.action.get("pirates", False)
        if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
            e.refuse("cards: the New Shipment cards drawn, such as “Wool 3” or “Pirates!”")
        _check(e, cards)
        if type(wanted) not in (bool, int) or not 0 <= wanted <= goods.PIRATE_CARDS:
            e.refuse("pirates: whether (or how many) Pirates! cards were drawn")
        named = table["new_shipments"] + cards
        more_pirates = max(0, int(wanted) - named.count(goods.PIRATES))
        cards = cards + [goods.PIRATES] * more_pirates
        if len(named) + more_pirates > n:
            e.refuse(f"{n} New Shipment cards are drawn, not {len(named) + more_pirates}")
        if cards:
            _named(e, cards)
        new = table["new_shipments"] + cards
        new += [None] * (n - len(new))
    table["new_shipments"] = new
    table["pirates"] = new.count(goods.PIRATES)
    e.say(f"New shipments: {', '.join(c or '?' for c in new)}.")
    if table["pirates"]:
        stolen = []
        for seat, ships in enumerate(table["ships"]):
            right = ships[2]
            if right is not None and right["reserved_by"] is None:
                table["wharf"].append(right["card"])
                ships[2] = None
                table["raided"].append(seat)
                stolen.append(f"{name(e.state, seat)}'s {right['card'] or 'shipment'}")
        raid = (f"They take {listing(stolen)} to the Pirate Wharf." if stolen
                else "Every rightmost shipment is reserved: nothing is taken.")
        e.say(f"Pirates! {raid}")
        e.tell("Pirates!", raid)  # large on the box: across the table, nobody reads the log
    elif any(new):
        e.tell("New shipments", ", ".join(c or "?" for c in new))
    to_unload(e)
    if virtual(e.state):
        e.reveal("Put the New Shipment cards back on the deck.")


def _named(e: Edit, cards: list[str]) -> None:
    """Real cards named as drawn: nothing to put back on undo but the names."""
    e.draw(RAW_DECK, len(cards), "order", cards=cards, put_back="")


def _goods(new: list) -> int:
    """The New Shipments that are goods (named or not): the Pirates! among them are replaced."""
    return sum(1 for c in new if c != goods.PIRATES)


def _tapped(replacing: bool):
    """A real card named (or tapped on the reader) as it is drawn: a New Shipment (one per player), or while
    `replacing` the Pirates!, a replacement (or another Pirates!); the step goes on."""

    def handler(e: Edit) -> None:
        cards = e.action.get("cards")
        if e.action.get("deck") != RAW or not isinstance(cards, list) or not cards or virtual(e.state):
            e.refuse("name the Raw Good cards drawn")
        if not all(isinstance(c, str) for c in cards):
            e.refuse("name the cards, such as “Wool 3”")
        _check(e, cards)
        _once(e, cards)
        n, new = len(e.state["players"]), e.data["new_shipments"]
        for card in cards:
            if replacing and card != goods.PIRATES and None in new:
                new[new.index(None)] = card  # names a card drawn but not named before
            elif replacing and card != goods.PIRATES and _goods(new) >= n:
                e.refuse(f"{n} New Shipment cards in all, and they are all named")
            elif not replacing and len(new) >= n:
                e.refuse(f"{n} New Shipment cards are drawn, and they are all named")
            else:
                new.append(card)
        _named(e, cards)
        e.say(f"Drawn: {', '.join(cards)}.")

    return handler


def _check(e: Edit, cards: list[str]) -> None:
    """Each card named is one of this game's (a value a card may have; the table's deck's own, where entered)."""
    for card in cards:
        e.must(not_a_card(e.state, card, drawn=True))


def _once(e: Edit, cards: list[str]) -> None:
    """A card tapped on the reader is counted once: its tag again (a double tap, or the card lying on a ship
    tapped by mistake) is refused, until the discard pile is shuffled back into the draw pile."""
    tag = e.action.get("tag")
    if tag is None:
        return
    seen = e.data.setdefault("tags", [])
    if tag in seen:
        e.refuse(f"this {cards[0]} card was tapped already: it is counted once (tap the next card drawn)")
    seen.append(tag)


def replace_pirates(e: Edit) -> None:
    """Discard the Pirates! and replace them until there are n goods (virtual); real cards: the table
    names the replacements, or leaves them unnamed."""
    n, table = len(e.state["players"]), e.data
    chance = Chance(e)
    kept = [c for c in table["new_shipments"] if c != goods.PIRATES]
    pirates = table["new_shipments"].count(goods.PIRATES)
    if not virtual(e.state):
        cards = e.action.get("cards") or []
        if not isinstance(cards, list) or any(not isinstance(c, str) or c == goods.PIRATES for c in cards):
            e.refuse("cards: the replacement cards drawn (not Pirates!: tap or add those one by one)")
        _check(e, cards)
        for card in cards:  # a named card first names one not named before
            if None in kept:
                kept[kept.index(None)] = card
            else:
                kept.append(card)
        if len(kept) > n:
            e.refuse(f"{n} New Shipment cards in all, not {len(kept)}")
        kept += [None] * (n - len(kept))
    while pirates:
        deck = e.deck(RAW)
        chance.run(lambda order: deck_mod.discard(RAW_DECK, deck, [goods.PIRATES] * pirates, order))
        pirates = 0
        deck = e.deck(RAW)
        if not deck["discard"]:  # shuffled back into the draw pile: its cards may be drawn, and tapped, again
            table["tags"] = []
        # Only Pirates! left to draw (every good is on the table): the Sail goes on with fewer shipments.
        goods_left = sum(1 for c in [*deck["draw"], *deck["discard"]] if c != goods.PIRATES)
        if virtual(e.state) and len(kept) < n and not goods_left:
            e.say("No Raw Good card is left to replace the Pirates!.")
        elif virtual(e.state) and len(kept) < n:
            before = len(deck["out"])
            chance.run(lambda order: deck_mod.draw(RAW_DECK, deck, min(n - len(kept), goods_left), order))
            drawn = list(e.deck(RAW)["out"][before:])
            kept += [c for c in drawn if c != goods.PIRATES]
            pirates = drawn.count(goods.PIRATES)
    table["new_shipments"] = kept
    e.say(f"New shipments: {', '.join(c or '?' for c in kept)}.")
    if virtual(e.state):
        e.reveal("Put the replacement cards back on the deck.")


def _name_one(state: PMap, label: str, pirates: bool) -> Option:
    """Name one card drawn (as a tap on the reader does); the step goes on."""
    return Option(label, "Name", {"type": "draw", "deck": RAW}, taps=RAW,
                  fields={"cards": {"type": "array", "minItems": 1, "maxItems": 1, "title": "card",
                                    "items": card_field(state, "card", pirates=pirates, drawn=True)}})


def draw_options(state: PMap, seat: int | None) -> list[Option]:
    if seat is not None:
        return []
    if virtual(state):
        return [Option("Draw the new shipments", "Draw", {"type": "advance"}, button="NEXT")]
    named = state["data"]["new_shipments"]
    found = [_name_one(state, "Name a card drawn", pirates=True)] if len(named) < len(state["players"]) else []
    if goods.PIRATES in named:
        return [*found, Option("Go on: the Pirates! raid", "Go on", {"type": "advance"}, button="NEXT")]
    # A Pirates! among the cards drawn but not named: only while some are not named. It raids at once, so it asks
    # first (the box's cursor may rest on it from an earlier Sail).
    pirate = [Option("A Pirates! card was drawn", "Pirate", {"type": "advance", "pirates": True}, confirm=True)
              ] if found and pirates_left(state) else []
    return [*found, Option("No Pirates! card was drawn", "Drawn", {"type": "advance"}, button="NEXT"), *pirate]


def pirates_options(state: PMap, seat: int | None) -> list[Option]:
    if seat is not None:
        return []
    if virtual(state):
        return [Option("Replace the Pirates!", "Draw", {"type": "advance"}, button="NEXT")]
    named = [_name_one(state, "Name a replacement drawn", pirates=False)] if (
        None in state["data"]["new_shipments"] or _goods(state["data"]["new_shipments"]) < len(state["players"])) else []
    another = [Option("Another Pirates! was drawn", "Pirate", {"type": "draw", "deck": RAW, "cards": [goods.PIRATES]},
                      taps=RAW)] if pirates_left(state) else []
    return [*named, *another, Option("The Pirates! are replaced", "Drawn", {"type": "advance"}, button="NEXT")]




DRAW = Step("SAIL_DRAW", "Draw new shipments", TABLE, when=doing("SAIL"), done="Drawn", undone="drawing the new shipments",
            options=draw_options, handlers={"advance": draw, "draw": _tapped(replacing=False)})
PIRATES = Step("SAIL_PIRATES", "Replace the Pirates", TABLE,
               when=lambda s: s["data"]["action"] == "SAIL" and s["data"]["pirates"] > 0, done="Drawn",
               undone="replacing the Pirates!", options=pirates_options, handlers={"advance": replace_pirates, "draw": _tapped(replacing=True)})
