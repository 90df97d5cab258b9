"""What a seat may see, decided once per game (issue 57; boardgame.io's playerView), and asked by every output.

A game declares one function, `GameDef.player_view(state, seat)`: with `TABLE` (None), what the whole table
may see of the game's own data (the table page, the box, Past games, their chart, board and exports, the score
page); with a seat, what only that seat's own phone adds (a hand, a bid), and under "sheet" its fields of the
score sheet nobody else may see before the end (the coins in a palazzo hand). The core's default: nothing of the
game's own. The outputs never call the game's function themselves: they ask here. The log is the table's: a
handler writes in it only what everyone may read ("Bea bids."), and of an input the screens show only its kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import final_sheet
from companion.core.game import GameDef

TABLE = None  # the whole table: what any phone may read
SHEET = "sheet"  # a seat's own view: its score sheet's secret fields, for the sheet alone


def seen(game: GameDef, state: PMap, seat: int | None = TABLE) -> dict[str, Any]:
    """What `seat` (TABLE: anyone) may see of the game's own data: for the table the game's variables, each
    player's under "per_player"; for a seat, what its phone alone shows."""
    if game.player_view is None:
        return {}
    view = dict(game.player_view(state, seat))
    view.pop(SHEET, None)
    return view


def sheet(game: GameDef, state: PMap, seat: int | None = TABLE) -> dict[str, Any] | None:
    """The game's score sheet, pre-filled from the table, as `seat` may see it: before the end, each other
    player's secret fields (his own view's "sheet") are null. None for a game without a sheet."""
    filled = final_sheet.sheet(game, state)
    flow = state["flow"]
    if filled is None or game.player_view is None or (flow is not None and flow["over"]):
        return filled
    for other, row in enumerate(filled.get("players", [])):
        if other != seat:
            secret = game.player_view(state, other).get(SHEET, {})
            row.update((name, None) for name in secret if name in row)
    return filled


def last_input(seq: int, action: Mapping[str, Any]) -> dict[str, Any]:
    """What the table sees of an input (the screens say what was last done): its kind and whom it was for, never
    what it carried (a shuffle's order, a hand's cards)."""
    return {k: action[k] for k in ("type", "deck", "n", "spec", "seat") if k in action} | {"seq": seq}
