"""Master of Venice on the table's buttons: a die thrown at the table for the Pope's or the Doge's roll is
entered with SELECT and ACTION (its face picked), as the reader would read it."""

import random

from companion import controls, screens
from companion.controls import Panel

from buttons import press, shown_large


def test_the_popes_die_thrown_at_the_table_is_entered_on_the_buttons(make_runtime):
    rt = make_runtime(rng=random.Random(1))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"deck": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    while rt.view()["step"] != "POPE":
        press(rt, Panel(), "next")
    labels = [o["label"] for o in controls.walk(rt.view())]
    assert labels[-1] == "Roll 1D6 for the Pope: a die thrown"
    panel = Panel()
    while controls.step_screen(rt.view(), panel).doing.split("  ")[0] != "► Roll 1D6 for the Pope: a die thrown":
        panel = press(rt, panel, "select").panel
    panel = press(rt, panel, "action").panel  # the keypad: the die's face, 1 2 3 on BACK SELECT ACTION
    assert panel.pick is not None
    panel = press(rt, panel, "next").panel  # 4 5 6
    done = press(rt, panel, "action")  # 6: three presses from the option
    assert done.action == {"type": "advance", "source": "physical", "dice": [6]}
    view = rt.view()
    assert "Pope Phase: 6. The Pope dies." in view["log"]
    assert "Nobody can bid for the Pope: nobody controls a Cardinal." in view["log"] and view["step"] == "DOGE"  # no Cardinal: no election to wait for
    assert rt.shown(view["last"]["seq"]) == {"spec": "1d6", "values": [6], "said": "Pope Phase: 6. The Pope dies."}


def test_the_hint_over_next_is_not_said_twice_when_select_is_on_nexts_own_option():
    """The box's hint line said "Draw Draw" ("Deal Deal", "MakeMake") when the only option was NEXT's."""
    from master_table import MOV

    t = MOV(2, virtual=True)
    screen = controls.step_screen(t.view | {"version": 1}, controls.Panel())
    assert screen.hints[2:] == ("", "Draw"), screen.hints



