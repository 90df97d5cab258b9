"""Phases as data: each turn order, step kind and end trigger on a small game of its own."""


from companion.core import flow as F
from companion.core.counters import CounterSpec
from companion.core.deck import Composition, DeckSpec
from companion.core.engine import CORE_INPUTS
from companion.core.game import GameDef
from companion.core.result import Refused
from companion.core.seats import fewest_first
from conftest import Table

FOUR = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy", "Dan")]}


def game(flow, **kw):
    return GameDef(id="t", title="Test", min_players=2, max_players=5, flow=flow, **kw)


def actors(table, advances, **action):
    """Who was expected to act before each of `advances` advances."""
    seen = []
    for _ in range(advances):
        f = table.state["flow"]
        seen.append((f["round"], table.game.flow.steps[f["step"]].name, f["actor"]))
        table.ok(type="advance", **action)
    return seen


def test_rotating_lead_everyone_acts_in_order_from_the_lead():
    # The Patrons of Venice: the lead chooses, every player performs it from the lead.
    flow = F.Flow(steps=(F.Step("choose", "Choose"), F.Step("act", "Act", who=F.EACH)), turns=F.ONE_PER_ROUND, order=F.ROTATING)
    t = Table(game(flow), {**FOUR, "first": 2})
    assert actors(t, 10) == [
        (1, "choose", 2), (1, "act", 2), (1, "act", 3), (1, "act", 0), (1, "act", 1),
        (2, "choose", 3), (2, "act", 3), (2, "act", 0), (2, "act", 1), (2, "act", 2),
    ]


def test_fixed_first_player_each_player_takes_a_turn_of_all_steps():
    flow = F.Flow(steps=(F.Step("roll", "Roll"), F.Step("move", "Move")))
    t = Table(game(flow), {"players": FOUR["players"][:3], "first": 1})
    assert [a for _, _, a in actors(t, 8)] == [1, 1, 2, 2, 0, 0, 1, 1]
    assert t.state["flow"]["round"] == 2


def test_order_computed_from_the_state_fewest_coins_first_ties_to_the_youngest():
    coins = CounterSpec("coins", "Coins", start=5)

    def order(state):
        values = [p["coins"] for p in state["counters"]["players"]]
        return fewest_first(values, [p["age"] for p in state["players"]])

    flow = F.Flow(steps=(F.Step("buy", "Buy"),), order=order)
    players = [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 12}, {"name": "Cy", "age": 30}]
    t = Table(game(flow, counters=(coins,)), {"players": players})
    assert list(t.state["flow"]["order"]) == [1, 2, 0]  # all on 5 coins: youngest first
    t.ok(type="counter", name="coins", seat=1, delta=4)
    t.ok(type="counter", name="coins", seat=0, delta=-3)
    actors(t, 3)
    assert list(t.state["flow"]["order"]) == [0, 2, 1]  # 2, 5, 9 coins


def test_a_step_that_only_happens_under_a_condition():
    # Merchant Venturers: phases 4 and 5 in Summer only; here a round is a season.
    def summer(state):
        return (state["flow"]["round"] - 1) % 4 == 2

    flow = F.Flow(steps=(F.Step("season", "Season", who=F.TABLE), F.Step("allocate", "Allocate", who=F.TABLE, when=summer),
                         F.Step("sail", "Sail", who=F.TABLE)), turns=F.ONE_PER_ROUND)
    t = Table(game(flow), FOUR)
    seen = actors(t, 11)
    assert [(r, s) for r, s, _ in seen] == [
        (1, "season"), (1, "sail"), (2, "season"), (2, "sail"),
        (3, "season"), (3, "allocate"), (3, "sail"), (4, "season"), (4, "sail"), (5, "season"), (5, "sail")]
    assert all(a is None for _, _, a in seen)


def test_a_round_of_choices_ends_after_n_consecutive_passes_and_a_passer_may_come_back():
    # A plain advance passes; one that buys does not.
    flow = F.Flow(steps=(F.Step("buy", "Buy", who=F.PASSES, plain_is_pass=True, handlers={"buy": lambda e: None}),
                         F.Step("next", "Next")), turns=F.ONE_PER_ROUND)
    t = Table(game(flow), {"players": FOUR["players"][:3]})
    t.ok(type="advance", action="buy")  # Ada buys
    t.ok(type="advance")  # Bea passes
    t.ok(type="advance")  # Cy passes
    t.ok(type="advance", action="buy")  # Ada buys again: the count starts over
    t.ok(type="advance")  # Bea
    t.ok(type="advance", action="buy")  # Cy, who passed before, buys
    for _ in range(2):
        t.ok(type="advance")
        assert t.state["flow"]["step"] == 0
    t.ok(type="advance")  # the third pass in a row
    assert F.current_step(flow, t.state).name == "next"
    assert "Ada passes." in t.log and t.log.count("Bea passes.") == 3


