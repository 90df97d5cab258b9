"""The table thread end to end: mock pins in, the emulated panel's frame out."""

from dataclasses import replace

import pytest
from conftest import Clock
from gpiozero.pins.mock import MockFactory

from companion import controls, settings
from companion.screens import PairingScreen, render
from companion.table import Idle, Table, Timing
from hardware.factory import build_buttons, simulated_display

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]}
PINS = settings.DEFAULTS["buttons"]


@pytest.fixture
def rig(tmp_path):
    made = make_rig(tmp_path)
    yield made
    made.close()


def make_rig(tmp_path, games=None, setup=SETUP):
    from companion.games import GAMES
    from companion.journal import Journal
    from companion.runtime import Runtime

    runtime = Runtime(Journal(tmp_path / "journal.sqlite3"), games or GAMES)
    runtime.start()
    assert runtime.submit({"type": "new_game", "game": "free_play", "setup": setup}).accepted
    display, panel = simulated_display(settings.load()["display"])
    clock = Clock()
    table = Table(runtime, display, idle=Idle(dim_after=60, blank_after=600, shift_every=30, contrast=200,
                                              dim_contrast=8), timing=Timing(), clock=clock)
    factory = MockFactory()
    buttons = build_buttons(PINS, table.press, table.turn, factory, clock=clock, on_dropped=table.dropped)
    table.on_change = buttons.changed
    table.start()
    assert table.wait_idle()

    class Rig:
        pass

    r = Rig()
    r.runtime, r.table, r.panel, r.clock, r.factory = runtime, table, panel, clock, factory

    def press(role, seconds=0.1):
        factory.pin(PINS[role]).drive_low()
        clock.now += seconds
        factory.pin(PINS[role]).drive_high()
        clock.now += 0.4  # a player's pace: a second NEXT or ACTION within 300 ms is a double press
        assert table.wait_idle()

    def glass():
        return panel.image()

    def close():
        buttons.close()
        table.stop()
        runtime.stop()
        runtime.journal.close()

    r.press, r.glass, r.close = press, glass, close
    return r


def expected(rig, panel=controls.Panel()):
    return render(controls.screen_for(rig.runtime.view(), panel))


def test_the_panel_shows_the_step_and_next_moves_the_turn(rig):
    assert rig.glass().tobytes() == expected(rig).tobytes()
    assert controls.screen_for(rig.runtime.view(), controls.Panel()).who == "Ada"
    rig.press("next")
    assert rig.runtime.view()["actor"] == 1
    assert rig.glass().tobytes() == expected(rig).tobytes()


def test_a_roll_from_the_buttons_shows_the_dice_then_the_step_again(rig):
    rig.press("action")
    view = rig.runtime.view()
    assert view["last_roll"]["seat"] == 0 and len(view["last_roll"]["values"]) == 1
    shown = rig.table.last_frame
    from companion.screens import DiceScreen

    said = f"Ada rolled 1d6: {view['last_roll']['values'][0]}."  # the game's words under the die
    assert shown.tobytes() == render(DiceScreen("Ada", "1d6", tuple(view["last_roll"]["values"]), said=said)).tobytes()
    rig.clock.now += Timing().result + 0.1
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig).tobytes()


def test_a_refusal_is_shown_with_its_reason(tmp_path):
    from dataclasses import replace

    from companion.games.free_play import FREE_PLAY
    from companion.screens import AlertScreen

    from companion.core.flow import Flow

    def no_dice(e):
        e.refuse("no dice now")

    turn = FREE_PLAY.flow.steps[0]
    no_dice = replace(FREE_PLAY, flow=Flow(steps=(replace(turn, handlers={**turn.handlers, "roll": no_dice}),)))
    rig = make_rig(tmp_path, {"free_play": no_dice})
    try:
        rig.press("action")  # the first option: Roll 1d6
        assert rig.runtime.view()["last_roll"] is None
        assert rig.glass().tobytes() == render(AlertScreen("Refused", "No dice now")).tobytes()
        rig.clock.now += Timing().alert + 0.1
        assert rig.table.wait_idle()
        assert rig.glass().tobytes() == expected(rig).tobytes()
    finally:
        rig.close()


def test_the_end_of_the_game_is_announced(rig):
    assert rig.runtime.submit({"type": "finish", "confirm": True}).accepted  # from the phone
    assert rig.table.wait_idle()
    from companion.screens import AlertScreen

    assert rig.glass().tobytes() == render(AlertScreen("Game over", "The players ended it")).tobytes()
    rig.press("next")  # over: NEXT says so instead of sending anything
    assert rig.runtime.view()["seq"] == 1


def test_a_press_made_on_an_older_screen_is_dropped(rig):
    drawn = rig.table._drawn
    rig.table.stop()  # hold the table thread still, so the phone's change is not drawn yet
    assert rig.runtime.submit({"type": "advance"}).accepted  # a phone moves the game on: Bea
    rig.table._handle(("press", "next", False, drawn))  # NEXT, pressed while the panel showed Ada
    assert rig.runtime.view()["actor"] == 1  # not applied to Bea's turn, which nobody saw
    rig.table._handle(("press", "next", False, rig.runtime.view()))
    assert rig.runtime.view()["actor"] == 2


