"""What each button does on each page: pure, on real table views."""

from companion import controls
from companion.controls import Panel
from companion.core.view import table_view
from companion.games.free_play import FREE_PLAY
from companion.screens import PairingScreen


def view_of(table):
    return table_view(FREE_PLAY, table.session) | {"version": 1}


def test_next_ends_the_step_and_back_undoes(free_play):
    view = view_of(free_play)
    assert controls.press(view, Panel(), "next", False).action == {"type": "advance"}
    free_play.ok(type="advance")
    assert controls.press(view_of(free_play), Panel(), "back", False).action == {"type": "undo"}


def test_select_walks_the_options_and_action_does_the_selected_one(free_play):
    view = view_of(free_play)
    labels = [o["label"] for o in controls.walk(view)]
    assert labels == ["Roll 1d6", "Roll 2d6", "Draw: Cards", "Finish the game"]
    assert controls.on_button(view, "NEXT")["action"] == {"type": "advance"}
    panel = Panel()
    panel = controls.press(view, panel, "select", False).panel
    assert controls.press(view, panel, "action", False).action == {"type": "roll", "spec": "2d6"}
    for _ in range(3):
        panel = controls.press(view, panel, "select", False).panel
    assert panel.option == 0  # round again to the first


def test_an_option_that_ends_the_game_is_asked_twice(free_play):
    view = view_of(free_play)
    panel = Panel(option=3)
    reply = controls.press(view, panel, "action", False)
    assert reply.action is None and reply.panel.confirm == "option" and "ACTION again" in reply.prompt.message
    assert controls.press(view, reply.panel, "action", False).action == {"type": "finish", "confirm": True}
    cancelled = controls.press(view, reply.panel, "next", False)
    assert cancelled.action is None and cancelled.panel.confirm is None


def test_undo_past_a_roll_needs_a_held_back(free_play):
    free_play.ok(type="roll", spec="1d6", values=[4])
    view = view_of(free_play)
    asked = controls.press(view, Panel(), "back", False)
    assert asked.action is None and "Hold BACK" in asked.prompt.message
    assert controls.press(view, asked.panel, "back", True).action == {"type": "undo", "confirm": True}
    assert controls.press(view, Panel(), "back", True).action == {"type": "undo", "confirm": True}


def test_nothing_to_undo_is_said_not_sent(free_play):
    reply = controls.press(view_of(free_play), Panel(), "back", False)
    assert reply.action is None and reply.prompt.message == "Nothing to undo."


def test_counters_page_changes_the_focused_counter(free_play):
    free_play.ok(type="advance")  # Bea acts
    view = view_of(free_play)
    panel = controls.press(view, Panel(), "action", True).panel
    assert panel.page == "counters" and controls.counter_rows(view)[panel.focus]["who"] == "Bea"
    assert controls.press(view, panel, "next", False).action == {"type": "counter", "name": "score", "delta": 1, "seat": 1}
    assert controls.press(view, panel, "back", True).action == {"type": "counter", "name": "score", "delta": -5, "seat": 1}
    moved = controls.press(view, panel, "select", False).panel
    assert controls.counter_rows(view)[moved.focus]["who"] == "Cy"
    assert controls.press(view, panel, "action", False).panel.page == "step"


def test_the_knob_opens_the_counters_then_turns_them(free_play):
    view = view_of(free_play)
    opened = controls.turn(view, Panel(), 1)
    assert opened.action is None and opened.panel.page == "counters"
    assert controls.turn(view, opened.panel, -1).action == {"type": "counter", "name": "score", "delta": -1, "seat": 0}


def test_scores_are_ranked_with_shared_places(free_play):
    free_play.ok(type="counter", name="score", seat=2, delta=5)
    free_play.ok(type="counter", name="score", seat=1, delta=5)
    screen = controls.scores_screen(view_of(free_play))
    assert screen.rows == ((1, "Bea", 5), (1, "Cy", 5), (3, "Ada", 0))


def test_the_step_screen_says_who_what_and_what_the_buttons_do(free_play):
    free_play.ok(type="advance")
    screen = controls.screen_for(view_of(free_play), Panel(option=1))
    assert (screen.who, screen.step, screen.doing) == ("Bea", "Turn", "► Roll 2d6  2/4")
    assert screen.hints == ("Undo", "More", "Roll", "Done")


def test_after_the_end_the_step_page_says_game_over(free_play):
    free_play.ok(type="finish")
    view = view_of(free_play)
    screen = controls.screen_for(view, Panel())
    assert screen.who == "Game over" and screen.badge == "END"
    assert controls.press(view, Panel(), "next", False).action is None


def test_without_a_game_the_buttons_point_to_the_phone():
    view = {"game": None, "version": 1}
    reply = controls.press(view, Panel(), "next", False)
    assert reply.action is None and "phone" in reply.prompt.message
    assert controls.screen_for(view, Panel()).who == "No game"


def test_the_pairing_screen_shows_without_a_game_and_after_the_counters(free_play):
    pairing = ("123456", "http://10.0.0.5:8080/pair?code=123456")
    assert controls.screen_for({"game": None, "version": 1}, Panel(), pairing) == PairingScreen(*pairing)
    view = view_of(free_play)
    counters = controls.press(view, Panel(), "action", True).panel
    paired = controls.press(view, counters, "select", True).panel
    assert paired.page == "pair" and controls.screen_for(view, paired, pairing) == PairingScreen(*pairing)
    back = controls.press(view, paired, "next", False)
    assert back.action is None and back.panel.page == "step"  # any press leaves it, and does nothing else


def test_a_field_that_holds_a_value_now_starts_there_on_the_buttons(free_play):
    """ACTION on an option whose numbers start at what the table holds (its default): SELECT starts there, so
    ACTION again keeps it; the next field starts at its own."""
    view = view_of(free_play)
    fields = {"sales": {"type": "integer", "minimum": 0, "maximum": 6, "default": 4, "title": "sales"},
              "price": {"type": "integer", "minimum": 0, "maximum": 9, "default": 7, "title": "price"}}
    view["options"] = [{"label": "The Market is otherwise", "short": "Mkt", "group": "Play", "action": {"type": "market"},
                        "fields": fields, "confirm": False, "button": ""}]
    panel = controls.press(view, Panel(), "action", False).panel
    assert panel.pick.at == 4
    panel = controls.press(view, panel, "action", False).panel
    assert panel.pick.chosen == (("sales", 4),) and panel.pick.at == 7
    assert controls.press(view, panel, "action", False).action == {"type": "market", "sales": 4, "price": 7}
