"""Master of Venice in the pure core: SPEC.md 2.8's worked examples, 2.9's gaps and defaults, and the
state machine of 2.3, phase by phase."""

import pytest
from pyrsistent import freeze

from companion.core import engine
from companion.core.result import Refused
from companion.games.master_of_venice import MASTER, revenue
from companion.games.master_of_venice.cards import CARDS, DECK_SIZE
from master_table import MOV


def test_mov_ex_01_to_03_the_trade_trip_table():
    assert revenue.trip_income([0] * 6, [1, 2, 3, 4, 5, 6]) == [0, 1, 1, 2, 2, 3]  # EX-01
    assert revenue.trip_income([2], [6]) == [5]  # EX-02: Aegean Sea, 6 + 2 = 8
    assert revenue.trip_income([1], [6]) == [4]  # EX-03: Antioch, 6 + 1 = 7
    assert revenue.trip_income([2, 2], [1, 5]) == [1, 4]


def test_mov_ex_12_the_deck_has_116_cards():
    assert DECK_SIZE == 116
    t = MOV(virtual=True)
    assert t.view["decks"]["deck"]["draw"] == 116


def test_mov_ex_04_and_the_revenue_phase_through_the_dice():
    t = MOV(2)
    t.to("DIPLOMACY")  # EX-04: nothing in play, no office; no trip dice to roll, so the Revenue Phase passes by itself
    assert t.gold() == [3, 3] and "No trip dice to roll: the Revenue is paid." in t.log
    t.to("EXPANSION")
    aegean = t.put(0, "Aegean Sea")
    t.put(0, "Cogs", route=aegean)
    t.put(1, "Caravan")
    t.to("REVENUE", turn=2)
    assert t.view["status"] == "Ada 3+1d · Bea 3+1d"
    t.dice = [[6, 1]]  # Ada's Cog on the Aegean Sea rolls 6 (8: 5 Gold), Bea's loose Caravan rolls 1 (0)
    before = t.gold()
    t.go(type="advance")
    assert [a - b for a, b in zip(t.gold(), before)] == [3 + 5, 3]


def test_trips_rolled_before_the_revenue_are_shown_then_applied():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(1, "Cogs")
    t.to("REVENUE", turn=2)
    option = t.view["options"][0]
    assert option["label"] == "Roll Bea's 1 trip: 3+1d6" and option["rolls"] == "1d6"
    assert t.view["status"] == "Ada 3 · Bea 3+1d"
    t.go(**option["action"], dice=[4])
    assert "Bea's trip: 4 → 2 Gold." in t.log  # each die to the Gold it makes
    assert t.view["players"][1]["income"]["rolled"] == [4] and t.plays == []
    assert t.view["status"] == "Ada 3 · Bea 3+2"  # the trip rolled: what it earns, no die left to roll
    before = t.gold()
    t.go(type="advance")
    assert t.gold()[1] - before[1] == 3 + 2


def test_mov_ex_05_pope_doge_and_general():
    t = MOV(2)
    t.to("EXPANSION")
    for card in ("Cardinal",) * 3 + ("Senator",) * 2:
        t.put(0, card)
    t.to("POPE")
    t.go(type="advance", die=6)  # the neutral Pope dies: Ada, the only voter, is elected
    assert t.step == "POPE_ELECTION"
    t.go(type="advance")
    t.go(type="advance", die=6)
    t.go(type="advance")
    assert t.step == "OFFICE_APPOINTMENT"
    t.go(type="appoint", seat=0, office="General")
    t.go(type="appoint", seat=1, office="Admiral")
    t.go(type="advance")
    parts = revenue.fixed(t.state["data"], 0)
    assert sum(parts.values()) == 3 + 3 + 2 + 5 + 3 + 2 == 18  # EX-05
    assert t.view["pope"]["controller"] == 0 and t.view["offices"] == {"General": 0, "Admiral": 1}


def _with_offices(t, **offices):
    """The offices as a Doge would have appointed them (the appointment itself is tested below)."""
    t.session = t.session.__class__(t.state.transform(["data", "offices"], freeze(offices)))


def test_mov_ex_06_a_villa_costs_10_or_7_with_the_office_of_construction():
    t = MOV(2)
    t.to("EXPANSION")
    t.give(0, gold=10)
    t.give(1, gold=7)
    _with_offices(t, Construction=1)  # as a Doge would have appointed
    t.go(type="villa", seat=0)
    t.go(type="villa", seat=1)
    assert t.gold() == [3, 3]  # what turn 1's Revenue gave
    assert t.do(type="villa", seat=1).reason == "Bea has a Villa already"


def test_mov_ex_07_the_general_who_cannot_pay_loses_the_game():
    t = MOV(3)
    t.to("EXPANSION")
    t.put(0, "Mercenaries")
    t.put(0, "Senator")
    t.to("WAR")
    t.give(0, gold=8 - t.gold()[0])
    _with_offices(t, General=0, Admiral=1)
    t.give(2, cards=1)
    t.go(type="play", seat=2, card="The Turks")
    assert t.view["pending"]["kind"] == "war"
    assert t.log[-1] == "The General (Ada) and the Admiral (Bea) must pay 2D6 less their armies (navies), or lose the game."
    assert t.do(type="advance").reason.startswith("Cy's The Turks waits for its dice")
    t.go(type="war_roll", dice=[5, 6])  # 11 - 1 Army = 10 > 8 Gold
    assert "The General, Ada, rolls 5 + 6 less 1 army: owes 10." in t.log
    v = t.view
    assert v["players"][0]["eliminated"] and v["offices"] == {"Admiral": 1}
    assert not [c for c in v["in_play"] if c["owner"] == 0]
    t.go(type="war_roll", dice=[1, 1])  # the Admiral, no navy: owes 2
    assert t.view["pending"] is None


def test_mov_ex_08_navies_reduce_the_admirals_payment_to_nothing():
    t = MOV(2)
    t.to("EXPANSION")
    for card in ("War Galleys", "War Galleys", "Privateers"):  # 3 Navies: the deck has 2 War Galleys
        t.put(1, card)
    t.to("WAR")
    _with_offices(t, Admiral=1)
    t.give(0, cards=1)
    t.go(type="play", seat=0, card="League of Cambri")
    before = t.gold()
    t.go(type="war_roll", dice=[1, 1])
    assert t.gold() == before and t.view["pending"] is None
    assert "owes 0" in t.log[-2]


def test_a_war_with_no_general_or_admiral_makes_nobody_pay():
    t = MOV(2)
    t.to("WAR")
    t.give(0, cards=1)
    t.go(type="play", seat=0, card="The Turks")
    assert t.view["pending"] is None and "nobody pays" in t.log[-1]


