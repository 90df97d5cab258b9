"""Standings with ordered tie-break chains, shared by every game.

A ranking is a list of groups, best first (SPEC.md section 0). Players are
compared on the first key (the total); where that is equal, on the next key
(the first tie-break), and so on down the chain. The chain applies at every
position, not only for the win. Players still equal on every key share a
group; inside a group they keep the order they were given in (seat order).

Pure: no I/O, no clocks, and the inputs are never changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cmp_to_key
from itertools import pairwise
from typing import Any, Callable, Generic, Literal, Sequence, TypeVar

T = TypeVar("T")

#: Which end of a key is best: ``"high"`` (most points, most ducats) or
#: ``"low"`` (fewest structures built).
Best = Literal["high", "low"]


@dataclass(frozen=True)
class RankKey(Generic[T]):
    """One criterion of a ranking: a name, how to read it from a player, and which end wins.

    ``value`` must return values that compare with ``<`` and ``==`` across
    players (integers, or tuples/lists compared element by element).
    """

    name: str
    value: Callable[[T], Any]
    best: Best = "high"

    def __post_init__(self) -> None:
        if self.best not in ("high", "low"):
            raise ValueError(f"RankKey {self.name!r}: best must be 'high' or 'low', not {self.best!r}")


def rank(players: Sequence[T], keys: Sequence[RankKey[T]]) -> list[list[T]]:
    """Group ``players`` best first by ``keys`` (the total first, then each tie-break in order).

    >>> rank([("Ada", 3, 1), ("Bea", 5, 0), ("Cy", 3, 1), ("Dan", 3, 2)],
    ...      [RankKey("total", lambda p: p[1]), RankKey("coins", lambda p: p[2])])
    [[('Bea', 5, 0)], [('Dan', 3, 2)], [('Ada', 3, 1), ('Cy', 3, 1)]]
    """
    if not keys:
        return [list(players)] if players else []
    values = [tuple(key.value(player) for key in keys) for player in players]

    def compare(i: int, j: int) -> int:
        # Negative when player i ranks before (is better than) player j.
        for key, a, b in zip(keys, values[i], values[j]):
            if a == b:
                continue
            i_better = a > b if key.best == "high" else a < b
            return -1 if i_better else 1
        return 0

    # sorted() is stable, so equal players keep their given (seat) order.
    order = sorted(range(len(players)), key=cmp_to_key(compare))
    groups: list[list[T]] = []
    previous: int | None = None
    for index in order:
        if previous is not None and compare(previous, index) == 0:
            groups[-1].append(players[index])
        else:
            groups.append([players[index]])
        previous = index
    return groups


def deciding_keys(groups: Sequence[Sequence[T]], keys: Sequence[RankKey[T]]) -> list[str]:
    """For each two neighbouring groups of ``rank(players, keys)``, the name of the key that put the first
    ahead of the second: the first key on which they differ (the total, or the tie-break that decided).

    >>> total, coins = RankKey("total", lambda p: p[1]), RankKey("coins", lambda p: p[2])
    >>> deciding_keys(rank([("Ada", 3, 1), ("Bea", 5, 0), ("Cy", 3, 4)], [total, coins]), [total, coins])
    ['total', 'coins']
    """
    found = []
    for better, worse in pairwise(groups):
        key = next((k for k in keys if k.value(better[0]) != k.value(worse[0])), None)
        if key is None:
            raise ValueError("neighbouring groups equal on every key: not a ranking of these keys")
        found.append(key.name)
    return found


def competition_positions(groups: Sequence[Sequence[Any]]) -> list[int]:
    """The position of each group in "1, 1, 3" style: 1 + the number of players in better groups.

    >>> competition_positions([["Ada", "Bea"], ["Cy"], ["Dan"]])
    [1, 3, 4]
    """
    positions: list[int] = []
    ahead = 0
    for group in groups:
        positions.append(ahead + 1)
        ahead += len(group)
    return positions
