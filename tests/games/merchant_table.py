"""A Merchant Venturers table in the pure core for the rule tests, a board laid out by the test, and a bot
that plays from the table's options (the buttons' list) and the phones' forms."""

import random

from options_bot import choices, filled, from_seat, pick_keen

from companion.games.merchant_venturers import MERCHANT_VENTURERS
from conftest import Table

NAMES = ("Ada", "Bea", "Cy", "Dan", "Eve", "Fay")

# North to south. Lisbon is SPEC MVN-EX-01's port (2 gold, 1 spices, 1 ebony); the land "s" is attached
# to Havana and to Quebec.
BOARD = {
    "ports": [
        {"name": "Lisbon", "world": "old", "good": "gold", "lands": ["l1", "l2", "l3", "l4"]},
        {"name": "Genoa", "world": "old", "good": None, "lands": ["g1", "g2"]},
        {"name": "Havana", "world": "new", "good": "gold", "lands": ["h1", "h2", "s"]},
        {"name": "Quebec", "world": "new", "good": "furs", "lands": ["q1", "s", "q2"]},
    ],
    "lands": {"l1": "gold", "l2": "gold", "l3": "spices", "l4": "ebony", "g1": "crops", "g2": "desert",
              "h1": "land", "h2": "desert", "s": "land", "q1": "land", "q2": "land"},
}
CARDS = {"Storm": 2, "Pirates": 2, "Fair wind": 2, "Bribe": 2, "Mutiny": 2, "Windfall": 2}


def setup(n=4, ages=(40, 25, 19, 50, 33, 61), board=True, **extra):
    out = {"players": [{"name": name, "age": age} for name, age in zip(NAMES[:n], ages)], **extra}
    if board:
        out["board"] = BOARD
    return out


class MV(Table):
    def __init__(self, n=4, rng=None, **extra):
        super().__init__(MERCHANT_VENTURERS, setup(n, **extra))
        self.rng = rng or random.Random(1)

    @property
    def data(self):
        return self.state["data"]

    def machine(self):
        """SPEC 5.3's state: (year, season, phase, first_move)."""
        v = self.view
        return v["year"], v["season"], v["phase"], v["first_move"]

    def coins(self, seat):
        return self.state["counters"]["players"][seat]["coins"]

    def set_coins(self, seat, value):
        self.ok(type="counter", name="coins", seat=seat, value=value)

    def start(self, coins=None):
        """Everyone starts at Lisbon (the youngest first), buys nothing (`coins`: each one's coins set by hand
        first), then year 1 begins."""
        if self.view["step"] == "DEAL":
            self.go(type="advance")
        while self.view["step"] == "PLACE":
            self.ok(type="advance", port="Lisbon")
        for seat, value in enumerate(coins or ()):
            self.set_coins(seat, value)
        while self.view["step"] == "PREGAME":
            self.ok(type="advance")

    def next(self):
        """The phase moves on: the trader whose chance it is at a port passes, or the phase's advance."""
        trader = self.view["trading"]
        if trader is not None:
            self.ok(type="pass", seat=trader["seat"], port=trader["name"])
        else:
            self.ok(type="advance")

    def to(self, season, phase):
        """Advance to that phase of the next turn in that season (or of this one)."""
        for _ in range(400):
            if (self.view["season"], self.view["phase"]) == (season, phase):
                return
            self.next()
        raise AssertionError(f"never reached {season} phase {phase}")

    def as_(self, seat):
        """On to `seat`'s part of this phase (one player at a time, from the first-move marker's holder)."""
        for _ in range(len(self.state["players"])):
            if self.view["actor"] == seat:
                return
            self.ok(type="advance")
        raise AssertionError(f"seat {seat} does not act in this phase")

    def offered_to(self, seat):
        """The options on that seat's phone."""
        from companion.core.offer import offer

        return [o.public() for o in offer(self.game, self.session).for_seat(seat)]

    def stored(self, seat, port, good):
        """A good in `seat`'s trading post at `port` (as if stored in an earlier season): something to load."""
        from dataclasses import replace

        state = self.state.transform(["data", "posts", seat, port, "goods"], lambda goods: goods.append(good))
        self.session = replace(self.session, state=state)

    def ship(self, seat, ship=1):
        return next(s for s in self.data["ships"][seat] if s["id"] == ship)


# --- the bot -----------------------------------------------------------------------------------------

# A merchant keen on trade: buying goods, loading them, selling them; now and then a ship, a post, a card.
KEEN = {"Buy": 12, "Sell": 30, "Load": 20, "Store": 4, "Sail": 6, "Pass": 2, "Done": 3, "Place": 1, "Card": 0.3,
        "Ship": 0.5, "Upgrd": 0.5, "Post": 0.5, "Play": 0.3, "Sink": 0.02, "Moved": 0.05, "Destroy": 0.02,
        "Undo": 0.05, "Redo": 0.05, "Quiet": 0.05}


def play_one(rt, rng, claimed):
    """One offered option, filled in and done where it is offered (it must be accepted); a ship mostly sails
    where the option lists first (laden, home to the Old World; empty, out to the New)."""
    option, seat = pick_keen(choices(rt, rt.view(), claimed), rng, KEEN)
    action = filled(option, rng)
    if option["short"] == "Sail" and rng.random() < 0.8:
        action["to"] = option["fields"]["to"]["enum"][0]
    outcome = rt.submit(action, source=from_seat(seat))
    assert outcome.accepted, (option["label"], action, seat, outcome.reason)  # an offered option is accepted
    return option, outcome.log
