"""A part's health, one shape for every part (the OLED, the buttons, the reader, the card, the Wi-Fi): the
panel's health, the settings page and doctor read it; the edges that drive the parts say it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PartState:
    """Whether a part is there (and works), what is wrong, and what fixes it."""

    ok: bool
    problem: str = ""
    fix: str = ""

    def public(self) -> dict[str, Any]:
        return {"ok": self.ok, "problem": self.problem, "fix": self.fix}


@dataclass(frozen=True)
class NetworkState(PartState):
    """The Wi-Fi as a part: besides whether the box can choose its network, which one is up ("own", "home" or
    "none") and its name."""

    in_use: str = "none"
    ssid: str = ""

    def public(self) -> dict[str, Any]:
        return super().public() | {"in_use": self.in_use, "ssid": self.ssid}
