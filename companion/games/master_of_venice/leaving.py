"""Master of Venice: cards that leave play, and a player who leaves the game (SPEC.md 2.9.10)."""

from __future__ import annotations

from companion.core.edit import Edit

from . import hands
from .cards import CARDS, POPULARITY
from .table import owned, virtual


def leave_play(e: Edit, ids: list[int]) -> None:
    """Cards leave play for the discard pile: a Trade Route's traders stay, unattached; a Pope's Cardinal or
    a Doge's Senator leaves the office vacant (an election at the next phase)."""
    table = e.data
    gone = [c for c in table["in_play"] if c["id"] in ids]
    table["in_play"] = [c for c in table["in_play"] if c["id"] not in ids]
    for card in table["in_play"]:
        if card["on"] in ids:
            card["on"] = None
    for office in ("pope", "doge"):
        if table[office] in ids:
            table[office] = None
            e.say(f"The {office.capitalize()} is gone: the office is vacant.")
    hands.discard(e, [c["card"] for c in gone])


def eliminate(e: Edit, seat: int) -> None:
    """A player who could not pay loses the game: his cards go to the discard pile and his offices fall
    vacant."""
    who, table = e.name(seat), e.data
    e.say(f"{who} cannot pay and loses the game: {who}'s cards are discarded and offices fall vacant.")
    leave_play(e, [c["id"] for c in owned(table, seat)])
    if virtual(e.state):
        hands.discard(e, table["hands"][seat])
        table["hands"][seat] = []
    e.pay(seat, "hand", e.counter(seat, "hand"))
    table["offices"] = {o: s for o, s in table["offices"].items() if s != seat}
    table["villas"][seat] = False
    table["eliminated"].append(seat)
    if table["election"] is not None:
        table["election"]["voters"] = [s for s in table["election"]["voters"] if s != seat]


def end_of_turn(e: Edit) -> None:
    """The turn's last phase is over: its Popularity cards are discarded [R l.83]."""
    e.data["appointing"] = False
    leaving = [c["id"] for c in e.data["in_play"] if CARDS[c["card"]].kind == POPULARITY]
    if leaving:
        e.say("The Popularity cards of this turn are discarded.")
    leave_play(e, leaving)
