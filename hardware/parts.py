"""The table's parts that may be missing: the OLED and the buttons, tried again until they answer.

A part missing at start (no OLED wired, I2C not on until the reboot, a button
chip busy) or lost later (a loose cable) never stops the table: its slot stands
in for it, says what is missing and the command that fixes it (`state`), and a
thread of its own tries again every RETRY_S seconds while it is missing. When
the part answers it joins: the OLED shows the latest frame at the contrast and
power the table last asked for.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PIL import Image

from companion.errors import CompanionError
from companion.health import PartState

log = logging.getLogger(__name__)

RETRY_S = 5.0


class PartMissing(CompanionError):
    """A part does not answer: what is wrong, and the command or step that fixes it."""

    def __init__(self, problem: str, fix: str):
        super().__init__(f"{problem}. {fix}")
        self.problem, self.fix = problem, fix


class Slot:
    """A part made by `build` (which raises PartMissing), tried again on a thread while it is missing."""

    name = "part"

    def __init__(self, build: Callable[[], Any], retry_every: float = RETRY_S):
        self._build = build
        self._retry_every = retry_every
        self._lock = threading.RLock()
        self._missing = threading.Event()
        self._stop = threading.Event()
        self.part: Any = None
        self._state = PartState(False, f"the {self.name} has not been looked for yet")
        self.on_change: Callable[[], None] = lambda: None  # the part came or went
        if not self.attempt():
            self._missing.set()
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-retry", daemon=True)
        self._thread.start()

    def state(self) -> PartState:
        return self._state

    def attempt(self) -> bool:
        """Try to make the part now; True when it is there."""
        with self._lock:
            if self.part is not None:
                return True
            try:
                part = self._build()
            except PartMissing as e:
                self._set(PartState(False, e.problem, e.fix))
                return False
            self.part = part
            self._joined(part)
            self._set(PartState(True))
        log.info("%s: there", self.name)
        return True

    def lost(self, problem: str, fix: str) -> None:
        """The part stopped answering: stand in for it and look for it again."""
        with self._lock:
            part, self.part = self.part, None
            self._set(PartState(False, problem, fix))
        _close(part)
        self._missing.set()

    def _set(self, state: PartState) -> None:
        if state == self._state:
            return
        if not state.ok:
            log.warning("%s: %s. %s", self.name, state.problem, state.fix)
        self._state = state
        self.on_change()

    def _joined(self, part: Any) -> None:
        """A part that has just come (under the lock)."""

    def _run(self) -> None:
        while not self._stop.is_set():
            self._missing.wait()
            if self._stop.wait(self._retry_every):
                return
            if self.attempt():
                self._missing.clear()

    def close(self) -> None:
        self._stop.set()
        self._missing.set()
        self._thread.join(2)
        with self._lock:
            part, self.part = self.part, None
        _close(part)


def _close(part: Any) -> None:
    if part is None:
        return
    try:
        part.close() if hasattr(part, "close") else part.device.cleanup()
    except Exception:  # a part that is going away may fail as it goes
        log.debug("closing a part that went away failed", exc_info=True)


class DisplaySlot(Slot):
    """The OLED as the table drives it (show, set_contrast, sleep, wake), whether it answers or not."""

    name = "display"

    def __init__(self, build: Callable[[], Any], fix: str, retry_every: float = RETRY_S):
        self.fix = fix  # what to do when it stops answering
        self._last: Image.Image | None = None
        self._contrast: int | None = None
        self._asleep = False
        super().__init__(build, retry_every)

    def _joined(self, part: Any) -> None:
        if self._contrast is not None:
            part.set_contrast(self._contrast)
        if self._last is not None:
            part.show(self._last)
        if self._asleep:
            part.sleep()

    def _do(self, what: Callable[[Any], Any]) -> Any:
        with self._lock:
            if self.part is None:
                return 0
            try:
                return what(self.part)
            except Exception as e:  # luma's and the bus's errors: a loose cable, a panel that went away
                problem = f"the OLED stopped answering ({e or type(e).__name__})"
        self.lost(problem, self.fix)
        return 0

    def show(self, image: Image.Image) -> int:
        self._last = image
        return self._do(lambda part: part.show(image))

    def set_contrast(self, level: int) -> None:
        self._contrast = level
        self._do(lambda part: part.set_contrast(level))

    def sleep(self) -> None:
        self._asleep = True
        self._do(lambda part: part.sleep())

    def wake(self) -> None:
        self._asleep = False
        self._do(lambda part: part.wake())


class ButtonsSlot(Slot):
    """The buttons (hardware.buttons.GpioButtons), whether their GPIO chip answers or not."""

    name = "buttons"

    def changed(self) -> None:
        part = self.part
        if part is not None:
            part.changed()
