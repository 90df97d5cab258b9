"""Master of Venice: the votes of a Pope or Doge election, pure (SPEC.md 2.5, rulebook l.116-141).

Only players who control a Cardinal (Pope) or a Senator (Doge) vote. A sealed
bid is Gold (bribes) and Intrigue cards (4 votes, 2 Gold each); to them add one
vote per Cardinal (Senator), the Popularity cards the player has in play this
turn for this election, and one per Patronage (the option). A player caught in
a crime loses automatically; the most votes win, a tie is rolled off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CARDS
from .table import count_kind, owned

VOTER = {"pope": "Cardinal", "doge": "Senator"}
INTRIGUE_VOTES, INTRIGUE_COST = CARDS["Intrigue"].votes, CARDS["Intrigue"].cost


def voters(table: Mapping[str, Any], office: str, standing: list[int]) -> list[int]:
    kind = CARDS[VOTER[office]].kind
    return [s for s in standing if count_kind(table, s, kind) > 0]


def votes(table: Mapping[str, Any], office: str, seat: int, bid: Mapping[str, int], patronage: str) -> dict[str, int]:
    """A voter's votes by source."""
    mine = owned(table, seat)
    popular = sum(CARDS[c["card"]].votes for c in mine if CARDS[c["card"]].election == office)
    patrons = sum(1 for c in mine if c["card"] == "Patronage") if patronage == "both" else 0
    return {"cards": sum(1 for c in mine if c["card"] == VOTER[office]), "bribe": bid.get("gold", 0),
            "intrigue": INTRIGUE_VOTES * bid.get("intrigue", 0), "popularity": popular, "patronage": patrons}


def bid_cost(bid: Mapping[str, int]) -> int:
    return bid.get("gold", 0) + INTRIGUE_COST * bid.get("intrigue", 0)


def leaders(tally: Mapping[int, int], caught: list[int]) -> list[int]:
    """The voters with the most votes among those not caught; several: a roll-off."""
    able = {s: v for s, v in tally.items() if s not in caught}
    if not able:
        return []
    best = max(able.values())
    return sorted(s for s, v in able.items() if v == best)