def test_mov_ex_09_an_opponents_cog_on_your_route():
    t = MOV(2)
    t.to("EXPANSION")
    rome = t.put(0, "Rome")
    t.put(1, "Cogs", route=rome)
    assert revenue.fixed(t.state["data"], 0)["routes"] == 1
    assert revenue.trips(t.state["data"], 1) == [1]  # Bea rolls with Rome's +1
    t.to("REVENUE", turn=2)
    before = t.gold()
    t.go(type="advance", dice=[6])
    assert [a - b for a, b in zip(t.gold(), before)] == [3 + 1, 3 + 4]


def _elect(t, bids):
    for seat, (gold, intrigue) in bids.items():
        t.go(type="bid", seat=seat, gold=gold, intrigue=intrigue, phone_seat=seat)
    return t.go(type="advance")


def test_mov_ex_10_the_pope_election_with_a_popularity_card():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.put(0, "Cardinal")
    t.put(1, "Cardinal")
    t.put(1, "Build Church")
    t.to("POPE")
    t.give(0, gold=3)
    t.go(type="advance", die=6)
    assert t.view["election"] == {"office": "pope", "voters": [0, 1], "bid": []}
    gold = t.gold()
    revealed = _elect(t, {0: (3, 0)})
    assert "Ada: 5 votes (2 from Cardinals, 3 from the bribe)." in t.log
    # The box shows the whole table who won, for a moment, as NEXT (Reveal) moves on to the Doge's die.
    assert revealed.told == (("Pope", f"Bea's Cardinal #{t.state['data']['pope']} is elected"),)
    assert "Bea: 8 votes (1 from a Cardinal, 7 from Popularity)." in t.log
    pope = t.view["pope"]
    assert pope["controller"] == 1 and t.state["data"]["pope"] == [c["id"] for c in t.view["in_play"] if c["owner"] == 1 and c["card"] == "Cardinal"][0]
    assert t.gold() == [gold[0] - 3, gold[1]]  # every bidder pays his bribe (SPEC 2.9.6)


def test_only_the_winner_pays_the_bribe_with_that_option():
    t = MOV(2, bribes="winner")
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.put(1, "Cardinal")
    t.to("POPE")
    t.give(0, gold=5)
    t.give(1, gold=5)
    t.go(type="advance", die=6)
    gold = t.gold()
    _elect(t, {0: (2, 0), 1: (3, 0)})
    assert t.view["pope"]["controller"] == 1 and t.gold() == [gold[0], gold[1] - 3]


def test_mov_ex_11_a_tie_is_rolled_off():
    t = MOV(3)
    t.to("EXPANSION")
    for seat in (0, 1, 2):
        t.put(seat, "Senator")
    t.to("DOGE")
    t.go(type="advance", die=6)
    tied = t.go(type="advance")  # no bids: 1 vote each, all tied
    assert tied.told == (("Doge", "Ada and Bea and Cy are tied: a roll-off"),)
    assert t.view["rolloff"] == {"contenders": [0, 1, 2], "purpose": "Doge election"}
    assert t.step == "OFFICE_APPOINTMENT"
    assert t.do(type="appoint", seat=0, office="General").reason == "first the roll-off for the Doge election"
    t.go(type="rolloff", values=[5, 5, 2])
    assert t.offered[0].label == "Roll off again: Ada and Bea"  # who rolls again, by name
    t.go(type="rolloff", values=[3, 4])
    assert t.view["doge"]["controller"] == 1 and t.view["rolloff"] is None
    t.go(type="appoint", seat=1, office="Council Head")  # Bea, the new Doge, appoints
    t.go(type="appoint", seat=2, office="General")
    t.go(type="advance", action="appoint", seat=0, office="Admiral")  # the last one ends the turn
    assert t.view["offices"] == {"Council Head": 1, "General": 2, "Admiral": 0}
    assert t.view["turn"] == 2 and t.step == "DRAW"


def test_the_player_who_controls_the_doge_must_immediately_appoint_to_each_player_one_of_4_offices():
    """NEXT never appoints for him: while an office is to be given, only the Doge's controller has options,
    and the last appointment ends the turn (its Popularity cards discarded)."""
    t = MOV(3)
    t.to("EXPANSION")
    t.put(1, "Senator")
    t.to("DOGE")
    t.go(type="advance", die=6)
    t.go(type="advance")  # Bea alone votes, and wins
    assert t.step == "OFFICE_APPOINTMENT" and t.view["doge"]["controller"] == 1
    assert t.view["status"] == "3 offices to fill"
    assert not [o for o in t.offered if o.action == {"type": "advance"}]  # no NEXT
    plays = [o for o in t.offered if o.group != "Corrections"]
    assert {o.action["seat"] for o in plays} == {0, 1, 2} and {o.action["type"] for o in plays} == {"appoint"}
    assert t.view["acting"] == [1]  # the table waits for Bea
    t.go(type="appoint", seat=1, office="General")
    t.go(type="appoint", seat=0, office="Construction")
    last = [o.action for o in t.offered if o.group != "Corrections"]
    assert last and all(a["type"] == "advance" and a["action"] == "appoint" and a["seat"] == 2 for a in last)
    assert t.refused(type="advance", action="appoint", seat=0, office="Admiral") == "Ada holds an office already: one each"
    t.go(type="advance", action="appoint", seat=2, office="Admiral")
    assert t.view["offices"] == {"General": 1, "Construction": 0, "Admiral": 2}
    assert t.view["turn"] == 2 and t.step == "DRAW"
    assert "Bea appoints Cy to the Office of Admiral." in t.log


def test_next_gave_out_the_offices_left_only_in_a_game_of_version_0_replayed():
    """An earlier version's NEXT gave the offices not yet given, in order, to the players without one, from the
    Doge's controller's: its journals replay so (companion.upgrades, the version's rules), and today's rules
    refuse it, the Doge appointing each."""
    for rules in (0, None):
        t = MOV(3, rules=rules)
        t.to("EXPANSION")
        t.put(1, "Senator")
        t.to("DOGE")
        t.go(type="advance", die=6)
        t.go(type="advance")  # Bea alone votes, and wins
        assert t.step == "OFFICE_APPOINTMENT" and t.view["doge"]["controller"] == 1
        if rules is None:
            assert t.refused(type="advance") == "Bea appoints the offices first"
            continue
        t.go(type="advance")
        assert t.view["offices"] == {"Council Head": 1, "General": 2, "Admiral": 0}
        assert {"Bea: Office of Council Head.", "Cy: Office of General.", "Ada: Office of Admiral."} <= set(t.log)
        assert t.view["turn"] == 2 and t.step == "DRAW"


