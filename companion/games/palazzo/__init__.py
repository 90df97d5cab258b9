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

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.game import GameDef
from companion.core.options import Option
from companion.scoring import palazzo as sheet

from . import turn
from .pieces import COINS, FACES, TILES, cost, face, short, suit, tile_name, value
from .steps import FLOW, final_round
from .table import (COUNTERS, cells, die, face_down, initial, laid_out, points, sheet_palazzo, tiles_left, virtual,
                    yard_shown)

GAME_ID = sheet.GAME_ID

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "structures_count": {**sheet.OPTIONS["structures_count"], "title": "“Fewest structures built” counts"},
    "exact_chains": {"title": "Exact payments chain", "enum": [True, False], "default": True,
                     "description": "A purchase paid exactly during an extra action gives yet another (SPEC 3.3), "
                                    "or only one extra action follows a purchase."},
    "ender_final_action": {"title": "The ender's final action", "enum": [True, False], "default": True,
                           "description": "After the last purchase every player has one more action, the one who "
                                          "bought it last (SPEC 3.9.8); or only the others have one."},
    "null_in_rolloff": {"title": "The null face in the start roll", "enum": ["lowest", "highest"], "default": "lowest",
                        "description": "The null face counts 0 in the roll for the start player (SPEC 3.5), or as a 6."},
}


def _check(state: PMap, action: Mapping[str, Any]) -> str | None:
    kind = action["type"]
    if kind == "roll":
        return "the palazzo game rolls only for the start player: the dice are money"
    if kind == "advance" and action.get("extra") is not None:
        return "an extra action comes from a purchase paid exactly"
    if kind in ("look", "keep", "shuffle", "discard"):
        return "the companion keeps the yard, the bank and the spent coins itself"
    if kind == "draw":
        return _naming(state, action)
    return None


def _naming(state: PMap, action: Mapping[str, Any]) -> str | None:
    """A generic draw names a real tile or coin just turned up into an empty yard or bank space."""
    deck = action.get("deck")
    cards = action.get("cards")
    if deck not in (TILES.name, COINS.name):
        return "which pieces? tiles or coins"
    if virtual(state, deck):
        return f"the companion turns up the {deck} itself"
    if state["flow"] is None:
        return "the game has not started"
    if not isinstance(cards, list) or len(cards) != 1 or action.get("n", 1) != 1:
        return "name one piece turned up"
    table = state["data"]
    if deck == TILES.name:
        if tile_name(cards[0]) != cards[0]:
            return f"{cards[0]!r} is not a tile: name it such as “Suns 3”, “Moons null”, “Arms ace”"
        if "?" not in yard_shown(state, table):
            return "every tile in the yard is named already"
    else:
        if cards[0] not in FACES:
            return f"{cards[0]!r} is not a coin: null, ace, 2, 3, 4 or 5"
        if None not in table["bank"]:
            return "every coin in the bank is named already"
    return None


def _after(before: PMap, after: PMap, action: Mapping[str, Any]) -> PMap:
    """A real tile or coin named as turned up fills the first unnamed yard (bank) space."""
    if action["type"] != "draw":
        return after
    card = action["cards"][0]
    if action["deck"] == TILES.name:
        return after.transform(["data", "yard"], lambda y: y.set(list(y).index(None), card))
    return after.transform(["data", "bank"], lambda b: b.set(list(b).index(None), FACES.index(card)))


def _actions():
    return {"choose": lambda game, state, action: turn.choose(state, action),
            "hand": lambda game, state, action: turn.enter_hand(state, action)}


# --- what the buttons and the phone offer ----------------------------------------------------------

_AT = {"type": "array", "title": "at", "items": [{"type": "integer", "title": "x", "minimum": -50, "maximum": 50},
                                                 {"type": "integer", "title": "y", "minimum": -50, "maximum": 50}],
       "description": "the place in the palazzo, as on the table page's layout"}
_COINS = {"type": "array", "title": "coins", "items": {"type": "integer", "title": "coin", "minimum": 0, "maximum": 5},
          "description": "the value of each coin paid (null 0, ace 1)"}


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    flow = state["flow"]
    if flow is None or flow["over"]:
        return ()
    table = state["data"]
    if turn.step_name(state) == "SETUP":
        return ()
    seat = flow["player"]
    if table["buying"] is not None:
        return _paying(state, seat, table["buying"])
    options = _naming_options(state)
    if not final_round(state) and not (table["hands"][seat] is not None and virtual(state, COINS.name)):
        options += [Option(f"Buy {t} ({cost(t)})", "Buy", {"type": "choose", "tile": t}) for t in table["yard"] if t]
    hand_kept = table["hands"][seat] is not None
    for coin in dict.fromkeys(table["bank"]):
        if coin is not None:
            options.append(Option(f"Take the {face(coin)} from the bank", "Coin", {"type": "advance", "action": "coin", "coin": coin}))
        elif not hand_kept and not virtual(state, COINS.name):
            options.append(Option("Take a coin from the bank", "Coin", {"type": "advance", "action": "coin"}))
        elif not virtual(state, COINS.name):
            options.append(Option("Take a coin from the bank", "Coin", {"type": "advance", "action": "coin"},
                                  fields={"coin": {"type": "integer", "title": "coin", "minimum": 0, "maximum": 5}}))
    built = [s["tile"] for s in table["palazzos"][seat]]
    options += [Option(f"Turret on {t}", "Turret", {"type": "advance", "action": "turret", "on": t})
                for t in built if t != table["turrets"][seat]]
    options += _reserve_options(state, seat)
    return tuple(options)


