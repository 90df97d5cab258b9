"""Master of Venice: what each seat's phone, and the table, may do in each phase (TABLE.md).

Every phase is the whole table's: a player plays from his own phone (a virtual hand's cards are his alone;
with real cards the card he shows is named there, or tapped on the reader and claimed on the table page),
and the table closes the phase with NEXT. Only what would be accepted is offered: a card in its own phase,
by a player who may play it and has its Gold, on a target it may take; a bid its player can pay; Caught to
a player with its 1 Gold.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core.flow import step_name
from companion.core.options import Option
from companion.core.result import Refused
from companion.core.words import counted
from companion.games.plain import name

from . import elections, hands, revenue
from .cards import ATTACKERS, CARDS, DEFENDERS, OFFICES, TRADERS, VILLA_COST, VILLA_COST_CONSTRUCTION, step_of
from .play import check_target, may_play, routes_for
from .table import all_in_play, card_by_id, controller, count_kind, describe, gold, in_order, unappointed, virtual

_OFFICE_HINTS = {"Council Head": "Council", "Construction": "Build"}  # whole words over a button
_PLAYS = ("EXPANSION", "EVENT", "WAR", "POPE", "DOGE")  # the phases in which cards are played


def _enum(ids: list, names: list[str], title: str) -> dict[str, Any]:
    return {"title": title, "enum": ids, "enumNames": names}


# --- the table's (the companion's) ------------------------------------------------------------------


def table_options(state: PMap) -> list[Option]:
    table = state["data"]
    step = step_name(state)
    if table["pending"] is not None:
        return _pending_table(state)
    found: list[Option] = []
    if table["tapped"] and step in _PLAYS:
        found += _tapped(state, table["tapped"])
    elif step in _PLAYS and not virtual(state):
        found.append(Option("A card is played: name it", "Name", {"type": "tap"},
                            fields={"card": {"title": "card", "enum": sorted(
                                c for c in CARDS if step_of(c) == step and not all_in_play(table, c))}}))
    if not virtual(state) and step in ("DRAW", "EVENT") and hands.passes(state) < 2 and not hands.game_end_pending(state):
        found.append(Option("The real draw pile has run out", "Empty", {"type": "deck_exhausted", "deck": "deck"}, confirm=True))
    if step in ("POPE", "DOGE"):
        title = step.capitalize()
        if table["dies"] != step.lower() and table[step.lower()] is not None:
            found.append(Option(f"Roll 1D6: on a 6 the {title} dies", "Roll", {"type": "advance"}, rolls="1d6", button="NEXT"))
        else:  # no roll: the election comes at once
            why = f"The {title} Dies was played" if table["dies"] == step.lower() else f"the {title}'s office is vacant"
            found.append(Option(f"Elect the {title}: {why}", "Elect", {"type": "advance"}, button="NEXT"))
    else:
        found.append(Option("", "", {"type": "advance"}, button="NEXT"))  # the core says what follows, in the step's word
    return found


def _pending_table(state: PMap) -> list[Option]:
    p = state["data"]["pending"]
    if p["kind"] == "war":
        office, payer = p["payers"][0]
        forces = count_kind(state["data"], payer, "A" if office == "General" else "N")
        return [Option(f"Roll 2D6: the {office}, {name(state, payer)}, pays it less {forces}", "Roll",
                       {"type": "war_roll"}, rolls="2d6", button="NEXT")]
    return [Option(f"Let {name(state, p['by'])}'s {p['card']} happen", "Allow", {"type": "resolve"}, button="NEXT")]


def _tapped(state: PMap, card: str) -> list[Option]:
    """A real card tapped (or named): whose play it is, and on what."""
    found = []
    for seat in (s for s in in_order(state) if _holds(state, s)):
        found += _plays_of(state, seat, card, {"type": "play", "seat": seat, "card": card}, name(state, seat) + " plays")
    found.append(Option(f"Forget the tapped {card}", "Forget", {"type": "tap", "card": None}))
    return found


# --- a seat's own ------------------------------------------------------------------------------------


# The state last asked about and each seat's options in it: the table asks who acts, then each seat's options.
# Replaced whole (one assignment), so a thread that finds another state only works them out again.
_worked_out: tuple[PMap | None, dict[int, list[Option]]] = (None, {})


def seat_options(state: PMap, seat: int) -> list[Option]:
    global _worked_out
    cached = _worked_out
    if cached[0] is not state:
        cached = _worked_out = (state, {})
    if seat not in cached[1]:
        cached[1][seat] = _seat_options(state, seat)
    return cached[1][seat]


def _seat_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    if seat in table["eliminated"]:
        return []
    step = step_name(state)
    if table["pending"] is not None:
        return _answers(state, seat)
    found: list[Option] = []
    election = table["election"]
    if election is not None and seat in election["voters"] and step.endswith("_ELECTION"):
        found += _bids(state, seat, election)
    if step == "REVENUE" and state["options"]["trip_income"] == "dice":
        k = len(revenue.trips(table, seat))
        if k and table["trips"][seat] is None:
            fixed = sum(revenue.fixed(table, seat).values())
            found.append(Option(f"Roll {name(state, seat)}'s {counted(k, 'trip')}: {fixed} + {k}d6", "Trips",
                                {"type": "trips", "seat": seat}, rolls=f"{k}d6"))
    if step == "OFFICE_APPOINTMENT" and controller(table, "doge") == seat:
        waiting = unappointed(state)
        free = [o for o in OFFICES if o not in table["offices"]]
        found += [Option(f"{name(state, who)}: Office of {o}", _OFFICE_HINTS.get(o, o),  # any player, any office
                         {"type": "appoint", "seat": who, "office": o}) for who in waiting for o in free]
    if step == "EXPANSION":
        found += _expansion(state, seat)
    if step in _PLAYS:
        found += _hand(state, seat)
    return found


def _bids(state: PMap, seat: int, election: dict[str, Any]) -> list[Option]:
    """One option per number of Intrigue cards played, its Gold bounded by what is left: every bid offered
    can be paid."""
    purse = gold(state, seat)
    cards = hands.hand_cards(state, state["data"], seat)
    have = cards.count("Intrigue") if cards is not None else state["counters"]["players"][seat]["hand"]
    office = election["office"].capitalize()
    found = []
    for k in range(min(have, purse // elections.INTRIGUE_COST) + 1):
        label = f"{name(state, seat)}'s sealed bid for the {office}" + (f" with {counted(k, 'Intrigue card')}" if k else "")
        found.append(Option(label, "Bid", {"type": "bid", "seat": seat, "intrigue": k}, private=True,
                            fields={"gold": {"type": "integer", "title": "gold", "minimum": 0,
                                             "maximum": purse - elections.INTRIGUE_COST * k}}))
    return found


def _expansion(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    found = []
    for trader in table["in_play"]:  # a Cog or Caravan played on its own, onto a route played since
        if trader["owner"] == seat and trader["card"] in TRADERS and trader["on"] is None:
            routes = routes_for(state, trader["card"])
            if routes:
                found.append(Option(f"{name(state, seat)} attaches {trader['card']} #{trader['id']} to a Trade Route", "Attach",
                                    {"type": "attach", "seat": seat, "trader": trader["id"]},
                                    fields={"route": _enum([r["id"] for r in routes], [describe(state, r) for r in routes], "route")}))
    cost = VILLA_COST_CONSTRUCTION if table["offices"].get("Construction") == seat else VILLA_COST
    if not table["villas"][seat] and gold(state, seat) >= cost:
        found.append(Option(f"{name(state, seat)} builds a Villa ({cost})", "Villa", {"type": "villa", "seat": seat}))
    return found


def _hand(state: PMap, seat: int) -> list[Option]:
    """The cards this player may play now: from the hand the companion holds (on his phone only, one option
    per card), or with real cards the cards of this phase, named from a list."""
    table, step = state["data"], step_name(state)
    found = []
    if virtual(state):
        for card in dict.fromkeys(table["hands"][seat]):
            base = {"type": "play", "seat": seat, "card": card}
            found += [replace(o, private=True) for o in _plays_of(state, seat, card, base, f"{name(state, seat)} plays")]
            if step == "WAR" and card in ATTACKERS:
                found += [replace(o, private=True) for o in _seizes(state, seat, card, {"type": "attack", "seat": seat, "card": card}, "")]
    elif _holds(state, seat):  # real cards: as many as the companion counted
        plain, other = [], []
        for card in (c for c in CARDS if step_of(c) == step):
            plays = _plays_of(state, seat, card, {"type": "play", "seat": seat, "card": card}, f"{name(state, seat)} plays")
            if len(plays) == 1 and not plays[0].fields:
                plain.append(card)  # named from one list
            else:
                other += plays
        if plain:
            found.append(Option(f"{name(state, seat)} plays a card", "Play", {"type": "play", "seat": seat},
                                fields={"card": {"title": "card", "enum": plain}}))
        found += other
        if step == "WAR":
            for card in ATTACKERS:
                found += _seizes(state, seat, card, {"type": "attack", "seat": seat, "card": card}, "")
    if step == "WAR":  # an army or navy in play seizes too (discarded from play)
        for mine in table["in_play"]:
            if mine["owner"] == seat and mine["card"] in ATTACKERS:
                found += _seizes(state, seat, mine["card"], {"type": "attack", "seat": seat, "card": mine["card"],
                                                             "from": mine["id"]}, f"#{mine['id']} in play")
    return found


def _plays_of(state: PMap, seat: int, card: str, base: dict[str, Any], who: str) -> list[Option]:
    """`card` played by `seat`, with each target or route it may take; none when it would be refused."""
    if may_play(state, seat, card) is not None or gold(state, seat) < CARDS[card].cost:
        return []
    spec, table = CARDS[card], state["data"]
    cost = f" for {spec.cost}" if spec.cost else ""
    if spec.target:
        candidates = ([s for s in in_order(state) if table["villas"][s]] if spec.target == ("villa",)
                      else [c["id"] for c in table["in_play"]])
        ok = [t for t in candidates if not isinstance(check_target(state, card, t), Refused)]
        names = [f"{name(state, t)}'s Villa" if spec.target == ("villa",) else describe(state, card_by_id(table, t)) for t in ok]
        return [Option(f"{who} {card}{cost} on …", "Play", base, fields={"target": _enum(ok, names, "target")})] if ok else []
    found = [Option(f"{who} {card}{cost}", "Play", base)]
    if card in TRADERS:
        routes = routes_for(state, card)
        if routes:
            found.append(Option(f"{who} {card}{cost} on a Trade Route", "Route", base,
                                fields={"route": _enum([r["id"] for r in routes], [describe(state, r) for r in routes], "route")}))
    return found


def _seizes(state: PMap, seat: int, card: str, base: dict[str, Any], where: str) -> list[Option]:
    """`card` (from the hand, or `where` in play) discarded to seize a card it may take."""
    ok = [c["id"] for c in state["data"]["in_play"] if c["card"] in ATTACKERS[card] and c["owner"] != seat]
    if not ok:
        return []
    names = [describe(state, card_by_id(state["data"], t)) for t in ok]
    return [Option(f"{name(state, seat)} seizes a card with {card}" + (f" {where}" if where else ""), "Seize", base,
                   fields={"target": _enum(ok, names, "target")})]


def _answers(state: PMap, seat: int) -> list[Option]:
    """What this player may answer the play waiting for an answer with: Caught to a crime (1 Gold), a
    defender to an attack or an event on his card."""
    table = state["data"]
    p = table["pending"]
    if p["kind"] == "war":
        return []
    if p["kind"] == "crime":
        if seat == p["by"] or gold(state, seat) < CARDS["Caught"].cost:
            return []
        if virtual(state) and "Caught" not in table["hands"][seat] or not _holds(state, seat):
            return []
        return [Option(f"{name(state, seat)} plays Caught (1 Gold): {name(state, p['by'])} loses 1D6 Gold", "Caught",
                       {"type": "negate", "seat": seat, "card": "Caught"}, rolls="1d6", private=virtual(state))]
    if seat != p["victim"]:
        return []
    allowed = CARDS[p["card"]].negated_by or DEFENDERS[p["card"]]
    found = [Option(f"{name(state, seat)} discards {describe(state, c)}", "Negate", {"type": "negate", "seat": seat, "card": c["card"], "from": c["id"]})
             for c in table["in_play"] if c["owner"] == seat and c["card"] in allowed]
    hand = table["hands"][seat]
    found += [Option(f"{name(state, seat)} discards {c} from hand", "Negate", {"type": "negate", "seat": seat, "card": c}, private=virtual(state))
              for c in allowed if (c in hand if virtual(state) else _holds(state, seat))]
    return found


def _holds(state: PMap, seat: int) -> bool:
    """Whether the player holds a card at all (real cards: the count the companion keeps)."""
    return state["counters"]["players"][seat]["hand"] > 0


def acting(state: PMap) -> tuple[int, ...]:
    """The players who have something to do now (the table waits for them, and does their options too)."""
    return tuple(s for s in in_order(state) if seat_options(state, s))

