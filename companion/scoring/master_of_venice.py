"""Master of Venice: the most gold wins (SPEC.md 2.7, rulebook "VICTORY").

Score = gold. Eliminated players (a War payment they could not make) are
listed with their gold but are neither ranked nor winners. The rulebook has no
tie-break: a tie is a shared win by default; the optional roll-off (SPEC 2.9.9)
ranks tied players by the dice they rolled, re-rolls in order.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.errors import SheetError
from companion.scoring import sheets
from companion.scoring.outcome import Score, chain, outcome

GAME_ID = "master_of_venice"
TITLE = "Master of Venice"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


#: How the game's own words read a total, each part of it and each tie-break ("with a higher roll-off").
WORDS: dict[str, Any] = {
    "total": ["1 Gold", "{n} Gold"],
    "parts": {"gold": "Gold"},
    "tiebreaks": {"roll_off": "a higher roll-off"},
}

OPTIONS: dict[str, dict[str, Any]] = {
    "winner_tie": {
        "enum": ["shared", "roll_off"],
        "default": "shared",
        "enumNames": ["they share the place", "a roll-off separates them"],
        "description": "Players tied on Gold share the place (the default), or a roll-off separates them: "
                       "the higher first roll, then the higher re-roll, and so on.",
    },
}

_PLAYER = {
    "type": "object",
    "title": "player",
    "required": ["name", "gold"],
    "additionalProperties": False,
    "properties": {
        "name": sheets.name_schema(),
        "gold": sheets.count("Gold at the end of the game."),
        "eliminated": {"type": "boolean", "default": False,
                       "description": "true if the player lost the game (could not pay for a War)."},
        "roll_off": {
            "type": "array",
            "description": "The player's roll-off dice (1D6), the first roll then each re-roll; only with the "
                           "roll-off rule option (winner_tie: roll_off).",
            "items": {"type": "integer", "minimum": 1, "maximum": 6, "description": "a die face, 1 to 6"},
        },
    },
}

SCHEMA = sheets.sheet_schema(GAME_ID, TITLE, _PLAYER, MIN_PLAYERS, MAX_PLAYERS, OPTIONS)


def check(sheet: Mapping[str, Any]) -> None:
    roll_off = sheet.get("options", {}).get("winner_tie", OPTIONS["winner_tie"]["default"]) == "roll_off"
    if roll_off:
        return
    for index, player in enumerate(sheet["players"]):
        if "roll_off" in player:
            raise SheetError(
                f"players[{index}].roll_off: only used with options.winner_tie = \"roll_off\" (it is \"shared\")"
            )


def score(sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    scores = [
        Score(name=p["name"], breakdown={"gold": p["gold"]}, tiebreaks={"roll_off": list(p.get("roll_off", []))})
        for p in sheet["players"]
    ]
    eliminated = {p["name"] for p in sheet["players"] if p.get("eliminated", False)}
    tiebreaks = [("roll_off", "high")] if options["winner_tie"] == "roll_off" else []
    standing = [s for s in scores if s.name not in eliminated]
    result = outcome(GAME_ID, scores, chain(*tiebreaks), ranked=standing)
    result["eliminated"] = [s.name for s in scores if s.name in eliminated]
    return result
