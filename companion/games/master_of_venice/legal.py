"""Master of Venice: what may be played, on what, and the dice a play takes: one check each, which the
options use to offer only what is legal and the handlers use to refuse a stale or forged input."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.dice import check_values, parse_spec
from companion.core.flow import step_name
from companion.core.result import Needs, Refused, refused
from companion.games.plain import name

from .cards import CARDS, INTRIGUE, OFFICES, ROUTE_CAPACITY, ROUTE_TAKES, ROUTES, TRADERS, phases_of
from .table import all_in_play, card_by_id, controller

DIES = {"The Pope Dies": "pope", "The Doge Dies": "doge"}  # the office each kills


def dice(action: Mapping[str, Any], spec: str, what: str) -> list[int] | Refused:
    """The dice an action carries (a physical roll, or the table's); lacking, ask the runtime to roll."""
    values = action.get("dice")
    if values is None:
        return Refused(f"{what} needs {spec}", needs=Needs("roll", "dice", spec=spec))
    bad = check_values(parse_spec(spec), values)
    return Refused(f"dice: {bad.reason}") if bad is not None else list(values)


def seat(state: PMap, action: Mapping[str, Any], key: str = "seat") -> int | Refused:
    """Whose play it is: a seat still in the game."""
    who = action.get(key)
    n = len(state["players"])
    if type(who) is not int or not 0 <= who < n:
        return Refused(f"{key}: whose play it is, a seat from 0 to {n - 1}")
    if who in state["data"]["eliminated"]:
        return Refused(f"{name(state, who)} has lost the game")
    return who


def pending_label(state: PMap) -> str:
    p = state["data"]["pending"]
    return f"{name(state, p['by'])}'s {p['card']}"


def free(state: PMap) -> Refused | None:
    """Nothing waits for an answer (a play made now would jump the queue)."""
    if state["data"]["pending"] is not None:
        return Refused(f"first answer {pending_label(state)}")
    return None


def may_play(state: PMap, seat: int, card: str) -> Refused | None:
    """Whether `card` may be played by `seat` now (its phase, the Villa, the office it needs)."""
    spec = CARDS[card]
    table = state["data"]
    if card == "Caught":
        return Refused("Caught is played to negate a crime, when one is played")
    if spec.kind == INTRIGUE:
        return Refused("Intrigue is played in an election, with the sealed bid")
    phases = phases_of(card)
    if step_name(state) not in phases:
        return Refused(f"{card} is played in the {' or the '.join(p.capitalize() for p in phases)} Phase")
    if spec.villa and not table["villas"][seat]:
        return Refused(f"{card} needs a Villa: {name(state, seat)} has none")
    if spec.only == "pope" and controller(table, "pope") != seat:
        return Refused(f"only the Pope's controller may play {card}")
    if spec.only in OFFICES and table["offices"].get(spec.only) != seat:
        return Refused(f"only the {spec.only} may play {card}")
    dies = DIES.get(card)
    if dies is not None and table[dies] is None:
        return Refused(f"{card}: the {dies.capitalize()}'s office is vacant, nobody is there to die")
    if all_in_play(table, card):
        return Refused(f"{card} is in play already: the deck has " + ("only one" if spec.count == 1 else f"{spec.count}"))
    return None


def target(state: PMap, card: str, chosen: object) -> dict[str, Any] | int | Refused:
    """The target a card is played on: a player's Villa (his seat), or a card in play it may take."""
    table = state["data"]
    wants = CARDS[card].target
    if wants == ("villa",):
        if type(chosen) is not int or not 0 <= chosen < len(state["players"]) or not table["villas"][chosen]:
            return Refused("target: the seat of a player who has a Villa")
        return chosen
    found = card_by_id(table, chosen)
    if found is None:
        return Refused(f"target: the number (#) of a card in play: {card} takes {' or '.join(wants[:3])}"
                       + (" ..." if len(wants) > 3 else ""))
    if wants != ("any",) and found["card"] not in wants:
        return Refused(f"{card} takes {', '.join(wants[:3])}{' ...' if len(wants) > 3 else ''}, not {found['card']}")
    return found


def route(state: PMap, card: str, chosen: object) -> dict[str, Any] | None | Refused:
    """The Trade Route a trader goes onto (None: none): one that takes its kind and has room."""
    if chosen is None:
        return None
    table = state["data"]
    found = card_by_id(table, chosen)
    if found is None or found["card"] not in ROUTES:
        return Refused("route: the number (#) of a Trade Route in play, or none")
    takes = ROUTE_TAKES.get(found["card"], TRADERS)
    if card not in takes:
        return Refused(f"{found['card']} takes {' and '.join(takes)} only")
    if sum(1 for c in table["in_play"] if c["on"] == chosen) >= ROUTE_CAPACITY:
        return Refused(f"{found['card']} has {ROUTE_CAPACITY} traders attached already")
    return found


def routes_for(state: PMap, trader: str) -> list[dict[str, Any]]:
    """The Trade Routes in play a `trader` (Cogs or Caravan) may go onto now: it takes that kind, and has room."""
    return [c for c in state["data"]["in_play"] if c["card"] in ROUTES and not refused(route(state, trader, c["id"]))]
