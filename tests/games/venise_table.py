"""A La Venise du Nord table in the pure core for the rule tests, the decks the tests enter, and a bot that
plays from the table's options (the buttons' list) and moves cubes onto its cards as a player would."""

import random

from companion.core.result import Refused
from companion.games.la_venise_du_nord import LA_VENISE
from conftest import Table, next_input, plays

NAMES = ("Ada", "Bea", "Cy", "Dan")

# The rulebook lists no deck card by card: these are the test's own, within what SPEC 4.4 knows.
ORDERS = {f"{g} +1": 6 for g in ("Clothing", "Lace", "Jewelry")} | {f"{g} +2": 2 for g in ("Clothing", "Lace", "Jewelry")}
WORKSHOPS = {"Clothing 1 cost 1": 1, "Clothing 2 cost 3": 2, "Clothing 3 cost 5": 2, "Lace 1 cost 1": 1,
             "Lace 2 cost 3": 2, "Lace 3 cost 5": 2, "Jewelry 1 cost 2": 1, "Jewelry 2 cost 3": 2, "Jewelry 3 cost 6": 2}
BUILDERS = {"Bridge bonus cost 3": 2, "Movement +-1 cost 2": 2, "Activation +-1 cost 2": 2, "Price shift Clothing cost 2": 1,
            "Price shift Lace cost 2": 1, "Price shift Jewelry cost 2": 1, "Fill stock cost 3": 4,
            "Order Clothing +1 cost 1": 1, "Order Lace +1 cost 1": 1, "Order Jewelry +2 cost 2": 1}
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
        while self.view["phase"] != n:
            self.ok(type="advance")


# --- the bot -----------------------------------------------------------------------------------------

PREFERRED = ("Make", "Sell", "Export", "Keep", "Bridge", "Take", "Draw", "Start", "Roll", "Move", "Shift", "Fill")


def placements(view, seat):
    """`place` inputs that move the active player's stock onto his cards (building, storing, activating)."""
    me = view["players"][seat]
    out = []
    for i, w in enumerate(me["workshops"]):
        raw = {"clothing": "wool", "lace": "flax", "jewelry": "gold"}[w["good"]]
        if not w["built"]:
            for r in ("wool", "flax", "gold"):
                if me[r]:
                    out.append({"type": "place", "raw": r, "n": 1, "onto": {"workshop": i}})
        elif w["stored"] < w["capacity"] and me[raw]:
            out.append({"type": "place", "raw": raw, "n": 1, "onto": {"workshop": i}})
    for k, b in enumerate(me["builders"]):
        if not b["activated"]:
            for r in ("wool", "flax", "gold"):
                if me[r]:
                    out.append({"type": "place", "raw": r, "n": 1, "onto": {"builder": k}})
    return out


def bot_input(view, rng):
    """One input from the buttons' options (or NEXT, or a cube moved onto a card), as a player would choose."""
    if view["rolloff"]:
        return {"type": "rolloff"}
    seat = view["active"]
    if view["phase"] in (3, 5, 6) and rng.random() < 0.6:
        moves = placements(view, seat)
        if moves:
            return rng.choice(moves)
    options = [o for o in plays(view) if o["action"].get("type") != "end_turn" and not o["fields"]]
    for short in PREFERRED:
        wanted = [o for o in options if o["short"] == short]
        if wanted and (short != "Move" or rng.random() < 0.95):
            return dict(rng.choice(wanted)["action"])
    skip = [o for o in options if o["short"] in ("Pass", "Skip", "None")]
    if skip:
        return dict(rng.choice(skip)["action"])
    if view["phase"] == 1 and rng.random() < 0.05:
        return {"type": "end_turn"}
    return next_input(view)


def play(table, limit=4000):
    """Play `table` (a VN) to the end with the bot; return the inputs made."""
    made = []
    for _ in range(limit):
        view = table.view
        if view["over"]:
            return made
        action = bot_input(view, table.rng)
        step = table.do(**action)
        if isinstance(step, Refused) and step.needs:
            table.go(**action)
        elif isinstance(step, Refused):
            raise AssertionError(f"{action}: {step.reason}")
        made.append(action)
    raise AssertionError("the game did not end")
