"""PLACE: every Burgher is placed before the first roll, first player first: "Puts their Burgher meeple on
a tile of their choice, starting with the 1st player" [R l.125-129]."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.flow import EACH, Step
from companion.core.edit import Edit

from .city import TILES


def options(state: PMap, seat: int | None) -> list[Option]:
    if seat is None or seat != state["flow"]["actor"]:
        return []
    return [Option(f"Start on {tile}", "Start", {"type": "advance", "tile": tile}) for tile in TILES]


def place(e: Edit) -> None:
    seat, tile = e.state["flow"]["actor"], e.action.get("tile")
    if tile not in TILES:
        e.refuse(f"tile: where {e.name(seat)}'s Burgher starts, one of {', '.join(TILES)}")
    e.data["burghers"][seat] = tile
    e.say(f"{e.name(seat)}'s Burgher starts on {tile}.")


# "Puts their Burgher meeple on a tile of their choice, starting with the 1st player" [R]: every player, in
# the first player's first turn, before the first roll.
STEP = Step("PLACE", "Place your Burgher", EACH, when=lambda s: None in s["data"]["burghers"], done="Place", undone="placing the Burgher",
            options=options, handlers={"advance": place}, anytime=False)  # before the play: no powers, no corrections
