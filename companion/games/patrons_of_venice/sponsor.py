"""SPONSOR: each player in order may sponsor one business or one statue, never both [R l.164-183].

A business: the player already owns one of that type, or shows what it needs from his hand (a Wool for a
Draper, a Hemp for a Canvaser, 2 of a Luxury good's 3 inputs); he pays the tile's printed cost and puts a cube
on it. Where the companion holds the hand it looks itself; elsewhere the player says he showed them. A statue
costs 3 + the statues already in Venice and goes in a vacant campo.

A tile's cost is the one printed on it: the rulebook's text gives none, so the first tile of a type is priced
once (from the costs tiles may have, whatever the buyer holds) and the box keeps it; a player who cannot pay
it is told so and does not sponsor it. The campi are picked from the board's (city.board): the rulebook names
two, and the table names each of the others once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyrsistent import PMap

from companion.core import flow
from companion.core.flow import EACH, Step
from companion.core.options import Option
from companion.core.edit import Edit
from companion.core.result import Refused
from companion.core.words import a, counted, sentence

from . import city, goods
from .table import cubes_left, doing, ducats, name, pay, recipe, virtual

MOST = 20  # the most a tile's printed cost may be entered as: the rulebook prints none (a statue costs 3 to 8)

# The printed cost of each type's Business Tiles: the rulebook's text gives none. Entered once, on the New game
# page or the first time that type is sponsored; the box keeps them for the next game (GameDef.learned).
COST_FIELD = {
    "title": "Business Tile costs (printed on the tiles)", "type": "object",
    "description": "The Ducats printed on each type's Business Tile. Those left empty are asked the first time "
                   "one is sponsored; the box keeps them for the next game.",
    "properties": {kind: {"title": label, "type": "integer", "minimum": 1, "maximum": MOST}
                   for kind, label in city.LABELS.items()},
}


def check_costs(setup: Mapping[str, Any]) -> Refused | None:
    given = setup.get("costs")
    if given is not None and (not isinstance(given, Mapping) or any(
            k not in city.TYPES or type(v) is not int or not 1 <= v <= MOST for k, v in given.items())):
        return Refused(f"costs: the Ducats printed on each type's Business Tile, 1 to {MOST}")
    return None


def costs(state: PMap) -> dict[str, int]:
    """The Business Tile costs the box knows (entered at setup, or when a type was first sponsored)."""
    return dict(state["data"].get("costs") or {})


def learned(state: PMap) -> dict[str, Any]:
    """For the next game: the tile costs and counts, the Cloth and Canvas cards' values and the board's campi the
    table entered."""
    named = [c for c in city.board(state["data"]) if c not in city.RULEBOOK_CAMPI]
    out = {"costs": costs(state), "made_values": dict(state["data"].get("made_values") or {}), "campi": named,
           "tiles": dict(state["data"].get("tiles") or {})}
    return {k: v for k, v in out.items() if v}


# Campi of Venice to suggest as a new one is named (any name the board prints is taken): as many as the list
# has room for, so a suggestion is always one the list does not hold.
VENICE = ("Campo Santo Stefano", "Campo Santa Margherita", "Campo San Luca", "Campo San Bartolomeo",
          "Campo Santa Maria Formosa", "Campo San Zaccaria", "Campo San Barnaba", "Campo Sant'Angelo",
          "Campo San Giacomo", "Campo San Trovaso")


def _campo(state: PMap, title: str, vacant: bool = False) -> dict[str, Any]:
    """A campo picked from the board's: for a statue, a vacant one; for a business, one with a free building."""
    table = state["data"]
    taken = {city.campo_key(s) for s in table["statues"]} if vacant else set()
    return {"title": title, "enum": [c for c in city.board(table) if city.campo_key(c) not in taken
                                     and (vacant or city.no_building(table, c) is None)]}


def _new_campo(state: PMap) -> list[Option]:
    """Name one of the board's campi the box does not know yet (the rulebook names two): kept for the next game."""
    known = {city.campo_key(c) for c in city.board(state["data"])}
    if len(known) >= city.CAMPI_MOST:
        return []
    examples = [c for c in VENICE if city.campo_key(c) not in known]
    return [Option("Name a campo of the board", "Campo", {"type": "campo"},
                   fields={"name": {"type": "string", "maxLength": 40, "title": "campo, as the board prints it",
                                    "examples": examples}})]


def new_campo(e: Edit) -> None:
    name_ = e.action.get("name")
    e.must(city.not_a_campo(e.data, name_), "name: {}")
    name_ = " ".join(name_.split())
    e.data.setdefault("board", []).append(name_)
    e.say(f"{e.name(e.state['flow']['actor'])} names {name_}, a campo of the board: the box keeps it for the next game.")


