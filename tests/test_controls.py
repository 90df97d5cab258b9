"""What each button does on each page: pure, on real table views."""

from companion import controls
from companion.controls import Panel
from companion.core.view import table_view
from companion.games.free_play import FREE_PLAY
from companion.screens import PairingScreen, render, step_lines


def view_of(table):
    return table_view(FREE_PLAY, table.session) | {"version": 1}


def test_next_ends_the_step_and_back_undoes(free_play):
    view = view_of(free_play)
    assert controls.press(view, Panel(), "next", False).action == {"type": "advance"}
    free_play.ok(type="advance")
    free_play.ok(type="counter", name="score", seat=1, delta=1)  # still Bea's turn: BACK takes it back at once
    assert controls.press(view_of(free_play), Panel(), "back", False).action == {"type": "undo"}


def test_back_into_another_players_turn_asks_first(free_play):
    """One stray BACK in Bea's turn took back what Bea's predecessor had paid for (a box-only Patrons of Venice):
    an undo that goes back into another player's decision asks first; held, BACK does it at once."""
    free_play.ok(type="advance")  # Ada is done: Bea's turn
    view = view_of(free_play)
    short = controls.press(view, Panel(), "back", False)
    assert short.action is None and short.prompt.title == "Undo?"
    assert short.prompt.message == "Ada is done with the turn. Hold BACK to take it back."
    assert controls.press(view, Panel(), "back", True).action == {"type": "undo", "confirm": True}


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
    assert screen.hints == ("Back", "", "", "")  # how to leave it: any press goes back to the step


def test_the_scores_of_more_players_than_fit_over_the_hints_keep_their_rows():
    view = {"game": "free_play", "round": 2, "score_keys": [["score", "Score"]],
            "players": [{"name": f"P{k}", "score": k} for k in range(7)], "standings": [[f"P{k}"] for k in range(6, -1, -1)]}
    screen = controls.scores_screen(view)
    assert len(screen.rows) == 7 and screen.hints == ("", "", "", "")
    assert render(screen).size == (128, 64)


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


def test_a_wide_number_is_walked_five_at_a_time_held_and_its_screen_says_so(free_play):
    """A bid of 20 Gold of 0-40: ACTION, SELECT held four times, ACTION (six presses, not twenty-two); NEXT held
    goes back five; a short press still moves one. A narrow number (0-9) moves one, held or not."""
    view = view_of(free_play)
    view["options"] = [{"label": "Bea's sealed bid", "short": "Bid", "group": "Play", "action": {"type": "bid"},
                        "confirm": False, "button": "",
                        "fields": {"gold": {"type": "integer", "minimum": 0, "maximum": 40, "title": "gold"},
                                   "votes": {"type": "integer", "minimum": 0, "maximum": 9, "title": "votes"}}}]
    panel = controls.press(view, Panel(), "action", False).panel
    for _ in range(4):
        panel = controls.press(view, panel, "select", True).panel
    assert panel.pick.at == 20
    screen = controls.screen_for(view, panel)
    assert screen.doing == "► 20 (hold: ±5)  21/41" and screen.hints == ("Leave", "+1", "Take", "-1")
    panel = controls.press(view, panel, "next", True).panel
    panel = controls.press(view, panel, "select", False).panel
    assert panel.pick.at == 16
    panel = controls.press(view, controls.press(view, panel, "next", True).panel, "select", True).panel
    panel = controls.press(view, panel, "action", False).panel  # gold 16; the votes, 0-9, are narrow
    assert controls.press(view, panel, "select", True).panel.pick.at == 1
    assert controls.screen_for(view, panel).hints[1] == "More"
    assert controls.press(view, panel, "action", False).action == {"type": "bid", "gold": 16, "votes": 0}


def _opt(label, action, under="", **more):
    return {"label": label, "short": label[:6], "action": action, "fields": {}, "confirm": False, "rolls": "",
            "group": "Play", "button": "", "under": under} | more


def test_a_die_thrown_at_the_table_is_entered_in_three_presses_at_most():
    """The box's keypad for one die: ACTION opens it on the roll NEXT would make; BACK, SELECT, ACTION name 1, 2, 3;
    NEXT turns to 4, 5, 6; held BACK leaves."""
    view = {"game": "master_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Roll the Pope's die", {"type": "advance"}, rolls="1d6", button="NEXT", short="Roll")]}
    assert [o["label"] for o in controls.walk(view)] == ["Roll the Pope's die: a die thrown"]  # NEXT still rolls
    screen = controls.screen_for(view, Panel())
    assert screen.hints[2:] == ("Die", "Roll")
    for face in range(1, 7):
        presses = ["action"] + (["next"] if face > 3 else []) + [("back", "select", "action")[(face - 1) % 3]]
        panel, action = Panel(), None
        for role in presses:
            reply = controls.press(view, panel, role, False)
            panel, action = reply.panel, reply.action
        assert len(presses) <= 3 and action == {"type": "advance", "source": "physical", "dice": [face]}
    keypad = controls.press(view, Panel(), "action", False).panel
    screen = controls.screen_for(view, keypad)
    assert (screen.who, screen.step, screen.hints) == ("Ada", "the die thrown (hold BACK to leave)", ("1", "2", "3", "4-6"))
    assert controls.screen_for(view, controls.press(view, keypad, "next", False).panel).hints == ("4", "5", "6", "1-3")
    left = controls.press(view, keypad, "back", True)
    assert left.action is None and left.panel.pick is None


