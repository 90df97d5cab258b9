"""La Venise du Nord (Sébastien Dujardin): SPEC.md section 4.

2-4 players, a first player chosen at random who keeps the First Player card,
six phases in each turn. The companion follows the city (the layout, the Boat,
the Burghers, the dice on the tiles, the bridges), the Market (prices, sale
spaces, Ports) and each player's board (stock, Store, Workshops, Orders,
Master Builders, VP), works out moves, die placement, secondary activations,
sale and export VP, bridge costs and production, checks the end at the start
of each round, and fills in the score sheet.

A plain advance records nothing: what the companion was not told, it does not
check, and the players may set the table by hand (fixes.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from pyrsistent import PMap, thaw

from companion.core.game import GameDef
from companion.core.options import Option
from companion.core.result import Refused
from companion.core.words import counted
from companion.scoring import la_venise_du_nord as sheet

from . import city, fixes, market, powers, turn
from .board import orders_for, ready
from .cards import DECKS, GOODS, RAWS
from .city import CARD_TILES, TILES
from .steps import FLOW, final_round, phase, step_name
from .table import (BRIDGES_PER_PLAYER, COUNTERS, DICE_PER_PLAYER, bridges_of, initial, kind, own_dice, points,
                    prices, sheet_builders, stock, store)

GAME_ID = sheet.GAME_ID

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "activation_unplaced": {"title": "A die that stays in hand activates at", "enum": ["full", "one"], "default": "full",
                            "enumNames": ["the die's full value", "1"],
                            "description": "The tile's power when the activation die could not be placed: the die's "
                                           "full value (the rulebook's text), or 1 (a player aid's reading)."},
    "secondary": {"title": "Secondary activations", "enum": ["if_used", "always"], "default": "if_used",
                  "enumNames": ["only when the active player used the tile", "whenever he arrived there"],
                  "description": "The others activate the tile only when the active player used it (in phase 4), "
                                 "or whenever he arrived there."},
    "chain_definition": {**sheet.OPTIONS["chain_definition"], "title": "A chain of bridges"},
}


def _check_setup(setup: Mapping[str, Any]) -> str | None:
    if setup.get("layout") is not None:
        bad = city.check_layout(setup["layout"])
        if bad:
            return bad
    if setup.get("market_spaces") is not None:
        return market.check_spaces(setup["market_spaces"])
    return None


def _actions():
    def plain(handler):
        return lambda game, state, action: handler(state, action)

    return {"end_turn": plain(turn.end_turn), "activate": plain(powers.activate), "place": plain(powers.place),
            "produce": plain(powers.produce), "builder": plain(powers.use_builder), "burgher": plain(fixes.burgher),
            "boat": plain(fixes.boat), "die": plain(fixes.die), "bridge": plain(fixes.bridge),
            "price": plain(fixes.price), "market": plain(fixes.sales)}


# --- what the buttons offer --------------------------------------------------------------------------


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    flow = state["flow"]
    if flow is None or flow["over"]:
        return ()
    table = state["data"]
    seat = flow["player"]
    options: list[Option] = []
    if step_name(state) == "PLACE":  # every player, from the first: where his Burgher starts
        placing = state["players"][flow["actor"]]["name"]
        return tuple(Option(f"{placing}'s Burgher starts on {t}", "Start", {"type": "advance", "tile": t}) for t in TILES)
    options += _PHASE_OPTIONS[step_name(state)](state, table, seat)
    if step_name(state) != "PRODUCE":
        options.append(Option("End the turn now", "EndTrn", {"type": "end_turn"}, confirm=True))
    return tuple(options)


def _roll_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    on_tiles = own_dice(table, seat)
    need = max(0, 2 - (DICE_PER_PLAYER - len(on_tiles)))
    base = {"type": "advance", "roll": True}
    if not need or len(on_tiles) == need:
        return [Option("Roll two dice", "Roll", base, rolls="2d6")]
    shown = {t: f"{t} ({table['dice'][t]['value']})" for t in on_tiles}
    return [Option(f"Take back {' and '.join(shown[t] for t in back)}, roll", "Roll",
                   {**base, "take_back": list(back)}, rolls="2d6") for back in combinations(on_tiles, need)]


def _move_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    dice, start = table["turn"]["dice"], table["burghers"][seat]
    if dice is None or start is None:
        return []
    options = []
    for die, act in dict.fromkeys(((dice[0], dice[1]), (dice[1], dice[0]))):
        ways = city.reachable(table["layout"], start, die, bridges_of(table, seat), table["boat"])
        for to, routes in sorted(ways.items()):
            chosen = city.plain_route(routes)
            for route in [chosen] if chosen else list({r["boat"]: r for r in routes}.values()):
                boat = f" by Boat, left at {route['boat']}" if city.BOAT in route["path"] else ""
                action = {"type": "advance", "die": die, "to": to} | ({} if chosen else {"path": route["path"]})
                options.append(Option(f"Move {die} to {to}{boat} (activate {act})", "Move", action))
    return options


def _activate_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    turn_ = table["turn"]
    tile = turn_["tile"]
    if tile is None or turn_["used"] is not None:
        return []
    who = powers.activator(state, table, seat)
    value = who[1] if not isinstance(who, Refused) else None
    options = _power_options(state, table, seat, tile, value, {"type": "advance"})
    return options + [Option(f"Do not use {tile}", "Skip", {"type": "advance", "use": False})]


def _power_options(state: PMap, table: Mapping[str, Any], seat: int, tile: str, value: int | None,
                   base: Mapping[str, Any]) -> list[Option]:
    """What this player may do with the tile's power on the buttons (the phone offers more)."""
    looking = state["decks"][CARD_TILES[tile]]["looking"] if tile in CARD_TILES else ()
    if looking:
        deck = CARD_TILES[tile]
        return ([Option(f"Keep {card}", "Keep", {"type": "keep", "deck": deck, "card": card}) for card in dict.fromkeys(looking)]
                + [Option("Keep none", "None", {"type": "keep", "deck": deck, "card": None})])
    if value is None:
        return []
    kind_ = kind(tile)
    if kind_ == "raw":
        return [Option(f"Take {value} {tile.lower()}", "Take", {**base, "use": True} if base["type"] == "advance" else dict(base))]
    if kind_ == "cards":
        deck = state["decks"][CARD_TILES[tile]]
        if deck["mode"] == "mirror":
            return [Option(f"Draw {counted(value, f'{tile} card')}: kept none (tap the card kept)", "None",
                           {**base, "keep": None})]
        n = min(value, len(deck["draw"]))
        if not n:
            return []
        return [Option(f"Draw {counted(n, f'{tile} card')}", "Draw", {"type": "look", "deck": CARD_TILES[tile], "n": n, "seat": seat})]
    held = store(state, seat)
    if kind_ == "market":
        bonus = market.bonus(table["market"])
        return [Option(f"Sell {min(value, held[g])} {g} ({min(value, held[g]) * (prices(table)[g] + bonus)} VP)", "Sell",
                       {**base, "good": g, "n": min(value, held[g])}) for g in GOODS if held[g]]
    return [Option(f"Export 1 {g} ({value} VP)", "Export", {**base, "good": g}) for g in GOODS
            if held[g] and g not in table["ports"][tile]]


