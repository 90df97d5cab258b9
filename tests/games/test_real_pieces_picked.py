"""Issue 53: with every deck left real (nothing entered at setup), a whole game of Master of Venice and of Merchant
Venturers played only through what is offered asks to type no piece (each card the rulebook names is picked from
a list) and takes every option it offers. (Merchant's action cards are not named at all: the rulebook lost their
list, so the companion only counts them.) Palazzo's own whole games check the same in test_palazzo_games."""

import random

import pytest
from options_bot import choices, phones_at, play_one

NAMES = ("Ada", "Bea", "Cy", "Dan")
KEEN = {"master_of_venice": {"deck_exhausted": 0.15, "bid": 3, "play": 2}}  # bids and plays likelier than passing
SETUPS = {"master_of_venice": {"deck_modes": {"deck": "mirror"}}, "merchant_venturers": {}}  # the real decks, the defaults


def typed(field):
    """Whether a field asks to type a name (a free string), rather than to pick one."""
    return field.get("type") == "string" or (field.get("type") == "array" and typed(field["items"]))


@pytest.mark.parametrize("game, n", [("master_of_venice", 3), ("merchant_venturers", 2)])
def test_a_whole_game_with_real_cards_types_nothing_and_takes_every_option_offered(make_runtime, game, n):
    rng = random.Random(53 + n)
    rt = make_runtime(rng=random.Random(n))
    setup = {"players": [{"name": name, "age": 20 + k} for k, name in enumerate(NAMES[:n])], **SETUPS[game]}
    assert rt.submit({"type": "new_game", "game": game, "setup": setup}).accepted
    assert all(deck["mode"] == "mirror" for deck in rt.view()["decks"].values())
    claimed = frozenset(range(n - 1))  # phones hold every seat but the last: the table does that one's options
    rt.set_claimed(phones_at(claimed))
    for _ in range(30000):
        view = rt.view()
        if view["over"]:
            break
        asked = [o["label"] for o, _ in choices(rt, view, claimed) for f in o["fields"].values() if typed(f)]
        assert not asked, asked
        play_one(rt, rng, claimed, KEEN.get(game))  # an offered option, filled as offered: accepted
    assert rt.view()["over"]
