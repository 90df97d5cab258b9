"""Merchant Venturers (web rules): SPEC.md section 5.

2-6 players (the rulebook gives no count), ten years of four seasons from Winter, nine phases each
turn (4 and 5 in Summer only). The companion deals the board (ports and lands at random, shown on the
phones to copy), keeps the year, the season, the wind and the first-move marker (fewest coins as each
year starts, the youngest on a tie), makes the New World's resources in their seasons and takes them
to the ports in Summer, keeps every player's coins, ships (where, upgrades, cargo), trading posts
(size, goods) and action cards, works out what goods cost and fetch at each port for each player,
and fills in the score sheet after the tenth Autumn: coins plus the value of every ship.

On its own board the companion knows the ocean (sea.py) and offers a ship only the ports it can reach
this season (voyage.py); on a table's own board the players count a ship's moves. Either way they tell
the companion where it ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, thaw

from companion import scoring
from companion.core.game import GameDef
from companion.core.result import Refused
from companion.scoring import merchant_venturers as sheet

from . import markets, picture, sea, trade
from .board import GOODS, NEW, OLD, demand, layout_lines, port_names
from .cards import DECK, virtual
from .fleet import SEA
from .flow import FLOW
from .calendar import phase, season, started, year
from .table import COUNTERS, STORAGE, setup_fields, cargo_space, check_settings, coins, fortune, held_goods, initial, moves, sizes

GAME_ID = sheet.GAME_ID

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "season_table": {"title": "Resource seasons", "enum": ["warm_cold", "leftmost"], "default": "warm_cold",
                     "enumNames": ["warm and cold seasons", "every mark from Spring on"],
                     "description": "The rulebook's season table lost its columns: crops and spices in the warm "
                                    "seasons, furs in the cold ones, gold in Summer; or every mark read from Spring "
                                    "on."},
    "small_post": {"title": "A small trading post costs", "enum": [1, 2, 3], "default": 1,
                   "enumNames": ["1 coin", "2 coins", "3 coins"],
                   "description": "The rulebook gives no price: 1 coin, so a large post costs 6 in all."},
    "largest_post": {"title": "The largest trading post's +1", "enum": ["strict", "shared"], "default": "strict",
                     "enumNames": ["only a strictly largest post", "every post tied for largest"],
                     "description": "Only a strictly largest post earns it, or every post tied for largest."},
}

# --- what the table shows ---------------------------------------------------------------------------


def _first_move(state: PMap) -> int | None:
    return state["flow"]["order"][0] if state["flow"] is not None and started(state) else None


def _port_order(state: PMap) -> dict[str, list[int]]:
    """Who trades first at each port, north to south, in the phases that go port by port (5 and 8)."""
    world = trade.world_traded(state)
    if world is None or state["data"]["board"] is None:
        return {}
    return {p: markets.order_at(state, p) for p in port_names(state["data"]["board"], world)}


def _prices(state: PMap) -> dict[str, Any]:
    """Each port's prices for each player: what goods fetch in the Old World and cost in the New."""
    board = state["data"]["board"]
    if board is None:
        return {"sale": {}, "purchase": {}}
    seats = range(len(state["players"]))
    sale = {p: [markets.sale_prices(state, s, p) for s in seats] for p in port_names(board, OLD)}
    bought = {p: [markets.purchase_prices(state, s, p) for s in seats] for p in port_names(board, NEW)}
    return {
        "sale": {p: {g: [each[g] for each in sale[p]] for g in GOODS if wants[g]} for p, wants in _demands(board).items()},
        "purchase": {p: {g: [each[g] for each in bought[p]] for g in GOODS} for p in bought},
    }


def _demands(board: PMap) -> dict[str, dict[str, int]]:
    """What each Old World port buys, worked out once per port (not once per good)."""
    return {p: demand(board, p) for p in port_names(board, OLD)}


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    per_player = []
    for s in range(len(state["players"])):
        posts = [p["size"] for p in table["posts"][s].values()]  # the standings: posts on the board (not the one to place)
        per_player.append({
            "fortune": fortune(state, s),
            "ships": [dict(thaw(ship), moves=moves(ship), cargo_space=cargo_space(ship)) for ship in table["ships"][s]],
            "posts": thaw(table["posts"][s]),
            "start_unplaced": table["unplaced"][s],
            "bought": thaw(table["quay"][s]),
            "held_goods": held_goods(table, s),
            "large_posts": posts.count("large"), "medium_posts": posts.count("medium"), "small_posts": posts.count("small"),
            "board": _board_lines(state, s),
        })
    board = table["board"]
    now = season(state)
    prices = _prices(state) if flow is not None else {"sale": {}, "purchase": {}}  # once: the table and the sections
    return {
        "year": year(state),
        "season": now,
        "phase": None if flow is None else phase(state),
        "first_move": _first_move(state),
        "wind": table["settings"]["wind"][now] if now else None,
        "winds": thaw(table["settings"]["wind"]),
        "season_table": thaw(table["settings"]["seasons"]),
        "goods_prices": thaw(table["settings"]["prices"]),
        "board": thaw(board),
        "layout": layout_lines(board) if board is not None else [],
        "map": sea.rows(board) if sea.known(board) else [],
        "on_lands": thaw(table["lands"]),
        "stock": thaw(table["stock"]),
        "demand": {p: {g: markets.wanted(state, p, g) for g in GOODS if wants[g]} for p, wants in _demands(board).items()}
        if board is not None and flow is not None else {},
        "prices": prices,
        "port_order": _port_order(state) if flow is not None else {},
        "trading": {k: now[k] for k in ("name", "seat")}
        if flow is not None and not flow["over"] and (now := trade.cursor(state, trade.world_traded(state))) else None,
        "per_player": per_player,
        "sections": _sections(state, per_player, prices),
    }


