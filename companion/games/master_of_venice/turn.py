"""Master of Venice: what each phase does as it is advanced (SPEC.md 2.3 and its state machine).

  DRAW                each player still in the game draws 1 card (turn 1: the starting cards
                      and Gold of the rule options first)
  REVENUE             every player's income, with the trip dice not rolled yet
  EXPANSION/EVENT/WAR the players' plays are their own actions; the advance only closes them
  POPE, DOGE          1D6 ("die" or "dice"): 6 kills the incumbent; no roll when the office is
                      vacant or The Pope (Doge) Dies was played: an election follows
  *_ELECTION          the sealed bids are revealed: the most votes win, a tie is rolled off
  OFFICE_APPOINTMENT  the offices not yet given go, in order, to the players without one
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, pmap, pvector

from companion.core.result import Accepted, Refused, Result
from companion.core.words import a, counted, plural
from companion.games.plain import data, name, put

from . import elections, hands, revenue
from .cards import CARDS, OFFICES, POPULARITY
from .play import dice, leave_play
from .table import add_gold, controller, in_order, owned, standing, unappointed, virtual

OFFICE_NAME = {"pope": "Pope", "doge": "Doge"}


def draw(state: PMap, action: Mapping[str, Any]) -> Result:
    table = data(state)
    log: list[str] = []
    seats = in_order(state)
    first_turn = state["flow"]["round"] == 1
    extra = state["options"]["start_cards"] if first_turn else 0
    if first_turn and state["options"]["start_gold"]:
        for seat in seats:
            state = add_gold(state, seat, state["options"]["start_gold"])
        log.append(f"Each player starts with {state['options']['start_gold']} Gold.")
    if not virtual(state):
        log.append(f"Deal {counted(extra, 'card')} to each player, then each draws 1." if extra else "Each player draws 1 card.")
    state = hands.draw(state, table, seats * (extra + 1), action.get("order"), log)
    if isinstance(state, Refused):
        return state
    if virtual(state):
        log.append("Each player's new card is on their own phone.")
    return Accepted(put(state, table), tuple(log), "Put the cards drawn back on top of the deck.")


# Each source of Revenue in the log: "3 base, 2 from cards, 5 from offices, 1 from others' traders".
_REVENUE = {"base": "base", "cards": "from cards", "offices": "from offices", "routes": "from others' traders"}


def income(state: PMap, action: Mapping[str, Any]) -> Result:
    """Every player's Revenue; the trips not rolled before are rolled now, player by player."""
    table = data(state)
    seats = in_order(state)
    by_dice = state["options"]["trip_income"] == "dice"
    unrolled = [s for s in seats if by_dice and table["trips"][s] is None and revenue.trips(table, s)]
    wanted = sum(len(revenue.trips(table, s)) for s in unrolled)
    rolled: list[int] = []
    if wanted:
        rolled = dice(action, f"{wanted}d6", "the trade trips")
        if isinstance(rolled, Refused):
            return rolled
    for seat in unrolled:
        k = len(revenue.trips(table, seat))
        table["trips"][seat], rolled = rolled[:k], rolled[k:]
    log = []
    for seat in seats:
        parts = revenue.fixed(table, seat)
        bonuses = revenue.trips(table, seat)
        trips = revenue.trip_income(bonuses, table["trips"][seat] if by_dice else None)
        total = revenue.total(parts, trips)
        state = add_gold(state, seat, total)
        shown = ", ".join(f"{v} {_REVENUE[k]}" for k, v in parts.items() if v)
        if bonuses:
            shown += f", {sum(trips)} from {counted(len(trips), 'trip')}" + (
                f" ({', '.join(map(str, table['trips'][seat]))})" if by_dice else "")
        log.append(f"{name(state, seat)}: +{total} Gold ({shown}).")
    table["trips"] = [None] * len(state["players"])
    return Accepted(put(state, table), tuple(log), "The trip dice are taken back." if wanted else None)


