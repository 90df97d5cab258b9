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


def options(state: PMap, seat: int) -> list[Option]:
    if waiting(state, seat):
        return []
    return [Option("Nothing this season: pass it all", "Quiet", {"type": "advance", "action": "quiet"})]


def handler(e: Edit) -> None:
    seat, turn = e.state["flow"]["actor"], e.state["flow"]["round"]
    if waiting(e.state, seat):
        e.refuse("goods bought wait to be loaded or stored: load or store them, or say Done")
    quiet = e.data.get("quiet") or {}
    seats = list(quiet.get("seats", [])) if quiet.get("turn") == turn else []
    e.data["quiet"] = {"turn": turn, "seats": [*seats, seat]}
    e.say(f"{e.name(seat)}: nothing this season.")
