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

from typing import Any

from pyrsistent import PMap, thaw

from companion.core.game import GameDef
from companion.core.options import Option
from companion.core.words import counted
from companion.games.plain import name
from companion.scoring import master_of_venice as sheet

from . import elections, hands, revenue, turn
from .cards import (ATTACKERS, CARDINAL, CARDS, DECK, DEFENDERS, OFFICES, ROUTE_TAKES, ROUTES, SENATOR, TRADERS,
                    VILLA_COST, VILLA_COST_CONSTRUCTION, step_of)
from .play import ACTIONS, may_play, routes_for, step_name
from .steps import FLOW
from .table import COUNTERS, controller, count_kind, describe, in_order, initial, unappointed, virtual

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


def _check(state: PMap, action) -> str | None:
    kind = action["type"]
    if kind in ("draw", "look", "keep", "shuffle", "discard"):
        return ("the companion draws in the Draw Phase and for Explorer and Call Crusade; a played card "
                "goes to the discard pile by itself")
    if kind == "deck_exhausted" and hands.game_end_pending(state):
        return "the deck has run out twice: the game ends at the end of this turn, and no more cards are drawn"
    if kind == "counter" and action.get("name") == "hand" and virtual(state):
        return "the companion holds the virtual hands: their sizes change as cards are drawn and played"
    return None


def _actions():
    return {kind: (lambda game, state, action, f=f: f(state, action)) for kind, f in ACTIONS.items()}


_OFFICE_HINTS = {"Council Head": "Council", "Construction": "Build"}  # whole words over a button

# --- what the buttons and the phone offer ----------------------------------------------------------

_TARGET = {"type": "integer", "title": "target", "minimum": 1, "description": "the number (#) of a card in play"}


def _card_field(names: list[str]) -> dict[str, Any]:
    return {"title": "card", "enum": names}


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    flow = state["flow"]
    if flow is None or flow["over"]:
        return ()
    table = state["data"]
    if table["pending"] is not None:
        return _answers(state, public=True)
    step = step_name(state)
    options: list[Option] = []
    if table["tapped"] and step in ("EXPANSION", "EVENT", "WAR", "POPE", "DOGE"):
        options += _tapped(state, table["tapped"])
    if step == "REVENUE" and state["options"]["trip_income"] == "dice":
        for seat in in_order(state):
            k = len(revenue.trips(table, seat))
            if k and table["trips"][seat] is None:
                fixed = sum(revenue.fixed(table, seat).values())
                options.append(Option(f"Roll {name(state, seat)}'s {counted(k, 'trip')}: {fixed} + {k}d6",
                                      "Trips", {"type": "trips", "seat": seat}, rolls=f"{k}d6"))
    if step in ("POPE", "DOGE"):
        office = step.lower()
        title = step.capitalize()
        if table["dies"] != office and table[office] is not None:
            options.append(Option(f"Roll 1D6: on a 6 the {title} dies", "Roll", {"type": "advance"}, rolls="1d6"))
        else:  # no roll: the election comes at once (NEXT does it)
            why = f"The {title} Dies was played" if table["dies"] == office else f"the {title}'s office is vacant"
            options.append(Option(f"Elect the {title}: {why}", "Elect", {"type": "advance"}))
    if step == "OFFICE_APPOINTMENT":
        waiting = unappointed(state)  # from the Doge, as NEXT gives them
        free = [o for o in OFFICES if o not in table["offices"]]
        if waiting and free:
            options += [Option(f"{name(state, waiting[0])}: Office of {o}", _OFFICE_HINTS.get(o, o), {"type": "appoint", "seat": waiting[0], "office": o})
                        for o in free]
    if step == "EXPANSION":
        for seat in in_order(state):
            for trader in table["in_play"]:  # a Cog or Caravan played on its own, onto a route played since
                routes = routes_for(state, trader["card"]) if trader["owner"] == seat and trader["card"] in TRADERS \
                    and trader["on"] is None else []
                if routes:
                    options.append(Option(f"{name(state, seat)} attaches {trader['card']} #{trader['id']} to a Trade Route",
                                          "Attach", {"type": "attach", "seat": seat, "trader": trader["id"]},
                                          fields={"route": {"title": "route", "enum": [r["id"] for r in routes],
                                                            "enumNames": [describe(state, r) for r in routes]}}))
            cost = VILLA_COST_CONSTRUCTION if table["offices"].get("Construction") == seat else VILLA_COST
            if not table["villas"][seat] and state["counters"]["players"][seat]["gold"] >= cost:  # only what he can pay
                options.append(Option(f"{name(state, seat)} builds a Villa ({cost})", "Villa", {"type": "villa", "seat": seat}))
    if not virtual(state):
        options += _entered(state, step)
        if step in ("DRAW", "EVENT") and hands.passes(state) < 2:
            options.append(Option("The real draw pile has run out", "Empty", {"type": "deck_exhausted"}, confirm=True))
    return tuple(options)


