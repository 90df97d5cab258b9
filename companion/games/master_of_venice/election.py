"""Master of Venice: the election of the Pope or the Doge [R l.116-141], after the office fell vacant.

  bid      {seat, gold, intrigue}   a sealed bid, from the voter's own phone (private: the log says only
                                    that one was made)
  advance                           NEXT reveals the bids together: every bidder pays his Intrigue and (by
                                    default) his bribe; the most votes win, a tie is rolled off

The winner's first Cardinal (Senator) in play becomes the Pope (Doge); a Doge elected then appoints the
offices (appointment.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.words import a, counted, plural
from companion.games.plain import name

from . import hands, legal, votes
from .leaving import end_of_turn
from .phase import by_seat
from .pope_doge import OFFICE_NAME
from .table import add_gold, controller, gold, owned


def bid(e: Edit) -> None:
    seat = e.must(legal.seat(e.state, e.action))
    election = e.data["election"]
    if election is None:
        e.refuse("bids are made while an election is under way")
    if seat not in election["voters"]:
        e.refuse(f"{e.name(seat)} controls no {votes.VOTER[election['office']]} and cannot vote")
    if seat in e.data["caught"]:
        e.refuse(f"{e.name(seat)} was caught in a crime and automatically loses this election: no bid")
    offered, intrigue = e.action.get("gold", 0), e.action.get("intrigue", 0)
    if type(offered) is not int or offered < 0 or type(intrigue) is not int or intrigue < 0:
        e.refuse("gold and intrigue: whole numbers, 0 or more")
    have = _intrigue(e.state, seat)
    if intrigue > have:
        e.refuse(f"{e.name(seat)} has {counted(have, 'Intrigue card')} to play"
                 if hands.hand_cards(e.state, e.data, seat) is not None else f"{e.name(seat)} holds {counted(have, 'card')}")
    cost = votes.bid_cost({"gold": offered, "intrigue": intrigue})
    if cost > e.counter(seat, "gold"):
        e.refuse(f"the bid costs {cost} Gold (Intrigue: 2 each) and {e.name(seat)} has {e.counter(seat, 'gold')}")
    again = election["bids"][seat] is not None
    election["bids"][seat] = {"gold": offered, "intrigue": intrigue}
    e.say(f"{e.name(seat)} {'changes' if again else 'makes'} a sealed bid.")


def _intrigue(state: PMap, seat: int) -> int:
    """The Intrigue cards a voter may play: those in his virtual hand, or with real cards up to the cards he holds."""
    cards = hands.hand_cards(state, state["data"], seat)
    return cards.count("Intrigue") if cards is not None else state["counters"]["players"][seat]["hand"]


def _install(e: Edit, office: str, seat: int, bid: Mapping[str, int]) -> None:
    """The winner's first Cardinal (Senator) in play becomes the Pope (Doge) [R l.125, l.138]."""
    table = e.data
    card = min(c["id"] for c in owned(table, seat, votes.VOTER[office]))
    table[office] = card
    if e.state["options"]["bribes"] == "winner" and bid.get("gold"):
        e.pay(seat, "gold", bid["gold"])
        e.say(f"{e.name(seat)} pays the bribe of {bid['gold']}.")
    e.say(f"{e.name(seat)} wins: {votes.VOTER[office]} #{card} is the new {OFFICE_NAME[office]}.")
    if office == "doge":
        table["appointing"] = True


def reveal(e: Edit) -> None:
    """The bids are shown together; every bidder pays his Intrigue and (by default) his bribe."""
    table = e.data
    election = table["election"]
    office, voters = election["office"], election["voters"]
    tally = {}
    for seat in voters:
        bid = election["bids"][seat] or {"gold": 0, "intrigue": 0}
        cost = votes.bid_cost(bid)
        if cost > e.counter(seat, "gold"):
            e.refuse(f"{e.name(seat)}'s bid costs {cost} Gold, more than they have now: bid again")
        if bid["intrigue"] > _intrigue(e.state, seat):
            e.refuse(f"{e.name(seat)}'s bid plays an Intrigue card no longer in hand: bid again")
        for _ in range(bid["intrigue"]):
            hands.take(e, seat, "Intrigue")
        hands.discard(e, ["Intrigue"] * bid["intrigue"])
        paid = bid["gold"] if e.state["options"]["bribes"] == "all" else 0
        add_gold(e, seat, -(paid + votes.INTRIGUE_COST * bid["intrigue"]))
        parts = votes.votes(table, office, seat, bid, e.state["options"]["patronage_votes"])
        tally[seat] = sum(parts.values())
        voter = votes.VOTER[office]
        sources = {"cards": a(voter) if parts.get("cards") == 1 else plural(voter), "bribe": "the bribe",
                   "intrigue": "Intrigue", "popularity": "Popularity", "patronage": "Patronage"}
        shown = ", ".join(f"{v} from {sources[k]}" for k, v in parts.items() if v) or "no votes"
        caught = " (caught: loses automatically)" if seat in table["caught"] else ""
        e.say(f"{e.name(seat)}: {counted(tally[seat], 'vote')} ({shown}){caught}.")
    best = votes.leaders(tally, table["caught"])
    # "The next election" is this one, of either kind (SPEC 2.9.11), for those who could vote in it: a criminal
    # with no vote here loses the next one he can vote in.
    table["caught"] = [s for s in table["caught"] if s not in voters]
    table["election"] = None
    if office == "doge" and best:
        table["offices"] = {}  # the appointments last until the next Doge elected [R l.142]: nobody elected ends none
    title = OFFICE_NAME[office]
    if not best:
        e.say(f"Nobody is elected: the {title}'s office stays vacant.")
        if office == "doge":
            end_of_turn(e)
    elif len(best) > 1:
        table["runoff"] = {"office": office, "bids": {str(s): election["bids"][s] or {} for s in best}}
        e.say(f"{' and '.join(e.name(s) for s in best)} are tied: they roll 1D6 each, the highest wins.")
        e.roll_off(best, f"{title} election")
        if office == "doge":
            table["appointing"] = True
    else:
        _install(e, office, best[0], election["bids"][best[0]] or {})


