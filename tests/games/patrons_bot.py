"""A table of players for The Patrons of Venice that plays from what the table offers.

It reads the public view (and each player's own hand, as that player's phone
would) and picks among the options the buttons and the phone offer, filling
in the fields the phone asks for. Used by the whole-game tests.
"""

from __future__ import annotations

import random

from companion.games.patrons_of_venice import city
from conftest import plays

DECK = {"Lumber 2": 8, "Wool 2": 8, "Iron 3": 8, "Hemp 2": 8, "Silk 4": 9, "Grain 1": 8, "Wine 2": 8,
        "Pepper 3": 8, "Pirates!": 4}  # 65 goods and 4 Pirates!: a table's own list (the rulebook has none)
CYCLE = ("SPONSOR", "SAIL", "PRODUCE", "TRADE", "RESERVE", "SPONSOR", "PRODUCE")
CAMPI = ("Campo dei Frari", "Campo San Polo", "Campo Santo Stefano")
NAMED = ("Wool 2", "Hemp 2", "Silk 4", "Grain 1", "Iron 3")


def setup(n: int, virtual: bool, **extra):
    players = [{"name": name, "age": age} for name, age in zip(("Ada", "Bea", "Cy", "Dan", "Eve"), (41, 9, 35, 12, 60))][:n]
    out = {"players": players, **extra}
    if virtual:
        out |= {"deck_modes": {"raw_goods": "virtual"}, "compositions": {"raw_goods": DECK}}
    return out


class Bot:
    def __init__(self, submit, view, hand, seed: int):
        self.submit, self.view, self.hand = submit, view, hand
        self.rng = random.Random(seed)
        self.turns = 0
        self.inputs = 0
        self.steps_seen: list[tuple[int, str, object]] = []

    def act(self, action):
        self.inputs += 1
        return self.submit(action)

    def must(self, action):
        out = self.act(action)
        assert out.accepted, (action, out.reason)
        return out

    def play_one(self):
        v = self.view()
        step, seat = v["step"], v["active"]
        self.steps_seen.append((v["turn"], step, seat))
        options = plays(v)
        if step == "SETUP_DONE":
            return self.must({"type": "advance"})
        if step == "CHOOSE_ACTION":
            self.turns += 1
            return self.must({"type": "advance", "action": CYCLE[(v["turn"] - 1) % len(CYCLE)]})
        if step == "SAIL_DRAW" and v["decks"]["raw_goods"]["mode"] == "mirror":
            named = [self.rng.choice(NAMED) for _ in range(self.rng.randint(0, len(v["players"]) - 1))]
            return self.must({"type": "advance", "cards": named, "pirates": self.rng.random() < 0.3})
        if step in ("RESERVE", "SAIL_UNLOAD", "TRADE_BUY") and options and self.rng.random() < 0.6:
            choice = self.rng.choice(options)
            action = dict(choice["action"])
            if "card" in choice["fields"]:
                action["card"] = self.rng.choice(NAMED)
            if self.act(action).accepted:  # may be refused for want of Ducats
                return None
        if step == "TRADE_SELL":
            for card in self.hand(seat)[:2]:
                self.must({"type": "sell", "card": card})
        if step == "SPONSOR":
            kind = self.rng.choice(city.TYPES)
            campo = self.rng.choice(CAMPI)
            if self.act({"type": "sponsor", "business": kind, "campo": campo, "cost": self.rng.randint(2, 4),
                         "shown": True}).accepted:
                return None
            if v["statue_cost"] is not None:
                free = [c for c in CAMPI if c not in v["statues"]]
                if free and self.act({"type": "sponsor", "statue": free[0]}).accepted:
                    return None
        if step == "PRODUCE":
            for option in options:
                self.must(option["action"])
        return self.must({"type": "advance"})