def test_a_few_short_names_are_a_keypad_too_and_long_ones_are_walked():
    """A coin turned up (null, ace, 2 ... 5) is named like a die's face: the first three on BACK, SELECT, ACTION,
    NEXT for the rest: at most three presses from the option, where SELECT walked up to six."""
    coins = ["null", "ace", "2", "3", "4", "5"]
    field = {"type": "array", "minItems": 1, "maxItems": 1, "items": {"enum": coins}, "title": "the coin turned up"}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Name the coin turned up", {"type": "draw", "deck": "coins"}, fields={"cards": field})]}
    for k, coin in enumerate(coins):
        presses = ["action"] + (["next"] if k > 2 else []) + [("back", "select", "action")[k % 3]]
        panel, action = Panel(), None
        for role in presses:
            reply = controls.press(view, panel, role, False)
            panel, action = reply.panel, reply.action
        assert action == {"type": "draw", "deck": "coins", "cards": [coin]}
    keypad = controls.press(view, Panel(), "action", False).panel
    screen = controls.screen_for(view, keypad)
    assert (screen.who, screen.hints, screen.doing) == ("Ada", ("null", "ace", "2", "3-5"), "► null ace 2")
    longer = {**field, "items": {"enum": ["Arms 2", "Arms 3"]}}  # names too long for a key: walked with SELECT
    view["options"][0]["fields"] = {"cards": longer}
    walked = controls.press(view, controls.press(view, Panel(), "action", False).panel, "select", False)
    assert walked.action is None and controls.screen_for(view, walked.panel).doing == "► Arms 3  2/2"


def test_options_listed_under_one_first_choice_are_one_entry_on_the_box():
    """Seven moves: more than the box lists one by one, so a tile's moves are one entry; NEXT, with nothing of its
    own to do (a move must be chosen), walks back."""
    tiles = ("Gold", "Wool", "Order", "Market", "Port 1")
    moves = [_opt(f"Flax: move {d}, act {8 - d}", {"type": "advance", "die": d, "to": "Flax"}, "Move to Flax", short="Move")
             for d in (2, 6)]
    moves += [_opt(f"{t}: move 6, act 2", {"type": "advance", "die": 6, "to": t}, f"Move to {t}") for t in tiles]
    view = {"game": "la_venise_du_nord", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": moves}
    assert [o["label"] for o in controls.shown(view, Panel())] == ["Move to Flax (2)", *(f"{t}: move 6, act 2" for t in tiles)]
    assert controls.farthest(view) == 4  # NEXT, NEXT, NEXT back to Market, ACTION; or ACTION, SELECT, ACTION on Flax
    assert controls.press(view, Panel(), "next", False).panel.option == 5  # back round to the last
    opened = controls.press(view, Panel(), "action", False)
    assert opened.action is None and opened.panel.under == ("Move to Flax",)
    screen = controls.screen_for(view, opened.panel)
    assert (screen.doing, screen.hints) == ("► Flax: move 2, act 6  1/2", ("Leave", "More", "Move", "Prev"))
    second = controls.press(view, opened.panel, "select", False).panel
    assert controls.press(view, second, "action", False).action == {"type": "advance", "die": 6, "to": "Flax"}
    back = controls.press(view, second, "back", False)  # BACK leaves the entry, on it; it does not undo
    assert back.action is None and back.panel == Panel(option=0)
    assert controls.press(view, Panel(option=1), "action", False).action == {"type": "advance", "die": 6, "to": "Gold"}
    # Three of them: one by one, each a press or two away.
    short = dict(view, options=moves[:3])
    assert [o["label"] for o in controls.shown(view | short, Panel())] == [o["label"] for o in moves[:3]]


def test_where_several_players_choose_at_once_the_box_lists_each_players_choices_as_one_entry():
    names = ("Ada", "Bea", "Cy")
    options = [_opt(f"{n} plays card {k}", {"type": "play", "seat": s, "card": k}) for s, n in enumerate(names) for k in range(3)]
    view = {"game": "master_of_venice", "players": [{"name": n, "seat": s} for s, n in enumerate(names)],
            "acting": [0, 1, 2], "options": options}
    assert [o["label"] for o in controls.shown(view, Panel())] == ["Ada (3)", "Bea (3)", "Cy (3)"]
    bea = controls.press(view, Panel(option=1), "action", False).panel
    assert [o["label"] for o in controls.shown(view, bea)] == ["Bea plays card 0", "Bea plays card 1", "Bea plays card 2"]
    assert controls.press(view, bea, "next", False).panel.option == 2  # NEXT walks back inside
    assert controls.farthest(view) == 4


def test_a_long_field_with_groups_is_picked_group_first_on_the_box():
    cards = [(k, f"{owner}'s Cogs #{k}", owner) for k, owner in enumerate(("Ada",) * 5 + ("Bea",) * 5 + ("Cy",) * 6 + ("Eve",))]
    storm = _opt("Dan plays Storm on …", {"type": "play", "card": "Storm"}, fields={"target": {
        "title": "target", "enum": [k for k, _, _ in cards], "enumNames": [n for _, n, _ in cards],
        "enumGroups": [g for _, _, g in cards]}})
    view = {"game": "master_of_venice", "players": [{"name": "Dan", "seat": 0}], "acting": [0], "options": [storm]}
    picking = controls.press(view, Panel(), "action", False).panel
    screen = controls.screen_for(view, picking)
    assert (screen.doing, screen.hints) == ("► Ada (5)  1/4", ("Leave", "More", "Open", "Prev"))
    eve = controls.press(view, picking, "next", False).panel  # back round to Eve's, a group of one card: ACTION takes it
    screen = controls.screen_for(view, eve)  # and the screen says so: the card itself, "Take" (not "Eve (1)", "Open")
    assert (screen.doing, screen.hints) == ("► Eve's Cogs #16  4/4", ("Leave", "More", "Take", "Prev"))
    assert controls.press(view, eve, "action", False).action == {"type": "play", "card": "Storm", "target": 16}
    bea = controls.press(view, controls.press(view, picking, "select", False).panel, "action", False).panel
    screen = controls.screen_for(view, bea)
    assert (screen.step, screen.doing, screen.hints[0]) == ("target: Bea", "► Bea's Cogs #5  1/5", "Back")
    back = controls.press(view, bea, "back", False).panel  # back to the groups, on Bea's
    assert back.pick is not None and controls.screen_for(view, back).doing == "► Bea (5)  2/4"
    last = controls.press(view, bea, "next", False).panel  # NEXT walks back: Bea's last card
    assert controls.press(view, last, "action", False).action == {"type": "play", "card": "Storm", "target": 9}


def test_a_value_in_several_groups_is_found_under_each_on_the_box():
    tiles = ("Flax", "Gold", "Wool", "Lace")
    places = [[t] for t in tiles] + [[a, b] for a, b in zip(tiles, tiles[1:])] + [["Flax", "Gold", "Wool"]]
    places += [[t, "Market"] for t in tiles] + [["Lace", "Order"], ["Order"]]  # 14 places, most touching two tiles
    boat = _opt("The Boat lies elsewhere …", {"type": "boat"}, fields={"boat": {
        "title": "the Boat", "enum": places, "enumNames": [" and ".join(p) for p in places], "enumGroups": places}})
    view = {"game": "la_venise_du_nord", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": [boat]}
    picking = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, picking).doing == "► Flax (4)  1/6"  # Flax, Flax and Gold, Flax Gold Wool, Flax and Market
    gold = controls.press(view, controls.press(view, picking, "select", False).panel, "action", False).panel
    walked = [controls.screen_for(view, gold).doing]
    for _ in range(4):
        gold = controls.press(view, gold, "select", False).panel
        walked.append(controls.screen_for(view, gold).doing.split("  ")[0])
    assert walked[0] == "► Gold  1/5" and "► Flax and Gold" in walked and "► Gold and Market" in walked
    order = controls.press(view, picking, "next", False).panel  # the last group: Order's two places
    assert controls.screen_for(view, order).doing == "► Order (2)  6/6"


def test_one_thing_named_from_a_long_list_is_picked_group_first_too():
    tiles = [f"{suit} {face}" for suit in ("Moons", "Suns", "Arms", "Crowns") for face in ("null", "ace", "2", "3", "4")]
    name = _opt("Name the tile turned up", {"type": "draw", "deck": "tiles"}, fields={"cards": {
        "type": "array", "minItems": 1, "maxItems": 1, "title": "tile turned up",
        "items": {"enum": tiles, "enumGroups": [t.split(" ")[0] for t in tiles]}}})
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": [name]}
    picking = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, picking).doing == "► Moons (5)  1/4"
    crowns = controls.press(view, controls.press(view, picking, "next", False).panel, "action", False).panel
    assert controls.screen_for(view, crowns).doing == "► Crowns null  1/5"
    assert controls.press(view, crowns, "action", False).action == {"type": "draw", "deck": "tiles", "cards": ["Crowns null"]}


