"""Master of Venice: what lies on the table, as plain data in state["data"], and the gold.

  in_play     every card in play: {"id", "card", "owner", "on": a Trade Route's id | None,
              "turn": the turn it was played}; Popularity cards stay for their turn only
  next_id     the next card id
  villas      per seat, whether the player has built his Villa
  hands       per seat, the cards in hand (virtual deck; secret); how many a hand holds is the
              per-player counter "hand" (real cards: counted as they are drawn and played)
  pope, doge  "neutral" (a neutral incumbent, SPEC 2.2.4), None (vacant), or the id of the
              Cardinal (Senator) card that is Pope (Doge)
  offices     office -> seat, from the last Doge election
  caught      seats that lose the next election (a crime negated by Caught)
  eliminated  seats that lost the game (a War payment they could not make)
  dies        "pope"/"doge" when The Pope Dies / The Doge Dies was played this phase
  election    the election under way: {"office", "voters", "bids": {seat: {"gold", "intrigue"}}}
  appointing  the Doge election had a winner: the offices are to be appointed
  trips       seat -> that player's trip dice, rolled in this Revenue Phase before it is applied
  pending     a play waiting for its answer: {"kind": "crime"|"event"|"attack"|"war", ...}
  tapped      a card tapped on the reader, waiting to be told whose play it is
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.counters import CounterSpec
from companion.core.edit import Edit
from companion.games.plain import name

from .cards import CARDS, DECK

# The cards in a virtual hand are the companion's own count: set right by hand only with real cards.
COUNTERS = (CounterSpec("gold", "Gold", money=True),
            CounterSpec("hand", "Cards in hand", corrected=lambda state: state["decks"][DECK.name]["mode"] != "virtual"))


def initial(setup: Mapping[str, Any]) -> dict[str, Any]:
    n = len(setup["players"])
    start = "neutral" if setup.get("options", {}).get("start_offices", "neutral") == "neutral" else None
    return {
        "in_play": [], "next_id": 1, "villas": [False] * n, "hands": [[] for _ in range(n)],
        "pope": start, "doge": start, "offices": {}, "caught": [], "eliminated": [], "dies": None,
        "election": None, "appointing": False, "trips": [None] * n, "pending": None, "tapped": None,
    }


def gold(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["gold"]


def add_gold(e: Edit, seat: int, amount: int) -> None:
    """Gold from the change pile (there is no bank to run dry) [R l.26]; a loss takes at most what he has."""
    e.gain(seat, "gold", max(amount, -e.counter(seat, "gold")))


def pay(e: Edit, seat: int, amount: int, what: str) -> None:
    if e.counter(seat, "gold") < amount:
        e.refuse(f"{e.name(seat)} has {e.counter(seat, 'gold')} Gold: {what} costs {amount}")
    e.pay(seat, "gold", amount)


def held(state: PMap, seat: int) -> int:
    return state["counters"]["players"][seat]["hand"]


def virtual(state: PMap) -> bool:
    return state["decks"][DECK.name]["mode"] == "virtual"


def all_in_play(table: Mapping[str, Any], card: str) -> bool:
    """Every copy the deck has of `card` is in play (Antioch, the Aegean Sea: one each)."""
    return sum(1 for c in table["in_play"] if c["card"] == card) >= CARDS[card].count


def standing(table: Mapping[str, Any], n: int) -> list[int]:
    """The seats still in the game."""
    return [s for s in range(n) if s not in table["eliminated"]]


def in_order(state: PMap, table: Mapping[str, Any] | None = None) -> list[int]:
    """The seats still in the game, from the first player clockwise: the order every phase asks them in
    (`table`: the data as an input has changed it so far)."""
    out = (table or state["data"])["eliminated"]
    return [s for s in state["flow"]["order"] if s not in out]


def unappointed(state: PMap) -> list[int]:
    """The players still without an office, from the Doge's controller clockwise."""
    table, n = state["data"], len(state["players"])
    doge = controller(table, "doge")
    seats = in_order(state) if doge is None else [s for s in ((doge + i) % n for i in range(n)) if s in in_order(state)]
    return [s for s in seats if s not in table["offices"].values()]


def card_by_id(table: Mapping[str, Any], card_id: object) -> dict[str, Any] | None:
    if type(card_id) is not int:
        return None
    cards = table["in_play"]
    if isinstance(cards, list):  # a handler's working copy, which it changes
        return next((c for c in cards if c["id"] == card_id), None)
    return _by_id(cards).get(card_id)


_indexed: tuple[Any, dict[int, Any]] = (None, {})  # the last state's cards in play (persistent, unchanging), by id


def _by_id(cards: Any) -> dict[int, Any]:
    """The cards in play by id, worked out once per state: the table view looks up every card's route and
    holder, which a search of the cards for each made the most of a view's work."""
    global _indexed
    known, index = _indexed
    if known is not cards:
        index = {}
        for card in cards:
            index.setdefault(card["id"], card)
        _indexed = (cards, index)
    return index


def owned(table: Mapping[str, Any], seat: int, *names: str) -> list[dict[str, Any]]:
    return [c for c in table["in_play"] if c["owner"] == seat and (not names or c["card"] in names)]


def count_kind(table: Mapping[str, Any], seat: int, kind: str) -> int:
    return sum(1 for c in table["in_play"] if c["owner"] == seat and CARDS[c["card"]].kind == kind)


def controller(table: Mapping[str, Any], office: str) -> int | None:
    """Who controls the Pope or the Doge (the owner of that Cardinal or Senator), or an office."""
    if office in ("pope", "doge"):
        card = card_by_id(table, table[office])
        return card["owner"] if card else None
    return table["offices"].get(office)


def describe(state: PMap, card: Mapping[str, Any]) -> str:
    """"Ada's Cogs #7 (on Antioch)": a card in play as the players can find it."""
    table = state["data"]
    where = ""
    if card.get("on") is not None:
        route = card_by_id(table, card["on"])
        where = f" (on {route['card']})" if route else ""
    return f"{name(state, card['owner'])}'s {card['card']} #{card['id']}{where}"