def _secondary_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    nxt = powers.next_secondary(state, table)
    if nxt is None:
        return []
    other, value = nxt
    who = state["players"][other]["name"]
    base = {"type": "activate", "seat": other}
    options = [Option(f"{who}: {o.label[:1].lower()}{o.label[1:]}", o.short, o.action)
               for o in _power_options(state, table, other, table["turn"]["tile"], value, base)]
    return options + [Option(f"{who} does not use it", "Pass", {**base, "pass": True})]


def _bridge_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    here = table["burghers"][seat]
    mine = own_dice(table, seat)
    if here not in mine or table["turn"]["bridged"] or len(bridges_of(table, seat)) >= BRIDGES_PER_PLAYER:
        return []
    options = []
    for there in city.neighbours(table["layout"], here):
        if there not in mine:
            continue
        standing = next((b for b in table["bridges"] if b["tiles"] == list(city.edge(here, there))), None)
        if standing is not None and standing["seat"] == seat:
            continue
        a, b = table["dice"][here]["value"], table["dice"][there]["value"]
        cost = a + b if standing is not None else abs(a - b)
        if cost > sum(stock(state, seat).values()):
            continue
        for back in (here, there):
            options.append(Option(f"Bridge to {there} ({counted(cost, 'cube')}), take back the "
                                  f"{table['dice'][back]['value']} on {back}",
                                  "Bridge", {"type": "advance", "bridge": there, "take_back": back}))
    return options + [Option("Build no bridge", "None", {"type": "advance"})] if options else options


