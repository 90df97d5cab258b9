"""La Venise du Nord: final scoring (SPEC.md 4.7, rulebook "2.1 Victory Points").

Total = VP on the track
      + the Store sale: per good, min(store, 6) x max(price - 1, 0)
      + bridges: per chain, (bridges in the chain) squared
      + 2 per bridge on the board if the "+2 per built bridge" Master Builder is activated
      + Master Builders: min(k squared, 25), k = activated cards that are not order-like.
Ties are joint wins (no tie-break).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from companion.errors import SheetError
from companion.scoring import sheets
from companion.scoring.outcome import Score, chain, outcome

GAME_ID = "la_venise_du_nord"
TITLE = "La Venise du Nord"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

GOODS = ("clothing", "lace", "jewelry")
MASTER_BUILDER_KINDS = ("bridge_bonus", "move_die_pm1", "activation_die_pm1", "price_shift", "fill_stock",
                        "order_like")
BRIDGES_PER_PLAYER = 5
SALE_CAP = 6          # goods of each type sold at the end
MASTER_BUILDER_CAP = 25
BRIDGE_BONUS = 2      # VP per bridge with the bridge_bonus Master Builder


#: How the game's own words read a total and each part of it (the game has no tie-break).
WORDS: dict[str, Any] = {
    "total": ["1 VP", "{n} VP"],
    "parts": {"vp_track": "VP track", "store_sale": "Store sale", "bridges": "bridge chains",
              "bridge_bonus": "bridge bonus", "master_builders": "Master Builders"},
    "tiebreaks": {},
}

OPTIONS: dict[str, dict[str, Any]] = {
    "chain_definition": {
        "enum": ["component", "paths"],
        "default": "component",
        "enumNames": ["a connected group of bridges", "paths, split to score most"],
        "description": "A chain is a connected group of the player's bridges (the default), or the bridges are "
                       "split into paths (no tile visited twice in one path) in the way that scores most. On a "
                       "score sheet it matters only for players whose bridges are given one by one.",
    },
}

_GOOD_COUNTS = {good: sheets.count(f"{good} goods in the Store") for good in GOODS}

_PLAYER = {
    "type": "object",
    "title": "player",
    "required": ["name", "vp_track", "store", "master_builders"],
    "additionalProperties": False,
    "description": "Give either bridge_chains or bridges.",
    "properties": {
        "name": sheets.name_schema(),
        "vp_track": sheets.count("VP already on the score track."),
        "store": {
            "type": "object", "title": "store",
            "description": "Goods in the Store by type; a missing type is 0.",
            "additionalProperties": False,
            "properties": _GOOD_COUNTS,
        },
        "bridge_chains": {
            "type": "array",
            "description": "The number of bridges in each of the player's chains (5 bridges at most in all).",
            "items": sheets.count("bridges in one chain", BRIDGES_PER_PLAYER),
        },
        "bridges": {
            "type": "array",
            "description": "Each of the player's bridges as the two Quarter tiles it joins.",
            "maxItems": BRIDGES_PER_PLAYER,
            "items": sheets.fixed_tuple("[tile, tile]", {"type": "string", "minLength": 1, "title": "tile"},
                                        {"type": "string", "minLength": 1, "title": "tile"}),
        },
        "master_builders": {
            "type": "array",
            "description": "The player's Master Builder cards (on or under the board).",
            "items": {
                "type": "object", "title": "master builder",
                "required": ["kind", "activated"],
                "additionalProperties": False,
                "properties": {
                    "kind": sheets.choice("Master Builder kind", MASTER_BUILDER_KINDS),
                    "activated": {"type": "boolean", "description": "true if its cubes were all placed"},
                },
            },
        },
    },
}

_PRICES = {
    "type": "object", "title": "prices",
    "description": "Market price of each good at the end, before the final sale's '1 less'.",
    "required": list(GOODS),
    "additionalProperties": False,
    "properties": {good: sheets.count(f"price of {good}") for good in GOODS},
}

SCHEMA = sheets.sheet_schema(GAME_ID, TITLE, _PLAYER, MIN_PLAYERS, MAX_PLAYERS, OPTIONS,
                             extra={"prices": _PRICES})


def check(sheet: Mapping[str, Any]) -> None:
    for index, player in enumerate(sheet["players"]):
        where = f"players[{index}]"
        has_chains, has_bridges = "bridge_chains" in player, "bridges" in player
        if has_chains == has_bridges:
            problem = "both are given" if has_chains else "neither is given"
            raise SheetError(f"{where}.bridge_chains: give either bridge_chains or bridges ({problem})")
        if has_chains and sum(player["bridge_chains"]) > BRIDGES_PER_PLAYER:
            raise SheetError(f"{where}.bridge_chains: {sum(player['bridge_chains'])} bridges in all; "
                             f"a player has {BRIDGES_PER_PLAYER} bridges")
        if has_bridges:
            seen: dict[frozenset[str], int] = {}
            for b, (one, other) in enumerate(player["bridges"]):
                edge = frozenset((_tile(one), _tile(other)))
                if len(edge) == 1:
                    raise SheetError(f"{where}.bridges[{b}]: a bridge joins two different tiles, "
                                     f"got {sheets.shown([one, other])}")
                if edge in seen:
                    raise SheetError(f"{where}.bridges[{b}]: the same two tiles as bridges[{seen[edge]}]; "
                                     "only one bridge can join two tiles")
                seen[edge] = b


def _tile(name: str) -> str:
    return " ".join(name.split()).casefold()


def store_sale(store: Mapping[str, int], prices: Mapping[str, int]) -> int:
    """Up to 6 goods of each type, at 1 less than the price (never below 0)."""
    return sum(min(store.get(good, 0), SALE_CAP) * max(prices[good] - 1, 0) for good in GOODS)


def chains_from_bridges(bridges: Sequence[Sequence[str]], definition: str) -> list[int]:
    """The chain lengths of a player's bridges, given as pairs of tiles."""
    edges = [tuple(sorted((_tile(a), _tile(b)))) for a, b in bridges]
    components = _components(edges)
    if definition == "component":
        return sorted((len(c) for c in components), reverse=True)
    lengths: list[int] = []
    for component in components:
        lengths.extend(_best_path_split(component))
    return sorted(lengths, reverse=True)


