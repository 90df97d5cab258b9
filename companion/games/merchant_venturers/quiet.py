"""Merchant Venturers: a quiet season in one tap. "Nothing this season" ends the player's part of the phase he
is in, and of every phase of his left this season: his purchases, sailings and his chances at the ports are
passed over. Where he has goods bought waiting to be loaded or stored, it is not offered (Done says what
would be lost). A phase in which a player has nothing he could do passes him over too (phase.py's `skip`)."""

from __future__ import annotations

from pyrsistent import PMap

from companion.core.options import Option
from companion.core.edit import Edit


def said(state: PMap, seat: int) -> bool:
    quiet = state["data"].get("quiet") or {}
    return quiet.get("turn") == state["flow"]["round"] and seat in quiet.get("seats", ())


def waiting(state: PMap, seat: int) -> bool:
    """Goods he bought wait on the quay, to be loaded or stored (else lost)."""
    return any(state["data"]["quay"][seat].values())


def sailed(state: PMap, seat: int) -> bool:
    """A ship of his sailed this season: the season was not a quiet one."""
    ships = state["data"]["sailed"]
    return ships["turn"] == state["flow"]["round"] and any(s == seat for s, _ in ships["ships"])


def options(state: PMap, seat: int) -> list[Option]:
    if waiting(state, seat):
        return []
    if sailed(state, seat):  # the rest passed: asked first, for after a sail it is ACTION's word on the box, where
        # the cursor stays, and one more ACTION would pass his chances at the ports
        return [Option("Nothing more this season", "Quiet", {"type": "advance", "action": "quiet"},
                       confirm=True)]
    return [Option("Nothing this season: pass it all", "Quiet", {"type": "advance", "action": "quiet"})]


def handler(e: Edit) -> None:
    seat, turn = e.state["flow"]["actor"], e.state["flow"]["round"]
    if waiting(e.state, seat):
        e.refuse("goods bought wait to be loaded or stored: load or store them, or say Done")
    quiet = e.data.get("quiet") or {}
    seats = list(quiet.get("seats", [])) if quiet.get("turn") == turn else []
    e.data["quiet"] = {"turn": turn, "seats": [*seats, seat]}
    e.say(f"{e.name(seat)}: nothing {'more ' if sailed(e.state, seat) else ''}this season.")
