"""Master of Venice (card game, 2-4 players): SPEC.md section 2.

Eight table-wide phases a turn: Draw, Revenue, Diplomacy, Expansion, Event,
War, Pope, Doge. The companion keeps every player's Gold and cards in play,
does the Revenue itself (with the trade-trip dice), makes the office holders
pay for a War, rolls for the Pope and the Doge, holds the elections with
sealed bids from each player's own phone, and ends the game at the end of the
turn in which the deck runs out for the second time. The most Gold wins.

The deck is played with the real cards by default (the hands stay in the
players' hands; a card played is tapped on the reader or entered on a phone),
or virtually, each hand on its player's phone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pyrsistent import PMap, thaw

from companion import scoring
from companion.core.game import GameDef
from companion.core.result import Refused
from companion.core.words import counted
from companion.games.plain import name
from companion.scoring import master_of_venice as sheet

from . import election, hands, revenue, votes
from .cards import CARDINAL, CARDS, DECK, OFFICES, SENATOR
from .flow import FLOW
from .table import COUNTERS, controller, describe, initial, virtual

GAME_ID = "master_of_venice"

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "start_gold": {"title": "Starting Gold", "enum": [0, 3, 5, 10], "default": 0,
                   "description": "The rulebook gives none: the first turn's Revenue gives 3."},
    "start_cards": {"title": "Starting cards", "enum": [0, 1, 2, 3, 5], "default": 0,
                    "description": "Cards dealt to each player before the first draw; the rulebook gives none."},
    "rotate_first": {"title": "First player moves each turn", "enum": [False, True], "default": False,
                     "enumNames": ["no: the same first player all game", "yes: one seat clockwise each turn"],
                     "description": "The first player (who is asked first in each phase) stays all game, "
                                    "or moves one seat clockwise each turn."},
    "start_offices": {"title": "Pope and Doge at the start", "enum": ["neutral", "vacant"], "default": "neutral",
                      "enumNames": ["neutral, until they die", "vacant, elected in the first turn"],
                      "description": "Neutral incumbents nobody controls, who die on a 6, or vacant offices, "
                                     "elected in the first turn."},
    "trip_income": {"title": "Cog and Caravan income", "enum": ["dice", "fixed"], "default": "dice",
                    "enumNames": ["1D6 on the Revenue table", "a fixed 2 Gold"],
                    "description": "A trade trip rolls 1D6 on the Revenue table, or earns the card list's fixed "
                                   "2 Gold."},
    "bribes": {"title": "Who pays election bribes", "enum": ["all", "winner"], "default": "all",
               "enumNames": ["every bidder", "only the winner"],
               "description": "Every bidder pays the Gold he bid, or only the winner."},
    "patronage_votes": {"title": "Patronage votes", "enum": ["both", "none"], "default": "both",
                        "enumNames": ["1 vote in both elections", "none"],
                        "description": "A Patronage card is worth 1 vote in both elections, or none."},
    "winner_tie": {**sheet.OPTIONS["winner_tie"], "title": "Tied for the most Gold"},
}


# --- what the table shows ---------------------------------------------------------------------------


def _holder(state: PMap, office: str) -> dict[str, Any]:
    table = state["data"]
    value = table[office]
    return {"state": "neutral" if value == "neutral" else "vacant" if value is None else "held",
            "card": value if type(value) is int else None, "controller": controller(table, office)}


def _public(state: PMap) -> dict[str, Any]:
    table = state["data"]
    flow = state["flow"]
    n = len(state["players"])
    # The cards in play read once, as plain dicts (items(): a persistent map's lookups by key, card by card and
    # seat by seat, were the most of a view), for every seat's counts and each card's label
    in_play = [dict(c.items()) for c in table["in_play"]]
    kinds = Counter((c["owner"], CARDS[c["card"]].kind) for c in in_play)
    for c in in_play:
        c["label"] = describe(state, c)
    per_player = []
    for s in range(n):
        parts = revenue.fixed(table, s)
        trips = revenue.trips(table, s)
        per_player.append({
            "villa": table["villas"][s],
            "cardinals": kinds[s, CARDINAL], "senators": kinds[s, SENATOR],
            "armies": kinds[s, "A"], "navies": kinds[s, "N"],
            "trips": len(trips),
            "offices": [o for o, holder in table["offices"].items() if holder == s]
                       + [o.capitalize() for o in ("pope", "doge") if controller(table, o) == s],
            "income": {"fixed": sum(parts.values()), **parts, "trips": len(trips),
                       "trip_bonuses": trips, "rolled": thaw(table["trips"][s])},
            "caught": s in table["caught"], "eliminated": s in table["eliminated"],
        })
    election = table["election"]
    pending = table["pending"]
    return {
        "turn": flow["round"] if flow is not None else 0,
        "deck_pass": hands.deck_pass(state),
        "game_end_pending": hands.game_end_pending(state),
        "pope": _holder(state, "pope"),
        "doge": _holder(state, "doge"),
        "offices": dict(table["offices"]),
        "election": None if election is None else {
            "office": election["office"], "voters": list(election["voters"]),
            "bid": [s for s in election["voters"] if election["bids"][s] is not None]},
        "pending": thaw(pending),
        "tapped": table["tapped"],
        "in_play": in_play,
        "per_player": per_player,
        "sections": _sections(state, per_player, in_play),
    }


def _sections(state: PMap, per_player: list[dict[str, Any]], in_play: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`in_play`: the cards in play, each with its label (describe), as the view lists them."""
    table = state["data"]
    pope, doge = _holder(state, "pope"), _holder(state, "doge")

    def holder(office, h):
        if h["state"] != "held":
            return f"{office}: {h['state']}"
        return f"{office}: {name(state, h['controller'])} (#{h['card']})"

    lines = [holder("Pope", pope), holder("Doge", doge)]
    lines += [f"{o}: {name(state, table['offices'][o])}" for o in OFFICES if o in table["offices"]]
    sections = [{"title": "Church and state", "lines": lines}]
    for s, p in enumerate(state["players"]):
        mine = per_player[s]
        cards = [c["label"].split("'s ", 1)[1] for c in in_play if c["owner"] == s]
        head = (f"{p['name']}: {state['counters']['players'][s]['gold']} Gold, {state['counters']['players'][s]['hand']} "
                f"in hand{', Villa' if mine['villa'] else ''}{', caught' if mine['caught'] else ''}"
                + (" — out of the game" if mine["eliminated"] else ""))
        income = mine["income"]
        sections.append({"title": head, "lines": ["In play: nothing", "No Revenue"] if mine["eliminated"] else [
            "In play: " + (", ".join(cards) or "nothing"),
            f"Revenue: {income['fixed']} fixed ({income['base']} base, {income['cards']} from cards, {income['offices']} "
            f"from offices, {income['routes']} from others' traders) + {counted(income['trips'], 'trip')}",
        ]})
    over = state["flow"] is not None and state["flow"]["over"]
    end = ": the game is over" if over else ": the game ends at the end of this turn" if hands.game_end_pending(state) else ""
    sections.append({"title": "Deck", "lines": [f"Pass {hands.deck_pass(state)} of 2{end}"]})
    return sections