def test_a_line_in_the_log_alone_leaves_a_press_standing(rig):
    """Seat-claim spam: each phone asking the box for a seat, and each answer, put a line in the table's log,
    and a press made as it came was dropped ("Changed: press again"). A line no input made changes nothing a
    press does: the press stands."""
    drawn = rig.table._drawn
    rig.table.stop()
    rig.runtime.note("Cy's phone (7F3A) asks the box for Bea's seat.")
    rig.table._handle(("press", "next", False, drawn))  # NEXT, pressed as the line came
    assert rig.runtime.view()["actor"] == 1


def test_the_runtime_refuses_an_input_made_against_an_older_version(rig):
    version = rig.runtime.view()["version"]
    assert rig.runtime.submit({"type": "advance"}).accepted
    outcome = rig.runtime.submit({"type": "advance"}, expect_version=version)
    assert outcome.stale and not outcome.accepted
    assert rig.runtime.view()["actor"] == 1


def test_a_pending_question_is_cancelled_by_the_knob_and_by_a_result(rig):
    rig.press("select")
    rig.press("select")
    rig.press("select")  # the fourth option: Finish the game (asked twice)
    rig.press("action")
    assert rig.table._panel.confirm == "option"
    rig.table.turn(1)
    assert rig.table.wait_idle()
    rig.press("action")  # closes the counters page; must not finish the game
    assert not rig.runtime.view()["over"]
    rig.press("action")  # asked again
    assert rig.table._panel.confirm == "option"
    assert rig.runtime.submit({"type": "roll", "spec": "1d6"}).accepted  # the phone rolls
    assert rig.table.wait_idle()
    assert rig.table._panel.confirm is None
    rig.press("action")  # on the dice screen: asks again rather than finishing
    assert not rig.runtime.view()["over"]


def test_a_fast_spin_of_the_knob_counts_every_detent(rig):
    rig.table.turn(1)  # the first detent opens the counters page
    assert rig.table.wait_idle()
    rig.table.stop()  # queue ten detents while the thread is still, as a fast spin does
    for _ in range(10):
        rig.table.turn(1)
    rig.table.start()
    assert rig.table.wait_idle()
    assert rig.runtime.view()["players"][0]["score"] == 10


def test_a_new_game_shows_its_first_roll(rig):
    rig.press("action")  # Roll 1d6: seq 1 in this game
    assert rig.runtime.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
    assert rig.table.wait_idle()
    rig.clock.now += Timing().result + 0.1
    rig.press("action")  # seq 1 again, in the new game
    from companion.screens import DiceScreen

    roll = rig.runtime.view()["last_roll"]
    said = f"Ada rolled 1d6: {roll['values'][0]}."
    assert rig.table.last_frame.tobytes() == render(DiceScreen("Ada", "1d6", tuple(roll["values"]), said=said)).tobytes()


def test_idle_dims_then_blanks_and_a_press_only_wakes(rig):
    rig.clock.now += 61
    assert rig.table.wait_idle()
    assert rig.panel.contrast == 8 and rig.panel.on
    rig.clock.now += 600
    assert rig.table.wait_idle()
    assert not rig.panel.on
    rig.press("next")
    assert rig.panel.on and rig.panel.contrast == 200
    assert rig.runtime.view()["actor"] == 0  # the waking press did nothing else
    rig.press("next")
    assert rig.runtime.view()["actor"] == 1


def test_a_dimmed_screen_wakes_and_acts_on_the_same_press(rig):
    rig.clock.now += 61
    assert rig.table.wait_idle()
    rig.press("next")
    assert rig.panel.contrast == 200 and rig.runtime.view()["actor"] == 1


def test_the_picture_shifts_by_a_pixel_now_and_then(rig):
    before = rig.glass()
    rig.clock.now += 31
    assert rig.table.wait_idle()
    after = rig.glass()
    assert after.tobytes() != before.tobytes()
    from PIL import ImageChops

    assert ImageChops.offset(before, 1, 0).crop((1, 0, 128, 64)).tobytes() == after.crop((1, 0, 128, 64)).tobytes()


def test_a_change_from_the_phone_redraws_the_panel(rig):
    assert rig.runtime.submit({"type": "counter", "name": "score", "seat": 2, "delta": 3}).accepted
    assert rig.table.wait_idle()
    rig.clock.now += 0.3  # the panel's new picture has been seen
    rig.press("select", 0.9)  # the scores page
    assert controls.scores_screen(rig.runtime.view()).rows[0] == (1, "Cy", 3)
    assert rig.glass().tobytes() == render(controls.scores_screen(rig.runtime.view())).tobytes()


def test_a_button_mash_applies_whole_actions_only(rig):
    import random

    rng = random.Random(5)
    roles = ["next", "back", "select", "action"]
    for _ in range(300):
        role = rng.choice(roles)
        pin = rig.factory.pin(PINS[role])
        pin.drive_low() if rng.random() < 0.5 else pin.drive_high()
        rig.clock.now += rng.choice((0.001, 0.04, 0.2, 1.0))
    for role in roles:
        rig.factory.pin(PINS[role]).drive_high()
    assert rig.table.wait_idle(10)
    journal = rig.runtime.journal
    assert journal.integrity() == "ok"
    view = rig.runtime.view()
    # The journal replays to exactly the state the table shows.
    game = journal.latest_game()
    from companion.games import GAMES
    from companion.replay import restore

    session, _ = restore(GAMES["free_play"], game.setup, journal.inputs(game.id), [], source="test")
    from companion.core.view import table_view

    replayed = table_view(GAMES["free_play"], session)
    assert {k: replayed[k] for k in ("players", "actor", "round", "decks", "last_roll")} == \
        {k: view[k] for k in ("players", "actor", "round", "decks", "last_roll")}
    assert rig.table._thread.is_alive() and rig.runtime.is_owner_alive()