def test_where_select_starts_is_what_the_box_did_last_time_by_its_first_choice():
    from companion.box_list import first_choice, place_of

    coins = [_opt(f"Take the {c} from the bank", {"type": "coin", "coin": c}) | {"under": "Take a coin"} for c in (2, 3, 4)]
    tiles = [_opt(f"Buy Suns {k}", {"type": "buy", "tile": k}) | {"under": "Buy a tile"} for k in range(4)]
    nxt = _opt("Pass", {"type": "advance"}) | {"button": "NEXT"}
    long = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": coins + tiles + [nxt]}
    assert first_choice(long, (), 1) == "Buy a tile" == first_choice(long, ("Buy a tile",), 2)
    assert place_of(long, "Buy a tile") == 1 and place_of(long, "Swap Suns 2") == 0 and place_of(long, None) == 0
    short = {**long, "options": coins + tiles[:2] + [nxt]}  # five: one by one
    assert place_of(short, "Buy a tile") == 3  # its first tile
    assert place_of(short, "Take the 3 from the bank") == 1  # an option done last time, listed again


def test_next_s_own_option_says_its_word_once_and_leaves_it_out_where_the_line_has_no_room():
    """The option SELECT is on is NEXT's: its word is over NEXT, so the ACTION hint is blank; where "Next: on to 9
    Second chance to buy" would be cut on the box's two lines, the word over NEXT is not said before it again, and
    where "on to Phase 4: secondary activations" would be cut still, the phase that comes is named by its number."""
    def screen(label):
        view = {"title": "Merchant Venturers", "status": "every port is done", "players": [{"name": "Ada"}],
                "options": [{"label": label, "short": "Next", "action": {"type": "advance"}, "fields": {},
                             "button": "NEXT"}]}
        return controls.step_screen(view, Panel())

    short, long = screen("Next: on to 7 Sail ships"), screen("Next: on to 9 Second chance to buy")
    assert (short.doing, short.hints) == ("► Next: on to 7 Sail ships", ("", "", "", "Next"))
    assert (long.doing, long.hints) == ("► on to 9 Second chance to buy", ("", "", "", "Next"))
    assert step_lines(long.step, long.doing)[1] == ["► on to 9 Second", "chance to buy"]
    # Too long even so, a step named by its number and its words (La Venise du Nord's phases): by its number.
    phase = screen("Next: on to Phase 4: secondary activations")
    assert (phase.doing, step_lines(phase.step, phase.doing)[1]) == ("► on to Phase 4", ["► on to Phase 4"])
    assert screen("Done: on to Phase 4: secondary activations").doing == "► Done: on to Phase 4"  # not "► Done"