def _components(edges: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """Bridges grouped by shared tiles."""
    groups: list[tuple[set[str], list[tuple[str, str]]]] = []
    for edge in edges:
        touching = [g for g in groups if g[0] & set(edge)]
        tiles, members = set(edge), [edge]
        for g in touching:
            tiles |= g[0]
            members = g[1] + members
            groups.remove(g)
        groups.append((tiles, members))
    return [members for _tiles, members in groups]


def _is_path(edges: Iterable[tuple[str, str]]) -> bool:
    """A simple path: connected, no tile used by more than 2 of its bridges, no ring."""
    edges = list(edges)
    degree: dict[str, int] = {}
    for a, b in edges:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return (max(degree.values()) <= 2 and len(degree) == len(edges) + 1
            and len(_components(edges)) == 1)


def _best_path_split(edges: list[tuple[str, str]]) -> list[int]:
    """Split the bridges into paths so that the sum of squares is highest (at most 5 bridges: brute force)."""
    if not edges:
        return []
    first, rest = edges[0], edges[1:]
    best: list[int] = []
    best_points = -1
    # The path that holds the first bridge, then the best split of what is left.
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            path = [first, *others]
            if not _is_path(path):
                continue
            left = [e for e in rest if e not in others]
            split = [len(path)] + _best_path_split(left)
            points = sum(n * n for n in split)
            if points > best_points:
                best, best_points = split, points
    return best


def bridge_points(chains: Sequence[int]) -> int:
    return sum(n * n for n in chains)


def master_builder_points(cards: Sequence[Mapping[str, Any]]) -> int:
    counted = sum(1 for card in cards if card["activated"] and card["kind"] != "order_like")
    return min(counted * counted, MASTER_BUILDER_CAP)


def score(sheet: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    prices = sheet["prices"]
    scores = []
    for player in sheet["players"]:
        if "bridges" in player:
            chains = chains_from_bridges(player["bridges"], options["chain_definition"])
        else:
            chains = list(player["bridge_chains"])
        bridges_built = sum(chains)
        bonus_active = any(c["activated"] and c["kind"] == "bridge_bonus" for c in player["master_builders"])
        scores.append(Score(
            name=player["name"],
            breakdown={
                "vp_track": player["vp_track"],
                "store_sale": store_sale(player["store"], prices),
                "bridges": bridge_points(chains),
                "bridge_bonus": BRIDGE_BONUS * bridges_built if bonus_active else 0,
                "master_builders": master_builder_points(player["master_builders"]),
            },
        ))
    return outcome(GAME_ID, scores, chain())