def test_an_alert_from_another_part_shows_then_goes(rig):
    rig.table.alert("Reader", "The card reader is unplugged.")
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() != expected(rig).tobytes()
    rig.clock.now += Timing().alert + 0.1
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig).tobytes()


def test_a_reader_that_is_not_talking_shows_a_badge_until_it_is_back(rig):
    rig.table.reader_state("stale")
    assert rig.table.wait_idle()
    badged = render(replace(controls.screen_for(rig.runtime.view(), controls.Panel()), badge="RDR?"))
    assert rig.glass().tobytes() == badged.tobytes()
    rig.table.reader_state("live")
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig).tobytes()


def test_the_pairing_screen_shows_after_the_counters_and_a_press_there_lifts_a_strangers_lockout(rig):
    import pytest

    from web_panel.security import PER_DEVICE, Limited, Pairing

    pairing = Pairing(lambda code: f"http://10.0.0.5:8080/pair?code={code}", clock=rig.clock)
    changes = []
    pairing.on_change = lambda: (changes.append(pairing.code), rig.table.redraw())
    rig.table.pairing = pairing
    for i in range(PER_DEVICE[0]):  # strangers on four addresses guess until the whole device is locked to them
        pairing.check("000000" if pairing.code != "000000" else "111111", f"10.0.0.{i % 4}")
    with pytest.raises(Limited):
        pairing.check(pairing.code, "10.0.0.1")
    rig.press("action", seconds=1.0)  # long: the counters page
    rig.press("select", seconds=1.0)  # long: the pairing page
    assert rig.glass().tobytes() == render(PairingScreen(pairing.code, pairing.url)).tobytes()
    before = len(changes)
    rig.press("next")  # a person at the table: a fresh code and allowance, and the step again
    assert len(changes) == before + 1
    assert rig.glass().tobytes() == expected(rig).tobytes()
    assert pairing.check(pairing.code, "10.0.1.1") is True


def test_holding_select_three_seconds_on_any_screen_opens_a_pairing_window(rig, monkeypatch):
    from web_panel import security
    from web_panel.security import Pairing

    monkeypatch.setattr(security, "WINDOW_S", 10.0)  # shorter than the idle table's pixel shift

    pairing = Pairing(lambda code: f"http://10.0.0.5:8080/pair?code={code}", clock=rig.clock)
    pairing.on_change = rig.table.redraw
    rig.table.pairing = pairing
    step = rig.glass().tobytes()
    assert step == expected(rig).tobytes()  # the step, with a game on
    rig.press("select", seconds=1.0)  # a long press is not the hold
    assert pairing.window_left() is None
    rig.press("select", seconds=3.0)
    code = pairing.code
    assert len(code) == 8 and pairing.window_left() > 0
    assert rig.glass().tobytes() == render(PairingScreen(code, pairing.url)).tobytes()
    rig.clock.now += 10.0  # the window closes by itself: its code leaves the glass
    assert rig.table.wait_idle()
    assert len(pairing.code) == 6
    assert rig.glass().tobytes() == render(PairingScreen(pairing.code, pairing.url)).tobytes()
    rig.press("next")  # and any press goes back to the step
    assert rig.glass().tobytes() == expected(rig).tobytes()


def test_on_the_own_network_the_wifi_and_pairing_qr_codes_take_turns(rig, monkeypatch):
    from companion import table
    from companion.screens import WifiScreen
    from web_panel.security import Pairing

    WIFI_TURN_S = 2.0  # shorter than the idle table's pixel shift
    monkeypatch.setattr(table, "WIFI_TURN_S", WIFI_TURN_S)

    class OwnNetworkUp:
        def join(self):
            return "Ada table", "WIFI:T:WPA;S:Ada table;P:abcd-efgh-jkmn;;"

    pairing = Pairing(lambda code: f"http://10.42.0.1:8080/pair?code={code}", clock=rig.clock)
    rig.table.pairing, rig.table.wifi = pairing, OwnNetworkUp()
    rig.press("action", seconds=1.0)  # long: the counters page
    rig.press("select", seconds=1.0)  # long: the pairing page
    rig.clock.now = (rig.clock.now // (2 * WIFI_TURN_S) + 1) * 2 * WIFI_TURN_S  # a Wi-Fi turn begins
    rig.table.redraw()
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == render(WifiScreen(*OwnNetworkUp().join())).tobytes()  # the network first
    rig.clock.now += WIFI_TURN_S
    rig.table.redraw()
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == render(PairingScreen(pairing.code, pairing.url)).tobytes()  # then the code


def test_a_double_press_of_next_moves_the_turn_once(rig):
    pin = rig.factory.pin(PINS["next"])
    for _ in range(2):  # two quick taps, 80 ms held, 120 ms apart
        pin.drive_low()
        rig.clock.now += 0.08
        pin.drive_high()
        rig.clock.now += 0.12
    assert rig.table.wait_idle()
    assert rig.runtime.view()["actor"] == 1  # Bea's turn: the second tap did not pass it on to Cy


def test_a_press_right_after_a_phone_moves_the_game_on_is_dropped(rig):
    assert rig.runtime.submit({"type": "advance"}).accepted  # from a phone: Bea's turn
    assert rig.table.wait_idle()
    rig.clock.now += 0.1
    pin = rig.factory.pin(PINS["next"])
    pin.drive_low()
    rig.clock.now += 0.08
    pin.drive_high()  # 180 ms after the change: nobody has read Bea's screen yet
    assert rig.table.wait_idle()
    assert rig.runtime.view()["actor"] == 1
    # Not lost without a word: Bea's screen, with "Too soon: press again" where the hints were, for a moment.
    told = replace(controls.screen_for(rig.runtime.view(), rig.table._panel), notice="Too soon: press again")
    assert rig.glass().tobytes() == render(told).tobytes()
    rig.clock.now += Timing().notice
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig, rig.table._panel).tobytes()
    rig.clock.now += 0.4
    rig.press("next")  # later, it acts
    assert rig.runtime.view()["actor"] == 2


