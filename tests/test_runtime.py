"""The runtime: one owner thread, chance from the runtime's random source, commit before answer."""

import random
import threading
from concurrent.futures import ThreadPoolExecutor

from companion.games import GAMES
from companion.journal import Journal
from companion.runtime import Runtime

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}]}


def test_chance_comes_from_the_runtime_and_is_journaled_with_the_action(make_runtime):
    rt = make_runtime(game_setup=SETUP, rng=random.Random(7))
    outcome = rt.submit({"type": "roll", "spec": "2d6"})
    expected = random.Random(7)
    assert outcome.action["values"] == [expected.randint(1, 6), expected.randint(1, 6)]
    assert rt.journal.inputs(rt.journal.latest_game().id)[-1][1] == outcome.action
    drew = rt.submit({"type": "draw", "deck": "cards"})
    assert sorted(drew.action["order"]) == sorted(GAMES["free_play"].deck("cards").composition.cards(2))
    assert rt.view()["decks"]["cards"]["out"] == [drew.action["order"][0]]


def test_the_default_random_source_is_the_system_one(tmp_path):
    import secrets
    rt = Runtime(Journal(tmp_path / "j.sqlite3"), GAMES)
    assert isinstance(rt.rng, secrets.SystemRandom)


def test_a_button_mash_from_many_threads_is_applied_whole_and_in_one_order(make_runtime):
    rt = make_runtime(game_setup=SETUP)
    with ThreadPoolExecutor(8) as pool:
        outcomes = list(pool.map(lambda i: rt.submit({"type": "counter", "name": "score", "seat": i % 2, "delta": 1}), range(200)))
    assert all(o.accepted for o in outcomes)
    assert sorted(o.seq for o in outcomes) == list(range(1, 201))
    assert [p["score"] for p in rt.view()["players"]] == [100, 100]
    threads = [t.name for t in threading.enumerate()]
    assert threads.count("game-owner") == 1


def test_a_failed_commit_changes_nothing_and_says_so(make_runtime):
    rt = make_runtime(game_setup=SETUP)
    for _ in range(5):
        rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 1})
    pages = rt.journal._db.execute("PRAGMA page_count").fetchone()[0]
    rt.journal._db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full
    done = 5
    for _ in range(500):  # until the journal cannot take one more input
        outcome = rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 1})
        if not outcome.accepted:
            break
        done += 1
    assert not outcome.accepted and "could not write to the journal" in outcome.reason
    assert rt.view()["players"][0]["score"] == done and rt.view()["seq"] == done


def test_an_input_without_a_game_is_refused(make_runtime):
    rt = make_runtime()
    outcome = rt.submit({"type": "advance"})
    assert not outcome.accepted and outcome.reason == "no game is open: start one first"
    bad = rt.submit({"type": "new_game", "game": "chess"})
    assert not bad.accepted and "unknown game" in bad.reason


def test_listeners_see_every_change_and_a_failing_one_does_not_stop_the_table(make_runtime):
    rt = make_runtime(game_setup=SETUP)
    seen = []
    rt.add_listener(lambda view: 1 / 0)
    rt.add_listener(lambda view: seen.append(view["actor"]))
    rt.submit({"type": "advance"})
    rt.submit({"type": "advance"})
    assert seen == [1, 0]
    assert rt.is_owner_alive()


TWO = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}


def _the_popes_die_rolled(make_runtime):
    """A Master of Venice game whose last input rolled the Pope's die (NEXT in the Pope Phase)."""
    import random

    runtime = make_runtime(rng=random.Random(4))
    assert runtime.submit({"type": "new_game", "game": "master_of_venice", "setup": TWO}).accepted
    while runtime.view()["step"] != "POPE":
        assert runtime.submit({"type": "advance"}).accepted
    assert runtime.submit({"type": "advance"}).accepted  # the companion rolls the Pope's die
    return runtime


def test_dice_a_step_rolls_show_as_a_roll_on_the_table(make_runtime):
    """The Pope's die in Master of Venice is rolled by NEXT (the step's own roll, not a roll input): the OLED
    shows it as it shows any roll, and a palazzo die thrown at the table shows too."""
    from companion.screens import DiceScreen
    from companion.table import _result_screen

    runtime = _the_popes_die_rolled(make_runtime)
    view = runtime.view()
    rolled = runtime.shown(view["last"]["seq"])
    assert rolled["spec"] == "1d6" and len(rolled["values"]) == 1
    screen = _result_screen(view, view["last"], rolled)
    assert isinstance(screen, DiceScreen) and screen.values == tuple(rolled["values"])
    assert screen.said.startswith(f"Pope Phase: {rolled['values'][0]}.")  # what the die did, not a "total"


