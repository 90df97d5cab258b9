"""The buttons: one `gpiozero.Button` per role, and an optional rotary encoder.

Debounce and long press are ours, worked out from the time of each edge:
gpiozero's mock pins ignore `bounce_time`, and its `hold_time` runs on a timer
thread, so neither could be tested without sleeping. A press is reported when
the button is released: short below `long_press_ms`, long at or above it.

A contact bounces for a few milliseconds when it closes and opens; an edge
within `debounce_ms` of the last accepted edge on that button is bounce and is
ignored. If a real release hides inside that window (a tap shorter than the
debounce time), the next press starts afresh rather than being read as one long
hold.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gpiozero import Button, RotaryEncoder

from companion.controls import ROLES
_ACTING = ("back", "action", "next")  # the presses that act: a double press must not repeat them (SELECT only walks)


@dataclass(frozen=True)
class Press:
    role: str
    long: bool
    at: float  # the release edge, on the buttons' clock
    held: float = 0.0  # seconds from press to release
    # Why it is not acted on, when it is not: "changed" (made against a screen nobody had read yet: the screen says
    # to press again) or "double" (the second half of a double press: taken once, as the guides promise).
    dropped: str = ""


class PressDecoder:
    """Edges in, presses out: debounce and long press from timestamps alone."""

    def __init__(self, debounce_ms: int = 30, long_press_ms: int = 800, settle_ms: int = 300):
        self.debounce_ms = debounce_ms
        self.long_ms = long_press_ms
        self.settle_ms = settle_ms
        self._down: dict[str, float] = {}  # role -> when the accepted press began
        self._last: dict[str, float] = {}  # role -> the last accepted edge
        self._changed: float | None = None  # the last change of step or of who acts
        self._acted: float | None = None  # the release of the last NEXT or ACTION, dropped or not

    def changed(self, at: float) -> None:
        """The step, or who acts, changed at `at`: presses overlapping the next `settle_ms` are dropped."""
        self._changed = at

    def edge(self, role: str, down: bool, at: float) -> Press | None:
        last = self._last.get(role)
        bouncing = last is not None and _ms(at - last) < self.debounce_ms
        if down:
            if bouncing:
                return None
            # Pressed while we think it is held: the release was lost in the
            # bounce window; start this press afresh.
            self._down[role] = self._last[role] = at
            return None
        began = self._down.get(role)
        if began is None or bouncing:
            return None
        del self._down[role]
        self._last[role] = at
        previous = self._acted
        if role in _ACTING:
            self._acted = at
        long = _ms(at - began) >= self.long_ms
        if role in _ACTING and previous is not None and _ms(began - previous) < self.settle_ms:
            return Press(role, long, at, at - began, dropped="double")  # the second half of a double press
        if self._changed is not None and at >= self._changed and _ms(began - self._changed) < self.settle_ms:
            return Press(role, long, at, at - began, dropped="changed")  # begun on a screen nobody had read yet
        return Press(role, long, at, at - began)


def _ms(seconds: float) -> float:
    """Milliseconds, rounded so 0.8 s held is 800 ms, not 799.9999."""
    return round(seconds * 1000, 3)


class GpioButtons:
    """The table's buttons on gpiozero; presses go to `on_press`, encoder steps to `on_turn`.

    Callbacks come from gpiozero's event thread (or, on mock pins, from whoever
    drives the pin); they only decode and hand on, under one lock.
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        on_press: Callable[[Press], None],
        *,
        debounce_ms: int = 30,
        long_press_ms: int = 800,
        settle_ms: int = 300,
        encoder: tuple[int, int] | None = None,
        on_turn: Callable[[int], None] | None = None,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
        on_dropped: Callable[[Press], None] | None = None,
    ):
        self._decoder = PressDecoder(debounce_ms, long_press_ms, settle_ms)
        self._on_press = on_press
        self._on_dropped = on_dropped  # a press not acted on (Press.dropped says why): the screen says so
        self._on_turn = on_turn
        self._clock = clock
        self._lock = threading.Lock()
        self.pins = dict(pins)
        self.buttons: dict[str, Button] = {}
        self.encoder: RotaryEncoder | None = None
        try:
            for role, pin in self.pins.items():
                button = Button(pin, pull_up=True, pin_factory=pin_factory)
                button.when_pressed = lambda role=role: self._edge(role, True)
                button.when_released = lambda role=role: self._edge(role, False)
                self.buttons[role] = button
            if encoder is not None:
                # max_steps=0: an endless knob, counted in detents, not a dial.
                self.encoder = RotaryEncoder(*encoder, max_steps=0, pin_factory=pin_factory)
                self.encoder.when_rotated_clockwise = lambda: self._turn(1)
                self.encoder.when_rotated_counter_clockwise = lambda: self._turn(-1)
        except Exception:
            self.close()
            raise

    def _edge(self, role: str, down: bool) -> None:
        with self._lock:
            press = self._decoder.edge(role, down, self._clock())
        if press is not None and not press.dropped:
            self._on_press(press)
        elif press is not None and self._on_dropped is not None:
            self._on_dropped(press)

    def changed(self) -> None:
        """The step, or who acts, has just changed (from any thread): see PressDecoder."""
        with self._lock:
            self._decoder.changed(self._clock())

    def _turn(self, steps: int) -> None:
        if self._on_turn is not None:
            self._on_turn(steps)

    def close(self) -> None:
        for device in [*self.buttons.values(), self.encoder]:
            if device is not None:
                device.close()
        self.buttons.clear()
        self.encoder = None
