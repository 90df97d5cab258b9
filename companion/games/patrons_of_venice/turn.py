"""The Patrons of Venice: what each step does (SPEC.md 1.3 and its state machine, 1.7).

An advance ends the current step for its actor, with the default choice when
the actor names none: no reservation, take the shipment, place the first new
card, pass, no sponsorship. The choices that end an actor's sub-step are
their own actions (reserve, sell at the unload, buy, sponsor); selling in the
Trade and producing may be done many times before the advance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core import deck as deck_mod
from companion.core.flow import current_step
from companion.core.result import Accepted, Refused, Result
from companion.core.words import a, counted
from companion.games.plain import data, put

from . import city, goods
from .goods import RAW_DECK
from .steps import FLOW
from .table import actor, cubes_left, last_of_step, name, pay

ACTIONS = ("RESERVE", "SAIL", "TRADE", "SPONSOR", "PRODUCE")
ACTION_LABELS = {"RESERVE": "Reserve goods", "SAIL": "Sail ships", "TRADE": "Trade at the Market",
                 "SPONSOR": "Sponsor", "PRODUCE": "Produce"}
RAW = RAW_DECK.name


class Chance:
    """The outcome keys of one action's shuffles, handed out in the order they happen.

    One advance may shuffle more than once (a short deck, then all four
    Pirates! in the discard pile); each shuffle gets its own key, order,
    order2, ..., so the runtime can supply them one by one and a replay
    finds each where it was.
    """

    def __init__(self, action: Mapping[str, Any]):
        self.action, self.used = action, 0

    def run(self, op):
        """`op(order)` -> deck result; a lacking outcome is asked for under this shuffle's key."""
        self.used += 1
        key = "order" if self.used == 1 else f"order{self.used}"
        out = op(self.action.get(key))
        if isinstance(out, Refused) and out.needs is not None:
            return Refused(out.reason, needs=replace(out.needs, key=key))
        return out


def step_name(state: PMap) -> str:
    return current_step(FLOW, state).name


def _virtual(state: PMap) -> bool:
    return state["decks"][RAW]["mode"] == "virtual"


def _deck_op(state: PMap, out, log: list[str]) -> PMap | Refused:
    if isinstance(out, Refused):
        return out
    deck, more, _ = out
    log.extend(more)
    return state.set("decks", state["decks"].set(RAW, deck))


def actor_in_step(state: PMap, action: Mapping[str, Any], steps: tuple[str, ...], where: str) -> int | Refused:
    """The seat making a choice: the current actor, in one of the steps the choice belongs to."""
    if state["flow"] is None or step_name(state) not in steps:
        return Refused(where)
    return _seat_is_actor(state, action)


def _seat_is_actor(state: PMap, action: Mapping[str, Any]) -> int | Refused:
    """The seat whose turn it is in the step; at the Unload, the shipment's is decided by whoever receives it
    (the player whose cube is on it, else the ship's owner), and the ship's owner's seat is returned."""
    who = actor(state)
    if who is None:
        return Refused("nobody acts in this step: press NEXT")
    decides = receiver(state, who) if step_name(state) == "SAIL_UNLOAD" else who
    seat = action.get("seat")
    if seat is not None and seat != decides:
        return Refused(f"it is {name(state, decides)}'s move, not {name(state, seat)}'s")
    return who


def receiver(state: PMap, owner: int) -> int:
    """Who decides about `owner`'s rightmost shipment at the Unload: the player whose cube is on it, else the owner."""
    right = state["data"]["ships"][owner][2]
    return right["reserved_by"] if right is not None and right["reserved_by"] is not None else owner


# --- the advance of each step ----------------------------------------------------------------------