def test_select_stays_on_its_option_when_the_list_changes_within_a_step():
    from companion.controls import Panel, keep_place

    def view(*labels, under=None):
        return {"options": [{"label": label, "group": "Play", "under": under if label.startswith("Move") else "",
                             "action": {"type": label}} for label in labels]}

    before = view("Take a coin", "Play a card", "Pass")
    # A card tapped on the reader adds an option before the one SELECT was on.
    assert keep_place(before, view("Forget the tapped card", "Take a coin", "Play a card", "Pass"), Panel(option=1)).option == 2
    assert keep_place(before, view("Take a coin", "Pass"), Panel(option=1)).option == 0  # gone: the first
    assert keep_place(view(), view("Take a coin"), Panel(option=3)).option == 0
    # Inside a first choice opened: it stays open while it is offered, on the same option.
    moves = view(*(f"Move {d}" for d in range(6)), "Pass", under="Move to Wool")
    again = view(*(f"Move {d}" for d in (1, 0, 2, 3, 4, 5)), "Pass", under="Move to Wool")
    kept = keep_place(moves, again, Panel(option=1, under=("Move to Wool",)))
    assert (kept.under, kept.option) == (("Move to Wool",), 0)
    assert keep_place(moves, view("Pass"), Panel(option=1, under=("Move to Wool",))) == Panel(option=0)


def test_a_name_too_long_for_the_panel_shows_whole_at_rest_and_nothing_moves(tmp_path):
    """Lines that scrolled past read wrong across a table ("Eve builds a Villa" read as "Finn builds a Villa"): every
    line fits at rest, and a table where nothing happens sends no frame (the pixel shift against burn-in aside)."""
    rig = make_rig(tmp_path, setup={"players": [{"name": "Maximilian-Alexander"}, {"name": "Bea"}]})
    try:
        at_rest = expected(rig)
        assert rig.table.last_frame.tobytes() == at_rest.tobytes()
        frames = rig.table.frames
        for _ in range(12):
            rig.clock.now += 0.5
            assert rig.table.wait_idle()
        assert rig.table.last_frame.tobytes() == at_rest.tobytes()
        assert rig.table.frames == frames  # each wait_idle asks for a frame: the same picture is not drawn again
        deadline = rig.table._next_deadline()
        assert deadline is not None and deadline - rig.clock() >= 20  # nothing to draw until the dimming or the shift
    finally:
        rig.close()


def test_a_result_stays_two_seconds_even_when_a_press_comes_first(rig):
    from companion.screens import DiceScreen

    rig.press("action")  # Roll 1d6: the dice show
    assert isinstance(rig.table._transient[0], DiceScreen)
    dice = rig.glass().tobytes()
    rig.press("select")  # 0.5 s later: SELECT moves on, the dice stay
    assert rig.table._panel.option == 1 and rig.glass().tobytes() == dice
    rig.clock.now += 1.6
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig, controls.Panel(option=1)).tobytes()


def test_a_face_down_draw_shows_no_card_screen_and_does_not_break_the_table():
    from companion.table import _result_screen

    view = {"players": [{"name": "Ada"}], "actor": 0,
            "decks": {"coins": {"label": "Coins", "out": 3, "draw": None}}}  # real coins: only how many are out
    assert _result_screen(view, {"type": "draw", "deck": "coins", "seat": 0, "seq": 4}) is None


def _at_the_popes_phase(rig):
    """A Master of Venice game on the table, at its first Pope Phase, on the glass (what earlier steps showed gone)."""
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
    assert rig.runtime.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    while rig.runtime.view()["step"] != "POPE":
        assert rig.runtime.submit({"type": "advance"}).accepted
    assert rig.table.wait_idle()
    rig.clock.now += 10
    assert rig.table.wait_idle()


