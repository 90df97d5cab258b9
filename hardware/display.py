"""The OLED: a display adapter that sends only what changed.

luma's SSD1306 and SH1106 drivers pack and send the whole 1024-byte frame on
every `display()`, about 23 ms on a 400 kHz I2C bus. A score change touches a
page or two, so this adapter keeps a copy of what the panel's RAM holds and
sends only the 8-pixel pages that differ, each trimmed to the columns that
differ. On the SSD1306 neighbouring pages share one address window when that is
cheaper; the SH1106 has page addressing only, so it gets one write per page.

It takes an initialised luma device (which has sent the init sequence and
cleared the panel) and talks through that device's `command` and `data`, so
the wiring, the bus and the driver's own start-up stay luma's.
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

WIDTH, HEIGHT, PAGES = 128, 64, 8

# Bytes each address window costs before its pixels: SSD1306 COLUMNADDR a b
# PAGEADDR c d (6), SH1106 page + column low/high nibbles (3); plus the
# control bytes of the two bus transactions.
_WINDOW_COST = {"ssd1306": 6 + 2, "sh1106": 3 + 2}

_REVERSED = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


class Display(Protocol):
    """What the table needs from a screen."""

    def show(self, image: Image.Image) -> int: ...
    def set_contrast(self, level: int) -> None: ...
    def sleep(self) -> None: ...
    def wake(self) -> None: ...


def pack_pages(image: Image.Image) -> list[bytes]:
    """A 128x64 1-bit image as 8 pages of 128 column bytes, bit 0 at the top.

    Done in C by Pillow: transposed, each image row is one column, and
    `tobytes` packs 8 pixels per byte with the top pixel in the high bit, so
    the bits are reversed and the column bytes picked out page by page.
    """
    raw = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(_REVERSED)
    return [raw[page::PAGES] for page in range(PAGES)]


class PagedDisplay:
    def __init__(self, device: Any, driver: str, rotate: int = 0):
        if driver not in _WINDOW_COST:
            raise ValueError(f"unknown display driver {driver!r}")
        if rotate not in (0, 2):
            raise ValueError("rotate must be 0 or 2 (the screens are landscape)")
        self.device = device
        self.driver = driver
        self.rotate = rotate
        self._shown: list[bytes | None] = [bytes(WIDTH)] * PAGES  # luma's constructor cleared the panel

    def show(self, image: Image.Image) -> int:
        """Send what differs from the panel's RAM; returns the pixel bytes sent."""
        if image.mode != "1" or image.size != (WIDTH, HEIGHT):
            image = image.convert("1").resize((WIDTH, HEIGHT))
        if self.rotate == 2:
            image = image.transpose(Image.Transpose.ROTATE_180)
        pages = pack_pages(image)
        changed = [(p, *_span(self._shown[p], pages[p])) for p in range(PAGES) if pages[p] != self._shown[p]]
        try:
            sent = self._send(pages, changed)
        except BaseException:
            # A write failed part way (a loose wire): what the panel holds is
            # unknown, so the next frame goes out whole.
            self._shown = [None] * PAGES
            raise
        self._shown = pages
        return sent

    def _send(self, pages: list[bytes], changed: list[tuple[int, int, int]]) -> int:
        sent = 0
        if self.driver == "ssd1306":
            for p0, p1, c0, c1 in _windows(changed, _WINDOW_COST["ssd1306"]):
                self.device.command(0x21, c0, c1, 0x22, p0, p1)
                payload = b"".join(pages[p][c0:c1 + 1] for p in range(p0, p1 + 1))
                self.device.data(list(payload))  # luma's interfaces take lists
                sent += len(payload)
        else:
            offset = getattr(self.device, "_page_address_offset", 2)
            for p, c0, c1 in changed:
                column = c0 + offset
                self.device.command(0xB0 | p, column & 0x0F, 0x10 | column >> 4)
                self.device.data(list(pages[p][c0:c1 + 1]))
                sent += c1 - c0 + 1
        return sent

    def set_contrast(self, level: int) -> None:
        self.device.contrast(level)

    def sleep(self) -> None:
        self.device.hide()

    def wake(self) -> None:
        self.device.show()


def _span(old: bytes | None, new: bytes) -> tuple[int, int]:
    """The first and last column that differ (the pages are known to differ)."""
    if old is None:
        return 0, WIDTH - 1
    first = next(i for i in range(WIDTH) if old[i] != new[i])
    last = next(i for i in range(WIDTH - 1, -1, -1) if old[i] != new[i])
    return first, last


def _windows(changed: list[tuple[int, int, int]], cost: int) -> list[tuple[int, int, int, int]]:
    """Group changed pages into address windows (p0, p1, c0, c1), merging
    neighbours when one window costs no more than two."""
    windows: list[tuple[int, int, int, int]] = []
    for p, c0, c1 in changed:
        if windows and windows[-1][1] == p - 1:
            q0, q1, d0, d1 = windows[-1]
            merged = (q0, p, min(c0, d0), max(c1, d1))
            if _size(merged) + cost <= _size(windows[-1]) + cost + (c1 - c0 + 1) + cost:
                windows[-1] = merged
                continue
        windows.append((p, p, c0, c1))
    return windows


def _size(window: tuple[int, int, int, int]) -> int:
    p0, p1, c0, c1 = window
    return (p1 - p0 + 1) * (c1 - c0 + 1)
