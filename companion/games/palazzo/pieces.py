"""The piecepack as the palazzo game uses it (SPEC.md 3.1, 3.4): 24 tiles, 24 coins, one die each.

A tile is named by its suit and face, "Suns 3", "Moons null", "Arms ace"; every
tile is unique. A coin matters only by its value (its suit has no game
relevance [R]), so the coin pool is 4 coins of each face, named by the face.
Values: null = 0, ace = 1, then 2 to 5 (SPEC 3.9.2 and 3.9.4).
"""

from __future__ import annotations

import re

from companion.core.deck import DRAW_THEN_RESHUFFLE, NO_RESHUFFLE, Composition, DeckSpec
from companion.core.words import a

SUITS = ("Moons", "Suns", "Arms", "Crowns")
STRUCTURES = {"Moons": "observatory", "Suns": "solarium", "Arms": "fountain", "Crowns": "statue"}
FACES = ("null", "ace", "2", "3", "4", "5")  # by value, 0 to 5
BASE_COST = 5  # a structure costs 5 ducats plus its tile's value [R l.10-12]
YARD_SIZE = BANK_SIZE = 4
COPIES = 4  # coins of each value: one per suit
COIN_COUNT = COPIES * len(FACES)
HAND_AT_START = 2
TILE_NAMES = tuple(f"{suit} {face}" for suit in SUITS for face in FACES)

_TILE = re.compile(r"^\s*(moons?|suns?|arms|crowns?)[\s_-]*(null|ace|[0-5])\s*$", re.IGNORECASE)


def face(value: int) -> str:
    return FACES[value]


def a_coin(name: str) -> str:
    """"a 3", "an ace", "a null": a coin named in a sentence."""
    return a(name)


# A tile drawn on a phone: its suit's sign and its face ("☾3", "☀A", "♛0").
SIGNS = {"Moons": "☾", "Suns": "☀", "Arms": "⚔", "Crowns": "♛"}


def mark(tile: str) -> str:
    value_now = value(tile)
    return SIGNS[suit(tile)] + ("A" if value_now == 1 else str(value_now))


SUIT_WORDS = {"Moons": "Moon", "Suns": "Sun", "Arms": "Arms", "Crowns": "Crown"}  # the rulebook's "Moon — observatory"


def key(tile: str) -> str:
    """A tile on the box's keys, whose font has no suit signs: the suit's initial and the face ("M3", "SA", "C0")."""
    return suit(tile)[0] + mark(tile)[1:]


def tile_name(text: object) -> str | None:
    """The canonical name of a tile given as "suns 3", "Sun ace", "moons-null", "Crowns 0"; None if it is not one."""
    m = _TILE.match(text) if isinstance(text, str) else None
    if not m:
        return None
    suit = next(s for s in SUITS if s.lower().startswith(m.group(1).lower().rstrip("s")))
    given = m.group(2).lower()
    return f"{suit} {FACES[int(given)] if given.isdigit() else given}"


def suit(tile: str) -> str:
    return tile.split()[0]


def value(tile: str) -> int:
    return FACES.index(tile.split()[1])


def cost(tile: str) -> int:
    return BASE_COST + value(tile)


def coin_value(given: object) -> int | None:
    """A coin given as its value (0-5) or its face's name; None if it is not one."""
    if type(given) is int and 0 <= given <= 5:
        return given
    if isinstance(given, str) and given.strip().lower() in FACES:
        return FACES.index(given.strip().lower())
    return None


TILES = DeckSpec(
    "tiles", "Structure tiles", Composition({name: 1 for name in TILE_NAMES}),
    mode="virtual", when_short=NO_RESHUFFLE, piece="tile",  # a bought structure never comes back
)

# The coin pool: the draw pile is the face-down pool, the discard pile the spent coins; drawn coins are
# in the bank or a hand. With real coins the companion only counts: the hands are drawn unseen.
COINS = DeckSpec(
    "coins", "Coins", Composition({f: COPIES for f in FACES}),
    mode="mirror", when_short=DRAW_THEN_RESHUFFLE, public_out=False, mirror_tracks_cards=False, piece="coin",
)