def test_the_popes_die_rolled_by_next_shows_on_the_panel(rig):
    from companion.screens import DiceScreen

    _at_the_popes_phase(rig)
    assert rig.runtime.submit({"type": "advance"}).accepted  # NEXT: the companion rolls the Pope's die
    assert rig.table.wait_idle()
    rolled = rig.runtime.shown(rig.runtime.view()["last"]["seq"])
    assert rolled["said"].startswith(f"Pope Phase: {rolled['values'][0]}.")
    screen = DiceScreen("Pope Phase", "1d6", tuple(rolled["values"]), said=rolled["said"])
    assert rig.table.last_frame.tobytes() == render(screen).tobytes()


def test_a_press_under_a_result_over_a_step_not_yet_shown_only_shows_that_step(rig):
    from companion.screens import DiceScreen

    _at_the_popes_phase(rig)
    rig.press("next")  # the Pope's die, and the game moves on to a step the box has not shown
    after = rig.runtime.view()
    assert after["step"] != "POPE" and isinstance(rig.table._transient[0], DiceScreen)
    assert rig.table.covers_step
    rig.clock.now += 3  # the die has been read
    rig.press("next")  # meant for the step under the die: it only shows that step
    assert rig.runtime.view()["seq"] == after["seq"]
    assert rig.table._transient is None and not rig.table.covers_step
    assert rig.glass().tobytes() == expected(rig, rig.table._panel).tobytes()
    rig.press("next")  # now it acts, on the step it shows
    assert rig.runtime.view()["seq"] == after["seq"] + 1


def test_a_press_under_a_result_over_the_step_it_was_made_in_still_acts(rig):
    rig.press("action")  # Roll 1d6: Ada's turn goes on under the dice
    seq = rig.runtime.view()["seq"]
    assert rig.table._transient is not None and not rig.table.covers_step
    rig.press("next")
    assert rig.runtime.view()["seq"] == seq + 1 and rig.runtime.view()["actor"] == 1


def _palazzo_real_tiles(rig):
    """A palazzo game with real tiles (and the box's coins) on the table, its yard and bank set out: Ada's turn."""
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0,
             "deck_modes": {"tiles": "mirror", "coins": "virtual"}}
    assert rig.runtime.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    assert rig.runtime.submit({"type": "advance"}).accepted
    assert rig.table.wait_idle()


def test_a_press_under_a_result_over_the_same_step_whose_list_changed_only_shows_it(tmp_path):
    """palazzo with real tiles: a tile named rebuilds the list under "Turned up" (the cursor back on the first
    option), though the step and player are the same. ACTION there opened the bank's coins, never shown; now it
    only shows the list, and the next ACTION acts on what the screen shows."""
    from companion.screens import CardScreen

    rig = make_rig(tmp_path)
    try:
        _palazzo_real_tiles(rig)
        rig.clock.now += 10  # Ada's list on the glass
        assert rig.table.wait_idle()
        before = rig.runtime.view()
        naming = next(o for o in before["options"] if o["label"].startswith("The tile turned up is"))
        assert rig.runtime.submit(naming["action"]).accepted  # named on a phone
        assert rig.table.wait_idle()
        view = rig.runtime.view()
        assert (view["step"], view["actor"]) == (before["step"], before["actor"])
        assert isinstance(rig.table._transient[0], CardScreen) and rig.table.covers_step
        rig.clock.now += 1
        rig.press("action")
        assert rig.runtime.view()["seq"] == view["seq"] and rig.table._transient is None and rig.table._panel.under == ()
        assert rig.glass().tobytes() == expected(rig, rig.table._panel).tobytes()
    finally:
        rig.close()


def test_a_tile_named_on_the_keys_leaves_select_on_its_suit_for_the_next_one(tmp_path):
    """Its entry counts the tiles left to name ("The tile turned up is Moons (6)", then "(5)"): SELECT stays on it,
    not back on the first option, so the next tile of the yard is named without walking the list again."""
    from companion import box_list

    rig = make_rig(tmp_path)
    try:
        _palazzo_real_tiles(rig)
        rig.clock.now += 10
        assert rig.table.wait_idle()
        moons = "The tile turned up is Moons"
        while box_list.shown(rig.runtime.view())[rig.table._panel.option].get("opens") != moons:
            rig.press("select")
        rig.press("action")  # its faces on the keys
        assert rig.table._panel.under == (moons,)
        rig.press("back")  # Null
        assert rig.runtime.view()["log"][-1].startswith("Ada names Moons null")
        entry = box_list.shown(rig.runtime.view())[rig.table._panel.option]
        assert entry["opens"] == moons and entry["label"].endswith("(5)")
        rig.clock.now += Timing().result  # "Turned up" gone
        assert rig.table.wait_idle()
        rig.press("action")  # its five faces left: "Ace 2 3", then "4 5" and a blank over ACTION
        rig.press("next")
        assert controls.screen_for(rig.runtime.view(), rig.table._panel).hints[:3] == ("4", "5", "")
        version = rig.runtime.view()["version"]
        rig.press("action")
        assert rig.table._notice[0] == "Nothing on ACTION" and rig.runtime.view()["version"] == version
        assert rig.glass().tobytes() == render(replace(controls.screen_for(rig.runtime.view(), rig.table._panel),
                                                       notice="Nothing on ACTION")).tobytes()
    finally:
        rig.close()


