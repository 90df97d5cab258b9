"""The Patrons of Venice: final points (SPEC.md 1.8, rulebook "GAME END").

Points = each business the player owns (worth 2 when adjacent to a statue,
else 1) + 1 per Favour card. The game ends at the end of the turn in which a
player has at least 12 points (10 with 5 players). Most points wins; ties are
broken by Ducats; players still tied share.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.scoring import sheets
from companion.scoring.outcome import Score, chain, outcome

GAME_ID = "patrons_of_venice"
TITLE = "The Patrons of Venice"
MIN_PLAYERS, MAX_PLAYERS = 3, 5

BUSINESS_TYPES = ("draper", "canvaser", "wainwright", "armour", "tent", "clothing", "gondola_maker")


#: How the game's own words read a total, each part of it and each tie-break ("with more Ducats").
WORDS: dict[str, Any] = {
    "total": ["1 point", "{n} points"],
    "parts": {"businesses": "businesses", "favour_cards": "Favour cards"},
    "tiebreaks": {"ducats": "more Ducats"},
}

OPTIONS: dict[str, dict[str, Any]] = {
    "statue_business_worth": {
        "enum": [2, 3],
        "default": 2,
        "enumNames": ["2 in all", "3: 1 for the business + 2 for the statue"],
        "description": "Points for a business adjacent to a statue: 2 in total (the default) "
                       "or 3 (1 for the business + 2 for the statue).",
    },
}

_PLAYER = {
    "type": "object",
    "title": "player",
    "required": ["name", "businesses", "favour_cards", "ducats"],
    "additionalProperties": False,
    "properties": {
        "name": sheets.name_schema(),
        "businesses": {
            "type": "array",
            "description": "Each business tile the player owns, as [type, adjacent_to_statue].",
            "items": sheets.fixed_tuple(
                "[type, adjacent_to_statue]",
                sheets.choice("business type", BUSINESS_TYPES),
                {"type": "boolean", "title": "by a statue", "description": "true if a statue is adjacent to this business"},
            ),
        },
        "favour_cards": sheets.count("Favour cards in front of the player (1 point each)."),
        "ducats": sheets.count("Ducats at the end; the tie-break."),
    },
}

SCHEMA = sheets.sheet_schema(GAME_ID, TITLE, _PLAYER, MIN_PLAYERS, MAX_PLAYERS, OPTIONS)


def end_threshold(player_count: int) -> int:
    """Points that end the game: 12 with 3-4 players, 10 with 5."""
    return 10 if player_count >= 5 else 12


def check(sheet: Mapping[str, Any]) -> None:
    """Nothing beyond the schema and unique names."""


def score(sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    statue_worth = int(options["statue_business_worth"])
    scores = []
    for player in sheet["players"]:
        business_points = sum(statue_worth if adjacent else 1 for _type, adjacent in player["businesses"])
        scores.append(Score(
            name=player["name"],
            breakdown={"businesses": business_points, "favour_cards": player["favour_cards"]},
            tiebreaks={"ducats": player["ducats"]},
        ))
    threshold = end_threshold(len(scores))
    ended = any(s.total >= threshold for s in scores)
    result = outcome(GAME_ID, scores, chain(("ducats", "high")), decided=ended)
    result["end_triggered"] = ended
    return result
