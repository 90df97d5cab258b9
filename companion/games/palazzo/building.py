"""The palazzo game's palazzos: where a structure may go (the Duke's building rules, layout.py), the
reserve actions and the turret [R l.68-80]. Each kind of input with the options that offer it; the
places a phone draws come with the fields that choose them ("grid": the palazzo as it stands)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.edit import Edit

from . import layout
from .pieces import SUIT_WORDS, key, mark, suit, tile_name
from .table import cells, laid_out

RESERVE = "reserve"
IN_RESERVE = "Reserve: build, swap, remove"  # the rulebook's 3 reserve actions, listed as one choice


def grid(table: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """The palazzo as a phone draws it: each structure's place, its tile and whether the turret is on it."""
    return [{"at": list(s["at"]), "tile": s["tile"], "mark": mark(s["tile"]), "turret": s["tile"] == table["turrets"][seat]}
            for s in table["palazzos"][seat] if s["at"] is not None]


def places(state: PMap, seat: int, tile: str, reserve: bool = False, swaps: bool = False) -> dict[str, Any] | None:
    """The field that chooses where `tile` goes: a legal cell of the palazzo (the first structure: the
    start of it), the reserve when `reserve`, and when `swaps` the place of a structure it may be exchanged
    with (that one goes to the reserve); None when it can go nowhere."""
    table = state["data"]
    palazzo = table["palazzos"][seat]
    if laid_out(palazzo) is False:  # recorded without places (a game of an earlier version)
        values, names, keys, groups = ["palazzo"], ["the palazzo"], ["Build"], ["Build"]
    else:
        grid_now = cells(palazzo)
        empty = layout.legal_cells(grid_now, tile)
        taken = [c for c in grid_now if swaps and layout.swap(grid_now, c, tile) is None]
        values = [list(c) for c in (*empty, *taken)]
        names = ([layout.describe(grid_now, c) for c in empty]
                 + [f"in place of {grid_now[c]}: exchanged, it goes to the reserve" for c in taken])
        beside = [layout.side_word(grid_now, c) for c in empty]
        keys = [word for word, _ in beside] + [key(grid_now[c]) for c in taken]
        groups = [key(by) if by else word for word, by in beside] + ["Swap"] * len(taken)
    if reserve:
        values, names, keys, groups = values + [RESERVE], names + ["the reserve"], keys + ["Resrv"], groups + ["Resrv"]
    if not values:
        return None
    # On the box's keys: each place a word while one structure is beside them all (the first ones built), else
    # the structure first ("S3": then Left, Above ...), the exchanges together ("Swap": then the structure).
    return {"enum": values, "enumNames": names, "enumShort": keys, "enumGroups": groups, "title": "where it goes",
            "grid": grid(table, seat)}


def _cell(e: Edit, at: object) -> tuple[int, int] | None:
    if at is None:
        return None
    if isinstance(at, (list, tuple)) and len(at) == 2 and all(type(v) is int and -50 <= v <= 50 for v in at):
        return at[0], at[1]
    e.refuse("at: the structure's place as [x, y], whole numbers from -50 to 50")


def build(e: Edit, seat: int, tile: str, at: object) -> dict[str, Any]:
    """The palazzo entry for `tile` built at `at`, if the building rules allow it."""
    cell = _cell(e, at)
    palazzo = e.data["palazzos"][seat]
    mode = laid_out(palazzo)
    if mode is True and cell is None:  # (a first structure without a place: a palazzo only recorded, as in
        # journals of an earlier version; nothing offers that now)
        where = ", ".join(f"{list(c)} ({layout.describe(cells(palazzo), c)})" for c in layout.legal_cells(cells(palazzo), tile))
        e.refuse(f"this palazzo is laid out: say where {tile} goes (at [x, y]): " + (where or "it fits nowhere, so it goes to the reserve"))
    if mode is False and cell is not None:
        e.refuse("this palazzo is recorded without places: leave out where it goes")
    if cell is not None:
        e.must(layout.place(cells(palazzo), tile, cell), "{} (a structure that cannot be placed goes to the reserve)")
    return {"tile": tile, "at": list(cell) if cell is not None else None}


def _named(e: Edit, given: object, where: list[str], what: str) -> str:
    tile = tile_name(given)
    if tile is None or tile not in where:
        e.refuse(f"{what}: one of {', '.join(where) or 'none'}")
    return tile


def _tiles(table: Mapping[str, Any], seat: int, tiles: list[str], title: str) -> dict[str, Any]:
    """A field that picks one of the palazzo's own structures (drawn where they stand): on the box's keys by name
    ("S3"), and where there are more than a few, by suit first ("Moon Sun Arms Crown")."""
    return {"enum": tiles, "enumShort": [key(t) for t in tiles], "enumGroups": [SUIT_WORDS[suit(t)] for t in tiles],
            "title": title, "grid": grid(table, seat)}