def test_players_may_play_war_or_army_cards_in_the_war_phase():
    t = MOV(2)
    t.give(0, gold=10, cards=3)
    t.to("WAR")
    named = [o for o in t.offered if o.action == {"type": "tap"}]
    assert {"Guards", "Mercenaries", "Condottieri"} <= set(named[0].fields["card"]["enum"])
    assert "Cogs" not in named[0].fields["card"]["enum"] and "War Galleys" not in named[0].fields["card"]["enum"]
    before = t.gold()[0]
    t.ok(type="play", seat=0, card="Guards")
    assert [c["card"] for c in t.view["in_play"]] == ["Guards"] and t.gold()[0] == before - 2
    assert t.refused(type="play", seat=0, card="Cogs") == "Cogs is played in the Expansion Phase"
    t.to("EXPANSION", turn=2)
    t.ok(type="play", seat=0, card="Mercenaries")  # an army is played in the Expansion Phase too


def test_the_game_ends_when_players_have_gone_through_the_deck_twice_and_the_second_run_out_says_so():
    """Real cards: the first run-out turns the discard pile into the new draw pile; the second is the end, with
    no shuffle to make."""
    t = MOV(2)
    t.ok(type="deck_exhausted", deck="deck")
    assert t.log[-1] == "The real draw pile has run out: shuffle the discard pile, it is the new draw pile (the last pass)."
    t.to("EVENT")
    t.ok(type="deck_exhausted", deck="deck")
    assert t.log[-1].startswith("The real draw pile has run out a second time: no more cards are drawn")
    assert not any("Shuffle" in line for line in t.log)
    assert not [o for o in t.offered if o.action.get("type") == "deck_exhausted"]
    assert t.view["game_end_pending"]
    t.to("DOGE")
    t.go(type="advance", die=1)  # the Doge lives: the turn, and the game, end
    assert t.view["over"] and t.view["ended"] == "the players have gone through the deck twice"


def test_a_sealed_bid_comes_only_from_the_players_own_phone_and_stays_secret():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.to("POPE")
    t.go(type="advance", die=6)
    t.give(0, gold=4)
    from companion.core.offer import offer

    mine = next(o for o in offer(MASTER, t.session).for_seat(0) if o.action == {"type": "bid", "seat": 0, "intrigue": 0})
    assert mine.private and mine.fields["gold"]["maximum"] == t.gold()[0]  # her phone's alone while it holds her seat
    assert not [o for o in offer(MASTER, t.session).table(frozenset({0})) if o.action["type"] == "bid"]
    assert "cannot vote" in t.do(type="bid", seat=1, gold=0, phone_seat=1).reason
    assert "costs 9 Gold" in t.do(type="bid", seat=0, gold=9, phone_seat=0).reason
    t.go(type="bid", seat=0, gold=4, intrigue=0, phone_seat=0)
    assert t.log[-1] == "Ada makes a sealed bid." and "4" not in t.log[-1]
    assert t.view["election"]["bid"] == [0]
    assert MASTER.player_view(t.state, 0)["bid"] == {"gold": 4, "intrigue": 0}
    assert "bid" not in MASTER.player_view(t.state, 1)


def test_caught_negates_a_crime_costs_the_criminal_1d6_and_the_next_election():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    cardinal = t.put(1, "Cardinal")
    t.to("EVENT")
    t.give(1, gold=10, cards=1)
    t.give(0, cards=1)
    t.go(type="play", seat=1, card="Assassination", target=[c["id"] for c in t.view["in_play"] if c["owner"] == 0][0])
    assert t.view["pending"]["kind"] == "crime"
    from companion.core.physical import dice_action

    # A die thrown on the reader meanwhile plays nobody's Caught: that is Ada's choice, on her phone.
    assert any(o.action.get("card") == "Caught" for o in t.offered)
    assert dice_action(t.state, t.offered, 6, (4,)).reason == "no roll is expected now (1d6 rolled)"
    gold = t.gold()
    t.go(type="negate", seat=0, card="Caught", dice=[4])
    assert t.gold()[1] == gold[1] - 4 and t.view["players"][1]["caught"]
    assert t.gold()[0] == gold[0] - 1  # Caught itself costs 1 Gold ("Caught 1 R 1")
    assert len(t.view["in_play"]) == 2  # the crime did nothing
    t.to("POPE")
    t.go(type="advance", die=6)
    _elect(t, {})  # Bea loses it whatever she would bid: she is not asked to
    assert t.view["pope"]["controller"] == 0 and "(caught: loses automatically)" in t.log[-3]
    assert not t.view["players"][1]["caught"] and cardinal


def test_caught_costs_one_gold_and_is_offered_only_to_a_player_who_has_it():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.to("EVENT")
    t.give(1, gold=10, cards=1)
    t.go(type="counter", name="gold", seat=0, delta=-t.gold()[0])  # Ada has no Gold
    t.go(type="play", seat=1, card="Assassination", target=[c["id"] for c in t.view["in_play"] if c["owner"] == 0][0])
    assert not [o for o in t.plays if o["action"]["type"] == "negate"]
    refused = t.do(type="negate", seat=0, card="Caught", dice=[4])
    assert isinstance(refused, Refused) and "Caught costs 1" in refused.reason


def test_a_crime_let_happen_discards_its_target():
    t = MOV(2)
    t.to("EXPANSION")
    victim = t.put(0, "Senator")
    t.to("EVENT")
    t.give(1, gold=2, cards=1)
    t.go(type="play", seat=1, card="Slander", target=victim)
    t.go(type="resolve")
    assert t.view["in_play"] == [] and t.view["decks"]["deck"]["discard"] == 2


def test_pirates_are_negated_by_the_owners_war_galley_in_play():
    t = MOV(2)
    t.to("EXPANSION")
    cog = t.put(0, "Cogs")
    galley = t.put(0, "War Galleys")
    t.to("EVENT")
    t.give(1, cards=1)
    t.go(type="play", seat=1, card="Pirates", target=cog)
    assert t.do(type="negate", seat=1, card="War Galleys").reason.startswith("only Ada")
    assert "Allow Bea's Pirates" in [o["label"] for o in t.view["options"]]
    t.go(type="negate", seat=0, card="War Galleys", **{"from": galley})
    assert [c["card"] for c in t.view["in_play"]] == ["Cogs"]


def test_brigands_destroy_a_caravan_when_let_happen():
    t = MOV(2)
    t.to("EXPANSION")
    caravan = t.put(0, "Caravan")
    t.to("EVENT")
    t.give(1, cards=1)
    assert t.do(type="play", seat=1, card="Pirates", target=caravan).reason == "Pirates takes Cogs, not Caravan"
    t.go(type="play", seat=1, card="Brigands", target=caravan)
    t.go(type="resolve")
    assert t.view["in_play"] == []


