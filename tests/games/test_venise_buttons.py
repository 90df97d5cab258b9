"""La Venise du Nord at the table: the OLED's screens and what the four buttons do through a turn, the reader's
dice and a tapped card, and a screen for every moment of a whole game played on the buttons alone."""

import random

from venise_table import COMPOSITIONS, NAMES, VIRTUAL, VN

from buttons import choose, every_page, press, press_at_random, select
from companion import controls
from companion.controls import Panel
from companion.core import physical
from companion.games.la_venise_du_nord import LA_VENISE
from companion.games.la_venise_du_nord import city
from companion.screens import StepScreen
from options_bot import from_seat

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": VIRTUAL, "compositions": COMPOSITIONS}


def _new(make_runtime, setup=SETUP, seed=4, placed=True):
    """A game whose Burghers are placed (on Wool: each player's first option), unless `placed` is False."""
    rt = make_runtime(rng=random.Random(seed))
    assert rt.submit({"type": "new_game", "game": "la_venise_du_nord", "setup": setup}).accepted
    while placed and rt.view()["step"] == "PLACE":
        assert rt.submit({"type": "advance", "tile": "Wool"}).accepted
    return rt


def _screen(rt):
    return controls.screen_for(rt.view(), Panel())


def test_a_turn_on_the_buttons(make_runtime):
    rt = _new(make_runtime, placed=False)
    screen = _screen(rt)  # every Burgher is placed first, the first player's first
    assert (screen.header, screen.who, screen.step) == ("Venise du Nord  R1", "Ada", "Place your Burgher")
    assert screen.doing.startswith("► Start on Wool")
    press(rt, Panel(), "action")  # the Burgher's first place
    assert rt.view()["players"][0]["burgher"] == "Wool"
    screen = _screen(rt)
    assert screen.who == "Bea" and screen.doing.startswith("► Start on Wool")
    panel = press(rt, Panel(), "select").panel  # Bea chooses another tile
    press(rt, press(rt, panel, "select").panel, "action")
    assert rt.view()["players"][1]["burgher"] in ("Flax", "Gold")
    screen = _screen(rt)
    assert (screen.who, screen.step) == ("Ada", "Roll: 5 dice in hand")
    assert _screen(rt).doing == "► Roll two dice: dice thrown" and _screen(rt).hints[2:] == ("Dice", "Roll")
    press(rt, Panel(), "next")  # the companion rolls
    view = rt.view()
    dice = view["turn"]["dice"]
    assert view["phase"] == 2 and len(dice) == 2 and _screen(rt).step == view["status"]
    assert view["status"].endswith(" · from Wool")
    if _screen(rt).doing.startswith("► Move to "):  # the tile first; its ways are keys, one press each
        panel = press(rt, Panel(), "action").panel
        screen = controls.screen_for(rt.view(), panel)
        assert screen.step.startswith("Move to ") and screen.hints[0] == f"Foot{dice[0]}"  # on foot, moving the first
        press(rt, panel, "back")
    else:
        assert f": move {dice[0]}, act {dice[1]}" in _screen(rt).doing  # where to, what activates
        press(rt, Panel(), "action")
    view = rt.view()
    tile, act = view["turn"]["tile"], view["turn"]["act"]
    assert act == dice[1] and view["phase"] == 3  # the first die moved, the other activates and view["players"][0]["burgher"] == tile
    assert _screen(rt).step == f"{tile} at {act}"
    assert view["dice_on_tiles"][tile] == {"seat": 0, "value": act}
    assert controls.on_button(rt.view(), "NEXT") is None  # a power to use or not: NEXT decides nothing here
    skip = [o["label"] for o in controls.walk(rt.view())].index(f"Do not use {tile}")
    press(rt, Panel(option=skip), "action")  # the power is not used: no secondary activation
    # Ada has no die to bridge from and no workshop: the phases with nothing to do pass by themselves, and say so.
    assert (rt.view()["active"], rt.view()["phase"]) == (1, 1)
    assert [line for line in rt.view()["log"][-8:] if "has no" in line] == [
        "Ada has no bridge to build.", "Ada has no workshop ready to produce."]
    assert _screen(rt).who == "Bea"


def test_the_readers_dice_roll_and_a_tapped_card_is_the_card_kept():
    t = VN(n=2, virtual=False)
    t.ok(type="burgher", seat=0, tile="Market")
    action = physical.dice_action(t.state, t.offered, 6, (2, 5))
    assert action == {"type": "advance", "roll": True, "dice": [2, 5], "source": "physical"}
    t.ok(**action)
    assert t.view["turn"]["dice"] == [2, 5]
    assert physical.dice_action(t.state, t.offered, 6, (4,)).reason.startswith("no roll is expected now")
    t.ok(type="advance", die=2, to="Order")
    assert physical.card_action(LA_VENISE, t.state, "workshops", "Lace 2 cost 3 flax").reason.startswith("a card is tapped when it is kept")
    tap = physical.card_action(LA_VENISE, t.state, "orders", "Lace +1", "04A1B2C3D4E503")
    assert tap == {"type": "advance", "keep": "Lace +1", "tag": "04A1B2C3D4E503"}  # its tag: one card per tag
    t.ok(**tap)
    assert t.view["players"][0]["orders"] == [{"card": "Lace +1", "good": "lace", "value": 1}]
    # Bea's Burgher is on the Order tile too: her secondary activation. The same tag tapped again is refused
    # (one tag, one card); another card's tag is hers.
    assert t.view["actor"] == 1 and t.view["phase"] == 4
    again = physical.card_action(LA_VENISE, t.state, "orders", "Lace +1", "04A1B2C3D4E503")
    assert t.refused(**again) == "this Lace +1 card was kept already, by Ada"
    t.ok(**physical.card_action(LA_VENISE, t.state, "orders", "Lace +1", "04A1B2C3D4E504"))
    assert t.view["players"][1]["orders"] == [{"card": "Lace +1", "good": "lace", "value": 1}]