def on_rolloff(e: Edit, rolloff: PMap, winner: int) -> None:
    """The roll-off of a tied election is won: the winner is installed, with his bid."""
    runoff = e.data.pop("runoff")
    _install(e, runoff["office"], winner, runoff["bids"][str(winner)])


def _bids(state: PMap, seat: int) -> list[Option]:
    """One option per number of Intrigue cards played, its Gold bounded by what is left: every bid offered
    can be paid."""
    election = state["data"]["election"]
    if election is None or seat not in _bidders(state):
        return []
    purse = gold(state, seat)
    office = election["office"].capitalize()
    found = []
    for k in range(min(_intrigue(state, seat), purse // votes.INTRIGUE_COST) + 1):
        label = f"{name(state, seat)}'s sealed bid for the {office}" + (f" with {counted(k, 'Intrigue card')}" if k else "")
        found.append(Option(label, "Bid", {"type": "bid", "seat": seat, "intrigue": k}, private=True,
                            fields={"gold": {"type": "integer", "title": "gold", "minimum": 0, "sealed": True,
                                             "maximum": purse - votes.INTRIGUE_COST * k}}))
    return found


def _bidders(state: PMap) -> list[int]:
    """The voters asked for a bid: all but those caught in a crime, who lose this election whatever they bid."""
    election = state["data"]["election"] or {}
    return [s for s in election.get("voters", ()) if s not in state["data"]["caught"]]


def _missing(state: PMap) -> str:
    """NEXT reveals the bids: with some not in, it asks first (a voter's silence counts as no bid)."""
    election = state["data"]["election"]
    missing = [state["players"][s]["name"] for s in _bidders(state) if election["bids"][s] is None]
    if not missing:
        return ""
    return f"{' and '.join(missing)} {'has' if len(missing) == 1 else 'have'} not bid yet: revealing now counts no bid."


def status(state: PMap) -> str:
    bidders = _bidders(state)
    bids = state["data"]["election"]["bids"]
    # How many are in, on a line of its own on the box: bids come from phones and from the box alike.
    return f"Bids in: {sum(1 for s in bidders if bids[s] is not None)} of {len(bidders)}"


def _no_bidder(office: str) -> Callable[[PMap], str]:
    """With nobody to bid (no voter, or only voters caught in a crime), NEXT would only count no votes: the
    election passes by itself."""
    def why(state: PMap) -> str:
        if _bidders(state):
            return ""
        caught = [state["players"][s]["name"] for s in (state["data"]["election"] or {}).get("voters", ())]
        because = (f"{' and '.join(caught)} {'was' if len(caught) == 1 else 'were'} caught in a crime" if caught
                   else f"nobody controls a {votes.VOTER[office]}")
        return f"Nobody can bid for the {OFFICE_NAME[office]}: {because}."
    return why


def _result(office: str) -> Callable[[PMap, PMap], tuple[str, str] | None]:
    """What the bids revealed, for the whole table on the box ("Pope": "Ada's Cardinal #4 is elected"): the log
    says it at length, with every bidder's votes. An election nobody could bid in says nothing here: it passed by
    itself, and the log says why."""
    title = OFFICE_NAME[office]

    def told(before: PMap, after: PMap) -> tuple[str, str] | None:
        if not _bidders(before):
            return None
        table = after["data"]
        if table.get("runoff"):
            tied = sorted(int(s) for s in table["runoff"]["bids"])
            return title, f"{' and '.join(name(after, s) for s in tied)} are tied: a roll-off"
        seat = controller(table, office)  # an election fills a vacant office: its holder now is the winner
        if seat is None:
            return title, "Nobody is elected"
        return title, f"{name(after, seat)}'s {votes.VOTER[office]} #{table[office]} is elected"
    return told


def _step(office: str, label: str) -> Step:
    return Step(f"{office.upper()}_ELECTION", label, TABLE, acting=WITH_OPTIONS, anytime=False, done="Reveal", undone=f"the votes for the {OFFICE_NAME[office]}",
                options=by_seat(seat=_bids), status=status, asks=_missing, tells=_result(office),
                 idle=_no_bidder(office),
                 when=lambda state: (state["data"]["election"] or {}).get("office") == office,
                 handlers={"bid": bid, "advance": reveal})


POPE = _step("pope", "Elect the Pope")
DOGE = _step("doge", "Elect the Doge")
