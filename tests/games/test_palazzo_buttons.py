"""The palazzo game at the table: the OLED's screens and what the four buttons do. NEXT does only the option
offered for it (setting out, the roll-off, letting a final action go); SELECT walks the acting player's options
and ACTION does one, filling its fields with the picker (a purchase: the payment, then the place); a whole
game played on the buttons alone."""

import random

from companion import controls
from companion.controls import Panel
from companion.screens import StepScreen, render

from buttons import choose, every_page, press, select

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"tiles": "virtual", "coins": "mirror"}}


def _new(make_runtime, setup=SETUP):
    rt = make_runtime(rng=random.Random(4))
    assert rt.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    return rt


def test_a_purchase_paid_exactly_with_the_buttons_gives_another_action(make_runtime):
    rt = _new(make_runtime)
    screen = controls.screen_for(rt.view(), Panel())
    assert (screen.header, screen.who, screen.step, screen.hints[3]) == ("Palazzo  R1", "Table", "Set out the yard and bank", "Start")
    press(rt, Panel(), "next")
    view = rt.view()
    yard = [y["tile"] for y in view["yard"]]
    screen = controls.screen_for(view, Panel())
    assert (screen.who, screen.step, screen.hints[3]) == ("Ada", view["status"], "Prev")  # NEXT ends no turn: it walks back
    assert screen.doing == "► The coin turned up is (6)  1/3"  # the bank's real coins wait: first, one entry
    assert " · name 4 coins" in view["status"]
    panel = choose(rt, Panel(), f"Buy {yard[0]}").panel  # the yard's tiles on the keys: one press buys one
    screen = controls.screen_for(rt.view(), panel)  # the payment first, each a press on its own button, NEXT's too
    assert (screen.step, screen.doing) == ("payment (hold BACK to leave)", "")  # (the coins not followed)
    assert screen.hints == ("Exact", "Over", "Ex+D5", "Ov+D5")
    panel = press(rt, panel, "action").panel  # exactly, with the die's 5
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.who, screen.step, screen.doing) == ("Ada", "where it goes (hold BACK to leave)", "► Start Resrv")
    press(rt, panel, "back")  # to start the palazzo
    view = rt.view()
    assert (view["active"], view["extra_action"], view["players"][0]["die"]) == (0, True, 4)
    assert [p["tile"] for p in view["players"][0]["palazzo"]] == [yard[0]]


def test_back_leaves_the_picker_and_a_change_of_table_closes_it(make_runtime):
    rt = _new(make_runtime)
    press(rt, Panel(), "next")
    picking = choose(rt, Panel(), "Buy ").panel
    assert picking.pick is not None
    left = press(rt, picking, "back", long=True)  # the payment's keypad: a short BACK names "Exact"
    assert left.action is None and left.panel.pick is None and rt.view()["active"] == 0


def test_the_start_roll_off_from_the_buttons(make_runtime):
    rt = _new(make_runtime, {"players": [{"name": "Ada"}, {"name": "Bea"}]})
    assert rt.view()["rolloff"]["purpose"] == "first player"
    screen = controls.screen_for(rt.view(), Panel())
    assert render(screen).size == (128, 64) and screen.hints[3] == "Roll" and screen.doing.startswith("► Roll off")
    while rt.view()["rolloff"]:
        press(rt, Panel(), "next")
    assert rt.view()["step"] == "SETUP"


def test_a_whole_game_on_the_buttons_alone_with_a_screen_for_every_moment(make_runtime):
    rt = _new(make_runtime, {**SETUP, "deck_modes": {"tiles": "virtual", "coins": "virtual"}})
    rng = random.Random(8)
    moments, panel, seen = set(), Panel(), None
    for _ in range(6000):
        view = rt.view()
        if view["over"]:
            break
        if (view["step"], view["actor"]) != seen:  # what the table thread does: SELECT starts again
            panel, seen = Panel(), (view["step"], view["actor"])
        screen = every_page(view, Panel)
        assert isinstance(screen, StepScreen) and screen.step
        assert render(controls.screen_for(view, panel)).size == (128, 64)
        moments.add((view["step"], view["final_round"], panel.pick is not None))
        if view["final_round"]:
            assert screen.badge == "LAST" and screen.step == "One more action"
        role = rng.choices(["select", "action", "next", "back"], [6, 5, 1, 0.2])[0]
        reply = controls.press(view, panel, role, False)
        panel = reply.panel
        if reply.action is not None:  # the buttons only ever do what is offered: the table takes it
            outcome = rt.submit(reply.action)
            assert outcome.accepted, (reply.action, outcome.reason)
            panel = controls.Panel(option=panel.option)
    assert rt.view()["over"]
    assert {("SETUP", False, False), ("ACTION", False, False), ("ACTION", False, True), ("ACTION", True, False)} <= moments
    scores = controls.screen_for(rt.view(), Panel(page="scores"))
    assert scores.title.startswith("Points") and scores.rows[0][1] == rt.view()["standings"][0][0]