def test_moves_in_the_list_under_a_result_over_the_screen_last_seen_go_on_acting(rig):
    rig.press("action")  # Roll 1d6: the dice over Ada's list, as it was
    assert not rig.table.covers_step
    rig.press("select")
    rig.press("select")  # the second move too: the screen it moves on from is the one the first made
    assert rig.table._panel.option == 2 and rig.table._transient is not None


def test_a_question_left_unanswered_goes_saying_nothing_was_done(rig):
    rig.press("action")  # Roll 1d6
    rig.clock.now += Timing().result
    assert rig.table.wait_idle()
    rig.press("back")  # undoing a roll asks first
    assert rig.table._panel.confirm == "undo"
    rig.clock.now += Timing().question + 0.1
    assert rig.table.wait_idle()
    assert rig.table._panel.confirm is None and rig.table._transient is None
    assert rig.glass().tobytes() == render(replace(controls.screen_for(rig.runtime.view(), rig.table._panel),
                                                   notice="Not done: no answer")).tobytes()
    assert rig.runtime.view()["last_roll"] is not None  # the roll stays
    # The answer pressed just too late ("No" over BACK) is not the game's BACK: it only takes the notice away.
    version = rig.runtime.view()["version"]
    rig.press("back")
    assert rig.table._panel.confirm is None and rig.table._notice is None and rig.table._transient is None
    assert rig.glass().tobytes() == render(controls.screen_for(rig.runtime.view(), rig.table._panel)).tobytes()
    rig.press("back")  # the next press is the game's again: undoing the roll asks first
    assert rig.table._panel.confirm == "undo" and rig.runtime.view()["version"] == version


def test_a_button_that_did_not_answer_the_lapsed_question_acts_at_once(rig):
    """"Undo?" is answered by BACK (hold) and NEXT (keep): SELECT pressed as it lapses is the game's, and moves."""
    rig.press("action")  # Roll 1d6
    rig.clock.now += Timing().result
    assert rig.table.wait_idle()
    rig.press("back")
    rig.clock.now += Timing().question + 0.1
    assert rig.table.wait_idle()
    assert rig.table._notice[0] == "Not done: no answer"
    before = rig.table._panel.option
    rig.press("select")
    assert rig.table._panel.option != before and rig.table._notice is None


def test_a_press_after_the_lapse_has_been_said_is_the_games_again(rig):
    rig.press("action")  # Roll 1d6
    rig.clock.now += Timing().result
    assert rig.table.wait_idle()
    rig.press("back")
    rig.clock.now += Timing().question + 0.1  # asked, lapsed
    assert rig.table.wait_idle()
    rig.clock.now += Timing().lapsed  # and said
    assert rig.table.wait_idle()
    assert rig.table._notice is None
    rig.press("back")
    assert rig.table._panel.confirm == "undo"


def test_a_players_own_dice_over_his_next_step_let_the_press_go_on_with_his_turn(rig):
    from companion.screens import DiceScreen

    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
    assert rig.runtime.submit({"type": "new_game", "game": "la_venise_du_nord", "setup": setup}).accepted
    for tile in ("Market", "Order"):  # every Burgher placed
        (start,) = [o for o in rig.runtime.view()["options"] if o["label"] == f"Start on {tile}"]
        assert rig.runtime.submit(start["action"]).accepted
    assert rig.table.wait_idle()
    rig.clock.now += 10
    assert rig.table.wait_idle()
    assert rig.runtime.view()["actor"] == 0 and rig.runtime.view()["step"] != "MOVE"
    rig.press("next")  # Roll: Ada's dice, over Ada's move
    view = rig.runtime.view()
    assert view["step"] == "MOVE" and isinstance(rig.table._transient[0], DiceScreen)
    assert not rig.table.covers_step
    rig.clock.now += 1  # she reads them: the dice stay
    rig.press("action")  # her first move: its tile opens (its ways on the keys), or one way moves her
    assert rig.table._panel.under or rig.runtime.view()["seq"] == view["seq"] + 1


def test_a_press_right_after_a_phone_changes_the_screen_within_a_step_is_dropped(rig):
    assert rig.runtime.submit({"type": "roll", "spec": "1d6"}).accepted  # Ada's phone rolls: same step
    assert rig.table.wait_idle()
    rig.clock.now += 6.5  # the dice have been shown and gone; the step screen is back
    assert rig.table.wait_idle()
    seq = rig.runtime.view()["seq"]
    assert rig.runtime.submit({"type": "counter", "name": "score", "seat": 0, "delta": 1}).accepted  # a phone again
    assert rig.table.wait_idle()
    rig.clock.now += 0.1
    pin = rig.factory.pin(PINS["action"])
    pin.drive_low()
    rig.clock.now += 0.08
    pin.drive_high()  # 180 ms after the phone: nobody has read the screen
    assert rig.table.wait_idle()
    assert rig.runtime.view()["seq"] == seq + 1  # only the phone's input
    rig.clock.now += 0.4
    rig.press("action")
    assert rig.runtime.view()["seq"] == seq + 2


def test_a_roll_off_shows_who_threw_what_and_who_goes_first():
    from companion.screens import AlertScreen
    from companion.table import _result_screen

    view = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "actor": None,
            "log": ["Palazzo: 3 players.", "Roll-off: Ada 3, Bea 4, Cy 3. Bea goes first.", "Round 1."]}
    screen = _result_screen(view, {"type": "rolloff", "seq": 1}, {"spec": "3d6", "values": [3, 4, 3]})
    assert screen == AlertScreen("Roll-off", "Ada 3, Bea 4, Cy 3. Bea goes first.")  # not "3d6 total 10"


