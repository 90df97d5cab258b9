"""The Patrons of Venice (Ken Stevens, Toccata Games 2004): SPEC.md section 1.

3 to 5 players; the second-youngest leads the first turn. Each turn its lead
chooses one of five actions and every player performs it, in order from the
lead. The companion keeps every player's Ducats and the Bank (140 in all),
the ships, the Market and the Pirate Wharf, the businesses and statues of
Venice, points live, and ends the game at the end of the turn in which a
player has 12 points (10 with five players); ties are broken by Ducats.

The Raw Good deck is played with the real cards unless the table enters its
69 cards (the rulebook does not list them): the players pick the cards (by
good, then value) or tap them where a price or a Pirates! depends on them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pyrsistent import PMap

from companion import scoring
from companion.core.flow import in_step
from companion.core.game import GameDef
from companion.core.result import Refused
from companion.core.words import counted
from companion.scoring import patrons_of_venice as sheet

from . import choose, city, goods, sail, sponsor
from .goods import RAW_DECK
from .flow import FLOW
from .table import COUNTERS, cubes_left, ducats, favours, initial, name, points

GAME_ID = "patrons_of_venice"

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "statue_business_worth": {**sheet.OPTIONS["statue_business_worth"], "title": "Points for a business by a statue"},
    "guilds": {"title": "Guilds variant", "enum": [False, True], "default": False,
               "enumNames": ["no: each produces at their own businesses", "yes: at another player's too"],
               "description": "The Guilds variant: produce at another player's business; its owner gets the income."},
    "sell_manufactured": {"title": "Cloth and Canvas may be sold", "enum": [True, False], "default": True,
                          "enumNames": ["yes, at their printed value", "no"],
                          "description": "Cloth and Canvas cards may be sold at their printed value."},
    "gondola_counts": {"title": "Gondola income counts", "enum": ["all", "own"], "default": "all",
                       "enumNames": ["every owner's tiles", "only its owner's tiles"],
                       "description": "A Gondola's base income counts every owner's non-Gondola tiles in its campo, "
                                      "or only its owner's."},
    "favours_limited": {"title": "Favours limited to the 18 cards", "enum": [False, True], "default": False,
                        "enumNames": ["no: keep counting", "yes: none once the 18 cards are out"],
                        "description": "Stop giving Favours when the 18 cards run out (the default: keep counting)."},
}


def _tapped(state: PMap, deck: str, card: str):
    """A real card tapped on the reader names a card drawn in a Sail; elsewhere the hands are the players'."""
    if not in_step(state, sail.DRAW, sail.PIRATES):
        return Refused("a Raw Good card is tapped only as it is drawn in a Sail (a New Shipment or a replacement)")
    return {"type": "draw", "deck": deck, "cards": [card]}


# --- what the table shows ---------------------------------------------------------------------------


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    n = len(state["players"])
    own_only = state["options"]["gondola_counts"] == "own"
    businesses = [
        {"index": i, "type": b["type"], "label": city.LABELS[b["type"]], "owner": b["owner"], "campi": list(b["campi"]),
         "next_to_statue": city.next_to_statue(b, table["statues"]),
         "income": city.income(b, table["businesses"], table["statues"], own_only)["total"]}
        for i, b in enumerate(table["businesses"])
    ]
    started = bool(table["started"])
    per_player = [
        {"points": points(state, s), "cubes_left": cubes_left(table, s),
         "income": sum(b["income"] for b in businesses if b["owner"] == s)}
        for s in range(n)
    ]
    return {
        "turn": flow["round"] if started else 0,
        "active": flow["actor"],
        "action": table["action"] if started and not in_step(state, choose.STEP) else None,
        "threshold": city.end_threshold(n),
        "ships": [[dict(slot) if slot else None for slot in ships] for ships in table["ships"]],
        "market": list(table["market"]),
        "wharf": list(table["wharf"]),
        "new_shipments": list(table["new_shipments"]),
        "statues": list(table["statues"]),
        "statue_cost": city.statue_cost(len(table["statues"])) if len(table["statues"]) < city.STATUES else None,
        "businesses": businesses,
        "pirates_in_discard": list(state["decks"][RAW_DECK.name]["discard"]).count(goods.PIRATES),
        "per_player": per_player,
        "sections": _sections(state, businesses, per_player),
    }


def _card(card: str | None) -> str:
    """A card as the box knows it: its name, or (a real card not named yet) that a card lies there."""
    return card or "a card"


