"""The piecepack palazzo game for the Duke of Venice (SPEC.md 3.7, rulebook "Scoring").

Per suit, a player's count = structures of that suit in the palazzo, +1 if the
turret stands on one of them. Majorities: among players with a count > 0,
position = 1 + players with a strictly higher count (ties share the higher
position, so 1, 1, 3); position 1/2/3 scores 3/2/1 x count, position 4 scores 0.
Materials = the values of the palazzo structures, the turreted one twice.
The reserve never scores. Tie-breaks: most ducats (coins in hand + die face),
then fewest structures built; players still tied share.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.ranking import RankKey, competition_positions, rank
from companion.errors import SheetError
from companion.scoring import sheets
from companion.scoring.outcome import Score, chain, outcome

GAME_ID = "palazzo"
TITLE = "Piecepack palazzo game for the Duke of Venice"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

SUITS = ("moons", "suns", "arms", "crowns")
#: Majority points per structure, by position 1, 2, 3 (4th and lower score nothing).
MAJORITY_FACTORS = {1: 3, 2: 2, 3: 1}


#: How the game's own words read a total, each part of it and each tie-break ("with more ducats").
WORDS: dict[str, Any] = {
    "total": ["1 point", "{n} points"],
    "parts": {"majority": "majorities", "materials": "materials"},
    "tiebreaks": {"ducats": "more ducats in hand and on the die", "structures": "fewer structures built"},
}

OPTIONS: dict[str, dict[str, Any]] = {
    "structures_count": {
        "enum": ["palazzo", "palazzo_and_reserve", "turret_doubled"],
        "default": "palazzo",
        "enumNames": ["the palazzo's structures", "the palazzo's and the reserve's", "the palazzo's, the turreted one twice"],
        "description": "What 'fewest structures built' (the second tie-break) counts: the palazzo's structures "
                       "(the default), the palazzo's and the reserve's, or the palazzo's with the turreted one "
                       "counted twice.",
    },
}

# A suit in any case, written so that browsers (ECMAScript regex) and Python agree.
_SUIT_PATTERN = "^(" + "|".join("".join(f"[{c.upper()}{c}]" for c in suit) for suit in SUITS) + ")$"


def _suit() -> dict[str, Any]:
    return {"type": "string", "title": "suit", "pattern": _SUIT_PATTERN,
            "description": "moons, suns, arms or crowns, in any case"}


def _value(what: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": 5, "description": f"{what}: 0 (null) to 5; 1 is the ace"}


_PLAYER = {
    "type": "object",
    "title": "player",
    "required": ["name", "palazzo", "reserve", "coins_in_hand", "die_face"],
    "additionalProperties": False,
    "properties": {
        "name": sheets.name_schema(),
        "palazzo": {
            "type": "array",
            "description": "Structures placed in the palazzo, as [suit, value, has_turret]; at most one turret.",
            "items": sheets.fixed_tuple("[suit, value, has_turret]", _suit(), _value("tile value"),
                                        {"type": "boolean", "title": "turret",
                                         "description": "true if the player's turret stands on it"}),
        },
        "reserve": {
            "type": "array",
            "description": "Structures held in reserve, as [suit, value]; they never score.",
            "items": sheets.fixed_tuple("[suit, value]", _suit(), _value("tile value")),
        },
        "coins_in_hand": {"type": "array", "description": "The value of each coin in hand (0 to 5).",
                          "items": _value("coin value")},
        "die_face": _value("die face (0 = spent, turned to null)"),
    },
}

SCHEMA = sheets.sheet_schema(GAME_ID, TITLE, _PLAYER, MIN_PLAYERS, MAX_PLAYERS, OPTIONS)


def check(sheet: Mapping[str, Any]) -> None:
    for index, player in enumerate(sheet["players"]):
        turrets = [i for i, (_suit_, _value_, turret) in enumerate(player["palazzo"]) if turret]
        if len(turrets) > 1:
            raise SheetError(
                f"players[{index}].palazzo[{turrets[1]}]: a second turret (already on palazzo[{turrets[0]}]); "
                "each player has one turret"
            )


def suit_counts(palazzo: list[list[Any]]) -> dict[str, int]:
    """Structures per suit, the turreted one counting as 2."""
    counts = {suit: 0 for suit in SUITS}
    for suit, _value_, turret in palazzo:
        counts[suit.lower()] += 2 if turret else 1
    return counts


def majority_points(counts_by_player: list[dict[str, int]]) -> list[int]:
    """Majority points of each player, summed over the suits."""
    points = [0] * len(counts_by_player)
    for suit in SUITS:
        present = [i for i, counts in enumerate(counts_by_player) if counts[suit] > 0]
        groups = rank(present, [RankKey(suit, lambda i: counts_by_player[i][suit])])
        for position, group in zip(competition_positions(groups), groups):
            for i in group:
                points[i] += MAJORITY_FACTORS.get(position, 0) * counts_by_player[i][suit]
    return points


def materials(palazzo: list[list[Any]]) -> int:
    """Sum of the values, the turreted structure counted twice."""
    return sum(value * (2 if turret else 1) for _suit_, value, turret in palazzo)


def structures_built(player: Mapping[str, Any], reading: str) -> int:
    built = len(player["palazzo"])
    if reading == "palazzo_and_reserve":
        return built + len(player["reserve"])
    if reading == "turret_doubled":
        return built + sum(1 for _s, _v, turret in player["palazzo"] if turret)
    return built


def score(sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    players = sheet["players"]
    majorities = majority_points([suit_counts(p["palazzo"]) for p in players])
    scores = [
        Score(
            name=p["name"],
            breakdown={"majority": majority, "materials": materials(p["palazzo"])},
            tiebreaks={
                "ducats": sum(p["coins_in_hand"]) + p["die_face"],
                "structures": structures_built(p, options["structures_count"]),
            },
        )
        for p, majority in zip(players, majorities)
    ]
    return outcome(GAME_ID, scores, chain(("ducats", "high"), ("structures", "low")))
