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
    clock.now += 0.4  # a player's pace: more than the 300 ms a second NEXT or ACTION must wait


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


def tap(factory, clock, pin, gap, held=0.08):
    """A press held `held` s, then `gap` s before the next edge."""
    factory.pin(pin).drive_low()
    clock.now += held
    factory.pin(pin).drive_high()
    clock.now += gap


def test_a_double_press_of_next_or_action_acts_once(table_buttons):
    factory, clock, presses, _ = table_buttons
    tap(factory, clock, 17, 0.1)  # NEXT, and NEXT again 100 ms later
    tap(factory, clock, 17, 0.5)
    tap(factory, clock, 22, 0.15)  # ACTION, then NEXT 150 ms later: one acting press too
    tap(factory, clock, 17, 0.5)
    assert [p.role for p in presses] == ["next", "action"]


def test_a_double_press_of_back_undoes_once(table_buttons):
    factory, clock, presses, _ = table_buttons
    tap(factory, clock, PINS["back"], 0.11)  # BACK, and BACK again 110 ms later: one undo, not two
    tap(factory, clock, PINS["back"], 0.5)
    tap(factory, clock, PINS["back"], 0.5)  # a deliberate second BACK, once the thumb has rested
    assert [p.role for p in presses] == ["back", "back"]


def test_a_mash_of_next_acts_once_until_the_thumb_rests(table_buttons):
    factory, clock, presses, _ = table_buttons
    for _ in range(10):  # every 280 ms: each press lands within 300 ms of the last
        tap(factory, clock, 17, 0.2)
    clock.now += 0.3
    tap(factory, clock, 17, 0.4)
    assert [p.role for p in presses] == ["next", "next"]


def test_select_walks_as_fast_as_a_thumb_presses(table_buttons):
    factory, clock, presses, _ = table_buttons
    for _ in range(6):
        tap(factory, clock, 23, 0.05, held=0.05)  # ten presses a second
    assert [p.role for p in presses] == ["select"] * 6


def test_presses_overlapping_a_change_of_step_are_dropped():
    factory, clock, presses = MockFactory(), Clock(), []
    buttons = GpioButtons(PINS, presses.append, pin_factory=factory, clock=clock)
    try:
        factory.pin(22).drive_low()  # ACTION pressed on the old screen...
        clock.now += 0.1
        buttons.changed()  # ...a phone moves the game on...
        clock.now += 0.05
        factory.pin(22).drive_high()  # ...and the release would act on the new one
        clock.now += 0.1
        tap(factory, clock, 23, 0.5)  # SELECT 150 ms after the change: dropped too
        tap(factory, clock, 23, 0.1)  # 700 ms after: taken
        assert [p.role for p in presses] == ["select"]
        buttons.changed()
        clock.now += 0.31
        tap(factory, clock, 22, 0.5)  # 310 ms after a change, the screen has been seen
        assert [p.role for p in presses] == ["select", "action"]
    finally:
        buttons.close()


def test_settling_can_be_turned_off():
    decoder = PressDecoder(debounce_ms=0, settle_ms=0)
    decoder.changed(1.0)
    for t in (1.0, 1.01, 1.02):
        decoder.edge("next", True, t)
        assert decoder.edge("next", False, t + 0.005) is not None