def test_an_army_seizes_a_trade_route_unless_negated():
    t = MOV(2)
    t.to("EXPANSION")
    route = t.put(1, "Timbuktu")
    t.put(1, "Caravan", route=route)
    t.to("WAR")
    t.give(0, cards=2)
    t.go(type="attack", seat=0, card="Condottieri", target=route)
    t.go(type="resolve")
    assert [c["owner"] for c in t.view["in_play"] if c["card"] == "Timbuktu"] == [0]
    assert revenue.fixed(t.state["data"], 0)["routes"] == 1  # Bea's Caravan is on Ada's route now
    t.give(1, cards=1)
    t.go(type="attack", seat=1, card="Mercenaries", target=route)
    t.go(type="negate", seat=0, card="Guards")
    assert [c["owner"] for c in t.view["in_play"] if c["card"] == "Timbuktu"] == [0]


def test_who_may_play_what():
    t = MOV(2)
    t.give(0, gold=20, cards=5)
    assert "cannot be done now (Draw Phase" in t.do(type="play", seat=0, card="Senator").reason  # no card phase
    t.to("EXPANSION")
    assert "needs a Villa" in t.do(type="play", seat=0, card="Patronage").reason
    assert "Event Phase" in t.do(type="play", seat=0, card="Explorer").reason
    assert "election" in t.do(type="play", seat=0, card="Intrigue").reason
    assert "Caught is played to negate" in t.do(type="play", seat=0, card="Caught").reason
    assert "card list" in t.do(type="play", seat=0, card="Joker").reason
    t.to("EVENT")
    assert "Expansion Phase" in t.do(type="play", seat=0, card="Senator").reason
    assert "Pope's controller" in t.do(type="play", seat=0, card="Call Crusade").reason
    assert "Council Head" in t.do(type="play", seat=0, card="Accusation", target=1).reason
    t.give(1, gold=0)
    t.ok(type="counter", name="gold", seat=1, value=0)
    t.give(1, cards=1)
    assert "costs 3" in t.do(type="play", seat=1, card="Explorer").reason


def test_a_route_takes_three_traders_of_its_kind():
    t = MOV(2)
    t.to("EXPANSION")
    aegean = t.put(0, "Aegean Sea")
    t.give(1, gold=3, cards=1)
    assert "takes Cogs only" in t.do(type="play", seat=1, card="Caravan", route=aegean).reason
    for _ in range(3):
        t.put(1, "Cogs", route=aegean)
    t.give(1, gold=3, cards=1)
    assert "3 traders attached already" in t.do(type="play", seat=1, card="Cogs", route=aegean).reason


def test_indulgences_and_taxes():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.put(0, "Cardinal")
    t.put(0, "Senator")
    t.to("EVENT")
    t.give(0, cards=2)
    gold = t.gold()[0]
    t.go(type="play", seat=0, card="Indulgences")
    t.go(type="play", seat=0, card="Taxes")
    assert t.gold()[0] == gold + 3


def test_a_vacant_office_is_elected_without_a_roll_and_the_dies_card_kills():
    t = MOV(2, start_offices="vacant")
    assert t.view["pope"]["state"] == "vacant"
    t.to("POPE")
    assert not [o for o in t.view["options"] if o["rolls"]]  # no die to roll
    t.go(type="advance")  # nobody holds a Cardinal: the election passes by itself, electing nobody
    assert t.step == "DOGE" and "Nobody can bid for the Pope: nobody controls a Cardinal." in t.log
    assert "Nobody is elected: the Pope's office stays vacant." in t.log and t.view["pope"]["state"] == "vacant"
    t2 = MOV(2)
    t2.to("DOGE")
    t2.give(1, cards=1)
    t2.go(type="play", seat=1, card="The Doge Dies")
    t2.go(type="advance")
    assert "Nobody can bid for the Doge: nobody controls a Senator." in t2.log and t2.view["doge"]["state"] == "vacant"


def test_the_neutral_pope_lives_on_other_rolls():
    t = MOV(2)
    t.to("POPE")
    t.go(type="advance", die=5)
    assert t.step == "DOGE" and t.view["pope"]["state"] == "neutral"
    t.go(type="advance", dice=[2])
    assert t.step == "DRAW" and t.view["turn"] == 2


def test_popularity_cards_leave_at_the_end_of_the_turn():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Benifice")
    assert [c["card"] for c in t.view["in_play"]] == ["Benifice"]
    t.to("DRAW", turn=2)
    assert t.view["in_play"] == [] and "The Popularity cards of this turn are discarded." in t.log


def test_real_cards_the_deck_runs_out_twice_and_the_game_ends_with_the_turn():
    t = MOV(2)
    assert t.view["deck_pass"] == 1 and not t.view["game_end_pending"]
    t.to("DIPLOMACY")
    assert t.view["players"][0]["hand"] == 1
    t.go(type="deck_exhausted")
    assert t.view["deck_pass"] == 2 and not t.view["game_end_pending"]
    t.to("EVENT")
    t.go(type="deck_exhausted")
    assert t.view["game_end_pending"]
    assert not [o for o in t.offered if o.action["type"] == "deck_exhausted"]  # it has run out twice: no more
    t.to("DOGE")
    t.go(type="advance", die=3)
    assert t.view["over"] and t.view["ended"] == "the players have gone through the deck twice"
    assert t.view["step"] == "GAME_OVER"


def test_virtual_deck_two_passes_then_draws_are_lost():
    t = MOV(4, virtual=True, start_cards=5)
    t.to("DIPLOMACY")
    assert [p["hand"] for p in t.view["players"]] == [6, 6, 6, 6]
    assert t.do(type="deck_exhausted").reason.startswith("the Master of Venice deck is virtual")
    assert t.do(type="draw").reason == "that cannot be done now (Diplomacy Phase)"  # the companion draws
    passes_seen = []
    for turn in range(2, 80):
        if t.view["game_end_pending"]:
            break
        t.to("EXPANSION")
        for seat in range(4):  # every hand plays what it can: the discard pile feeds pass 2
            for card in list(MASTER.player_view(t.state, seat)["hand"]):
                if CARDS[card].kind in ("C", "S", "G", "V", "A", "N"):
                    t.give(seat, gold=CARDS[card].cost)
                    t.go(type="play", seat=seat, card=card, phone_seat=seat)
        t.go(type="advance")
        for seat in range(4):
            for card in list(MASTER.player_view(t.state, seat)["hand"]):
                if card in ("Indulgences", "Taxes"):
                    t.go(type="play", seat=seat, card=card, phone_seat=seat)
        t.to("DRAW", turn=turn)
        t.go(type="advance")
        passes_seen.append(t.view["deck_pass"])
    assert 1 in passes_seen and 2 in passes_seen
    assert t.view["deck_pass"] == 2 and t.view["game_end_pending"]
    t.to("DOGE")
    t.go(type="advance", die=1)
    assert t.view["over"]
    cards = sum(len(h) for h in t.state["data"]["hands"]) + len(t.state["data"]["in_play"]) + \
        len(t.state["decks"]["deck"]["discard"]) + len(t.state["decks"]["deck"]["draw"])
    assert cards == 116


