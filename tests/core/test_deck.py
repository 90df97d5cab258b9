"""Decks: composition per player count, shuffles and draws as actions, mirror mode."""

from collections import Counter

import pytest

from companion.core import deck as D
from companion.core.engine import CORE_INPUTS
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.result import Refused
from conftest import Table



def table(*specs, players=2, modes=None):
    g = GameDef(id="t", title="Test", min_players=1, max_players=5, flow=Flow(steps=(Step("t", "Turn", handlers=CORE_INPUTS),)), decks=specs)
    return Table(g, {"players": [{"name": f"P{i}"} for i in range(players)], "deck_modes": modes or {}})


def test_composition_per_player_count():
    # La Venise du Nord removes Order cards for 2 and 3 players.
    comp = D.Composition({"a": 3, "b": 2}, remove_by_players={2: {"a": 2, "b": 1}, 3: {"a": 1}})
    assert Counter(comp.cards(4)) == {"a": 3, "b": 2}
    assert Counter(comp.cards(3)) == {"a": 2, "b": 2}
    assert Counter(comp.cards(2)) == {"a": 1, "b": 1}


def test_a_draw_from_an_unshuffled_deck_asks_for_the_shuffle_and_takes_it_as_given():
    t = table(D.DeckSpec("d", "Deck", D.Composition({"a": 1, "b": 1, "c": 1})))
    need = t.do(type="draw", deck="d")
    assert isinstance(need, Refused) and need.needs.key == "order" and Counter(need.needs.cards) == {"a": 1, "b": 1, "c": 1}
    bad = t.do(type="draw", deck="d", order=["a", "a", "b"])
    assert isinstance(bad, Refused) and "exactly" in bad.reason
    step = t.ok(type="draw", deck="d", order=["c", "a", "b"])
    deck = t.state["decks"]["d"]
    assert list(deck["out"]) == ["c"] and list(deck["draw"]) == ["a", "b"]
    assert step.reveal == "Put c back on top of the Deck deck."


def test_draw_then_reshuffle_when_short_and_count_passes():
    t = table(D.DeckSpec("d", "Deck", D.Composition({"a": 1, "b": 1, "c": 1})))
    t.ok(type="draw", deck="d", n=2, order=["a", "b", "c"])
    t.ok(type="discard", deck="d", cards=["a", "b"])
    need = t.do(type="draw", deck="d", n=2)
    assert isinstance(need, Refused) and Counter(need.needs.cards) == {"a": 1, "b": 1}  # only the discards are shuffled
    t.ok(type="draw", deck="d", n=2, order=["b", "a"])
    deck = t.state["decks"]["d"]
    assert list(deck["out"]) == ["c", "b"] and list(deck["draw"]) == ["a"] and deck["passes"] == 1 and not deck["discard"]


def test_shuffle_the_discards_into_what_is_left_then_draw():
    # The Patrons of Venice [A]: shuffle the discard pile into the remaining cards, then draw.
    t = table(D.DeckSpec("d", "Deck", D.Composition({"a": 1, "b": 1, "c": 1}), when_short=D.SHUFFLE_INTO_REMAINING))
    t.ok(type="draw", deck="d", n=2, order=["a", "b", "c"])
    t.ok(type="discard", deck="d", cards=["a"])
    need = t.do(type="draw", deck="d", n=2)
    assert Counter(need.needs.cards) == {"a": 1, "c": 1}
    t.ok(type="draw", deck="d", n=2, order=["a", "c"])
    assert list(t.state["decks"]["d"]["out"]) == ["b", "a", "c"]


def test_an_empty_deck_with_no_discards_refuses_the_draw():
    t = table(D.DeckSpec("d", "Deck", D.Composition({"a": 1})))
    t.ok(type="draw", deck="d", order=["a"])
    refused = t.do(type="draw", deck="d")
    assert isinstance(refused, Refused) and "only 0 cards" in refused.reason