# --- the reserve ---------------------------------------------------------------------------------------


def reserve_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    palazzo, held = table["palazzos"][seat], table["reserves"][seat]
    grid_now = cells(palazzo)
    options = []
    movable = [s["tile"] for s in palazzo if s["at"] is None or layout.remove(grid_now, tuple(s["at"])) is None]
    if movable:
        options.append(Option("Move a structure to the reserve", "Resrv", {"type": "advance", "action": "reserve"},
                              fields={"remove": _tiles(table, seat, movable, "structure to the reserve")}, under=IN_RESERVE))
    for t in held:  # the tile first, then where: an empty place, or a structure's to exchange it with
        where = places(state, seat, t, swaps=True)
        if where is not None:
            fields = {"at": where} if laid_out(palazzo) is not False else {}
            options.append(Option(f"Build {t} from the reserve", key(t) if len(held) > 1 else "Build",
                                  {"type": "advance", "action": "reserve", "build": t}, fields=fields,
                                  under=IN_RESERVE))
        if laid_out(palazzo) is False:  # recorded without places (a game of an earlier version): swapped by name
            options.append(Option(f"Swap {t} into the palazzo", "Swap", {"type": "advance", "action": "reserve", "build": t},
                                  fields={"remove": _tiles(table, seat, [s["tile"] for s in palazzo], f"structure {t} replaces")},
                                  under=IN_RESERVE))
    return options


def reserve(e: Edit) -> None:
    """Build a reserve tile into the palazzo, move a palazzo tile to the reserve, or swap the two (the
    reserve tile takes the palazzo tile's place: `remove` names it, or `at` is its place); the building rules
    hold after each [R l.68-74]."""
    seat = e.seat
    palazzo, held = e.data["palazzos"][seat], e.data["reserves"][seat]
    built = [s["tile"] for s in palazzo]
    if e.action.get("build") is None and e.action.get("remove") is None:
        e.refuse("build (a reserve tile into the palazzo), remove (a palazzo tile to the reserve), or both to swap them")
    into = _named(e, e.action["build"], held, "build") if e.action.get("build") is not None else None
    leaving = _named(e, e.action["remove"], built, "remove") if e.action.get("remove") is not None else None
    who = e.name(seat)
    at = _cell(e, e.action.get("at"))
    standing = cells(palazzo).get(at) if into is not None and leaving is None and at is not None else None
    if standing is not None:  # built where a structure stands: the two exchanged, as when that one is named
        leaving, at = standing, None
    if leaving is None:  # reserve -> palazzo
        palazzo.append(build(e, seat, into, at))
        held.remove(into)
        e.say(f"{who} builds {into} from the reserve.")
        return
    if at is not None:
        e.refuse("at: only for a structure built from the reserve (a swap keeps the place)")
    i = built.index(leaving)
    at = palazzo[i]["at"]
    grid_now = cells(palazzo)
    if into is not None:
        bad = layout.swap(grid_now, tuple(at), into) if at is not None else None
        palazzo[i] = {"tile": into, "at": at}
        held.remove(into)
        e.say(f"{who} swaps {leaving} (to the reserve) for {into} from the reserve.")
    else:
        bad = layout.remove(grid_now, tuple(at)) if at is not None else None
        palazzo.pop(i)
        e.say(f"{who} moves {leaving} to the reserve.")
    e.must(bad)
    held.append(leaving)
    if e.data["turrets"][seat] == leaving:
        e.data["turrets"][seat] = None
        e.say(f"{who}'s turret comes back with it (a structure in reserve does not score).")


# --- the turret ----------------------------------------------------------------------------------------


def turret_options(state: PMap, seat: int) -> list[Option]:
    table = state["data"]
    now = table["turrets"][seat]
    free = [s["tile"] for s in table["palazzos"][seat] if s["tile"] != now]
    if not free:
        return []
    return [Option("Move the turret" if now else "Place the turret", "Turret", {"type": "advance", "action": "turret"},
                   fields={"on": _tiles(table, seat, free, "structure")})]


def turret(e: Edit) -> None:
    seat = e.seat
    on = _named(e, e.action.get("on"), [s["tile"] for s in e.data["palazzos"][seat]], "on")
    was = e.data["turrets"][seat]
    if was == on:
        e.refuse(f"the turret already stands on {on}")
    e.data["turrets"][seat] = on
    e.say(f"{e.name(seat)} {f'moves the turret from {was} to {on}' if was else f'puts the turret on {on}'}.")
