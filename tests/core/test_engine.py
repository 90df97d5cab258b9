"""The engine: setup checks, refusals that never raise or change state, exact undo and redo."""

from hypothesis import given, settings, strategies as st

from companion.core import engine
from companion.core.result import Refused
from companion.games.free_play import FREE_PLAY
from conftest import Table


def test_setup_is_checked_with_a_reason():
    cases = {
        "players: Free play is for 1 to 8 players, not 0": {"players": []},
        "players: two players have the same name": {"players": [{"name": "Ada"}, {"name": "ada "}]},
        "players[1].name: every player needs a name": {"players": [{"name": "Ada"}, {"name": " "}]},
        "first: a seat number from 0 to 1": {"players": [{"name": "A"}, {"name": "B"}], "first": 2},
        "deck_modes.tarot: Free play has no such deck": {"players": [{"name": "A"}], "deck_modes": {"tarot": "mirror"}},
    }
    for reason, setup in cases.items():
        refused = engine.new_game(FREE_PLAY, setup)
        assert isinstance(refused, Refused) and refused.reason == reason


def test_undo_and_redo_are_exact(free_play):
    t = free_play
    states = [t.state]
    for action in ({"type": "advance"}, {"type": "counter", "name": "score", "seat": 1, "delta": 3}, {"type": "advance"}):
        t.ok(**action)
        states.append(t.state)
    for expected in reversed(states[:-1]):
        t.ok(type="undo")
        assert t.state == expected
    assert isinstance(t.do(type="undo"), Refused)
    for expected in states[1:]:
        t.ok(type="redo")
        assert t.state == expected
    assert isinstance(t.do(type="redo"), Refused)


def test_a_new_action_after_undo_drops_the_redo(free_play):
    t = free_play
    t.ok(type="advance")
    t.ok(type="undo")
    t.ok(type="counter", name="score", seat=0, delta=1)
    refused = t.do(type="redo")
    assert isinstance(refused, Refused) and refused.reason == "there is nothing to redo"


def test_undo_stops_at_a_draw_until_confirmed_and_says_where_the_card_goes(free_play):
    t = free_play
    order = ["7♥", "K♠"] + [c for c in t.state["decks"]["cards"]["draw"] if c not in ("7♥", "K♠")]
    t.ok(type="draw", deck="cards", n=2, order=order)
    before_undo = t.state
    refused = t.do(type="undo")
    assert isinstance(refused, Refused) and refused.needs_confirm
    assert "Put 7♥, K♠ back on top of the Cards deck (7♥ on top)." in refused.reason
    assert t.state is before_undo
    step = t.ok(type="undo", confirm=True)
    assert step.log[-1] == "Put 7♥, K♠ back on top of the Cards deck (7♥ on top)."
    assert t.state["decks"]["cards"]["shuffled"] is False  # back to before the first shuffle
    t.ok(type="redo")  # the same cards come back: nothing is re-drawn
    assert list(t.state["decks"]["cards"]["out"]) == ["7♥", "K♠"]


def test_undo_stops_at_a_roll(free_play):
    t = free_play
    t.ok(type="roll", spec="1d6", values=[6])
    refused = t.do(type="undo")
    assert isinstance(refused, Refused) and refused.needs_confirm and "The roll of 6 is taken back." in refused.reason
    t.ok(type="undo", confirm=True)
    assert t.state["dice"]["last"] is None


def test_the_undo_history_is_bounded(free_play):
    t = free_play
    for _ in range(engine.UNDO_LIMIT + 5):
        t.ok(type="counter", name="score", seat=0, delta=1)
    for _ in range(engine.UNDO_LIMIT):
        t.ok(type="undo")
    assert t.state["counters"]["players"][0]["score"] == 5
    assert isinstance(t.do(type="undo"), Refused)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6) | st.sampled_from(["cards", "score", "1d6", "2d6", "7♥"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["advance", "roll", "rolloff", "shuffle", "draw", "look", "keep", "discard", "counter", "finish", "undo", "redo", "bogus"])},
    optional={k: JSONISH for k in ("seat", "spec", "values", "deck", "n", "order", "cards", "card", "name", "delta", "value", "passed", "extra", "confirm")},
)


@settings(max_examples=200, deadline=None)
@given(st.lists(ACTIONS, max_size=12))
def test_any_input_is_applied_or_refused_never_raised_and_refusals_change_nothing(actions):
    t = Table(FREE_PLAY, {"players": [{"name": "Ada"}, {"name": "Bea"}]})
    for action in actions:
        before = t.session
        step = engine.apply_input(FREE_PLAY, before, action)
        if isinstance(step, Refused):
            assert isinstance(step.reason, str) and step.reason
            assert t.session is before
        else:
            t.session = step.session


def test_a_checks_refusal_reaches_the_answer_whole_through_must():
    """A check shared with the options answers a value or a `Refused`; `Edit.must` refuses the input with it,
    in the words the handler gives, keeping what it needs (a roll the runtime then makes), and a refusal is
    never read as false."""
    from companion.core.edit import run
    from companion.core.result import Needs, refused

    state = engine.new_game(FREE_PLAY, {"players": [{"name": "Ada"}]}).state
    lacking = Refused("the die needs its value", needs=Needs("roll", "dice", spec="1d6"))
    out = run(lambda e: e.must(lacking, "die: {}"), FREE_PLAY, state, {"type": "advance"})
    assert refused(out) and out.reason == "die: the die needs its value" and out.needs == lacking.needs
    assert run(lambda e: e.say(f"kept {e.must(3)}"), FREE_PLAY, state, {"type": "advance"}).log == ("kept 3",)
    assert bool(lacking) and not refused(3) and not refused(None)
