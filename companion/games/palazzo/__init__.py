"""The piecepack palazzo game for the Duke of Venice (Phillip Lerche 2004): SPEC.md section 3.

2-4 players, one action each in turn: take a coin from the bank, a reserve
action, the turret, or buy a structure from the constructor's yard (paid
exactly: another action at once). The companion finds the start player by a
roll-off, keeps the yard and the bank (turning up the tiles and coins itself,
or recording the real ones), each player's die as money, the palazzos and
reserves with the Duke's building rules where the players lay them out, the
points live, and the final round once the last structure is bought.

Coins in hand are secret: the companion knows them only when it deals them
(virtual coins) or a player enters them on their own phone.
"""

from __future__ import annotations

from typing import Any

from pyrsistent import PMap

from companion import scoring
from companion.core.game import GameDef
from companion.core.player_view import SHEET
from companion.core.result import Refused
from companion.core.words import counted
from companion.scoring import palazzo as sheet

from .action import extra_action
from .building import grid
from .coins import bank_shown
from .pieces import COINS, FACES, TILES, cost, face, mark, suit, tile_name, value
from .flow import FLOW
from .table import COUNTERS, die, face_down, final_round, initial, laid_out, points, sheet_palazzo, tiles_left, yard_shown

GAME_ID = sheet.GAME_ID

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "structures_count": {**sheet.OPTIONS["structures_count"], "title": "“Fewest structures built” counts"},
    "exact_chains": {"title": "Exact payments chain", "enum": [True, False], "default": True,
                     "enumNames": ["yes: each exact payment gives another action", "no: one extra action at most"],
                     "description": "A purchase paid exactly during an extra action gives yet another, or only one "
                                    "extra action follows a purchase."},
    "ender_final_action": {"title": "The ender's final action", "enum": [True, False], "default": True,
                           "enumNames": ["yes: the one who bought the last structure acts last", "no: only the others"],
                           "description": "After the last purchase every player has one more action, the one who "
                                          "bought it last; or only the others have one."},
    "null_in_rolloff": {"title": "The null face in the start roll", "enum": ["lowest", "highest"], "default": "lowest",
                        "enumNames": ["counts 0", "counts 6"],
                        "description": "The null face counts 0 in the roll for the start player, or as a 6."},
}


# --- what the table shows ---------------------------------------------------------------------------


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    n = len(state["players"])
    scores = points(table)
    per_player = []
    for s in range(n):
        palazzo = table["palazzos"][s]
        per_player.append({
            **scores[s],
            "palazzo": [{"tile": p["tile"], "at": list(p["at"]) if p["at"] is not None else None, "mark": mark(p["tile"]),
                         "turret": p["tile"] == table["turrets"][s]} for p in palazzo],
            "laid_out": laid_out(palazzo),
            "reserve": list(table["reserves"][s]),
            "turret": table["turrets"][s],
            "coins_known": table["hands"][s] is not None,
            "coins_in_hand": len(table["hands"][s]) if table["hands"][s] is not None else None,
        })
    return {
        "active": flow["player"] if flow is not None else None,
        "extra_action": bool(table["extra_action"]),
        "final_round": final_round(state),
        "yard": [{"tile": t, "cost": cost(t)} if t else None for t in table["yard"]],
        "tiles_left": tiles_left(table),
        "tiles_face_down": face_down(table),
        "bank": list(table["bank"]),
        "per_player": per_player,
        "sections": _sections(state, per_player),
    }


