"""A reader's event as the companion takes it: the one type the reader's link (firmware_bridge) hands to the
table and the journal keeps."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ReaderEvent:
    """An event from the reader as the journal keeps it: (boot, seq) names it."""

    boot: str
    seq: int
    kind: str  # "TAG", "DICE"
    payload: Mapping[str, str]