def _produce_options(state: PMap, table: Mapping[str, Any], seat: int) -> list[Option]:
    board = table["boards"][seat]
    options = []
    for i in ready(board, table["turn"]["produced"]):
        shop = board["workshops"][i]
        for row, k in orders_for(board, shop["good"]):
            options.append(Option(f"Produce {shop['capacity']} {shop['good']} with {board[row][k]['card']}", "Make",
                                  {"type": "produce", "workshop": i, row[:-1]: k}))
    return options


_PHASE_OPTIONS = {"ROLL": _roll_options, "MOVE": _move_options, "ACTIVATE": _activate_options,
                  "SECONDARY": _secondary_options, "BRIDGE": _bridge_options, "PRODUCE": _produce_options}


# --- what the table shows ---------------------------------------------------------------------------


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    n = len(state["players"])
    scores = points(state)
    per_player = []
    for s in range(n):
        board = table["boards"][s]
        per_player.append({
            **scores[s],
            "burgher": table["burghers"][s],
            "dice_on_tiles": own_dice(table, s),
            "dice_in_hand": DICE_PER_PLAYER - len(own_dice(table, s)),
            "bridges": len(bridges_of(table, s)),
            "workshops": [dict(w) for w in board["workshops"]],
            "orders": [dict(o) for o in board["orders"]],
            "builders": [dict(b) for b in board["builders"]],
        })
    nxt = powers.next_secondary(state, table) if flow is not None and not flow["over"] and step_name(state) == "SECONDARY" else None
    return {
        "active": flow["player"] if flow is not None else None,
        "phase": ("SCORING" if flow["over"] else phase(state)) if flow is not None else None,
        "final_round": final_round(state),
        "layout": {t: list(at) for t, at in table["layout"].items()},
        "boat": table["boat"],
        "dice_on_tiles": {t: dict(d) for t, d in table["dice"].items()},
        "bridges": [{"seat": b["seat"], "tiles": list(b["tiles"])} for b in table["bridges"]],
        "prices": prices(table),
        "price_pieces": {g: dict(p) for g, p in table["prices"].items()},
        "market": [dict(s) for s in table["market"]],
        "bonus": market.bonus(table["market"]),
        "market_free": market.free(table["market"]),
        "ports": {p: list(g) for p, g in table["ports"].items()},
        "turn": thaw(table["turn"]),
        "secondary_next": {"seat": nxt[0], "value": nxt[1]} if nxt else None,
        "per_player": per_player,
        "status": _status(state),
        "sections": _sections(state, per_player),
    }