def _board_lines(state: PMap, seat: int) -> list[str]:
    """A player's own pieces as he reads them on his phone (his coins and cards are on the line above): each
    ship (where, what it carries, how far it sails), each trading post (its goods), what he bought and has
    not loaded."""
    table = state["data"]
    lines = []
    for ship in table["ships"][seat]:
        kind = " ".join(w for w, on in (("fast", ship["fast"]), ("large", ship["large"])) if on) or "small slow"
        at = {None: "not placed yet", SEA: "at sea"}.get(ship["at"], f"at {ship['at']}")
        cargo = ", ".join(ship["cargo"]) or "empty"
        lines.append(f"Ship {ship['id']} ({kind}, {moves(ship)} moves, holds {cargo_space(ship)}) {at}: {cargo}")
    for p, post in table["posts"][seat].items():
        lines.append(f"Post at {p} ({post['size']}, stores {STORAGE[post['size']]}): {', '.join(post['goods']) or 'empty'}")
    for p, goods in table["quay"][seat].items():
        if goods:
            lines.append(f"Bought at {p}, to load or store: {', '.join(goods)}")
    return lines


def _sections(state: PMap, per_player: list[dict[str, Any]], prices: Mapping[str, Any]) -> list[dict[str, Any]]:
    table = state["data"]
    names = [p["name"] for p in state["players"]]
    board = table["board"]
    sections = []
    marker = _first_move(state)
    if marker is not None and not state["flow"]["over"]:  # who leads this year, and who acts now
        now = season(state)
        lines = [f"{names[marker]} has the first-move marker", f"The wind blows from the {table['settings']['wind'][now]}"]
        chance = trade.cursor(state, trade.world_traded(state))
        if chance is not None:
            others = [names[s] for s in markets.order_at(state, chance["name"]) if s != chance["seat"]]
            lines.append(f"{names[chance['seat']]}'s chance at {chance['name']}" + (f"; then {', '.join(others)}" if others else ""))
        sections.append({"title": f"Year {year(state)}, {now}", "lines": lines})
    if board is not None:
        sections.append({"title": "The board (copy it)", "lines": layout_lines(board)})
        if sea.known(board):
            sections.append({"title": "The map (lay the tiles so)", "lines": sea.rows(board)})
        stock = [f"{p}: " + (", ".join(f"{k} {g}" for g, k in table["stock"].get(p, {}).items() if k) or "nothing")
                 for p in port_names(board, NEW)]
        sections.append({"title": "New World ports: for sale", "lines": stock})
        if state["flow"] is not None:
            lines = [f"{p} {g}: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(per)) + f" (buys {markets.wanted(state, p, g)} more)"
                     for p, goods in prices["sale"].items() for g, per in goods.items()]
            sections.append({"title": "Sale prices in the Old World", "lines": lines})
    for s, mine in enumerate(per_player):
        ships = "; ".join(f"ship {sh['id']} {'fast' if sh['fast'] else 'slow'} {'large' if sh['large'] else 'small'} at "
                          f"{sh['at'] or 'no port yet'}" + (f" with {', '.join(sh['cargo'])}" if sh["cargo"] else "")
                          for sh in mine["ships"])
        posts = "; ".join(f"{size} at {p}" + (f" with {', '.join(post['goods'])}" if post["goods"] else "")
                          for p, post in mine["posts"].items() for size in [post["size"]]) or "none placed"
        lines = [f"Coins {coins(state, s)}, action cards {state['counters']['players'][s]['cards']}",
                 f"Ships: {ships}", f"Trading posts: {posts}"]
        if any(mine["bought"].values()):
            lines.append("Bought, to load: " + "; ".join(f"{p}: {', '.join(g)}" for p, g in mine["bought"].items() if g))
        sections.append({"title": f"{names[s]}: fortune {mine['fortune']}", "lines": lines})
    return sections


def _player_view(state: PMap, seat: int | None) -> dict[str, Any]:
    """What `seat` may see: the whole table's (None); a virtual deck's hand, on its own phone only."""
    if seat is None:
        return _public(state)
    return {"hand": list(state["data"]["hands"][seat]) if virtual(state) else None}


def _score_sheet(state: PMap) -> dict[str, Any]:
    table = state["data"]
    return {"players": [{"name": p["name"], "coins": coins(state, s),
                         "ships": [{"fast": sh["fast"], "large": sh["large"]} for sh in table["ships"][s]],
                         "trading_posts": sizes(table, s), "held_goods": held_goods(table, s)}
                        for s, p in enumerate(state["players"])]}


def _tapped(state: PMap, deck: str, card: str) -> Refused:
    """The reader cannot tell whose card it is, and there is no player whose move it is."""
    return Refused(f"{card}: play an action card from your phone (Play an action card), so the companion knows whose it is")


MERCHANT_VENTURERS = GameDef(
    id=GAME_ID,
    title=sheet.TITLE,
    short_title="Merchant Ventr",
    min_players=sheet.MIN_PLAYERS,
    max_players=sheet.MAX_PLAYERS,
    flow=FLOW,
    decks=(DECK,),
    counters=COUNTERS,
    dice=(),
    initial_data=initial,
    check_setup=check_settings,
    first_player="fewest_coins",
    player_view=_player_view,
    picture=picture.board,
    picture_title=picture.TITLE,
    score_keys=(("fortune", "Fortune"), ("large_posts", "Large posts"), ("medium_posts", "Medium posts"),
                ("small_posts", "Small posts"), ("held_goods", "Held goods")),
    score_sheet=_score_sheet,
    scoring=scoring.Sheet(sheet),
    rule_options=RULE_OPTIONS,
    setup_fields=setup_fields(),
    tapped=_tapped,
)
