"""A Merchant Venturers table in the pure core for the rule tests, a board laid out by the test, and a bot
that plays from the table's options (the buttons' list) and the phones' forms."""

import random

from companion.games.merchant_venturers import MERCHANT_VENTURERS
from conftest import Table, next_input, plays

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

    def start(self, **advance):
        """Everyone starts at Lisbon, then year 1 begins."""
        for seat in range(len(self.state["players"])):
            self.ok(type="place_start", seat=seat, port="Lisbon")
        self.go(type="advance", **advance)

    def to(self, season, phase):
        """Advance to that phase of the next turn in that season (or of this one)."""
        for _ in range(400):
            if (self.view["season"], self.view["phase"]) == (season, phase):
                return
            self.ok(type="advance")
        raise AssertionError(f"never reached {season} phase {phase}")

    def ship(self, seat, ship=1):
        return next(s for s in self.data["ships"][seat] if s["id"] == ship)


# --- the bot -----------------------------------------------------------------------------------------


def fill(option, view, seat, rng):
    """What a player enters into a phone option's form."""
    values = {}
    for key, spec in option["fields"].items():
        if "enum" in spec:
            values[key] = rng.choice(spec["enum"])
        elif spec.get("type") == "integer":
            values[key] = rng.choice([1, 1, 2])
        elif spec.get("type") == "boolean":
            values[key] = rng.random() < 0.3
    return values


def _worthwhile(option, view):
    """A sailing that makes sense: empty ships go to the New World, laden ones to an Old World port that buys."""
    action = option["action"]
    if action["type"] in ("buy_card", "buy_ship", "upgrade_ship", "buy_post", "upgrade_post"):
        return view["players"][action["seat"]]["coins"] >= 8  # keep money to trade with
    if action["type"] != "sail":
        return True
    ship = next(s for s in view["players"][action["seat"]]["ships"] if s["id"] == action["ship"])
    if ship["cargo"]:
        return any(g in view["demand"].get(action["to"], {}) for g in ship["cargo"])
    return any(p["name"] == action["to"] and p["world"] == "new" for p in view["board"]["ports"])


def bot_input(view, rng):
    """What the buttons offer (trading whenever it can, buying now and then), else the next phase."""
    options = [o for o in plays(view) if not o["fields"] and _worthwhile(o, view)]
    eager = view["phase"] in ("PREGAME", 5, 6, 7, 8)
    if options and rng.random() < (0.8 if eager else 0.3):
        return dict(rng.choice(options)["action"])
    return next_input(view)
