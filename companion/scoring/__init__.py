"""Final scoring for the five games: score sheet in, totals, ranking and winner out.

One pure module per game; the same functions serve the command line
(``companion score``), the live game and the web panel::

    from companion import scoring
    result = scoring.score("palazzo", sheet)     # the output object of SCORE_SHEETS.md
    form = scoring.schema("palazzo")             # the sheet's JSON Schema (draft-07)
    scoring.unknown(sheet)                       # the fields a pre-filled sheet leaves null: ["players[1].coins_in_hand"]
    scoring.result("palazzo", sheet)             # the table's summary: ranking, winner, totals, breakdown, ...

An invalid sheet raises :class:`companion.errors.SheetError`, whose message is
one line naming the field and what is wrong.
"""

from __future__ import annotations

import copy
import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Mapping

from companion.core.final_sheet import unknown
from companion.errors import SheetError

#: The game ids, in the order of SPEC.md.
GAMES: tuple[str, ...] = (
    "patrons_of_venice",
    "master_of_venice",
    "palazzo",
    "la_venise_du_nord",
    "merchant_venturers",
)

__all__ = ["GAMES", "Sheet", "SheetError", "options", "result", "schema", "score", "unknown", "words"]


def _game(game_id: Any) -> ModuleType:
    if not isinstance(game_id, str) or game_id not in GAMES:
        from companion.scoring.sheets import shown

        raise SheetError(f"GAME: unknown game {shown(game_id)} (expected one of {', '.join(GAMES)})")
    return importlib.import_module(f"companion.scoring.{game_id}")


def schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema of ``game_id``'s score sheet (a copy: change it freely)."""
    return copy.deepcopy(_game(game_id).SCHEMA)


def options(game_id: str) -> dict[str, dict[str, Any]]:
    """The rule switches of ``game_id``: name -> {"enum", "default", "description"}."""
    return copy.deepcopy(_game(game_id).OPTIONS)


def score(game_id: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``sheet`` and return the output object (game, players, ranking, winner, ...).

    Raises :class:`SheetError` (one line, naming the field) if the game is
    unknown or the sheet is not valid. ``sheet`` is not changed.
    """
    return _score(_game(game_id), sheet)


def _score(game: ModuleType, sheet: Mapping[str, Any]) -> dict[str, Any]:
    from companion.scoring import sheets

    sheet = copy.deepcopy(dict(sheet)) if isinstance(sheet, Mapping) else sheet
    sheets.validate(game.SCHEMA, sheet)
    sheets.check_unique_names(sheet["players"])
    game.check(sheet)
    out = game.score(sheet, sheets.resolve_options(sheet, game.OPTIONS))
    for tiebreak in out["tiebreaks"]:
        tiebreak["label"] = game.WORDS["tiebreaks"][tiebreak["by"]]
    return out


def words(game_id: str) -> dict[str, Any]:
    """How ``game_id``'s own words read a total (``["1 point", "{n} points"]``), each part of the breakdown
    and each tie-break (``"more Ducats"``, as in "Ada ahead of Bea with more Ducats")."""
    return copy.deepcopy(_game(game_id).WORDS)


def result(game_id: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The table's summary of a scored sheet (TABLE.md's ``result``): ``ranking`` and ``winner`` exactly as
    :func:`score` gives them, ``totals`` and ``breakdown`` by name, ``tiebreaks`` (which tie-break put whom
    ahead), the game's own ``end_triggered`` or ``eliminated``, and its ``words``. Raises :class:`SheetError`
    as :func:`score` does."""
    return _result(_game(game_id), sheet)


def _result(game: ModuleType, sheet: Mapping[str, Any]) -> dict[str, Any]:
    out = _score(game, sheet)
    summary = {
        "ranking": out["ranking"],
        "winner": out["winner"],
        "totals": {p["name"]: p["total"] for p in out["players"]},
        "breakdown": {p["name"]: p["breakdown"] for p in out["players"]},
        "tiebreaks": out["tiebreaks"],
    }
    summary |= {key: out[key] for key in ("end_triggered", "eliminated") if key in out}
    return summary | {"words": copy.deepcopy(game.WORDS)}


@dataclass(frozen=True)
class Sheet:
    """A game's score sheet, as its game declares it (`GameDef.scoring`, with its module of this package): the
    core reaches scoring through the game it plays, never by an id of its own, and never imports this package."""

    module: ModuleType

    def schema(self) -> dict[str, Any]:
        return copy.deepcopy(self.module.SCHEMA)

    def result(self, sheet: Mapping[str, Any]) -> dict[str, Any]:
        return _result(self.module, sheet)
