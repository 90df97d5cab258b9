"""Final scoring for the five games: score sheet in, totals, ranking and winner out.

One pure module per game; the same functions serve the command line
(``companion score``), the live game and the web panel::

    from companion import scoring
    result = scoring.score("palazzo", sheet)     # the output object of SCORE_SHEETS.md
    form = scoring.schema("palazzo")             # the sheet's JSON Schema (draft-07)

An invalid sheet raises :class:`companion.errors.SheetError`, whose message is
one line naming the field and what is wrong.
"""

from __future__ import annotations

import copy
import importlib
from types import ModuleType
from typing import Any, Mapping

from companion.errors import SheetError

#: The game ids, in the order of SPEC.md.
GAMES: tuple[str, ...] = (
    "patrons_of_venice",
    "master_of_venice",
    "palazzo",
    "la_venise_du_nord",
    "merchant_venturers",
)

__all__ = ["GAMES", "SheetError", "options", "schema", "score"]


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
    from companion.scoring import sheets

    game = _game(game_id)
    sheet = copy.deepcopy(dict(sheet)) if isinstance(sheet, Mapping) else sheet
    sheets.validate(game.SCHEMA, sheet)
    sheets.check_unique_names(sheet["players"])
    game.check(sheet)
    return game.score(sheet, sheets.resolve_options(sheet, game.OPTIONS))
