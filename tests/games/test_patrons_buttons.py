"""The Patrons of Venice at the table: the OLED's screens and what the four buttons do at each step."""

import random

from companion import controls
from companion.controls import Panel
from companion.screens import AlertScreen, StepScreen, render, step_lines

from buttons import press, shown_large
from patrons_bot import play_one, setup


def _new(make_runtime, n=3, virtual=False):
    rt = make_runtime(rng=random.Random(2))
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup(n, virtual)}).accepted
    return rt


def test_the_lead_chooses_the_action_with_select_and_action(make_runtime):
    rt = _new(make_runtime)
    panel = Panel()
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.header, screen.who, screen.step, screen.hints[3]) == ("Patrons  T1", "Table", "Deal, then start", "Start")
    press(rt, panel, "next")
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.header, screen.who, screen.step, screen.doing) == ("Patrons  T1", "Cy", "Choose the action", "► Reserve goods  1/5")
    back = controls.press(rt.view(), panel, "next", False)  # NEXT does not choose: it walks the list back
    assert back.action is None and controls.screen_for(rt.view(), back.panel).doing == "► Produce  5/5"
    assert controls.screen_for(rt.view(), panel).hints[3] == "Prev"
    panel = press(rt, panel, "select").panel
    assert controls.screen_for(rt.view(), panel).doing == "► Sail ships  2/5"
    press(rt, panel, "action")
    view = rt.view()
    assert (view["step"], view["action"]) == ("SAIL_DRAW", "SAIL")
    screen = controls.screen_for(rt.view(), Panel())
    assert (screen.who, screen.step, screen.hints[3]) == ("Table", "Draw new shipments", "Drawn")


def test_a_statue_is_placed_from_the_box_on_a_campo_picked_and_only_a_campo_named_anew_takes_a_phone(make_runtime):
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance", "action": "SPONSOR"})
    screen = controls.screen_for(rt.view(), Panel())
    assert screen.doing == "► A statue for 3  1/3" and screen.hints[2] == "Statue"  # then "Sponsor a business (7)"
    panel = press(rt, Panel(), "action").panel  # the campo, picked from the board's
    assert controls.screen_for(rt.view(), panel).doing == "► Campo Dei Frari  1/2"
    press(rt, panel, "action")
    assert rt.view()["statues"] == ["Campo Dei Frari"] and rt.view()["active"] == 0
    panel = Panel()
    for _ in range(2):
        panel = controls.press(rt.view(), panel, "select", False).panel
    assert controls.screen_for(rt.view(), panel).doing == "► Name a campo of the board (phone)  3/3"
    reply = controls.press(rt.view(), panel, "action", False)  # a name the rulebook does not give: typed on a phone
    assert reply.action is None and isinstance(reply.prompt, AlertScreen) and reply.prompt.title == "On the phone"
    assert reply.prompt.message == "Name a campo of the board: do it on a phone (campo, as the board prints it)."
    press(rt, Panel(), "next")  # NEXT: no sponsorship
    assert rt.view()["active"] == 1