def setup_done(state: PMap, action: Mapping[str, Any]) -> Result:
    """The deal [R l.91-96]: virtual, the companion deals with the replacement rule; real cards, it says how."""
    table = data(state)
    n = len(state["players"])
    log: list[str] = []
    reveal = None
    if _virtual(state):
        places = ["hand"] * n + ["market"] * 2 + ["ship"] * (3 * n)
        out = deck_mod.deal(RAW_DECK, state["decks"][RAW], places, goods.allowed_at_setup,
                            action.get("order"), action.get("reorder"))
        if isinstance(out, Refused):
            return out
        deck, dealt, more, reveal = out
        state = state.set("decks", state["decks"].set(RAW, deck))
        table["hands"] = [[dealt[s]] for s in range(n)]
        table["market"] = list(dealt[n:n + 2])
        ships = dealt[n + 2:]
        table["ships"] = [[{"card": c, "reserved_by": None} for c in ships[3 * s:3 * s + 3]] for s in range(n)]
        log += [*more, f"Market: {', '.join(table['market'])}. Each player's hand card is on their own phone."]
    else:
        log.append("Deal the Raw Good cards: 1 face down to each hand, 2 to the Market, 3 onto each player's "
                   "ships; replace Grain, Wine or Pepper in a hand or the Market, and Pirates! anywhere.")
    table["started"] = True
    return Accepted(put(state, table), tuple(log), reveal)


def choose_action(state: PMap, action: Mapping[str, Any]) -> Result:
    chosen = action.get("action")
    chosen = chosen.upper() if isinstance(chosen, str) else None
    if chosen not in ACTIONS:
        return Refused("the lead chooses the action: RESERVE, SAIL, TRADE, SPONSOR or PRODUCE")
    table = data(state)
    table.update(action=chosen, acted=[], produced=[], new_shipments=[], pirates=0, raided=[])
    return Accepted(put(state, table), (f"{name(state, actor(state))} chooses: {ACTION_LABELS[chosen]}.",))


def sail_draw(state: PMap, action: Mapping[str, Any]) -> Result:
    """Draw one New Shipment card per player; if a Pirates! is among them, the raid [R l.130-136]."""
    n = len(state["players"])
    spec = RAW_DECK
    table = data(state)
    log: list[str] = []
    if _virtual(state):
        deck = state["decks"][RAW]
        before = len(deck["out"])
        k = min(n, len(deck["draw"]) + len(deck["discard"]))
        if k < n:
            log.append(f"Only {counted(k, 'Raw Good card')} {'is' if k == 1 else 'are'} left to draw.")
        if k:
            state = _deck_op(state, Chance(action).run(lambda order: deck_mod.draw(spec, deck, k, order)), log)
            if isinstance(state, Refused):
                return state
        new = list(state["decks"][RAW]["out"][before:])
    else:
        cards = action.get("cards") or []
        wanted = action.get("pirates", 0)
        if not isinstance(cards, list) or any(not isinstance(c, str) or goods.check_raw_card(c) for c in cards):
            return Refused("cards: the New Shipment cards drawn, named like “Wool 3” or “Pirates!”")
        if type(wanted) not in (bool, int) or not 0 <= wanted <= goods.PIRATE_CARDS:
            return Refused("pirates: whether (or how many) Pirates! cards were drawn")
        named = table["new_shipments"] + cards
        more_pirates = max(0, int(wanted) - named.count(goods.PIRATES))
        cards = cards + [goods.PIRATES] * more_pirates
        if len(named) + more_pirates > n:
            return Refused(f"{n} New Shipment cards are drawn, not {len(named) + more_pirates}")
        if cards:
            state = _deck_op(state, deck_mod.draw(spec, state["decks"][RAW], len(cards), cards=cards), log)
            if isinstance(state, Refused):
                return state
        new = table["new_shipments"] + cards
        new += [None] * (n - len(new))
    table["new_shipments"] = new
    table["pirates"] = new.count(goods.PIRATES)
    shown = ", ".join(c or "?" for c in new)
    log.append(f"New shipments: {shown}.")
    if table["pirates"]:
        stolen = []
        for seat, ships in enumerate(table["ships"]):
            right = ships[2]
            if right is not None and right["reserved_by"] is None:
                table["wharf"].append(right["card"])
                ships[2] = None
                table["raided"].append(seat)
                stolen.append(f"{name(state, seat)}'s {right['card'] or 'shipment'}")
        log.append("Pirates! " + (f"They take {', '.join(stolen)} to the Pirate Wharf." if stolen
                                  else "Every rightmost shipment is reserved: nothing is taken."))
    return Accepted(put(state, table), tuple(log), "Put the New Shipment cards back on the deck." if _virtual(state) else None)


