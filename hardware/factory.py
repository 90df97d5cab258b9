"""Build the table's parts from the settings: real on a Pi, simulated elsewhere.

Real: luma's i2c or spi interface and its SSD1306 or SH1106 driver, under our
paged display adapter; gpiozero buttons on the default pin factory (lgpio on
Raspberry Pi OS). Simulated: the same adapter and the same luma driver on an
emulated panel, and the same gpiozero buttons on gpiozero's `MockFactory`.

Which one is decided by the caller (`companion run --sim`, or no Raspberry Pi
found); a Pi never falls back to simulation when a part is missing: the error
(PartMissing) says which bus, address or pin, and how to fix it, and the
companion runs on without the part until it answers (hardware.parts).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.controls import ROLES
from hardware.buttons import GpioButtons, Press
from hardware.display import PagedDisplay
from hardware.panel import EmulatedPanel
from hardware.parts import PartMissing


def _driver(name: str) -> Any:
    from luma.oled.device import sh1106, ssd1306

    return {"ssd1306": ssd1306, "sh1106": sh1106}[name]


class GpioZeroLines:
    """The RPi.GPIO calls luma's SPI interface makes for its D/C and RESET lines,
    done with gpiozero, so SPI works wherever gpiozero does (the Pi 5 has no
    RPi.GPIO) and runs on `MockFactory` in tests."""

    OUT, HIGH, LOW = "out", 1, 0

    def __init__(self, pin_factory: Any = None):
        from gpiozero import DigitalOutputDevice

        self._make = lambda pin: DigitalOutputDevice(pin, pin_factory=pin_factory)
        self.lines: dict[int, Any] = {}

    def setup(self, pin: int, direction: str) -> None:
        self.lines[pin] = self._make(pin)

    def output(self, pin: int, value: int) -> None:
        self.lines[pin].value = bool(value)

    def cleanup(self, pins: Any = None) -> None:
        for line in self.lines.values():
            line.close()
        self.lines.clear()


def real_display(display: Mapping[str, Any], *, bus: Any = None, spi_device: Any = None,
                 pin_factory: Any = None) -> PagedDisplay:
    """The OLED on the Pi's I2C or SPI bus. `bus`/`spi_device` replace the
    kernel devices (smbus2.SMBus, spidev.SpiDev) for tests."""
    import luma.core.error
    from luma.core.interface.serial import i2c, spi

    driver = display["driver"]
    try:
        if display["interface"] == "i2c":
            where = f"I2C bus {display['i2c_port']} at address 0x{display['i2c_address']:02X}"
            serial = i2c(bus=bus, port=display["i2c_port"], address=display["i2c_address"])
        else:
            where = f"SPI {display['spi_port']}.{display['spi_device']} (D/C on GPIO {display['gpio_dc']}, RESET on GPIO {display['gpio_reset']})"
            serial = spi(spi=spi_device, gpio=GpioZeroLines(pin_factory), port=display["spi_port"],
                         device=display["spi_device"], gpio_DC=display["gpio_dc"], gpio_RST=display["gpio_reset"])
        device = _driver(driver)(serial, rotate=0)
        device.contrast(display["contrast"])
        # Each luma i2c write carries the address byte and a control byte besides its own bytes.
        paged = PagedDisplay(device, driver, display["rotate"], write_cost=2 if display["interface"] == "i2c" else 0)
    except (luma.core.error.Error, OSError) as e:
        raise PartMissing(f"no {driver.upper()} OLED answers on {where} ({e})", display_fix(display)) from None
    except Exception as e:  # gpiozero's pin errors for the SPI control lines
        raise PartMissing(f"the OLED on {where} cannot be set up: {e}", display_fix(display)) from None
    return paged


# What turns the display's bus on (Raspberry Pi OS), for every message that says how.
ENABLE = {"i2c": "sudo raspi-config nonint do_i2c 0", "spi": "sudo raspi-config nonint do_spi 0"}


def display_fix(display: Mapping[str, Any]) -> str:
    if display["interface"] == "i2c":
        port = display["i2c_port"]
        return (f"Check the wiring and that `i2cdetect -y {port}` shows the address; enable I2C with "
                f"`{ENABLE['i2c']}`; the companion's user must be in the i2c group "
                f"(`sudo adduser companion i2c`). Or set [display] interface/i2c_address in the settings.")
    return (f"Check the wiring; enable SPI with `{ENABLE['spi']}`; the companion's user must be "
            "in the spi and gpio groups (`sudo adduser companion spi`, `sudo adduser companion gpio`).")


def simulated_display(display: Mapping[str, Any]) -> tuple[PagedDisplay, EmulatedPanel]:
    """The emulated panel counts the bytes of commands and data, with no bus around them: the adapter
    is tuned to that count (what SPI carries), whatever `interface` says."""
    panel = EmulatedPanel(display["driver"])
    device = _driver(display["driver"])(panel, rotate=0)
    device.contrast(display["contrast"])
    return PagedDisplay(device, display["driver"], display["rotate"]), panel


def button_pins(buttons: Mapping[str, Any]) -> dict[str, int]:
    return {role: buttons[role] for role in ROLES}


def encoder_pins(buttons: Mapping[str, Any]) -> tuple[int, int] | None:
    a, b = buttons.get("encoder_a"), buttons.get("encoder_b")
    return (a, b) if a is not None and b is not None else None


def build_buttons(buttons: Mapping[str, Any], on_press: Callable[[Press], None], on_turn: Callable[[int], None],
                  pin_factory: Any = None, clock: Callable[[], float] = time.monotonic,
                  settle_ms: int = 300, on_dropped: Callable[[Press], None] | None = None) -> GpioButtons:
    try:
        return GpioButtons(button_pins(buttons), on_press, debounce_ms=buttons["debounce_ms"],
                           long_press_ms=buttons["long_press_ms"], settle_ms=settle_ms, encoder=encoder_pins(buttons),
                           on_turn=on_turn, pin_factory=pin_factory, clock=clock, on_dropped=on_dropped)
    except Exception as e:  # gpiozero raises its own errors for a missing chip, a busy pin, no permission
        pins = ", ".join(f"{role} GPIO {pin}" for role, pin in button_pins(buttons).items())
        raise PartMissing(
            f"the buttons ({pins}) cannot use GPIO: {type(e).__name__}: {e}",
            "The companion's user must be in the gpio group (`sudo adduser companion gpio`), and the [pi] extra "
            "must be installed (`pip install 'tabletop-companion[pi]'`); another program may hold the pin "
            "(`companion doctor` says which).") from None


@dataclass
class SimulatedParts:
    """What the web panel's simulated table reaches: the panel's frame and the pins."""

    panel: EmulatedPanel
    pin_factory: Any
    pins: dict[str, int] = field(default_factory=dict)
    reader: Any = None  # firmware_bridge.simulator.SimulatedReader, when the reader is simulated too

    def set_button(self, role: str, down: bool) -> None:
        pin = self.pin_factory.pin(self.pins[role])
        if down:
            pin.drive_low()  # the buttons pull up: pressed is low
        else:
            pin.drive_high()
