"""The games the companion knows, by identifier: the one list of games, their scoring found through them."""

from typing import Any

from companion.core.game import GameDef
from companion.errors import SheetError
from companion.games.free_play import FREE_PLAY
from companion.games.la_venise_du_nord import LA_VENISE
from companion.games.master_of_venice import MASTER
from companion.games.merchant_venturers import MERCHANT_VENTURERS
from companion.games.palazzo import PALAZZO
from companion.games.patrons_of_venice import PATRONS
from companion.scoring import Sheet
from companion.scoring.sheets import shown

GAMES: dict[str, GameDef] = {g.id: g for g in (FREE_PLAY, PATRONS, MASTER, PALAZZO, LA_VENISE, MERCHANT_VENTURERS)}

#: The games with a score sheet (`companion score`), in the order of SPEC.md.
SCORED: tuple[str, ...] = tuple(g.id for g in GAMES.values() if g.scoring is not None)


def scoring_of(game_id: Any) -> Sheet:
    """The score sheet of the game `game_id`, as its GameDef brings it; a SheetError for any other id."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None or game.scoring is None:
        raise SheetError(f"GAME: unknown game {shown(game_id)} (expected one of {', '.join(SCORED)})")
    return game.scoring