def test_a_pass_is_refused_where_nobody_passes():
    flow = F.Flow(steps=(F.Step("act", "Act"),))
    t = Table(game(flow), FOUR)
    refused = F.advance(flow, t.state, passed=True)
    assert isinstance(refused, Refused) and "no passing" in refused.reason


def test_an_extra_action_gives_the_same_player_another_turn():
    flow = F.Flow(steps=(F.Step("action", "Action"),))
    t = Table(game(flow, extra_action=lambda state, action: action.get("extra") is True), {"players": FOUR["players"][:3]})
    t.ok(type="advance", extra=True)
    assert t.state["flow"]["actor"] == 0 and "Ada takes another action." in t.log
    t.ok(type="advance")
    assert t.state["flow"]["actor"] == 1


def test_end_of_turn_trigger_finishes_the_turn_first():
    # PV-EX-13: a player reaches the threshold during the turn; the turn is finished, then the game ends.
    points = CounterSpec("points", "Points")
    flow = F.Flow(steps=(F.Step("produce", "Produce", who=F.EACH),), turns=F.ONE_PER_ROUND, order=F.ROTATING,
                  end=(F.EndTrigger(F.END_OF_TURN, lambda s: any(p["points"] >= 10 for p in s["counters"]["players"]), reason="10 points"),))
    t = Table(game(flow, counters=(points,)), {"players": [{"name": n} for n in "ABCDE"]})
    t.ok(type="advance")
    t.ok(type="counter", name="points", seat=1, delta=10)
    for _ in range(3):
        t.ok(type="advance")
        assert not t.state["flow"]["over"]
    t.ok(type="advance")
    assert t.state["flow"]["over"] and t.state["flow"]["ended"] == "10 points"
    refused = t.do(type="advance")
    assert isinstance(refused, Refused) and "over" in refused.reason


def test_start_of_round_trigger_grants_one_more_full_round():
    # La Venise du Nord: checked at the start of the first player's turn; that round is the last.
    flag = CounterSpec("bridges", "Bridges", per_player=False)
    flow = F.Flow(steps=(F.Step("turn", "Turn"),),
                  end=(F.EndTrigger(F.START_OF_ROUND, lambda s: s["counters"]["table"]["bridges"] >= 5),))
    t = Table(game(flow, counters=(flag,)), {"players": FOUR["players"][:3]})
    t.ok(type="advance")  # Ada
    t.ok(type="counter", name="bridges", value=5)  # reached during Bea's turn of round 1
    t.ok(type="advance")
    t.ok(type="advance")  # round 2 starts: the check fires
    assert t.state["flow"]["round"] == 2 and t.state["flow"]["last_round"]
    for _ in range(2):
        t.ok(type="advance")
        assert not t.state["flow"]["over"]
    t.ok(type="advance")
    assert t.state["flow"]["over"]


def test_one_more_action_each_starting_left_of_the_player_who_ended_it():
    # Palazzo: the last structure is bought; every other player, from the ender's left, has one more action.
    tiles = CounterSpec("tiles", "Tiles", start=1, per_player=False)
    flow = F.Flow(steps=(F.Step("action", "Action"),),
                  end=(F.EndTrigger(F.ONE_MORE_TURN_EACH, lambda s: s["counters"]["table"]["tiles"] == 0, reason="the last structure is bought"),))
    t = Table(game(flow, counters=(tiles,)), FOUR)
    t.ok(type="advance")  # Ada
    t.ok(type="advance")  # Bea
    t.ok(type="counter", name="tiles", delta=-1)  # Cy buys the last one
    assert [a for _, _, a in actors(t, 4)] == [2, 3, 0, 1]
    assert t.state["flow"]["over"]


def test_the_player_who_triggered_the_end_can_have_the_last_action_too():
    # Palazzo [A]: "each player" has one more action, the one who bought the last structure last.
    tiles = CounterSpec("tiles", "Tiles", start=1, per_player=False)
    flow = F.Flow(steps=(F.Step("action", "Action"),),
                  end=(F.EndTrigger(F.ONE_MORE_TURN_EACH, lambda s: s["counters"]["table"]["tiles"] == 0, ender_too=True),))
    t = Table(game(flow, counters=(tiles,)), FOUR)
    t.ok(type="advance")  # Ada
    t.ok(type="counter", name="tiles", delta=-1)  # Bea buys the last one
    assert [a for _, _, a in actors(t, 5)] == [1, 2, 3, 0, 1]
    assert t.state["flow"]["over"]


