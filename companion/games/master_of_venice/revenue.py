"""Master of Venice: the Revenue Phase, pure (SPEC.md 2.6, rulebook l.51-73).

  3 + Cardinals + Senators + Patronage + Σ trips table(1D6 + route bonus)
    + 5 Pope + 3 Doge + 2 Council Head + 2 General + 2 Admiral + 1 Construction
    + one per opponent's Cog/Caravan attached to his Trade Routes
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import BASE_GOLD, CARDS, DOGE_GOLD, FIXED_TRIP, OFFICE_GOLD, POPE_GOLD, TRADERS, trip_gold
from .table import card_by_id, controller


def trips(table: Mapping[str, Any], seat: int) -> list[int]:
    """The roll bonus of each of `seat`'s Cogs and Caravans: its Trade Route's, or 0 unattached."""
    bonuses = []
    for card in table["in_play"]:
        if card["owner"] == seat and card["card"] in TRADERS:
            route = card_by_id(table, card["on"]) if card["on"] is not None else None
            bonuses.append(CARDS[route["card"]].gold if route else 0)
    return bonuses


def fixed(table: Mapping[str, Any], seat: int) -> dict[str, int]:
    """Everything but the trips, by source."""
    cards = sum(CARDS[c["card"]].gold for c in table["in_play"]
                if c["owner"] == seat and c["card"] in ("Cardinal", "Senator", "Patronage"))
    offices = sum(gold for office, gold in OFFICE_GOLD.items() if table["offices"].get(office) == seat)
    offices += POPE_GOLD * (controller(table, "pope") == seat) + DOGE_GOLD * (controller(table, "doge") == seat)
    routes = 0
    for card in table["in_play"]:
        if card["card"] in TRADERS and card["on"] is not None and card["owner"] != seat:
            route = card_by_id(table, card["on"])
            routes += route is not None and route["owner"] == seat
    return {"base": BASE_GOLD, "cards": cards, "offices": offices, "routes": routes}


def trip_income(bonuses: Sequence[int], dice: Sequence[int] | None) -> list[int]:
    """Each trip's Gold: from its die and bonus, or the fixed 2 of the variant (dice None)."""
    if dice is None:
        return [FIXED_TRIP] * len(bonuses)
    return [trip_gold(d, b) for d, b in zip(dice, bonuses)]


def total(parts: Mapping[str, int], trip_gold_each: Sequence[int]) -> int:
    return sum(parts.values()) + sum(trip_gold_each)
