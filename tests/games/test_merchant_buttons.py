"""Merchant Venturers at the table: the OLED's screens (the year, the season and the wind, the phase) and what
the four buttons do from the deal into year 1, and a screen for every moment of a whole game on the buttons
alone."""

import random

from buttons import every_page, press, press_at_random, select, shown_large
from companion import controls
from companion.controls import Panel
from companion.core import physical
from companion.games.merchant_venturers import MERCHANT_VENTURERS
from companion.screens import AlertScreen, StepScreen
from merchant_table import MV

SETUP = {"players": [{"name": "Ada", "age": 30}, {"name": "Bea", "age": 20}]}


def _new(make_runtime, setup=SETUP, seed=4):
    rt = make_runtime(rng=random.Random(seed))
    assert rt.submit({"type": "new_game", "game": "merchant_venturers", "setup": setup}).accepted
    return rt


def _screen(rt):
    return controls.screen_for(rt.view(), Panel())


def test_from_the_deal_into_year_one_on_the_buttons(make_runtime):
    rt = _new(make_runtime)
    screen = _screen(rt)
    assert (screen.header, screen.who, screen.step, screen.doing) == (
        "Merchant Ventr  T1", "Table", "Before year 1: deal", "► Deal the board")
    press(rt, Panel(), "next")  # the companion deals the tiles at random
    screen = _screen(rt)
    assert rt.view()["board"] is not None and (screen.who, screen.step) == ("Bea", "Place post and ship")  # the youngest
    assert screen.doing.startswith("► Post and ship at O1")
    press(rt, Panel(), "action")
    assert rt.view()["players"][1]["posts"] == {"O1": {"size": "small", "goods": []}}
    screen = _screen(rt)
    assert screen.who == "Ada" and screen.doing.startswith("► Post and ship at O1")
    press(rt, Panel(), "action")
    screen = _screen(rt)
    assert (screen.who, screen.step, screen.hints[3]) == ("Bea", "Buy before year 1", "Done")  # each may buy, in turn
    press(rt, Panel(), "next")
    assert _screen(rt).who == "Ada"
    press(rt, Panel(), "next")
    view = rt.view()
    assert (view["year"], view["season"], view["phase"], view["first_move"]) == (1, "Winter", 1, 1)
    # The season heads the screen (the title goes where both do not fit), the phase under the name.
    assert (_screen(rt).header, _screen(rt).step) == ("Merchant Ventr  Y1 Win N", "the season changes")
    press(rt, Panel(), "next")
    press(rt, Panel(), "next")  # phase 2: the companion makes the Winter's resources
    screen = _screen(rt)
    assert rt.view()["phase"] == 3 and (screen.who, screen.step) == ("Bea", "buy")  # the marker's holder first
    made = next(line for line in rt.view()["log"] if line.startswith("Resource creation (Winter): "))
    # The box shows what was made, as the log does ("Resource creation (Winter): 2 crops, 1 furs on the ...").
    shown = shown_large(rt)
    assert shown == AlertScreen("Resources made", made.split(": ", 1)[1].removesuffix(" on the New World lands."))
    labels = [o["label"] for o in rt.view()["options"]]
    assert "Buy an action card for 2" in labels and "Buy a small slow ship for 2" in labels
    assert screen.hints[3] == "Done"


def test_a_trading_post_s_port_is_keyed_by_its_world_then_its_name(make_runtime):
    """Eleven ports, too many to walk: "Old" or "New" on the keys, then the port (N5 on the second page)."""
    rt = _new(make_runtime)
    press(rt, Panel(), "next")  # the deal
    press(rt, Panel(), "action")  # Bea's post and ship
    press(rt, Panel(), "action")  # Ada's; Bea may buy
    panel = select(rt, Panel(), "Build a small trading post")
    panel = press(rt, panel, "action").panel
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.step, screen.doing, screen.hints) == ("port for the post (hold BACK to leave)", "► Old New", ("Old", "New", "", ""))
    panel = press(rt, panel, "select").panel  # the New World's six: N1-N3, then NEXT for N4-N6
    screen = controls.screen_for(rt.view(), panel)
    assert screen.hints == ("N1", "N2", "N3", "N4-N6")
    panel = press(rt, panel, "next").panel
    assert controls.screen_for(rt.view(), panel).hints[:3] == ("N4", "N5", "N6")
    reply = press(rt, panel, "select")
    assert reply.action == {"type": "buy_post", "seat": 1, "port": "N5"}
    assert rt.view()["players"][1]["posts"]["N5"] == {"size": "small", "goods": []}


def test_a_tapped_action_card_is_played_from_the_phone():
    t = MV(2)
    t.start()
    refused = physical.card_action(MERCHANT_VENTURERS, t.state, "actions", "Storm")
    assert refused.reason == "Storm: play an action card from your phone (Play an action card), so the companion knows whose it is"


def test_every_moment_of_a_whole_game_has_its_screen(make_runtime):
    rt = _new(make_runtime, {"players": [{"name": n, "age": 20 + k} for k, n in enumerate(("Ada", "Bea", "Cy"))]}, seed=7)
    rng = random.Random(8)
    seen = set()
    for _ in range(8000):
        view = rt.view()
        if view["over"]:
            break
        screen = every_page(view, Panel)
        assert isinstance(screen, StepScreen) and screen.step == view["status"]
        if view["phase"] != "PREGAME":
            assert screen.header.endswith(f"  Y{view['year']} {view['season'][:3]} {view['round_label'].split()[-1]}")
        if view["actor"] is not None or view["trading"]:  # a player must act: the OLED names him, not the table
            assert screen.who == view["players"][view["actor"] if view["actor"] is not None else view["trading"]["seat"]]["name"]
        seen.add((view["season"], view["phase"]))
        press_at_random(rt, view, rng, selects=4, action_share=0.5)
    assert rt.view()["over"] and rt.view()["year"] == 10
    # Phase 6 only when someone has goods to load or store (buttons pressed at random seldom buy any).
    assert {("Summer", p) for p in range(1, 10) if p != 6} <= seen and ("Winter", 4) not in seen
    scores = controls.screen_for(rt.view(), Panel(page="scores"))
    assert scores.title.startswith("Fortune") and scores.rows[0][1] == rt.view()["standings"][0][0]