def _entered(state: PMap, step: str) -> list[Option]:
    """Real cards: a card shown at the table, entered on a phone (the OLED names it; a tap is quicker)."""
    table = state["data"]
    playable = [c for c in CARDS if step_of(c) == step and c not in ("Caught",)]
    if not playable:
        return []
    options = []
    for seat in in_order(state):
        plain = [c for c in playable if not CARDS[c].target and c not in TRADERS]
        if plain:
            options.append(Option(f"{name(state, seat)} plays a card", "Play", {"type": "play", "seat": seat},
                                  fields={"card": _card_field(plain)}))
        if step == "EXPANSION":
            routes = [c["id"] for c in table["in_play"] if c["card"] in ROUTES]
            options.append(Option(f"{name(state, seat)} plays a Cog or Caravan", "Trader", {"type": "play", "seat": seat},
                                  fields={"card": _card_field(list(TRADERS))}))
            if routes:
                options.append(Option(f"{name(state, seat)} plays a Cog or Caravan on a route", "Route",
                                      {"type": "play", "seat": seat},
                                      fields={"card": _card_field(list(TRADERS)), "route": {**_TARGET, "title": "route", "enum": routes}}))
        aimed = [c for c in playable if CARDS[c].target]
        if aimed:
            options.append(Option(f"{name(state, seat)} plays a card on a target", "Target", {"type": "play", "seat": seat},
                                  fields={"card": _card_field(aimed), "target": _TARGET}))
        if step == "WAR":
            options.append(Option(f"{name(state, seat)} seizes a card with an army or navy from hand", "Seize",
                                  {"type": "attack", "seat": seat},
                                  fields={"card": _card_field(list(ATTACKERS)), "target": _TARGET}))
    return options


def _tapped(state: PMap, card: str) -> list[Option]:
    """A tapped card: whose play it is (and, where it needs one, on what)."""
    table = state["data"]
    spec = CARDS[card]
    options = []
    for seat in in_order(state):
        if may_play(state, seat, card) is not None or state["counters"]["players"][seat]["gold"] < spec.cost:
            continue  # not this card's phase, no Villa or office it needs, or not the Gold it costs
        base = {"type": "play", "seat": seat, "card": card}
        if spec.target == ("villa",):
            targets = [({"target": s}, f"{name(state, s)}'s Villa") for s in in_order(state) if table["villas"][s]]
        elif spec.target:
            targets = [({"target": c["id"]}, describe(state, c)) for c in table["in_play"]
                       if spec.target == ("any",) or c["card"] in spec.target]
        elif card in TRADERS:
            targets = [({}, "")] + [({"route": c["id"]}, f"on {describe(state, c)}") for c in table["in_play"]
                                    if c["card"] in ROUTES and card in ROUTE_TAKES.get(c["card"], TRADERS)]
        else:
            targets = [({}, "")]
        for extra, what in targets:
            options.append(Option(f"{name(state, seat)} plays {card} {what}".rstrip(), "Play", {**base, **extra}))
    options.append(Option(f"Forget the tapped {card}", "Forget", {"type": "tap", "card": None}))
    return options