def test_held_next_walks_the_list_back_where_next_has_a_job_of_its_own_and_never_does_it():
    sells = [_opt(f"Sell Pepper {k} for {k}", {"type": "sell", "card": k}) for k in range(1, 9)]
    passing = _opt("Pass", {"type": "advance"}, button="NEXT")
    view = {"game": "patrons_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": sells + [passing]}
    back = controls.press(view, Panel(), "next", True)
    assert back.action is None and controls.screen_for(view, back.panel).doing == "► Sell Pepper 8 for 8  8/8"
    assert controls.press(view, Panel(), "next", False).action == {"type": "advance"}  # a short press: NEXT's own
    assert controls.farthest(view) == 5  # 8 sells, each within 4 SELECTs or held NEXTs and ACTION
    alone = {**view, "options": sells[:1] + [passing]}
    assert controls.press(alone, Panel(), "next", True).action is None  # nothing to walk: held NEXT does nothing


def test_next_asks_sure_while_a_player_is_on_a_phone_only_when_the_step_cannot_say_what_is_left(free_play):
    """NEXT that ends a step under players on their phones asks first; but a step that says itself what NEXT would
    leave undone (`step_asks`: Master's elections, the bids not in; Merchant's selling, the goods unsold) asks
    only then, in its own words: asked "Sure?" with every bid in, a table pressed NEXT twice a phase."""
    view = view_of(free_play) | {"held": [{"seat": 0, "phone": "Ada's phone"}]}
    assert view["acting"] == [0] and not view["step_asks"]
    asked = controls.press(view, Panel(), "next", False)
    assert asked.action is None and asked.prompt.title == "Sure?" and "Ada still plays on a phone" in asked.prompt.message
    says = view | {"step_asks": True}  # nothing left: its NEXT option does not ask
    assert controls.press(says, Panel(), "next", False).action == {"type": "advance"}


def test_an_entry_of_a_few_options_with_short_hints_of_their_own_is_a_keypad_once_opened():
    """Six coin values to name, each its own hint: ACTION opens the entry, one press does one (BACK, SELECT, ACTION
    the first three, NEXT the page of the rest), held BACK leaves. Options that share a hint are walked as before."""
    faces = ("Null", "Ace", "2", "3", "4", "5")
    coins = [_opt(f"The coin turned up is {f}", {"type": "draw", "cards": [f]}) | {"under": "The coin turned up is",
                                                                                      "short": f} for f in faces]
    others = [_opt(f"Take {k}", {"type": "take", "k": k}) for k in range(6)]
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": coins + others}
    opened = controls.press(view, Panel(), "action", False).panel
    assert opened.under == ("The coin turned up is",) and controls.screen_for(view, opened).hints == ("Null", "Ace", "2", "3-5")
    # NEXT's hint names the next page: a run of numbers as one ("3-5"); other names side by side, never "5-4" (a
    # score), or "More" where they do not fit.
    bank = [o | {"short": f} for o, f in zip(coins[:5], ("3", "Ace", "Null", "5", "4"))]
    assert controls.screen_for(view | {"options": bank + others}, opened).hints == ("3", "Ace", "Null", "5 4")
    assert controls.press(view, opened, "select", False).action == {"type": "draw", "cards": ["Ace"]}
    rest = controls.press(view, opened, "next", False).panel
    assert controls.press(view, rest, "back", False).action == {"type": "draw", "cards": ["3"]}
    three = {**view, "options": coins[:3] + others}  # three: no page for NEXT to turn, and it says so
    assert controls.press(three, opened, "next", False).notice == "Nothing on NEXT"
    assert controls.press(view, opened, "back", True).panel.under == ()
    alike = [o | {"short": "Name"} for o in coins]  # one hint for all: SELECT walks them
    view = {**view, "options": alike + others}
    opened = controls.press(view, Panel(), "action", False).panel
    assert controls.press(view, opened, "select", False).action is None


def test_a_field_names_its_few_values_on_the_keys_by_their_short_names():
    """A payment of four ways with long names ("exactly, with the die's 5: another action") is a keypad by its
    `enumShort`: one press each, the names over the buttons; names that repeat are walked by their labels."""
    pay = {"title": "payment", "enum": ["e", "o", "ed", "od"], "enumShort": ["Exact", "Over", "Ex+D5", "Ov+D5"],
           "enumNames": ["exactly: another action", "more than 7", "exactly, with the die's 5: another action",
                         "more than 7, with the die's 5"]}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Buy Arms 2 (7)", {"type": "buy"}, fields={"pay": pay})]}
    keypad = controls.press(view, Panel(), "action", False).panel
    screen = controls.screen_for(view, keypad)
    # Four: one over each button, NEXT's too, and no page to turn (too wide for the line above, they are named over
    # the buttons only).
    assert (screen.step, screen.doing, screen.hints) == (
        "payment (hold BACK to leave)", "", ("Exact", "Over", "Ex+D5", "Ov+D5"))
    assert controls.press(view, keypad, "select", False).action == {"type": "buy", "pay": "o"}
    assert controls.press(view, keypad, "next", False).action == {"type": "buy", "pay": "od"}
    assert controls.press(view, keypad, "next", True).action == {"type": "buy", "pay": "od"}  # held, the same
    view["options"][0]["fields"] = {"pay": {**pay, "enum": [*pay["enum"], "x"], "enumShort": [*pay["enumShort"], "All"],
                                            "enumNames": [*pay["enumNames"], "every coin"]}}  # five: two pages again
    five = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, five).hints == ("Exact", "Over", "Ex+D5", "More")
    assert controls.press(view, five, "next", False).action is None
    assert controls.press(view, controls.press(view, five, "next", False).panel, "select", False).action == {
        "type": "buy", "pay": "x"}
    view["options"][0]["fields"] = {"pay": {**pay, "enumShort": ["Left", "Left", "Right", "Above"]}}  # two alike
    walked = controls.press(view, controls.press(view, Panel(), "action", False).panel, "select", False)
    assert walked.action is None and controls.screen_for(view, walked.panel).doing == "► more than 7  2/4"