def _closing(state: PMap, action: Mapping[str, Any]) -> Result:
    """Expansion, Event and War end when nothing waits for an answer; a tap nobody claimed is forgotten."""
    table = data(state)
    if table["pending"] is not None:
        p = table["pending"]
        what = "its dice" if p["kind"] == "war" else "its answer: negate it, or let it happen"
        return Refused(f"{name(state, p['by'])}'s {p['card']} waits for {what}")
    log = []
    if table["tapped"]:
        log.append(f"The tapped {table['tapped']} was not played.")
        table["tapped"] = None
    return Accepted(put(state, table), tuple(log))


def _die(action: Mapping[str, Any]) -> list[int] | None:
    """The Pope's or Doge's die: `die` (a number) or `dice` (a list of one)."""
    die = action.get("die")
    return [die] if type(die) is int else action.get("dice")


def _death_roll(office: str):
    def run(state: PMap, action: Mapping[str, Any]) -> Result:
        table = data(state)
        log: list[str] = []
        title = OFFICE_NAME[office]
        reveal = None
        if table["dies"] == office:
            log.append(f"The {title} Dies was played.")
        elif table[office] is None:
            log.append(f"The {title}'s office is vacant.")
        else:
            rolled = dice({"dice": _die(action)}, "1d6", f"the {title} Phase")
            if isinstance(rolled, Refused):
                return rolled
            reveal = "The die is taken back."
            if rolled[0] != 6:
                log.append(f"{title} Phase: {rolled[0]}. The {title} lives.")
                if office == "doge":
                    state = end_of_turn(state, table, log)
                return _done(state, table, log, reveal)
            log.append(f"{title} Phase: 6. The {title} dies.")
        incumbent = table[office]
        if type(incumbent) is int:
            state = leave_play(state, table, [incumbent], log)
            if isinstance(state, Refused):
                return state
        table[office], table["dies"] = None, None
        n = len(state["players"])
        voters = elections.voters(table, office, standing(table, n))
        table["election"] = {"office": office, "voters": voters, "bids": [None] * n}
        if voters:
            log.append(f"Election of the {title}: {', '.join(name(state, s) for s in voters)} "
                       f"{'votes' if len(voters) == 1 else 'vote'}. "
                       "Bids are sealed, on each voter's own phone.")
        else:
            log.append(f"Election of the {title}: nobody controls a {elections.VOTER[office]}, so nobody can vote.")
        return Accepted(put(state, table), tuple(log), reveal)

    return run


def _install(state: PMap, table: dict[str, Any], office: str, seat: int, bid: Mapping[str, int], log: list[str]) -> PMap:
    """The winner's first Cardinal (Senator) in play becomes the Pope (Doge) [R l.125, l.138]."""
    card = min(c["id"] for c in owned(table, seat, elections.VOTER[office]))
    table[office] = card
    if state["options"]["bribes"] == "winner" and bid.get("gold"):
        state = add_gold(state, seat, -bid["gold"])
        log.append(f"{name(state, seat)} pays the bribe of {bid['gold']}.")
    log.append(f"{name(state, seat)} wins: {elections.VOTER[office]} #{card} is the new {OFFICE_NAME[office]}.")
    if office == "doge":
        table["appointing"] = True
    return state