def _answers(state: PMap, public: bool, seat: int | None = None) -> tuple[Option, ...]:
    """What may answer the pending play: let it happen, negate it, or (a War card) roll the payments."""
    table = state["data"]
    p = table["pending"]
    if p["kind"] == "war":
        office, payer = p["payers"][0]
        forces = count_kind(table, payer, "A" if office == "General" else "N")
        return (Option(f"Roll 2D6: the {office}, {name(state, payer)}, pays it less {forces}", "Roll",
                       {"type": "war_roll"}, rolls="2d6"),) if public else ()
    options = [Option(f"Let {name(state, p['by'])}'s {p['card']} happen", "Allow", {"type": "resolve"})] if public else []
    if p["kind"] == "crime":
        who = [s for s in in_order(state) if s != p["by"]] if seat is None else [seat]
        for s in who:  # Caught costs 1 Gold: offered to those who can pay it
            if state["counters"]["players"][s]["gold"] < CARDS["Caught"].cost:
                continue
            if not virtual(state) or (not public and "Caught" in table["hands"][s]):
                options.append(Option(f"{name(state, s)} plays Caught", "Caught",
                                       {"type": "negate", "seat": s, "card": "Caught"}, rolls="1d6"))
        return tuple(options)
    allowed = CARDS[p["card"]].negated_by or DEFENDERS[p["card"]]
    victim = p["victim"]
    if seat is not None and seat != victim:
        return tuple(options)
    if public:
        options += [Option(f"{name(state, victim)} discards {describe(state, c)}", "Negate",
                           {"type": "negate", "seat": victim, "card": c["card"], "from": c["id"]})
                    for c in table["in_play"] if c["owner"] == victim and c["card"] in allowed]
    hand = table["hands"][victim]
    if (public and not virtual(state)) or (not public and virtual(state)):
        options += [Option(f"{name(state, victim)} discards {c} from hand", "Negate",
                           {"type": "negate", "seat": victim, "card": c})
                    for c in allowed if not virtual(state) or c in hand]
    return tuple(options)


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
    by_dice = state["options"]["trip_income"] == "dice"
    per_player = []
    for s in range(n):
        parts = revenue.fixed(table, s)
        trips = revenue.trips(table, s)
        per_player.append({
            "villa": table["villas"][s],
            "cardinals": count_kind(table, s, CARDINAL), "senators": count_kind(table, s, SENATOR),
            "armies": count_kind(table, s, "A"), "navies": count_kind(table, s, "N"),
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
        "in_play": [{**c, "label": describe(state, c)} for c in table["in_play"]],
        "per_player": per_player,
        "status": _status(state, per_player, by_dice),
        "sections": _sections(state, per_player),
    }


def _status(state: PMap, per_player: list[dict[str, Any]], by_dice: bool) -> str:
    """The OLED's line under who acts: what this moment is about."""
    table = state["data"]
    if state["flow"] is None or state["flow"]["over"]:
        return ""
    step = step_name(state)
    if table["pending"] is not None:
        p = table["pending"]
        return f"{p['card']}: " + ("roll the payments" if p["kind"] == "war" else "negate or allow")
    if step == "REVENUE":
        return " ".join(f"{state['players'][s]['name'][:4]} {mine['income']['fixed']}"
                        + (f"+{mine['trips']}d" if by_dice and mine["trips"] else f"+{2 * mine['trips']}" if mine["trips"] else "")
                        for s, mine in enumerate(per_player) if not mine["eliminated"])
    if table["election"] is not None:
        e = table["election"]
        return f"Bids {sum(1 for s in e['voters'] if e['bids'][s] is not None)}/{len(e['voters'])} on the phones"
    if step in ("POPE", "DOGE") and (table["dies"] == step.lower() or table[step.lower()] is None):
        return f"No roll: the {step.capitalize()} is elected"
    if step == "DRAW":
        return f"Deck pass {hands.deck_pass(state)}" + (" · the end is near" if hands.game_end_pending(state) else "")
    return ""


def _sections(state: PMap, per_player: list[dict[str, Any]]) -> list[dict[str, Any]]:
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
        cards = [describe(state, c).split("'s ", 1)[1] for c in table["in_play"] if c["owner"] == s]
        head = (f"{p['name']}: {state['counters']['players'][s]['gold']} Gold, {state['counters']['players'][s]['hand']} "
                f"in hand{', Villa' if mine['villa'] else ''}{', caught' if mine['caught'] else ''}"
                + (" — out of the game" if mine["eliminated"] else ""))
        income = mine["income"]
        sections.append({"title": head, "lines": [
            "In play: " + (", ".join(cards) or "nothing"),
            f"Revenue: {income['fixed']} fixed ({income['base']} base, {income['cards']} from cards, {income['offices']} "
            f"from offices, {income['routes']} from others' traders) + {counted(income['trips'], 'trip')}",
        ]})
    sections.append({"title": "Deck", "lines": [
        f"Pass {hands.deck_pass(state)} of 2" + (": the game ends at the end of this turn" if hands.game_end_pending(state) else "")]})
    return sections


def _private(state: PMap, seat: int) -> dict[str, Any]:
    """This player's phone: the hand (virtual deck), the cards it may play now, the sealed bid."""
    table = state["data"]
    out: dict[str, Any] = {}
    if virtual(state):
        out["hand"] = list(table["hands"][seat])
    election = table["election"]
    if election is not None and seat in election["voters"]:
        out["bid"] = thaw(election["bids"][seat])
        out["election"] = election["office"]
        parts = elections.votes(table, election["office"], seat, {}, state["options"]["patronage_votes"])
        out["base_votes"] = sum(parts.values())
    flow = state["flow"]
    if flow is None or flow["over"] or state["rolloff"] is not None or seat in table["eliminated"]:
        out["options"] = []
        return out
    options: list[Option] = []
    if election is not None and seat in election["voters"]:
        options.append(Option(f"Sealed bid for the {election['office'].capitalize()}", "Bid", {"type": "bid", "seat": seat},
                              fields={"gold": {"type": "integer", "title": "gold", "minimum": 0,
                                               "description": "bribes: 1 vote each"},
                                      "intrigue": {"type": "integer", "title": "intrigue", "minimum": 0,
                                                   "description": "Intrigue cards played: 4 votes, 2 Gold each"}}))
    if table["pending"] is not None:
        options += _answers(state, public=False, seat=seat)
    elif virtual(state):
        options += _hand_plays(state, seat)
    out["options"] = [o.public() for o in options]
    return out


def _hand_plays(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    step = step_name(state)
    options = []
    for card in dict.fromkeys(table["hands"][seat]):
        if step_of(card) != step or card in ("Caught", "Intrigue"):
            continue
        spec = CARDS[card]
        fields: dict[str, Any] = {}
        if spec.target == ("villa",):
            fields = {"target": {"type": "integer", "title": "target", "enum": [s for s in range(len(state["players"])) if table["villas"][s]],
                                 "description": "the seat of a player with a Villa"}}
        elif spec.target:
            fields = {"target": _TARGET}
        cost = f" ({spec.cost})" if spec.cost else ""
        options.append(Option(f"Play {card}{cost}", "Play", {"type": "play", "seat": seat, "card": card}, fields=fields))
        if card in TRADERS and any(c["card"] in ROUTES for c in table["in_play"]):
            options.append(Option(f"Play {card}{cost} on a route", "Route", {"type": "play", "seat": seat, "card": card},
                                  fields={"route": {**_TARGET, "title": "route"}}))
        if step == "WAR" and card in ATTACKERS:
            options.append(Option(f"Seize a card with {card}", "Seize", {"type": "attack", "seat": seat, "card": card},
                                  fields={"target": _TARGET}))
    return options


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
        return f"{card} is not a Master of Venice card"
    if state["flow"] is None:
        return "the game has not started"
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
    actions=_actions(),
    check=_check,
    initial_data=initial,
    first_player="rolloff",
    options=_options,
    on_advance=turn.on_advance,
    public=_public,
    private=_private,
    score_keys=(("gold", "Gold"),),
    score_sheet=_score_sheet,
    rule_options=RULE_OPTIONS,
    on_rolloff=turn.on_rolloff,
    tapped=_tap,
)
