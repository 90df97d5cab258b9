"""Dice: roll specs, lookup tables with modifiers, and roll outcomes as actions.

A roll enters the core carrying its values, from the runtime's random source
or from a physical die on the reader; the core only checks and records them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion.core.result import Refused
from companion.core.words import counted

_SPEC = re.compile(r"^([1-9][0-9]?)?d([1-9][0-9]{0,2})$")


@dataclass(frozen=True)
class RollSpec:
    count: int
    sides: int

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


def parse_spec(text: str) -> RollSpec | None:
    """'2d6' -> RollSpec(2, 6); 'd6' means one die; None when it is not a roll spec."""
    m = _SPEC.match(text.strip().lower()) if isinstance(text, str) else None
    if not m:
        return None
    return RollSpec(int(m.group(1) or 1), int(m.group(2)))


def check_values(spec: RollSpec, values: object) -> Refused | None:
    """Why these values cannot be the outcome of `spec` (a refusal), or None when they can."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not all(type(v) is int for v in values):
        return Refused(f"a {spec} roll needs a list of {spec.count} whole numbers")
    if len(values) != spec.count:
        return Refused(f"a {spec} roll has {counted(spec.count, 'value')}, not {len(values)}")
    bad = [v for v in values if not 1 <= v <= spec.sides]
    if bad:
        return Refused(f"{bad[0]} is not a face of a d{spec.sides} (1 to {spec.sides})")
    return None


@dataclass(frozen=True)
class Table:
    """A lookup table: rows of (lowest, highest, result) over a rolled total.

    Modifiers are added to the total, which is then held inside the table's
    range (a total past either end reads the end row), as printed tables do.
    """

    name: str
    rows: tuple[tuple[int, int, object], ...]

    def lookup(self, total: int, modifiers: Sequence[int] = ()) -> object:
        value = total + sum(modifiers)
        low = min(r[0] for r in self.rows)
        high = max(r[1] for r in self.rows)
        value = max(low, min(high, value))
        for lo, hi, result in self.rows:
            if lo <= value <= hi:
                return result
        raise ValueError(f"table {self.name} has no row for {value}")  # a gap in a game's own data