def _on_entry(rt, label):
    """SELECT until the box's list is on the entry `label`."""
    panel = Panel()
    for _ in range(12):
        if controls.shown(rt.view(), panel)[panel.option]["label"] == label:
            return panel
        panel = press(rt, panel, "select").panel
    raise AssertionError(f"no entry {label!r}")


def test_on_the_box_a_real_tile_or_coin_turned_up_is_one_press_once_its_row_is_open(make_runtime):
    """The box lists each suit's tiles still face down as one entry, and the coin values as one: ACTION opens it,
    then BACK, SELECT and ACTION name the first three faces and NEXT turns to the rest (a keypad, as a die's face
    is keyed); held BACK leaves it."""
    rt = _new(make_runtime, {**SETUP, "deck_modes": {"tiles": "mirror", "coins": "mirror"}})
    press(rt, Panel(), "next")
    panel = _on_entry(rt, "The tile turned up is Suns (6)")
    panel = press(rt, panel, "action").panel
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.header, screen.step, screen.doing) == ("Palazzo  R1", "The tile turned up is Suns", "► Null Ace 2")
    # its title whole: "(hold BACK to leave)" does not fit beside it (held BACK leaves every keypad)
    assert screen.hints == ("Null", "Ace", "2", "3-5")
    left = press(rt, panel, "back", long=True).panel
    assert left.under == () and controls.screen_for(rt.view(), left).doing.startswith("► The tile turned up is Suns (6)")
    panel = press(rt, panel, "next").panel  # the other page: 3, 4, 5
    assert controls.screen_for(rt.view(), panel).hints == ("3", "4", "5", "More")  # back to Null, Ace, 2
    press(rt, panel, "select")  # the 4
    assert [y and y["tile"] for y in rt.view()["yard"]] == ["Suns 4", None, None, None]
    panel = _on_entry(rt, "The coin turned up is (6)")
    panel = press(rt, panel, "action").panel
    press(rt, panel, "action")  # the third value: a 2
    assert rt.view()["bank"] == [2, None, None, None]


def test_the_roll_off_with_piecepack_dice_thrown_names_their_faces_ace_to_null_on_the_keypad(make_runtime):
    """A piecepack die has no 1 nor 6: the box's keys say "ace" and "null" (the null face counts 0 in the roll-off
    unless the option says otherwise), the line above names the faces so, and a tie of three names them all."""
    players = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "deck_modes": SETUP["deck_modes"]}
    rt = _new(make_runtime, players)
    panel = press(rt, Panel(), "action").panel  # Ada's die
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.step, screen.doing, screen.hints) == ("Ada's die (hold BACK to leave)", "► ace 2 3", ("ace", "2", "3", "More"))
    panel = press(rt, panel, "next").panel
    assert controls.screen_for(rt.view(), panel).hints == ("4", "5", "null", "More")
    panel = press(rt, panel, "action").panel  # null
    assert controls.screen_for(rt.view(), panel).step.startswith("Bea's die · Ada null")
    for _ in ("Bea", "Cy"):  # null, null
        panel = press(rt, press(rt, panel, "next").panel, "action").panel
    assert "Roll-off: Ada null, Bea null, Cy null. Ada, Bea and Cy are tied and roll again." in rt.view()["log"]
    assert [o["label"] for o in controls.walk(rt.view())] == ["Roll off again: Ada, Bea and Cy: dice thrown"]
    panel = press(rt, Panel(), "action").panel
    for role in ("back", "select"):  # Ada an ace, Bea a 2
        panel = press(rt, panel, role).panel
    done = press(rt, panel, "back")  # Cy an ace
    assert done.action == {"type": "rolloff", "source": "physical", "values": [1, 2, 1]}
    assert "Roll-off: Ada ace, Bea 2, Cy ace. Bea goes first." in rt.view()["log"]
