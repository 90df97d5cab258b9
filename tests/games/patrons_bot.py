"""A table of players for The Patrons of Venice that plays only from what is offered: each seat's own phone
(its options, private ones included) and the table's options (the buttons and the table page), with random
valid values for every field (options_bot). Used by the whole-game tests."""

from __future__ import annotations

import options_bot

DECK = {"Lumber 2": 8, "Wool 2": 8, "Iron 3": 8, "Hemp 2": 8, "Silk 4": 9, "Grain 1": 8, "Wine 2": 8,
        "Pepper 3": 8, "Pirates!": 4}  # 65 goods and 4 Pirates!: a table's own list (the rulebook has none)
# How much likelier a player is to do something than to let it go (a table that never sponsors never ends).
KEEN = {"sponsor": 3, "produce": 4, "buy": 2, "counter": 0}  # a Favour set right by hand would end a game at once


# The Business Tiles of each type, as a table counts its own (the rulebook gives only 10 and 9): a random table that
# may sponsor ten Drapers and no Canvaser, and nine Gondola Makers, never makes a Luxury good, and never ends.
TILES = {"draper": 5, "canvaser": 5, "wainwright": 2, "armour": 2, "tent": 2, "clothing": 2, "gondola_maker": 1}

# The luxuries' goods as a table enters them from its player board (a virtual deck needs them).
RECIPES = {"wainwright": ["Lumber", "Iron", "Hemp"], "armour": ["Iron", "Iron", "Wool"],
           "clothing": ["Cloth", "Silk", "Wool"], "gondola_maker": ["Lumber", "Canvas", "Iron"]}


def setup(n: int, virtual: bool, **extra):
    players = [{"name": name, "age": age} for name, age in zip(("Ada", "Bea", "Cy", "Dan", "Eve"), (41, 9, 35, 12, 60))][:n]
    out = {"players": players, **extra}
    if virtual:
        out |= {"deck_modes": {"raw_goods": "virtual"}, "compositions": {"raw_goods": DECK}, "recipes": RECIPES}
    return out


def play_one(rt, rng, claimed=frozenset()):
    """One offered option, done (options_bot), a Patrons table's keenness."""
    return options_bot.play_one(rt, rng, claimed, KEEN)
