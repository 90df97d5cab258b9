"""The Patrons of Venice, whole games through the runtime and its journal, played only through what is
offered: each seat's own phone (its options, private ones included) and the table's options (the buttons
and the table page), with random valid values for every field. 3, 4 and 5 players, real cards and a
virtual deck, phones holding every seat, some or none, many seeds; then scored and replayed."""

import random
from collections import Counter

import pytest
from companion.games import scoring_of
from companion.games import GAMES
from companion.games.patrons_of_venice import goods
from companion.games.patrons_of_venice.table import recipe
from companion.games.patrons_of_venice.table import virtual as virtual_deck
from companion.history import result
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner
from patrons_bot import TILES, play_one, setup
from options_bot import assert_short_lists, phones_at

ALL_DUCATS = 140
ACTIONS = {"RESERVE", "SAIL", "TRADE", "SPONSOR", "PRODUCE"}
def _money(view):
    return sum(p["ducats"] for p in view["players"]) + view["counters"]["bank"]


def _check_production(before, after):
    """A good made from a virtual hand took its recipe's cards from that hand (and a Cloth or Canvas into it)."""
    made = [i for i in after["data"]["produced"] if i not in before["data"]["produced"]]
    if not made or not virtual_deck(before):
        return
    business = after["data"]["businesses"][made[0]]
    seat = before["flow"]["actor"]
    gone = Counter(before["data"]["hands"][seat]) - Counter(after["data"]["hands"][seat])
    assert sorted(goods.good_in_hand(c) for c in gone.elements()) == sorted(recipe(before, business["type"])), gone


def _play(rt, rng, claimed):
    kinds, steps = set(), []
    for _ in range(8000):
        view = rt.view()
        if view["over"]:
            return kinds, steps
        steps.append((view["turn"], view["step"], view["active"]))
        for seat in claimed:  # a claimed seat's private options come only from its own phone
            assert not [o for o in view["options"] if o["private"] and o in rt.seat_view(seat)["options"]]
        before = rt._session.state
        kind = play_one(rt, rng, claimed)
        kinds.add(kind)
        if kind not in ("undo", "redo"):  # a step back restores a hand as it was, not as a production leaves it
            _check_production(before, rt._session.state)
        after = rt.view()
        assert _money(after) == ALL_DUCATS  # every payment is between players and the Bank
        assert all(p["cubes_left"] >= 0 for p in after["players"])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("virtual", [False, True], ids=["real cards", "virtual deck"])
@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_whole_game_from_the_phones_and_the_table_only(make_runtime, n, virtual, seed):
    rng = random.Random(100 * n + seed)
    rt = make_runtime(rng=random.Random(seed))
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup(n, virtual, tiles=TILES)}).accepted
    view = rt.view()
    # The second-youngest leads: Cy (35) after Bea (9) with three players; Dan (12) with four or five.
    assert (view["step"], view["turn"], view["lead"], view["active"]) == ("SETUP_DONE", 0, 3 if n >= 4 else 2, None)
    claimed = frozenset(s for s in range(n) if rng.random() < [1.0, 0.5, 0.0][seed % 3])  # every seat, some, none
    rt.set_claimed(phones_at(claimed))
    kinds, steps = _play(rt, rng, claimed)
    assert_short_lists(rt)  # no phone listed more than 12 choices at any moment
    view = rt.view()
    assert view["over"] and view["step"] == "GAME_OVER"
    assert {"SPONSOR", "sponsor"} <= kinds and len(kinds & ACTIONS) >= 3, kinds
    threshold = 10 if n == 5 else 12
    assert view["threshold"] == threshold and max(p["points"] for p in view["players"]) >= threshold
    # The game ends at the end of a turn: the last step seen is the last step of the chosen action.
    last_turn = [s for s in steps if s[0] == view["turn"]]
    assert last_turn[0][1] == "CHOOSE_ACTION" and last_turn[-1][1] in ("RESERVE", "SAIL_PLACE", "TRADE_BUY", "SPONSOR", "PRODUCE")
    leads = {turn: seat for turn, step, seat in steps if step == "CHOOSE_ACTION"}  # leads rotate clockwise
    assert all(leads[t + 1] == (leads[t] + 1) % n for t in leads if t + 1 in leads)

    sheet = scoring_of("patrons_of_venice").score(rt.score_sheet())
    assert sheet["end_triggered"] is True
    assert view["sheet_missing"] == [] and view["result"]["end_triggered"] is True  # the companion knows every field
    assert_result_is(view["result"], sheet)
    assert_the_oled_shows_the_winner(view)
    assert {p["name"]: p["total"] for p in sheet["players"]} == {p["name"]: p["points"] for p in view["players"]}
    past = result(rt.journal, GAMES, view["game_id"])
    assert {p["name"] for p in past["players"] if p["winner"]} == set(sheet["winner"])
    # A restart replays the journal to the same table.
    assert_replays(rt, view, ("turn", "step", "players", "ships", "market", "wharf", "businesses", "statues", "counters"))


def test_whole_games_from_the_options_do_everything_a_player_may(make_runtime):
    """Between them, a few whole games choose every action and make every kind of choice the phones offer."""
    done = set()
    for seed, virtual in ((0, False), (1, True), (2, True), (3, False)):
        rng = random.Random(seed)
        rt = make_runtime(rng=random.Random(seed))
        assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup(4, virtual)}).accepted
        kinds, _ = _play(rt, rng, frozenset())
        done |= kinds
    assert ACTIONS | {"reserve", "sell", "buy", "sponsor", "produce", "draw"} <= done, done


def test_a_whole_game_with_real_cards_picks_every_card_and_campo_and_types_only_a_campo_the_rulebook_leaves_unnamed(make_runtime):
    """Issue 53: real cards, nothing entered at setup, every input one the phones and the table offer (each
    accepted). A card sold, bought, unloaded or drawn is picked (by its good then its value, 12 at a time at
    most); a statue's or a business's campo is picked from the board's. The one text typed is a campo's name
    the rulebook does not print (it names two), and what is typed is checked (a name no campo has is refused)."""
    rng = random.Random(53)
    rt = make_runtime(rng=random.Random(53))
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup(4, False)}).accepted
    typed, picked, kinds = set(), Counter(), set()
    for _ in range(8000):
        view = rt.view()
        if view["over"]:
            break
        for option in view["options"]:
            for key, field in option["fields"].items():
                inner = field.get("items", field)
                if inner.get("type") == "string":
                    typed.add(option["label"])
                if "enum" in inner:
                    picked[option["label"]] += 1
                    groups = inner.get("enumGroups")
                    shown = Counter(g for each in groups for g in ([each] if isinstance(each, str) else each)) if groups else None
                    assert len(inner["enum"]) <= 12 or shown and len(shown) <= 12 and max(shown.values()) <= 12, option["label"]
        kinds.add(play_one(rt, rng))  # an offered option, filled in at random: it must be accepted
        assert sum(p["ducats"] for p in rt.view()["players"]) + rt.view()["counters"]["bank"] == ALL_DUCATS
        assert rt.view()["counters"]["bank"] >= 0
    assert rt.view()["over"]
    assert typed == {"Name a campo of the board"}, typed
    assert {"Sell a card from your hand", "Buy a Market card (pick it)", "Name a card drawn", "A statue for 3"} <= set(picked), picked
    assert {"sell", "buy", "draw", "sponsor"} <= kinds, kinds