def reveal(state: PMap, action: Mapping[str, Any]) -> Result:
    """The bids are shown together; every bidder pays his Intrigue and (by default) his bribe."""
    table = data(state)
    election = table["election"]
    office, voters = election["office"], election["voters"]
    log: list[str] = []
    tally = {}
    for seat in voters:
        bid = election["bids"][seat] or {"gold": 0, "intrigue": 0}
        cost = elections.bid_cost(bid)
        if cost > state["counters"]["players"][seat]["gold"]:
            return Refused(f"{name(state, seat)}'s bid costs {cost} Gold, more than they have now: bid again")
        for _ in range(bid["intrigue"]):
            state = hands.take(state, table, seat, "Intrigue")
            if isinstance(state, Refused):
                return Refused(f"{name(state, seat)}'s bid plays an Intrigue card no longer in hand: bid again")
        state = hands.discard(state, ["Intrigue"] * bid["intrigue"])
        if isinstance(state, Refused):
            return state
        paid = bid["gold"] if state["options"]["bribes"] == "all" else 0
        state = add_gold(state, seat, -(paid + elections.INTRIGUE_COST * bid["intrigue"]))
        parts = elections.votes(table, office, seat, bid, state["options"]["patronage_votes"])
        tally[seat] = sum(parts.values())
        voter = elections.VOTER[office]
        sources = {"cards": a(voter) if parts.get("cards") == 1 else plural(voter), "bribe": "the bribe",
                   "intrigue": "Intrigue", "popularity": "Popularity", "patronage": "Patronage"}
        shown = ", ".join(f"{v} from {sources[k]}" for k, v in parts.items() if v) or "no votes"
        caught = " (caught: loses automatically)" if seat in table["caught"] else ""
        log.append(f"{name(state, seat)}: {counted(tally[seat], 'vote')} ({shown}){caught}.")
    best = elections.leaders(tally, table["caught"])
    # "The next election" is this one, of either kind (SPEC 2.9.11), for those who could vote in it: a criminal
    # with no vote here loses the next one he can vote in.
    table["caught"] = [s for s in table["caught"] if s not in voters]
    table["election"] = None
    if office == "doge":
        table["offices"] = {}  # the appointments last until the next Doge election [R l.142]
    title = OFFICE_NAME[office]
    if not best:
        log.append(f"Nobody is elected: the {title}'s office stays vacant.")
        if office == "doge":
            state = end_of_turn(state, table, log)
        return _done(state, table, log)
    if len(best) > 1:
        table["runoff"] = {"office": office, "bids": {str(s): election["bids"][s] or {} for s in best}}
        state = state.set("rolloff", pmap({"contenders": pvector(best), "purpose": f"{title} election"}))
        log.append(f"{' and '.join(name(state, s) for s in best)} are tied: they roll 1D6 each, the highest wins.")
        if office == "doge":
            table["appointing"] = True
        return Accepted(put(state, table), tuple(log))
    state = _install(state, table, office, best[0], election["bids"][best[0]] or {}, log)
    return Accepted(put(state, table), tuple(log))


def on_rolloff(state: PMap, rolloff: PMap, winner: int) -> Result:
    table = data(state)
    runoff = table.pop("runoff")
    log: list[str] = []
    state = _install(state, table, runoff["office"], winner, runoff["bids"][str(winner)], log)
    return Accepted(put(state, table), tuple(log))


def appoint_rest(state: PMap, action: Mapping[str, Any]) -> Result:
    """NEXT gives the offices not yet given, in order, to the players without one, from the Doge's."""
    table = data(state)
    waiting = unappointed(state) if controller(table, "doge") is not None else []
    free = [o for o in OFFICES if o not in table["offices"]]
    log = []
    for seat, office in zip(waiting, free):
        table["offices"][office] = seat
        log.append(f"{name(state, seat)}: Office of {office}.")
    return _done(end_of_turn(state, table, log), table, log)


def end_of_turn(state: PMap, table: dict[str, Any], log: list[str]) -> PMap | Refused:
    """The turn's last phase is over: its Popularity cards are discarded [R l.83]."""
    table["appointing"] = False
    leaving = [c["id"] for c in table["in_play"] if CARDS[c["card"]].kind == POPULARITY]
    if leaving:
        log.append("The Popularity cards of this turn are discarded.")
    return leave_play(state, table, leaving, log)


def _done(state: PMap | Refused, table: dict[str, Any], log: list[str], reveal: str | None = None) -> Result:
    return state if isinstance(state, Refused) else Accepted(put(state, table), tuple(log), reveal)

def nothing(state: PMap, action: Mapping[str, Any]) -> Result:
    """A phase whose NEXT only closes it (the Diplomacy Phase: the players talk)."""
    return Accepted(state)


# What NEXT does in each phase (steps.py makes them the steps' advance; the Diplomacy Phase's only closes it).
STEPS = {
    "DRAW": draw, "REVENUE": income, "EXPANSION": _closing, "EVENT": _closing, "WAR": _closing,
    "POPE": _death_roll("pope"), "DOGE": _death_roll("doge"),
    "POPE_ELECTION": reveal, "DOGE_ELECTION": reveal, "OFFICE_APPOINTMENT": appoint_rest,
}