def test_a_virtual_hand_is_played_only_from_its_phone():
    t = MOV(2, virtual=True, start_cards=5, rng=__import__("random").Random(4))
    t.to("EXPANSION")
    hand = MASTER.player_view(t.state, 0)["hand"]
    card = next(c for c in hand if CARDS[c].kind in ("C", "S", "G", "V", "A", "N", "T"))
    t.give(0, gold=CARDS[card].cost)
    assert not [o for o in t.offered if o.action.get("name") == "hand"]  # the companion holds the hands: no fixing
    t.go(type="play", seat=0, card=card, phone_seat=0)
    assert card in [c["card"] for c in t.view["in_play"]]
    from companion.core.offer import offer

    mine = offer(MASTER, t.session).for_seat(0)
    assert mine and all(o.action["seat"] == 0 for o in mine)
    assert all(o.private for o in mine if o.action["type"] == "play")  # the hand's cards: its phone's only
    claimed = offer(MASTER, t.session).table(frozenset({0}))
    assert not [o for o in claimed if o.action.get("seat") == 0 and o.action["type"] == "play"]


def test_setup_options_and_player_counts():
    assert engine.new_game(MASTER, {"players": [{"name": "A"}]}).reason.startswith("players: Master of Venice is for 2 to 4")
    t = MOV(3, start_gold=5)
    t.to("DIPLOMACY")
    assert t.gold() == [5 + 3, 5 + 3, 5 + 3] and "Each player starts with 5 Gold." in t.log  # and 3 base Revenue
    rolled = engine.new_game(MASTER, {"players": [{"name": "A"}, {"name": "B"}]})
    assert rolled.state["rolloff"]["purpose"] == "first player"
    t = MOV(2, rotate_first=True)
    t.to("DRAW", turn=2)
    assert t.view["lead"] == 1
    with pytest.raises(AssertionError):
        MOV(2, trip_income="sometimes")


def test_fixed_trip_income_variant():
    t = MOV(2, trip_income="fixed")
    t.to("EXPANSION")
    t.put(0, "Cogs")
    before = t.gold()
    t.to("DIPLOMACY", turn=2)  # no dice to roll: the Revenue Phase passes by itself
    assert t.plays == [] and t.gold()[0] - before[0] == 5


def _the_general_ada_loses(t, by):
    """Ada, the General with one Army and no Gold, cannot pay for The Turks that `by` plays: she loses the game."""
    t.to("EXPANSION")
    t.put(0, "Mercenaries")
    t.to("WAR")
    _with_offices(t, General=0)
    t.give(by, cards=1)
    t.ok(type="counter", name="gold", seat=0, value=0)
    t.go(type="play", seat=by, card="The Turks")
    t.go(type="war_roll", dice=[6, 6])


def test_the_score_sheet_is_prefilled_and_scores_eliminated_players_out():
    from companion.games import scoring_of
    t = MOV(3)
    _the_general_ada_loses(t, by=1)
    sheet = {"game": "master_of_venice", **MASTER.score_sheet(t.state)}
    assert sheet["players"][0] == {"name": "Ada", "gold": 0, "eliminated": True}
    result = scoring_of("master_of_venice").score(sheet)
    assert "Ada" in result["eliminated"]


def test_bad_input_is_refused_and_changes_nothing():
    t = MOV(2)
    t.to("EVENT")
    before = t.state
    for action in ({"type": "play", "seat": 9, "card": "Storm"}, {"type": "play", "seat": 0, "card": None},
                   {"type": "play", "seat": 0, "card": "Storm", "target": "x"}, {"type": "negate", "seat": 0},
                   {"type": "resolve"}, {"type": "war_roll"}, {"type": "appoint", "seat": 0, "office": "King"},
                   {"type": "bid", "seat": 0, "gold": -1}, {"type": "tap", "card": "Joker"},
                   {"type": "attack", "seat": 0, "card": "Guards"}, {"type": "trips", "seat": 0}):
        assert isinstance(t.do(**action), Refused), action
    assert t.state is before


def test_the_readers_dice_and_taps_become_the_phase_inputs():
    from companion.controls import Panel, step_screen
    from companion.core.physical import card_action, dice_action
    t = MOV(2)
    t.to("EXPANSION")
    tap = card_action(MASTER, t.state, "deck", "Senator")
    assert tap == {"type": "tap", "card": "Senator"}
    t.go(**tap)
    labels = [o["label"] for o in t.view["options"]]
    assert [label for label in labels if "Senator" in label and "Undo" not in label] == [
        "Ada plays Senator for 3", "Bea plays Senator for 3", "Forget the tapped Senator"]
    assert labels[:3] == ["Ada plays Senator for 3", "Bea plays Senator for 3", "Forget the tapped Senator"]  # first
    from companion.controls import walk
    assert [o["label"] for o in walk(t.view)][:2] == ["Ada plays Senator for 3", "Bea plays Senator for 3"]  # on the box too
    t.give(1, gold=3, cards=1)
    t.go(**next(o for o in t.view["options"] if o["label"] == "Bea plays Senator for 3")["action"])
    assert t.view["tapped"] is None and t.view["in_play"][0]["owner"] == 1
    assert card_action(MASTER, t.state, "deck", "Joker").reason == "Joker is not a Master of Venice card"
    t.put(0, "Cogs")  # a trip to roll: the Revenue Phase waits for it
    t.to("REVENUE", turn=2)
    screen = step_screen(t.view, Panel())
    assert screen.step == "Ada 3+1d · Bea 4"  # each player's income before it is applied (Bea's Senator: +1)
    t.to("POPE", turn=2)
    action = dice_action(t.state, t.offered, 6, (6,))
    assert action == {"type": "advance", "dice": [6], "source": "physical"}
    assert dice_action(t.state, t.offered, 6, (3, 4)).reason == "this step rolls 1d6, not 2d6"
    t.go(**action)
    assert "Pope Phase: 6. The Pope dies." in t.log and t.step == "DOGE"  # nobody holds a Cardinal: no election


def _to_the_end(t, gold):
    """Real cards run out twice; the Gold set as the last step comes, then the game ends."""
    t.to("DIPLOMACY")
    t.go(type="deck_exhausted")
    t.to("EVENT")
    t.go(type="deck_exhausted")
    t.to("DOGE")
    for seat, value in enumerate(gold):
        t.ok(type="counter", name="gold", seat=seat, value=value)
    t.go(type="advance", die=3)
    assert t.view["over"] and t.gold() == list(gold)