def _sections(state: PMap, per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
    table = state["data"]
    bank = bank_shown(state, table["bank"])
    sections = [
        {"title": "Constructor's yard",
         "lines": [", ".join(f"{t} ({cost(t)})" if t != "?" else "? (not named)" for t in yard_shown(state, table)) or "empty",
                   f"{counted(face_down(table), 'tile')} face down; {counted(tiles_left(table), 'structure')} left to buy"]},
        {"title": "Bank", "lines": [bank]},
    ]
    for s, p in enumerate(state["players"]):
        mine = per_player[s]
        lines = [", ".join(f"{x['tile']}{' (turret)' if x['turret'] else ''}" for x in mine["palazzo"]) or "nothing built yet"]
        if mine["reserve"]:
            lines.append("Reserve: " + ", ".join(mine["reserve"]))
        coins = counted(mine["coins_in_hand"], "coin") if mine["coins_known"] else "coins secret"
        sections.append({"title": f"{p['name']}: {counted(mine['points'], 'point')} ({mine['majority']} from "
                                  f"majorities, {mine['materials']} from materials), die {face(die(state, s))}, {coins}",
                         "lines": lines, "grid": grid(table, s)})  # the palazzo, drawn on the table page
    return sections


def _player_view(state: PMap, seat: int | None) -> dict[str, Any]:
    """What `seat` may see: the whole table's (None), or this player's phone: the coins in hand, when the
    companion knows them, which stay out of everyone else's score sheet until the end."""
    if seat is None:
        return _public(state)
    hand = state["data"]["hands"][seat]
    shown = list(hand) if hand is not None else None
    return {"hand": shown, SHEET: {"coins_in_hand": shown}}


def _score_sheet(state: PMap) -> dict[str, Any]:
    """The final sheet (SCORE_SHEETS.md): what the companion knows. The coins decide only between players
    tied on points ("If players are tied for first place", and the sheet's tie-breaks for a shared place):
    the coins of such a player's hand it was not told (real coins no phone entered) are null, so the score
    page asks for them; a player tied with nobody needs none, and the winner is not held back for them."""
    table = state["data"]
    players = [{"name": p["name"], "palazzo": sheet_palazzo(table, s),
                "reserve": [[suit(t).lower(), value(t)] for t in table["reserves"][s]],
                "coins_in_hand": list(table["hands"][s] or []), "die_face": die(state, s)}
               for s, p in enumerate(state["players"])]
    totals = [row["total"] for row in sheet.score({"players": players}, state["options"])["players"]]
    for s, row in enumerate(players):
        if table["hands"][s] is None and totals.count(totals[s]) > 1:
            row["coins_in_hand"] = None
    return {"players": players, "options": {"structures_count": state["options"]["structures_count"]}}


def _tap(state: PMap, deck: str, card: str):
    """A tapped tile or coin: the one just turned up into the yard or the bank."""
    if state["flow"] is None:
        return Refused("the game has not started")
    if deck == TILES.name:
        tile = tile_name(card)
        if tile is None:
            return Refused(f"{card} is not a palazzo tile")
        if "?" in yard_shown(state, state["data"]):
            return {"type": "draw", "deck": deck, "cards": [tile]}
        return Refused(f"{tile}: every tile in the yard is named already (a purchase is chosen on the phone or with SELECT)")
    if card not in FACES:
        return Refused(f"{card} is not a piecepack coin")
    return {"type": "draw", "deck": deck, "cards": [card]}


def _rolloff_face(state: PMap, value: int) -> tuple[int, str]:
    """A piecepack die read (or rolled) as 1-6: 6 is its null face, which counts 0 unless the option says 6."""
    if value == 6:
        return (6 if state["options"]["null_in_rolloff"] == "highest" else 0), "null"
    return value, "ace" if value == 1 else str(value)


PALAZZO = GameDef(
    id=GAME_ID,
    title="Piecepack palazzo game for the Duke of Venice",
    short_title="Palazzo",
    min_players=sheet.MIN_PLAYERS,
    max_players=sheet.MAX_PLAYERS,
    flow=FLOW,
    decks=(TILES, COINS),
    counters=COUNTERS,
    dice=(),
    initial_data=initial,
    first_player="rolloff",
    player_view=_player_view,
    score_keys=(("points", "Points"),),
    score_sheet=_score_sheet,
    scoring=scoring.Sheet(sheet),
    rule_options=RULE_OPTIONS,
    tapped=_tap,
    extra_action=extra_action,
    rolloff_face=_rolloff_face,
)