def test_a_seat_with_no_phone_bids_on_the_box_and_its_digits_are_hidden_once_entered(make_runtime):
    """The bidder turns the box to herself: the field she picks says it is sealed; once taken, no page of the
    box shows the Gold she bid until NEXT reveals every bid together."""
    from buttons import select

    rt = make_runtime(rng=random.Random(1))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "options": {"start_offices": "vacant"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    while rt.view()["step"] != "EXPANSION":
        assert rt.submit({"type": "advance"}).accepted
    for counter, delta in (("gold", 20), ("hand", 1)):
        assert rt.submit({"type": "counter", "name": counter, "seat": 1, "delta": delta}).accepted
    assert rt.submit({"type": "play", "seat": 1, "card": "Senator"}).accepted  # 17 Gold left
    while rt.view()["step"] != "DOGE_ELECTION":
        assert rt.submit({"type": "advance", "confirm": True}).accepted
    panel = select(rt, Panel(), "Bea's sealed bid for the Doge")
    panel = press(rt, panel, "action").panel  # the Gold, walked with SELECT
    assert controls.screen_for(rt.view(), panel).step == "gold (sealed: the bidder alone looks)"
    for _ in range(13):
        panel = press(rt, panel, "select").panel
    done = press(rt, panel, "action")
    assert done.action == {"type": "bid", "seat": 1, "intrigue": 0, "gold": 13}
    view = rt.view()
    assert view["status"] == "Bids in: 1 of 1" and view["log"][-1] == "Bea makes a sealed bid."
    for page in ("step", "scores", "counters"):
        shown = controls.screen_for(view, Panel(page=page))
        assert "13" not in repr(shown), shown
    assert rt.submit({"type": "advance"}).accepted
    assert "Bea: 14 votes (1 from a Senator, 13 from the bribe)." in rt.view()["log"]


def test_caught_answering_a_crime_at_three_players_is_said_whole_on_the_boxs_two_lines():
    """'Bea plays Caught (1 Gold): Ada loses 1D6 Gold' was cut on the box ('… (1 Gold): Ada loses…'): each holder's
    answer says who plays it and what the criminal loses, whole."""
    from master_table import MOV

    from companion.screens import step_lines

    t = MOV(3)
    t.to("EXPANSION")
    t.put(1, "Cardinal")
    t.to("EVENT")
    t.give(0, gold=10, cards=1)
    t.give(1, cards=1)
    t.give(2, gold=2, cards=1)
    t.go(type="play", seat=0, card="Assassination", target=[c["id"] for c in t.view["in_play"] if c["owner"] == 1][0])
    caught = [o.label for o in t.offered if o.action.get("card") == "Caught"]
    assert caught == ["Bea plays Caught: Ada loses 1D6 Gold", "Cy plays Caught: Ada loses 1D6 Gold"]
    for label in caught:
        _, lines, _ = step_lines("Negate or allow?", f"► {label}  1/3")
        assert " ".join(lines).split() == f"► {label}".split(), lines


def test_the_revenue_paid_shows_on_the_box_as_the_table_leaves_the_revenue_phase(make_runtime):
    """The playtest on the box: NEXT paid everyone's Revenue and the box said nothing (the log alone did). The box
    shows what each player got, headed by the phase, whoever pressed NEXT."""
    from companion.screens import AlertScreen

    rt = make_runtime(rng=random.Random(1))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"deck": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    before = rt.view()
    while rt.view()["step"] != "DIPLOMACY":
        before = rt.view()
        assert rt.submit({"type": "advance"}).accepted
    gold = [p["gold"] - b["gold"] for p, b in zip(rt.view()["players"], before["players"])]
    shown = shown_large(rt)
    assert min(gold) > 0 and shown == AlertScreen("Revenue", f"Ada +{gold[0]}, Bea +{gold[1]} Gold")


def test_a_roll_off_of_four_long_names_says_who_rolls_again_whole_on_the_box(make_runtime):
    """Four long names leave no room for ": dice thrown" after them, nor for who is tied after the throws: the label
    counts the tied, and the result says who rolls again first."""
    rt = make_runtime(rng=random.Random(1))
    names = ["Alexandra", "Bartholomew", "Christopher", "Dominique"]
    setup = {"players": [{"name": n} for n in names], "deck_modes": {"deck": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    assert rt.submit({"type": "rolloff", "values": [3, 3, 3, 3], "source": "physical"}).accepted
    assert [o["label"] for o in controls.walk(rt.view())] == ["Roll off again: the 4 tied: dice thrown"]
    shown = shown_large(rt)
    assert shown.message.startswith("Alexandra, Bartholomew, Christopher and Dominique are tied and roll again.")
    assert screens.alert_fits("Alexandra, Bartholomew, Christopher and Dominique are tied and roll again.")


def test_the_roll_off_with_dice_thrown_at_the_table_is_keyed_die_by_die_on_the_buttons(make_runtime):
    """A table that throws its own dice for the first player keys each player's die on the keypad in turn, the
    faces named so far above the next; a tie asks again for the tied players' dice only."""
    rt = make_runtime(rng=random.Random(1))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "deck_modes": {"deck": "virtual"}}
    assert rt.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    assert [o["label"] for o in controls.walk(rt.view())] == ["Roll off for the first player: dice thrown"]
    panel = press(rt, Panel(), "action").panel  # Ada's die: 1 2 3 on BACK SELECT ACTION, NEXT for 4 5 6
    titles = []
    for face in (5, 5, 2):
        titles.append(controls.screen_for(rt.view(), panel).step)
        for role in (["next"] if face > 3 else []) + [controls.KEYS[(face - 1) % 3]]:
            reply = press(rt, panel, role)
            panel = reply.panel
    assert titles == ["Ada's die (hold BACK to leave)", "Bea's die · Ada 5 (hold BACK to leave)", "Cy's die · Ada 5 · Bea 5"]
    assert reply.action == {"type": "rolloff", "source": "physical", "values": [5, 5, 2]}
    assert "Roll-off: Ada 5, Bea 5, Cy 2. Ada and Bea are tied and roll again." in rt.view()["log"]
    assert [o["label"] for o in controls.walk(rt.view())] == ["Roll off again: Ada and Bea: dice thrown"]
    panel = press(rt, Panel(), "action").panel
    panel = press(rt, panel, "back").panel  # Ada 1
    assert panel.pick.named == (1,)
    left = press(rt, panel, "back", long=True)  # held BACK leaves before the last die: nothing is done
    assert left.action is None and left.panel.pick is None and rt.view()["rolloff"]["contenders"] == [0, 1]
    panel = press(rt, Panel(), "action").panel
    panel = press(rt, panel, "back").panel  # Ada 1
    assert press(rt, panel, "action").action == {"type": "rolloff", "source": "physical", "values": [1, 3]}
    assert "Roll-off: Ada 1, Bea 3. Bea goes first." in rt.view()["log"]
