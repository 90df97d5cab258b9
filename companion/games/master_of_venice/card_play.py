"""Master of Venice: cards played from the hand in the card phases (Expansion, Event, War, Pope, Doge), and
the answers to a play that waits for one (SPEC.md 2.3-2.4).

  play     {seat, card, target?, route?}  a card from hand: into play, an event, a crime, a war
  negate   {seat, card, from?}            answer a pending play: Caught on a crime; a War Galley on
                                          Pirates; Guards or Mercenaries on Brigands; a defender on an attack
  resolve  {}                             the pending play happens
  tap      {card | null}                  a card tapped on the reader, waiting to be told whose it is

With a virtual deck the hands are secret: the options that play from a hand are private, so while a phone
holds the seat only that phone makes them; with real cards, the players show the card they play, so any
phone or a tap may enter it. Only what would be accepted is offered: a card in its own phase, by a player
who may play it and has its Gold, on a target it may take; Caught to a player with its 1 Gold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pyrsistent import PMap

from companion.core.fields import PICKER_LIST, at_once
from companion.core.flow import step_name
from companion.core.options import Option
from companion.core.result import Refused, refused
from companion.core.edit import Edit
from companion.core.words import PARTS, counted, sentence
from companion.games.plain import name

from . import hands, legal
from .cards import ATTACKERS, CARDS, CRIME, DEFENDERS, IN_PLAY, POPULARITY, TRADERS, WAR, kinds, phases_of
from .leaving import leave_play
from .table import add_gold, all_in_play, card_by_id, describe, gold, in_order, owned, pay, virtual


def _enum(ids: list, names: list[str], title: str, state: PMap | None = None) -> dict[str, Any]:
    """A choice among `ids`; cards in play (`state` given) are grouped so a long list is picked group first: by
    owner, or where an owner has more cards than a picker lists, by owner and card type ("Bea: Senator"), or by
    card type alone where that shows fewer at once when the owners' groups would not fit a picker."""
    field = {"title": title, "enum": ids, "enumNames": names}
    if state is not None:
        cards = [card_by_id(state["data"], i) for i in ids]
        owners = [name(state, c["owner"]) for c in cards]
        types = kinds([c["card"] for c in cards])
        many = {o for o in owners if owners.count(o) > PICKER_LIST}
        by_owner = [f"{o}: {kind}" if o in many else o for o, kind in zip(owners, types)]
        field["enumGroups"] = by_owner if at_once(by_owner) <= PICKER_LIST else min((by_owner, types), key=at_once)
    return field


# --- the handlers ------------------------------------------------------------------------------------


def play(e: Edit) -> None:
    state, action = e.state, e.action
    seat = e.must(legal.seat(state, action))
    card = action.get("card")
    if not isinstance(card, str) or card not in CARDS:
        e.refuse("card: a card's name as the card list spells it, such as Senator, Cogs or The Turks")
    e.must(legal.free(state))
    e.must(legal.may_play(state, seat, card))
    spec = CARDS[card]
    target = e.must(legal.target(state, card, action.get("target"))) if spec.target else None
    route = e.must(legal.route(state, card, action.get("route"))) if card in TRADERS else None
    pay(e, seat, spec.cost, card)
    hands.take(e, seat, card)
    table = e.data
    if table["tapped"] == card:
        table["tapped"] = None
    cost = f" for {spec.cost}" if spec.cost else ""
    who = e.name(seat)
    if spec.kind in IN_PLAY or spec.kind == POPULARITY:
        entry = {"id": table["next_id"], "card": card, "owner": seat, "on": route["id"] if route else None,
                 "turn": state["flow"]["round"]}
        table["next_id"] += 1
        table["in_play"].append(entry)
        e.say(f"{who} puts {card} #{entry['id']} into play{cost}" + (f", on {describe(state, route)}." if route else "."))
        return
    aimed = not (spec.draws or spec.gains or spec.kind == WAR or card in legal.DIES)
    if aimed:
        victim = target if type(target) is int else target["owner"]
        what = f"{name(state, victim)}'s Villa" if type(target) is int else describe(state, target)
        e.say(f"{who} plays {card}{cost} on {what}.")
    else:
        e.say(f"{who} plays {card}{cost}.")
    hands.discard(e, [card])
    if spec.draws:
        hands.draw(e, [seat] * spec.draws)
        e.say(f"{who} draws {counted(spec.draws, 'card')}.")
        e.reveal("Put the cards drawn back on top of the deck.")
    elif spec.gains:
        k = sum(1 for c in owned(table, seat, spec.gains))
        e.say(f"{who} gains {k} Gold, one per {spec.gains}.")
        add_gold(e, seat, k)
    elif card in legal.DIES:
        table["dies"] = legal.DIES[card]
        e.say(f"The {table['dies'].capitalize()} dies: an election follows.")
    elif spec.kind == WAR:
        _war(e, seat, card)
    elif spec.kind == CRIME or spec.negated_by:
        table["pending"] = {"kind": "crime" if spec.kind == CRIME else "event", "card": card, "by": seat,
                            "target": target if type(target) is int else target["id"], "victim": victim}
        e.say(f"{'Anyone holding Caught' if spec.kind == CRIME else name(state, victim)} may negate it, or let it happen.")
    else:
        _happen(e, target)