def _status(state: PMap) -> str:
    """The OLED's line under who acts: what this phase is about."""
    table = state["data"]
    flow = state["flow"]
    if flow is None or flow["over"]:
        return ""
    turn_ = table["turn"]
    seat = flow["player"]
    lead = "LAST " if final_round(state) else ""
    dice = f"dice {turn_['dice'][0]},{turn_['dice'][1]}" if turn_["dice"] else ""
    name_ = step_name(state)
    if name_ == "PLACE":
        return ""  # the step's own words: "Place your Burgher"
    if name_ == "ROLL":
        return f"{lead}P1 roll, {DICE_PER_PLAYER - len(own_dice(table, seat))} in hand"
    # The numbers first: a long tile name is cut at the screen's edge.
    if name_ == "MOVE":
        return f"{lead}P2 {dice + ' ' if dice else ''}from {table['burghers'][seat] or '?'}"
    if name_ == "ACTIVATE":
        act = f"act {turn_['act']} " if turn_["act"] else ""
        return f"{lead}P3 {act}{turn_['tile'] or '?'}"
    if name_ == "SECONDARY":
        nxt = powers.next_secondary(state, table)
        return f"{lead}P4 " + (f"{state['players'][nxt[0]]['name']} at {nxt[1]}" if nxt else "nobody else")
    if name_ == "BRIDGE":
        return f"{lead}P5 bridges {len(bridges_of(table, seat))}/{BRIDGES_PER_PLAYER}"
    return f"{lead}P6 {len(ready(table['boards'][seat], turn_['produced']))} ready"


