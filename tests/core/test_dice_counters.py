"""Dice specs, tables with modifiers, rolls as actions, and counters with bounds."""

from companion.core.counters import CounterSpec
from companion.core.dice import RollSpec, Table as DiceTable, check_values, parse_spec
from companion.core.engine import CORE_INPUTS
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.result import Refused
from conftest import Table


def test_roll_specs():
    assert parse_spec("2d6") == RollSpec(2, 6)
    assert parse_spec("d6") == RollSpec(1, 6)
    assert str(parse_spec("1D20")) == "1d20"
    for bad in ("", "6", "0d6", "2d", "2d6+1", None, 3):
        assert parse_spec(bad) is None


def test_roll_values_are_checked():
    assert check_values(RollSpec(2, 6), [1, 6]) is None
    assert check_values(RollSpec(2, 6), [3]).reason == "a 2d6 roll has 2 values, not 1"
    assert check_values(RollSpec(1, 6), [7]).reason == "7 is not a face of a d6 (1 to 6)"
    assert check_values(RollSpec(1, 6), ["3"]) is not None


def test_lookup_table_with_modifiers_held_in_range():
    income = DiceTable("income", ((1, 2, 0), (3, 4, 1), (5, 6, 2), (7, 8, 3)))
    assert income.lookup(4) == 1
    assert income.lookup(4, [1, 1]) == 2
    assert income.lookup(6, [5]) == 3  # past the top reads the top row
    assert income.lookup(1, [-3]) == 0


GAME = GameDef(id="t", title="Test", min_players=1, max_players=4, flow=Flow(steps=(Step("t", "Turn", handlers=CORE_INPUTS),)),
               dice=("1d6", "2d6"), counters=(CounterSpec("gold", "Gold", start=3), CounterSpec("turns", "Turns", per_player=False, maximum=2, minimum=None)))


def table():
    return Table(GAME, {"players": [{"name": "Ada"}, {"name": "Bea"}]})


def test_a_roll_enters_with_its_outcome_physical_or_virtual():
    t = table()
    need = t.do(type="roll", spec="2d6")
    assert isinstance(need, Refused) and need.needs.kind == "roll" and need.needs.spec == "2d6"
    step = t.ok(type="roll", spec="2d6", values=[3, 5], seat=1, source="physical")
    last = t.state["dice"]["last"]
    assert (last["total"], last["seat"], last["source"]) == (8, 1, "physical")
    assert step.log == ("Bea rolled 2d6: 3, 5 (total 8).",)
    wrong = t.do(type="roll", spec="3d6", values=[1, 1, 1])
    assert isinstance(wrong, Refused) and "rolls 1d6 or 2d6" in wrong.reason


def test_counters_per_player_and_for_the_table_with_bounds():
    t = table()
    t.ok(type="counter", name="gold", seat=0, delta=-3)
    refused = t.do(type="counter", name="gold", seat=0, delta=-1)
    assert isinstance(refused, Refused) and refused.reason == "Ada's Gold cannot go below 0 (now 0)"
    t.ok(type="counter", name="gold", seat=1, value=10)
    assert [p["gold"] for p in t.state["counters"]["players"]] == [0, 10]
    t.ok(type="counter", name="turns", delta=2)
    assert isinstance(t.do(type="counter", name="turns", delta=1), Refused)
    assert isinstance(t.do(type="counter", name="gold", delta=1), Refused)  # whose?
    assert isinstance(t.do(type="counter", name="gold", seat=0, delta=1.5), Refused)
    assert isinstance(t.do(type="counter", name="silver", seat=0, delta=1), Refused)


def test_counters_that_share_their_maximum_stay_within_it_together():
    """A stock of 6 spaces holds wool and gold together: each is bounded by what the other leaves, and the
    correction offered says so."""
    from companion.core import engine
    from companion.core.offer import offer

    specs = (CounterSpec("wool", "Wool", start=2, maximum=6, pool=("gold",)),
             CounterSpec("gold", "Gold", start=3, maximum=6, pool=("wool",)))
    game = GameDef(id="t", title="T", min_players=2, max_players=2,
                   flow=Flow(steps=(Step("A", "A", options=lambda state, seat: ()),)), counters=specs)
    t = Table(game, {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0})
    t.ok(type="counter", name="wool", seat=0, delta=1)
    assert t.do(type="counter", name="gold", seat=0, value=4).reason == "Ada's Gold cannot go above 3 (6 in all with wool) (now 3)"
    wool = next(o for o in offer(game, t.session).corrections if o.action == {"type": "counter", "name": "wool", "seat": 0})
    assert wool.fields["delta"]["maximum"] == 0  # 3 wool and 3 gold: no room left
    assert isinstance(engine.apply(game, t.state, {"type": "counter", "name": "wool", "seat": 1, "delta": 1}), engine.Accepted)
