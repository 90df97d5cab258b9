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


# --- a deck of real cards: the table names (or lays on the reader) what it draws and discards ---------------

REAL = {**SETUP, "deck_modes": {"cards": "mirror"}}


def offered(rt, kind):
    """The table's options of this kind now (what the buttons and the table page list)."""
    return [o for o in rt.view()["options"] if o["action"]["type"] == kind]


def do(rt, option, **values):
    """Do an offered option, with values for its fields; it must be accepted."""
    done = rt.submit({**option["action"], **values})
    assert done.accepted, done.reason
    return done


def named(option):
    return option["fields"]["cards"]["items"]["enum"]


def test_real_cards_named_as_drawn_discarded_and_shuffled_back_in(make_runtime):
    rt = make_runtime(game_setup=REAL)
    deck = lambda: rt.view()["decks"]["cards"]  # noqa: E731
    assert offered(rt, "discard") == [] and offered(rt, "shuffle") == []  # nothing out, nothing to shuffle back
    (draw,) = offered(rt, "draw")
    assert named(draw) == list(STANDARD_52.cards(3))  # the whole deck, in its own order, to pick from
    for card in ("Q♥", "2♠", "7♦"):
        do(rt, draw, cards=[card])
    (draw,) = offered(rt, "draw")
    assert len(named(draw)) == 49 and "Q♥" not in named(draw)  # a card drawn is not offered again
    every, one = offered(rt, "discard")
    assert every["label"] == "Discard Q♥, 2♠, 7♦" and named(one) == ["2♠", "Q♥", "7♦"]  # in the deck's order
    do(rt, one, cards=["2♠"])  # one card named
    assert deck()["out"] == ["Q♥", "7♦"] and deck()["discard"] == 1
    refused = rt.submit({**one["action"], "cards": ["2♠"]})  # it is no longer out
    assert not refused.accepted and refused.reason.endswith('one of "Q♥", "7♦"')  # what may be, as a player reads it
    (shuffle,) = offered(rt, "shuffle")
    assert shuffle["label"] == "Shuffle in 1 discard"
    do(rt, shuffle)
    assert deck()["discard"] == 0 and deck()["draw"] == 50 and deck()["out"] == ["Q♥", "7♦"]  # cards out stay out
    assert "2♠" in named(offered(rt, "draw")[0]) and offered(rt, "shuffle") == []
    assert "shuffle the draw and discard piles together (50 cards)" in rt.view()["log"][-1]


def test_a_whole_real_deck_drawn_then_discarded_at_once(make_runtime):
    rt = make_runtime(game_setup=REAL)
    for card in STANDARD_52.cards(3):
        do(rt, offered(rt, "draw")[0], cards=[card])
    assert offered(rt, "draw") == []  # the pile is used up: no card can be named as drawn
    refused = rt.submit({"type": "draw", "deck": "cards", "seat": 1, "cards": ["A♠"]})
    assert not refused.accepted and rt.view()["decks"]["cards"]["out"][0] == "A♠"
    every = next(o for o in offered(rt, "discard") if not o["fields"])
    assert every["label"] == "Discard all 52 cards"
    do(rt, every)
    do(rt, offered(rt, "shuffle")[0])
    deck = rt.view()["decks"]["cards"]
    assert (deck["draw"], deck["out"], deck["discard"]) == (52, [], 0)
    assert len(named(offered(rt, "draw")[0])) == 52


def test_a_real_card_on_the_reader_is_drawn_then_discarded(make_runtime):
    from companion.cards import Card
    from companion.reader_event import ReaderEvent

    rt = make_runtime(game_setup=REAL)
    rt.call(lambda: rt.cards.register("04A1B2C3", Card("free_play", "cards", "Q♥")))
    deck = lambda: rt.view()["decks"]["cards"]  # noqa: E731
    tap = lambda seq: rt.submit_event(ReaderEvent("1A2B3C4D", seq, "TAG", {"uid": "04A1B2C3"}))  # noqa: E731
    assert tap(1).ok and deck()["out"] == ["Q♥"]  # drawn by the turn's player
    assert rt.view()["last"]["seat"] == 1
    assert tap(2).ok and deck()["out"] == [] and deck()["discard"] == 1  # laid down again: discarded
    again = tap(3)
    assert not again.ok and again.message == "Q♥ is in the discard pile: shuffle the discards back in before it is drawn again"
    assert deck()["discard"] == 1
    do(rt, offered(rt, "shuffle")[0])
    assert tap(4).ok and deck()["out"] == ["Q♥"]


def test_a_real_card_on_the_reader_discards_only_that_card(make_runtime):
    from companion.cards import Card
    from companion.reader_event import ReaderEvent

    rt = make_runtime(game_setup=REAL)
    rt.call(lambda: rt.cards.register("04A1B2C3", Card("free_play", "cards", "Q♥")))
    for card in ("2♠", "Q♥", "7♦"):
        do(rt, offered(rt, "draw")[0], cards=[card])
    assert rt.submit_event(ReaderEvent("1A2B3C4D", 1, "TAG", {"uid": "04A1B2C3"})).ok
    assert rt.view()["decks"]["cards"]["out"] == ["2♠", "7♦"]


def test_every_option_with_real_cards_is_accepted_as_offered(make_runtime):
    """A table that does nothing but what is offered, at random, draws, discards and shuffles back for ever."""
    from options_bot import play_one

    rt = make_runtime(game_setup=REAL)
    rng = random.Random(7)
    kinds = Counter(play_one(rt, rng) for _ in range(400))
    assert kinds["draw"] and kinds["discard"] and kinds["shuffle"], kinds
    deck = rt.view()["decks"]["cards"]
    assert deck["draw"] + len(deck["out"]) + deck["discard"] == 52  # no card lost or made up