def _sections(state: PMap, per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
    table = state["data"]
    names = [p["name"] for p in state["players"]]
    dice = ", ".join(f"{t}: {names[d['seat']]} {d['value']}" for t, d in table["dice"].items()) or "none"
    here = {t: [names[s] for s, b in enumerate(table["burghers"]) if b == t] for t in TILES}
    sections = [
        {"title": "The city", "lines": [
            "Burghers: " + (", ".join(f"{t}: {' and '.join(w)}" for t, w in here.items() if w) or "not placed yet"),
            f"Dice: {dice}", f"The Boat lies next to {table['boat']}",
            "Bridges: " + (", ".join(f"{names[b['seat']]} {b['tiles'][0]}-{b['tiles'][1]}" for b in table["bridges"]) or "none")]},
        {"title": f"Market: bonus {market.bonus(table['market'])}, {counted(market.free(table['market']), 'sale')} left", "lines": [
            "Prices: " + ", ".join(f"{g} {p}" for g, p in prices(table).items()),
            "Ports: " + "; ".join(f"{p} took {', '.join(g) or 'nothing'}" for p, g in table["ports"].items())]},
    ]
    for s, mine in enumerate(per_player):
        held, goods = stock(state, s), store(state, s)
        board = table["boards"][s]
        lines = [f"Stock: {', '.join(f'{n} {r}' for r, n in held.items())}; Store: {', '.join(f'{n} {g}' for g, n in goods.items())}",
                 f"Dice in hand {mine['dice_in_hand']}; bridges {mine['bridges']}/{BRIDGES_PER_PLAYER}"]
        lines += [f"Workshop {i}: {w['card']}, " + (f"built, stores {w['stored']}/{w['capacity']}" if w["built"] else f"{w['paid']}/{w['cost']} to build")
                  for i, w in enumerate(board["workshops"])]
        if board["orders"]:
            lines.append("Orders: " + ", ".join(o["card"] for o in board["orders"]))
        lines += [f"Master Builder {i}: {b['card']}, " + ("activated" + (", used" if b["used"] else "") if b["activated"] else f"{b['paid']}/{b['cost']}")
                  for i, b in enumerate(board["builders"])]
        sections.append({"title": f"{names[s]}: {counted(mine['points'], 'point')} ({mine['vp_track']} on the track)", "lines": lines})
    return sections


# --- the players' phones ------------------------------------------------------------------------------

_N = {"type": "integer", "title": "n", "minimum": 1, "maximum": 6}
_ONTO = {"type": "array", "title": "onto", "description": "cubes going straight onto your cards (the rest into the stock)",
         "items": {"type": "object", "title": "card", "properties": {
             "workshop": {"type": "integer", "title": "workshop", "minimum": 0, "maximum": 20},
             "builder": {"type": "integer", "title": "builder", "minimum": 0, "maximum": 20}, "n": _N}}}
_LOWER = {"title": "lower", "enum": list(market.LOWER), "description": "which piece of the price comes off (cube, a +1 card, a +2 card)"}


def _private(state: PMap, seat: int) -> dict[str, Any]:
    flow = state["flow"]
    if flow is None or flow["over"] or state["rolloff"] is not None:
        return {"options": []}
    table = state["data"]
    options: list[Option] = []
    tile = table["turn"]["tile"]
    who = powers.activator(state, table, seat)
    if tile is not None and not isinstance(who, Refused) and table["turn"]["looker"] is None:
        options += _phone_power(state, table, seat, tile)
    if flow["player"] == seat:
        board = table["boards"][seat]
        cards = [f"workshop {i}" for i in range(len(board["workshops"]))] + [f"builder {i}" for i in range(len(board["builders"]))]
        if cards and sum(stock(state, seat).values()):
            options.append(Option("Move cubes from the stock onto a card", "Place", {"type": "place"}, fields={
                "raw": {"title": "raw", "enum": list(RAWS)}, "n": _N,
                "onto": {**_ONTO["items"], "title": "onto"}}))
        for k, b in enumerate(board["builders"]):
            if b["activated"] and not b["used"] and b["kind"] == "price_shift":
                options.append(Option(f"Use {b['card']}", "Shift", {"type": "builder", "card": k}, fields={
                    "down": {"title": "down", "enum": [g for g in GOODS if g != b["good"]]}}))
            elif b["activated"] and not b["used"] and b["kind"] == "fill_stock":
                options.append(Option(f"Use {b['card']}", "Fill", {"type": "builder", "card": k}, fields={
                    "fill": {"type": "object", "title": "fill", "properties": {
                        r: {"type": "integer", "title": r, "minimum": 0, "maximum": 6} for r in RAWS}}}))
    return {"options": [o.public() for o in options]}


def _phone_power(state: PMap, table: Mapping[str, Any], seat: int, tile: str) -> list[Option]:
    base = {"type": "activate", "seat": seat}
    kind_ = kind(tile)
    if kind_ == "raw":
        return [Option(f"Gain {tile.lower()}, some onto my cards", "Gain", base, fields={"onto": _ONTO})]
    if kind_ == "cards" and state["decks"][CARD_TILES[tile]]["mode"] == "mirror":
        return [Option(f"The {tile} card I kept", "Keep", base, fields={
            "keep": {"type": "string", "title": "keep", "description": "as printed, such as “Lace +1”, “Lace 2 cost 3” or “Fill stock cost 3”"}})]
    if kind_ == "market":
        return [Option("Sell at the Market", "Sell", base, fields={"good": {"title": "good", "enum": list(GOODS)}, "n": _N, "lower": _LOWER})]
    if kind_ == "port":
        return [Option(f"Export at {tile}", "Export", base, fields={
            "good": {"title": "good", "enum": list(GOODS)},
            "shift": {"title": "shift", "enum": [0, 1, -1], "default": 0, "description": "move the good's price by 1, or not"}})]
    return []


def _score_sheet(state: PMap) -> dict[str, Any]:
    table = state["data"]
    return {
        "prices": prices(table),
        "players": [{"name": p["name"], "vp_track": state["counters"]["players"][s]["vp"], "store": store(state, s),
                     "bridges": bridges_of(table, s),
                     "master_builders": sheet_builders(table["boards"][s])}
                    for s, p in enumerate(state["players"])],
        "options": {"chain_definition": state["options"]["chain_definition"]},
    }


LA_VENISE = GameDef(
    id=GAME_ID,
    title="La Venise du Nord",
    short_title="Venise du Nord",
    min_players=sheet.MIN_PLAYERS,
    max_players=sheet.MAX_PLAYERS,
    flow=FLOW,
    decks=DECKS,
    counters=COUNTERS,
    dice=(),
    actions=_actions(),
    check=turn.check,
    initial_data=initial,
    check_setup=_check_setup,
    first_player="rolloff",
    options=_options,
    on_advance=turn.on_advance,
    after=turn.after,
    public=_public,
    private=_private,
    score_keys=(("points", "Points"),),
    score_sheet=_score_sheet,
    rule_options=RULE_OPTIONS,
    tapped=turn.tapped,
)