def sail_pirates(state: PMap, action: Mapping[str, Any]) -> Result:
    """Discard the Pirates! and replace them (a Pirates! drawn as a replacement causes no second raid);
    the discard pile goes back into the deck at once when it holds all four Pirates! [R l.136-137]."""
    n = len(state["players"])
    spec = RAW_DECK
    table = data(state)
    log: list[str] = []
    chance = Chance(action)
    kept = [c for c in table["new_shipments"] if c != goods.PIRATES]
    pirates = table["new_shipments"].count(goods.PIRATES)
    if not _virtual(state):
        cards = action.get("cards") or []
        if not isinstance(cards, list) or any(not isinstance(c, str) or goods.check_raw_card(c) or c == goods.PIRATES
                                              for c in cards):
            return Refused("cards: the replacement cards drawn (not Pirates!: tap or add those one by one)")
        for card in cards:  # a named card first names one not named before
            if None in kept:
                kept[kept.index(None)] = card
            else:
                kept.append(card)
        if len(kept) > n:
            return Refused(f"{n} New Shipment cards in all, not {len(kept)}")
        kept += [None] * (n - len(kept))
    while pirates:
        deck = state["decks"][RAW]
        state = _deck_op(state, chance.run(lambda order: deck_mod.discard(spec, deck, [goods.PIRATES] * pirates, order)), log)
        if isinstance(state, Refused):
            return state
        pirates = 0
        deck = state["decks"][RAW]
        # Only Pirates! left to draw (every good is on the table): the Sail goes on with fewer shipments.
        goods_left = sum(1 for c in [*deck["draw"], *deck["discard"]] if c != goods.PIRATES)
        if _virtual(state) and len(kept) < n and not goods_left:
            log.append("No Raw Good card is left to replace the Pirates!.")
        elif _virtual(state) and len(kept) < n:
            before = len(deck["out"])
            state = _deck_op(state, chance.run(lambda order: deck_mod.draw(spec, deck, min(n - len(kept), goods_left), order)), log)
            if isinstance(state, Refused):
                return state
            drawn = list(state["decks"][RAW]["out"][before:])
            kept += [c for c in drawn if c != goods.PIRATES]
            pirates = drawn.count(goods.PIRATES)
    table["new_shipments"] = kept
    log.append(f"New shipments: {', '.join(c or '?' for c in kept)}.")
    return Accepted(put(state, table), tuple(log), "Put the replacement cards back on the deck." if _virtual(state) else None)


def _unload(state: PMap, table: dict[str, Any], seat: int, sold: bool) -> tuple[str, int | None]:
    """Empty `seat`'s rightmost ship into the hand of whoever receives it (or, sold, nowhere)."""
    right = table["ships"][seat][2]
    table["ships"][seat][2] = None
    receiver = right["reserved_by"] if right["reserved_by"] is not None else seat
    if not sold and right["card"] is not None:
        table["hands"][receiver].append(right["card"])
    reserved = f" (reserved by {name(state, receiver)})" if receiver != seat else ""
    return f"{name(state, seat)}'s {right['card'] or 'shipment'}{reserved}", receiver


def _shift_ships(table: dict[str, Any]) -> None:
    """Every player moves his two remaining shipments one ship to the right [R l.147]."""
    for ships in table["ships"]:
        ships[2], ships[1], ships[0] = ships[1], ships[0], None