def _shows(state: PMap, seat: int, kind: str) -> bool | None:
    """Whether the hand the companion holds shows what `kind` needs (None: it does not know; the player says)."""
    needs = recipe(state, kind)
    if not virtual(state) or needs is None:
        return None
    held = [goods.good_in_hand(c) for c in state["data"]["hands"][seat]]
    enough = 1 if kind in city.MANUFACTURING else 2  # a Wool or a Hemp; 2 of a Luxury's 3 goods [R l.172-174]
    return sum(1 for g in dict.fromkeys(needs) if g in held) >= enough


def _owns(state: PMap, seat: int, kind: str) -> bool:
    return any(b["owner"] == seat and b["type"] == kind for b in state["data"]["businesses"])


def _need(kind: str) -> str:
    needs = goods.RECIPES.get(kind)
    if kind in city.SHOW:
        return city.SHOW[kind]
    return f"2 of {', '.join(needs)}" if needs else f"2 of the 3 goods {a(city.PRODUCT[kind])} needs"


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    table, purse, found = state["data"], ducats(state, seat), []
    vacant = _campo(state, "campo", vacant=True)
    if len(table["statues"]) < city.STATUES and city.statue_cost(len(table["statues"])) <= purse and vacant["enum"]:
        cost = city.statue_cost(len(table["statues"]))
        found.append(Option(f"A statue for {cost}", "Statue", {"type": "advance", "action": "sponsor"},
                            fields={"statue": vacant}))
    if cubes_left(table, seat) >= 1 and _campo(state, "campo")["enum"]:  # a building free by a campo the box knows
        found += [_business_option(state, seat, kind) for kind in city.TYPES if _may_sponsor(state, seat, kind)]
    return [*found, *_new_campo(state), Option("Sponsor nothing", "None", {"type": "advance"}, button="NEXT")]


def _may_sponsor(state: PMap, seat: int, kind: str) -> bool:
    """A tile of the type is left, its known cost is within his purse, and he owns one or may show its goods."""
    return (city.tiles_left(state["data"], kind) >= 1 and costs(state).get(kind, 0) <= ducats(state, seat)
            and (_owns(state, seat, kind) or _shows(state, seat, kind) is not False))


def _business_option(state: PMap, seat: int, kind: str) -> Option:
    ask = not _owns(state, seat, kind) and _shows(state, seat, kind) is None  # the player shows the cards and says so
    known = costs(state)
    campi = {"type": "array", "title": "campi", "minItems": 1, "maxItems": 2, "uniqueItems": True,
             "items": _campo(state, "campo touched")}
    if ask:  # what to show, whole where the campi are picked (a phone's): the label says it on the box's two lines
        campi["description"] = sentence(f"show {_need(kind)} from your hand")
    shows = city.SHOW.get(kind, "2 of 3")  # "A Gondola Maker: show 2 of 3" (of the goods a Gondola needs)
    label = sentence(a(city.LABELS[kind])) + (f" for {known[kind]}" if kind in known else "") + (f": show {shows}" if ask else "")
    shown = {"shown": True} if ask else {}
    common = {"confirm": ask, "private": virtual(state), "under": "Sponsor a business"}  # a hand's secret: its phone only
    if kind in known:  # the printed cost, paid as it is (one tap)
        return Option(label, city.LABELS[kind][:6], {"type": "advance", "action": "sponsor", "business": kind,
                                                     "cost": known[kind], **shown}, fields={"campi": campi}, **common)
    # The first tile of its type: its printed cost is asked once, within the costs a tile may have (never the
    # buyer's purse: a cost he cannot pay is kept, and he is told why he cannot sponsor it).
    return Option(label, city.LABELS[kind][:6], {"type": "priced", "business": kind, **shown},
                  fields={"campi": campi,
                          "cost": {"type": "integer", "title": "cost printed on the tile", "minimum": 1, "maximum": MOST}},
                  **common)


def check_cost(state: PMap, kind: str, cost: object) -> Refused | None:
    """A business's cost as the table may enter it: never free, within what a tile may print, and a known cost as
    it is (what the options offer)."""
    if type(cost) is not int or not 1 <= cost <= MOST:
        return Refused(f"cost: the Ducats printed on the tile, 1 to {MOST}")
    known = costs(state)
    if kind in known and known[kind] != cost:
        return Refused(f"the {city.LABELS[kind]} tiles cost {known[kind]} (printed on the tile), not {cost}")
    return None