def test_a_business_is_sponsored_from_the_box_its_campi_named_one_then_another_or_none(make_runtime):
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance", "action": "SPONSOR"})
    panel = press(rt, Panel(), "select").panel
    assert controls.screen_for(rt.view(), panel).doing == "► Sponsor a business (7)  2/3"  # none is "(phone)" now
    panel = press(rt, panel, "action").panel
    assert controls.screen_for(rt.view(), panel).doing == "► A Draper: show a Wool card  1/7"
    panel = press(rt, panel, "action").panel
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.who, screen.step, screen.doing) == ("Cy", "1st campo touched", "► Campo Dei Frari  1/2")
    panel = press(rt, panel, "action").panel  # the second, or none (first: most buildings touch one)
    screen = controls.screen_for(rt.view(), panel)
    assert (screen.step, screen.doing) == ("2nd campo touched · 1st Campo Dei Frari", "► none  1/2")
    assert step_lines(screen.step, screen.doing)[0] == ["2nd campo touched", "1st Campo Dei Frari"]  # both whole
    panel = press(rt, panel, "select").panel
    assert controls.screen_for(rt.view(), panel).doing == "► Campo San Polo  2/2"
    panel = press(rt, panel, "action").panel  # the tile's printed cost, asked the first time
    assert controls.screen_for(rt.view(), panel).step == "cost printed on the tile"
    for _ in range(3):
        panel = press(rt, panel, "select").panel
    reply = press(rt, panel, "action")  # what the player shows is said, and asked first
    assert reply.action is None and reply.prompt.message == "A Draper: show a Wool card: press ACTION again to do it."
    reply = press(rt, reply.panel, "action")
    assert reply.action["campi"] == ["Campo Dei Frari", "Campo San Polo"] and reply.action["cost"] == 4
    assert rt.view()["businesses"][-1]["campi"] == ["Campo Dei Frari", "Campo San Polo"]
    assert rt.view()["businesses"][-1]["owner"] == 2 and rt.view()["active"] == 0


def test_a_first_tile_its_player_cannot_pay_for_says_why_on_the_box(make_runtime):
    """Its printed cost is kept, and he chooses again: the list only loses the tile, so the box says why."""
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance", "action": "SPONSOR"})
    out = rt.submit({"type": "priced", "business": "tent", "campi": ["Campo San Polo"], "cost": 12, "shown": True,
                     "confirm": True})
    assert out.accepted and rt.view()["step"] == "SPONSOR" and rt.view()["active"] == 2
    shown = shown_large(rt)
    assert shown == AlertScreen("Not sponsored", "Cy has 10 Ducats: a Tent costs 12.")


def test_a_pirates_raid_said_on_the_box_asks_first(make_runtime):
    """It takes shipments at once: one stray ACTION where the cursor rested after an earlier Sail does nothing yet."""
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance", "action": "SAIL"})
    panel = Panel()
    while controls.screen_for(rt.view(), panel).doing.split("  ")[0] != "► A Pirates! card was drawn":
        panel = press(rt, panel, "select").panel
    reply = press(rt, panel, "action")
    assert reply.action is None and reply.prompt.title == "Sure?" and rt.view()["step"] == "SAIL_DRAW"
    assert press(rt, reply.panel, "action").action == {"type": "advance", "pirates": True, "confirm": True}
    assert rt.view()["step"] == "SAIL_PIRATES"
    shown = shown_large(rt)  # what the Pirates! took, large on the box as it happens (not only in the log)
    assert shown == AlertScreen("Pirates!", "They take Ada's shipment, Bea's shipment and Cy's shipment to the Pirate Wharf.")


def test_next_passes_in_the_buy_step(make_runtime):
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance", "action": "TRADE"})
    for _ in range(3):
        press(rt, Panel(), "next")
    assert rt.view()["step"] == "TRADE_BUY"
    for _ in range(3):
        screen = controls.screen_for(rt.view(), Panel())
        assert screen.hints[3] == "Pass"
        press(rt, Panel(), "next")
    assert rt.view()["step"] == "CHOOSE_ACTION" and rt.view()["turn"] == 2


def test_a_player_who_can_pay_for_nothing_is_not_asked_to_pass_in_the_buy_step(make_runtime):
    rt = _new(make_runtime)
    rt.submit({"type": "advance"})
    assert rt.submit({"type": "counter", "name": "ducats", "seat": 1, "delta": -10}).accepted  # Bea holds none
    rt.submit({"type": "advance", "action": "TRADE"})
    for _ in range(3):
        press(rt, Panel(), "next")  # Cy, Ada and Bea are done selling
    assert (rt.view()["step"], rt.view()["active"]) == ("TRADE_BUY", 2)
    press(rt, Panel(), "next")  # Cy passes
    assert (rt.view()["step"], rt.view()["active"]) == ("TRADE_BUY", 0)
    press(rt, Panel(), "next")  # Ada passes: Bea, who could buy nothing, passes by herself and the buying ends
    view = rt.view()
    assert view["step"] == "CHOOSE_ACTION" and view["turn"] == 2
    assert "Bea has 0 Ducats, too few for any card left to buy." in view["log"][-5:]