def test_at_the_end_the_table_scores_its_sheet():
    t = MOV(3)
    _to_the_end(t, (12, 20, 12))
    assert t.view["sheet_missing"] == [] and t.view["result"]["winner"] == ["Bea"]
    assert t.view["result"]["ranking"] == [["Bea"], ["Ada", "Cy"]]  # a tie on Gold is shared by default
    assert t.view["result"]["totals"] == {"Ada": 12, "Bea": 20, "Cy": 12}


def test_with_the_roll_off_rule_a_tie_on_gold_leaves_the_roll_off_to_be_entered():
    from companion.games import scoring_of

    t = MOV(3, winner_tie="roll_off")
    _to_the_end(t, (12, 20, 12))
    # Ada and Cy tie for second place: the roll-off that separates them was never rolled at the table.
    assert t.view["result"] is None and t.view["sheet_missing"] == ["players[0].roll_off", "players[2].roll_off"]
    sheet = MASTER.score_sheet(t.state)
    assert "roll_off" not in sheet["players"][1]
    sheet["players"][0]["roll_off"], sheet["players"][2]["roll_off"] = [2], [5]
    assert scoring_of("master_of_venice").score(sheet)["ranking"] == [["Bea"], ["Cy"], ["Ada"]]
    t = MOV(3, winner_tie="roll_off")
    _to_the_end(t, (12, 20, 13))  # no tie: nothing to roll off
    assert t.view["sheet_missing"] == [] and t.view["result"]["ranking"] == [["Bea"], ["Cy"], ["Ada"]]


def test_next_asks_before_revealing_an_election_with_bids_missing():
    from companion.core.offer import offer

    def next_option(t):
        (nxt,) = [o for o in offer(t.game, t.session).table() if o.button == "NEXT"]
        return nxt

    t = MOV(3)
    t.to("EXPANSION")
    for seat in (0, 1):
        t.put(seat, "Senator")
    t.to("DOGE")
    t.go(type="advance", die=6)  # the Doge dies: Ada and Bea vote
    nxt = next_option(t)
    assert nxt.confirm and "Ada and Bea have not bid yet" in nxt.label
    t.go(type="bid", seat=0, gold=0, intrigue=0, phone_seat=0)
    nxt = next_option(t)
    assert nxt.confirm and "Bea has not bid yet" in nxt.label
    t.go(type="bid", seat=1, gold=0, intrigue=0, phone_seat=1)
    assert not next_option(t).confirm  # every bid is in: NEXT reveals them


def test_the_table_offers_no_play_that_would_be_refused():
    """A Villa only to a player with the Gold it costs; a tapped card only in its own phase, to a player who
    may play it and pay for it (else the tap can only be forgotten)."""
    t = MOV(2)
    t.to("EXPANSION")
    t.go(type="counter", name="gold", seat=0, delta=-t.gold()[0])  # Ada has nothing
    t.give(1, gold=10)
    labels = [o["label"] for o in t.view["options"]]
    assert not [label for label in labels if label.startswith("Ada builds")] and "Bea builds a Villa (10)" in labels
    t.go(type="tap", card="Senator")
    assert [o["label"] for o in t.plays if "Senator" in o["label"]] == ["Bea plays Senator for 3", "Forget the tapped Senator"]
    t.go(type="tap", card=None)
    t.to("WAR")
    t.go(type="tap", card="Cardinal")
    assert [o["label"] for o in t.plays if "Cardinal" in o["label"]] == ["Forget the tapped Cardinal"]


def test_caught_loses_the_next_election_the_criminal_can_vote_in_not_one_without_him():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cardinal")
    t.put(0, "Senator")
    t.put(1, "Senator")  # Bea has no Cardinal: no vote for the Pope
    t.to("EVENT")
    t.give(1, gold=10, cards=1)
    t.give(0, cards=1)
    t.go(type="play", seat=1, card="Slander", target=[c["id"] for c in t.view["in_play"] if c["card"] == "Cardinal"][0])
    t.go(type="negate", seat=0, card="Caught", dice=[1])
    t.to("POPE")
    t.go(type="advance", die=6)
    assert t.view["election"]["voters"] == [0]
    _elect(t, {0: (0, 0)})
    assert t.view["players"][1]["caught"]  # that election was not hers to lose
    t.to("DOGE")
    t.go(type="advance", die=6)
    assert t.view["election"]["voters"] == [0, 1]
    _elect(t, {})
    assert any("Bea" in line and "(caught: loses automatically)" in line for line in t.log[-4:])
    assert not t.view["players"][1]["caught"]


def test_a_vacant_pope_is_elected_without_a_roll_and_the_screens_say_so():
    from companion.controls import Panel, step_screen

    t = MOV(2, start_offices="vacant")
    t.to("POPE")
    screen = step_screen(t.view, Panel())
    assert screen.step == "No roll for the Pope"
    (nxt,) = [o for o in t.offered if o.button == "NEXT"]
    assert nxt.label == "Elect the Pope: the office is vacant" and not nxt.rolls
    assert not [o for o in t.plays if "1D6" in o["label"]]
    t.go(**nxt.action)
    assert t.view["step"] in ("POPE_ELECTION", "DOGE") and not any("rolls" in line for line in t.log[-3:])


def test_a_cog_in_play_is_attached_to_a_trade_route_played_later():
    t = MOV(2)
    t.to("EXPANSION")
    cogs = t.put(0, "Cogs")  # played with no trade route: allowed
    caravan = t.put(0, "Caravan")
    route = t.put(1, "Aegean Sea")  # Bea's route, which takes Cogs only
    (attach,) = [o for o in t.plays if o["action"]["type"] == "attach"]
    assert attach["action"] == {"type": "attach", "seat": 0, "trader": cogs} and attach["fields"]["route"]["enum"] == [route]
    refused = t.do(type="attach", seat=0, trader=caravan, route=route)
    assert isinstance(refused, Refused) and "takes Cogs only" in refused.reason
    t.go(type="attach", seat=0, trader=cogs, route=route)
    assert t.log[-1] == f"Ada attaches Ada's Cogs #{cogs} to Bea's Aegean Sea #{route}."
    assert not [o for o in t.plays if o["action"]["type"] == "attach"]  # one route at most
    assert isinstance(t.do(type="attach", seat=0, trader=cogs, route=route), Refused)
    assert revenue.trips(t.state["data"], 0) == [2, 0]  # the Cogs' trip gets the Aegean Sea's +2, the Caravan none
    assert revenue.fixed(t.state["data"], 1)["routes"] == 1  # and Bea, whose route it is, 1 Gold a turn