CostCheck = Callable[[PMap, str, object], Refused | None]


def sponsor(e: Edit, cost_check: CostCheck = check_cost) -> None:
    if "statue" in e.action:
        _statue(e)
    else:
        _business(e, cost_check)


def priced(e: Edit) -> None:
    """The first tile of a type: its printed cost, kept; then sponsored (and the step goes on), or, when the
    player cannot pay it, not (he may still sponsor something else)."""
    seat, kind, cost = e.state["flow"]["actor"], e.action.get("business"), e.action.get("cost")
    if kind not in city.TYPES:
        e.refuse(f"business: one of {', '.join(city.TYPES)}")
    e.must(check_cost(e.state, kind, cost))
    if cost > ducats(e.state, seat):
        why = f"{name(e.state, seat)} has {counted(ducats(e.state, seat), 'Ducat')}: {a(city.LABELS[kind])} costs {cost}"
        e.say(f"{why}, so {name(e.state, seat)} cannot sponsor it.")
        e.tell("Not sponsored", f"{why}.")  # on the box too: the list only loses the tile, and he chooses again
        _learn(e, kind, cost)
        return
    _business(e)
    e.take(lambda state: flow.advance(e.game.flow, state, seat))


def _learn(e: Edit, kind: str, cost: int) -> None:
    known = e.data.setdefault("costs", {})
    if kind not in known:
        known[kind] = cost
        e.say(f"The {city.LABELS[kind]} tiles cost {cost}: the box keeps it for the next ones.")


def _statue(e: Edit) -> None:
    seat, table, campo = e.state["flow"]["actor"], e.data, e.action["statue"]
    if not isinstance(campo, str) or not campo.strip() or len(campo) > 40:
        e.refuse("statue: the campo's name, as printed on the board")
    e.must(city.not_placeable(table, campo), "statue: {}")
    if len(table["statues"]) >= city.STATUES:
        e.refuse(f"all {city.STATUES} statues stand in Venice")
    if any(city.campo_key(s) == city.campo_key(campo) for s in table["statues"]):
        e.refuse(f"{campo} has a statue already: a statue goes in a vacant campo")
    cost = city.statue_cost(len(table["statues"]))
    pay(e, seat, None, cost)
    campo = city.as_named(table, campo)
    table["statues"].append(campo)
    e.say(f"{name(e.state, seat)} sponsors a statue in {campo} for {cost}.")


def _business(e: Edit, cost_check: CostCheck = check_cost) -> None:
    seat, table = e.state["flow"]["actor"], e.data
    kind, cost, campi = e.action.get("business"), e.action.get("cost"), e.action.get("campi")
    if kind not in city.TYPES:
        e.refuse(f"business: one of {', '.join(city.TYPES)}")
    e.must(cost_check(e.state, kind, cost))
    if not isinstance(campi, list) or not 1 <= len(campi) <= 2 or any(
            not isinstance(c, str) or not c.strip() or len(c) > 40 for c in campi):
        e.refuse("campi: the campo the building touches (or the two it touches)")
    if len({city.campo_key(c) for c in campi}) < len(campi):
        e.refuse(f"campi: {campi[0]} is named twice")
    for campo in campi:
        e.must(city.not_placeable(table, campo) or city.no_building(table, campo), "campi: {}")
    if city.tiles_left(table, kind) < 1:
        e.refuse(city.none_left(table, kind))
    if cubes_left(table, seat) < 1:
        e.refuse(f"{name(e.state, seat)} has no cube left")
    if not _owns(e.state, seat, kind):
        shows = _shows(e.state, seat, kind)
        if shows is False:
            hand = ", ".join(table["hands"][seat]) or "nothing"
            e.refuse(f"{name(e.state, seat)} owns no {city.LABELS[kind]} and cannot show {_need(kind)} (in hand: {hand})")
        if shows is None and e.action.get("shown") is not True:
            e.refuse(f"{name(e.state, seat)} owns no {city.LABELS[kind]}: show {_need(kind)} from your hand, then confirm it")
    pay(e, seat, None, cost)
    campi = [city.as_named(table, c) for c in campi]
    table["businesses"].append({"type": kind, "owner": seat, "campi": campi})
    e.say(f"{name(e.state, seat)} sponsors {a(city.LABELS[kind])} by {' and '.join(campi)} for {cost}.")
    if cost:
        _learn(e, kind, cost)



STEP = Step("SPONSOR", "Sponsor", EACH, when=doing("SPONSOR"), done="None", undone="sponsoring",
            options=options, handlers={"sponsor": sponsor, "priced": priced, "campo": new_campo})
