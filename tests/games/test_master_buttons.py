"""Master of Venice on the table's buttons: a die thrown at the table for the Pope's or the Doge's roll is
entered with SELECT and ACTION (its face picked), as the reader would read it."""

import random

from companion import controls
from companion.controls import Panel

from buttons import press


def test_the_popes_die_thrown_at_the_table_is_entered_on_the_buttons(make_runtime):
    rt = make_runtime(rng=random.Random(1))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"deck": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    while rt.view()["step"] != "POPE":
        press(rt, Panel(), "next")
    labels = [o["label"] for o in controls.walk(rt.view())]
    assert labels[-1] == "Roll 1D6: on a 6 the Pope dies: a die thrown"
    panel = Panel()
    while controls.step_screen(rt.view(), panel).doing.split("  ")[0] != "► Roll 1D6: on a 6 the Pope dies: a die thrown":
        panel = press(rt, panel, "select").panel
    panel = press(rt, panel, "action").panel  # the keypad: the die's face, 1 2 3 on BACK SELECT ACTION
    assert panel.pick is not None
    panel = press(rt, panel, "next").panel  # 4 5 6
    done = press(rt, panel, "action")  # 6: three presses from the option
    assert done.action == {"type": "advance", "source": "physical", "dice": [6]}
    view = rt.view()
    assert view["step"] == "POPE_ELECTION" and "Pope Phase: 6. The Pope dies." in view["log"]
    assert rt.rolled(view["last"]["seq"]) == {"spec": "1d6", "values": [6], "said": "Pope Phase: 6. The Pope dies."}


def test_the_hint_over_next_is_not_said_twice_when_select_is_on_nexts_own_option():
    """The box's hint line said "Draw Draw" ("Deal Deal", "MakeMake") when the only option was NEXT's."""
    from master_table import MOV

    t = MOV(2, virtual=True)
    screen = controls.step_screen(t.view | {"version": 1}, controls.Panel())
    assert screen.hints[2:] == ("", "Draw"), screen.hints

