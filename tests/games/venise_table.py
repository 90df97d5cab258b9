"""A La Venise du Nord table in the pure core for the rule tests, the decks the tests enter, and a bot that
plays only what the table and the phones offer."""

import random

from options_bot import play_keen

from companion.games.la_venise_du_nord import LA_VENISE
from conftest import Table

NAMES = ("Ada", "Bea", "Cy", "Dan")

# The rulebook lists no deck card by card: these are the test's own, within what SPEC 4.4 knows (costs by colour,
# "Example: 2 gold and 1 flax").
ORDERS = {f"{g} +1": 6 for g in ("Clothing", "Lace", "Jewelry")} | {f"{g} +2": 2 for g in ("Clothing", "Lace", "Jewelry")}
WORKSHOPS = {"Clothing 1 cost 1 wool": 1, "Clothing 2 cost 2 wool 1 flax": 2, "Clothing 3 cost 3 wool 1 flax 1 gold": 2,
             "Lace 1 cost 1 flax": 1, "Lace 2 cost 1 flax 2 gold": 2, "Lace 3 cost 1 wool 3 flax 1 gold": 2,
             "Jewelry 1 cost 2 gold": 1, "Jewelry 2 cost 1 wool 2 gold": 2, "Jewelry 3 cost 1 wool 1 flax 4 gold": 2}
BUILDERS = {"Bridge bonus cost 1 wool 1 flax 1 gold": 2, "Movement +-1 cost 2 wool": 2, "Activation +-1 cost 2 flax": 2,
            "Price shift Clothing cost 1 wool 1 gold": 1, "Price shift Lace cost 2 gold": 1,
            "Price shift Jewelry cost 1 flax 1 gold": 1, "Fill stock cost 3 gold": 4, "Order Clothing +1 cost 1 wool": 1,
            "Order Lace +1 cost 1 flax": 1, "Order Jewelry +2 cost 2 gold": 1}
COMPOSITIONS = {"orders": ORDERS, "workshops": WORKSHOPS, "builders": BUILDERS}
VIRTUAL = {"orders": "virtual", "workshops": "virtual", "builders": "virtual"}


def setup(n=2, first=0, virtual=True, **extra):
    out = {"players": [{"name": name} for name in NAMES[:n]], **extra}
    if first is not None:
        out["first"] = first
    if virtual:
        out |= {"deck_modes": VIRTUAL, "compositions": COMPOSITIONS}
    return out


class VN(Table):
    def __init__(self, n=2, first=0, virtual=True, rng=None, start="Order", **extra):
        super().__init__(LA_VENISE, setup(n, first, virtual, **extra))
        self.rng = rng or random.Random(1)
        while start and self.state["flow"] is not None and self.view["step"] == "PLACE":  # every Burgher, from the first
            self.ok(type="advance", tile=start)

    @property
    def data(self):
        return self.state["data"]

    def machine(self):
        """SPEC 4.3's state: (round, active, phase, final_round)."""
        v = self.view
        return v["round"], v["active"], v["phase"], v["final_round"]

    def counter(self, seat, name):
        return self.state["counters"]["players"][seat][name]

    def to_phase(self, n):
        """Advance to phase `n` of this turn or a later one's (a phase with nothing to do passes by itself)."""
        for _ in range(30):
            if self.view["phase"] == n:
                return
            self.ok(type="advance")
        raise AssertionError(f"phase {n} never came: it had nothing to do")


# --- the bot ---------------------------------------------------------------------------------------

# A player keen on what moves the game on (by the option's hint): keeping cards, building, making and selling
# goods; seldom passing the power by, ending a turn early, undoing or setting the table right.
KEEN = {"Make": 50, "Sell": 20, "Export": 10, "Cubes": 15, "Onto": 15, "Where": 4, "Keep": 10, "Bridge": 3, "Shift": 10,
        "Fill": 10, "Skip": 0.3, "None": 0.5, "EndTrn": 0.05, "Undo": 0.1, "Redo": 0.1}


def play_one(rt, rng, claimed):
    """One offered option, filled in and done where it is offered (it must be accepted): the option and
    the log it made."""
    return play_keen(rt, rng, claimed, KEEN)
