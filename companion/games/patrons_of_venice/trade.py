"""TRADE_SELL and TRADE_BUY, the Trade at the Market [R l.149-160]: each player in order from the lead sells
any number of cards at their printed values; then in rounds from the lead each buys one item or passes (a
Market card at its printed price, any Pirate Wharf card for 1) until every player passes in a row.

With the table's own deck the companion holds every hand: a card is sold from it with one tap. With real
cards the player picks the card, by its good then its value."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, PASSES, Step
from companion.core.edit import Edit
from companion.core.words import counted

from . import goods
from .cards import card_field, discard_held, not_a_card
from .table import bank, doing, ducats, name, pay, virtual


def sell_card(e: Edit, seat: int, card: str) -> None:
    """Sold at the printed value from the Bank: the card goes to the Market, or (Grain, Wine, Pepper) to the
    discard pile [R l.145, l.153]. A Cloth or Canvas card's value is one for the whole game: the first one sold
    says it (a virtual hand's unvalued card, at the value the player reads on it: `value`), and the box keeps it."""
    if card in goods.MANUFACTURED:
        card = f"{card} {made_value(e, card)}"
    price = goods.value(card)
    if price > bank(e.state):
        e.refuse(f"the Bank has {counted(bank(e.state), 'Ducat')} left: it cannot pay {price} for {card}")
    pay(e, None, seat, price)
    if goods.sold_to_market(card):
        e.data["market"].append(card)
        where = "to the Market"
    else:
        discard_held(e, card)  # never a Pirates!: no reshuffle
        where = "to the discard pile"
    e.say(f"{name(e.state, seat)} sells {card} for {price} ({card} {where}).")
    kind = goods.good(card)
    if kind in goods.MANUFACTURED and kind not in e.data.setdefault("made_values", {}):
        e.data["made_values"][kind] = price
        e.say(f"{kind} cards are worth {price}: the box keeps it for the next ones.")


def made_value(e: Edit, kind: str) -> int:
    """A Cloth or Canvas card's value: the one the box keeps, else the one the player read on it (`value`)."""
    kept = (e.data.get("made_values") or {}).get(kind)
    if kept is not None:
        return kept
    price = e.action.get("value")
    if type(price) is not int or not 1 <= price <= goods.VALUE_MOST:
        e.refuse(f"value: the Ducats printed on the {kind} card, 1 to {goods.VALUE_MOST}")
    return price


def _sellable(state: PMap, card: str) -> bool:
    return goods.value(card) is not None and (goods.good(card) not in goods.MANUFACTURED or state["options"]["sell_manufactured"])


def sell(e: Edit) -> None:
    seat, card = e.state["flow"]["actor"], e.action.get("card")
    if not isinstance(card, str):
        e.refuse("card: name the card to sell, such as “Wool 3”")
    e.must(not_a_card(e.state, card, made=True), "card: {}")
    if goods.good_in_hand(card) in goods.MANUFACTURED and not e.state["options"]["sell_manufactured"]:
        e.refuse("Manufactured goods are not sold with this table's rule options")
    hand = e.data["hands"][seat]
    if virtual(e.state) and card not in hand:
        e.refuse(f"{name(e.state, seat)} holds no {card} (in hand: {', '.join(hand) or 'nothing'})")
    if card in hand:
        hand.remove(card)
    sell_card(e, seat, card)


def sell_options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    done = Option("Done selling", "Done", {"type": "advance"}, button="NEXT")
    kept = state["data"].get("made_values") or {}
    if not virtual(state):  # a real hand: the card picked (his own the box knows first), what the Bank can pay
        field = card_field(state, seat=seat, most=bank(state))
        made = goods.MANUFACTURED if state["options"]["sell_manufactured"] and bank(state) else ()
        return [*([Option("Sell a card from your hand", "Sell", {"type": "sell"}, fields={"card": field})]
                  if field["enum"] else []),
                *(_sell_made(state, c, kept, private=False) for c in made if kept.get(c, 1) <= bank(state)), done]
    hand = list(dict.fromkeys(state["data"]["hands"][seat]))
    held = [c for c in hand if _sellable(state, c) and goods.value(c) <= bank(state)]
    # A Cloth or Canvas made before the table said what the cards are worth: its value, read on the card, once.
    made = [c for c in hand if c in goods.MANUFACTURED and state["options"]["sell_manufactured"]
            and kept.get(c, 1) <= bank(state)]
    # The hand the companion holds is the player's secret: its cards are offered on his own phone only.
    return [*(Option(f"Sell {c} for {counted(goods.value(c), 'Ducat')}", "Sell", {"type": "sell", "card": c}, private=True) for c in held),
            *(_sell_made(state, c, kept, private=True) for c in made), done]


def _sell_made(state: PMap, kind: str, kept: dict[str, int], private: bool) -> Option:
    """Sell a Cloth or Canvas: at the value the box keeps, or (the first one of the game) at the value read on it."""
    if kind in kept:
        return Option(f"Sell a {kind} for {counted(kept[kind], 'Ducat')}", "Sell", {"type": "sell", "card": kind}, private=private)
    return Option(f"Sell a {kind} at its printed value", "Sell", {"type": "sell", "card": kind}, private=private,
                  fields={"value": {"type": "integer", "title": "value on the card", "minimum": 1,
                                    "maximum": min(goods.VALUE_MOST, bank(state))}})


def buy(e: Edit) -> None:
    seat, table = e.state["flow"]["actor"], e.data
    source, card = e.action.get("from"), e.action.get("card")
    if source not in ("market", "wharf"):
        e.refuse("from: market or wharf")
    pile = table[source]
    if card is not None and not isinstance(card, str):
        e.refuse("card: the card bought, such as “Wool 3”")
    if card is not None:
        e.must(not_a_card(e.state, card, made=True), "card: {}")
    if source == "market" and goods.good(card) in goods.STAPLES:  # [R l.158]
        e.refuse(f"{goods.good(card)} is never in the Market: sold, Grain, Wine and Pepper go to the discard pile")
    if card in pile:
        pile.remove(card)
    elif None in pile and (card is not None or source == "wharf"):
        pile.remove(None)  # a card the players had not named
    elif card is None and source == "wharf" and pile:
        card = pile.pop(0)
    else:
        there = ", ".join(c or "?" for c in pile) or "nothing"
        e.refuse(f"card: one of the cards at the {'Market' if source == 'market' else 'Pirate Wharf'} ({there})")
    price = 1 if source == "wharf" else goods.value(card)
    if price is None:
        e.refuse("card: name the Market card, such as “Wool 3”, so its price is known")
    pay(e, seat, None, price)
    if card is not None:
        table["hands"][seat].append(card)
    where = "the Pirate Wharf" if source == "wharf" else "the Market"
    e.say(f"{name(e.state, seat)} buys {card or 'a card'} from {where} for {price}.")


def buy_options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    table, purse = state["data"], ducats(state, seat)  # only what the player can pay for is offered
    found = [Option(f"Buy {c} for {counted(goods.value(c), 'Ducat')}", "Buy", {"type": "advance", "action": "buy", "from": "market", "card": c},
                    under="Buy from the Market")
             for c in dict.fromkeys(table["market"]) if c is not None and goods.value(c) <= purse]
    field = card_field(state, seat=seat, most=purse, market=True)
    if None in table["market"] and field["enum"]:
        found.append(Option("Buy a Market card (pick it)", "Buy", {"type": "advance", "action": "buy", "from": "market"},
                            fields={"card": field}, under="Buy from the Market"))
    if purse >= 1:
        found += [Option(f"Buy {c or 'a card'} for 1 Ducat (Wharf)", "Wharf",
                         {"type": "advance", "action": "buy", "from": "wharf", "card": c}, under="Buy from the Wharf")
                  for c in dict.fromkeys(table["wharf"])]
    return [*found, Option("Pass: buy nothing now", "Pass", {"type": "advance"}, button="NEXT")]



def _nothing_to_buy(state: PMap) -> str:
    """A player with nothing he can pay for at the Market or the Pirate Wharf (he holds too few Ducats, or both
    are empty) is not asked: he passes by itself (the flow says so), these words saying why. Buying only spends
    Ducats and empties the Market, so nothing he could buy comes back in this step."""
    seat = state["flow"]["actor"]
    if seat is None or any(not o.button for o in buy_options(state, seat)):
        return ""
    if not state["data"]["market"] and not state["data"]["wharf"]:
        return "Nothing is left at the Market or the Pirate Wharf."
    return f"{name(state, seat)} has {counted(ducats(state, seat), 'Ducat')}, too few for any card left to buy."


def _nothing_to_sell(state: PMap, seat: int) -> bool:
    """A virtual hand with no card the Market takes: his part of the Sell step is passed over (real hands are
    the players' own: the box cannot tell)."""
    return virtual(state) and not any(
        _sellable(state, c) or (c in goods.MANUFACTURED and state["options"]["sell_manufactured"])
        for c in state["data"]["hands"][seat]) or not bank(state)


SELL = Step("TRADE_SELL", "Sell to the Market", EACH, when=doing("TRADE"), done="Done", skip=_nothing_to_sell,
            undone="selling to the Market",
            options=sell_options, handlers={"sell": sell})
BUY = Step("TRADE_BUY", "Buy one, or pass", PASSES, when=doing("TRADE"), done="Pass", plain_is_pass=True,
           idle=_nothing_to_buy, options=buy_options, handlers={"buy": buy})
