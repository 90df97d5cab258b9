"""Free play end to end through the runtime: turns, scores, dice, the 52-card deck, the end."""

import random
from collections import Counter

from companion.games.free_play import STANDARD_52

SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 1}


def test_the_standard_deck_has_52_distinct_cards():
    cards = STANDARD_52.cards(4)
    assert len(cards) == 52 and len(set(cards)) == 52
    assert Counter(c[-1] for c in cards) == {"♠": 13, "♥": 13, "♦": 13, "♣": 13}


def test_a_whole_free_play_game(make_runtime):
    rt = make_runtime(rng=random.Random(3))
    assert rt.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
    assert rt.view()["actor"] == 1  # the chosen first player
    seen = []
    for _ in range(60):  # more than the deck: the discards are reshuffled
        drew = rt.submit({"type": "draw", "deck": "cards"})
        assert drew.accepted, drew.reason
        seen.extend(rt.view()["decks"]["cards"]["out"])
        assert rt.submit({"type": "discard", "deck": "cards", "cards": rt.view()["decks"]["cards"]["out"]}).accepted
    assert Counter(seen[:52]) == Counter(STANDARD_52.cards(3))  # one pass is the whole deck
    assert rt.view()["decks"]["cards"]["passes"] == 1
    roll = rt.submit({"type": "roll", "spec": "1d6"})  # Bea's, whose turn it is
    assert 1 <= roll.action["values"][0] <= 6 and rt.view()["last_roll"]["values"] == roll.action["values"]
    assert rt.view()["last_roll"]["seat"] == 1
    assert rt.submit({"type": "counter", "name": "score", "seat": 2, "delta": -4}).accepted  # scores may go negative
    for expected in (2, 0, 1, 2):
        assert rt.submit({"type": "advance"}).accepted
        assert rt.view()["actor"] == expected
    assert rt.view()["round"] == 2
    assert rt.submit({"type": "finish", "confirm": True}).accepted  # ending the game asks first
    view = rt.view()
    assert view["over"] and view["ended"] == "the players ended it"
    assert view["players"][2]["score"] == -4
    refused = rt.submit({"type": "advance"})
    assert not refused.accepted and "over" in refused.reason
