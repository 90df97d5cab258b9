"""La Venise du Nord: what the active player may do at any time in his own turn, in every phase (cubes
moved down from the stock onto his cards, a Price shift or Fill stock Master Builder used), and the
table's corrections (the turn ended at once, a Burgher, the Boat, a die, a bridge, a price or the Market's
sales set right by hand, fixes.py): the flow's any-time layer, which the core adds to every phase of a turn."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from pyrsistent import PMap

from companion.core.flow import Anytime
from companion.core.options import CORRECTIONS, Option
from companion.core.edit import Edit

from . import city, fixes, market, powers
from .board import card_at, keys, room, title
from .cards import GOODS, RAWS
from .table import BRIDGES_PER_PLAYER, DICE_PER_PLAYER, STOCK_SPACES, bridges_of, fresh_turn, own_dice, prices, stock

LOWER_NAMES = {"cube": "a cube off", "one": "a +1 card off", "two": "a +2 card off"}
SWAPPED = "a +2 card swapped for a cube"  # a price down by 1 where a +2 card sets it (a Port, a Price shift)


def with_lower(action: dict[str, Any], fields: dict[str, Any], pieces: dict[str, int], swap: bool = False) -> None:
    """Which piece comes off a price, the pieces there are: a field, or fixed in the action when there is one
    way (none at a price of 0). `swap`: a +2 card is swapped for a cube (down by 1), not taken off."""
    there = [k for k, (piece, _) in market.LOWER.items() if pieces[piece]]
    if len(there) == 1:
        action["lower"] = there[0]
    elif there:
        fields["lower"] = {"title": "which piece comes off", "enum": there,
                           "enumNames": [SWAPPED if swap and k == "two" else LOWER_NAMES[k] for k in there]}


def options(state: PMap, seat: int | None) -> list[Option]:
    """The active player's own board, in any phase of his turn."""
    if seat is None or seat != state["flow"]["player"] or state["data"]["turn"]["looker"] is not None:
        return []
    table = state["data"]
    board = table["boards"][seat]
    held = stock(state, seat)
    found = []
    for key in keys(board):
        card = card_at(board, key)
        for raw in RAWS:
            most = min(held[raw], room(card, raw))
            if not most:
                continue
            action = {"type": "place", "raw": raw, "onto": key}
            # It starts at the most that fits: what the card still needs, as far as the stock has it.
            fields = {"n": {"type": "integer", "title": f"{raw} cubes", "minimum": 1, "maximum": most, "default": most}
                      } if most > 1 else {}
            # "Wool onto Movement +-1", under "Stock cubes onto a card" (what it needs: the Table page)
            found.append(Option(f"{raw.capitalize()} onto {title(card)}", "Cubes", action | ({} if fields else {"n": 1}),
                                fields=fields, under="Stock cubes onto a card"))  # one entry when the list is long
    for k, b in enumerate(board["builders"]):
        if not b["activated"] or b["used"]:
            continue
        if b["kind"] == "price_shift":
            for down in (g for g in GOODS if g != b["good"]):
                action, fields = {"type": "builder", "card": k, "down": down}, {}
                with_lower(action, fields, table["prices"][down], swap=True)
                # "Use Price shift Clothing: jewelry -1": the card's own good goes up by 1, as it always does (the
                # new prices: the Table page), on the box's two lines
                found.append(Option(f"Use {title(b)}: {down} -1", "Shift", action, fields=fields))
        elif b["kind"] == "fill_stock":
            fills = _fills()
            found.append(Option(f"Use {title(b)}: fill the stock", "Fill", {"type": "builder", "card": k},
                                fields={"fill": {"title": "the stock as it will be", "enum": fills,
                                                 "enumNames": [_fill_words(f, held) for f in fills],
                                                 "enumGroups": [" and ".join(f) for f in fills]}}))  # by its kinds
    return found


def _fills() -> list[dict[str, int]]:
    """The stock filled "with 2 types of Raw Materials of your choice": every split of its 6 spaces in two kinds."""
    return [{one: n, other: STOCK_SPACES - n} for one, other in combinations(RAWS, 2) for n in range(1, STOCK_SPACES)]


def _fill_words(fill: dict[str, int], held: dict[str, int]) -> str:
    """A fill as the player picks it, with the cubes it throws out of his stock: "3 wool, 3 gold (out: 2 flax)"."""
    out = powers.thrown_out(fill, held)
    return ", ".join(f"{n} {r}" for r, n in fill.items()) + (f" (out: {out})" if out else "")


DICE, BRIDGES = "The dice on the tiles are otherwise", "The bridges are otherwise"  # corrections listed by kind