def test_the_pairing_screen_and_a_question_give_way_to_the_game_on_an_input_from_anywhere(rig):
    """The box never hides the game: a phone's input brings it back from the pairing screen, and a question the
    box asked goes when its step does."""
    from web_panel.security import Pairing

    pairing = Pairing(lambda code: f"http://10.0.0.5:8080/pair?code={code}", clock=rig.clock)
    pairing.on_change = rig.table.redraw
    rig.table.pairing = pairing
    rig.press("select", seconds=3.0)
    assert rig.glass().tobytes() == render(PairingScreen(pairing.code, pairing.url)).tobytes()
    assert rig.runtime.submit({"type": "advance"}).accepted  # from a phone
    assert rig.table.wait_idle()
    rig.clock.now += 10  # past the move's own result on the glass
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig).tobytes()  # the game, not the code
    asked = []
    assert rig.table.ask("Phone 7F3A", "wants Bea's seat. Hold ACTION to give it; BACK: no.",
                         lambda: asked.append(True)) is None
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() != expected(rig).tobytes()  # the question is up
    assert rig.runtime.submit({"type": "advance"}).accepted  # the turn moves on: the question goes with it
    rig.clock.now += 10
    assert rig.table.wait_idle()
    assert rig.glass().tobytes() == expected(rig).tobytes()
    rig.press("action", seconds=1.0)  # a long ACTION now is not a yes to a question nobody sees
    assert asked == []


def test_select_starts_on_what_the_box_did_last_time_in_that_players_step(tmp_path):
    """Ada buys a tile on the box; on her next turn SELECT starts on the tiles to buy, while Bea, who has done
    nothing on the box there yet, starts on the first entry. (A seeded deal in which Ada can buy again.)"""
    import random

    rig = make_rig(tmp_path)
    try:
        rig.runtime.rng = random.Random(10)
        setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"tiles": "virtual", "coins": "virtual"}}
        assert rig.runtime.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
        assert rig.table.wait_idle()
        rig.clock.now += 1
        rig.press("next")  # the yard and the bank set out: Ada's turn

        def on():
            view, panel = rig.runtime.view(), rig.table._panel
            return controls.shown(view, panel)[panel.option]

        def first():
            return controls.shown(rig.runtime.view(), controls.Panel())[0]

        def a_purchase(entry):
            return entry.get("opens") == "Buy a tile" or entry.get("under") == "Buy a tile"

        rig.clock.now += 1  # each screen read before the next press (what the rest of the table did comes late here)
        assert on() == first()
        while not a_purchase(on()):
            rig.press("select")
        for role in (["action", "back"] if on().get("opens") else ["action"]) + ["next", "action", "back"]:
            rig.press(role)  # the tile (opened, its first key: BACK), paid over (NEXT: the last payment), placed to
            # start the palazzo (its first key)
        rig.clock.now += 1
        assert rig.runtime.view()["active"] == 1 and on() == first()
        rig.press("action")
        rig.press("action")  # Bea takes a coin (or buys the first tile)
        rig.clock.now += 1
        assert rig.runtime.view()["active"] == 0 and on()["label"] == "Buy a tile (2)" != first()["label"]  # where she was
    finally:
        rig.close()


def test_a_key_that_would_spend_more_than_a_few_coins_asks_first_as_action_does(tmp_path):
    """In an entry opened as a keypad a key does an option (a house on BACK, a villa on SELECT): one that spends 10
    Gold asks first, and only ACTION again spends it; one for 2 Gold does not ask."""
    from types import SimpleNamespace

    from companion.core.counters import CounterSpec
    from companion.core.flow import Flow, Step
    from companion.core.game import GameDef
    from companion.core.options import Option
    from companion.screens import AlertScreen

    def options(state, seat):
        if seat is None:
            return []
        builds = [Option(f"{name} ({cost})", name, {"type": "build", "cost": cost}, under="Build")
                  for name, cost in (("House", 2), ("Villa", 10))]
        return builds + [Option(f"Wave {k}", "Wave", {"type": "wave", "k": k}) for k in range(6)]

    def build(e):
        e.pay(e.seat, "gold", e.action["cost"])
        e.say(f"{e.name(e.seat)} builds for {e.action['cost']}.")

    game = GameDef(id="builds", title="Builds", min_players=1, max_players=2,
                   flow=Flow(steps=(Step("TURN", "Build", options=options, handlers={"build": build, "wave": lambda e: None}),)),
                   counters=(CounterSpec("gold", "Gold", start=20, money=True),), scoring=SimpleNamespace(schema=dict))
    from companion.games import GAMES

    rig = make_rig(tmp_path, games={"free_play": GAMES["free_play"], "builds": game})
    try:
        assert rig.runtime.submit({"type": "new_game", "game": "builds", "setup": {"players": [{"name": "Ada"}]}}).accepted
        assert rig.table.wait_idle()
        rig.clock.now += 1
        assert controls.shown(rig.runtime.view(), rig.table._panel)[0]["label"] == "Build (2)"
        rig.press("action")  # opens it: the house on BACK, the villa on SELECT
        assert rig.table._panel.under == ("Build",)
        seq = rig.runtime.view()["seq"]
        rig.press("select")
        assert rig.runtime.view()["seq"] == seq and rig.table._transient[0] == AlertScreen(
            "Sure?", "It costs 10 Gold: press ACTION again to do it. Ada builds for 10.", ("No", "", "Yes", "No"))
        rig.press("action")
        assert rig.runtime.view()["players"][0]["gold"] == 10
        rig.clock.now += 1
        rig.press("action")
        rig.press("back")  # the house: 2 Gold, no question
        assert rig.runtime.view()["players"][0]["gold"] == 8
    finally:
        rig.close()