def sail_unload(state: PMap, action: Mapping[str, Any]) -> Result:
    """The plain advance: the receiver takes the shipment into his hand."""
    table = data(state)
    seat = actor(state)
    log = []
    if table["ships"][seat][2] is not None:
        what, receiver = _unload(state, table, seat, sold=False)
        log.append(f"{name(state, receiver)} takes {what} into hand.")
    if last_of_step(state):
        _shift_ships(table)
        log.append("The shipments move one ship to the right.")
    return Accepted(put(state, table), tuple(log))


def take(state: PMap, action: Mapping[str, Any], seat: int):
    """At the Unload: the receiver takes the shipment into his hand (what NEXT does by default)."""
    table = data(state)
    if table["ships"][seat][2] is None:
        return Refused(f"{name(state, seat)} has no shipment to unload")
    what, who = _unload(state, table, seat, sold=False)
    return put(state, table), (f"{name(state, who)} takes {what} into hand.",), "advance"


def sail_place(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    seat = actor(state)
    new = table["new_shipments"]
    if not new:  # the deck ran out of goods: this ship stays empty
        return Accepted(state, (f"No New Shipment card is left for {name(state, seat)}'s leftmost ship.",))
    card = action.get("card", new[0])
    if card not in new:
        return Refused(f"card: one of the New Shipment cards ({', '.join(c or '?' for c in new)})")
    new.remove(card)
    table["ships"][seat][0] = {"card": card, "reserved_by": None}
    return Accepted(put(state, table), (f"{name(state, seat)} places {card or 'a new shipment'} on the leftmost ship.",))


STEPS = {"SETUP_DONE": setup_done, "CHOOSE_ACTION": choose_action, "SAIL_DRAW": sail_draw,
         "SAIL_PIRATES": sail_pirates, "SAIL_UNLOAD": sail_unload, "SAIL_PLACE": sail_place}


def on_advance(state: PMap, action: Mapping[str, Any]) -> Result:
    """The current step's own work as its actor (or the companion) ends it."""
    handler = STEPS.get(step_name(state))
    return handler(state, action) if handler else Accepted(state)


# --- the players' choices --------------------------------------------------------------------------


def _once(state: PMap, seat: int, done: str) -> dict[str, Any] | Refused:
    """The table, for a choice made once per action (a reservation, a sponsorship)."""
    table = data(state)
    if seat in table["acted"]:
        return Refused(f"{name(state, seat)} has {done} in this action already")
    return table


def reserve(state: PMap, action: Mapping[str, Any], seat: int):
    """One shipment on any ship: 1 Ducat to the Bank on your own ship, 2 to the owner on another's [R l.121]."""
    table = _once(state, seat, "reserved a shipment")
    if isinstance(table, Refused):
        return table
    owner, ship = action.get("owner"), action.get("ship")
    n = len(state["players"])
    if type(owner) is not int or not 0 <= owner < n or type(ship) is not int or not 0 <= ship <= 2:
        return Refused("owner: the ship owner's seat; ship: 0 (left), 1 or 2 (right)")
    slot = table["ships"][owner][ship]
    if slot is None:
        return Refused(f"{name(state, owner)}'s ship {ship + 1} has no shipment")
    if slot["reserved_by"] is not None:
        return Refused(f"that shipment is reserved by {name(state, slot['reserved_by'])} already")
    if cubes_left(table, seat) < 1:
        return Refused(f"{name(state, seat)} has no cube left")
    cost, payee = (1, None) if owner == seat else (2, owner)
    state = pay(state, seat, payee, cost)
    if isinstance(state, Refused):
        return state
    slot["reserved_by"] = seat
    table["acted"].append(seat)
    whose = "his own" if owner == seat else f"{name(state, owner)}'s"
    return put(state, table), (f"{name(state, seat)} reserves {slot['card'] or 'the shipment'} on {whose} ship {ship + 1} "
                               f"({cost} to {name(state, payee)}).",), "advance"


def _sell_card(state: PMap, table: dict[str, Any], seat: int, card: str, from_hand: bool):
    """Sell at the printed value from the Bank; the card goes to the Market, or (Grain, Wine,
    Pepper) to the discard pile [R l.145, l.153]."""
    price = goods.value(card)
    if from_hand and card in table["hands"][seat]:
        table["hands"][seat].remove(card)
    log: list[str] = []
    state = pay(state, None, seat, price)
    if isinstance(state, Refused):
        return state
    if goods.sold_to_market(card):
        table["market"].append(card)
        where = "to the Market"
    else:
        spec = RAW_DECK
        state = _deck_op(state, deck_mod.discard(spec, state["decks"][RAW], [card]), log)  # never a Pirates!: no reshuffle
        if isinstance(state, Refused):
            return state
        where = "to the discard pile"
    log.insert(0, f"{name(state, seat)} sells {card} for {price} ({card} {where}).")
    return state, log


def sell(state: PMap, action: Mapping[str, Any], seat: int):
    """At the unload: the receiver sells the shipment instead of taking it. In the Trade's
    Sell step: a card from the actor's hand."""
    table = data(state)
    card = action.get("card")
    if step_name(state) == "SAIL_UNLOAD":
        right = table["ships"][seat][2]
        if right is None:
            return Refused(f"{name(state, seat)} has no shipment to unload")
        card = right["card"] if right["card"] is not None else card
        if not isinstance(card, str) or goods.check_raw_card(card) or card == goods.PIRATES:
            return Refused("card: name the shipment's card, such as “Wool 3”, to sell it at its price")
        what, receiver = _unload(state, table, seat, sold=True)
        out = _sell_card(state, table, receiver, card, from_hand=False)
        if isinstance(out, Refused):
            return out
        state, log = out
        return put(state, table), tuple(log), "advance"
    bad = goods.check_hand_card(card) if isinstance(card, str) else "name the card to sell, such as “Wool 3”"
    if bad:
        return Refused(f"card: {bad}")
    if goods.good(card) in goods.MANUFACTURED and not state["options"]["sell_manufactured"]:
        return Refused("Manufactured goods are not sold with this table's rule options")
    if _virtual(state) and card not in table["hands"][seat]:
        held = ", ".join(table["hands"][seat]) or "nothing"
        return Refused(f"{name(state, seat)} holds no {card} (in hand: {held})")
    out = _sell_card(state, table, seat, card, from_hand=True)
    if isinstance(out, Refused):
        return out
    state, log = out
    return put(state, table), tuple(log)


def buy(state: PMap, action: Mapping[str, Any], seat: int):
    """One item per chance: a Market card at its printed value, a Pirate Wharf card for 1 [R l.158-160]."""
    table = data(state)
    source, card = action.get("from"), action.get("card")
    if source not in ("market", "wharf"):
        return Refused("from: market or wharf")
    pile = table[source]
    if card is not None and (not isinstance(card, str) or goods.check_hand_card(card)):
        return Refused("card: the card bought, such as “Wool 3”")
    if card in pile:
        pile.remove(card)
    elif None in pile and (card is not None or source == "wharf"):
        pile.remove(None)  # a card the players had not named
    elif card is None and source == "wharf" and pile:
        card = pile.pop(0)
    else:
        there = ", ".join(c or "?" for c in pile) or "nothing"
        return Refused(f"card: one of the cards at the {'Market' if source == 'market' else 'Pirate Wharf'} ({there})")
    price = 1 if source == "wharf" else goods.value(card)
    if price is None:
        return Refused("card: name the Market card, such as “Wool 3”, so its price is known")
    state = pay(state, seat, None, price)
    if isinstance(state, Refused):
        return state
    if card is not None:
        table["hands"][seat].append(card)
    where = "the Pirate Wharf" if source == "wharf" else "the Market"
    return put(state, table), (f"{name(state, seat)} buys {card or 'a card'} from {where} for {price}.",), "advance"


def sponsor(state: PMap, action: Mapping[str, Any], seat: int):
    """A business or a statue, never both [R l.164-183]."""
    table = _once(state, seat, "sponsored: a business or a statue, never both,")
    if isinstance(table, Refused):
        return table
    if "statue" in action:
        campo = action["statue"]
        if not isinstance(campo, str) or not campo.strip() or len(campo) > 40:
            return Refused("statue: the campo's name, as printed on the board")
        if len(table["statues"]) >= city.STATUES:
            return Refused(f"all {city.STATUES} statues stand in Venice")
        if any(city.campo_key(s) == city.campo_key(campo) for s in table["statues"]):
            return Refused(f"{campo} has a statue already: a statue goes in a vacant campo")
        cost = city.statue_cost(len(table["statues"]))
        state = pay(state, seat, None, cost)
        if isinstance(state, Refused):
            return state
        campo = city.as_named(table, campo)
        table["statues"].append(campo)
        table["acted"].append(seat)
        return put(state, table), (f"{name(state, seat)} sponsors a statue in {campo} for {cost}.",), "advance"
    kind, cost = action.get("business"), action.get("cost")
    campi = [c for c in (action.get("campo"), action.get("second_campo")) if c not in (None, "")]
    if kind not in city.TYPES:
        return Refused(f"business: one of {', '.join(city.TYPES)}")
    if type(cost) is not int or not 0 <= cost <= 50:
        return Refused("cost: the Ducats printed on the tile")
    if not campi or any(not isinstance(c, str) or not c.strip() or len(c) > 40 for c in campi):
        return Refused("campo: the campo the building touches (and second_campo when it touches two)")
    if city.tiles_left(table["businesses"], kind) < 1:
        return Refused(f"no {'Manufacturing' if kind in city.MANUFACTURING else 'Luxury'} Business tile is left")
    if cubes_left(table, seat) < 1:
        return Refused(f"{name(state, seat)} has no cube left")
    owns = any(b["owner"] == seat and b["type"] == kind for b in table["businesses"])
    needs = goods.RECIPES.get(kind)
    if not owns and _virtual(state) and needs is not None:  # the companion holds the hand: it looks itself
        held = [goods.good_in_hand(c) for c in table["hands"][seat]]
        enough = 1 if kind in city.MANUFACTURING else 2  # a Wool or a Hemp; 2 of a Luxury's 3 goods [R l.172-174]
        if sum(1 for g in dict.fromkeys(needs) if g in held) < enough:
            need = city.SHOW.get(kind, f"2 of {', '.join(needs)}")
            hand = ", ".join(table["hands"][seat]) or "nothing"
            return Refused(f"{name(state, seat)} owns no {city.LABELS[kind]} and cannot show {need} (in hand: {hand})")
    elif not owns and action.get("shown") is not True:
        need = city.SHOW.get(kind, f"2 of the 3 goods {a(city.PRODUCT[kind])} needs")
        return Refused(f"{name(state, seat)} owns no {city.LABELS[kind]}: show {need} from your hand, then confirm it (shown)")
    state = pay(state, seat, None, cost)
    if isinstance(state, Refused):
        return state
    campi = [city.as_named(table, c) for c in campi]
    table["businesses"].append({"type": kind, "owner": seat, "campi": campi})
    table["acted"].append(seat)
    return put(state, table), (f"{name(state, seat)} sponsors {a(city.LABELS[kind])} by {' and '.join(campi)} for {cost}.",), "advance"


def produce(state: PMap, action: Mapping[str, Any], seat: int):
    """One good at one business tile (each tile once per Produce action); the income goes to the
    tile's owner, a Luxury good gives the producer a Favour card [R l.185-223]."""
    table = data(state)
    index = action.get("business")
    if type(index) is not int or not 0 <= index < len(table["businesses"]):
        return Refused("business: the number of a business tile in Venice")
    business = table["businesses"][index]
    if business["owner"] != seat and not state["options"]["guilds"]:
        return Refused(f"that {city.LABELS[business['type']]} is {name(state, business['owner'])}'s "
                       "(producing at another player's business is the Guilds variant)")
    if index in table["produced"]:
        return Refused(f"that {city.LABELS[business['type']]} has produced in this action already")
    consumed = _inputs(state, table, seat, business["type"])
    if isinstance(consumed, Refused):
        return consumed
    earned = city.income(business, table["businesses"], table["statues"], state["options"]["gondola_counts"] == "own")
    state = pay(state, None, business["owner"], earned["total"])
    if isinstance(state, Refused):
        return state
    table["produced"].append(index)
    product = city.PRODUCT[business["type"]]
    log = [f"{name(state, seat)} produces {product} at the {city.LABELS[business['type']]} by "
           f"{' and '.join(business['campi'])}: {earned['total']} to {name(state, business['owner'])}."]
    if consumed:
        for card in consumed:
            table["hands"][seat].remove(card)
        raw = [c for c in consumed if goods.good(c) in goods.RAW_GOODS]
        if raw:  # Raw Good cards to the discard pile; a Manufactured one back to its pile [R l.191]
            state = _deck_op(state, deck_mod.discard(RAW_DECK, state["decks"][RAW], raw), log)
            if isinstance(state, Refused):
                return state
        log.append(f"{name(state, seat)} uses {', '.join(consumed)}.")
        if product in goods.MANUFACTURED:  # the Manufactured Good card into the hand
            table["hands"][seat].append(product)
            log.append(f"{name(state, seat)} takes a {product} card into hand.")
    if business["type"] in city.LUXURY:
        given = sum(p["favours"] for p in state["counters"]["players"])
        if state["options"]["favours_limited"] and given >= 18:
            return Refused("the 18 Favour cards are all given out (the table plays with the pile as a limit)")
        state = state.set("counters", state["counters"].transform(["players", seat, "favours"], lambda f: f + 1))
        log.append(f"{name(state, seat)} receives a Favour card.")
    return put(state, table), tuple(log)


def _inputs(state: PMap, table: dict[str, Any], seat: int, kind: str) -> list[str] | Refused:
    """The cards a production uses from a virtual hand ([] where the companion does not hold the hand, or
    does not know the recipe: the table's word stands)."""
    needs = goods.RECIPES.get(kind)
    if not _virtual(state) or needs is None:
        return []
    cards = goods.inputs_in_hand(list(table["hands"][seat]), needs)
    if cards is None:
        held = ", ".join(table["hands"][seat]) or "nothing"
        return Refused(f"{name(state, seat)} needs {' + '.join(needs)} in hand to make {city.PRODUCT[kind]} "
                       f"(in hand: {held})")
    return cards


def can_produce(state: PMap, seat: int, kind: str) -> bool:
    return not isinstance(_inputs(state, state["data"], seat, kind), Refused)


# Each choice with the steps it is made in, and where it belongs when made elsewhere.
CHOICES = {
    "reserve": (reserve, ("RESERVE",), "shipments are reserved in the Reserve action"),
    "sell": (sell, ("SAIL_UNLOAD", "TRADE_SELL"), "cards are sold in the Trade's Sell step, or at the unload"),
    "take": (take, ("SAIL_UNLOAD",), "a shipment is taken into a hand at the unload"),
    "buy": (buy, ("TRADE_BUY",), "cards are bought in the Trade's Buy step"),
    "sponsor": (sponsor, ("SPONSOR",), "businesses and statues are sponsored in the Sponsor action"),
    "produce": (produce, ("PRODUCE",), "goods are produced in the Produce action"),
}
