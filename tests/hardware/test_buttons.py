"""The buttons on gpiozero's MockFactory: press by driving a pin low."""

import random

import pytest
from conftest import Clock
from gpiozero.pins.mock import MockFactory

from hardware.buttons import GpioButtons, PressDecoder

PINS = {"back": 27, "select": 23, "action": 22, "next": 17}


@pytest.fixture
def table_buttons():
    factory, clock, presses, turns = MockFactory(), Clock(), [], []
    buttons = GpioButtons(PINS, presses.append, debounce_ms=30, long_press_ms=800, encoder=(5, 6),
                          on_turn=turns.append, pin_factory=factory, clock=clock)
    yield factory, clock, presses, turns
    buttons.close()


def hold(factory, clock, pin, seconds):
    factory.pin(pin).drive_low()
    clock.now += seconds
    factory.pin(pin).drive_high()
    clock.now += 0.2


def test_a_short_and_a_long_press(table_buttons):
    factory, clock, presses, _ = table_buttons
    hold(factory, clock, 17, 0.12)
    hold(factory, clock, 27, 0.9)
    assert [(p.role, p.long) for p in presses] == [("next", False), ("back", True)]


def test_the_long_press_threshold_is_inclusive(table_buttons):
    factory, clock, presses, _ = table_buttons
    hold(factory, clock, 22, 0.8)
    hold(factory, clock, 22, 0.79)
    assert [p.long for p in presses] == [True, False]


def test_contact_bounce_is_one_press(table_buttons):
    factory, clock, presses, _ = table_buttons
    pin = factory.pin(23)
    for level in (0, 1, 0, 1, 0):  # closing: five edges within 4 ms
        pin.drive_low() if level == 0 else pin.drive_high()
        clock.now += 0.001
    clock.now += 0.15
    for level in (1, 0, 1):  # opening bounces too
        pin.drive_high() if level == 1 else pin.drive_low()
        clock.now += 0.001
    assert [(p.role, p.long) for p in presses] == [("select", False)]


def test_a_release_lost_in_the_bounce_window_does_not_become_a_long_press():
    decoder = PressDecoder(debounce_ms=30, long_press_ms=800)
    assert decoder.edge("next", True, 0.0) is None
    assert decoder.edge("next", False, 0.010) is None  # a 10 ms tap reads as bounce
    assert decoder.edge("next", True, 5.0) is None  # five seconds later: a fresh press
    press = decoder.edge("next", False, 5.1)
    assert press is not None and not press.long


def test_a_glitch_shorter_than_the_debounce_is_never_a_press(table_buttons):
    factory, clock, presses, _ = table_buttons
    factory.pin(17).drive_low()
    clock.now += 0.002
    factory.pin(17).drive_high()
    clock.now += 10
    assert presses == []


def test_a_mash_of_every_button_gives_only_whole_presses(table_buttons):
    factory, clock, presses, _ = table_buttons
    rng = random.Random(3)
    for _ in range(2000):
        pin = rng.choice(list(PINS.values()))
        factory.pin(pin).drive_low() if rng.random() < 0.5 else factory.pin(pin).drive_high()
        clock.now += rng.choice((0.0005, 0.004, 0.05, 0.3))
    for pin in PINS.values():
        factory.pin(pin).drive_high()
    assert presses, "a mash this long has real presses in it"
    # Debounced: each press of a button has an accepted press edge at least the
    # debounce time after the last release, and its release the same after that.
    for role in PINS:
        times = [p.at for p in presses if p.role == role]
        assert all(b - a >= 0.060 - 1e-9 for a, b in zip(times, times[1:])), role


def test_the_encoder_counts_detents_both_ways(table_buttons):
    factory, _, _, turns = table_buttons
    a, b = factory.pin(5), factory.pin(6)
    # One detent clockwise is a full quadrature cycle: A falls, B falls, A rises, B rises.
    for pin, level in ((a, 0), (b, 0), (a, 1), (b, 1)):
        pin.drive_low() if level == 0 else pin.drive_high()
    for pin, level in ((b, 0), (a, 0), (b, 1), (a, 1)):
        pin.drive_low() if level == 0 else pin.drive_high()
    assert turns == [1, -1]


def test_close_releases_the_pins():
    factory = MockFactory()
    buttons = GpioButtons(PINS, lambda press: None, pin_factory=factory)
    buttons.close()
    again = GpioButtons(PINS, lambda press: None, pin_factory=factory)  # the pins are free again
    again.close()
