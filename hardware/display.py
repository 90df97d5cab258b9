"""The OLED: a display adapter that sends only what changed.

luma's SSD1306 and SH1106 drivers pack and send the whole 1024-byte frame on
every `display()`, about 23 ms on a 400 kHz I2C bus. A score change touches a
page or two, so this adapter keeps a copy of what the panel's RAM holds and
sends only the runs of columns that differ, page by page.

Both controllers are driven in page addressing mode: one command byte picks
the page, two more set the column (its low and high nibble), and the column
then advances with each data byte. So a changed page costs 3 command bytes,
and moving to another run of columns on the same page costs 2: a gap between
two runs is jumped over when that is cheaper than writing its unchanged
columns again. The SH1106 knows no other mode; the SSD1306 is switched to it
(luma's init chose horizontal addressing, whose 6-byte COLUMNADDR/PAGEADDR
window costs more than a page and column for the changes a game makes;
merging pages into one such window only wins for a whole-screen redraw, by
under 2 %).

It takes an initialised luma device (which has sent the init sequence and
cleared the panel) and talks through that device's `command` and `data`, so
the wiring, the bus and the driver's own start-up stay luma's. luma's own
`display()` assumes horizontal addressing, so once this adapter has the
device nothing else should draw on it (luma's clear at exit, with the panel
already switched off, leaves the RAM partly uncleared; its init clears it).
"""

from __future__ import annotations

from typing import Any, Protocol

from PIL import Image

WIDTH, HEIGHT, PAGES = 128, 64, 8

DRIVERS = ("ssd1306", "sh1106")
_PAGE_ADDRESSING = (0x20, 0x02)  # SSD1306 MEMORYMODE: page addressing
_SET_COLUMN = 2  # command bytes that move the column pointer: low nibble, high nibble

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
    """`write_cost`: bytes the bus adds to each command or data write beyond
    the bytes written (I2C: the address byte and the control byte; SPI: none,
    its D/C line says which is which). A jump to another run of columns takes
    one more write of each, so on I2C it pays only over gaps of 7 columns or
    more; with 0 (SPI, and the emulated panel, which counts the bytes of
    commands and data) over gaps of 3 or more."""

    def __init__(self, device: Any, driver: str, rotate: int = 0, *, write_cost: int = 0):
        if driver not in DRIVERS:
            raise ValueError(f"unknown display driver {driver!r}")
        if rotate not in (0, 2):
            raise ValueError("rotate must be 0 or 2 (the screens are landscape)")
        self.device = device
        self.driver = driver
        self.rotate = rotate
        # Where the 128 visible columns start in the controller's RAM (the SH1106 has 132).
        self.offset = (getattr(device, "_page_address_offset", 2) if driver == "sh1106"
                       else getattr(device, "_colstart", 0))
        self.jump_cost = _SET_COLUMN + 2 * write_cost
        self._page_mode = driver == "sh1106"
        self._addressing()
        self._shown: list[bytes | None] = [bytes(WIDTH)] * PAGES  # luma's constructor cleared the panel

    def show(self, image: Image.Image) -> int:
        """Send what differs from the panel's RAM; returns the pixel bytes sent."""
        if image.mode != "1" or image.size != (WIDTH, HEIGHT):
            image = image.convert("1").resize((WIDTH, HEIGHT))
        if self.rotate == 2:
            image = image.transpose(Image.Transpose.ROTATE_180)
        pages = pack_pages(image)
        changed = [(p, _runs(self._shown[p], pages[p], self.jump_cost))
                   for p in range(PAGES) if pages[p] != self._shown[p]]
        try:
            sent = self._send(pages, changed)
        except BaseException:
            # A write failed part way (a loose wire): what the panel holds is
            # unknown, so the next frame goes out whole.
            self._shown = [None] * PAGES
            self._page_mode = self.driver == "sh1106"
            raise
        self._shown = pages
        return sent

    def _addressing(self) -> None:
        if not self._page_mode:
            self.device.command(*_PAGE_ADDRESSING)
            self._page_mode = True

    def _send(self, pages: list[bytes], changed: list[tuple[int, list[list[int]]]]) -> int:
        if changed:
            self._addressing()  # again after a failed write: the panel may have been reset
        sent = 0
        for p, runs in changed:
            select = (0xB0 | p,)  # the page, once: writing data never moves to another page
            for c0, c1 in runs:
                column = c0 + self.offset
                self.device.command(*select, column & 0x0F, 0x10 | column >> 4)
                self.device.data(list(pages[p][c0:c1 + 1]))  # luma's interfaces take lists
                sent += c1 - c0 + 1
                select = ()
        return sent

    def set_contrast(self, level: int) -> None:
        self.device.contrast(level)

    def sleep(self) -> None:
        self.device.hide()

    def wake(self) -> None:
        self.device.show()


def _runs(old: bytes | None, new: bytes, jump_cost: int) -> list[list[int]]:
    """The columns of a page to write, as runs [first, last]: every column that
    differs, and the gaps between them that cost no more to write again than
    to jump over (`jump_cost` bytes)."""
    if old is None:
        return [[0, WIDTH - 1]]
    runs: list[list[int]] = []
    for column in [i for i, (a, b) in enumerate(zip(old, new)) if a != b]:
        if runs and column - runs[-1][1] - 1 <= jump_cost:
            runs[-1][1] = column
        else:
            runs.append([column, column])
    return runs
