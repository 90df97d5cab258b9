"""Game night anywhere: the companion's own Wi-Fi, when no known network is in reach or the owner asks.

At start (real parts only), `OwnWifi.start` looks at the settings' `network.mode`:
"own" opens the companion's own network, "home" leaves the box on its saved
networks, "auto" opens its own network when none of the saved ones is on the
air. The network's name carries the table's name; its WPA2 passphrase is made
at random each time the network comes up, given to NetworkManager for that
time only and kept nowhere, so a phone that joined once cannot join (nor read
the table's traffic) at a later game night. The OLED shows the standard Wi-Fi
QR code for it, which phone cameras join directly, then the pairing QR code.
The network is reached only through `Network`, the interface this module owns
and hardware.network implements with NetworkManager; where it is missing the
feature says so and everything else runs.
"""

from __future__ import annotations

import logging
import secrets
import socket
import threading
from dataclasses import dataclass
from typing import Any, Protocol

import segno.helpers

from companion.errors import CompanionError
from companion.health import NetworkState

log = logging.getLogger(__name__)

# Read off a small screen and typed on a phone: no 0/o, 1/l/i. 12 of 31 letters and digits: 59 bits.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class InUse:
    network: str  # "home", "own" or "none"
    ssid: str = ""
    device: str = ""


class NetworkError(CompanionError):
    """The network refused or is not there (NetworkManager): the message says which and what to do."""


class Network(Protocol):
    """What the companion asks of the box's network (hardware.network.Network, on NetworkManager). Each call
    raises NetworkError when the network refuses."""

    own_address: str  # the box's address on its own network

    def problem(self) -> str | None:
        """Why the companion cannot choose its network here, or None when it can."""

    def in_use(self) -> InUse:
        """The Wi-Fi connection up now: the companion's own, a home network, or none."""

    def known_in_reach(self) -> list[str]:
        """The saved networks (not the companion's own) whose name is on the air now."""

    def open_own(self, ssid: str, passphrase: str) -> None:
        """The companion's own network up under `ssid`, with `passphrase` for this opening only."""

    def back_home(self) -> None:
        """The companion's own network down: the box goes back to its saved networks."""


def new_passphrase() -> str:
    """A passphrase for one opening of the own network ("abcd-efgh-jkmn")."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(3))


def own_ssid(name: str) -> str:
    """The own network's name: the table's name (the host name when none is set), short enough for the
    OLED's QR code (at most version 3: 53 bytes for "WIFI:T:WPA;S:<name>;P:<14>;;")."""
    table = (name or socket.gethostname()).strip()[:15]
    return f"{table} table" if not table.lower().endswith("table") else table


def join_code(ssid: str, psk: str) -> str:
    """The standard Wi-Fi QR code's text (WIFI:T:WPA;S:...;P:...;;), special characters escaped (segno's helper)."""
    return segno.helpers.make_wifi_data(ssid=ssid, password=psk, security="WPA")


class OwnWifi:
    def __init__(self, network: Network, settings: dict[str, Any]):
        self.network = network
        self.mode = settings["mode"]
        self.ssid = own_ssid(settings["name"])
        self._lock = threading.Lock()
        self._state = NetworkState(False, "not looked at yet")
        self._passphrase: str | None = None  # the own network's, while this companion has it up
        self._join: tuple[str, str] | None = None
        self.on_change = lambda: None  # the OLED shows the Wi-Fi QR code while the own network is up

    def start(self) -> None:
        """At start, on a thread of its own (a scan takes seconds): the network the settings ask for."""
        threading.Thread(target=self._start, name="own-wifi", daemon=True).start()

    def _start(self) -> None:
        problem = self.network.problem()
        if problem:
            log.info("own Wi-Fi: %s", problem)
            self._set(NetworkState(False, problem))
            return
        with self._lock:  # the owner's choice from the settings page waits for the start's (see `use`)
            try:
                if self.mode == "own" or (self.mode == "auto" and self._none_known()):
                    self._open()
            except NetworkError as e:
                log.warning("own Wi-Fi: %s", e)
        self._look()

    def _none_known(self) -> bool:
        if self.network.in_use().network == "home":
            return False
        known = self.network.known_in_reach()
        log.info("own Wi-Fi: saved networks in reach: %s", ", ".join(known) or "none")
        return not known

    def use(self, which: str) -> dict[str, Any]:
        """The owner's choice from the settings page: "own" or "home", now."""
        problem = self.network.problem()
        if problem:
            raise NetworkError(problem)
        with self._lock:
            if which == "own":
                self._open()
            else:
                self.network.back_home()
        return self._look()

    def _open(self) -> None:
        """The own network up with a passphrase of its own (the OLED's Wi-Fi code follows)."""
        made = new_passphrase()
        self.network.open_own(self.ssid, made)
        self._passphrase, self._join = made, None
        self.on_change()

    def _look(self) -> dict[str, Any]:
        try:
            now = self.network.in_use()
            self._set(NetworkState(True, in_use=now.network, ssid=now.ssid))
        except NetworkError as e:
            self._set(NetworkState(False, str(e)))
        return self.state()

    def _set(self, state: NetworkState) -> None:
        changed = state != self._state
        self._state = state
        if changed:
            self.on_change()

    def state(self) -> dict[str, Any]:
        """For the panel (paired phones) and doctor: which network, and the own network's name and address."""
        return self._state.public() | {"own_ssid": self.ssid, "own_address": self.network.own_address}

    def address(self) -> str | None:
        """The box's address while its own network is up (phones on it reach the panel there), else None."""
        return self.network.own_address if self._state.in_use == "own" else None

    def passphrase(self) -> str | None:
        """The own network's passphrase while it is up (this opening's), else None."""
        return self._passphrase if self._state.in_use == "own" else None

    def join(self) -> tuple[str, str] | None:
        """(network name, QR code text) while the own network is up, for the OLED; None otherwise (and when
        another process brought it up: only this companion's opening has a passphrase it knows)."""
        psk = self.passphrase()
        if psk is None:
            return None
        if self._join is None:  # made once an opening: the OLED asks at every frame
            self._join = (self.ssid, join_code(self.ssid, psk))
        return self._join
