"""A Master of Venice table in the pure core, for the rule tests and the scripted games."""

import random

from companion.core.view import table_view
from companion.games.master_of_venice import MASTER
from conftest import Table

NAMES = ("Ada", "Bea", "Cy", "Dan")


class MOV(Table):
    """Chance outcomes: the dice queued in `self.dice` first (one list per roll), then `rng`."""

    def __init__(self, n=2, virtual=False, first=0, rng=None, rules=None, **options):
        setup = {"players": [{"name": name} for name in NAMES[:n]], "first": first, "options": options}
        if virtual:
            setup["deck_modes"] = {"deck": "virtual"}
        super().__init__(MASTER, setup, rules)
        self.dice, self.rng = [], rng or random.Random(1)

    def chance(self, needs):
        if needs.kind == "roll" and self.dice:
            return self.dice.pop(0)
        return super().chance(needs)

    @property
    def view(self):
        return table_view(MASTER, self.session)

    @property
    def step(self):
        return self.view["step"]

    def gold(self):
        return [p["gold"] for p in self.view["players"]]

    def to(self, name, turn=None):
        """Advance to the step `name` (of `turn`), the Pope and the Doge rolling 1 on the way."""
        for _ in range(200):
            v = self.view
            if v["step"] == name and (turn is None or v["turn"] == turn):
                return
            extra = {"die": 1} if v["step"] in ("POPE", "DOGE") and v[v["step"].lower()]["state"] != "vacant" and \
                not self.state["data"]["dies"] else {}
            self.go(type="advance", **extra)
        raise AssertionError(f"never reached {name}")

    def give(self, seat, gold=0, cards=0):
        if gold:
            self.ok(type="counter", name="gold", seat=seat, delta=gold)
        if cards:
            self.ok(type="counter", name="hand", seat=seat, delta=cards)

    def put(self, seat, card, **more):
        """Real cards: `seat` plays `card` now, paid for from Gold given for it; returns its id."""
        from companion.games.master_of_venice.cards import CARDS
        self.give(seat, gold=CARDS[card].cost, cards=1)
        self.go(type="play", seat=seat, card=card, **more)
        mine = [c for c in self.view["in_play"] if c["owner"] == seat and c["card"] == card]
        return mine[-1]["id"] if mine else None
