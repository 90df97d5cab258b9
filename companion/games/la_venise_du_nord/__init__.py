"""La Venise du Nord (Sébastien Dujardin): SPEC.md section 4.

2-4 players, a first player chosen at random who keeps the First Player card,
six phases in each turn. The companion follows the city (the layout, the Boat,
the Burghers, the dice on the tiles, the bridges), the Market (prices, sale
spaces, Ports) and each player's board (stock, Store, Workshops, Orders,
Master Builders, VP), works out moves, die placement, secondary activations,
sale and export VP, bridge costs and production, checks the end at the start
of each round, and fills in the score sheet.

The game is strict (TABLE.md): each phase is a step that owns its options and
handlers (start, roll, move, activate, bridge, produce), with what the active
player may do at any time in his turn and the table's corrections (anytime.py,
fixes.py) beside every phase's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap, thaw

from companion import scoring
from companion.core.flow import in_step
from companion.core.result import Refused, refused
from companion.core.game import GameDef
from companion.core.words import counted
from companion.scoring import la_venise_du_nord as sheet

from . import activate, city, market, picture, powers
from .board import SPACES_FIELD, shown
from .cards import DECKS
from .city import TILES
from .flow import FLOW, final_round, phase
from .table import (BRIDGES_PER_PLAYER, COUNTERS, DICE_PER_PLAYER, bridges_of, initial, own_dice, points, prices,
                    setup_log, sheet_builders, stock, store)

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


def _check_setup(setup: Mapping[str, Any]) -> Refused | None:
    if setup.get("layout") is not None:
        bad = city.check_layout(setup["layout"])
        if bad:
            return bad
    if setup.get("market_spaces") is not None:
        bad = market.check_spaces(setup["market_spaces"])
        if bad:
            return bad
    spaces = setup.get("row_spaces")
    if spaces is not None and (type(spaces) is not int or not 1 <= spaces <= SPACES_FIELD["maximum"]):
        return Refused(f"row_spaces: the card spaces of one row of a player board, 1 to {SPACES_FIELD['maximum']}")
    return None




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
            "workshops": thaw(board["workshops"]),
            "orders": thaw(board["orders"]),
            "builders": thaw(board["builders"]),
            "board": board_lines(state, s),
        })
    # Whoever activates the tile in phase 4 now, and at what (none: a correction took his die or Burgher off it).
    nxt = powers.activator(state, table, secondary=True) \
        if flow is not None and not flow["over"] and in_step(state, activate.SECONDARY) else None
    nxt = None if refused(nxt) else nxt
    return {
        "active": flow["player"] if flow is not None else None,
        "phase": ("SCORING" if flow["over"] else phase(state)) if flow is not None else None,
        "final_round": final_round(state),
        "layout": {t: list(at) for t, at in table["layout"].items()},
        "boat": list(table["boat"]),
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
        "sections": _sections(state, per_player),
    }


def _sections(state: PMap, per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
    table = state["data"]
    names = [p["name"] for p in state["players"]]
    dice = ", ".join(f"{t}: {names[d['seat']]} {d['value']}" for t, d in table["dice"].items()) or "none"
    here = {t: [names[s] for s, b in enumerate(table["burghers"]) if b == t] for t in TILES}
    sections = [
        {"title": "The city", "lines": [
            "Burghers: " + (", ".join(f"{t}: {' and '.join(w)}" for t, w in here.items() if w) or "not placed yet"),
            f"Dice: {dice}", f"The Boat lies {city.berth_name(city.berth(table['boat']))}",
            "Bridges: " + (", ".join(f"{names[b['seat']]} {b['tiles'][0]}-{b['tiles'][1]}" for b in table["bridges"]) or "none")]},
        {"title": f"Market: bonus {market.bonus(table['market'])}, {counted(market.free(table['market']), 'sale')} left", "lines": [
            "Prices: " + ", ".join(f"{g} {p}" for g, p in prices(table).items()),
            "Ports: " + "; ".join(f"{p} took {', '.join(g) or 'nothing'}" for p, g in table["ports"].items())]},
    ]
    for s, mine in enumerate(per_player):
        lines = [f"Dice in hand {mine['dice_in_hand']}; bridges {mine['bridges']}/{BRIDGES_PER_PLAYER}", *mine["board"]]
        sections.append({"title": f"{names[s]}: {counted(mine['points'], 'point')} ({mine['vp_track']} on the track)", "lines": lines})
    return sections


def board_lines(state: PMap, seat: int) -> list[str]:
    """A player's board as he reads it on his phone: stock, Store, each card and what it still needs."""
    held, goods = stock(state, seat), store(state, seat)
    board = state["data"]["boards"][seat]
    lines = [f"Stock: {', '.join(f'{n} {r}' for r, n in held.items())} ({sum(held.values())} of 6 spaces)",
             f"Store: {', '.join(f'{n} {g}' for g, n in goods.items())}"]
    lines += [f"Workshop: {shown(w)}" for w in board["workshops"]]
    lines += [f"Order: {o['card']}" for o in board["orders"]]
    lines += [f"Master Builder: {shown(b)}" for b in board["builders"]]
    return lines


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
    initial_data=initial,
    setup_log=setup_log,
    check_setup=_check_setup,
    first_player="rolloff",
    player_view=lambda state, seat: _public(state) if seat is None else {},
    picture=picture.city,
    picture_title=picture.TITLE,
    score_keys=(("points", "Points"),),
    score_sheet=_score_sheet,
    scoring=scoring.Sheet(sheet),
    rule_options=RULE_OPTIONS,
    setup_fields={"layout": city.layout_field(), "market_spaces": market.FIELD, "row_spaces": SPACES_FIELD},
    tapped=activate.tapped,
)
