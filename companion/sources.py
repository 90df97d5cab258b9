"""Who made an input (TABLE.md, "Where an input may come from"): a phone, the box's buttons, or the reader.

Every accepted input is journaled with its source, and the log says who ("Cy puts a Cog on Antioch —
Bea's phone (7F3A)"), on the table and in Past games. A phone is named as it was named when it made the
input, with the short id its own pages show (a name can be copied, the id cannot be chosen).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

UNNAMED = "a phone"  # the name of a phone paired without one (from the QR code), until it claims a seat


def short_id(session_id: str) -> str:
    """The 4 characters a phone shows large on its own pages, and the OLED shows when it asks for a seat."""
    return session_id[:4].upper()


@dataclass(frozen=True)
class Source:
    """`by`: "phone" (a paired phone: its own seat's page, or the host's table page), "buttons" (the box),
    "reader", or "table" (the companion's own code: tests, benchmarks; it acts as the buttons do)."""

    by: str = "table"
    phone: str = ""  # the phone's session id
    name: str = ""  # the phone's name when it made the input
    seat: int | None = None  # a phone's own seat: it acts as that player, and for nobody else
    host: bool = False  # the host's phone (its table page acts for the table)
    acting_for: int | None = None  # the held seat the host acted for, after confirming

    @classmethod
    def of_phone(cls, session_id: str, name: str, *, seat: int | None = None, host: bool = False) -> "Source":
        return cls("phone", session_id, name, seat, host)

    def for_seat(self, seat: int) -> "Source":
        return replace(self, acting_for=seat)

    def journal(self) -> dict[str, Any]:
        """As the journal keeps it."""
        if self.by == "reader" and self.acting_for is not None:
            return {"by": "reader", "for": self.acting_for}  # for a seat a phone holds
        if self.by != "phone":
            return {"by": self.by}
        out: dict[str, Any] = {"by": "phone", "id": self.phone, "name": self.name}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.acting_for is not None:
            out["for"] = self.acting_for
        return out


def said(source: Mapping[str, Any] | None, players: Sequence[Mapping[str, Any]]) -> str:
    """Who made an input, for the log: "Bea's phone (7F3A)" ("phone 7F3A" unnamed), "the box's buttons", "the
    reader"; "" when the
    journal does not say (an older journal, or the companion itself)."""
    if not source:
        return ""
    by = source.get("by")
    if by == "buttons":
        return "the box's buttons"
    held = source.get("for")
    if by == "reader":
        return f"the reader, for {players[held]['name']}" if isinstance(held, int) and 0 <= held < len(players) else "the reader"
    if by != "phone":
        return ""
    short, name = short_id(str(source.get("id", ""))), source.get("name")
    who = f"{name} ({short})" if name and name != UNNAMED else f"phone {short}"
    if isinstance(held, int) and 0 <= held < len(players):
        who += f", acting for {players[held]['name']}"
    return who


def signed(lines: Sequence[str], source: Mapping[str, Any] | None, players: Sequence[Mapping[str, Any]]) -> list[str]:
    """An input's log lines, signed with who made it: its first line, which says what was done; or, for what
    NEXT does (a step ended: its lines say what follows, "Turn 5: Cy leads"), a line of its own first that
    says what it did (the source's "did": the option's label), "Cy's phone (CB27): Done: on to Summer"."""
    who = said(source, players)
    if not who:
        return list(lines)
    did = (source or {}).get("did")
    if did:
        return [f"{who[0].upper()}{who[1:]}: {did}", *lines]
    if not lines:
        return []
    return [f"{lines[0].removesuffix('.')} — {who}", *lines[1:]]