def _player_view(state: PMap, seat: int | None) -> dict[str, Any]:
    """What `seat` may see: the whole table's (None), or this player's phone: the hand (virtual deck), the sealed
    bid, and that he is out of the game."""
    if seat is None:
        return _public(state)
    table = state["data"]
    out: dict[str, Any] = {}
    if seat in table["eliminated"]:  # only a War's payment puts a player out [R l.103-104]
        out["notice"] = "You are out of the game: you could not pay for a War."
    if virtual(state):
        out["hand"] = list(table["hands"][seat])
    election = table["election"]
    if election is not None and seat in election["voters"] and seat not in table["caught"]:  # no bid asked of a caught voter
        out["bid"] = thaw(election["bids"][seat])
        out["election"] = election["office"]
        parts = votes.votes(table, election["office"], seat, {}, state["options"]["patronage_votes"])
        out["base_votes"] = sum(parts.values())
    return out


def _score_sheet(state: PMap) -> dict[str, Any]:
    """The final sheet: every player's Gold and who is out. With the roll-off rule option, players still in
    and tied on Gold need a roll-off the companion has not seen: their `roll_off` is null, to be entered."""
    table = state["data"]
    gold = [state["counters"]["players"][s]["gold"] for s in range(len(state["players"]))]
    standing = [s for s in range(len(gold)) if s not in table["eliminated"]]
    tied = {s for s in standing if sum(gold[o] == gold[s] for o in standing) > 1}
    roll_off = state["options"]["winner_tie"] == "roll_off"
    return {
        "players": [{"name": p["name"], "gold": gold[s], "eliminated": s in table["eliminated"]}
                    | ({"roll_off": None} if roll_off and s in tied else {}) for s, p in enumerate(state["players"])],
        "options": {"winner_tie": state["options"]["winner_tie"]},
    }


def _tap(state: PMap, deck: str, card: str):
    """A card tapped on the reader: the companion asks whose play it is (and on what)."""
    if card not in CARDS:
        return Refused(f"{card} is not a Master of Venice card")
    if state["flow"] is None:
        return Refused("the game has not started")
    return {"type": "tap", "card": card}


MASTER = GameDef(
    id=GAME_ID,
    title="Master of Venice",
    short_title="Master",
    min_players=2,
    max_players=4,
    flow=FLOW,
    decks=(DECK,),
    counters=COUNTERS,
    dice=("1d6", "2d6"),
    initial_data=initial,
    first_player="rolloff",
    player_view=_player_view,
    score_keys=(("gold", "Gold"),),
    score_sheet=_score_sheet,
    scoring=scoring.Sheet(sheet),
    rule_options=RULE_OPTIONS,
    on_rolloff=election.on_rolloff,
    tapped=_tap,
)