def test_two_dice_thrown_at_the_table_are_keyed_one_after_the_other_on_the_box(make_runtime):
    """A table that throws its own dice and has no reader: ACTION on "Roll two dice: dice thrown", then each die's
    face on the keypad (1 2 3 over BACK SELECT ACTION, NEXT for 4 5 6), the first named above the second's."""
    rt = _new(make_runtime)
    panel = press(rt, Panel(), "action").panel
    assert controls.screen_for(rt.view(), panel).step == "Roll two dice: dice thrown · 1st die"
    panel = press(rt, panel, "select").panel  # 2
    assert controls.screen_for(rt.view(), panel).step == "2nd die · 1st 2 (hold BACK to leave)"
    panel = press(rt, panel, "next").panel  # 4 5 6
    done = press(rt, panel, "action")  # 6: four presses in all
    assert done.action == {"type": "advance", "roll": True, "source": "physical", "dice": [2, 6]}
    view = rt.view()
    assert view["turn"]["dice"] == [2, 6] and view["phase"] == 2
    assert rt.shown(view["last"]["seq"])["values"] == [2, 6]


def test_with_one_die_in_hand_the_second_is_taken_from_one_of_his_dice_on_the_tiles_by_the_player_not_the_reader(make_runtime):
    """[R] "If there is only one die available, the second must be taken from one of his dice on the tiles": 2d6
    thrown on the reader are taken as thrown, then the player says which die came back (his phone, or the box's
    buttons); the reader never picks the first one listed. With one die to take, the reader takes it."""
    from companion.reader_event import ReaderEvent

    rt = _new(make_runtime)
    for tile, value in (("Flax", 5), ("Gold", 3), ("Order", 2), ("Market", 6)):
        assert rt.submit({"type": "die", "tile": tile, "seat": 0, "value": value}).accepted
    labels = [o["label"] for o in rt.view()["options"] if o["group"] == "Play"]
    assert "Take back the 5 on Flax" in labels  # the box's own roll names the die first, as before
    assert controls.on_button(rt.view(), "NEXT")["label"] == "Roll two dice first"
    thrown = ReaderEvent("1A2B3C4D", 1, "DICE", {"sides": "6", "values": "4,1"})
    assert rt.submit_event(thrown).ok
    view = rt.view()
    assert view["turn"]["dice"] == [4, 1] and view["phase"] == 1 and len(view["players"][0]["dice_on_tiles"]) == 4
    assert _screen(rt).step == "Which came back? · rolled 4 and 1"
    back = [o for o in view["options"] if o["short"] == "Back"]
    assert [o["label"] for o in back] == ["The 5 on Flax came back", "The 3 on Gold came back", "The 2 on Order came back",
                                          "The 6 on Market came back"]
    press(rt, Panel(option=[o["label"] for o in controls.walk(view)].index("The 3 on Gold came back")), "action")
    view = rt.view()
    assert view["phase"] == 2 and sorted(view["players"][0]["dice_on_tiles"]) == ["Flax", "Market", "Order"]
    assert "Ada takes back the die on Gold." in " ".join(view["log"])


def test_dice_that_two_inputs_would_take_alike_are_refused_with_the_choice_to_make():
    """The core never lets the reader choose between two of a player's inputs that take the same roll."""
    from companion.core.options import Option

    two = [Option("Take back the 5 on Flax", "Roll", {"type": "advance", "take_back": ["Flax"]}, rolls="2d6"),
           Option("Take back the 3 on Gold", "Roll", {"type": "advance", "take_back": ["Gold"]}, rolls="2d6")]
    t = VN(n=2)
    assert physical.dice_action(t.state, two, 6, (4, 1)).reason == (
        "these dice leave a choice (Take back the 5 on Flax; Take back the 3 on Gold): choose on a phone or "
        "the box first")
    assert physical.dice_action(t.state, two[:1] * 2, 6, (4, 1))["take_back"] == ["Flax"]  # the same input twice
    # Whose roll it is still follows the turn order: the same roll for two players goes to the first listed.
    trips = [Option(f"Roll {who}'s 1 trip", "Trips", {"type": "trips", "seat": seat}, rolls="1d6") for seat, who in enumerate(NAMES[:2])]
    assert physical.dice_action(t.state, trips, 6, (5,)) == {"type": "trips", "seat": 0, "dice": [5], "source": "physical"}