def test_gold_and_a_real_hand_are_set_right_in_the_corrections_and_a_virtual_hand_is_not():
    real, virtual = MOV(2), MOV(2, virtual=True)
    names = {o.action.get("name") for o in real.offered if o.action["type"] == "counter"}
    assert names == {"gold", "hand"}
    assert {o.action.get("name") for o in virtual.offered if o.action["type"] == "counter"} == {"gold"}
    gold = next(o for o in real.offered if o.action.get("name") == "gold" and o.action["seat"] == 0)
    assert gold.label == "Set Ada's Gold right (now 0)" and gold.fields["delta"]["maximum"] == 50


def test_the_first_draw_says_to_deal_the_starting_cards_before_next_is_pressed():
    t = MOV(2, start_cards=3)
    t.to("DRAW")
    assert t.view["status"].startswith("Deal 3 cards each, then draw 1")  # real cards: the table deals them
    t.go(type="advance")
    t.to("DRAW", turn=2)
    assert not t.view["status"].startswith("Deal")
    dealt = MOV(2, virtual=True, start_cards=3)
    dealt.to("DRAW")
    assert dealt.view["status"] == "Draw 1 card each · Deck pass 1"  # a virtual deck: the companion deals them


def test_a_player_who_has_lost_the_game_no_longer_leads_and_earns_no_revenue():
    """The General who cannot pay "loses the game": from then on the lead passes him by, and his Revenue is none."""
    t = MOV(3)
    _the_general_ada_loses(t, by=2)
    assert t.view["players"][0]["eliminated"]
    t.to("DRAW", turn=2)
    assert "Turn 2: Bea leads." in t.log and "Turn 2: Ada leads." not in t.log
    assert t.view["lead"] == 1
    ada = next(s for s in t.view["sections"] if s["title"].startswith("Ada"))
    assert ada["title"].endswith("— out of the game") and ada["lines"] == ["In play: nothing", "No Revenue"]


def test_a_card_the_deck_holds_once_is_not_offered_again_once_it_is_in_play():
    """The card list holds one Antioch and one Aegean Sea: once in play, neither is offered nor taken again."""
    t = MOV(3)
    t.to("EXPANSION")
    name_it = next(o for o in t.offered if o.action == {"type": "tap"})
    assert "Antioch" in name_it.fields["card"]["enum"]
    t.put(0, "Antioch")
    name_it = next(o for o in t.offered if o.action == {"type": "tap"})
    assert "Antioch" not in name_it.fields["card"]["enum"] and "Rome" in name_it.fields["card"]["enum"]
    t.give(1, gold=CARDS["Antioch"].cost, cards=1)
    assert t.do(type="play", seat=1, card="Antioch").reason == "Antioch is in play already: the deck has only one"


def test_next_in_the_revenue_phase_says_whose_trips_it_rolls_and_asks_first():
    """A player rolls his own trade trips from his phone; NEXT does it for those who have not, naming them."""
    t = MOV(2)
    t.to("EXPANSION")
    t.put(0, "Cogs")
    t.to("REVENUE", turn=2)
    (nxt,) = [o for o in t.offered if o.button == "NEXT"]
    assert nxt.confirm and nxt.label.endswith("It rolls the trip dice for Ada.")
    t.go(type="trips", seat=0)
    (nxt,) = [o for o in t.offered if o.button == "NEXT"]
    assert not nxt.confirm and "trip" not in nxt.label


def test_undo_names_a_step_the_whole_table_took_by_what_it_did_not_by_one_players_line():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(1, "Cogs")  # a trip to roll: the Revenue Phase waits for NEXT
    t.to("REVENUE", turn=2)
    income = next(o for o in t.view["options"] if o["button"] == "NEXT")
    t.go(**income["action"], confirm=True)  # every player's income, one line each
    (undo,) = [o for o in t.view["options"] if o["action"]["type"] == "undo"]
    # not "Undo: Ada: +3 Gold (3 base).", nor the bare step's name "Undo: Revenue Phase"
    assert undo["label"] == "Undo: everyone's income in the Revenue Phase"


def test_a_phase_closed_with_nothing_done_says_which_phase_ended_and_its_undo_names_it():
    t = MOV(2)
    t.to("DIPLOMACY", turn=2)
    t.go(type="advance")
    assert "The Diplomacy Phase ends." in t.log and "Expansion Phase." in t.log
    (undo,) = [o for o in t.view["options"] if o["action"]["type"] == "undo"]
    assert undo["label"] == "Undo: The Diplomacy Phase ends."  # not "Undo: Expansion Phase.", the next one


def test_a_long_list_of_targets_is_picked_by_owner_and_an_owner_with_many_cards_by_owner_and_type():
    from companion.games.master_of_venice.card_play import plays_of

    def groups():
        t.to("EVENT")
        t.give(0, gold=2, cards=1)
        (slander,) = plays_of(t.state, 0, "Slander", {"type": "play", "seat": 0, "card": "Slander"}, "Ada")
        return dict(zip(slander.fields["target"]["enum"], slander.fields["target"]["enumGroups"]))

    t = MOV(2)
    t.to("EXPANSION")
    for card in ["Senator"] * 6 + ["Cardinal"] * 6 + ["Cardinal"]:
        t.put(1, card)
        if len(t.view["in_play"]) == 12:  # Bea's 12 cards fit one picker: grouped by owner alone
            t.put(0, "Senator")
            assert set(groups().values()) == {"Ada", "Bea"}
            t.to("EXPANSION", turn=2)
    by_card = groups()  # Bea's 13: by type within Bea's
    assert sorted(set(by_card.values())) == ["Ada", "Bea: Cardinal", "Bea: Senator"]
    assert [by_card[c["id"]] for c in t.view["in_play"] if c["owner"] == 1 and c["card"] == "Senator"] == ["Bea: Senator"] * 6


def test_the_cards_named_in_the_event_phase_come_by_type_and_no_type_lists_more_than_a_picker():
    from collections import Counter

    from companion.core.fields import PICKER_LIST

    from companion.games.master_of_venice.cards import CARDS, kinds, phases_of

    # Every card of the phase, as when the players may play them all (the table lists only those somebody may play).
    names = [c for c in CARDS if "EVENT" in phases_of(c)]
    groups = Counter(kinds(names))
    assert len(names) > PICKER_LIST and max(groups.values()) <= PICKER_LIST, groups
    # The rulebook's 13 Events, by what they take: none, a Trade Route, a Cog or Caravan, a Senator or Cardinal, any card.
    assert groups["Event"] == 4 and groups["Event on a Trade Route"] == 2 and groups["Event on a Cog or Caravan"] == 3
    assert groups["Event on a Senator or Cardinal"] == 3 and groups["Event on a card"] == 1


