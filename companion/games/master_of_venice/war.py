"""Master of Venice: the War Phase [R l.99-112].

  play      {seat, card, ...}                a War card: the General, then the Admiral, pays 2D6 less his
                                             armies (navies), or loses the game
  war_roll  {dice}                           the next office holder's 2D6 for that War card
  attack    {seat, card, target, from?}      discard an army or navy (from hand, or the id of one in play) to
                                             take control of a target card; its owner may negate it
  negate, resolve, tap                       as in every card phase (card_play.py)
"""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import counted
from companion.games.plain import name

from . import card_play, legal
from .cards import ATTACKERS, DEFENDERS
from .leaving import eliminate
from .phase import by_seat, next_option
from .table import add_gold, card_by_id, count_kind, describe


def attack(e: Edit) -> None:
    """Discard a Mercenary or Condottieri to seize a Caravan or Trade Route, a War Galley or Privateer to seize
    a Cog or Trade Route [R l.107-112]; the target's owner may negate it."""
    seat = e.must(legal.seat(e.state, e.action))
    e.must(legal.free(e.state))
    card = e.action.get("card")
    if card not in ATTACKERS:
        e.refuse(f"card: {', '.join(ATTACKERS)} (Guards defend only)")
    target = card_by_id(e.data, e.action.get("target"))
    if target is None or target["card"] not in ATTACKERS[card] or target["owner"] == seat:
        e.refuse(f"target: the number (#) of another player's {'Caravan' if card in ('Mercenaries', 'Condottieri') else 'Cogs'} "
                 "or Trade Route in play")
    card_play.discard_one(e, seat, (card,), "attack")
    e.data["pending"] = {"kind": "attack", "card": card, "by": seat, "target": target["id"], "victim": target["owner"]}
    e.say(f"{e.name(seat)} discards {card} to take {describe(e.state, target)}.",
          f"{e.name(target['owner'])} may negate it with {' or '.join(DEFENDERS[card])}, or let it happen.")


def war_roll(e: Edit) -> None:
    table = e.data
    pending = table["pending"]
    if pending is None or pending["kind"] != "war":
        e.refuse("no War card waits for its payments")
    office, seat = pending["payers"][0]
    rolled = e.must(legal.dice(e.action, "2d6", f"the {office}'s payment"))
    forces = count_kind(table, seat, "A" if office == "General" else "N")
    owed = max(0, sum(rolled) - forces)
    e.say(f"The {office}, {e.name(seat)}, rolls {rolled[0]} + {rolled[1]} less "
          f"{counted(forces, 'army' if office == 'General' else 'navy')}: owes {owed}.")
    pending["payers"].pop(0)
    if e.counter(seat, "gold") >= owed:
        add_gold(e, seat, -owed)
        e.say(f"{e.name(seat)} pays {owed}.")
    else:
        eliminate(e, seat)
        pending["payers"] = [p for p in pending["payers"] if p[1] != seat]
    if not pending["payers"]:
        table["pending"] = None
    e.reveal("The War payment's dice are taken back.")


def _table(state: PMap) -> list[Option]:
    p = state["data"]["pending"]
    if p is None or p["kind"] != "war":
        return next_option()
    office, payer = p["payers"][0]
    forces = count_kind(state["data"], payer, "A" if office == "General" else "N")
    return [Option(f"Roll 2D6: {office} {name(state, payer)} pays it less {forces}", "Roll",
                   {"type": "war_roll"}, rolls="2d6", button="NEXT")]


# The cards played and the seizures (each card's beside its plays) are the any-time layer's (anytime.py).
STEP = Step("WAR", "War Phase", TABLE, acting=WITH_OPTIONS, undone="the War Phase", options=by_seat(table=_table), status=card_play.status,
            handlers={"advance": card_play.close, "attack": attack, "war_roll": war_roll})