def _naming_options(state: PMap) -> list[Option]:
    """Real tiles and coins: name the one just turned up (a tap on the reader is quicker)."""
    table = state["data"]
    options = []
    if "?" in yard_shown(state, table):
        options += [Option(f"Turned up: {t}", "Tile", {"type": "draw", "deck": TILES.name, "cards": [t]})
                    for t in state["decks"][TILES.name]["draw"]]
    return options


def _paying(state: PMap, seat: int, tile: str) -> tuple[Option, ...]:
    """The tile is chosen on the buttons: how it was paid, and where it goes."""
    price, face_now = cost(tile), die(state, seat)
    where = laid_out(state["data"]["palazzos"][seat])
    base = {"type": "advance", "action": "purchase", "tile": tile}
    options = []
    for place in ("palazzo", "reserve"):
        for used in (False, True) if face_now else (False,):
            for exact in (True, False):
                paid = f"paid {price} exactly" if exact else f"paid over {price}"
                with_die = f", die {face(face_now)}" if used else ""
                fields = {"at": _AT} if place == "palazzo" and where else {}
                options.append(Option(f"{paid}{with_die}{', to reserve' if place == 'reserve' else ''}".capitalize(),
                                      "Exact" if exact else "Over",
                                      {**base, "exact": exact, "die": used, "place": place}, fields=fields))
    options.append(Option(f"Not {tile}: choose again", "Back", {"type": "choose", "tile": None}))
    return tuple(options)