def _happen(e: Edit, target: Any) -> None:
    """A play's effect on its target: a Villa burnt, a card discarded."""
    if type(target) is int:
        e.data["villas"][target] = False
        e.say(f"{e.name(target)}'s Villa is destroyed.")
        return
    e.say(f"{describe(e.state, target)} is discarded.")
    leave_play(e, [target["id"]])


def _war(e: Edit, seat: int, card: str) -> None:
    """A War card: the General, then the Admiral, pays 2D6 minus his armies (navies) or loses the game."""
    table = e.data
    payers = [[office, table["offices"][office]] for office in ("General", "Admiral") if office in table["offices"]]
    if not payers:
        e.say("Nobody holds the Office of General or Admiral: nobody pays.")
        return
    table["pending"] = {"kind": "war", "card": card, "by": seat, "payers": payers}
    e.say(sentence(" and ".join(f"the {o} ({e.name(s)})" for o, s in payers)) + " must pay 2D6 less "
          "their armies (navies), or lose the game.")


def discard_one(e: Edit, seat: int, allowed: tuple[str, ...], what: str) -> str:
    """The card a player discards to do `what`: from his hand, or (`from`: its id) from play."""
    card, source = e.action.get("card"), e.action.get("from", "hand")
    if source == "hand":
        if card not in allowed:
            e.refuse(f"card: {' or '.join(allowed)}, to {what}")
        hands.take(e, seat, card)
        hands.discard(e, [card])
        return card
    found = card_by_id(e.data, source)
    if found is None or found["owner"] != seat or found["card"] not in allowed:
        e.refuse(f"from: \"hand\", or the number (#) of {e.name(seat)}'s {' or '.join(allowed)} in play")
    leave_play(e, [found["id"]])
    return found["card"]


def negate(e: Edit) -> None:
    state = e.state
    pending = state["data"]["pending"]
    if pending is None or pending["kind"] == "war":
        e.refuse("there is no play to negate now")
    seat = e.must(legal.seat(state, e.action))
    crime = pending["kind"] == "crime"
    if crime:
        allowed, what = ("Caught",), "negate a crime"
        if e.action.get("from", "hand") != "hand":
            e.refuse("Caught is played from the hand")
        rolled = e.must(legal.dice(e.action, "1d6", "Caught"))  # the criminal's loss, rolled before anything changes
    else:
        allowed = CARDS[pending["card"]].negated_by or DEFENDERS[pending["card"]]
        what = f"negate {pending['card']}"
        if seat != pending["victim"]:
            e.refuse(f"only {e.name(pending['victim'])}, whose card is the target, may negate {pending['card']}")
    used = discard_one(e, seat, allowed, what)
    e.say(f"{e.name(seat)} negates {legal.pending_label(state)} with {used}.")
    e.data["pending"] = None
    if crime:
        pay(e, seat, CARDS["Caught"].cost, "Caught")  # "Caught 1 R 1": it costs 1 Gold [R l.171]
        criminal = pending["by"]
        lost = min(rolled[0], e.counter(criminal, "gold"))
        add_gold(e, criminal, -lost)
        if criminal not in e.data["caught"]:
            e.data["caught"].append(criminal)
        e.say(f"Caught! {e.name(criminal)} rolls {rolled[0]}, loses {lost} Gold and will lose the next election.")
        e.reveal("Caught's die is taken back.")


def resolve(e: Edit) -> None:
    state, table = e.state, e.data
    pending = table["pending"]
    if pending is None or pending["kind"] == "war":
        e.refuse("there is no play waiting for an answer" if pending is None else "the War card waits for its dice")
    table["pending"] = None
    e.say(f"{legal.pending_label(state)} is not negated.")
    if pending["kind"] == "attack":
        target = card_by_id(table, pending["target"])
        if target is not None:
            e.say(f"{e.name(pending['by'])} takes control of {describe(state, target)}.")
            target["owner"] = pending["by"]
        return
    target = pending["target"] if CARDS[pending["card"]].target == ("villa",) else card_by_id(table, pending["target"])
    if target is None:  # it left play while the play waited
        e.say("Its target is no longer in play.")
        return
    _happen(e, target)