def _cards(cards: list) -> str:
    """A pile as the box knows it: the cards named, then how many are not named yet."""
    unnamed = sum(1 for c in cards if c is None)
    parts = [c for c in cards if c is not None] + ([counted(unnamed, "card") + " not named yet"] if unnamed else [])
    return ", ".join(parts) or "empty"


def _sections(state: PMap, businesses: list[dict[str, Any]], per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table as a phone shows it: titled lists of lines."""
    table = state["data"]

    def slot(s):
        if s is None:
            return "—"
        return _card(s["card"]) + (f" [{name(state, s['reserved_by'])}]" if s["reserved_by"] is not None else "")

    statues = ", ".join(table["statues"]) or "none yet"
    cost = city.statue_cost(len(table["statues"])) if len(table["statues"]) < city.STATUES else None
    sections = [
        {"title": "Ships (left to right)",
         "lines": [f"{p['name']}: {' · '.join(slot(x) for x in table['ships'][i])}" for i, p in enumerate(state["players"])]},
        {"title": "Market", "lines": [_cards(table["market"])]},
        {"title": "Pirate Wharf (1 Ducat each)", "lines": [_cards(table["wharf"])]},
    ]
    if table["new_shipments"]:
        sections.append({"title": "New shipments", "lines": [_cards(table["new_shipments"])]})
    sections.append({"title": "Venice", "lines": [
        f"Statues: {statues}" + (f" (the next costs {cost})" if cost else " (all six built)"),
        *(f"{name(state, b['owner'])}'s {b['label']} by {' / '.join(b['campi'])}"
          f"{' (statue)' if b['next_to_statue'] else ''}: produces {b['income']}" for b in businesses),
    ]})
    sections.append({"title": f"Points (the end at {city.end_threshold(len(state['players']))})", "lines": [
        f"{p['name']}: {counted(mine['points'], 'point')}, {counted(ducats(state, i), 'Ducat')}, "
        f"{counted(mine['cubes_left'], 'cube')} left, "
        f"producing everywhere earns {mine['income']}" for i, (p, mine) in enumerate(zip(state["players"], per_player))
    ]})
    return sections


def _player_view(state: PMap, seat: int | None) -> dict[str, Any]:
    """What `seat` may see: the whole table's (None); only this player's phone, the cards the companion knows
    are in his hand."""
    if seat is None:
        return _public(state)
    return {"hand": list(state["data"]["hands"][seat])}


def _score_sheet(state: PMap) -> dict[str, Any]:
    """The final sheet (SCORE_SHEETS.md), every field known to the companion."""
    table = state["data"]
    return {
        "players": [
            {"name": p["name"],
             "businesses": [[b["type"], city.next_to_statue(b, table["statues"])]
                            for b in table["businesses"] if b["owner"] == s],
             "favour_cards": favours(state, s), "ducats": ducats(state, s)}
            for s, p in enumerate(state["players"])
        ],
        "options": {"statue_business_worth": state["options"]["statue_business_worth"]},
    }


# The setup keys the table enters, each checked in turn.
SETUP_CHECKS = (goods.check_recipes, goods.recipes_for_a_virtual_deck, sponsor.check_costs, city.check_tiles,
                goods.check_values, city.check_campi)


def check_setup(setup: Mapping[str, Any], checks: Sequence[Callable[[Mapping[str, Any]], Refused | None]] = SETUP_CHECKS
                ) -> Refused | None:
    """The first of `checks` that refuses the setup, or None."""
    return next((found for found in (check(setup) for check in checks) if found is not None), None)


PATRONS = GameDef(
    id=GAME_ID,
    title="The Patrons of Venice",
    short_title="Patrons",
    min_players=3,
    max_players=5,
    flow=FLOW,
    decks=(RAW_DECK,),
    counters=COUNTERS,
    dice=(),
    initial_data=initial,
    check_setup=check_setup,
    setup_fields={"recipes": goods.RECIPE_FIELD, "costs": sponsor.COST_FIELD, "tiles": city.TILE_COUNT_FIELD,
                  "made_values": goods.VALUE_FIELD, "campi": city.CAMPI_FIELD},
    learned=sponsor.learned,
    first_player="second_youngest",
    player_view=_player_view,
    score_keys=(("points", "Points"), ("ducats", "Ducats")),
    score_sheet=_score_sheet,
    scoring=scoring.Sheet(sheet),
    rule_options=RULE_OPTIONS,
    tapped=_tapped,
)
