"""Master of Venice: the players' own actions (SPEC.md 2.3-2.5).

  play     {seat, card, target?, route?}  a card from hand: into play, an event, a crime, a war
  attach   {seat, trader, route}          a Cog or Caravan in play attached to a Trade Route later
  villa    {seat}                         build the Villa (10, or 7 with the Office of Construction)
  attack   {seat, card, target, from?}    War Phase: discard an army or navy (from hand, or the id of
                                          one in play) to take control of a target card
  negate   {seat, card, from?}            answer a pending play: Caught on a crime; a War Galley on
                                          Pirates; Guards or Mercenaries on Brigands; a defender on an attack
  resolve  {}                             the pending play happens
  war_roll {dice}                         the next office holder's 2D6 for a War card
  trips    {seat, dice}                   a player's trade-trip dice, rolled before the Revenue is applied
  bid      {seat, gold, intrigue}         a sealed election bid, from the player's own phone
  appoint  {seat, office}                 the Doge's controller gives a player an office
  tap      {card | null}                  a card tapped on the reader, waiting to be told whose it is

With a virtual deck the hands are secret: the options that play from a hand, and
the sealed bids, are private (offers.py), so while a phone holds the seat only that
phone makes them; with real cards, the players show the card they play, so any
phone or a tap may enter it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.dice import check_values, parse_spec
from companion.core.flow import step_name
from companion.core.result import Accepted, Needs, Refused, Result
from companion.core.words import counted, sentence
from companion.games.plain import data, name, put

from . import elections, hands, revenue
from .cards import (ATTACKERS, CARDS, DEFENDERS, INTRIGUE, IN_PLAY, OFFICES, POPULARITY, ROUTE_CAPACITY, ROUTE_TAKES,
                    ROUTES, TRADERS, VILLA_COST, VILLA_COST_CONSTRUCTION, WAR, CRIME, step_of)
from .table import add_gold, all_in_play, card_by_id, controller, count_kind, describe, gold, owned, pay, virtual


def dice(action: Mapping[str, Any], spec: str, what: str) -> list[int] | Refused:
    """The dice an action carries (a physical roll, or the table's); lacking, ask the runtime to roll."""
    values = action.get("dice")
    if values is None:
        return Refused(f"{what} needs {spec}", needs=Needs("roll", "dice", spec=spec))
    bad = check_values(parse_spec(spec), values)
    return Refused(f"dice: {bad}") if bad else list(values)


def _seat(state: PMap, action: Mapping[str, Any], key: str = "seat") -> int | Refused:
    seat = action.get(key)
    n = len(state["players"])
    if type(seat) is not int or not 0 <= seat < n:
        return Refused(f"{key}: whose play it is, a seat from 0 to {n - 1}")
    if seat in state["data"]["eliminated"]:
        return Refused(f"{name(state, seat)} has lost the game")
    return seat


def _free(state: PMap) -> Refused | None:
    table = state["data"]
    if table["pending"] is not None:
        return Refused(f"first answer {_pending_label(state)}")
    return None


def _free_seat_in(state: PMap, action: Mapping[str, Any], step: str, where: str) -> int | Refused:
    """The seat of a play made in `step` (else `where` says when it is made), with nothing waiting for an answer."""
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    refused = _free(state)
    if refused is not None:
        return refused
    return seat if step_name(state) == step else Refused(where)


def _pending_label(state: PMap) -> str:
    p = state["data"]["pending"]
    return f"{name(state, p['by'])}'s {p['card']}"


def leave_play(state: PMap, table: dict[str, Any], ids: list[int], log: list[str]) -> PMap | Refused:
    """Cards leave play for the discard pile: a Trade Route's traders stay, unattached; a Pope's
    Cardinal or a Doge's Senator leaves the office vacant (an election at the next phase)."""
    gone = [c for c in table["in_play"] if c["id"] in ids]
    table["in_play"] = [c for c in table["in_play"] if c["id"] not in ids]
    for card in table["in_play"]:
        if card["on"] in ids:
            card["on"] = None
    for office in ("pope", "doge"):
        if table[office] in ids:
            table[office] = None
            log.append(f"The {office.capitalize()} is gone: the office is vacant.")
    return hands.discard(state, [c["card"] for c in gone])


def eliminate(state: PMap, table: dict[str, Any], seat: int, log: list[str]) -> PMap | Refused:
    """A player who could not pay loses the game: his cards go to the discard pile and his offices fall
    vacant (SPEC 2.9.10)."""
    who = name(state, seat)
    log.append(f"{who} cannot pay and loses the game: {who}'s cards are discarded and offices fall vacant.")
    state = leave_play(state, table, [c["id"] for c in owned(table, seat)], log)
    if isinstance(state, Refused):
        return state
    if virtual(state):
        state = hands.discard(state, table["hands"][seat])
        if isinstance(state, Refused):
            return state
        table["hands"][seat] = []
    state = state.set("counters", state["counters"].transform(["players", seat, "hand"], 0))
    table["offices"] = {o: s for o, s in table["offices"].items() if s != seat}
    table["villas"][seat] = False
    table["eliminated"].append(seat)
    if table["election"] is not None:
        table["election"]["voters"] = [s for s in table["election"]["voters"] if s != seat]
    return state


# --- playing a card ----------------------------------------------------------------------------------


def check_target(state: PMap, card: str, target: object) -> dict[str, Any] | int | Refused:
    table = state["data"]
    wants = CARDS[card].target
    if wants == ("villa",):
        if type(target) is not int or not 0 <= target < len(state["players"]) or not table["villas"][target]:
            return Refused("target: the seat of a player who has a Villa")
        return target
    found = card_by_id(table, target)
    if found is None:
        return Refused(f"target: the number (#) of a card in play: {card} takes {' or '.join(wants[:3])}"
                       + (" ..." if len(wants) > 3 else ""))
    if wants != ("any",) and found["card"] not in wants:
        return Refused(f"{card} takes {', '.join(wants[:3])}{' ...' if len(wants) > 3 else ''}, not {found['card']}")
    return found


def _check_route(state: PMap, card: str, route: object) -> dict[str, Any] | None | Refused:
    if route is None:
        return None
    table = state["data"]
    found = card_by_id(table, route)
    if found is None or found["card"] not in ROUTES:
        return Refused("route: the number (#) of a Trade Route in play, or none")
    takes = ROUTE_TAKES.get(found["card"], TRADERS)
    if card not in takes:
        return Refused(f"{found['card']} takes {' and '.join(takes)} only")
    if sum(1 for c in table["in_play"] if c["on"] == route) >= ROUTE_CAPACITY:
        return Refused(f"{found['card']} has {ROUTE_CAPACITY} traders attached already")
    return found


def may_play(state: PMap, seat: int, card: str) -> Refused | None:
    """Whether `card` may be played by `seat` now (its phase, the Villa, the office it needs)."""
    spec = CARDS[card]
    table = state["data"]
    if card == "Caught":
        return Refused("Caught is played to negate a crime, when one is played")
    if spec.kind == INTRIGUE:
        return Refused("Intrigue is played in an election, with the sealed bid")
    step = step_of(card)
    if step_name(state) != step:
        return Refused(f"{card} is played in the {step.capitalize()} Phase")
    if spec.villa and not table["villas"][seat]:
        return Refused(f"{card} needs a Villa: {name(state, seat)} has none")
    if spec.only == "pope" and controller(table, "pope") != seat:
        return Refused(f"only the Pope's controller may play {card}")
    if spec.only in OFFICES and table["offices"].get(spec.only) != seat:
        return Refused(f"only the {spec.only} may play {card}")
    if all_in_play(table, card):
        return Refused(f"{card} is in play already: the deck has " + ("only one" if spec.count == 1 else f"{spec.count}"))
    return None


def play(state: PMap, action: Mapping[str, Any]) -> Result:
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    card = action.get("card")
    if not isinstance(card, str) or card not in CARDS:
        return Refused("card: a card's name as the card list spells it, such as Senator, Cogs or The Turks")
    # A Refused is falsy (it reads as "not accepted"), so the checks are compared with None, not or-ed.
    for refused in (_free(state), may_play(state, seat, card)):
        if refused is not None:
            return refused
    spec = CARDS[card]
    target = check_target(state, card, action.get("target")) if spec.target else None
    route = _check_route(state, card, action.get("route")) if card in TRADERS else None
    for bad in (target, route):
        if isinstance(bad, Refused):
            return bad
    state = pay(state, seat, spec.cost, card)
    if isinstance(state, Refused):
        return state
    table = data(state)
    state = hands.take(state, table, seat, card)
    if isinstance(state, Refused):
        return state
    if table["tapped"] == card:
        table["tapped"] = None
    cost = f" for {spec.cost}" if spec.cost else ""
    log = [f"{name(state, seat)} plays {card}{cost}."]
    if spec.kind in IN_PLAY or spec.kind == POPULARITY:
        entry = {"id": table["next_id"], "card": card, "owner": seat, "on": route["id"] if route else None,
                 "turn": state["flow"]["round"]}
        table["next_id"] += 1
        table["in_play"].append(entry)
        log[0] = f"{name(state, seat)} puts {card} #{entry['id']} into play{cost}" + (
            f", on {describe(state, route)}." if route else ".")
        return Accepted(put(state, table), tuple(log))
    state = hands.discard(state, [card])
    if isinstance(state, Refused):
        return state
    if spec.draws:
        state = hands.draw(state, table, [seat] * spec.draws, action.get("order"), log)
        if isinstance(state, Refused):
            return state
        log.append(f"{name(state, seat)} draws {counted(spec.draws, 'card')}.")
        return Accepted(put(state, table), tuple(log), "Put the cards drawn back on top of the deck.")
    if spec.gains:
        k = sum(1 for c in owned(table, seat, spec.gains))
        log.append(f"{name(state, seat)} gains {k} Gold, one per {spec.gains}.")
        return Accepted(put(add_gold(state, seat, k), table), tuple(log))
    if card in ("The Pope Dies", "The Doge Dies"):
        table["dies"] = "pope" if card == "The Pope Dies" else "doge"
        log.append(f"The {table['dies'].capitalize()} dies: an election follows.")
        return Accepted(put(state, table), tuple(log))
    if spec.kind == WAR:
        return _war(state, table, seat, card, log)
    victim = target if type(target) is int else target["owner"]
    what = f"{name(state, victim)}'s Villa" if type(target) is int else describe(state, target)
    log[0] = f"{name(state, seat)} plays {card}{cost} on {what}."
    if spec.kind == CRIME or spec.negated_by:
        table["pending"] = {"kind": "crime" if spec.kind == CRIME else "event", "card": card, "by": seat,
                            "target": target if type(target) is int else target["id"], "victim": victim}
        who = "Anyone holding Caught" if spec.kind == CRIME else name(state, victim)
        log.append(f"{who} may negate it, or let it happen.")
        return Accepted(put(state, table), tuple(log))
    state = _happen(state, table, card, seat, target, log)
    return state if isinstance(state, Refused) else Accepted(put(state, table), tuple(log))


def _happen(state: PMap, table: dict[str, Any], card: str, seat: int, target: Any, log: list[str]) -> PMap | Refused:
    """A play's effect on its target: a Villa burnt, a card discarded."""
    if type(target) is int:
        table["villas"][target] = False
        log.append(f"{name(state, target)}'s Villa is destroyed.")
        return state
    log.append(f"{describe(state, target)} is discarded.")
    return leave_play(state, table, [target["id"]], log)


def _war(state: PMap, table: dict[str, Any], seat: int, card: str, log: list[str]) -> Result:
    """A War card: the General, then the Admiral, pays 2D6 minus his armies (navies) or loses the game."""
    payers = [[office, table["offices"][office]] for office in ("General", "Admiral") if office in table["offices"]]
    if not payers:
        log.append("Nobody holds the Office of General or Admiral: nobody pays.")
        return Accepted(put(state, table), tuple(log))
    table["pending"] = {"kind": "war", "card": card, "by": seat, "payers": payers}
    log.append(sentence(" and ".join(f"the {o} ({name(state, s)})" for o, s in payers)) + " must pay 2D6 less "
               "their armies (navies), or lose the game.")
    return Accepted(put(state, table), tuple(log))


def war_roll(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    pending = table["pending"]
    if pending is None or pending["kind"] != "war":
        return Refused("no War card waits for its payments")
    office, seat = pending["payers"][0]
    rolled = dice(action, "2d6", f"the {office}'s payment")
    if isinstance(rolled, Refused):
        return rolled
    forces = count_kind(table, seat, "A" if office == "General" else "N")
    owed = max(0, sum(rolled) - forces)
    log = [f"The {office}, {name(state, seat)}, rolls {rolled[0]} + {rolled[1]} less "
           f"{counted(forces, 'army' if office == 'General' else 'navy')}: owes {owed}."]
    pending["payers"].pop(0)
    if gold(state, seat) >= owed:
        state = add_gold(state, seat, -owed)
        log.append(f"{name(state, seat)} pays {owed}.")
    else:
        state = eliminate(state, table, seat, log)
        if isinstance(state, Refused):
            return state
        pending["payers"] = [p for p in pending["payers"] if p[1] != seat]
    if not pending["payers"]:
        table["pending"] = None
    return Accepted(put(state, table), tuple(log), "The War payment's dice are taken back.")


# --- answering a play --------------------------------------------------------------------------------


def _from(state: PMap, table: dict[str, Any], action: Mapping[str, Any], seat: int, allowed: tuple[str, ...],
          what: str) -> tuple[PMap, str] | Refused:
    """The card a player discards to do `what`: from his hand, or (`from`: its id) from play."""
    card, source = action.get("card"), action.get("from", "hand")
    if source == "hand":
        if card not in allowed:
            return Refused(f"card: {' or '.join(allowed)}, to {what}")
        out = hands.take(state, table, seat, card)
        if isinstance(out, Refused):
            return out
        return hands.discard(out, [card]), card
    found = card_by_id(table, source)
    if found is None or found["owner"] != seat or found["card"] not in allowed:
        return Refused(f"from: \"hand\", or the number (#) of {name(state, seat)}'s {' or '.join(allowed)} in play")
    log: list[str] = []
    out = leave_play(state, table, [found["id"]], log)
    return out if isinstance(out, Refused) else (out, found["card"])


def negate(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    pending = table["pending"]
    if pending is None or pending["kind"] == "war":
        return Refused("there is no play to negate now")
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    if pending["kind"] == "crime":
        allowed, what = ("Caught",), "negate a crime"
        if action.get("from", "hand") != "hand":
            return Refused("Caught is played from the hand")
    else:
        allowed = CARDS[pending["card"]].negated_by or DEFENDERS[pending["card"]]
        what = f"negate {pending['card']}"
        if seat != pending["victim"]:
            return Refused(f"only {name(state, pending['victim'])}, whose card is the target, may negate {pending['card']}")
    if pending["kind"] == "crime":
        rolled = dice(action, "1d6", "Caught")  # the criminal's loss, rolled before anything changes
        if isinstance(rolled, Refused):
            return rolled
    out = _from(state, table, action, seat, allowed, what)
    if isinstance(out, Refused):
        return out
    state, used = out
    log = [f"{name(state, seat)} negates {_pending_label(state)} with {used}."]
    table["pending"] = None
    if pending["kind"] == "crime":
        state = pay(state, seat, CARDS["Caught"].cost, "Caught")  # "Caught 1 R 1": it costs 1 Gold [R l.171]
        if isinstance(state, Refused):
            return state
        criminal = pending["by"]
        lost = min(rolled[0], gold(state, criminal))
        state = add_gold(state, criminal, -lost)
        if criminal not in table["caught"]:
            table["caught"].append(criminal)
        log.append(f"Caught! {name(state, criminal)} rolls {rolled[0]}, loses {lost} Gold and will lose the next election.")
        return Accepted(put(state, table), tuple(log), "Caught's die is taken back.")
    return Accepted(put(state, table), tuple(log))


def resolve(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    pending = table["pending"]
    if pending is None or pending["kind"] == "war":
        return Refused("there is no play waiting for an answer" if pending is None else "the War card waits for its dice")
    table["pending"] = None
    log = [f"{_pending_label(state)} is not negated."]
    if pending["kind"] == "attack":
        target = card_by_id(table, pending["target"])
        if target is not None:
            log.append(f"{name(state, pending['by'])} takes control of {describe(state, target)}.")
            target["owner"] = pending["by"]
        return Accepted(put(state, table), tuple(log))
    target = pending["target"] if CARDS[pending["card"]].target == ("villa",) else card_by_id(table, pending["target"])
    if target is None:  # it left play while the play waited
        return Accepted(put(state, table), (*log, "Its target is no longer in play."))
    state = _happen(state, table, pending["card"], pending["by"], target, log)
    return state if isinstance(state, Refused) else Accepted(put(state, table), tuple(log))


def attack(state: PMap, action: Mapping[str, Any]) -> Result:
    """War Phase: discard a Mercenary or Condottieri to seize a Caravan or Trade Route, a War Galley or
    Privateer to seize a Cog or Trade Route [R l.107-112]; the target's owner may negate it."""
    seat = _free_seat_in(state, action, "WAR", "cards are seized in the War Phase")
    if isinstance(seat, Refused):
        return seat
    card = action.get("card")
    if card not in ATTACKERS:
        return Refused(f"card: {', '.join(ATTACKERS)} (Guards defend only)")
    table = data(state)
    target = card_by_id(table, action.get("target"))
    if target is None or target["card"] not in ATTACKERS[card] or target["owner"] == seat:
        return Refused(f"target: the number (#) of another player's {'Caravan' if card in ('Mercenaries', 'Condottieri') else 'Cogs'} "
                       "or Trade Route in play")
    out = _from(state, table, action, seat, (card,), "attack")
    if isinstance(out, Refused):
        return out
    state = out[0]
    table["pending"] = {"kind": "attack", "card": card, "by": seat, "target": target["id"], "victim": target["owner"]}
    log = (f"{name(state, seat)} discards {card} to take {describe(state, target)}.",
           f"{name(state, target['owner'])} may negate it with {' or '.join(DEFENDERS[card])}, or let it happen.")
    return Accepted(put(state, table), log)


# --- the Expansion, the Revenue, the elections, the offices ----------------------------------------


def villa(state: PMap, action: Mapping[str, Any]) -> Result:
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    if step_name(state) != "EXPANSION":
        return Refused("a Villa is built in the Expansion Phase")
    table = data(state)
    if table["villas"][seat]:
        return Refused(f"{name(state, seat)} has a Villa already")
    cost = VILLA_COST_CONSTRUCTION if table["offices"].get("Construction") == seat else VILLA_COST
    state = pay(state, seat, cost, "a Villa")
    if isinstance(state, Refused):
        return state
    table["villas"][seat] = True
    return Accepted(put(state, table), (f"{name(state, seat)} builds a Villa for {cost}.",))


def trips(state: PMap, action: Mapping[str, Any]) -> Result:
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    if step_name(state) != "REVENUE" or state["options"]["trip_income"] != "dice":
        return Refused("trade trips are rolled in the Revenue Phase")
    table = data(state)
    bonuses = revenue.trips(table, seat)
    if not bonuses or table["trips"][seat] is not None:
        return Refused(f"{name(state, seat)} has no trade trip to roll" if not bonuses else
                       f"{name(state, seat)}'s trips are rolled already")
    rolled = dice(action, f"{len(bonuses)}d6", f"{name(state, seat)}'s trip roll")
    if isinstance(rolled, Refused):
        return rolled
    table["trips"][seat] = rolled
    earned = revenue.trip_income(bonuses, rolled)
    shown = ", ".join(f"{d}{'+' + str(b) if b else ''}→{g}" for d, b, g in zip(rolled, bonuses, earned))
    return Accepted(put(state, table), (f"{name(state, seat)}'s trips: {shown} = {sum(earned)} Gold.",),
                    f"{name(state, seat)}'s trip dice are taken back.")


def bid(state: PMap, action: Mapping[str, Any]) -> Result:
    """A sealed bid: the log does not say what it is (the option is private: a claimed seat's phone alone
    offers it)."""
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    table = data(state)
    election = table["election"]
    if election is None or step_name(state) not in ("POPE_ELECTION", "DOGE_ELECTION"):
        return Refused("bids are made while an election is under way")
    if seat not in election["voters"]:
        return Refused(f"{name(state, seat)} controls no {elections.VOTER[election['office']]} and cannot vote")
    offered, intrigue = action.get("gold", 0), action.get("intrigue", 0)
    if type(offered) is not int or offered < 0 or type(intrigue) is not int or intrigue < 0:
        return Refused("gold and intrigue: whole numbers, 0 or more")
    cards = hands.hand_cards(state, table, seat)
    have = cards.count("Intrigue") if cards is not None else state["counters"]["players"][seat]["hand"]
    if intrigue > have:
        return Refused(f"{name(state, seat)} has {counted(have, 'Intrigue card')} to play"
                       if cards is not None else f"{name(state, seat)} holds {counted(have, 'card')}")
    cost = elections.bid_cost({"gold": offered, "intrigue": intrigue})
    if cost > gold(state, seat):
        return Refused(f"the bid costs {cost} Gold (Intrigue: 2 each) and {name(state, seat)} has {gold(state, seat)}")
    again = election["bids"][seat] is not None
    election["bids"][seat] = {"gold": offered, "intrigue": intrigue}
    return Accepted(put(state, table), (f"{name(state, seat)} {'changes' if again else 'makes'} a sealed bid.",))


def appoint(state: PMap, action: Mapping[str, Any]) -> Result:
    if step_name(state) != "OFFICE_APPOINTMENT":
        return Refused("offices are appointed after a Doge election")
    seat = _seat(state, action)
    if isinstance(seat, Refused):
        return seat
    office = action.get("office")
    table = data(state)
    if office not in OFFICES:
        return Refused(f"office: {', '.join(OFFICES)}")
    if office in table["offices"]:
        return Refused(f"{name(state, table['offices'][office])} holds the Office of {office} already")
    if seat in table["offices"].values():
        return Refused(f"{name(state, seat)} holds an office already: one each")
    table["offices"][office] = seat
    doge = controller(table, "doge")
    return Accepted(put(state, table), (f"{name(state, doge)} appoints {name(state, seat)} to the Office of {office}.",))


def tap(state: PMap, action: Mapping[str, Any]) -> Result:
    card = action.get("card")
    if card is not None and card not in CARDS:
        return Refused("card: a Master of Venice card, or null to forget the tap")
    table = data(state)
    table["tapped"] = card
    line = f"{card} tapped: whose play is it?" if card else "The tapped card is forgotten."
    return Accepted(put(state, table), (line,))


def attach(state: PMap, action: Mapping[str, Any]) -> Result:
    """Expansion Phase: a Cog or Caravan already in play, attached to no route, goes onto a Trade Route (any
    player's) [R l.84-90]: "Caravans and Cogs can be played with no trade route attached", and attached ones
    get the bonus; a trader is attached to one route at most."""
    seat = _free_seat_in(state, action, "EXPANSION", "a Cog or Caravan is attached to a Trade Route in the Expansion Phase")
    if isinstance(seat, Refused):
        return seat
    table = data(state)
    trader = card_by_id(table, action.get("trader"))
    if trader is None or trader["owner"] != seat or trader["card"] not in TRADERS:
        return Refused(f"trader: the number (#) of one of {name(state, seat)}'s Cogs or Caravans in play")
    if trader["on"] is not None:
        return Refused(f"{describe(state, trader)} is attached to a Trade Route already")
    route = _check_route(state, trader["card"], action.get("route"))
    if isinstance(route, Refused):
        return route
    if route is None:
        return Refused("route: the number (#) of a Trade Route in play")
    line = f"{name(state, seat)} attaches {describe(state, trader)} to {describe(state, route)}."
    trader["on"] = route["id"]
    return Accepted(put(state, table), (line,))


def routes_for(state: PMap, trader: str) -> list[dict[str, Any]]:
    """The Trade Routes in play a `trader` (Cogs or Caravan) may go onto now: it takes that kind, and has room."""
    return [c for c in state["data"]["in_play"] if c["card"] in ROUTES and not isinstance(_check_route(state, trader, c["id"]), Refused)]


ACTIONS = {"attach": attach, "play": play, "villa": villa, "attack": attack, "negate": negate, "resolve": resolve, "war_roll": war_roll,
           "trips": trips, "bid": bid, "appoint": appoint, "tap": tap}