def corrections(state: PMap) -> list[Option]:
    """The table set right by hand, where the real table and the companion disagree."""
    table = state["data"]
    flow = state["flow"]
    names = [p["name"] for p in state["players"]]
    seats = list(range(len(names)))
    tiles = {"title": "tile", "enum": list(city.TILES)}
    found = [Option(f"End {names[flow['player']]}'s turn now", "EndTrn", {"type": "end_turn"}, confirm=True, group=CORRECTIONS)
             ] if table["turn"]["looker"] is None else []
    found += [Option(f"{names[s]}'s Burgher stands elsewhere", "Burghr", {"type": "burgher", "seat": s}, fields={"tile": tiles},
                     group=CORRECTIONS, under="A Burgher stands elsewhere") for s in seats]
    found.append(Option("The Boat lies elsewhere", "SetBoa", {"type": "boat"}, group=CORRECTIONS,
                        fields={"boat": city.berth_field(city.all_berths(table["layout"]), "where")}))
    for s in seats:  # a die from the hand, or one of the five moved or turned
        where = list(city.TILES) if len(own_dice(table, s)) < DICE_PER_PLAYER else own_dice(table, s)
        found.append(Option(f"A die of {names[s]}'s lies on a tile", "SetDie", {"type": "die", "seat": s},
                            fields={"tile": {"title": "tile", "enum": where},
                                    "value": {"type": "integer", "title": "value", "minimum": 1, "maximum": 6}},
                            group=CORRECTIONS, under=DICE))
    if table["dice"]:
        found.append(Option("A die is not on its tile", "NoDie", {"type": "die", "seat": None},
                            fields={"tile": {"title": "tile", "enum": [t for t in city.TILES if t in table["dice"]]}}, group=CORRECTIONS,
                            under=DICE))
    edges = sorted({city.edge(t, u) for t in city.TILES for u in city.neighbours(table["layout"], t)})
    found += [Option(f"A bridge of {names[s]}'s stands", "SetBrg", {"type": "bridge", "seat": s},
                     fields={"tiles": city.bridge_field(edges)}, group=CORRECTIONS, under=BRIDGES)
              for s in seats if len(bridges_of(table, s)) < BRIDGES_PER_PLAYER]
    if table["bridges"]:
        standing = [b["tiles"] for b in table["bridges"]]
        found.append(Option("A bridge is not there", "NoBrg", {"type": "bridge", "seat": None},
                            fields={"tiles": city.bridge_field(standing)}, group=CORRECTIONS, under=BRIDGES))
    count = {"type": "integer", "minimum": 0, "maximum": 30}
    # Each field starts at what the table holds now, so Do it with nothing changed changes nothing.
    found += [Option(f"The {g} price is set otherwise (now {prices(table)[g]})", "Price", {"type": "price", "good": g},
                     fields={p: {**count, "title": t, "default": table["prices"][g][p]}
                             for p, t in (("cubes", "cubes"), ("ones", "+1 cards"), ("twos", "+2 cards"))},
                     group=CORRECTIONS, under="A price is set otherwise") for g in GOODS]
    open_ = [s for s in table["market"] if s["by"] != "setup"]
    sold = sum(1 for s in open_ if s["by"] is not None)
    found.append(Option(f"The Market's sales are otherwise (now {sold})", "SetMkt",
                        {"type": "market"}, fields={"sales": {"type": "integer", "title": "spaces covered by sales",
                                                              "minimum": 0, "maximum": len(open_), "default": sold}},
                        group=CORRECTIONS))
    return found


def end_turn(e: Edit) -> None:
    """The shortcut: the next player's phase 1, whatever phase this turn is in."""
    seat = e.state["flow"]["player"]
    if e.action.get("seat") is not None and e.action["seat"] != seat:
        e.refuse(f"it is {e.name(seat)}'s turn to end, not {e.name(e.action['seat'])}'s")
    if e.data["turn"]["looker"] is not None:
        e.refuse(f"{e.name(e.data['turn']['looker'])} is looking at cards drawn: keep one or none first")
    e.data["turn"] = fresh_turn()
    e.end_turn()


def idle(step_options: Callable[[PMap, int | None], list[Option]], words: str) -> Callable[[PMap], str]:
    """A phase in which the active player has nothing to do, neither its own (NEXT's aside) nor what he may do at
    any time in his turn, passes by itself: `words` ("{who} has no workshop ready to produce.") say why."""

    def why(state: PMap) -> str:
        seat = state["flow"]["player"]
        if any(not o.button for o in step_options(state, seat)) or options(state, seat):
            return ""
        return words.format(who=state["players"][seat]["name"])

    return why


# What the active player may do at any time in his turn, and (to the table) the corrections: in every phase of a
# turn, beside the phase's own (the core merges them).
ANYTIME = Anytime(options=lambda state, seat: [*options(state, seat), *(corrections(state) if seat is None else [])],
                  handlers={"place": powers.place, "builder": powers.use_builder, "end_turn": end_turn,
                            "burgher": fixes.burgher, "boat": fixes.boat, "die": fixes.die,
                            "bridge": fixes.bridge, "price": fixes.price, "market": fixes.sales})