def test_an_extra_action_is_the_same_player_again_and_the_game_can_grant_it():
    # Palazzo: the game's own rule (an exact payment), not the input, says when an advance gives another action.
    flow = F.Flow(steps=(F.Step("action", "Action"),))
    granted = game(flow, extra_action=lambda state, action: action.get("exact") is True)
    t = Table(granted, FOUR)
    assert [a for _, _, a in actors(t, 2, exact=True)] == [0, 0]
    assert [a for _, _, a in actors(t, 2, extra=True)] == [0, 1]  # the input's own "extra" does not count
    plain = Table(game(flow), FOUR)
    assert [a for _, _, a in actors(plain, 2, exact=True)] == [0, 1]  # no rule of the game: no extra action


def test_a_deck_gone_through_twice_ends_the_game_at_the_end_of_that_turn():
    deck = DeckSpec("d", "Deck", Composition({"x": 2}))
    flow = F.Flow(steps=(F.Step("turn", "Turn", handlers=CORE_INPUTS),),
                  end=(F.EndTrigger(F.END_OF_TURN, lambda s: s["decks"]["d"]["passes"] >= 2, reason="the deck ran out twice"),))
    t = Table(game(flow, decks=(deck,)), {"players": FOUR["players"][:2]})
    t.ok(type="draw", deck="d", n=2, order=["x", "x"])  # pass 1
    t.ok(type="discard", deck="d", cards=["x", "x"])
    t.ok(type="advance")
    t.ok(type="draw", deck="d", n=2, order=["x", "x"])  # reshuffle, then pass 2
    assert t.state["decks"]["d"]["passes"] == 2 and not t.state["flow"]["over"]
    t.ok(type="advance")
    assert t.state["flow"]["over"] and t.state["flow"]["ended"] == "the deck ran out twice"


def test_a_fixed_number_of_rounds():
    flow = F.Flow(steps=(F.Step("season", "Season", who=F.TABLE),), turns=F.ONE_PER_ROUND, end=(F.EndTrigger(F.AFTER_ROUNDS, rounds=40),))
    t = Table(game(flow), FOUR)
    for _ in range(39):
        t.ok(type="advance")
    assert t.state["flow"]["round"] == 40 and not t.state["flow"]["over"]
    t.ok(type="advance")
    assert t.state["flow"]["over"]


def test_the_wrong_player_is_refused_and_nothing_changes():
    flow = F.Flow(steps=(F.Step("turn", "Turn"),))
    t = Table(game(flow), FOUR)
    before = t.state
    refused = t.do(type="advance", seat=2)
    assert isinstance(refused, Refused)
    assert refused.reason == "it is Ada's move (Turn), not Cy's"
    assert t.state is before


def test_first_player_by_roll_off_with_re_rolls_of_ties():
    flow = F.Flow(steps=(F.Step("turn", "Turn"),))
    g = GameDef(id="t", title="Test", min_players=2, max_players=4, flow=flow, first_player="rolloff")
    t = Table(g, {"players": FOUR["players"][:3]})
    assert t.state["flow"] is None
    refused = t.do(type="advance")
    assert isinstance(refused, Refused) and "roll-off" in refused.reason
    need = t.do(type="rolloff")
    assert isinstance(need, Refused) and need.needs.spec == "3d6"
    t.ok(type="rolloff", values=[5, 2, 5])  # Ada and Cy tie
    assert list(t.state["rolloff"]["contenders"]) == [0, 2]
    t.ok(type="rolloff", values=[3, 6])
    assert t.state["rolloff"] is None and t.state["flow"]["actor"] == 2
    assert "Roll-off: Ada 3, Cy 6. Cy goes first." in t.log


def test_a_roll_off_under_way_is_what_the_buttons_offer():
    flow = F.Flow(steps=(F.Step("turn", "Turn"),))
    g = GameDef(id="t", title="Test", min_players=2, max_players=4, flow=flow, first_player="rolloff")
    t = Table(g, {"players": FOUR["players"][:3]})
    assert [(o.label, o.action, o.button, o.rolls) for o in t.offered] == [
        ("Roll off for the first player", {"type": "rolloff"}, "NEXT", "3d6")]  # a die each
    t.ok(type="rolloff", values=[5, 2, 5])
    assert (t.offered[0].label, t.offered[0].rolls) == ("Roll off again: Ada and Cy", "2d6")  # the two tied roll again


