"""Who made an input (TABLE.md, "Where an input may come from"): a phone, the box's buttons, or the reader.

Every accepted input is journaled with its source and the player it was for, and the log gives it one line
that says who ("Cy puts a Cog on Antioch — Bea's phone (7F3A)"), on the table and in Past games. A phone is
named as it was named when it made the input, with the short id its own pages show (a name can be copied, the
id cannot be chosen).
"""

from __future__ import annotations

import re
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


def phone(session_id: str, name: str | None) -> str:
    """A phone as the log names it: "Bea's phone (7F3A)", or "phone 7F3A" while it has no name."""
    short = short_id(session_id)
    return f"{name} ({short})" if name and name != UNNAMED else f"phone {short}"


def said(source: Mapping[str, Any] | None, players: Sequence[Mapping[str, Any]]) -> str:
    """Who made an input, for the log: "Bea's phone (7F3A)" ("phone 7F3A" unnamed; ", acting for Ada" when the
    host's page acted for a seat another phone holds), "the box" (its buttons), "the reader"; "" when the
    journal does not say (an older journal, or the companion itself)."""
    if not source:
        return ""
    by = source.get("by")
    if by == "buttons":
        return "the box"
    held = _player(source.get("for"), players)
    if by == "reader":
        return f"the reader, for {held}" if held else "the reader"  # a seat a phone holds
    if by != "phone":
        return ""
    who = phone(str(source.get("id", "")), source.get("name"))
    if held:
        who += f", acting for {held}"
    return who


def signed(lines: Sequence[str], source: Mapping[str, Any] | None, players: Sequence[Mapping[str, Any]]) -> list[str]:
    """An input's log lines with one line for the input itself, which says what was done, for whom and who did
    it: "Cy takes a 5 from the bank — Cy's phone (3614)", "... — the box". That line is the input's first line
    when it says what was done (for a player's input: it names that player); for what NEXT does, whose lines
    may say only what follows ("Turn 5: Cy leads"), it is what NEXT did instead (the option's label, journaled
    as "did"), with those lines after it: "Cy: Done: on to Summer — the box", "Summer."."""
    who = said(source, players)
    if not who:
        return list(lines)
    source = source or {}
    seat = source.get("player", source.get("seat"))  # an older journal has only a phone's own seat
    player = _player(seat, players) if source.get("for") is None else None  # else `who` names the player
    did = source.get("did")
    if did and not (lines and _names(lines[0], player)):
        head, rest = did, list(lines)
    elif lines:
        head, rest = lines[0].removesuffix("."), list(lines[1:])
    else:
        return []
    if player and not _names(head, player):
        head = f"{player}: {head}"
    return [f"{head} — {who}", *rest]


def _player(seat: Any, players: Sequence[Mapping[str, Any]]) -> str | None:
    """The name of the player in `seat`, or None (no seat, or none in this game)."""
    return players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else None


def _names(line: str, player: str | None) -> bool:
    """Whether `line` names `player` (as a word: "Cy passes", "Cy's turn"; not "Cyprus")."""
    return bool(player) and re.search(rf"(?<!\w){re.escape(player)}(?!\w)", line) is not None
