"""SAIL_UNLOAD and SAIL_PLACE [R l.138-147]. Each rightmost shipment the pirates left goes to the player whose
cube is on it, or else to the ship's owner, who takes it into his hand for free or sells it at once for its
printed price; a shipment the pirates took asks nobody. Then every player shifts his two remaining
shipments one ship to the right, and from the lead each puts a New Shipment card on his empty leftmost ship.

The flow walks the ships' owners from the lead; the one who decides (the receiver) does it on his own phone."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, Step
from companion.core.edit import Edit
from companion.core.words import PARTS

from . import goods
from .cards import card_field, not_a_card
from .table import bank, doing, name
from .trade import sell_card


def receiver(state: PMap, owner: int) -> int:
    """Who decides about `owner`'s rightmost shipment: the player whose cube is on it, else the owner."""
    right = state["data"]["ships"][owner][2]
    return right["reserved_by"] if right is not None and right["reserved_by"] is not None else owner


def to_unload(e: Edit) -> None:
    """After the draw and the raid: the ships whose rightmost shipment is unloaded; with none, the shift."""
    e.data["unloading"] = [s for s, ships in enumerate(e.data["ships"]) if ships[2] is not None]
    if not e.data["unloading"]:
        _shift(e)


def skip(state: PMap, owner: int) -> bool:
    """An owner with nothing to unload (the pirates took it, or the ship was empty) is not asked."""
    return owner not in state["data"]["unloading"]


def _shift(e: Edit) -> None:
    for ships in e.data["ships"]:
        ships[2], ships[1], ships[0] = ships[1], ships[0], None
    e.say("The shipments move one ship to the right.")


def _unloaded(e: Edit) -> tuple[int, dict, str]:
    """Empty the actor's rightmost ship: (its owner, the shipment, how the log names it)."""
    owner = e.state["flow"]["actor"]
    right = e.data["ships"][owner][2]
    e.data["ships"][owner][2] = None
    e.data["unloading"].remove(owner)
    who = receiver(e.state, owner)
    return who, right, _shipment(e.state, owner, who, right["card"])


def _shipment(state: PMap, owner: int, who: int, card: str | None) -> str:
    """The shipment as its receiver reads it: "Wool 3", "the shipment", "Bea's Wool 3", "Bea's shipment"."""
    if who == owner:
        return card or "the shipment"
    return f"{name(state, owner)}'s {card or 'shipment'}"


def take(e: Edit) -> None:
    who, right, what = _unloaded(e)
    if right["card"] is not None:
        e.data["hands"][who].append(right["card"])
    e.say(f"{name(e.state, who)} takes {what} into hand.")
    if not e.data["unloading"]:
        _shift(e)


def sell(e: Edit) -> None:
    card = e.data["ships"][e.state["flow"]["actor"]][2]["card"] or e.action.get("card")
    if not isinstance(card, str) or card == goods.PIRATES:
        e.refuse("card: pick the shipment's card, such as “Wool 3”, to sell it at its price")
    e.must(not_a_card(e.state, card), "card: {}")
    who, _, _ = _unloaded(e)
    sell_card(e, who, card)
    if not e.data["unloading"]:
        _shift(e)


def unload_options(state: PMap, seat: int | None) -> list[Option]:
    owner = state["flow"]["actor"]
    if seat is None or seat != receiver(state, owner):
        return []
    card = state["data"]["ships"][owner][2]["card"]
    what = _shipment(state, owner, seat, card)
    # "Hand" over NEXT: "Take" is the word over ACTION that takes a value picked (the card sold).
    take_it = Option(f"Take {what} into hand", "Hand", {"type": "advance"}, button="NEXT")
    if card is None:  # the card picked: what the Bank can pay for
        field = card_field(state, seat=seat, most=bank(state))
        return [take_it, *([Option("Sell it", "Sell", {"type": "advance", "action": "sell"},
                                   fields={"card": field})] if field["enum"] else [])]
    if goods.value(card) > bank(state):
        return [take_it]
    return [take_it, Option(f"Sell {what} for {goods.value(card)}", "Sell", {"type": "advance", "action": "sell"})]


def unload_acting(state: PMap) -> tuple[int, ...]:
    return (receiver(state, state["flow"]["actor"]),)


def unload_status(state: PMap) -> str:
    """The shipment in port and whose ship it is ("Unload Lumber 2 · Ada's ship", "Unload Ada's shipment"): the one
    who decides is on the box's big line, and may hold another player's shipment next (the options say it as he
    reads it: "Take the shipment into hand"). The box shows the card first where both do not fit."""
    owner = state["flow"]["actor"]
    card = state["data"]["ships"][owner][2]["card"]
    return f"Unload {card}{PARTS}{name(state, owner)}'s ship" if card else f"Unload {name(state, owner)}'s shipment"


def place(e: Edit) -> None:
    seat, new = e.state["flow"]["actor"], e.data["new_shipments"]
    if not new:  # the deck ran out of goods: this ship stays empty
        e.say(f"No New Shipment card is left for {name(e.state, seat)}'s leftmost ship.")
        return
    card = e.action.get("card", new[0])
    if card not in new:
        e.refuse(f"card: one of the New Shipment cards ({', '.join(c or '?' for c in new)})")
    new.remove(card)
    e.data["ships"][seat][0] = {"card": card, "reserved_by": None}
    e.say(f"{name(e.state, seat)} places {card or 'a new shipment'} on the leftmost ship.")


def place_options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    new = list(dict.fromkeys(state["data"]["new_shipments"]))
    if not new:
        return [Option("No card is left: the leftmost ship stays empty", "Done", {"type": "advance"}, button="NEXT")]
    return [Option(f"Place {c or 'a new card'} on the leftmost ship", "Place", {"type": "advance", "card": c},
                   button="NEXT" if len(new) == 1 else "") for c in new]



UNLOAD = Step("SAIL_UNLOAD", "Unload: take or sell", EACH, when=doing("SAIL"), done="Take", skip=skip, undone="unloading",
              options=unload_options, handlers={"advance": take, "take": take, "sell": sell},
              status=unload_status, acting=unload_acting)


def _one_way(state: PMap) -> str:
    """The New Shipment cards left are all one to the box (the last card, copies of one card, or cards nobody
    named): the player has nothing to tell it, so he is not asked and his card is placed by itself, these words
    saying why (the placing says which card)."""
    new = state["data"]["new_shipments"]
    if state["flow"]["actor"] is None or not new or len(set(new)) > 1:
        return ""
    if len(new) == 1:
        return "Only one New Shipment card is left."
    return "Nobody named the New Shipment cards left: the box cannot tell them apart." if new[0] is None else \
        f"The New Shipment cards left are all {new[0]}."


PLACE = Step("SAIL_PLACE", "Place new shipments", EACH, when=doing("SAIL"), done="Place", undone="placing a new shipment",
             idle=_one_way, options=place_options, handlers={"advance": place})