def test_a_card_played_is_named_from_the_cards_somebody_at_the_table_may_play_now():
    """The table's "A card is played: name it" lists only what a player holding a card may play and pay for: with
    no Senator in play there is nothing for Senator Dies to take, and a crime on a person waits for a person."""
    def named(t: MOV) -> list[str]:
        return next(o.fields["card"]["enum"] for o in t.offered if o.label == "A card is played: name it")

    t = MOV(2)
    t.to("EVENT")
    assert "Senator Dies" not in named(t) and "Slander" not in named(t) and "Taxes" in named(t)
    t = MOV(2)
    t.to("EXPANSION")
    t.put(1, "Senator")
    t.to("EVENT")
    assert "Senator Dies" in named(t) and "Slander" in named(t)


def test_a_card_played_is_named_in_the_same_order_as_a_players_own_list_the_commonest_kinds_first():
    """With real cards the table names a card played from the list a player's own "plays a card" shows, in the
    card list's order (a Cardinal, a Senator, Cogs, a Caravan first: the most copies), not alphabetically (which
    put the ten Trade Routes, one copy each, first)."""
    t = MOV(2)
    t.to("EXPANSION")
    (named,) = [o.fields["card"] for o in t.offered if o.label == "A card is played: name it"]
    (own,) = [o.fields["card"] for o in t.offered if o.label == "Ada plays a card"]
    assert named["enumGroups"][:4] == own["enumGroups"][:4] == ["Cardinal", "Senator", "Cogs", "Caravan"]
    assert [c for c in named["enum"] if c in own["enum"]] == own["enum"]


def test_these_appointments_last_until_the_next_election_and_an_election_that_elects_nobody_ends_none():
    """The Doge dies and nobody holds a Senator: nobody is elected, and the offices the last Doge gave stay."""
    t = MOV(2)
    t.to("DOGE")
    _with_offices(t, General=0, Admiral=1)
    died = t.go(type="advance", die=6)  # the election passes by itself: nobody can vote, and the box shows the die
    assert died.told == ()  # alone ("Doge Phase: 6. The Doge dies."): the log says why nobody is elected
    t.go(type="advance")
    assert "Nobody is elected: the Doge's office stays vacant." in t.log
    assert t.view["offices"] == {"General": 0, "Admiral": 1} and t.view["doge"]["state"] == "vacant"
    assert "General: Ada" in t.view["sections"][0]["lines"]


def test_a_doge_elected_ends_the_appointments_and_gives_them_anew():
    t = MOV(2)
    t.to("EXPANSION")
    t.put(1, "Senator")
    t.to("DOGE")
    _with_offices(t, General=0, Admiral=1)
    t.go(type="advance", die=6)
    _elect(t, {1: (0, 0)})
    assert t.view["offices"] == {} and t.step == "OFFICE_APPOINTMENT"


def _caught_bea(t, cardinals=(0, 1)):
    """Bea's Slander on a Cardinal (Ada's, where Ada has one; each seat of `cardinals` has one) is negated by Ada's
    Caught: Bea loses the next election."""
    t.to("EXPANSION")
    for seat in cardinals:
        t.put(seat, "Cardinal")
    t.to("EVENT")
    t.give(1, gold=10, cards=1)
    t.give(0, cards=1)
    found = [c for c in t.view["in_play"] if c["card"] == "Cardinal"]
    t.go(type="play", seat=1, card="Slander", target=next((c for c in found if c["owner"] == 0), found[0])["id"])
    t.go(type="negate", seat=0, card="Caught", dice=[1])
    t.to("POPE")
    t.go(type="advance", die=6)


def test_the_player_caught_automatically_loses_the_next_election_and_is_not_asked_to_bid_or_pay_in_it():
    t = MOV(2)
    _caught_bea(t)
    assert t.view["election"]["voters"] == [0, 1]
    assert not [o for o in t.offered if o.action.get("type") == "bid" and o.action["seat"] == 1]
    refused = t.do(type="bid", seat=1, gold=3, intrigue=0, phone_seat=1)
    assert refused.reason == "Bea was caught in a crime and automatically loses this election: no bid"
    assert t.view["status"] == "Bids in: 0 of 1" and "bid" not in MASTER.player_view(t.state, 1)
    gold = t.gold()
    t.go(type="bid", seat=0, gold=0, intrigue=0, phone_seat=0)
    nxt = next(o for o in t.offered if o.button == "NEXT")
    assert not nxt.confirm  # nobody left to bid: Bea is not waited for
    t.go(type="advance")
    assert t.gold()[1] == gold[1] and t.view["pope"]["controller"] == 0
    assert any(line.startswith("Bea: ") and "(caught: loses automatically)" in line for line in t.log[-4:])


def test_an_election_whose_only_voter_was_caught_passes_by_itself_and_says_why_once():
    t = MOV(2)
    _caught_bea(t, cardinals=(1,))  # Bea alone can vote for the Pope, and she is caught
    assert t.step == "DOGE"  # nobody to wait for: the election passed by itself
    assert "Nobody can bid for the Pope: Bea was caught in a crime." in t.log
    assert not [line for line in t.log if line.startswith("Election of the Pope")]  # said once, not twice


def _offers_card(t, seat, card):
    """Whether `seat` is offered to play `card`: on its own, or named from a list of cards."""
    from companion.core.offer import offer

    return any(o.action.get("card") == card or card in (o.fields.get("card") or {}).get("enum", ())
               for o in offer(MASTER, t.session).for_seat(seat))


def test_the_pope_dies_is_not_offered_or_taken_while_the_popes_office_is_vacant():
    t = MOV(2, start_offices="vacant")
    t.to("POPE")
    t.give(0, cards=1)
    assert not _offers_card(t, 0, "The Pope Dies")
    refused = t.do(type="play", seat=0, card="The Pope Dies")
    assert getattr(refused, "reason", None) == "The Pope Dies: the Pope's office is vacant, nobody is there to die"
    t2 = MOV(2)
    t2.to("POPE")
    t2.give(0, cards=1)
    assert _offers_card(t2, 0, "The Pope Dies")  # the neutral Pope may die


def test_after_the_game_ends_the_table_no_longer_says_it_ends_at_the_end_of_this_turn():
    t = MOV(2)
    _to_the_end(t, (4, 5))
    (deck,) = [s["lines"] for s in t.view["sections"] if s["title"] == "Deck"]
    assert deck == ["Pass 2 of 2: the game is over"]


def test_a_player_out_of_the_game_is_told_so_on_her_phone():
    t = MOV(3)
    _the_general_ada_loses(t, by=2)
    assert MASTER.player_view(t.state, 0)["notice"] == "You are out of the game: you could not pay for a War."
    assert "notice" not in MASTER.player_view(t.state, 1)
