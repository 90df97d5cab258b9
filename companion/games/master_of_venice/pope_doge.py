"""Master of Venice: the Pope Phase and the Doge Phase [R l.113-142]. NEXT rolls 1D6: on a 6 the Pope
(Doge) dies. There is no roll when the office is vacant or The Pope (Doge) Dies was played this turn: an
election follows at once, of the players who control a Cardinal (Senator). Cards of the phase may be played
before (card_play.py). A Doge who lives ends the turn."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.flow import TABLE, WITH_OPTIONS, Step
from companion.core.options import Option
from companion.core.edit import Edit

from . import card_play, legal, votes
from .leaving import end_of_turn, leave_play
from .phase import by_seat
from .table import standing

OFFICE_NAME = {"pope": "Pope", "doge": "Doge"}


def _rolls(state: PMap, office: str) -> bool:
    table = state["data"]
    return table["dies"] != office and table[office] is not None


def _death_roll(office: str):
    title = OFFICE_NAME[office]

    def run(e: Edit) -> None:
        table = e.data
        if table["dies"] == office:
            e.say(f"The {title} Dies was played.")
        elif table[office] is None:
            e.say(f"The {title}'s office is vacant.")
        else:
            die = e.action.get("die")  # `die` (a number) or `dice` (a list of one)
            rolled = e.must(legal.dice({"dice": [die] if type(die) is int else e.action.get("dice")}, "1d6", f"the {title} Phase"))
            e.reveal("The die is taken back.")
            if rolled[0] != 6:
                e.say(f"{title} Phase: {rolled[0]}. The {title} lives.")
                if office == "doge":
                    end_of_turn(e)
                return
            e.say(f"{title} Phase: 6. The {title} dies.")
        incumbent = table[office]
        if type(incumbent) is int:
            leave_play(e, [incumbent])
        table[office], table["dies"] = None, None
        n = len(e.state["players"])
        voters = votes.voters(table, office, standing(table, n))
        table["election"] = {"office": office, "voters": voters, "bids": [None] * n}
        if any(s not in table["caught"] for s in voters):  # else it passes by itself, saying why (election.py)
            e.say(f"Election of the {title}: {', '.join(e.name(s) for s in voters)} "
                  f"{'votes' if len(voters) == 1 else 'vote'}. Bids are sealed, on each voter's own phone.")

    return run


def _table(office: str):
    title = OFFICE_NAME[office]

    def options(state: PMap) -> list[Option]:
        if _rolls(state, office):
            # The line above it says what the roll does ("On a 6 the Doge dies"): the option says whose it is, short
            # enough for the box to show it whole with ": a die thrown" after it (companion.box_list).
            close = Option(f"Roll 1D6 for the {title}", "Roll", {"type": "advance"}, rolls="1d6", button="NEXT")
        else:  # no roll: the election comes at once
            why = f"after The {title} Dies" if state["data"]["dies"] == office else "the office is vacant"
            close = Option(f"Elect the {title}: {why}", "Elect", {"type": "advance"}, button="NEXT")
        return [close]

    return options


def _status(office: str):
    title = OFFICE_NAME[office]

    def status(state: PMap) -> str:
        if state["data"]["pending"] is not None:
            return card_play.status(state)
        return f"On a 6 the {title} dies" if _rolls(state, office) else f"No roll for the {title}"  # one line over "Elect the …: why"

    return status


def _step(office: str, label: str) -> Step:
    title = OFFICE_NAME[office]

    def undone(state: PMap) -> str:
        return f"the {label} roll" if _rolls(state, office) else f"the call to elect the {title}"

    return Step(office.upper(), label, TABLE, acting=WITH_OPTIONS, done="Roll", undone=undone, options=by_seat(table=_table(office)),  # the status says whether 1D6 is rolled
                status=_status(office), handlers={"advance": _death_roll(office)})


POPE = _step("pope", "Pope Phase")
DOGE = _step("doge", "Doge Phase")