def test_while_everyone_may_play_a_play_being_picked_names_its_player_on_the_big_line():
    """Master of Venice's Expansion Phase on the box alone: everyone may play, and Bea's card being picked said
    "Everyone" on the big line (the guide: the big letters still name the player). A correction stays the table's."""
    cards = {"title": "card", "enum": ["Senator", "Cardinal", "Bishop", "Doge", "Pope", "Merchant", "Spy"]}
    gold = {"type": "integer", "minimum": 0, "maximum": 40, "title": "Gold"}
    view = {"game": "master_of_venice", "players": [{"name": "Ada", "seat": 0}, {"name": "Bea", "seat": 1}],
            "acting": [0, 1],
            "options": [_opt("Bea plays a card", {"type": "play", "seat": 1}, fields={"card": cards}),
                        _opt("Set Ada's Gold right", {"type": "counter", "seat": 0}, fields={"value": gold},
                             group="Corrections")]}
    assert controls.screen_for(view, Panel()).who == "Everyone"
    picking = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, picking).who == "Bea"
    assert controls._headed(view, view["options"][1], "Gold", "► 3")[1] == "Everyone"


def test_a_keypad_opens_on_the_page_of_its_default():
    """Six ways on the keys, the fifth what the table holds now: the keypad opens on its page (the second: NEXT
    turned to it), so one press takes it."""
    ways = {"title": "way", "enum": list("abcdef"), "enumShort": ["One", "Two", "Three", "Four", "Five", "Six"],
            "default": "e"}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Go", {"type": "go"}, fields={"way": ways})]}
    keypad = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, keypad).hints[:3] == ("Four", "Five", "Six")
    assert controls.press(view, keypad, "select", False).action == {"type": "go", "way": "e"}


def test_a_list_of_different_things_is_named_one_after_another_until_it_is_full_or_none_more_is_named():
    """A building touches one campo or two (a list of one to two of the board's): the first is named, then the
    second or none; a list that may hold one thing only, and must, is taken as it stands, without a press."""
    def view(enum, most=2):
        campi = {"title": "campi", "type": "array", "minItems": 1, "maxItems": most, "uniqueItems": True,
                 "items": {"title": "campo touched", "enum": enum}}
        return {"game": "patrons_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
                "options": [_opt("A Draper for 5", {"type": "sponsor"}, fields={"campi": campi})]}
    two = view(["Campo Dei Frari", "Campo San Polo"], most=3)
    assert controls.box_list.fillable(two["options"][0])
    panel = controls.press(two, Panel(), "action", False).panel
    assert controls.screen_for(two, panel).doing == "► Campo Dei Frari  1/2"  # none is no answer for the first
    panel = controls.press(two, panel, "select", False).panel
    panel = controls.press(two, panel, "action", False).panel
    screen = controls.screen_for(two, panel)
    assert (screen.step, screen.doing) == ("2nd campo touched · 1st Campo San Polo", "► none  1/2")
    assert controls.press(two, panel, "action", False).action == {"type": "sponsor", "campi": ["Campo San Polo"]}
    panel = controls.press(two, panel, "select", False).panel
    assert controls.press(two, panel, "action", False).action == {"type": "sponsor", "campi": ["Campo San Polo", "Campo Dei Frari"]}  # all
    assert controls.press(view(["Campo Dei Frari"]), Panel(), "action", False).action == {"type": "sponsor", "campi": ["Campo Dei Frari"]}
    ticked = view(["Campo Dei Frari", "Campo San Polo"], most=12)  # more than the buttons name in turn: a list to tick, a phone's
    assert not controls.box_list.fillable(ticked["options"][0])


def test_a_long_field_with_short_names_is_keyed_by_its_groups_then_by_the_group_s_values():
    """Eight structures for the turret: on the keys by suit first ("Moon Sun Arms Crown"), then the suit's
    structures by their short names; held BACK goes back to the suits. Without short names it is walked."""
    tiles = ["Moons 2", "Moons 3", "Moons 5", "Suns 3", "Suns null", "Arms 3", "Crowns 3", "Crowns ace"]
    on = {"title": "structure", "enum": tiles, "enumShort": ["M2", "M3", "M5", "S3", "S0", "A3", "C3", "CA"],
          "enumGroups": [{"Moons": "Moon", "Suns": "Sun", "Arms": "Arms", "Crowns": "Crown"}[t.split()[0]] for t in tiles]}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Place the turret", {"type": "advance", "action": "turret"}, fields={"on": on})]}
    suits = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, suits).hints == ("Moon", "Sun", "Arms", "Crown")
    moons = controls.press(view, suits, "back", False)
    assert moons.action is None and controls.screen_for(view, moons.panel).hints == ("M2", "M3", "M5", "")
    assert controls.screen_for(view, moons.panel).step == "structure: Moon (hold BACK: back)"
    assert controls.press(view, moons.panel, "select", False).action == {"type": "advance", "action": "turret", "on": "Moons 3"}
    assert controls.press(view, moons.panel, "back", True).panel.pick.group is None  # back to the suits
    crowns = controls.press(view, suits, "next", False).panel  # the fourth suit on NEXT
    assert controls.press(view, crowns, "select", False).action["on"] == "Crowns ace"
    walked = {**on}
    del walked["enumShort"]
    view["options"][0]["fields"] = {"on": walked}
    opened = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, opened).doing.startswith("► Moon (3)") and controls.press(
        view, opened, "select", False).panel.pick.at == 1


