"""La Venise du Nord, whole games through the runtime and its journal, played only through what is offered:
each seat's own phone and the table's options (the buttons and the table page), with random valid values
for every field (an offered option is never refused). 2, 3 and 4 players, the decks entered (virtual) or real
(nothing entered at setup, nothing typed), phones holding every seat, some or none, many seeds; then scored and
replayed."""

import random

import pytest
from venise_table import COMPOSITIONS, NAMES, VIRTUAL, play_one

from companion.games import scoring_of
from conftest import assert_replays, assert_result_is, assert_the_oled_shows_the_winner
from options_bot import assert_short_lists, phones_at


def _typed(rt, claimed):
    """The options offered now, on the table or a phone, that ask for a name to be typed."""
    offered = rt.view()["options"] + [o for s in claimed for o in rt.seat_view(s)["options"]]
    return {o["label"] for o in offered if any(f.get("type") == "string" for f in o["fields"].values())}


def _play(rt, rng, claimed, typed=None):
    finals, kinds, trigger, log = [], set(), None, []
    for _ in range(8000):
        view = rt.view()
        if typed is not None:
            typed |= _typed(rt, claimed)
        if view["over"]:
            return finals, kinds, trigger, " ".join(log)
        seat = view["active"]
        if view["final_round"] and view["phase"] == 1 and seat not in finals:  # an undo may come back to one
            finals.append(seat)
            trigger = trigger or view  # the table as the last round began
        option, lines = play_one(rt, rng, claimed)
        kinds.add(option["action"]["type"])
        log += lines
        for p in rt.view()["players"]:  # what the table holds stays within the game's pieces
            assert p["dice_in_hand"] + len(p["dice_on_tiles"]) == 5 and p["bridges"] <= 5
            assert p["wool"] + p["flax"] + p["gold"] <= 6
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("decks", ["entered", "real"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_whole_game_from_the_phones_and_the_table_only(make_runtime, n, decks, seed):
    rng = random.Random(30 + 10 * n + seed)
    rt = make_runtime(rng=random.Random(n + seed))
    setup = {"players": [{"name": name} for name in NAMES[:n]]}
    if decks == "entered":
        setup |= {"deck_modes": VIRTUAL, "compositions": COMPOSITIONS}
    assert rt.submit({"type": "new_game", "game": "la_venise_du_nord", "setup": setup}).accepted
    assert rt.view()["rolloff"]["purpose"] == "first player"
    claimed = frozenset(s for s in range(n) if rng.random() < [1.0, 0.5][seed % 2])
    rt.set_claimed(phones_at(claimed))
    typed = set()
    finals, kinds, trigger, _ = _play(rt, rng, claimed, typed)
    assert_short_lists(rt)  # no phone listed more than 12 choices at any moment
    assert typed == set()  # every deck left real and nothing entered at setup: each card kept is picked, none typed
    view = rt.view()
    assert view["over"] and view["phase"] == "SCORING" and view["ended"] == "the last round is played"
    # The last round: every player once, the first player first (he keeps the First Player card).
    assert finals == [(view["lead"] + k) % n for k in range(n)]
    # It was triggered by every Market space covered or a player's 5 bridges, at the start of the round.
    assert trigger["market_free"] == 0 or 5 in [p["bridges"] for p in trigger["players"]]
    assert "advance" in kinds and ("look" in kinds) == (decks == "entered")  # the companion draws its own decks
    sheet = rt.score_sheet()
    result = scoring_of("la_venise_du_nord").score(sheet)
    totals = {p["name"]: p["total"] for p in result["players"]}
    assert totals == {p["name"]: p["points"] for p in view["players"]}
    assert set(result["winner"]) == set(view["standings"][0])
    assert view["sheet_missing"] == []
    assert_result_is(view["result"], result)
    assert_the_oled_shows_the_winner(view)
    assert_replays(rt, view, ("players", "step", "round", "active", "phase", "dice_on_tiles", "bridges", "market",
                              "prices", "decks"))


def test_whole_games_from_the_options_do_everything_a_player_may(make_runtime, tmp_path):
    """Between them, a few whole games build, fill and produce a workshop, sell at the Market and a Port,
    gain cubes straight onto cards, throw stock cubes out for new ones, build bridges over another's, use
    Master Builders and secondary activations: all from the options alone."""
    seen = set()
    for seed, decks in ((0, "entered"), (1, "real"), (2, "entered"), (3, "real"), (4, "entered"), (5, "real")):
        rng = random.Random(seed)
        rt = make_runtime(tmp_path / f"{seed}.sqlite3", rng=random.Random(seed))
        setup = {"players": [{"name": name} for name in NAMES[:3]]}
        if decks == "entered":
            setup |= {"deck_modes": VIRTUAL, "compositions": COMPOSITIONS}
        assert rt.submit({"type": "new_game", "game": "la_venise_du_nord", "setup": setup}).accepted
        rt.set_claimed(phones_at(frozenset({0, 1})))
        log = _play(rt, rng, frozenset({0, 1}))[3]
        for what in ("workshop is built", "produces", "sells", "exports", "onto", "throws out", "builds a bridge",
                     "goes back to its owner", "is activated", "uses", "does not use", "keeps"):
            if what in log:
                seen.add(what)
    assert seen == {"workshop is built", "produces", "sells", "exports", "onto", "throws out", "builds a bridge",
                    "goes back to its owner", "is activated", "uses", "does not use", "keeps"}
