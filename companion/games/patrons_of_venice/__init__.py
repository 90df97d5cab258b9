"""The Patrons of Venice (Ken Stevens, Toccata Games 2004): SPEC.md section 1.

3 to 5 players; the second-youngest leads the first turn. Each turn its lead
chooses one of five actions and every player performs it, in order from the
lead. The companion keeps every player's Ducats and the Bank (140 in all),
the ships, the Market and the Pirate Wharf, the businesses and statues of
Venice, points live, and ends the game at the end of the turn in which a
player has 12 points (10 with five players); ties are broken by Ducats.

The Raw Good deck is played with the real cards unless the table enters its
69 cards (the rulebook does not list them): the players name or tap the cards
where a price or a Pirates! depends on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import engine
from companion.core.game import GameDef
from companion.core.options import Option
from companion.core.result import Accepted, Refused, Result
from companion.core.words import counted
from companion.scoring import patrons_of_venice as sheet

from . import city, goods, turn
from .goods import RAW_DECK
from .steps import FLOW
from .table import COUNTERS, cubes_left, ducats, favours, initial, name, points

GAME_ID = "patrons_of_venice"

RULE_OPTIONS: dict[str, dict[str, Any]] = {
    "statue_business_worth": {**sheet.OPTIONS["statue_business_worth"], "title": "Points for a business by a statue"},
    "guilds": {"title": "Guilds variant", "enum": [False, True], "default": False,
               "enumNames": ["no: each produces at his own businesses", "yes: at another player's too"],
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


def _own(handler, steps: tuple[str, ...], where: str):
    """A player's choice, made by the actor in its own steps: the handler's change, then (when it
    ends the actor's sub-step) the advance."""

    def run(game: GameDef, state: PMap, action: Mapping[str, Any]) -> Result:
        seat = turn.actor_in_step(state, action, steps, where)
        if isinstance(seat, Refused):
            return seat
        out = handler(state, action, seat)
        if isinstance(out, Refused):
            return out
        state, log = out[0], out[1]
        if len(out) > 2:
            moved = engine.apply(game, state, {"type": "advance", "passed": False})
            if isinstance(moved, Refused):
                return moved
            state, log = moved.state, log + moved.log
        return Accepted(state, log)

    return run


def _check(state: PMap, action: Mapping[str, Any]) -> str | None:
    """Which generic actions make sense now: a tapped card is a new shipment, and only while drawing."""
    kind = action["type"]
    if kind in ("roll", "rolloff"):
        return "The Patrons of Venice uses no dice"
    if kind == "counter" and action.get("name") == "bank":
        return "the Bank changes when a player pays or is paid: change that player's Ducats"
    if kind in ("draw", "look", "keep", "shuffle", "discard"):
        if state["decks"][RAW_DECK.name]["mode"] == "virtual":
            return "the companion deals and draws the Raw Good cards itself"
        step = turn.step_name(state)
        if kind != "draw" or step not in ("SAIL_DRAW", "SAIL_PIRATES"):
            return "a Raw Good card is named now only as a New Shipment, while they are drawn in a Sail"
        cards = action.get("cards") or []
        if step == "SAIL_DRAW" and len(state["data"]["new_shipments"]) + len(cards) > len(state["players"]):
            return f"{len(state['players'])} New Shipment cards are drawn, and they are all named"
        if any(goods.check_raw_card(c) for c in cards if isinstance(c, str)):
            return goods.check_raw_card(next(c for c in cards if isinstance(c, str) and goods.check_raw_card(c)))
    return None


def _after(before: PMap, after: PMap, action: Mapping[str, Any]) -> PMap:
    """A named (or tapped) card drawn in a Sail is a New Shipment."""
    if action["type"] != "draw":
        return after
    drawn = list(after["decks"][RAW_DECK.name]["out"][len(before["decks"][RAW_DECK.name]["out"]):])
    return after.transform(["data", "new_shipments"], lambda new: new.extend(drawn))


# --- what the buttons and the phone offer ----------------------------------------------------------

_CARD_FIELD = {"type": "string", "title": "card", "description": "as printed, such as “Wool 3”"}


def _options(game: GameDef, state: PMap) -> tuple[Option, ...]:
    flow = state["flow"]
    if flow is None or flow["over"]:
        return ()
    step, seat, table = turn.step_name(state), flow["actor"], state["data"]
    virtual = state["decks"][RAW_DECK.name]["mode"] == "virtual"
    if step == "CHOOSE_ACTION":
        shorts = {"RESERVE": "Resrv", "SAIL": "Sail", "TRADE": "Trade", "SPONSOR": "Spons", "PRODUCE": "Prod"}
        return tuple(Option(turn.ACTION_LABELS[a], shorts[a], {"type": "advance", "action": a}) for a in turn.ACTIONS)
    if step == "RESERVE" and seat not in table["acted"]:
        return tuple(
            Option(f"Reserve {name(state, owner)}'s ship {k + 1}: {slot['card'] or '?'} ({1 if owner == seat else 2})",
                   "Resrv", {"type": "reserve", "owner": owner, "ship": k})
            for owner, ships in enumerate(table["ships"]) for k, slot in enumerate(ships)
            if slot is not None and slot["reserved_by"] is None
        )
    if step == "SAIL_DRAW" and not virtual:
        return (Option("No Pirates! card was drawn", "Drawn", {"type": "advance"}),
                Option("A Pirates! card was drawn", "Pirate", {"type": "advance", "pirates": True}),
                Option("Name the cards drawn", "Name", {"type": "advance"},
                       fields={"cards": {"type": "array", "title": "cards", "items": _CARD_FIELD}}))
    if step == "SAIL_PIRATES" and not virtual:
        return (Option("Another Pirates! was drawn", "Pirate", {"type": "draw", "deck": RAW_DECK.name, "cards": [goods.PIRATES]}),)
    if step == "SAIL_UNLOAD":
        right = table["ships"][seat][2]
        if right is None:
            return ()
        who = turn.receiver(state, seat)  # the player whose cube is on it decides, on his own phone
        card = right["card"]
        mine = "" if who == seat else f"{name(state, seat)}'s "
        take = Option(f"{name(state, who)}: take {mine}{card or 'the shipment'} into hand", "Take",
                      {"type": "take", "seat": who})
        if card is None:
            return (take, Option(f"{name(state, who)}: sell it (name the card)", "Sell", {"type": "sell", "seat": who},
                                 fields={"card": _CARD_FIELD}))
        return (take, Option(f"{name(state, who)}: sell {mine}{card} for {goods.value(card)}", "Sell",
                             {"type": "sell", "seat": who}))
    if step == "SAIL_PLACE":
        return tuple(Option(f"Place {c or 'the new card'}", "Place", {"type": "advance", "card": c})
                     for c in dict.fromkeys(table["new_shipments"]))
    if step == "TRADE_SELL":
        if virtual:  # the companion holds the hand: each card in it, one tap
            sellable = [c for c in dict.fromkeys(table["hands"][seat]) if goods.value(c) is not None
                        and (goods.good(c) not in goods.MANUFACTURED or state["options"]["sell_manufactured"])]
            return tuple(Option(f"Sell {c} ({goods.value(c)})", "Sell", {"type": "sell", "card": c}) for c in sellable)
        return (Option("Sell a card from your hand", "Sell", {"type": "sell"}, fields={"card": _CARD_FIELD}),)
    if step == "TRADE_BUY":
        purse = ducats(state, seat)  # only what the player can pay for is offered
        options = [Option(f"Buy {c} ({goods.value(c)})", "Buy", {"type": "buy", "from": "market", "card": c})
                   for c in dict.fromkeys(table["market"]) if c is not None and goods.value(c) <= purse]
        if None in table["market"]:
            options.append(Option("Buy from the Market: name the card", "Buy", {"type": "buy", "from": "market"},
                                  fields={"card": _CARD_FIELD}))
        options += [Option(f"Buy {c or 'a card'} from the Wharf (1)", "Wharf", {"type": "buy", "from": "wharf", "card": c})
                    for c in dict.fromkeys(table["wharf"]) if purse >= 1]
        return tuple(options)
    if step == "SPONSOR" and seat not in table["acted"]:
        options = []
        named = city.campi_named(table)

        def campo(description: str, where: list[str]) -> dict[str, Any]:
            # The board's campi are not in the rulebook: the ones named in this game are offered to tap, so a
            # campo is not named twice two ways ("S. Polo", "San Polo"); a new one is typed once.
            return {"type": "string", "title": "campo", "description": description, "examples": where or ["Campo San Polo"]}

        if len(table["statues"]) < city.STATUES and city.statue_cost(len(table["statues"])) <= ducats(state, seat):
            cost = city.statue_cost(len(table["statues"]))
            vacant = [c for c in named if city.campo_key(c) not in {city.campo_key(v) for v in table["statues"]}]
            options.append(Option(f"A statue ({cost})", "Statue", {"type": "sponsor"},
                                  fields={"statue": {**campo("a vacant campo", vacant), "maxLength": 40}}))
        options.append(Option("A business", "Busin", {"type": "sponsor"}, fields={
            "business": {"title": "business", "enum": list(city.TYPES)},
            "campo": campo("a campo the building touches", named),
            "second_campo": {**campo("if it touches two", named), "title": "second campo"},
            "cost": {"type": "integer", "title": "cost", "minimum": 0, "maximum": min(50, ducats(state, seat)),
                     "description": "printed on the tile"},
            "shown": {"type": "boolean", "title": "shown", "description": "the goods it needs were shown (when you own none of this type)"},
        }))
        return tuple(options)
    if step == "PRODUCE":
        own_only = state["options"]["gondola_counts"] == "own"
        return tuple(
            Option(f"{city.PRODUCT[b['type']]} at {'' if b['owner'] == seat else name(state, b['owner']) + ' '}"
                   f"{city.LABELS[b['type']]} ({' / '.join(b['campi'])}): "
                   f"+{city.income(b, table['businesses'], table['statues'], own_only)['total']}",
                   "Make", {"type": "produce", "business": i})
            for i, b in enumerate(table["businesses"])
            if i not in table["produced"] and (b["owner"] == seat or state["options"]["guilds"])
            and turn.can_produce(state, seat, b["type"])  # a virtual hand holds what it consumes
        )
    return ()


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
        "action": table["action"] if started and turn.step_name(state) != "CHOOSE_ACTION" else None,
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
    return card or "?"


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
        {"title": "Market", "lines": [", ".join(map(_card, table["market"])) or "empty"]},
        {"title": "Pirate Wharf (1 Ducat each)", "lines": [", ".join(map(_card, table["wharf"])) or "empty"]},
    ]
    if table["new_shipments"]:
        sections.append({"title": "New shipments", "lines": [", ".join(map(_card, table["new_shipments"]))]})
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


def _private(state: PMap, seat: int) -> dict[str, Any]:
    """Only this player's phone: the cards the companion knows are in his hand."""
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
    actions={choice: _own(*spec) for choice, spec in turn.CHOICES.items()},
    check=_check,
    initial_data=initial,
    first_player="second_youngest",
    options=_options,
    on_advance=turn.on_advance,
    after=_after,
    public=_public,
    private=_private,
    score_keys=(("points", "Points"), ("ducats", "Ducats")),
    score_sheet=_score_sheet,
    rule_options=RULE_OPTIONS,
)