def test_a_long_field_keyed_by_groups_named_short_names_each_value_as_in_the_group_opened():
    """Places of a boat by the tiles they touch: the groups on the keys by their `groupShort` names, in its order
    (three pages of three: NEXT turns on, held NEXT back), then the group's places each by its name in that group
    ("Flax" under Wool is "Wool" under Flax); a value in several groups is reached under any of them."""
    tiles = ["Wool", "Flax", "Gold", "Wkshp", "Order", "MB", "Mkt", "P1", "P2"]
    places = [[t] for t in tiles] + [["Wool", "Flax"], ["Flax", "Mkt"], ["Wool", "Flax", "Mkt"]]
    groups = [list(p) for p in places]
    shorts = [["Alone"]] * 9 + [["Flax", "Wool"], ["Mkt", "Flax"], ["Fl+Mk", "Wo+Mk", "Wo+Fl"]]
    order = ["Flax", "Wool", "Mkt", "Gold", "Wkshp", "Order", "MB", "P1", "P2"]  # those beside most places first
    boat = {"title": "the Boat left", "enum": places, "enumNames": [" and ".join(p) for p in places],
            "enumGroups": groups, "enumShort": shorts, "groupShort": {t: t for t in order}}
    view = {"game": "la_venise_du_nord", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Flax by Boat", {"type": "advance", "to": "Flax"}, fields={"boat": boat})]}
    tiles_on_keys = controls.press(view, Panel(), "action", False).panel
    screen = controls.screen_for(view, tiles_on_keys)
    assert (screen.step, screen.doing, screen.hints) == (
        "the Boat left (hold BACK to leave)", "► Flax Wool Mkt", ("Flax", "Wool", "Mkt", "More"))
    flax = controls.press(view, tiles_on_keys, "back", False).panel
    screen = controls.screen_for(view, flax)
    assert (screen.step, screen.hints) == ("the Boat left: Flax (hold BACK: back)", ("Alone", "Wool", "Mkt", "Wo+Mk"))
    assert controls.press(view, flax, "select", False).action == {"type": "advance", "to": "Flax", "boat": ["Wool", "Flax"]}
    wool = controls.press(view, tiles_on_keys, "select", False).panel
    assert controls.screen_for(view, wool).hints == ("Alone", "Flax", "Fl+Mk", "")
    assert controls.press(view, wool, "select", False).action["boat"] == ["Wool", "Flax"]  # the same place, by Wool
    last = controls.press(view, tiles_on_keys, "next", True).panel  # held NEXT: the last page, "MB P1 P2"
    assert controls.screen_for(view, last).doing == "► MB P1 P2"
    assert controls.press(view, last, "action", False).action["boat"] == ["P2"]  # a group of one place: that place
    second = controls.press(view, tiles_on_keys, "next", False).panel
    assert controls.screen_for(view, second).hints == ("Gold", "Wkshp", "Order", "More")  # NEXT: the page after
    assert controls.screen_for(view, controls.press(view, second, "next", False).panel).hints[3] == "More"  # "Flax-Mkt"
    assert controls.press(view, flax, "back", True).panel.pick.at == 0  # held BACK: the tiles again, on Flax's page
    view["options"][0]["fields"]["boat"] = {**boat, "enum": places[9:], "enumNames": boat["enumNames"][9:],
                                            "enumGroups": groups[9:], "enumShort": shorts[9:]}
    short = controls.press(view, Panel(), "action", False).panel  # too few to group: named only within groups, walked
    assert controls.screen_for(view, short).doing == "► Wool and Flax  1/3"


def test_up_to_nine_values_with_short_names_of_their_own_are_a_keypad_of_three_pages():
    """Eight places beside one tile, each by its `enumShort`: three pages of keys, NEXT on, held NEXT back; eight
    numbers named only by their labels are walked (a keypad of labels has two pages)."""
    shorts = ["Alone", "Flax", "MBldr", "Mkt", "Port1", "Fl+Mk", "Fl+P1", "MB+Mk"]
    boat = {"title": "the Boat left", "enum": list(range(8)), "enumShort": shorts}
    view = {"game": "la_venise_du_nord", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Wool by Boat", {"type": "advance"}, fields={"boat": boat})]}
    first = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, first).hints == ("Alone", "Flax", "MBldr", "More")
    last = controls.press(view, first, "next", True).panel
    assert controls.screen_for(view, last).hints == ("Fl+P1", "MB+Mk", "", "More")
    assert controls.press(view, last, "select", False).action == {"type": "advance", "boat": 7}
    blank = controls.press(view, last, "action", False)  # no ninth: said, not lost
    assert (blank.action, blank.panel, blank.notice) == (None, last, "Nothing on ACTION")
    second = controls.press(view, first, "next", False).panel
    assert controls.press(view, second, "action", False).action == {"type": "advance", "boat": 5}
    del boat["enumShort"]
    assert controls.screen_for(view, controls.press(view, Panel(), "action", False).panel).doing == "► 0  1/8"


def test_a_keypad_line_too_wide_for_its_mark_leaves_the_mark_out_and_the_title_keeps_two_lines():
    """"► Alone Wkshp Order" is a pixel wider than the panel: wrapped, it left the title one line, cut ("the Boat
    left…"). Without its mark it is one line, and "the Boat left beside Port 2" shows whole on two."""
    boat = {"title": "the Boat left beside Port 2", "enum": [0, 1, 2, 3, 4],
            "enumShort": ["Alone", "Wkshp", "Order", "Wk+Or", "Mkt"]}
    view = {"game": "la_venise_du_nord", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Port 2 by Boat", {"type": "advance"}, fields={"boat": boat})]}
    screen = controls.screen_for(view, controls.press(view, Panel(), "action", False).panel)
    assert screen.doing == "Alone Wkshp Order" and screen.hints == ("Alone", "Wkshp", "Order", "More")
    steps, doing, _ = step_lines(screen.step, screen.doing)
    assert " ".join(steps).startswith("the Boat left beside Port 2") and doing == ["Alone Wkshp Order"]
    boat["enumShort"] = ["Alone", "Flax", "Fl+Mk", "Mkt", "Wkshp"]  # narrow enough: marked as every keypad's line
    assert controls.screen_for(view, controls.press(view, Panel(), "action", False).panel).doing == "► Alone Flax Fl+Mk"
    # Four, one on each button: too wide for one line, they are named only over the buttons, and the title is whole.
    boat.update(enum=[0, 1, 2, 3], enumShort=["Alone", "Wkshp", "Order", "Wk+Or"])
    screen = controls.screen_for(view, controls.press(view, Panel(), "action", False).panel)
    assert screen.doing == "" and screen.hints == ("Alone", "Wkshp", "Order", "Wk+Or")
    assert step_lines(screen.step, screen.doing)[0] == ["the Boat left beside", "Port 2 (hold BACK", "to leave)"]


def test_a_key_may_choose_an_option_with_fields_of_its_own_which_it_then_opens():
    """The yard's tiles to buy, each on a key by its short name: one press chooses the tile, then its payment is
    picked as ACTION on it in a list would pick it."""
    pay = {"title": "payment", "enum": ["exact", "over"], "enumNames": ["exactly", "more than the price"]}
    buys = [_opt(f"Buy {t}", {"type": "buy", "tile": t}, fields={"pay": pay}) | {"under": "Buy a tile", "short": k}
            for t, k in (("Moons 3", "M3"), ("Suns ace", "SA"), ("Arms 5", "A5"), ("Crowns null", "C0"))]
    others = [_opt(f"Take {k}", {"type": "take", "k": k}) for k in range(4)]
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0], "options": buys + others}
    opened = controls.press(view, Panel(), "action", False).panel
    assert controls.screen_for(view, opened).hints == ("M3", "SA", "A5", "C0")
    picking = controls.press(view, opened, "next", False)  # the fourth tile on NEXT: one press each, no page
    assert picking.action is None and picking.panel.pick.label == "Buy Crowns null"
    # Held BACK leaves the payment and the yard's keys too (on them a stray NEXT would choose a tile again).
    left = controls.press(view, picking.panel, "back", True).panel
    assert (left.pick, left.under, controls.screen_for(view, left).doing) == (None, (), "► Buy a tile (4)  1/5")
    assert controls.press(view, picking.panel, "action", False).action == {"type": "buy", "tile": "Crowns null", "pay": "exact"}