def test_every_moment_of_a_whole_game_has_its_screen(make_runtime):
    rt = _new(make_runtime, {**SETUP, "players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]}, seed=7)
    rng = random.Random(24)  # the random presses fill the pickers they open (a bridge's die taken back, a move's
    # Activation +-1): a player with such a card would otherwise never move
    phases = set()
    for _ in range(8000):
        view = rt.view()
        if view["over"]:
            break
        screen = every_page(view, Panel)
        assert isinstance(screen, StepScreen) and screen.step
        assert (screen.badge == "LAST") == view["final_round"]
        phases.add((view["phase"], view["final_round"]))
        press_at_random(rt, view, rng, selects=4, action_share=0.85, fill=True)
    assert rt.view()["over"]
    assert {(p, False) for p in range(1, 7)} <= phases and (1, True) in phases
    scores = controls.screen_for(rt.view(), Panel(page="scores"))
    assert scores.title.startswith("Points") and scores.rows[0][1] == rt.view()["standings"][0][0]


def test_the_acting_players_phone_has_the_steps_own_options(make_runtime):
    rt = _new(make_runtime)
    mine = [o["label"] for o in rt.seat_view(0)["options"]]
    assert "Roll two dice" in mine  # a roll, a move, a bridge: on her own phone, not only on the table
    assert "Roll two dice" not in [o["label"] for o in rt.seat_view(1)["options"]]  # not on Bea's
    option = next(o for o in rt.seat_view(0)["options"] if o["label"] == "Roll two dice")
    assert rt.submit(option["action"], source=from_seat(0)).accepted and rt.view()["phase"] == 2


def test_a_move_by_boat_on_the_buttons_is_the_tile_then_where_the_boat_is_left(make_runtime):
    """A move by Boat is one choice under its tile ("Flax by Boat"), whatever tile the Boat takes the Burgher
    to: its picker lists where the Boat may be left, the places beside the tile he ends on first, SELECT on
    "next to" it. A place beside another tile only sends the Boat there and the Burgher walks on."""
    rt = _new(make_runtime)  # Burghers on Wool, the Boat next to the Market
    # 1 to the Market, the Boat (3), 2 on foot
    assert rt.submit({"type": "advance", "roll": True, "dice": [6, 1], "source": "physical"}).accepted
    view = rt.view()
    boats = [o for o in controls.walk(view) if " by Boat: move 6" in o["label"]]
    assert boats and len({o["label"] for o in boats}) == len(boats)  # one a tile and die
    assert not any(" by Boat to " in o["label"] for o in controls.walk(view))  # not a way for each tile landed on
    option = next(o for o in boats if len({t for b in o["fields"]["boat"]["enum"] for t in b}) > 3)
    to = option["action"]["to"]
    places = option["fields"]["boat"]["enum"]
    assert places[0] == [to] and len(places) == len({tuple(p) for p in places})  # "next to" his tile first, each once
    keys = controls.screen_for(rt.view(), select(rt, Panel(), option["label"]))  # its tile opened: its ways are keys
    assert keys.step.startswith(f"Move to {to}") and "Boat6" in keys.hints  # by Boat, the 6 moves
    panel = choose(rt, Panel(), option["label"]).panel  # its key pressed: the places' tiles on the keys, short
    screen = controls.screen_for(rt.view(), panel)
    field = option["fields"]["boat"]
    assert len(places) > 6 and screen.step.startswith("the Boat left")
    tiles = list(field["groupShort"].values())
    assert screen.hints[:3] == tuple(tiles[:3]) and tiles[0] == city.SHORT[to]  # his tile first: beside most places
    panel = press(rt, panel, "back").panel  # his tile's places: "Alone" is next to it only
    screen = controls.screen_for(rt.view(), panel)
    assert screen.step.startswith(f"the Boat left: {to}") and screen.hints[0] == "Alone"
    assert all(len(h) <= 5 for h in screen.hints)
    press(rt, panel, "back")  # two presses from the way's key
    view = rt.view()
    assert view["boat"] == [to] and view["players"][0]["burgher"] == to
    assert any(line.endswith(f"-> Boat -> {to}.") for line in view["log"])


def test_the_boat_left_beside_another_tile_takes_the_burgher_there_and_he_walks_on(make_runtime):
    rt = _new(make_runtime)
    assert rt.submit({"type": "advance", "roll": True, "dice": [6, 1], "source": "physical"}).accepted
    option = next(o for o in controls.walk(rt.view()) if " by Boat: move 6" in o["label"]
                  and any(o["action"]["to"] not in p for p in o["fields"]["boat"]["enum"]))
    to = option["action"]["to"]
    place = next(p for p in option["fields"]["boat"]["enum"] if to not in p)
    assert rt.submit(option["action"] | {"boat": place}).accepted
    view = rt.view()
    assert view["boat"] == place and view["players"][0]["burgher"] == to
    moved = next(line for line in view["log"] if "'s Burgher moves 6" in line)
    landed = moved.split("-> Boat -> ")[1].split(" -> ")[0]
    assert landed in place and moved.endswith(f" -> {to}.")
