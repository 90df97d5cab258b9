"""Merchant Venturers (web rules): SPEC.md section 5.

2-6 players (the rulebook gives no count), ten years of four seasons from Winter, nine phases each
turn (4 and 5 in Summer only). The companion deals the board (ports and lands at random, shown on the
phones to copy), keeps the year, the season, the wind and the first-move marker (fewest coins as each
year starts, the youngest on a tie), makes the New World's resources in their seasons and takes them
to the ports in Summer, keeps every player's coins, ships (where, upgrades, cargo), trading posts
(size, goods) and action cards, works out what goods cost and fetch at each port for each player,
and fills in the score sheet after the tenth Autumn: coins plus the value of every ship.

The ocean is not modelled: the players count a ship's moves and tell the companion where it ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, thaw

from companion.core.game import GameDef
from companion.core.options import Option
from companion.games.plain import name
from companion.scoring import merchant_venturers as sheet

from . import trade, turn
from .board import GOODS, NEW, OLD, demand, layout_lines, port_names
from .cards import DECK, virtual
from .fleet import FAST, LARGE, SEA, SHIP
from .steps import FLOW, PHASES, phase, season, started, step_name, year
from .table import (CARD_PRICE, COUNTERS, NEXT_SIZE, STORAGE, UPGRADE, cargo_space, check_settings, coins,
                    fortune, held_goods, initial, moves, sizes)
from .turn import BUYING

GAME_ID = sheet.GAME_ID

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "season_table": {"title": "Resource seasons", "enum": ["warm_cold", "leftmost"], "default": "warm_cold",
                     "enumNames": ["warm and cold seasons", "every mark from Spring on"],
                     "description": "The rulebook's season table lost its columns: crops and spices in the warm "
                                    "seasons, furs in the cold ones, gold in Summer; or every mark read from Spring "
                                    "on. A table of your own may be given at setup (seasons)."},
    "small_post": {"title": "A small trading post costs", "enum": [1, 2, 3], "default": 1,
                   "enumNames": ["1 coin", "2 coins", "3 coins"],
                   "description": "The rulebook gives no price: 1 coin, so a large post costs 6 in all."},
    "largest_post": {"title": "The largest trading post's +1", "enum": ["strict", "shared"], "default": "strict",
                     "enumNames": ["only a strictly largest post", "every post tied for largest"],
                     "description": "Only a strictly largest post earns it, or every post tied for largest."},
}

_WORD = {"SEASON": "Season", "RESOURCES": "Make", "BUY": "Buy", "ALLOCATION": "Ports", "BUY_GOODS": "Goods",
         "LOAD": "Load", "SAIL": "Sail", "SELL": "Sell", "BUY_AGAIN": "Buy"}


# --- what the buttons offer --------------------------------------------------------------------------


def _playing(state: PMap) -> bool:
    return state["flow"] is not None and not state["flow"]["over"] and state["rolloff"] is None


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    if not _playing(state):
        return ()
    table = state["data"]
    now = step_name(state)
    options: list[Option] = []
    if now == "PREGAME" and (table["board"] is None or not table["dealt"]):
        what = [w for w, due in (("the board", table["board"] is None), ("the hands", virtual(state) and not table["dealt"])) if due]
        if what:
            return (Option(f"Deal {' and '.join(what)}", "Deal", {"type": "deal"}),)
    board = table["board"]
    for seat in state["flow"]["order"]:
        who = name(state, seat)
        if table["unplaced"][seat] and board is not None:
            options += [Option(f"{who} starts at {p}", "Start", {"type": "place_start", "seat": seat, "port": p})
                        for p in port_names(board, OLD) if p not in table["posts"][seat]]
        options += _PHASE_OPTIONS.get(now, lambda *a: [])(state, table, seat, who)
    return tuple(options)


def _buy_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    money, board = coins(state, seat), table["board"]
    base = {"seat": seat}
    old = port_names(board, OLD)
    options = []
    if money >= CARD_PRICE:
        options.append(Option(f"{who} buys an action card ({CARD_PRICE})", "Card", {"type": "buy_card", **base}))
    if money >= SHIP:
        home = next((s["at"] for s in table["ships"][seat] if s["at"] in old), None) or next(iter(table["posts"][seat]), None)
        home = home if home in old else old[0]
        options.append(Option(f"{who} buys a ship at {home} ({SHIP})", "Ship", {"type": "buy_ship", "port": home, **base}))
    for ship in table["ships"][seat]:
        for flag, cost in (("fast", FAST), ("large", LARGE)):
            if ship["at"] in old and not ship[flag] and money >= cost:
                options.append(Option(f"{who}: ship {ship['id']} {flag} (+{cost})", "Upgrd",
                                      {"type": "upgrade_ship", "ship": ship["id"], flag: True, **base}))
    docked = dict.fromkeys(s["at"] for s in table["ships"][seat] if s["at"] not in (None, SEA))
    if money >= state["options"]["small_post"]:
        options += [Option(f"{who} builds a post at {p} ({state['options']['small_post']})", "Post",
                           {"type": "buy_post", "port": p, **base}) for p in docked if p not in table["posts"][seat]]
    for p, post in table["posts"][seat].items():
        nxt = NEXT_SIZE.get(post["size"])
        if nxt and money >= UPGRADE[nxt]:
            options.append(Option(f"{who}: post at {p} {nxt} (+{UPGRADE[nxt]})", "Post", {"type": "upgrade_post", "port": p, **base}))
    return options


def _goods_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    options = []
    for p in port_names(table["board"], NEW):
        if trade.present(table, seat, p):
            for g, left in table["stock"].get(p, {}).items():
                price = trade.purchase_price(state, seat, p, g)
                if left and price <= coins(state, seat):
                    options.append(Option(f"{who} buys 1 {g} at {p} ({price})", "Buy",
                                          {"type": "buy_goods", "seat": seat, "port": p, "good": g, "n": 1}))
    return options


def _load_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    options = []
    for ship in table["ships"][seat]:
        at = ship["at"]
        if at in (None, SEA) or len(ship["cargo"]) >= cargo_space(ship):
            continue
        here = list(table["quay"][seat].get(at, [])) + list(table["posts"][seat].get(at, {}).get("goods", []))
        options += [Option(f"{who} loads {g} on ship {ship['id']}", "Load", {"type": "load", "seat": seat, "ship": ship["id"], "good": g})
                    for g in dict.fromkeys(here)]
    return options + _store_options(state, table, seat, who)


def _store_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    options = []
    for p, post in table["posts"][seat].items():
        if len(post["goods"]) >= STORAGE[post["size"]]:
            continue
        here = list(table["quay"][seat].get(p, [])) + [g for s in table["ships"][seat] if s["at"] == p for g in s["cargo"]]
        options += [Option(f"{who} stores {g} at {p}", "Store", {"type": "store", "seat": seat, "port": p, "good": g})
                    for g in dict.fromkeys(here)]
    return options


def _sail_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    turn_ = state["flow"]["round"]
    sailed = table["sailed"]["ships"] if table["sailed"]["turn"] == turn_ else []
    options = []
    for ship in table["ships"][seat]:
        if [seat, ship["id"]] in sailed or ship["at"] is None:
            continue
        # The buttons offer where a ship is worth taking: laden, home to the Old World; empty, to the New
        # (or out to sea); the phone names any port.
        for to in [*port_names(table["board"], OLD if ship["cargo"] else NEW), SEA]:
            if to != ship["at"]:
                options.append(Option(f"{who}'s ship {ship['id']} to {to}", "Sail",
                                      {"type": "sail", "seat": seat, "ship": ship["id"], "to": to}))
    return options


def _sell_options(state: PMap, table: Mapping[str, Any], seat: int, who: str) -> list[Option]:
    options = []
    for p in port_names(table["board"], OLD):
        for g in GOODS:
            if trade.available(table, seat, p, g) and trade.wanted(state, p, g) > 0:
                options.append(Option(f"{who} sells 1 {g} at {p} ({trade.sale_price(state, seat, p, g)})", "Sell",
                                      {"type": "sell", "seat": seat, "port": p, "good": g, "n": 1}))
    return options + _store_options(state, table, seat, who)


_PHASE_OPTIONS = {"PREGAME": _buy_options, "BUY": _buy_options, "BUY_AGAIN": _buy_options, "BUY_GOODS": _goods_options,
                  "LOAD": _load_options, "SAIL": _sail_options, "SELL": _sell_options}


# --- what the table shows ---------------------------------------------------------------------------


def _first_move(state: PMap) -> int | None:
    return state["flow"]["order"][0] if state["flow"] is not None and started(state) else None


def _port_order(state: PMap) -> dict[str, list[int]]:
    """Who trades first at each port, north to south, in the phases that go port by port (5 and 8)."""
    world = {"BUY_GOODS": NEW, "SELL": OLD}.get(step_name(state))
    if world is None or state["data"]["board"] is None:
        return {}
    return {p: trade.order_at(state, p) for p in port_names(state["data"]["board"], world)}


def _prices(state: PMap) -> dict[str, Any]:
    """Each port's prices for each player: what goods fetch in the Old World and cost in the New."""
    board = state["data"]["board"]
    if board is None:
        return {"sale": {}, "purchase": {}}
    seats = range(len(state["players"]))
    return {
        "sale": {p: {g: [trade.sale_price(state, s, p, g) for s in seats] for g in GOODS if demand(board, p)[g]}
                 for p in port_names(board, OLD)},
        "purchase": {p: {g: [trade.purchase_price(state, s, p, g) for s in seats] for g in GOODS}
                     for p in port_names(board, NEW)},
    }


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    per_player = []
    for s in range(len(state["players"])):
        posts = sizes(table, s)
        per_player.append({
            "fortune": fortune(state, s),
            "ships": [dict(thaw(ship), moves=moves(ship), cargo_space=cargo_space(ship)) for ship in table["ships"][s]],
            "posts": thaw(table["posts"][s]),
            "start_unplaced": table["unplaced"][s],
            "bought": thaw(table["quay"][s]),
            "held_goods": held_goods(table, s),
            "large_posts": posts.count("large"), "medium_posts": posts.count("medium"), "small_posts": posts.count("small"),
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
        "on_lands": thaw(table["lands"]),
        "stock": thaw(table["stock"]),
        "demand": {p: {g: trade.wanted(state, p, g) for g in GOODS if demand(board, p)[g]} for p in port_names(board, OLD)}
        if board is not None and flow is not None else {},
        "prices": prices,
        "port_order": _port_order(state) if flow is not None else {},
        "per_player": per_player,
        "status": _status(state),
        "sections": _sections(state, per_player, prices),
    }


def _status(state: PMap) -> str:
    """The OLED's line: the year, the season and the wind, and the phase."""
    if not _playing(state):
        return ""
    if not started(state):
        return "Before year 1: set up"
    now = season(state)
    wind = "".join(part[0] for part in state["data"]["settings"]["wind"][now].split("-"))  # North-West: NW
    step = step_name(state)
    return f"Y{year(state)} {now[:3]} wind {wind} P{PHASES[step]} {_WORD[step]}"


def _sections(state: PMap, per_player: list[dict[str, Any]], prices: Mapping[str, Any]) -> list[dict[str, Any]]:
    table = state["data"]
    names = [p["name"] for p in state["players"]]
    board = table["board"]
    sections = []
    if board is not None:
        sections.append({"title": "The board (copy it)", "lines": layout_lines(board)})
        stock = [f"{p}: " + (", ".join(f"{k} {g}" for g, k in table["stock"].get(p, {}).items() if k) or "nothing")
                 for p in port_names(board, NEW)]
        sections.append({"title": "New World ports: for sale", "lines": stock})
        if state["flow"] is not None:
            lines = [f"{p} {g}: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(per)) + f" (buys {trade.wanted(state, p, g)} more)"
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


# --- the players' phones ------------------------------------------------------------------------------

_N = {"type": "integer", "title": "n", "minimum": 1, "maximum": 20, "default": 1}
_GOOD = {"title": "good", "enum": list(GOODS)}
_FLAG = {"type": "boolean", "default": False}


def _private(state: PMap, seat: int) -> dict[str, Any]:
    if not _playing(state):
        return {"options": []}
    table = state["data"]
    board = table["board"]
    now = step_name(state)
    base = {"seat": seat}
    options: list[Option] = []
    ships = [s["id"] for s in table["ships"][seat]]
    if board is not None:
        old, everywhere = port_names(board, OLD), port_names(board)
        if table["unplaced"][seat]:
            options.append(Option("Place my trading post and ship", "Start", {"type": "place_start", **base},
                                  fields={"port": {"title": "port", "enum": old}}))
        if now in BUYING:
            options += [
                Option(f"Buy a ship ({SHIP}, fast +{FAST}, large +{LARGE})", "Ship", {"type": "buy_ship", **base}, fields={
                    "port": {"title": "port", "enum": old}, "fast": {**_FLAG, "title": "fast"}, "large": {**_FLAG, "title": "large"}}),
                Option("Upgrade a ship (docked in the Old World)", "Upgrd", {"type": "upgrade_ship", **base}, fields={
                    "ship": {"title": "ship", "enum": ships}, "fast": {**_FLAG, "title": "fast"}, "large": {**_FLAG, "title": "large"}}),
                Option(f"Build a trading post ({state['options']['small_post']})", "Post", {"type": "buy_post", **base},
                       fields={"port": {"title": "port", "enum": [p for p in everywhere if p not in table["posts"][seat]]}}),
                Option(f"Buy an action card ({CARD_PRICE})", "Card", {"type": "buy_card", **base}),
            ]
            growing = [p for p, post in table["posts"][seat].items() if post["size"] != "large"]
            if growing:
                options.append(Option("Upgrade a trading post (+2 medium, +3 large)", "Post", {"type": "upgrade_post", **base},
                                      fields={"port": {"title": "port", "enum": growing}}))
        here = [p for p in everywhere if trade.present(table, seat, p)]
        if now == "BUY_GOODS" and any(p not in old for p in here):
            options.append(Option("Buy goods", "Buy", {"type": "buy_goods", **base},
                                  fields={"port": {"title": "port", "enum": [p for p in here if p not in old]}, "good": _GOOD, "n": _N}))
        if now == "LOAD":
            options.append(Option("Load goods onto a ship", "Load", {"type": "load", **base},
                                  fields={"ship": {"title": "ship", "enum": ships}, "good": _GOOD, "n": _N}))
        if now in ("LOAD", "SELL") and table["posts"][seat]:
            options.append(Option("Store goods in a trading post", "Store", {"type": "store", **base},
                                  fields={"port": {"title": "port", "enum": list(table["posts"][seat])}, "good": _GOOD, "n": _N}))
        if now == "SAIL":
            options.append(Option("Sail a ship: where it ends", "Sail", {"type": "sail", **base},
                                  fields={"ship": {"title": "ship", "enum": ships}, "to": {"title": "to", "enum": [*everywhere, SEA]}}))
        if now == "SELL" and any(p in old for p in here):
            options.append(Option("Sell goods", "Sell", {"type": "sell", **base},
                                  fields={"port": {"title": "port", "enum": [p for p in here if p in old]}, "good": _GOOD, "n": _N}))
        options += [
            Option("A card sank my ship (the last one only loses its upgrades)", "Sink", {"type": "sink", **base},
                   fields={"ship": {"title": "ship", "enum": ships}}, confirm=True),
            Option("A card moved my ship", "Move", {"type": "move_ship", **base},
                   fields={"ship": {"title": "ship", "enum": ships}, "to": {"title": "to", "enum": [*everywhere, SEA]}}),
        ]
        if table["posts"][seat]:
            options.append(Option("A card destroyed my trading post (the last one becomes small)", "Destroy",
                                  {"type": "destroy", **base}, fields={"port": {"title": "port", "enum": list(table["posts"][seat])}},
                                  confirm=True))
    hand = list(table["hands"][seat]) if virtual(state) else None
    if hand:
        options.append(Option("Play an action card", "Play", {"type": "play_card", **base}, fields={"card": {"title": "card", "enum": sorted(set(hand))}}))
    elif hand is None and state["counters"]["players"][seat]["cards"]:
        options.append(Option("Play an action card", "Play", {"type": "play_card", **base}))
    return {"options": [o.public() for o in options], "hand": hand}


def _score_sheet(state: PMap) -> dict[str, Any]:
    table = state["data"]
    return {"players": [{"name": p["name"], "coins": coins(state, s),
                         "ships": [{"fast": sh["fast"], "large": sh["large"]} for sh in table["ships"][s]],
                         "trading_posts": sizes(table, s), "held_goods": held_goods(table, s)}
                        for s, p in enumerate(state["players"])]}


def _tapped(state: PMap, deck: str, card: str) -> str:
    """The reader cannot tell whose card it is, and there is no player whose move it is."""
    return f"{card}: play an action card from your phone (Play an action card), so the companion knows whose it is"


def _actions():
    return {kind: (lambda game, state, action, f=f: f(state, action)) for kind, f in turn.ACTIONS.items()}


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
    actions=_actions(),
    check=turn.check,
    initial_data=initial,
    check_setup=check_settings,
    first_player="fewest_coins",
    options=_options,
    on_advance=turn.on_advance,
    public=_public,
    private=_private,
    score_keys=(("fortune", "Fortune"), ("large_posts", "Large posts"), ("medium_posts", "Medium posts"),
                ("small_posts", "Small posts"), ("held_goods", "Held goods")),
    score_sheet=_score_sheet,
    rule_options=RULE_OPTIONS,
    tapped=_tapped,
)