def tap(e: Edit) -> None:
    card = e.action.get("card")
    if card is not None and card not in CARDS:
        e.refuse("card: a Master of Venice card, or null to forget the tap")
    e.data["tapped"] = card
    e.say(f"{card} tapped: whose play is it?" if card else "The tapped card is forgotten.")


def close(e: Edit) -> None:
    """NEXT ends a card phase when nothing waits for an answer; a tap nobody claimed is forgotten."""
    p = e.data["pending"]
    if p is not None:
        what = "its dice" if p["kind"] == "war" else "its answer: negate it, or let it happen"
        e.refuse(f"{e.name(p['by'])}'s {p['card']} waits for {what}")
    if e.data["tapped"]:
        e.say(f"The tapped {e.data['tapped']} was not played.")
        e.data["tapped"] = None


# Every card phase's (anytime.py); NEXT (`close`) is each phase's own.
HANDLERS = {"play": play, "negate": negate, "resolve": resolve, "tap": tap}


# --- what the table may do -----------------------------------------------------------------------------


def table_options(state: PMap, closing: Sequence[Option] = ()) -> list[Option]:
    """While a play waits for its answer, letting it happen; else a card tapped (whose play, on what), or with
    real cards a card named as it is played, then what closes the phase (`closing`)."""
    table, step = state["data"], step_name(state)
    p = table["pending"]
    if p is not None:
        return [] if p["kind"] == "war" else [
            Option(f"Allow {name(state, p['by'])}'s {p['card']}", "Allow", {"type": "resolve"}, button="NEXT")]
    found = []
    if table["tapped"]:
        found = _tapped(state, table["tapped"])
    elif not virtual(state):
        # In the card list's order, as a player's own cards are listed: the commonest kinds first (a Cardinal, a
        # Senator, Cogs, a Caravan), each card in the same place on both lists. Only the cards somebody holding a
        # card may play now and pay for: a card nobody could play would only be forgotten, and the short list
        # finds the card tapped sooner.
        seats = holders(state)
        names = [c for c in CARDS if step in phases_of(c) and not all_in_play(table, c)
                 and any(plays_of(state, s, c, {"type": "play", "seat": s, "card": c}, "") for s in seats)]
        found = [Option("A card is played: name it", "Name", {"type": "tap"},
                        fields={"card": {"title": "card", "enum": names, "enumGroups": kinds(names)}})] if names else []
    return found + list(closing)


def _tapped(state: PMap, card: str) -> list[Option]:
    """A real card tapped (or named): whose play it is, and on what."""
    found = []
    for seat in holders(state):
        found += [replace(o, player=seat) for o in
                  plays_of(state, seat, card, {"type": "play", "seat": seat, "card": card}, name(state, seat) + " plays")]
    found.append(Option(f"Forget the tapped {card}", "Forget", {"type": "tap", "card": None}))
    return [replace(o, first=True) for o in found]  # the card on the reader: its plays head the table's list


def status(state: PMap) -> str:
    """A play waiting for its answer, on the OLED: a play to negate names its card in each answer ("Allow Ada's
    Condottieri"), so the question alone fits the box's line the two lines of the answer leave; a War card's name
    may fill that line, its payments' roll is the answer's."""
    p = state["data"]["pending"]
    return "" if p is None else f"{p['card']}{PARTS}roll the payments" if p["kind"] == "war" else "Negate or allow?"


# --- what a seat may do --------------------------------------------------------------------------------


def seat_options(state: PMap, seat: int, seizing: bool = False) -> list[Option]:
    """The answers to a play that waits for one, else the cards this player may play now: from the hand the
    companion holds (on his phone only, one option per card), or with real cards the cards of this phase,
    named from a list; `seizing` (the War Phase), an army's or a navy's seizures too."""
    table, step = state["data"], step_name(state)
    if table["pending"] is not None:
        return _answers(state, seat)
    found = []
    if virtual(state):
        for card in dict.fromkeys(table["hands"][seat]):
            base = {"type": "play", "seat": seat, "card": card}
            found += [replace(o, private=True) for o in plays_of(state, seat, card, base, f"{name(state, seat)} plays")]
            if seizing and card in ATTACKERS:
                found += [replace(o, private=True) for o in seizes(state, seat, card, {"type": "attack", "seat": seat, "card": card}, "")]
    elif holds(state, seat):  # real cards: as many as the companion counted
        plain, other = [], []
        for card in (c for c in CARDS if step in phases_of(c)):
            plays = plays_of(state, seat, card, {"type": "play", "seat": seat, "card": card}, f"{name(state, seat)} plays")
            if len(plays) == 1 and not plays[0].fields:
                plain.append(card)  # named from one list
            else:  # on a card in play, a Villa or a Trade Route: together in a long list
                other += [replace(o, under=f"{name(state, seat)} plays a card on …") for o in plays]
        if plain:
            found.append(Option(f"{name(state, seat)} plays a card", "Play", {"type": "play", "seat": seat},
                                fields={"card": {"title": "card", "enum": plain, "enumGroups": kinds(plain)}}))
        found += other
        if seizing:
            for card in ATTACKERS:
                found += seizes(state, seat, card, {"type": "attack", "seat": seat, "card": card}, "")
    if seizing:  # an army or navy in play seizes too (discarded from play)
        for mine in table["in_play"]:
            if mine["owner"] == seat and mine["card"] in ATTACKERS:
                found += seizes(state, seat, mine["card"], {"type": "attack", "seat": seat, "card": mine["card"],
                                                            "from": mine["id"]}, f"#{mine['id']}")
    return found


