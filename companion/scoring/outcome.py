"""The output object every game returns (SCORE_SHEETS.md, "Output")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from companion.core.ranking import Best, RankKey, deciding_keys, rank


@dataclass(frozen=True)
class Score:
    """One player's result: the total, its parts, and the values the tie-breaks look at."""

    name: str
    breakdown: Mapping[str, int]
    tiebreaks: Mapping[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


def chain(*tiebreaks: tuple[str, Best]) -> list[RankKey[Score]]:
    """The total (highest best), then each named tie-break in order."""
    keys: list[RankKey[Score]] = [RankKey("total", lambda s: s.total, "high")]
    for name, best in tiebreaks:
        keys.append(RankKey(name, lambda s, name=name: s.tiebreaks[name], best))
    return keys


def outcome(game_id: str, scores: Sequence[Score], keys: Sequence[RankKey[Score]],
            ranked: Sequence[Score] | None = None, decided: bool = True) -> dict[str, Any]:
    """``players`` in sheet order; ``ranking`` of ``ranked`` (default: everyone); ``winner`` = first group if
    ``decided``; ``tiebreaks``: for each two neighbouring groups equal on the total, the tie-break that put the
    first ahead (``by``) and each of their players' value of it."""
    groups = rank(list(scores if ranked is None else ranked), keys)
    ranking = [[score.name for score in group] for group in groups]
    tiebreaks = [
        {"above": [s.name for s in better], "below": [s.name for s in worse], "by": by,
         "values": {s.name: s.tiebreaks[by] for s in [*better, *worse]}}
        for better, worse, by in zip(groups, groups[1:], deciding_keys(groups, keys)) if by != "total"
    ]
    return {
        "game": game_id,
        "players": [
            {"name": score.name, "total": score.total, "breakdown": dict(score.breakdown)} for score in scores
        ],
        "ranking": ranking,
        "winner": list(ranking[0]) if (decided and ranking) else [],
        "tiebreaks": tiebreaks,
    }
