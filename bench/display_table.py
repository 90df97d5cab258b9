"""OLED and table figures: bytes per change, CPU per frame, press-to-frame latency.

Bytes are counted at the emulated panel: command + data bytes, what SPI
carries (I2C adds an address and a control byte to each write, ours and luma's
alike). Ours and luma's are counted on the same controller, the configured one.
Frames come from real views of a free-play game on a temporary journal, so a
"change" is what a player would really cause.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from gpiozero.pins.mock import MockFactory
from luma.oled.device import sh1106, ssd1306

from companion import controls, settings
from companion.games import GAMES
from companion.journal import Journal
from companion.runtime import Runtime
from companion.screens import render
from companion.table import Idle, Table
from hardware import factory
from hardware.display import PagedDisplay
from hardware.panel import EmulatedPanel

SETUP = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")]}
DISPLAY = settings.load()["display"]


class CountingSerial:
    """A luma serial interface that only counts: no decoding, no bus."""

    def __init__(self) -> None:
        self.bytes_sent = 0

    def command(self, *cmd: int) -> None:
        self.bytes_sent += len(cmd)

    def data(self, data) -> None:
        self.bytes_sent += len(data)

    def cleanup(self) -> None:
        pass


def free_play(folder: Path, name: str) -> Runtime:
    runtime = Runtime(Journal(folder / f"{name}.sqlite3"), GAMES)
    runtime.start()
    assert runtime.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
    return runtime


def close(runtime: Runtime) -> None:
    runtime.stop()
    runtime.journal.close()


def cost_of_change(before, after) -> int:
    """Bytes our adapter sends to go from frame `before` to frame `after`."""
    display, panel = factory.simulated_display(DISPLAY)
    display.show(before)
    sent = panel.bytes_sent
    display.show(after)
    return panel.bytes_sent - sent


def luma_frame_bytes(image) -> int:
    """Bytes luma's own driver sends for a frame (all of it), on the same controller."""
    panel = EmulatedPanel(DISPLAY["driver"])
    device = {"ssd1306": ssd1306, "sh1106": sh1106}[DISPLAY["driver"]](panel)
    sent = panel.bytes_sent
    device.display(image)
    return panel.bytes_sent - sent


def cpu_ms_p50(show, screens, iterations: int = 500) -> float:
    """render + show, alternating between different screens so every show sends."""
    samples = []
    for i in range(iterations):
        screen = screens[i % len(screens)]
        t0 = time.perf_counter()
        show(render(screen))
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def bench_frames(folder: Path) -> dict[str, float]:
    runtime = free_play(folder, "frames")
    try:
        before = runtime.view()  # Ada's turn
        assert runtime.submit({"type": "advance"}).accepted
        after = runtime.view()  # Bea's turn
        counted = [after]  # Bea's score from 0 up to 30, one +1 at a time
        for _ in range(30):
            assert runtime.submit({"type": "counter", "name": "score", "seat": 1, "delta": 1}).accepted
            counted.append(runtime.view())
        scored = counted[1]
    finally:
        close(runtime)
    steps = [controls.screen_for(view, controls.Panel()) for view in (before, after)]
    phase = cost_of_change(render(steps[0]), render(steps[1]))
    # A score +1 from the buttons happens on the counters page (NEXT adds one to
    # the focused counter); that page is what the panel shows while scoring.
    # A +1 rewrites the digits that change: "0" to "1" is the widest change of one digit (14 columns), most
    # are 10 or 12, and 9 to 10 adds a digit; the goal holds the median of +1s from 0 to 30.
    bea = controls.Panel(page="counters", focus=1)
    frames = [render(controls.screen_for(view, bea)) for view in counted]
    plus_one = [cost_of_change(a, b) for a, b in zip(frames, frames[1:])]
    score = statistics.median(plus_one)
    # The ranked list, when the +1 changes the order (everyone was tied at 0):
    # most rows move, so this one is reported, not held to the goal.
    ranked = cost_of_change(render(controls.scores_screen(after)), render(controls.scores_screen(scored)))
    luma = luma_frame_bytes(render(steps[1]))

    # CPU on a counting interface (not the EmulatedPanel): its pure-Python RAM
    # decode costs more than either path and would hide the difference.
    ours = PagedDisplay(ssd1306(CountingSerial()), "ssd1306")
    stock = ssd1306(CountingSerial())
    ours_ms = cpu_ms_p50(ours.show, steps)
    luma_ms = cpu_ms_p50(stock.display, steps)
    return {
        "display.bytes.phase_change": phase,
        "display.bytes.score_change": score,
        "display.bytes.score_change_max": max(plus_one),
        "display.bytes.score_change_reranked": ranked,
        "display.bytes.luma_full_frame": luma,
        "display.bytes.phase_change_ratio": round(phase / luma, 3),
        "display.bytes.score_change_ratio": round(score / luma, 3),
        "display.cpu_ms_p50": round(ours_ms, 3),
        "display.cpu_ms_luma_p50": round(luma_ms, 3),
        "display.cpu_ratio": round(ours_ms / luma_ms, 3),
    }


def bench_input_to_frame(folder: Path, presses: int = 300) -> dict[str, float]:
    """Release of NEXT (a short press) to the last data byte of the frame that follows."""
    conf = settings.load()
    runtime = free_play(folder, "input")
    display, panel = factory.simulated_display(conf["display"])
    table = Table(runtime, display, idle=Idle(dim_after=10**6, blank_after=2 * 10**6, shift_every=10**6),
                  clock=time.monotonic)
    pins = MockFactory()
    # No debounce and no settling time: presses come back to back, and each one must draw a frame.
    buttons = factory.build_buttons(conf["buttons"] | {"debounce_ms": 0}, table.press, table.turn, pins, settle_ms=0)
    pin = pins.pin(conf["buttons"]["next"])
    samples = []
    try:
        table.start()
        assert table.wait_idle()
        for _ in range(presses):
            pin.drive_low()
            version = panel.version
            t0 = time.perf_counter()
            pin.drive_high()
            with panel.changed:
                if not panel.changed.wait_for(lambda: panel.version != version, timeout=2.0):
                    raise RuntimeError("no frame followed a press of NEXT")
            assert table.wait_idle()  # the frame is complete and the table quiet again
            samples.append((panel.last_data_at - t0) * 1000)
    finally:
        buttons.close()
        table.stop()
        close(runtime)
    assert runtime.view()["seq"] == presses
    cuts = statistics.quantiles(samples, n=100)
    return {"input_to_frame_ms_p50": round(statistics.median(samples), 3),
            "input_to_frame_ms_p99": round(cuts[98], 3)}


def run(presses: int = 300) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        return bench_frames(folder) | bench_input_to_frame(folder, presses)