def test_a_field_with_one_value_is_taken_without_a_press():
    """The one place a turret may go is not asked for: ACTION on the option goes on to the field with a choice,
    and an option whose every field holds one value is done by its ACTION (or asks first, as it says)."""
    one = {"title": "on", "enum": [[0, 1]], "enumNames": ["the tower by the gate"]}
    two = {"title": "pay", "enum": ["die", "coin"], "enumNames": ["the die (5)", "the 3 coin"]}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Place the turret", {"type": "advance", "action": "turret"}, fields={"on": one}),
                        _opt("Buy Arms 4", {"type": "advance", "action": "purchase"}, fields={"on": one, "pay": two}),
                        _opt("Buy Moons 5", {"type": "advance", "action": "purchase"}, confirm=True, fields={"on": one})]}
    assert controls.press(view, Panel(), "action", False).action == {"type": "advance", "action": "turret", "on": [0, 1]}
    opened = controls.press(view, Panel(option=1), "action", False).panel
    assert opened.pick.chosen == (("on", [0, 1]),) and controls.screen_for(view, opened).step == "pay"
    assert controls.press(view, opened, "select", False).panel.pick.at == 1
    assert controls.press(view, opened, "action", False).action == {
        "type": "advance", "action": "purchase", "on": [0, 1], "pay": "die"}  # SELECT starts on the first
    asked = controls.press(view, Panel(option=2), "action", False)
    assert asked.action is None and asked.panel.confirm == "option" and asked.panel.chosen == (("on", [0, 1]),)
    assert controls.press(view, asked.panel, "action", False).action == {
        "type": "advance", "action": "purchase", "on": [0, 1], "confirm": True}


def test_a_pickers_header_never_cuts_the_option_it_fills():
    """The option being filled heads a picker where it fits the header whole ("Roll 2d6"); a longer one ("Port 2 by
    Boat: move 4, act 4" was "Port 2 by Boat…") leaves the header to the game and the round, and is said whole before
    the field's title where the lines under the big line have room for both, else left out whole."""
    from companion.screens import PLACE, WIDTH, text_width

    places = ["beside Port 2", "beside Order", "beside Workshop"]
    boat = _opt("Port 2 by Boat: move 4, act 4", {"type": "advance", "to": "Port 2"}, fields={"boat": {
        "title": "the Boat left", "enum": places, "enumNames": places}})
    roll = _opt("Roll 2d6", {"type": "roll"}, fields={"die": {"title": "the die", "enum": [1, 2, 3, 4, 5, 6, 7, 8]}})
    view = {"game": "la_venise_du_nord", "short_title": "La Venise", "round": 3, "players": [{"name": "Ada", "seat": 0}],
            "acting": [0], "options": [boat, roll]}
    for k, label in enumerate(("Port 2 by Boat: move 4, act 4", "Roll 2d6")):
        screen = controls.screen_for(view, controls.press(view, Panel(option=k), "action", False).panel)
        place = PLACE.match(screen.doing).group(2)
        assert "…" not in screen.header and text_width(screen.header) <= WIDTH - 1 - text_width(place) - 4
        steps, _, _ = step_lines(screen.step, screen.doing)
        assert screen.header == label or " ".join(steps).split() == screen.step.split(), (screen.header, steps)
    assert (screen.header, screen.step) == ("Roll 2d6", "the die")
    boat = controls.screen_for(view, controls.press(view, Panel(), "action", False).panel)
    assert (boat.header, boat.step, boat.doing) == ("La Venise  R3", "the Boat left", "► beside Port 2  1/3")


