"""Final scoring for the five games: score sheet in, totals, ranking and winner out.

One pure module per game; each game brings its own to the companion as its ``GameDef.scoring``, a
:class:`Sheet`, and whatever scores a game by its id finds it there (``companion.games.scoring_of``): the same
functions serve the command line (``companion score``), the live game and the web panel::

    from companion.games import scoring_of
    palazzo = scoring_of("palazzo")  # a SheetError for a game without a score sheet
    palazzo.score(sheet)             # the output object of SCORE_SHEETS.md
    palazzo.schema()                 # the sheet's JSON Schema (draft-07)
    palazzo.result(sheet)            # the table's summary: ranking, winner, totals, breakdown, ...
    palazzo.options(), palazzo.words()
    companion.scoring.unknown(sheet) # the fields a pre-filled sheet leaves null: ["players[1].coins_in_hand"]

An invalid sheet raises :class:`companion.errors.SheetError`, whose message is
one line naming the field and what is wrong.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Mapping

from companion.core.final_sheet import unknown
from companion.errors import SheetError

__all__ = ["Sheet", "SheetError", "unknown"]


@dataclass(frozen=True)
class Sheet:
    """A game's score sheet, as its game declares it (`GameDef.scoring`, with its module of this package): the
    core reaches scoring through the game it plays, never by an id of its own, and never imports this package."""

    module: ModuleType

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's score sheet (a copy: change it freely)."""
        return copy.deepcopy(self.module.SCHEMA)

    def options(self) -> dict[str, dict[str, Any]]:
        """The game's rule switches: name -> {"enum", "default", "description"}."""
        return copy.deepcopy(self.module.OPTIONS)

    def words(self) -> dict[str, Any]:
        """How the game's own words read a total (``["1 point", "{n} points"]``), each part of the breakdown
        and each tie-break (``"more Ducats"``, as in "Ada ahead of Bea with more Ducats")."""
        return copy.deepcopy(self.module.WORDS)

    def score(self, sheet: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``sheet`` and return the output object (game, players, ranking, winner, ...). Raises
        :class:`SheetError` (one line, naming the field) if the sheet is not valid. ``sheet`` is not changed."""
        from companion.scoring import sheets

        game = self.module
        sheet = copy.deepcopy(dict(sheet)) if isinstance(sheet, Mapping) else sheet
        sheets.validate(game.SCHEMA, sheet)
        sheets.check_unique_names(sheet["players"])
        game.check(sheet)
        out = game.score(sheet, sheets.resolve_options(sheet, game.OPTIONS))
        for tiebreak in out["tiebreaks"]:
            tiebreak["label"] = game.WORDS["tiebreaks"][tiebreak["by"]]
        return out

    def result(self, sheet: Mapping[str, Any]) -> dict[str, Any]:
        """The table's summary of a scored sheet (TABLE.md's ``result``): ``ranking`` and ``winner`` exactly as
        :meth:`score` gives them, ``totals`` and ``breakdown`` by name, ``tiebreaks`` (which tie-break put whom
        ahead), the game's own ``end_triggered`` or ``eliminated``, and its ``words``. Raises :class:`SheetError`
        as :meth:`score` does."""
        out = self.score(sheet)
        summary = {
            "ranking": out["ranking"],
            "winner": out["winner"],
            "totals": {p["name"]: p["total"] for p in out["players"]},
            "breakdown": {p["name"]: p["breakdown"] for p in out["players"]},
            "tiebreaks": out["tiebreaks"],
        }
        summary |= {key: out[key] for key in ("end_triggered", "eliminated") if key in out}
        return summary | {"words": self.words()}
