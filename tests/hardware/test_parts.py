"""A missing part never stops the table: the OLED and the buttons are stood in for, say what is wrong,
and join when they answer (hardware.parts), through luma's real I2C path and gpiozero's MockFactory."""

import threading

from gpiozero.pins.mock import MockFactory
from PIL import Image

from hardware.factory import build_buttons, display_fix, real_display
from hardware.parts import ButtonsSlot, DisplaySlot, PartMissing
from test_display_adapter import CountingBus, settings_display


def _wait(condition, seconds=10.0):
    """Until `condition()` (the retry thread's work), bounded only against a hang."""
    done = threading.Event()
    for _ in range(int(seconds / 0.01)):
        if condition():
            return True
        done.wait(0.01)
    return condition()


def _frame(x):
    image = Image.new("1", (128, 64))
    image.putpixel((x, 0), 1)
    return image


def test_an_oled_plugged_in_after_start_joins_with_the_latest_frame():
    bus = CountingBus(fail=True)  # nobody acknowledges 0x3C: no OLED wired yet
    settings = settings_display(contrast=90)
    slot = DisplaySlot(lambda: real_display(settings, bus=bus), display_fix(settings), retry_every=0.01)
    changes = []
    slot.on_change = lambda: changes.append(slot.state().ok)
    try:
        state = slot.state()
        assert not state.ok and "no SSD1306 OLED answers on I2C bus 1 at address 0x3C" in state.problem
        assert "i2cdetect -y 1" in state.fix and "raspi-config nonint do_i2c 0" in state.fix
        assert slot.show(_frame(3)) == 0  # the table draws on; nothing is sent
        slot.set_contrast(40)
        slot.show(_frame(9))
        bus.fail = False  # plugged in
        assert _wait(lambda: slot.state().ok)
        assert changes == [True]
        assert (0x3C, 0x00, bytes([0x81, 40])) in bus.writes  # the contrast the table last asked for
        assert (0x3C, 0x40, bytes([1])) in bus.writes and bus.writes[-2:] == [
            (0x3C, 0x00, bytes([0xB0, 9, 0x10])), (0x3C, 0x40, bytes([1]))]  # the latest frame, not the first
    finally:
        slot.close()


def test_an_oled_that_stops_answering_is_reported_and_joins_again():
    bus = CountingBus()
    settings = settings_display()
    slot = DisplaySlot(lambda: real_display(settings, bus=bus), display_fix(settings), retry_every=0.01)
    try:
        assert slot.state().ok
        bus.fail = True  # a loose cable
        assert slot.show(_frame(5)) == 0
        state = slot.state()
        assert not state.ok and state.problem == "the OLED stopped answering (I2C device not found on address: 0x3C)" and "i2cdetect" in state.fix
        bus.writes.clear()
        bus.fail = False
        assert _wait(lambda: slot.state().ok)
        assert bus.writes[-1] == (0x3C, 0x40, bytes([1]))  # the frame it missed
    finally:
        slot.close()


def test_buttons_whose_gpio_answers_later_join_and_press():
    factory = MockFactory()
    presses = []
    attempts = []

    def build():
        attempts.append(1)
        if len(attempts) < 3:  # the GPIO chip is not there yet (I2C and GPIO come up after the reboot)
            raise PartMissing("the buttons (next GPIO 17) cannot use GPIO: no chip", "sudo adduser companion gpio")
        return build_buttons({"next": 17, "back": 27, "action": 22, "select": 23, "long_press_ms": 800,
                              "debounce_ms": 0}, presses.append, lambda steps: None, factory)

    slot = ButtonsSlot(build, retry_every=0.01)
    try:
        assert not slot.state().ok and slot.state().fix == "sudo adduser companion gpio"
        slot.changed()  # the table tells a missing part of a change: nothing happens
        assert _wait(lambda: slot.state().ok)
        factory.pin(17).drive_low()
        factory.pin(17).drive_high()
        assert [p.role for p in presses] == ["next"]
    finally:
        slot.close()
    factory.pin(17).drive_low()
    factory.pin(17).drive_high()
    assert len(presses) == 1  # closed with the table: the pins are let go
