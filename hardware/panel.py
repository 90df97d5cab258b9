"""A simulated OLED panel: a luma serial interface that decodes what it is sent.

It stands where `luma.core.interface.serial.i2c` or `spi` stands on a Pi, so the
real luma driver (its init sequence, contrast, show/hide) and our paged display
adapter run unchanged. It counts every byte, keeps a short transcript for tests,
and keeps the controller's display RAM the way the chip does, so the frame it
shows is exactly what the bytes produced, not what we meant to send. The
simulated table in the web panel shows this frame.

SSD1306: horizontal addressing inside the window set by COLUMNADDR/PAGEADDR, or
page addressing. SH1106: page addressing only, 132 columns, the visible 128
start at column 2.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterable

from PIL import Image

from hardware.display import _REVERSED, HEIGHT, PAGES, WIDTH

# Commands followed by argument bytes (the rest are one byte on their own).
_ARGS = {
    "ssd1306": {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
                0x8D: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5},
    "sh1106": {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1, 0x8D: 1},
}


class EmulatedPanel:
    """A luma serial interface (command/data/cleanup) that emulates the panel's RAM."""

    def __init__(self, driver: str = "ssd1306", transcript: int = 512):
        if driver not in _ARGS:
            raise ValueError(f"no emulation for {driver}")
        self.driver = driver
        self._columns = 132 if driver == "sh1106" else WIDTH
        self._offset = 2 if driver == "sh1106" else 0
        self.ram = [bytearray(self._columns) for _ in range(PAGES)]
        self.on = False
        self.contrast = 0x7F
        self.command_bytes = 0
        self.data_bytes = 0
        self.transcript: deque[tuple[str, bytes]] = deque(maxlen=transcript)
        self.last_data_at = 0.0  # time.perf_counter() of the last data byte
        self.version = 0  # bumps on every data write, for cheap change checks
        self.changed = threading.Condition()
        self._mode = 2 if driver == "sh1106" else 0
        self._window = (0, WIDTH - 1, 0, PAGES - 1)
        self._col = self._page = 0

    # --- the luma serial interface ----------------------------------------------------------------

    def command(self, *cmd: int) -> None:
        self.command_bytes += len(cmd)
        self.transcript.append(("cmd", bytes(cmd)))
        args = _ARGS[self.driver]
        i = 0
        while i < len(cmd):
            op = cmd[i]
            n = args.get(op, 0)
            self._command(op, cmd[i + 1:i + 1 + n])
            i += 1 + n

    def data(self, data: Iterable[int]) -> None:
        data = bytes(data)
        self.data_bytes += len(data)
        self.transcript.append(("data", data))
        if self._mode == 0:
            c0, c1, p0, p1 = self._window
            for byte in data:
                self.ram[self._page][self._col] = byte
                self._col += 1
                if self._col > c1:
                    self._col = c0
                    self._page = p0 if self._page >= p1 else self._page + 1
        else:  # page addressing: the column advances, the page does not
            row = self.ram[self._page]
            for byte in data:
                if self._col < self._columns:
                    row[self._col] = byte
                self._col += 1
        self.last_data_at = time.perf_counter()
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    def cleanup(self) -> None:
        pass

    # --- what a person would see -----------------------------------------------------------------

    @property
    def bytes_sent(self) -> int:
        return self.command_bytes + self.data_bytes

    def image(self) -> Image.Image:
        """The 128x64 frame as the panel shows it (all dark while it is off)."""
        if not self.on:
            return Image.new("1", (WIDTH, HEIGHT), 0)
        # Each RAM byte is a column of 8 pixels, bit 0 at the top: build the
        # image transposed (one row per column) and turn it back.
        rows = bytearray()
        for x in range(self._offset, self._offset + WIDTH):
            rows.extend(_REVERSED[self.ram[page][x]] for page in range(PAGES))
        return Image.frombytes("1", (HEIGHT, WIDTH), bytes(rows)).transpose(Image.Transpose.TRANSPOSE)

    # --- the controller ----------------------------------------------------------------------------

    def _command(self, op: int, args: bytes) -> None:
        if op == 0xAE:
            self.on = False
        elif op == 0xAF:
            self.on = True
        elif op == 0x81 and args:
            self.contrast = args[0]
        elif self.driver == "ssd1306" and op == 0x20 and args:
            self._mode = args[0] & 0x03
        elif self.driver == "ssd1306" and op == 0x21 and len(args) == 2:
            self._window = (args[0], args[1], *self._window[2:])
            self._col = args[0]
        elif self.driver == "ssd1306" and op == 0x22 and len(args) == 2:
            self._window = (*self._window[:2], args[0] & 7, args[1] & 7)
            self._page = args[0] & 7
        elif 0xB0 <= op <= 0xB7:
            self._page = op & 0x07
        elif op <= 0x0F and self._mode == 2:
            self._col = (self._col & 0xF0) | op
        elif 0x10 <= op <= 0x1F and self._mode == 2:
            self._col = (self._col & 0x0F) | ((op & 0x0F) << 4)
