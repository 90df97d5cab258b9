"""Merchant Venturers: how far a ship may sail this season, where the companion knows the ocean (its own
board, sea.py). [R l.110] "Slow ships can make two moves, fast ships can make 4 moves. Ships also get one
free move with direction."

The companion does not follow a ship tile by tile. A ship that sails out to sea remembers the port it left
and the season it left in; each season since, it may have made all its moves and the wind's. So a port is
in reach this season when the ship, however it sailed, could end there: its distance from the port it
left, less every move the ship may have made since, is at most this season's moves and the wind's. The
companion cannot tell whether a ship's way runs with the wind, so it counts the wind's move for every ship
[A]. A card that moved a ship out to sea leaves its place unknown: every port is offered, as on a table's
own board.

A ship at sea carries {"left": port, "since": turn}; a ship moved out to sea by a card {"left": None}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.result import Refused
from companion.core.words import counted

from . import sea
from .fleet import SEA
from .table import moves

WIND = 1  # the free move with the wind


def reach(ship: Mapping[str, Any]) -> int:
    """The most moves a ship may make this season: its own and the wind's."""
    return moves(ship) + WIND


def _needs(board: Mapping[str, Any] | None, ship: Mapping[str, Any], turn: int) -> dict[str, int] | None:
    """The fewest moves the ship may need this season to reach each port, or None where the companion
    cannot tell (a table's own board, a ship a card moved out to sea)."""
    if not sea.known(board):
        return None
    if ship["at"] != SEA:
        return dict(sea.distances(ship["at"]))
    left = ship.get("left")
    if left is None:
        return None
    made = (turn - ship["since"]) * reach(ship)
    return {port: max(1, d - made) for port, d in {left: 0, **sea.distances(left)}.items()}


def in_reach(board: Mapping[str, Any] | None, ship: Mapping[str, Any], turn: int) -> dict[str, int] | None:
    """The ports the ship may reach this season, each with the fewest moves it needs, nearest first; None
    where the companion cannot tell."""
    needs = _needs(board, ship, turn)
    if needs is None:
        return None
    return dict(sorted(((p, n) for p, n in needs.items() if n <= reach(ship)), key=lambda pn: pn[1]))


def why_not(board: Mapping[str, Any] | None, ship: Mapping[str, Any], turn: int, to: str) -> Refused | None:
    """Why the ship cannot end its sailing at port `to` this season (a refusal), or None."""
    ports = in_reach(board, ship, turn)
    if ports is None or to == SEA or to in ports:
        return None
    d = sea.distances(ship["at"] if ship["at"] != SEA else ship["left"]).get(to)
    where = (f"{to} is {counted(d, 'move')} from {ship['at']}" if ship["at"] != SEA else
             f"{to} is {counted(d, 'move')} from {ship['left']}, which it left {_ago(turn - ship['since'])}")
    return Refused(f"ship {ship['id']} cannot reach {to} this season ({counted(moves(ship), 'move')} and one with the wind): "
            f"{where}. If a card moved it, say so with “A card moved my ship”")


def _ago(seasons: int) -> str:
    return "this season" if seasons == 0 else f"{counted(seasons, 'season')} ago"


def record(ship: dict[str, Any], to: str, turn: int, sailing: bool) -> None:
    """Where a ship's voyage stands once it has sailed (or a card moved it) to `to`: a ship sailing on at sea
    keeps the port it left and the season it left in."""
    if sailing and to == ship["at"] == SEA:
        return
    ship.pop("left", None)
    ship.pop("since", None)
    if to == SEA:
        ship["left"] = ship["at"] if sailing and ship["at"] != SEA else None
        ship["since"] = turn