def plays_of(state: PMap, seat: int, card: str, base: dict[str, Any], who: str) -> list[Option]:
    """`card` played by `seat`, with each target or route it may take; none when it would be refused."""
    if legal.may_play(state, seat, card) is not None or gold(state, seat) < CARDS[card].cost:
        return []
    spec, table = CARDS[card], state["data"]
    cost = f" for {spec.cost}" if spec.cost else ""
    if spec.target:
        candidates = ([s for s in in_order(state) if table["villas"][s]] if spec.target == ("villa",)
                      else [c["id"] for c in table["in_play"]])
        ok = [t for t in candidates if not refused(legal.target(state, card, t))]
        names = [f"{name(state, t)}'s Villa" if spec.target == ("villa",) else describe(state, card_by_id(table, t)) for t in ok]
        cards = state if spec.target != ("villa",) else None
        return [Option(_on(state, seat, card, who), "Play", base, fields={"target": _enum(ok, names, "target", cards)})] if ok else []
    found = [Option(f"{who} {card}{cost}", "Play", base)]
    if card in TRADERS:
        routes = legal.routes_for(state, card)
        if routes:
            found.append(Option(_on(state, seat, card, who), "Route", base,  # the route: its field
                                fields={"route": _enum([r["id"] for r in routes], [describe(state, r) for r in routes], "route",
                                                       state)}))
    return found


def _on(state: PMap, seat: int, card: str, who: str) -> str:
    """A play on a card, a Villa or a Trade Route, chosen next: what it costs first, so that the card's name has a
    line of its own on the box ("Ada pays 2: Assassination on …", "Ada plays Cardinal Dies on …")."""
    cost = CARDS[card].cost
    return f"{name(state, seat)} pays {cost}: {card} on …" if cost else f"{who} {card} on …"


def seizes(state: PMap, seat: int, card: str, base: dict[str, Any], where: str) -> list[Option]:
    """`card` (from the hand, or the one in play numbered `where`, "#7") discarded to seize a card it may take."""
    ok = [c["id"] for c in state["data"]["in_play"] if c["card"] in ATTACKERS[card] and c["owner"] != seat]
    if not ok:
        return []
    names = [describe(state, card_by_id(state["data"], t)) for t in ok]
    said = f"{name(state, seat)}'s {card} {where} seizes a card" if where else f"{name(state, seat)} seizes a card with {card}"
    return [Option(said, "Seize", base,
                   fields={"target": _enum(ok, names, "target", state)})]


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
        if virtual(state) and "Caught" not in table["hands"][seat] or not holds(state, seat):
            return []
        return [Option(f"{name(state, seat)} plays Caught: {name(state, p['by'])} loses 1D6 Gold", "Caught",  # its 1 Gold is the card's cost
                       {"type": "negate", "seat": seat, "card": "Caught"}, rolls="1d6", private=virtual(state))]
    if seat != p["victim"]:
        return []
    allowed = CARDS[p["card"]].negated_by or DEFENDERS[p["card"]]
    # The rulebook's "discard (from play or hand)": one in play by its number, "(hand)" for one held.
    found = [Option(f"{name(state, seat)} discards {c['card']} #{c['id']}", "Negate",
                    {"type": "negate", "seat": seat, "card": c["card"], "from": c["id"]})
             for c in table["in_play"] if c["owner"] == seat and c["card"] in allowed]
    hand = table["hands"][seat]
    found += [Option(f"{name(state, seat)} discards {c} (hand)", "Negate", {"type": "negate", "seat": seat, "card": c}, private=virtual(state))
              for c in allowed if (c in hand if virtual(state) else holds(state, seat))]
    return found


def holders(state: PMap) -> list[int]:
    """The players holding a card, in the turn's order: who may have played a real card named at the table."""
    return [s for s in in_order(state) if holds(state, s)]


def holds(state: PMap, seat: int) -> bool:
    """Whether the player holds a card at all (real cards: the count the companion keeps)."""
    return state["counters"]["players"][seat]["hand"] > 0
