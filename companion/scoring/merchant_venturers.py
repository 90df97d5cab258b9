"""Merchant Venturers: the largest fortune (SPEC.md 5.8, rulebook "Winning").

Score = coins + the value of every ship (its purchase value: 2, +2 if fast,
+2 if large). Trading posts and unsold goods do not count. Tie-breaks, in
order: more large trading posts, more medium, more small, more held goods;
players still tied share.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.scoring import sheets
from companion.scoring.outcome import Score, chain, outcome

GAME_ID = "merchant_venturers"
TITLE = "Merchant Venturers"
MIN_PLAYERS, MAX_PLAYERS = 2, 6

POST_SIZES = ("small", "medium", "large")
SHIP_BASE, FAST_UPGRADE, LARGE_UPGRADE = 2, 2, 2


#: How the game's own words read a total, each part of it and each tie-break ("with more large trading posts").
WORDS: dict[str, Any] = {
    "total": ["a fortune of 1", "a fortune of {n}"],
    "parts": {"coins": "coins", "ships": "ships"},
    "tiebreaks": {"large_posts": "more large trading posts", "medium_posts": "more medium trading posts",
                  "small_posts": "more small trading posts", "held_goods": "more goods held"},
}

OPTIONS: dict[str, dict[str, Any]] = {}

_PLAYER = {
    "type": "object",
    "title": "player",
    "required": ["name", "coins", "ships", "trading_posts", "held_goods"],
    "additionalProperties": False,
    "properties": {
        "name": sheets.name_schema(),
        "coins": sheets.count("Coins at the end of the 10th Autumn."),
        "ships": {
            "type": "array",
            "description": "Each ship the player owns; an upgrade not given is false.",
            "items": {
                "type": "object", "title": "ship",
                "additionalProperties": False,
                "properties": {
                    "fast": {"type": "boolean", "default": False, "description": "fast upgrade (+2 value)"},
                    "large": {"type": "boolean", "default": False, "description": "large upgrade (+2 value)"},
                },
            },
        },
        "trading_posts": {
            "type": "array",
            "description": "The size of each trading post the player owns (tie-breaks only).",
            "items": sheets.choice("trading post size", POST_SIZES),
        },
        "held_goods": sheets.count("Goods on ships and in trading posts at the end (last tie-break)."),
    },
}

SCHEMA = sheets.sheet_schema(GAME_ID, TITLE, _PLAYER, MIN_PLAYERS, MAX_PLAYERS, OPTIONS)


def check(sheet: Mapping[str, Any]) -> None:
    """Nothing beyond the schema and unique names."""


def ship_value(ship: Mapping[str, bool]) -> int:
    """What the ship cost: 2, +2 fast, +2 large (2 / 4 / 4 / 6)."""
    return SHIP_BASE + (FAST_UPGRADE if ship.get("fast", False) else 0) + (LARGE_UPGRADE if ship.get("large", False) else 0)


def score(sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    scores = []
    for player in sheet["players"]:
        posts = player["trading_posts"]
        scores.append(Score(
            name=player["name"],
            breakdown={"coins": player["coins"], "ships": sum(ship_value(s) for s in player["ships"])},
            tiebreaks={
                "large_posts": posts.count("large"),
                "medium_posts": posts.count("medium"),
                "small_posts": posts.count("small"),
                "held_goods": player["held_goods"],
            },
        ))
    keys = chain(("large_posts", "high"), ("medium_posts", "high"), ("small_posts", "high"), ("held_goods", "high"))
    return outcome(GAME_ID, scores, keys)