def test_a_roll_off_can_count_a_face_for_less_than_it_shows():
    # Piecepack dice: the null face is read as 6 and counts 0 in the palazzo game's start roll.
    flow = F.Flow(steps=(F.Step("turn", "Turn"),))
    g = GameDef(id="t", title="Test", min_players=2, max_players=4, flow=flow, first_player="rolloff",
                rolloff_face=lambda state, v: (0, "null") if v == 6 else (v, str(v)))
    t = Table(g, {"players": FOUR["players"][:2]})
    t.ok(type="rolloff", values=[6, 1])
    assert t.state["flow"]["actor"] == 1
    assert "Roll-off: Ada null, Bea 1. Bea goes first." in t.log


def test_what_a_game_offers_in_every_step_is_declared_once_and_merged_by_the_core():
    """The flow's Anytime: its options follow each step's own, its handlers serve every step but one that has
    its own for that input, and a step outside the play (`anytime=False`) has neither."""
    from companion.core.offer import offer
    from companion.core.options import Option

    def note(word):
        return lambda e: e.say(f"{e.name(e.seat)}: {word}.")

    anytime = F.Anytime(options=lambda state, seat: [Option("Wave", "Wave", {"type": "wave"})] if seat is not None else [],
                        handlers={"wave": note("waves"), "nod": note("nods")})
    mine = [Option("", "", {"type": "advance"}, button="NEXT")]
    flow = F.Flow(steps=(F.Step("place", "Place", options=lambda state, seat: mine, anytime=False),
                         F.Step("act", "Act", options=lambda state, seat: mine, handlers={"nod": note("nods its own way")})),
                  anytime=anytime)
    t = Table(game(flow), FOUR)
    def kinds(options):
        return [o.action["type"] for o in options]

    assert kinds(offer(t.game, t.session).for_seat(0)) == ["advance"]
    assert isinstance(t.do(type="wave"), Refused)  # not while placing
    t.ok(type="advance")
    assert kinds(offer(t.game, t.session).for_seat(0)) == ["advance", "wave"]
    assert kinds(offer(t.game, t.session).table()) == ["advance", "wave", "undo"]  # the acting seat's, no phone holds it
    t.ok(type="wave")
    t.ok(type="nod")
    assert t.log[-2:] == ["Ada: waves.", "Ada: nods its own way."]
    assert F.in_step(t.state, flow.steps[1]) and not F.in_step(t.state, flow.steps[0])


def test_any_time_plays_may_head_the_table_stand_alone_while_one_waits_and_count_for_who_acts():
    """A whole table's step (`acting=WITH_OPTIONS`) waits for the players with options, any-time ones counted;
    `table_first` lists the table's any-time options before the step's own; while `only` holds (a card played
    waits for its answer) the any-time options are the only ones, and the step's handlers still serve."""
    from companion.core.offer import offer
    from companion.core.options import Option

    def play(e):
        e.data["waiting"] = e.action["seat"]
        e.say(f"{e.name(e.action['seat'])} plays a card.")

    def answer(e):
        e.data["waiting"] = None
        e.say("The card is answered.")

    def anytime_options(state, seat):
        if seat is None:
            return [Option("Name the card", "Name", {"type": "name"})]
        if state["data"].get("waiting") is not None:
            return [Option("Answer", "Answer", {"type": "answer", "seat": seat})] if seat != state["data"]["waiting"] else []
        return [Option("Play", "Play", {"type": "play", "seat": seat})] if seat == 2 else []

    def own(state, seat):
        if seat is None:
            return [Option("", "", {"type": "advance"}, button="NEXT")]
        return [Option("Build", "Build", {"type": "build", "seat": seat})] if seat == 1 else []

    anytime = F.Anytime(options=anytime_options, handlers={"play": play, "answer": answer, "name": answer},
                        only=lambda state: state["data"].get("waiting") is not None, table_first=True)
    flow = F.Flow(steps=(F.Step("cards", "Cards", F.TABLE, options=own, acting=F.WITH_OPTIONS),), turns=F.ONE_PER_ROUND,
                  anytime=anytime)
    t = Table(game(flow), FOUR)

    def kinds(options):
        return [o.action["type"] for o in options]

    now = offer(t.game, t.session)
    assert now.waiting_for == (1, 2)  # Bea's own Build, Cy's any-time Play
    assert kinds(F.options(flow, t.state, None)) == ["name", "advance"]
    assert kinds(now.seats[1]) == ["build"] and kinds(now.seats[2]) == ["play"]
    t.ok(type="play", seat=2)
    now = offer(t.game, t.session)
    assert kinds(F.options(flow, t.state, None)) == ["name"]  # no NEXT while the play waits
    assert kinds(now.seats[1]) == ["answer"] and now.seats[2] == ()
    assert now.waiting_for == (0, 1, 3)
    t.ok(type="answer", seat=1)
    assert kinds(offer(t.game, t.session).seats[1]) == ["build"]
