"""The palazzo game at the table: the OLED's screens and what the four buttons do (a purchase in two
choices: the yard tile, then how it was paid), the start roll-off, and a screen for every moment of a game."""

import random

from companion import controls
from companion.controls import Panel
from companion.screens import StepScreen, render

from buttons import every_page, press, press_at_random

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"tiles": "virtual", "coins": "mirror"}}


def _new(make_runtime, setup=SETUP):
    rt = make_runtime(rng=random.Random(4))
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    return rt


def _select_until(rt, panel, label_start):
    for _ in range(40):
        screen = controls.screen_for(rt.view(), panel)
        if screen.doing.startswith("► " + label_start):
            return panel
        panel = press(rt, panel, "select").panel
    raise AssertionError(f"no option {label_start!r}")


def test_a_purchase_paid_exactly_with_the_buttons_gives_another_action(make_runtime):
    rt = _new(make_runtime)
    screen = controls.screen_for(rt.view(), Panel())
    assert (screen.header, screen.who, screen.step, screen.hints[3]) == ("Palazzo  R1", "Table", "Set out the yard and bank", "Start")
    press(rt, Panel(), "next")
    view = rt.view()
    yard = [y["tile"] for y in view["yard"]]
    screen = controls.screen_for(view, Panel())
    assert (screen.who, screen.step) == ("Ada", view["status"])  # the yard in short, and Ada's die
    assert screen.step.endswith(" die 5") and screen.step.split()[:4] == [t[0] + t.split()[1][0] for t in yard]
    assert screen.doing.startswith(f"► Buy {yard[0]} (")
    press(rt, Panel(), "action")  # the first yard tile
    assert rt.view()["buying"] == yard[0]
    screen = controls.screen_for(rt.view(), Panel())
    assert screen.doing.startswith("► Paid ") and screen.doing.endswith(" exactly  1/9")
    panel = _select_until(rt, Panel(), "Paid " + str(rt.view()["yard"][0]["cost"]) + " exactly, die 5")
    press(rt, panel, "action")
    view = rt.view()
    assert (view["active"], view["extra_action"], view["players"][0]["die"]) == (0, True, 4)
    assert [p["tile"] for p in view["players"][0]["palazzo"]] == [yard[0]]
    press(rt, Panel(), "next")  # NEXT: the extra action was one the companion does not record
    assert (rt.view()["active"], rt.view()["extra_action"]) == (1, False)


def test_choosing_again_before_saying_how_it_was_paid(make_runtime):
    rt = _new(make_runtime)
    press(rt, Panel(), "next")
    press(rt, Panel(), "action")
    panel = _select_until(rt, Panel(), "Not ")
    press(rt, panel, "action")
    assert rt.view()["buying"] is None and rt.view()["active"] == 0


def test_the_start_roll_off_from_the_reader_or_the_buttons(make_runtime):
    rt = _new(make_runtime, {"players": [{"name": "Ada"}, {"name": "Bea"}]})
    assert rt.view()["rolloff"]["purpose"] == "first player"
    screen = controls.screen_for(rt.view(), Panel())
    assert render(screen).size == (128, 64)
    reply = controls.press(rt.view(), Panel(), "action", False)
    assert reply.action is not None and reply.action["type"] == "rolloff"
    while rt.view()["rolloff"]:
        assert rt.submit(controls.press(rt.view(), Panel(), "action", False).action).accepted
    assert rt.view()["step"] == "SETUP"


def test_every_moment_of_a_whole_game_has_its_screen(make_runtime):
    rt = _new(make_runtime, {**SETUP, "deck_modes": {"tiles": "mirror", "coins": "mirror"}})
    rng = random.Random(8)
    steps = set()
    for _ in range(3000):
        view = rt.view()
        if view["over"]:
            break
        screen = every_page(view, Panel)
        assert isinstance(screen, StepScreen) and screen.step
        steps.add((view["step"], view["final_round"], view["buying"] is not None))
        press_at_random(rt, view, rng, selects=6, action_share=0.8)
        if view["final_round"]:
            assert screen.badge == "LAST" and screen.step == "Final round: no buying"
    assert rt.view()["over"]
    assert {("SETUP", False, False), ("ACTION", False, False), ("ACTION", False, True), ("ACTION", True, False)} <= steps
    scores = controls.screen_for(rt.view(), Panel(page="scores"))
    assert scores.title.startswith("Points") and scores.rows[0][1] == rt.view()["standings"][0][0]