def test_new_shipments_nobody_named_are_placed_without_a_press(make_runtime):
    rt = _new(make_runtime)
    panel = press(rt, Panel(), "next").panel  # the deal is done: Cy leads
    panel = press(rt, press(rt, panel, "select").panel, "action").panel  # Sail ships
    press(rt, panel, "next")  # no Pirates! card was drawn, and nobody named the cards drawn
    for _ in range(3):
        assert rt.view()["step"] == "SAIL_UNLOAD"
        press(rt, Panel(), "next")  # each takes his shipment into hand
    view = rt.view()  # nobody is asked which new card he places: the box cannot tell them apart
    assert (view["step"], view["turn"]) == ("CHOOSE_ACTION", 2)
    assert [line for line in view["log"] if "on the leftmost ship" in line][-3:] == [
        f"{who} places a new shipment on the leftmost ship." for who in ("Cy", "Ada", "Bea")]


def test_every_step_of_a_whole_game_has_its_screen(make_runtime):
    rt = _new(make_runtime, n=5, virtual=True)
    rng = random.Random(8)  # a game in which some player can produce (in seed 5's, since issue 53, nobody could)
    steps = set()
    while not rt.view()["over"]:
        view = rt.view()
        for page in ("step", "scores", "counters"):
            screen = controls.screen_for(view, Panel(page=page))
            assert render(screen).size == (128, 64)
        screen = controls.screen_for(view, Panel())
        assert isinstance(screen, StepScreen) and screen.step
        steps.add(view["step"])
        play_one(rt, rng)
    assert steps >= {"SETUP_DONE", "CHOOSE_ACTION", "RESERVE", "SAIL_DRAW", "SAIL_UNLOAD", "SAIL_PLACE",
                     "TRADE_SELL", "TRADE_BUY", "SPONSOR", "PRODUCE"}
    scores = controls.screen_for(rt.view(), Panel(page="scores"))
    assert scores.title.startswith("Points") and scores.rows[0][1] == rt.view()["standings"][0][0]


def test_during_an_unload_the_oled_names_the_player_who_decides_and_lists_only_his_choices(make_runtime):
    rt = _new(make_runtime)
    for action in ({"type": "advance"}, {"type": "advance", "action": "RESERVE"},  # Cy leads
                   {"type": "advance", "action": "reserve", "owner": 0, "ship": 2},  # his cube on Ada's rightmost
                   {"type": "advance"}, {"type": "advance"}, {"type": "advance", "action": "SAIL"},  # Ada leads
                   {"type": "advance"}):  # the table: no Pirates! was drawn
        assert rt.submit(action).accepted, action
    view = rt.view()
    assert (view["step"], view["active"], view["acting"]) == ("SAIL_UNLOAD", 0, [2])  # Ada's ship, Cy's cube
    screen = controls.screen_for(view, Panel())
    assert (screen.who, screen.step, screen.hints[3]) == ("Cy", "Unload Ada's shipment", "Hand")
    assert [o["label"] for o in view["options"] if o["group"] == "Play"] == [
        "Take Ada's shipment into hand", "Sell it"]
    press(rt, Panel(), "next")  # Cy takes it: then Bea's own shipment, hers to decide
    assert rt.view()["acting"] == [1] and controls.screen_for(rt.view(), Panel()).who == "Bea"
    assert controls.screen_for(rt.view(), Panel()).step == "Unload Bea's shipment"  # whose, her own too (it said "the")