def _reserve_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    palazzo, held = table["palazzos"][seat], table["reserves"][seat]
    options = [Option(f"Move {s['tile']} to the reserve", "Resrv", {"type": "advance", "action": "reserve", "remove": s["tile"]})
               for s in palazzo]
    where = laid_out(palazzo)
    for t in held:
        fields = {"at": _AT} if where else {}
        options.append(Option(f"Build {t} from the reserve", "Build", {"type": "advance", "action": "reserve", "build": t},
                              fields=fields))
    if palazzo and held:
        options.append(Option("Swap a reserve tile for a palazzo tile", "Swap", {"type": "advance", "action": "reserve"},
                              fields={"build": {"title": "build", "enum": list(held)},
                                      "remove": {"title": "remove", "enum": [s["tile"] for s in palazzo]}}))
    return options


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
            "palazzo": [{"tile": p["tile"], "at": list(p["at"]) if p["at"] is not None else None,
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
        "buying": table["buying"],
        "per_player": per_player,
        "status": _status(state),
        "sections": _sections(state, per_player),
    }


def _status(state: PMap) -> str:
    """The OLED's line under who acts: the yard, the die, and what is special now."""
    table = state["data"]
    flow = state["flow"]
    if flow is None or flow["over"] or not table["started"]:
        return ""
    seat = flow["player"]
    if final_round(state):
        return "Final round: no buying"
    if table["buying"] is not None:
        return f"{table['buying']}: cost {cost(table['buying'])}"
    lead = "Again! " if table["extra_action"] else ""
    return f"{lead}{' '.join(short(t) if t != '?' else '?' for t in yard_shown(state, table))} die {face(die(state, seat))}"


def _sections(state: PMap, per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
    table = state["data"]
    bank = turn.bank_shown(state, table["bank"])
    sections = [
        {"title": "Constructor's yard",
         "lines": [", ".join(f"{t} ({cost(t)})" if t != "?" else "? (not named)" for t in yard_shown(state, table)) or "empty",
                   f"{face_down(table)} tiles face down; {tiles_left(table)} structures left to buy"]},
        {"title": "Bank", "lines": [bank]},
    ]
    for s, p in enumerate(state["players"]):
        mine = per_player[s]
        palazzo = table["palazzos"][s]
        lines = [", ".join(f"{x['tile']}{' (turret)' if x['turret'] else ''}" + (f" at {x['at']}" if x["at"] else "")
                           for x in mine["palazzo"]) or "nothing built yet"]
        if mine["reserve"]:
            lines.append("Reserve: " + ", ".join(mine["reserve"]))
        if palazzo and mine["laid_out"]:
            lines += _plan(cells(palazzo), table["turrets"][s])
        coins = f"{mine['coins_in_hand']} coins" if mine["coins_known"] else "coins secret"
        sections.append({"title": f"{p['name']}: {mine['points']} points ({mine['majority']} majorities, "
                                  f"{mine['materials']} materials), die {face(die(state, s))}, {coins}",
                         "lines": lines})
    unknown = [p["name"] for s, p in enumerate(state["players"]) if table["hands"][s] is None]
    if state["flow"] is not None and state["flow"]["over"] and unknown:
        sections.append({"title": "Score sheet", "lines": [
            f"The companion does not know the coins in hand of {' and '.join(unknown)}: enter them on the "
            "score page before scoring (most ducats break a tie)."]})
    return sections


def _plan(grid: dict[tuple[int, int], str], turret: str | None) -> list[str]:
    """The laid-out palazzo drawn in rows, the top row first: "S3*" is turreted, "··" is empty."""
    xs, ys = [c[0] for c in grid], [c[1] for c in grid]
    rows = []
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            t = grid.get((x, y))
            row.append((short(t) + ("*" if t == turret else " ")) if t else "·· ")
        rows.append(f"y={y:>2}: " + " ".join(row).rstrip())
    rows.append(f"x from {min(xs)} to {max(xs)}")
    return rows


def _private(state: PMap, seat: int) -> dict[str, Any]:
    """This player's phone: the coins in hand (when the companion knows them), and buying with them."""
    table = state["data"]
    out: dict[str, Any] = {"hand": list(table["hands"][seat]) if table["hands"][seat] is not None else None}
    flow = state["flow"]
    if flow is None or flow["over"] or state["rolloff"] is not None:
        out["options"] = []
        return out
    options: list[Option] = []
    if not virtual(state, COINS.name):
        options.append(Option("My coins in hand", "Coins", {"type": "hand", "seat": seat}, fields={"coins": {
            **_COINS, "description": "the value of each coin in your hand (null 0, ace 1): your payments are checked"}}))
    if flow["player"] == seat and turn.step_name(state) == "ACTION" and not final_round(state):
        options += _buying(state, seat)
    out["options"] = [o.public() for o in options]
    return out


def _buying(state: PMap, seat: int) -> list[Option]:
    """On the player's own phone: buy a yard structure, naming the coins paid (checked against a hand the
    companion knows), or saying whether it was paid exactly; and where it goes."""
    table = state["data"]
    known = table["hands"][seat] is not None
    fields: dict[str, Any] = {
        "coins": _COINS if known else {**_COINS, "description": "the coins paid, if you name them"},
        "place": {"title": "place", "enum": ["palazzo", "reserve"], "default": "palazzo"},
    }
    if die(state, seat):
        fields["die"] = {"type": "boolean", "title": "die", "description": f"spend the die's {face(die(state, seat))} too"}
    if not known:
        fields["exact"] = {"title": "paid exactly", "enum": [True, False],
                           "description": "when the coins are not named: another action follows an exact payment"}
    where = laid_out(table["palazzos"][seat])
    if where is None:  # the first structure decides: laid out (checked) or only recorded
        fields["at"] = {**_AT, "description": "where it stands, to lay out your palazzo and have the building "
                                              "rules checked; leave empty to only record what you build"}
    elif where:
        fields["at"] = _AT
    base = {"type": "advance", "action": "purchase", "seat": seat} | ({"coins": []} if known else {})
    options = [Option(f"Buy {t} ({cost(t)})", "Buy", {**base, "tile": t}, fields=fields) for t in table["yard"] if t]
    if "?" in yard_shown(state, table):
        options.append(Option("Buy a tile just turned up", "Buy", base,
                              fields={"tile": {"title": "tile", "enum": list(state["decks"][TILES.name]["draw"])}, **fields}))
    return options


def _score_sheet(state: PMap) -> dict[str, Any]:
    """The final sheet (SCORE_SHEETS.md): what the companion knows. The coins of a hand it was not told are
    written as none; the table page asks for them to be entered on the score page."""
    table = state["data"]
    return {
        "players": [{"name": p["name"], "palazzo": sheet_palazzo(table, s),
                     "reserve": [[suit(t).lower(), value(t)] for t in table["reserves"][s]],
                     "coins_in_hand": list(table["hands"][s] or []), "die_face": die(state, s)}
                    for s, p in enumerate(state["players"])],
        "options": {"structures_count": state["options"]["structures_count"]},
    }


def _tap(state: PMap, deck: str, card: str):
    """A tapped tile: the one turned up into the yard, or (the yard all named) the one being bought."""
    if state["flow"] is None:
        return "the game has not started"
    if deck == TILES.name:
        tile = tile_name(card)
        if tile is None:
            return f"{card} is not a palazzo tile"
        if "?" in yard_shown(state, state["data"]):
            return {"type": "draw", "deck": deck, "cards": [tile]}
        return {"type": "choose", "tile": tile}
    if card not in FACES:
        return f"{card} is not a piecepack coin"
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
    actions=_actions(),
    check=_check,
    initial_data=initial,
    first_player="rolloff",
    options=_options,
    on_advance=turn.on_advance,
    after=_after,
    public=_public,
    private=_private,
    score_keys=(("points", "Points"),),
    score_sheet=_score_sheet,
    rule_options=RULE_OPTIONS,
    tapped=_tap,
    extra_action=turn.extra_action,
    rolloff_face=_rolloff_face,
)