def test_a_roll_of_the_last_game_never_shows_again_in_the_next(make_runtime):
    """The playtest on the box: Master of Venice's "Doge Phase: 5. The Doge lives." came back over a later game
    (and a press went through under it) when that game's input reached the roll's number: a new game's inputs count
    from 1 again."""
    from companion.table import _result_screen

    runtime = _the_popes_die_rolled(make_runtime)
    seq = runtime.view()["last"]["seq"]
    assert runtime.shown(seq) is not None
    assert runtime.submit({"type": "new_game", "game": "free_play", "setup": TWO}).accepted
    while runtime.view()["last"] is None or runtime.view()["last"]["seq"] < seq:
        assert runtime.submit({"type": "advance"}).accepted  # a turn ends: nothing rolled
    view = runtime.view()
    assert view["last"]["seq"] == seq and runtime.shown(seq) is None
    assert _result_screen(view, view["last"], runtime.shown(seq)) is None


def test_dice_thrown_at_the_table_for_an_offered_roll_show_too(make_runtime):
    from companion.screens import AlertScreen
    from companion.table import _result_screen

    runtime = make_runtime()
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]}
    assert runtime.submit({"type": "new_game", "game": "palazzo", "setup": setup}).accepted
    (rolloff,) = [o for o in runtime.view()["options"] if o["rolls"]]  # the roll-off for the first player: 3d6
    assert runtime.submit(rolloff["action"] | {"values": [2, 5, 3], "source": "physical"}).accepted
    view = runtime.view()
    rolled = runtime.shown(view["last"]["seq"])
    assert rolled == {"spec": "3d6", "values": [2, 5, 3], "said": "Roll-off: Ada 2, Bea 5, Cy 3. Bea goes first."}
    assert _result_screen(view, view["last"], rolled) == AlertScreen("Roll-off", "Ada 2, Bea 5, Cy 3. Bea goes first.")
    assert "rolled" not in view["last"]  # the view is the one a restart replays: the roll is not in it


def test_undoing_the_first_deal_puts_the_same_cards_back_and_deals_them_again(make_runtime):
    """No free mulligan: the undone deal's cards go back on the deck in its order, so the deal done again
    gives every hand what it had; a later shuffle (another pool) is new."""
    import random

    runtime = make_runtime(rng=random.Random(3))
    setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0, "deck_modes": {"deck": "virtual"}}
    assert runtime.submit({"type": "new_game", "game": "master_of_venice", "setup": setup}).accepted
    assert runtime.submit({"type": "advance"}).accepted  # the deal
    hands = [runtime.private(s)["hand"] for s in range(2)]
    assert runtime.submit({"type": "undo", "confirm": True}).accepted
    assert runtime.private(0)["hand"] == []
    assert runtime.submit({"type": "advance"}).accepted
    assert [runtime.private(s)["hand"] for s in range(2)] == hands
    runtime.rng = random.Random(99)  # whatever the table's luck: the same cards come back
    assert runtime.submit({"type": "undo", "confirm": True}).accepted
    assert runtime.submit({"type": "advance"}).accepted
    assert [runtime.private(s)["hand"] for s in range(2)] == hands


def test_the_table_asks_before_it_takes_back_what_a_players_phone_did_even_after_a_restart(make_runtime):
    from companion.sources import Source

    rt = make_runtime(game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    rt.set_claimed({0: ("ph-ada", "Ada's phone")})
    ada = Source.of_phone("ph-ada", "Ada's phone", seat=0)
    assert rt.submit({"type": "counter", "name": "score", "seat": 0, "delta": 3}, source=ada).accepted
    undo = next(o for o in rt.view()["options"] if o["action"]["type"] == "undo")
    assert undo["confirm"] and undo["label"] == "Undo: Ada's Score: 0 -> 3 — done on Ada's phone."
    assert not rt.submit({"type": "undo"}).accepted  # one stray press from the table: nothing taken back
    own = [o for o in rt.seat_view(0)["options"] if o["action"]["type"] == "undo"]
    assert [o["confirm"] for o in own] == [False]  # her own phone takes it back without a question
    rt.stop()
    again = make_runtime(path=rt.journal.path)  # the plug pulled: who made it is in the journal
    again.set_claimed({0: ("ph-ada", "Ada's phone")})
    assert next(o for o in again.view()["options"] if o["action"]["type"] == "undo")["confirm"]
    assert again.submit({"type": "undo", "confirm": True}).accepted
    assert again.seat_view(0)["taken_back"]["line"] == "The table took back: Ada's Score: 0 -> 3."
    assert "taken_back" not in again.seat_view(1)
    # Dice or a card on the reader for her held seat: the table asks before it takes that back too.
    from companion.reader_event import ReaderEvent

    thrown = again.submit_event(ReaderEvent("boot-1", 1, "DICE", {"sides": "6", "values": "4"}))
    assert thrown.ok, thrown
    assert again.view()["log"][-1].endswith("— the reader, for Ada")
    undo = next(o for o in again.view()["options"] if o["action"]["type"] == "undo")
    assert undo["confirm"] and undo["label"].endswith("— done on the reader for Ada.")
