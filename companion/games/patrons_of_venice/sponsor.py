"""SPONSOR: each player in order may sponsor one business or one statue, never both [R l.164-183].

A business: the player already owns one of that type, or shows what it needs from his hand (a Wool for a
Draper, a Hemp for a Canvaser, 2 of a Luxury good's 3 inputs); he pays the tile's printed cost and puts a cube
on it. Where the companion holds the hand it looks itself; elsewhere the player says he showed them. A statue
costs 3 + the statues already in Venice and goes in a vacant campo.

The board's campi are not in the rulebook: the ones named in this game are offered to tap, so a campo is not
named twice two ways ("S. Polo", "San Polo"); a new one is typed once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, Step
from companion.core.steps import Edit
from companion.core.words import a, sentence

from . import city, goods
from .table import cubes_left, doing, ducats, name, pay, recipe, virtual

MOST = 50  # the most a tile's cost may be entered as (the rulebook prints none of them)

# The printed cost of each type's Business Tiles: the rulebook's text gives none. Entered once, on the New game
# page or the first time that type is sponsored; the box keeps them for the next game (GameDef.learned).
COST_FIELD = {
    "title": "Business Tile costs (printed on the tiles)", "type": "object",
    "description": "The Ducats printed on each type's Business Tile. Those left empty are asked the first time "
                   "one is sponsored; the box keeps them for the next game.",
    "properties": {kind: {"title": label, "type": "integer", "minimum": 1, "maximum": MOST}
                   for kind, label in city.LABELS.items()},
}


def check_costs(setup: Mapping[str, Any]) -> str | None:
    given = setup.get("costs")
    if given is not None and (not isinstance(given, Mapping) or any(
            k not in city.TYPES or type(v) is not int or not 1 <= v <= MOST for k, v in given.items())):
        return f"costs: the Ducats printed on each type's Business Tile, 1 to {MOST}"
    return None


def costs(state: PMap) -> dict[str, int]:
    """The Business Tile costs the box knows (entered at setup, or when a type was first sponsored)."""
    return dict(state["data"].get("costs") or {})


def learned(state: PMap) -> dict[str, Any]:
    """For the next game: the tile costs, and the Cloth and Canvas cards' values, the table entered."""
    out = {"costs": costs(state), "made_values": dict(state["data"].get("made_values") or {})}
    return {k: v for k, v in out.items() if v}


# Campi of Venice to suggest before the table has named any (any name the board prints is taken).
VENICE = ("Campo San Polo", "Campo Santo Stefano", "Campo dei Frari", "Campo Santa Margherita", "Campo San Luca")


def _campo(state: PMap, title: str, description: str, vacant: bool = False) -> dict[str, Any]:
    table = state["data"]
    taken = {city.campo_key(s) for s in table["statues"]} if vacant else set()
    named = [c for c in city.campi_named(table) if city.campo_key(c) not in taken]
    new = [c for c in VENICE if city.campo_key(c) not in {city.campo_key(n) for n in city.campi_named(table)}]
    return {"type": "string", "maxLength": 40, "title": title, "description": description,
            "examples": named or new[:3] or ["Campo Nuovo"]}


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
    if len(table["statues"]) < city.STATUES and city.statue_cost(len(table["statues"])) <= purse:
        cost = city.statue_cost(len(table["statues"]))
        found.append(Option(f"A statue for {cost}", "Statue", {"type": "advance", "action": "sponsor"},
                            fields={"statue": _campo(state, "campo", "a vacant campo", vacant=True)}))
    if cubes_left(table, seat) >= 1:
        known = costs(state)
        for kind in city.TYPES:
            if city.tiles_left(table["businesses"], kind) < 1 or known.get(kind, 1) > purse:
                continue
            shows = _shows(state, seat, kind)
            if not _owns(state, seat, kind) and shows is False:
                continue
            ask = not _owns(state, seat, kind) and shows is None  # the player shows the cards and says so
            # A known cost is paid as it is (one tap); an unknown one is entered once, from 1: never free.
            cost = {"cost": known[kind]} if kind in known else {}
            price = f" for {known[kind]}" if kind in known else ""
            found.append(Option(
                sentence(a(city.LABELS[kind]) + price) + (f": show {_need(kind)}" if ask else ""), city.LABELS[kind][:6],
                {"type": "advance", "action": "sponsor", "business": kind, **cost, **({"shown": True} if ask else {})},
                confirm=ask, private=virtual(state), under="Sponsor a business",  # a hand's secret: its phone only
                fields={"campi": {"type": "array", "title": "campi", "minItems": 1, "maxItems": 2, "uniqueItems": True,
                                  "items": _campo(state, "campo", "the campo the building touches (two if it touches two)")},
                        **({} if cost else {"cost": {"type": "integer", "title": "cost printed on the tile",
                                                     "minimum": 1, "maximum": min(MOST, purse)}})}))
    return [*found, Option("Sponsor nothing", "None", {"type": "advance"}, button="NEXT")]


def sponsor(e: Edit) -> None:
    if "statue" in e.action:
        _statue(e)
    else:
        _business(e)


def _statue(e: Edit) -> None:
    seat, table, campo = e.state["flow"]["actor"], e.data, e.action["statue"]
    if not isinstance(campo, str) or not campo.strip() or len(campo) > 40:
        e.refuse("statue: the campo's name, as printed on the board")
    if len(table["statues"]) >= city.STATUES:
        e.refuse(f"all {city.STATUES} statues stand in Venice")
    if any(city.campo_key(s) == city.campo_key(campo) for s in table["statues"]):
        e.refuse(f"{campo} has a statue already: a statue goes in a vacant campo")
    cost = city.statue_cost(len(table["statues"]))
    pay(e, seat, None, cost)
    campo = city.as_named(table, campo)
    table["statues"].append(campo)
    e.say(f"{name(e.state, seat)} sponsors a statue in {campo} for {cost}.")


def _business(e: Edit) -> None:
    seat, table = e.state["flow"]["actor"], e.data
    kind, cost, campi = e.action.get("business"), e.action.get("cost"), e.action.get("campi")
    if kind not in city.TYPES:
        e.refuse(f"business: one of {', '.join(city.TYPES)}")
    # Never free, and a known cost as it is: what the options offer, the only inputs a table can make. A journal
    # of an earlier version, replayed, may hold a business for 0 or two costs for one type: it replays as it was.
    if type(cost) is not int or not 0 <= cost <= MOST:
        e.refuse(f"cost: the Ducats printed on the tile, 1 to {MOST}")
    known = e.data.setdefault("costs", {})
    if not isinstance(campi, list) or not 1 <= len(campi) <= 2 or any(
            not isinstance(c, str) or not c.strip() or len(c) > 40 for c in campi):
        e.refuse("campi: the campo the building touches (or the two it touches)")
    if len({city.campo_key(c) for c in campi}) < len(campi):
        e.refuse(f"campi: {campi[0]} is named twice")
    if city.tiles_left(table["businesses"], kind) < 1:
        e.refuse(f"no {'Manufacturing' if kind in city.MANUFACTURING else 'Luxury'} Business tile is left")
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
    if kind not in known and cost:
        known[kind] = cost
        e.say(f"The {city.LABELS[kind]} tiles cost {cost}: the box keeps it for the next ones.")



STEP = Step("SPONSOR", "Sponsor", EACH, when=doing("SPONSOR"), done="None", undone="sponsoring",
            options=options, handlers={"sponsor": sponsor})