def test_a_picker_keeps_its_options_words_before_how_to_leave_it():
    """"Buy Arms 2 (7) for the reserve" is too long for the header: the lines under the big one say it before the
    field's title, and give up "(hold BACK to leave)" first, so the player sees where the tile goes."""
    pay = {"title": "payment", "enum": ["e", "o", "ed", "od"], "enumShort": ["Exact", "Over", "Ex+D5", "Ov+D5"],
           "enumNames": ["exactly: another action", "more than 7", "exactly, with the die's 5: another action",
                         "more than 7, with the die's 5"]}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Buy Arms 2 (7) for the reserve", {"type": "buy"}, fields={"pay": pay})]}
    screen = controls.screen_for(view, controls.press(view, Panel(), "action", False).panel)
    assert (screen.step, screen.doing) == ("Buy Arms 2 (7) for the reserve · payment", "")
    view["options"][0]["label"] = "Buy Arms 2 (7)"  # fits the header: the title keeps its hint below it
    screen = controls.screen_for(view, controls.press(view, Panel(), "action", False).panel)
    assert (screen.header, screen.step) == ("Buy Arms 2 (7)", "payment (hold BACK to leave)")


def test_what_only_its_players_own_phone_can_fill_is_not_on_the_boxs_list():
    """palazzo's "My coins in hand" (a list to tick of the coins only that player knows) cannot be done at the box:
    it is not walked. A private choice the buttons can fill (a sealed bid) is, and so is a list to tick that
    anyone may fill on a phone: the box names it, "(phone)"."""
    tick = {"title": "coins in hand", "type": "array", "items": {"enum": [0, 1, 2]}, "maxItems": 2}
    bid = {"title": "Gold", "type": "integer", "minimum": 0, "maximum": 9}
    view = {"game": "palazzo", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("Take a coin", {"type": "coin"}),
                        _opt("My coins in hand", {"type": "hand", "seat": 0}, fields={"coins": tick}) | {"private": True},
                        _opt("Bid", {"type": "bid", "seat": 0}, fields={"gold": bid}) | {"private": True},
                        _opt("Build on campi", {"type": "build"}, fields={"campi": tick})]}
    assert [o["label"] for o in controls.walk(view)] == ["Take a coin", "Bid", "Build on campi"]
    assert controls.screen_for(view, Panel(option=2)).doing == "► Build on campi (phone)  3/3"


def test_select_with_nothing_to_walk_to_says_so_over_the_hints():
    """The Unload's one choice to walk (Sell it; NEXT takes the card into hand): SELECT is not lost in silence."""
    one = {"game": "patrons_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
           "options": [_opt("Sell it", {"type": "advance", "action": "sell"})]}
    reply = controls.press(one, Panel(), "select", False)
    assert reply.panel == Panel() and reply.action is None and reply.notice == "Only choice"
    assert controls.press({**one, "options": []}, Panel(), "select", False).notice == "Nothing to choose"


def test_a_question_answered_with_another_button_is_not_done_and_says_so():
    """Any press but the confirming one lets a question go; the step screen then says so over the hints, so that
    the next press is not made blind on another option (a cancelled Sure? followed by ACTION, ACTION bought a
    statue the player did not mean)."""
    view = {"game": "patrons_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
            "options": [_opt("A Draper: show a Wool card", {"type": "sponsor"}, confirm=True),
                        _opt("A statue for 4", {"type": "statue"})]}
    asked = controls.press(view, Panel(), "action", False)
    assert asked.prompt.title == "Sure?" and asked.panel.confirm == "option"
    let_go = controls.press(view, asked.panel, "select", False)
    assert let_go.action is None and let_go.panel.confirm is None and let_go.notice == "Not done"
    assert controls.screen_for(view, let_go.panel).doing.startswith("► A Draper")  # SELECT did not move on too


def test_the_groups_of_a_long_field_keep_their_order_whatever_was_seen():
    """The cards a game has seen head the list as a group of their own; the goods stay in their own order (a hand
    that walked to Hemp finds it where it was: it picked Iron meaning Hemp when the goods moved with each card seen)."""
    from companion.core.fields import likeliest_first
    cards = [f"{good} {v}" for good in ("Lumber", "Wool", "Iron", "Hemp") for v in (1, 2, 3, 4)]
    base = {"title": "card", "enum": cards, "enumGroups": [c.split()[0] for c in cards]}

    def groups(seen):
        view = {"game": "patrons_of_venice", "players": [{"name": "Ada", "seat": 0}], "acting": [0],
                "options": [_opt("Name a card drawn", {"type": "draw"}, fields={"card": likeliest_first(base, seen)})]}
        panel = controls.press(view, Panel(), "action", False).panel
        walked = []
        for _ in range(5 if seen else 4):
            walked.append(controls.screen_for(view, panel).doing.split("  ")[0])
            panel = controls.press(view, panel, "select", False).panel
        return walked

    assert groups([]) == ["► Lumber (4)", "► Wool (4)", "► Iron (4)", "► Hemp (4)"]
    assert groups(["Hemp 2", "Iron 3"]) == ["► Seen in this game (2)", "► Lumber (4)", "► Wool (4)", "► Iron (4)", "► Hemp (4)"]