def test_a_custom_trigger_reshuffles_at_once():
    # The Patrons of Venice: when all four Pirates! are in the discard pile, reshuffle at once.
    spec = D.DeckSpec("raw", "Raw goods", D.Composition({"pirates": 2, "wool": 2}),
                      reshuffle_when=lambda deck: list(deck["discard"]).count("pirates") == 2)
    t = table(spec)
    t.ok(type="draw", deck="raw", n=3, order=["pirates", "wool", "pirates", "wool"])
    t.ok(type="discard", deck="raw", cards=["pirates"])
    need = t.do(type="discard", deck="raw", cards=["pirates"])
    assert isinstance(need, Refused) and Counter(need.needs.cards) == {"wool": 1, "pirates": 2}
    t.ok(type="discard", deck="raw", cards=["pirates"], order=["pirates", "wool", "pirates"])
    deck = t.state["decks"]["raw"]
    assert list(deck["draw"]) == ["pirates", "wool", "pirates"] and not deck["discard"] and list(deck["out"]) == ["wool"]


def test_draw_n_keep_at_most_one_rest_under_the_deck():
    t = table(D.DeckSpec("orders", "Orders", D.Composition({c: 1 for c in "abcde"})))
    t.ok(type="look", deck="orders", n=3, order=list("abcde"))
    assert list(t.state["decks"]["orders"]["looking"]) == ["a", "b", "c"]
    refused = t.do(type="keep", deck="orders", card="e")
    assert isinstance(refused, Refused) and "not among" in refused.reason
    t.ok(type="keep", deck="orders", card="b")
    deck = t.state["decks"]["orders"]
    assert list(deck["out"]) == ["b"] and list(deck["draw"]) == ["d", "e", "a", "c"] and not deck["looking"]


def test_keep_none_puts_every_card_under():
    t = table(D.DeckSpec("orders", "Orders", D.Composition({c: 1 for c in "abc"})))
    t.ok(type="look", deck="orders", n=2, order=list("abc"))
    t.ok(type="keep", deck="orders", card=None)
    assert list(t.state["decks"]["orders"]["draw"]) == ["c", "a", "b"]


def test_mirror_mode_with_a_known_composition_records_real_draws():
    t = table(D.DeckSpec("d", "Deck", D.Composition({"a": 1, "b": 2})), modes={"d": "mirror"})
    virtual = t.do(type="draw", deck="d")
    assert isinstance(virtual, Refused) and "physical" in virtual.reason
    t.ok(type="draw", deck="d", cards=["b"])
    t.ok(type="draw", deck="d", cards=["b"])
    gone = t.do(type="draw", deck="d", cards=["b"])
    assert isinstance(gone, Refused) and "no b is left" in gone.reason
    t.ok(type="draw", deck="d", cards=["a"])
    assert t.state["decks"]["d"]["passes"] == 1
    t.ok(type="discard", deck="d", cards=["a", "b"])
    t.ok(type="shuffle", deck="d")  # real cards: nothing to order
    assert Counter(t.state["decks"]["d"]["draw"]) == {"a": 1, "b": 1}


def test_mirror_mode_without_a_composition_only_records():
    spec = D.DeckSpec("raw", "Raw goods", None, mode="mirror")
    t = table(spec)
    t.ok(type="draw", deck="raw", n=2, cards=["Wool", "Hemp"])
    assert list(t.state["decks"]["raw"]["out"]) == ["Wool", "Hemp"]
    with pytest.raises(ValueError):
        D.build(spec, 3, mode="virtual")


def test_a_setup_cannot_make_an_unknown_deck_virtual():
    g = GameDef(id="t", title="Test", min_players=1, max_players=5, flow=Flow(steps=(Step("t", "Turn", handlers=CORE_INPUTS),)),
                decks=(D.DeckSpec("raw", "Raw goods", None, mode="mirror"),))
    from companion.core.engine import new_game
    refused = new_game(g, {"players": [{"name": "A"}], "deck_modes": {"raw": "virtual"}})
    assert isinstance(refused, Refused) and "can only be physical" in refused.reason
