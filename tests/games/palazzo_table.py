"""A palazzo game table in the pure core, for the rule tests: fixed chance outcomes where a test sets them."""

import random

from companion.games.palazzo import PALAZZO
from companion.games.palazzo.pieces import FACES, TILE_NAMES
from conftest import Table

NAMES = ("Ada", "Bea", "Cy", "Dan")


def purchase(tile, place="palazzo", at=None, **given):
    """A purchase as the input makes it, from the tests' shorthand: what was paid (`coins`, `die`, `exact`, or
    `pay` whole) and where it goes (`to`; or `place`, "reserve", and `at`, a place [x, y]: without one, a
    palazzo recorded without places)."""
    pay = given.pop("pay", None) or {k: given.pop(k) for k in ("coins", "die", "exact") if k in given}
    to = given.pop("to", None) or ("reserve" if place == "reserve" else at if at is not None else "palazzo")
    return {"type": "advance", "action": "purchase", "tile": tile, "pay": pay, "to": to, **given}


def tiles_first(*tiles):
    """A tile shuffle with these tiles on top, in this order."""
    return list(tiles) + [t for t in TILE_NAMES if t not in tiles]


def coins_first(*values):
    """A coin shuffle with coins of these values on top, in this order."""
    rest = [f for f in FACES for _ in range(4)]
    for v in values:
        rest.remove(FACES[v])
    return [FACES[v] for v in values] + rest


class PZ(Table):
    """`tiles`/`coins`: the shuffles the companion makes at setup (virtual pieces); real pieces otherwise."""

    def __init__(self, n=2, first=0, tiles=None, coins=None, real=False, rng=None, names=NAMES, **options):
        mode = "mirror" if real else "virtual"
        setup = {"players": [{"name": name} for name in names[:n]], "options": options,
                 "deck_modes": {"tiles": mode, "coins": mode}}
        if first is not None:
            setup["first"] = first
        super().__init__(PALAZZO, setup)
        self.rng = rng or random.Random(1)
        if first is not None:
            if real:
                self.ok(type="advance")
            else:
                self.go(type="advance", tile_order=tiles or tiles_first(), coin_order=coins or coins_first())

    @property
    def data(self):
        return self.state["data"]

    def machine(self):
        """SPEC 3.3's state: (active, extra_action, final_round)."""
        v = self.view
        return v["active"], v["extra_action"], v["final_round"]

    def hand(self, seat):
        return list(self.data["hands"][seat])

    def die(self, seat):
        return self.view["players"][seat]["die"]

    def buy(self, tile, **given):
        return self.go(**purchase(tile, **given))