def test_one_action_that_spends_more_than_a_few_coins_asks_first(tmp_path):
    """A lost SELECT left the cursor on "Ada builds a Villa (10)" and one ACTION spent 10 Gold: now it asks, names
    the cost, and only ACTION again builds it; any other press keeps the money. A play for 3 Gold does not ask."""
    from companion.screens import AlertScreen

    rig = make_rig(tmp_path, setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    try:
        master = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
        assert rig.runtime.submit({"type": "new_game", "game": "master_of_venice", "setup": master}).accepted
        while rig.runtime.view()["step"] != "EXPANSION":  # the Draw and the Diplomacy Phases (the Revenue passes by itself)
            assert rig.runtime.submit({"type": "advance"}).accepted
        assert rig.runtime.submit({"type": "counter", "name": "gold", "seat": 0, "delta": 10}).accepted
        assert rig.table.wait_idle()
        rig.clock.now += 1
        for _ in range(8):  # SELECT to the Villa
            shown = controls.shown(rig.runtime.view(), rig.table._panel)
            if shown[rig.table._panel.option % len(shown)]["label"] == "Ada builds a Villa (10)":
                break
            rig.press("select")
        else:
            raise AssertionError("no Villa on the box's list")
        seq = rig.runtime.view()["seq"]
        rig.press("action")
        assert rig.runtime.view()["seq"] == seq and rig.table._transient[0] == AlertScreen(
            "Sure?", "It costs 10 Gold: press ACTION again to do it. Ada builds a Villa for 10.", ("No", "", "Yes", "No"))
        rig.press("next")  # any other press: no, and the Gold stays
        assert rig.runtime.view()["seq"] == seq and rig.runtime.view()["players"][0]["gold"] == 13
        rig.press("action")
        rig.press("action")  # asked, and yes
        assert rig.runtime.view()["players"][0]["gold"] == 3 and rig.runtime.view()["log"][-1] == "Ada builds a Villa for 10 — the box"
    finally:
        rig.close()


def test_a_real_tile_named_shows_as_turned_up_not_as_drawn_by_whoever_names_it(tmp_path):
    """palazzo with real tiles: the table sets the yard out at setup and Ada names what lies there. The box showed
    "Ada drew (23 left)" for it; a tile is turned up, by nobody in particular: "Turned up", and with no count (the
    box cannot know how many lie face down: some turned up may not be named yet). Cards keep "drew"."""
    from companion.screens import CardScreen
    from companion.table import _result_screen

    rig = make_rig(tmp_path)
    try:
        _palazzo_real_tiles(rig)
        naming = next(o for o in rig.runtime.view()["options"] if o["label"].startswith("The tile turned up is"))
        assert rig.runtime.submit(naming["action"]).accepted
        assert rig.table.wait_idle()
        view = rig.runtime.view()
        tile = naming["action"]["cards"][0]
        # No "(23 left)": 20 tiles lie face down, and three more turned up are not named yet.
        assert rig.table._transient[0] == CardScreen("", "Structure tiles", (tile,), None, verb="Turned up")
        virtual = {**view["decks"]["tiles"], "mode": "virtual"}  # a tile the box turned up itself is counted
        assert _result_screen({**view, "decks": {"tiles": virtual}}, view["last"]).left == virtual["draw"]
    finally:
        rig.close()
    cards = {"players": [{"name": "Ada"}], "actor": 0,
             "decks": {"deck": {"label": "Cards", "piece": "card", "out": ["Q♥"], "draw": 37}}}
    assert _result_screen(cards, {"type": "draw", "deck": "deck", "seat": 0, "seq": 4}) == CardScreen(
        "Ada", "Cards", ("Q♥",), 37)


def test_an_undo_on_the_box_says_it_took_something_back(rig):
    """A new player's BACK put palazzo's turret back and the screen only showed "Ada" again: nothing said an undo
    was done. "Taken back" shows over the hints for a moment."""
    before = rig.runtime.view()["round"], rig.runtime.view()["player"]
    rig.press("next")
    assert (rig.runtime.view()["round"], rig.runtime.view()["player"]) != before  # Bea's turn
    rig.clock.now += Timing().result
    assert rig.table.wait_idle()
    rig.press("back", seconds=1.0)  # back into Ada's turn: held, as its question says (nothing random to put back)
    view = rig.runtime.view()
    assert view["last"]["type"] == "undo" and (view["round"], view["player"]) == before
    assert rig.table._notice[0] == "Taken back"
    assert rig.glass().tobytes() == render(replace(controls.screen_for(rig.runtime.view(), rig.table._panel),
                                                   notice="Taken back")).tobytes()
