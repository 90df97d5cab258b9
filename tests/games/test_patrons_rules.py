"""The Patrons of Venice in the pure core: SPEC.md 1.9's worked examples, 1.10's gaps and defaults,
and the state machine of 1.7, step by step."""

import random
from collections import Counter

import pytest

from companion.core import engine
from companion.core.result import Refused
from companion.core.strict import match
from companion.core.view import table_view
from companion.core.deck import SHUFFLE_INTO_REMAINING
from companion.games.patrons_of_venice import PATRONS, city, goods
from companion.games.patrons_of_venice.goods import RAW_DECK
from conftest import Table
from patrons_bot import DECK, RECIPES

NAMES = ("Ada", "Bea", "Cy", "Dan", "Eve")
LETTERS = "ABCDEFGHIJKL"  # campi "Campo A", "Campo B", ...: a board's names as a table would give them


class PV(Table):
    """A Patrons table; chance outcomes from `rng` or from the `orders` given, first one first."""

    def __init__(self, n=3, virtual=False, first=0, orders=(), rng=None, rules=None, **setup):
        base = {"players": [{"name": name} for name in NAMES[:n]], "first": first, **setup}
        if virtual:
            base |= {"deck_modes": {"raw_goods": "virtual"}, "compositions": {"raw_goods": setup.pop("deck", DECK)},
                     "recipes": base.get("recipes", RECIPES)}
        super().__init__(PATRONS, base, rules)
        self.orders, self.rng = list(orders), rng or random.Random(1)

    def chance(self, needs):
        return self.orders.pop(0) if self.orders else super().chance(needs)

    @property
    def view(self):
        return table_view(PATRONS, self.session)

    def where(self):
        v = self.view
        return v["turn"], v["step"], v["active"]

    def choose(self, action):
        if self.view["step"] == "SETUP_DONE":
            self.go(type="advance")
        return self.go(type="advance", action=action)

    def ducats(self):
        v = self.view
        return [p["ducats"] for p in v["players"]], v["counters"]["bank"]


def sponsored(t, plan):
    """One Sponsor action: plan[seat] is a sponsor action (or None to decline), in order from the lead."""
    t.choose("SPONSOR")
    while t.view["step"] == "SPONSOR":
        act = plan.get(t.view["active"])
        if act:
            t.go(type="advance", action="sponsor", **act)
        else:
            t.go(type="advance")


def biz(kind, *campi, cost=1):
    return {"business": kind, "campi": list(campi), "cost": cost, "shown": True}


# --- SPEC 1.9: the worked examples --------------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_ex01_everyone_starts_with_ten_ducats_and_the_bank_holds_the_rest(n):
    players, bank = PV(n).ducats()
    assert players == [10] * n and bank == 140 - 10 * n


def test_ex02_statues_cost_three_plus_the_statues_already_built():
    assert [city.statue_cost(s) for s in range(6)] == [3, 4, 5, 6, 7, 8]
    t = PV(3)
    for seat in range(3):
        t.go(type="counter", name="ducats", seat=seat, delta=10)
    sponsored(t, {s: {"statue": f"Campo {LETTERS[s]}"} for s in range(3)})  # Ada leads: Ada, Bea, Cy
    t.choose("PRODUCE")
    while t.view["step"] == "PRODUCE":
        t.go(type="advance")
    sponsored(t, {s: {"statue": f"Campo {LETTERS[s + 3]}"} for s in range(3)})  # Cy leads: Cy, Ada, Bea
    paid = [int(line.rsplit(" ", 1)[1].rstrip(".")) for line in t.log if "sponsors a statue" in line]
    assert paid == [3, 4, 5, 6, 7, 8]
    assert t.ducats()[0] == [20 - 3 - 7, 20 - 4 - 8, 20 - 5 - 6]
    assert t.view["statue_cost"] is None  # all six stand (SPEC 1.10.14)
    t.choose("SPONSOR")
    assert not [o for o in t.plays if "statue" in o["label"]] and "Sponsor nothing" in [o.label for o in t.offered]
    assert isinstance(t.do(type="advance", action="sponsor", statue="Campo Nuovo"), Refused)


def test_ex03_each_tile_makes_one_good_per_produce_action():
    t = PV(3)
    sponsored(t, {0: biz("canvaser", "Campo A")})
    sponsored(t, {0: biz("canvaser", "Campo B")})  # Bea leads this one; Ada sponsors in her turn
    t.choose("PRODUCE")
    while t.view["active"] != 0:
        t.go(type="advance")
    mine = [b["index"] for b in t.view["businesses"] if b["owner"] == 0]
    (first,) = t.plays  # the two tiles earn the same: one button, for the first, then for the second
    assert first["label"] == "Canvas at Ada's: a Canvas card" and first["action"]["business"] == mine[0]
    t.go(**first["action"])
    (second,) = t.plays
    assert second["label"] == first["label"] and second["action"]["business"] == mine[1]
    t.go(**second["action"])
    again = t.do(type="produce", business=mine[0])
    assert isinstance(again, Refused) and "produced in this action already" in again.reason
    assert t.plays == []


def test_ex04_production_needs_a_tile_of_that_type():
    t = PV(3)
    sponsored(t, {1: biz("tent", "Campo A"), 2: biz("draper", "Campo B")})
    t.choose("PRODUCE")  # Bea leads the second turn
    t.go(type="advance")  # Bea produces nothing
    assert t.view["active"] == 2
    assert [o["action"] for o in t.plays] == [{"type": "produce", "business": 1}]  # Cy's own Draper only
    refused = t.do(type="produce", business=0)
    assert isinstance(refused, Refused) and "Guilds" in refused.reason
    t.go(type="advance")  # Ada owns no business: she is passed over, and the action is over
    assert t.view["step"] == "CHOOSE_ACTION"


def test_ex05_a_business_by_two_statue_campi_earns_the_statue_bonus_once():
    tent = {"type": "tent", "owner": 0, "campi": ["X", "Y"]}
    assert city.income(tent, [tent], ["X", "Y"]) == {"base": 5, "statue": 1, "same_type": 0, "total": 6}
    assert city.points(0, [tent], ["X", "Y"], favours=0) == 2


def test_ex06_a_draper_among_two_other_drapers_earns_the_same_type_bonus_once():
    drapers = [{"type": "draper", "owner": s, "campi": ["Campo A"]} for s in range(3)]
    assert city.income(drapers[0], drapers, []) == {"base": 0, "statue": 0, "same_type": 1, "total": 1}


def test_ex07_distinct_buildings_touching_two_campi():
    # Campo dei Frari: 4 buildings, Campo San Polo: 6, and 2 of them touch both.
    both = [{"type": "draper", "owner": 0, "campi": ["Campo dei Frari", "Campo San Polo"]} for _ in range(2)]
    frari = [{"type": "draper", "owner": 0, "campi": ["Campo dei Frari"]} for _ in range(2)]
    polo = [{"type": "draper", "owner": 0, "campi": ["campo  san polo"]} for _ in range(4)]
    tiles = both + frari + polo
    assert len(city.in_campo(tiles, "Campo dei Frari")) == 4 and len(city.in_campo(tiles, "Campo San Polo")) == 6
    touching = {id(b) for c in ("Campo dei Frari", "Campo San Polo") for b in city.in_campo(tiles, c)}
    assert len(touching) == 8


def test_ex08_reserving_costs_one_to_the_bank_or_two_to_the_ship_owner():
    t = PV(3)
    t.choose("RESERVE")
    t.go(type="advance", action="reserve", owner=0, ship=2)  # Ada, on her own ship
    assert t.ducats() == ([9, 10, 10], 111)
    t.go(type="advance", action="reserve", owner=0, ship=1)  # Bea, on Ada's ship
    assert t.ducats() == ([11, 8, 10], 111)
    taken = t.do(type="advance", action="reserve", owner=0, ship=1)  # Cy: that shipment is reserved
    assert isinstance(taken, Refused) and "reserved by Bea" in taken.reason
    assert t.view["ships"][0][1]["reserved_by"] == 1 and t.view["players"][1]["cubes_left"] == 9


def test_ex09_a_pirate_wharf_card_costs_one_whatever_its_value():
    t = PV(3)
    t.choose("SAIL")
    t.go(type="advance", pirates=True, confirm=True)  # every rightmost shipment is unreserved: all three to the Wharf
    t.go(type="advance", cards=["Wool 2", "Silk 4"])  # the replacement, and a card not named before
    assert t.where()[1:] == ("SAIL_PLACE", 0)  # the pirates took every shipment: nobody unloads
    assert t.view["new_shipments"] == ["Wool 2", "Silk 4", None]  # Ada chooses among three different cards
    t.go(type="advance", card="Silk 4")
    t.go(type="advance", card=None)  # Bea chooses too; then only Wool 2 is left: Cy is not asked
    at = t.log.index("Place new shipments: Cy.")
    assert t.log[at + 1:at + 3] == ["Only one New Shipment card is left.", "Cy places Wool 2 on the leftmost ship."]
    assert t.view["ships"][2][0]["card"] == "Wool 2"
    assert t.view["wharf"] == [None, None, None]
    t.choose("TRADE")  # Bea leads
    for _ in range(3):
        t.go(type="advance")
    t.go(type="advance", action="buy", **{"from": "wharf", "card": "Silk 4"})  # named when bought: still 1 Ducat
    assert t.ducats() == ([10, 9, 10], 111)
    t.go(type="advance", action="buy", **{"from": "wharf"})
    assert t.ducats()[0][2] == 9 and t.view["wharf"] == [None]


def test_ex10_a_tent_next_to_a_statue_with_another_tent_in_its_campo_earns_seven_and_a_favour():
    t = PV(3)
    sponsored(t, {0: biz("tent", "Campo A"), 1: biz("tent", "Campo A"), 2: {"statue": "Campo A"}})
    t.choose("PRODUCE")  # Bea leads
    t.go(type="advance")  # Cy owns no business: passed over
    before = t.ducats()[0][0]
    produced = t.go(type="produce", business=0)
    assert t.ducats()[0][0] == before + 7
    assert t.view["players"][0]["favours"] == 1
    assert "7 to Ada" in produced.log[0]


def test_ex11_a_gondola_maker_earns_from_its_better_campo():
    tiles = [{"type": "gondola_maker", "owner": 0, "campi": ["X", "Y"]}]
    tiles += [{"type": "draper", "owner": 1, "campi": ["X"]} for _ in range(3)]
    tiles += [{"type": "tent", "owner": 2, "campi": ["Y"]} for _ in range(5)]
    assert city.income(tiles[0], tiles, []) == {"base": 5, "statue": 0, "same_type": 0, "total": 5}
    assert city.base_income(tiles[0], tiles, own_only=True) == 0  # the other reading, as a rule option


def test_ex12_pirates_take_unreserved_rightmost_shipments_and_are_replaced():
    t = PV(3)
    t.choose("RESERVE")
    t.go(type="advance")  # Ada reserves nothing
    t.go(type="advance", action="reserve", owner=0, ship=2)  # Bea reserves Ada's rightmost shipment
    t.go(type="advance")
    t.choose("SAIL")  # Bea leads
    t.go(type="advance", cards=["Wool 2", "Pirates!"])
    assert t.view["step"] == "SAIL_PIRATES"
    assert t.view["ships"][0][2]["reserved_by"] == 1  # reserved: it stays
    assert t.view["ships"][2][2] is None and t.view["ships"][1][2] is None  # Bea's and Cy's: to the Wharf
    assert len(t.view["wharf"]) == 2
    t.go(type="advance", cards=["Hemp 2"])  # the replacement card
    assert t.view["new_shipments"] == ["Wool 2", None, "Hemp 2"] or sorted(map(str, t.view["new_shipments"])) == ["Hemp 2", "None", "Wool 2"]
    assert t.view["pirates_in_discard"] == 1
    # Unload, from the lead: Bea's and Cy's were stolen, so they are not asked; Ada's shipment goes to Bea,
    # who sells it.
    assert t.where()[1:] == ("SAIL_UNLOAD", 0) and t.view["acting"] == [1]
    sold = t.go(type="advance", action="sell", card="Iron 3")
    assert t.ducats()[0][1] == 8 + 3 and "Bea sells Iron 3 for 3" in sold.log[0]
    assert t.view["market"][-1] == "Iron 3"
    assert t.where()[1:] == ("SAIL_PLACE", 1)
    assert [s is None for s in (t.view["ships"][p][0] for p in range(3))] == [True, True, True]


def test_ex13_five_players_the_turn_is_finished_after_ten_points():
    t = PV(5)
    t.go(type="counter", name="favours", seat=0, delta=8)
    sponsored(t, {0: biz("tent", "Campo A", cost=5)})  # Ada: 9 points
    t.choose("PRODUCE")  # Bea leads; Ada is the only one with a business, the others are passed over
    assert t.view["active"] == 0
    t.go(type="produce", business=0)  # the Favour: Ada reaches 10 during the Produce action
    assert t.view["players"][0]["points"] == 10
    assert not t.view["over"] and t.view["step"] == "PRODUCE"  # the turn goes on
    t.go(type="advance")
    v = t.view
    assert v["over"] and v["step"] == "GAME_OVER" and "Ada reached 10 points" in v["ended"]


def test_ex13_the_threshold_is_checked_only_when_the_turn_ends():
    t = PV(3)
    t.go(type="counter", name="favours", seat=0, delta=12)  # by hand, mid-turn: 12 points
    t.choose("RESERVE")
    assert not t.view["over"]
    for _ in range(3):
        t.go(type="advance")
    assert t.view["over"]


def test_ex14_the_deal_for_four_players():
    t = PV(4, virtual=True)
    t.go(type="advance")
    raw = t.view["decks"]["raw_goods"]
    assert raw["out"] == 18 and raw["draw"] == 51 and raw["discard"] == 0
    assert len(t.view["market"]) == 2 and all(len(ships) == 3 and all(ships) for ships in t.view["ships"])
    v = t.view
    assert all(goods.good(c) not in goods.STAPLES for c in v["market"])
    assert all(s["card"] != goods.PIRATES for ships in v["ships"] for s in ships)


# --- SPEC 1.10: gaps and defaults -----------------------------------------------------------------


def test_gap01_statue_business_worth_is_a_rule_option():
    for worth, points in ((2, 2), (3, 3)):
        t = PV(3, options={"statue_business_worth": worth})
        sponsored(t, {0: biz("tent", "Campo A"), 1: {"statue": "Campo A"}})
        assert t.view["players"][0]["points"] == points
    refused = engine.new_game(PATRONS, {"players": [{"name": n} for n in NAMES[:3]], "first": 0,
                                        "options": {"statue_business_worth": 4}})
    assert isinstance(refused, Refused) and "statue_business_worth" in refused.reason


def test_gap02_equal_points_and_ducats_share_the_place():
    t = PV(3)
    t.go(type="counter", name="favours", seat=0, delta=3)
    t.go(type="counter", name="favours", seat=2, delta=3)
    assert t.view["standings"] == [["Ada", "Cy"], ["Bea"]]
    t.go(type="counter", name="ducats", seat=2, delta=1)  # from the Bank
    assert t.view["standings"] == [["Cy"], ["Ada"], ["Bea"]]
    assert t.ducats() == ([10, 10, 11], 109)


def test_gap03_the_raw_good_deck_is_real_cards_until_the_table_enters_its_69_cards():
    players = [{"name": n} for n in NAMES[:3]]
    refused = engine.new_game(PATRONS, {"players": players, "first": 0, "deck_modes": {"raw_goods": "virtual"}})
    assert isinstance(refused, Refused) and "until its cards are entered" in refused.reason
    short = dict(DECK, **{"Wool 2": 7})
    refused = engine.new_game(PATRONS, {"players": players, "first": 0, "deck_modes": {"raw_goods": "virtual"},
                                        "compositions": {"raw_goods": short}})
    assert isinstance(refused, Refused) and "69 cards, not 68" in refused.reason
    bad = dict(DECK, **{"Spice 3": 1, "Wool 2": 7})
    refused = engine.new_game(PATRONS, {"players": players, "first": 0, "compositions": {"raw_goods": bad}})
    assert isinstance(refused, Refused) and "Spice 3" in refused.reason
    assert PV(3).view["decks"]["raw_goods"]["mode"] == "mirror"


def test_gap04_a_short_deck_takes_the_discards_into_what_is_left_then_draws():
    t = PV(3, virtual=True)
    t.go(type="advance")  # the deal
    # Reach the end of the deck: two cards left, three discarded.
    state = t.state
    deck = state["decks"]["raw_goods"]
    left, discarded = list(deck["draw"][:2]), list(deck["draw"][2:5])
    t.session = engine.start_session(state.transform(["decks", "raw_goods", "draw"], left,
                                                     ["decks", "raw_goods", "discard"], discarded))
    t.go(type="advance", action="SAIL")
    needed = t.do(type="advance")
    assert isinstance(needed, Refused) and sorted(needed.needs.cards) == sorted(left + discarded)
    t.go(type="advance", order=discarded + left)  # shuffled together, then drawn from the top
    raw = t.view["decks"]["raw_goods"]
    assert t.view["new_shipments"] == discarded and raw["draw"] == 2 and raw["discard"] == 0
    assert RAW_DECK.when_short == SHUFFLE_INTO_REMAINING


def test_a_sail_with_fewer_goods_left_than_players_places_what_there_is():
    t = PV(3, virtual=True)
    t.go(type="advance")
    state = t.state
    t.session = engine.start_session(state.transform(["decks", "raw_goods", "draw"], list(state["decks"]["raw_goods"]["draw"][:1]),
                                                     ["decks", "raw_goods", "discard"], []))
    t.go(type="advance", action="SAIL")
    t.go(type="advance")
    assert len(t.view["new_shipments"]) == 1 and "Only 1 Raw Good card is left to draw." in t.log
    while t.view["step"] != "CHOOSE_ACTION":
        t.go(type="advance")
    assert [ships[0] is not None for ships in t.view["ships"]] == [True, False, False]


def test_gap05_a_pirates_drawn_as_a_replacement_raids_nothing_more():
    order = ["Pirates!", "Pirates!", "Wool 2"]
    t = PV(3)
    t.choose("SAIL")
    t.go(type="advance", cards=order)
    wharf = list(t.view["wharf"])
    t.go(type="draw", deck="raw_goods", cards=["Pirates!"])  # the replacement is a Pirates! too
    t.go(type="advance", cards=["Hemp 2"])
    assert t.view["wharf"] == wharf
    assert t.view["pirates_in_discard"] == 3
    assert sorted(map(str, t.view["new_shipments"])) == ["Hemp 2", "None", "Wool 2"]


def test_gap06_all_four_pirates_in_the_discard_pile_send_it_back_into_the_deck_at_once():
    t = PV(3)
    t.choose("SAIL")
    t.go(type="advance", cards=["Pirates!", "Pirates!", "Pirates!"])
    t.go(type="draw", deck="raw_goods", cards=["Pirates!"])
    step = t.go(type="advance", cards=["Wool 2", "Hemp 2", "Silk 4"])
    assert t.view["pirates_in_discard"] == 0
    assert any("shuffle the draw and discard piles together" in line for line in step.log)


def test_gap06_virtual_deck_reshuffles_when_the_fourth_pirates_is_discarded():
    # Stack the deck: the deal takes 14 goods, the Sail draws three Pirates! and the first
    # replacement is the fourth.
    pool = [c for c, k in DECK.items() if c != goods.PIRATES for _ in range(k)]
    deal = [c for c in pool if goods.good(c) not in goods.STAPLES][:14]
    rest = list(pool)
    for c in deal:
        rest.remove(c)
    t = PV(3, virtual=True, orders=[deal + [goods.PIRATES] * 4 + rest])
    t.go(type="advance")
    t.go(type="advance", action="SAIL")
    t.go(type="advance")  # the companion draws
    assert t.view["new_shipments"] == [goods.PIRATES] * 3 and t.view["step"] == "SAIL_PIRATES"
    step = t.go(type="advance")
    raw = t.view["decks"]["raw_goods"]
    assert t.view["pirates_in_discard"] == 0 and raw["discard"] == 0
    assert len(t.view["new_shipments"]) == 3 and goods.PIRATES not in t.view["new_shipments"]
    assert any("shuffled" in line for line in step.log)
    undo = t.do(type="undo")
    assert isinstance(undo, Refused) and undo.needs_confirm  # the draw showed cards


def test_gap07_unload_and_produce_go_from_the_lead_clockwise():
    t = PV(4, first=2)
    t.choose("TRADE")
    seen = []
    while t.view["step"] == "TRADE_SELL":
        seen.append(t.view["active"])
        t.go(type="advance")
    assert seen == [2, 3, 0, 1]
    while t.view["step"] == "TRADE_BUY":
        t.go(type="advance")
    t.choose("SAIL")  # Dan leads
    t.go(type="advance")
    seen = []
    while t.view["step"] == "SAIL_UNLOAD":
        seen.append(t.view["active"])
        t.go(type="advance")
    assert seen == [3, 0, 1, 2]


def test_gap08_buying_ends_after_a_full_round_of_passes_and_a_passer_may_buy_again():
    t = PV(3)
    t.choose("TRADE")
    for _ in range(3):
        t.go(type="advance")
    assert t.where()[1:] == ("TRADE_BUY", 0)
    t.go(type="advance")  # Ada passes
    t.go(type="advance")  # Bea passes
    t.go(type="advance", action="buy", **{"from": "market", "card": "Wool 2"})  # Cy buys a Market card the players name
    assert t.ducats()[0][2] == 8 and t.view["market"] == [None]
    t.go(type="advance", action="buy", **{"from": "market", "card": "Iron 3"})  # Ada passed before and buys now
    # Nothing is left to buy: Bea, Cy and Ada are not asked, each passes by itself, and the full round of passes
    # ends the buying.
    assert t.view["market"] == [] and t.view["wharf"] == [] and t.view["step"] == "CHOOSE_ACTION"
    assert t.log.count("Nothing is left at the Market or the Pirate Wharf.") == 3
    assert [line for line in t.log if line.endswith(" passes.")][-3:] == ["Bea passes.", "Cy passes.", "Ada passes."]


def test_gap10_manufactured_goods_sell_at_their_printed_value_unless_the_option_says_no():
    t = PV(3)
    t.choose("TRADE")
    t.go(type="sell", card="Cloth 4")
    assert t.ducats()[0][0] == 14 and t.view["market"][-1] == "Cloth 4"
    refused = t.do(type="sell", card="Cloth 3")  # one value for every Cloth card of the game, kept
    assert isinstance(refused, Refused) and refused.reason == "card: the Cloth cards are worth 4 in this game (as the table said), not 3"
    t = PV(3, options={"sell_manufactured": False})
    t.choose("TRADE")
    assert isinstance(t.do(type="sell", card="Cloth 4"), Refused)
    t.go(type="sell", card="Grain 1")  # a staple goes to the discard pile, not the Market
    assert t.view["market"] == [None, None] and t.view["decks"]["raw_goods"]["discard"] == 1


def test_gap11_favours_keep_counting_past_the_pile_unless_the_option_limits_them():
    for limited in (False, True):
        t = PV(3, options={"favours_limited": limited})
        for seat in range(3):
            t.go(type="counter", name="favours", seat=seat, delta=6)  # 18 given out, nobody at 12 points
        sponsored(t, {0: biz("tent", "Campo A")})
        t.choose("PRODUCE")  # Bea leads; Bea and Cy own nothing: passed over
        out = t.do(type="produce", business=0)
        assert isinstance(out, Refused) == limited


def test_gap13_setup_replaces_forbidden_cards_again_and_shuffles_them_back_after_the_deal():
    goods_only = [card for card, k in DECK.items() for _ in range(k)]
    order = ["Grain 1", "Pirates!", "Wool 2", "Hemp 2", "Wine 2", "Silk 4", "Iron 3", "Lumber 2"]
    rest = list(goods_only)
    for c in order:
        rest.remove(c)
    t = PV(3, virtual=True, orders=[order + rest])
    step = t.go(type="advance")
    # Grain and Pirates! are set aside before Ada's hand card, Wine before Cy's.
    hands = [t.session.state["data"]["hands"][s][0] for s in range(3)]
    assert hands == ["Wool 2", "Hemp 2", "Silk 4"] and t.view["market"] == ["Iron 3", "Lumber 2"]
    assert any("replaced cards (Grain 1, Pirates!, Wine 2) shuffled back in" in line for line in step.log)
    assert t.view["decks"]["raw_goods"]["draw"] == 55
    assert not any(h in line for line in t.log for h in hands[:2])  # hands stay secret in the log


# --- SPEC 1.7: the state machine ------------------------------------------------------------------


def test_setup_done_then_turn_one_led_by_the_second_youngest():
    setup = {"players": [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 11}, {"name": "Cy", "age": 14}]}
    t = Table(PATRONS, setup)
    v = table_view(PATRONS, t.session)
    assert (v["turn"], v["step"], v["lead"], v["active"]) == (0, "SETUP_DONE", 2, None)
    t.ok(type="advance")
    v = table_view(PATRONS, t.session)
    assert (v["turn"], v["step"], v["lead"], v["active"]) == (1, "CHOOSE_ACTION", 2, 2)


def test_twins_or_missing_ages_ask_for_a_direct_choice():
    players = [{"name": "Ada", "age": 40}, {"name": "Bea", "age": 11}, {"name": "Cy", "age": 11}]
    refused = engine.new_game(PATRONS, {"players": players})
    assert isinstance(refused, Refused) and "2 players are 11: choose the first player" in refused.reason
    refused = engine.new_game(PATRONS, {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]})
    assert isinstance(refused, Refused) and "age" in refused.reason
    assert not isinstance(engine.new_game(PATRONS, {"players": players, "first": 1}), Refused)


def test_the_lead_must_name_an_action():
    t = PV(3)
    t.go(type="advance")
    refused = t.do(type="advance")
    assert isinstance(refused, Refused) and "RESERVE, SAIL, TRADE, SPONSOR or PRODUCE" in refused.reason
    assert isinstance(t.do(type="advance", action="DANCE"), Refused)
    assert isinstance(t.do(type="advance", action="SAIL", seat=1), Refused)  # not Bea's choice
    t.go(type="advance", action="SAIL")
    assert t.view["action"] == "SAIL"


@pytest.mark.parametrize("action,steps", [
    ("RESERVE", ["RESERVE"] * 3),
    ("SAIL", ["SAIL_DRAW"] + ["SAIL_UNLOAD"] * 3),  # nobody named the new cards: each is placed by itself
    ("TRADE", ["TRADE_SELL"] * 3 + ["TRADE_BUY"] * 3),
    ("SPONSOR", ["SPONSOR"] * 3),
    ("PRODUCE", []),  # nobody owns a business: everyone is passed over, and the action with them
])
def test_every_action_runs_its_steps_in_order_from_the_lead_then_the_lead_moves_on(action, steps):
    t = PV(3, first=1)
    t.choose(action)
    seen = []
    while t.view["turn"] == 1:
        seen.append((t.view["step"], t.view["active"]))
        t.go(type="advance")
    actors = {None} if action == "SAIL" else set()
    assert [s for s, _ in seen] == steps
    each = [a for s, a in seen if s not in ("SAIL_DRAW",)]
    assert each == [1, 2, 0] * (len(each) // 3)
    assert actors <= {a for _, a in seen}
    assert t.where() == (2, "CHOOSE_ACTION", 2) and t.view["lead"] == 2


def test_a_sail_with_pirates_passes_through_the_pirates_step():
    t = PV(3)
    t.choose("SAIL")
    t.go(type="advance", pirates=1)
    assert t.where() == (1, "SAIL_PIRATES", None)
    t.go(type="advance")
    # Every rightmost shipment was unreserved: the pirates took them all, nobody unloads; and nobody named the new
    # cards, so nobody is asked which one he places: the turn ends.
    assert t.where() == (2, "CHOOSE_ACTION", 1)
    assert t.log[-11:-2] == ["Place new shipments: Ada.", "Nobody named the New Shipment cards left: the box cannot tell them apart.",
                            "Ada places a new shipment on the leftmost ship.", "Place new shipments: Bea.",
                            "Nobody named the New Shipment cards left: the box cannot tell them apart.",
                            "Bea places a new shipment on the leftmost ship.", "Place new shipments: Cy.",
                            "Only one New Shipment card is left.", "Cy places a new shipment on the leftmost ship."]


def test_sponsoring_is_a_business_or_a_statue_never_both_and_needs_the_goods_shown():
    t = PV(3)
    t.choose("SPONSOR")
    unshown = t.do(type="advance", action="sponsor", business="draper", campi=["Campo A"], cost=3)
    assert isinstance(unshown, Refused) and "show a Wool card" in unshown.reason
    t.go(type="advance", action="sponsor", business="draper", campi=["Campo A"], cost=3, shown=True)
    assert t.where()[1:] == ("SPONSOR", 1)  # sponsoring ends Ada's part
    assert isinstance(t.do(type="advance", action="sponsor", statue="Campo B", seat=0), Refused)
    t.go(type="advance", action="sponsor", statue="Campo A")
    taken = t.do(type="advance", action="sponsor", statue="campo a")
    assert isinstance(taken, Refused) and "vacant campo" in taken.reason
    t.go(type="advance")
    sponsored(t, {0: {"business": "draper", "campi": ["Campo B"], "cost": 3}})  # owns one: nothing to show
    assert [b["owner"] for b in t.view["businesses"]] == [0, 0]
    assert t.view["players"][0]["points"] == 3  # one Draper by a statue (2) + one not (1)


def test_ten_cubes_each_for_businesses_and_reservations():
    t = PV(3)
    t.go(type="counter", name="ducats", seat=0, delta=90)
    for k in range(10):
        sponsored(t, {0: biz("draper" if k < 5 else "canvaser", f"Campo {LETTERS[k]}")})
    assert t.view["players"][0]["cubes_left"] == 0
    t.choose("RESERVE")
    while t.view["active"] != 0:
        t.go(type="advance")
    refused = t.do(type="advance", action="reserve", owner=0, ship=0)
    assert isinstance(refused, Refused) and "no cube left" in refused.reason


def test_the_bank_is_changed_only_through_the_players():
    t = PV(3)
    # The corrections offered set a player's Ducats right (the Bank balances them), never the Bank itself.
    refused = match(t.offered, {"type": "counter", "name": "bank", "delta": 5})
    assert isinstance(refused, Refused) and "not one of the choices" in refused.reason
    assert isinstance(t.do(type="roll", spec="1d6"), Refused)


def test_the_bank_never_goes_below_0_a_good_produced_is_paid_what_it_holds_and_no_card_is_sold_it_cannot_pay():
    """The game's 140 Ducats are the Bank's and the purses': the Bank pays out what it holds, never more."""
    from dataclasses import replace

    t = PV(3)
    sponsored(t, {0: biz("tent", "Campo A", cost=4)})
    t.session = replace(t.session, state=t.session.state.transform(["counters", "table", "bank"], lambda _: 2))
    t.choose("PRODUCE")  # Bea leads; Ada produces third
    while t.view["active"] != 0:
        t.go(type="advance")
    t.go(type="produce", business=0)
    assert t.ducats() == ([6 + 2, 10, 10], 0)
    assert "Ada produces Tent at the Tent by Campo A: 2 to Ada (it earns 5, but the Bank has only 2 left)." in t.log
    while t.view["step"] == "PRODUCE":
        t.go(type="advance")
    t.choose("TRADE")  # Cy leads: with an empty Bank nobody can sell, so the Sell step passes to the Buy
    assert t.view["step"] == "TRADE_BUY"
    refused = t.do(type="sell", card="Wool 3")
    assert isinstance(refused, Refused)


def test_the_bank_is_never_set_by_hand_and_a_purse_set_right_takes_only_what_the_bank_holds():
    """The game's 140 Ducats are kept whatever the table enters: a purse set right by hand takes from the Bank (or
    gives to it), never more than it holds, and the Bank itself is not set by hand."""
    t = PV(3)
    t.go(type="advance")
    refused = t.do(type="counter", name="bank", value=500)
    assert isinstance(refused, Refused) and refused.reason == "Bank is not set by hand now: the game keeps it"
    t.go(type="counter", name="ducats", seat=1, delta=100)
    assert t.ducats() == ([10, 110, 10], 10)
    (ada,) = [o for o in t.offered if o.action == {"type": "counter", "name": "ducats", "seat": 0}]
    assert ada.fields["delta"]["maximum"] == 10 and ada.fields["delta"]["minimum"] == -10
    assert isinstance(t.do(type="counter", name="ducats", seat=0, delta=11), Refused)
    players, bank = t.ducats()
    assert sum(players) + bank == 140


def test_the_score_sheet_holds_what_the_table_knows():
    t = PV(3, options={"statue_business_worth": 3})
    sponsored(t, {0: biz("tent", "Campo A"), 1: {"statue": "Campo A"}, 2: biz("draper", "Campo B", cost=2)})
    sheet = PATRONS.score_sheet(t.state)
    assert sheet["players"][0] == {"name": "Ada", "businesses": [["tent", True]], "favour_cards": 0, "ducats": 9}
    assert sheet["players"][2]["businesses"] == [["draper", False]] and sheet["players"][2]["ducats"] == 8
    assert sheet["options"] == {"statue_business_worth": 3}


def test_birth_years_do_as_well_as_ages():
    players = [{"name": "Ada", "birth_year": 1980}, {"name": "Bea", "birth_year": 2015}, {"name": "Cy", "birth_year": 2011}]
    t = Table(PATRONS, {"players": players})
    assert table_view(PATRONS, t.session)["lead"] == 2  # Cy, born 2011, after Bea (2015)
    twins = [dict(p, birth_year=2011) if p["name"] == "Bea" else p for p in players]
    refused = engine.new_game(PATRONS, {"players": twins})
    assert isinstance(refused, Refused) and "born in the same year" in refused.reason
    bad = engine.new_game(PATRONS, {"players": [dict(players[0], birth_year="1980"), *players[1:]]})
    assert isinstance(bad, Refused) and "players[0].birth_year" in bad.reason


@pytest.mark.parametrize("choice", [
    {"type": "advance", "action": "reserve", "owner": 0, "ship": 2},
    {"type": "advance", "action": "sponsor", "statue": "Campo X"},
    {"type": "advance", "action": "buy", "from": "wharf"},
    {"type": "sell", "card": "Wool 2"},
])
def test_a_choice_is_made_only_in_its_own_step(choice):
    t = PV(3)
    sponsored(t, {0: biz("draper", "Campo A", cost=2)})
    t.choose("PRODUCE")  # Bea leads; only Ada has a business to produce at
    refused = t.do(**choice)
    assert isinstance(refused, Refused) and "cannot be done now (Produce goods)" in refused.reason
    assert t.ducats() == ([8, 10, 10], 112) and t.view["statues"] == []


# --- a virtual hand is the rulebook's hand: what it holds is what is sold, shown and consumed ----------


def _hand(t, seat, *cards):
    """Put `cards` in `seat`'s virtual hand (as if dealt, bought or unloaded there)."""
    from dataclasses import replace

    state = t.session.state
    deck = state["decks"]["raw_goods"]
    if deck["mode"] == "virtual":  # a Raw Good card in a hand has been drawn: from the draw pile, then out
        draw, out = list(deck["draw"]), list(deck["out"])
        for card in cards:
            if goods.good(card) in goods.RAW_GOODS and card not in out:
                draw.remove(card)
                out.append(card)
        state = state.transform(["decks", "raw_goods", "draw"], lambda _: draw, ["decks", "raw_goods", "out"], lambda _: out)
    t.session = replace(t.session, state=state.transform(["data", "hands", seat], lambda _: list(cards)))


def test_a_virtual_hand_sells_only_what_it_holds_one_tap_per_card():
    t = PV(3, virtual=True)
    t.choose("TRADE")  # Ada leads the Sell step
    _hand(t, 0, "Wool 2", "Silk 4")
    assert [o["label"] for o in t.plays] == ["Sell Wool 2 for 2 Ducats", "Sell Silk 4 for 4 Ducats"]
    from companion.core.offer import offer

    # With her phone at the table her seat is hers: the table page and the box offer nothing of hers, and the host
    # may do only Done selling for her (asking first), never a sale from her hand.
    assert [o.label for o in offer(t.game, t.session).table(frozenset({0})) if o.group != "Corrections"] == []
    assert [o.label for _, o in offer(t.game, t.session).held(frozenset({0}))] == ["Done selling"]
    assert "Sell Wool 2 for 2 Ducats" in [o.label for o in offer(t.game, t.session).table()]  # no phone: the table acts for her
    for card in ("Iron 3", "Grain 1"):  # no such card in her hand (another player's, or none at all)
        refused = t.do(type="sell", card=card)
        assert isinstance(refused, Refused) and f"Ada holds no {card}" in refused.reason
    refused = t.do(type="sell", card="Silk 6")  # no card of this table's deck
    assert isinstance(refused, Refused) and refused.reason == "card: this game's Raw Good deck has no Silk 6"
    t.go(type="sell", card="Silk 4")
    assert t.state["data"]["hands"][0] == ["Wool 2"] and t.ducats()[0][0] == 14


def test_a_virtual_hand_shows_the_goods_a_business_needs():
    t = PV(3, virtual=True)
    t.choose("SPONSOR")
    _hand(t, 0, "Iron 3")
    offered = {o["action"].get("business"): o for o in t.plays}
    assert not {"draper", "canvaser", "tent", "armour"} & set(offered)  # the hand shows none (armour: the recipe entered)
    refused = t.do(type="advance", action="sponsor", business="draper", campi=["Campo A"], cost=3, shown=True)
    assert isinstance(refused, Refused) and refused.reason == "Ada owns no Draper and cannot show a Wool card (in hand: Iron 3)"
    _hand(t, 0, "Wool 2")
    draper = next(o for o in t.plays if o["action"].get("business") == "draper")
    assert draper["label"] == "A Draper" and not draper["confirm"]  # the hand shows it: nothing to confirm
    t.go(type="advance", action="sponsor", business="draper", campi=["Campo A"], cost=3)
    assert t.state["data"]["hands"][0] == ["Wool 2"]  # shown, not spent
    t.go(type="advance")
    _hand(t, 2, "Lumber 2")
    refused = t.do(type="advance", action="sponsor", business="tent", campi=["Campo B"], cost=4)
    assert isinstance(refused, Refused) and "2 of Lumber, Silk, Canvas" in refused.reason
    _hand(t, 2, "Lumber 2", "Canvas")
    t.go(type="advance", action="sponsor", business="tent", campi=["Campo B"], cost=4)


def test_a_virtual_hand_is_consumed_by_production_and_takes_the_product():
    t = PV(3, virtual=True)
    t.go(type="advance")  # the deal
    _hand(t, 0, "Hemp 2")
    _hand(t, 1, "Lumber 2", "Silk 4")
    sponsored(t, {0: biz("canvaser", "Campo A", cost=3), 1: biz("tent", "Campo B", cost=4)})
    _hand(t, 1, "Lumber 2", "Silk 4")  # no Canvas: no Tent
    _hand(t, 0, "Wool 2", "Hemp 2", "Hemp 2")
    t.choose("PRODUCE")  # Bea leads: she can make nothing, Cy owns nothing; both are passed over
    assert t.view["active"] == 0
    discards = t.view["decks"]["raw_goods"]["discard"]
    t.go(type="produce", business=0)
    assert t.state["data"]["hands"][0] == ["Wool 2", "Hemp 2", "Canvas"]  # one Hemp used, the Canvas taken
    assert t.view["decks"]["raw_goods"]["discard"] == discards + 1  # the Hemp to the discard pile
    assert any("Ada uses Hemp 2." == line for line in t.log)


def _ada_produces_at(t, business, *shown, hand=()):
    """After the deal, Ada sponsors `business` showing the cards `shown` from her virtual hand, then (holding
    `hand`, else those) chooses the Produce action; the others have nothing to make and are passed over."""
    t.go(type="advance")  # the deal
    _hand(t, 0, *shown)
    sponsored(t, {0: business})
    _hand(t, 0, *(hand or shown))
    t.choose("PRODUCE")
    assert t.view["active"] == 0


def test_a_tent_uses_a_canvas_which_goes_back_to_its_pile_not_to_the_discard():
    t = PV(3, virtual=True)
    _ada_produces_at(t, biz("tent", "Campo A", cost=4), "Lumber 2", "Canvas", hand=("Lumber 2", "Silk 4", "Canvas", "Wool 2"))
    discards = t.view["decks"]["raw_goods"]["discard"]
    t.go(type="produce", business=0)
    assert t.state["data"]["hands"][0] == ["Wool 2"]
    assert t.view["decks"]["raw_goods"]["discard"] == discards + 2  # Lumber and Silk; the Canvas to its pile
    assert t.view["players"][0]["favours"] == 1


def test_with_real_cards_the_tables_word_stands():
    t = PV(3)
    t.choose("TRADE")
    t.go(type="sell", card="Silk 6")  # the companion does not hold real hands
    assert t.ducats()[0][0] == 16


def test_campi_are_picked_from_the_board_the_rulebooks_two_and_those_the_table_named_spelt_as_first_named():
    """[R] "These are Campi (e.g. Campo Dei Frari, Campo San Polo …)": the others are not in the text, so the table
    names each once (letters only, each once, at most 12) and then picks it."""
    t = PV(3)
    t.choose("SPONSOR")
    (statue,) = [o for o in t.plays if "statue" in o["fields"]]
    assert statue["fields"]["statue"] == {"title": "campo", "enum": ["Campo Dei Frari", "Campo San Polo"]}
    (name_it,) = [o for o in t.plays if o["action"] == {"type": "campo"}]
    for typed, why in (("Zzz 99", "in letters"), ("campo  san polo", "Campo San Polo is on the list already")):
        refused = t.do(type="campo", name=typed)
        assert isinstance(refused, Refused) and why in refused.reason
    t.go(type="campo", name="Campo  Santo Stefano")
    assert "Ada names Campo Santo Stefano, a campo of the board: the box keeps it for the next game." in t.log
    (statue,) = [o for o in t.plays if "statue" in o["fields"]]
    assert statue["fields"]["statue"]["enum"] == ["Campo Dei Frari", "Campo San Polo", "Campo Santo Stefano"]
    t.go(type="advance", action="sponsor", statue="campo  san polo")  # another spelling: the same campo
    assert t.view["statues"] == ["Campo San Polo"]
    t.go(type="advance", action="sponsor", **biz("draper", "CAMPO DEI FRARI"))
    assert t.view["businesses"][-1]["campi"] == ["Campo Dei Frari"]
    t.go(type="advance")
    t.choose("SPONSOR")
    (statue,) = [o for o in t.plays if "statue" in o["fields"]]
    assert statue["fields"]["statue"]["enum"] == ["Campo Dei Frari", "Campo Santo Stefano"]  # only the vacant ones
    assert PATRONS.learned(t.state)["campi"] == ["Campo Santo Stefano"]


def test_the_boards_campi_entered_at_setup_are_picked_and_a_name_no_campo_has_is_refused():
    assert PATRONS.check_setup({"campi": ["Campo Santo Stefano", "Zzz 99"]}).reason.startswith("campi: a campo's name")
    assert PATRONS.check_setup({"campi": ["Campo San Luca", "campo san luca"]}).reason == "campi: Campo San Luca is on the list already"
    t = PV(3, campi=["Campo San Luca"])
    t.choose("SPONSOR")
    (statue,) = [o for o in t.plays if "statue" in o["fields"]]
    assert statue["fields"]["statue"]["enum"] == ["Campo Dei Frari", "Campo San Polo", "Campo San Luca"]


def test_only_what_a_player_can_pay_for_is_offered():
    t = PV(3)
    t.choose("TRADE")
    while t.view["step"] == "TRADE_SELL":
        t.go(type="advance")  # nobody sells: the Buy step, Ada first
    assert t.where()[1:] == ("TRADE_BUY", 0)
    state = t.session.state
    from dataclasses import replace

    t.session = replace(t.session, state=state.transform(["data", "market"], lambda _: ["Wool 3", "Silk 6"],
                                                          ["counters", "players", 0, "ducats"], lambda _: 4))
    assert [o["label"] for o in t.plays if o["action"].get("action") == "buy"] == ["Buy Wool 3 for 3 Ducats"]
    t.go(type="advance")  # Ada passes
    t.session = replace(t.session, state=t.session.state.transform(["counters", "players", 1, "ducats"], lambda _: 0))
    assert [o for o in t.plays if o["action"].get("action") == "buy"] == []  # Bea has nothing to pay with


def test_the_cost_to_sponsor_a_business_is_printed_on_the_business_tile_whatever_the_sponsor_holds():
    """[R] "he pays the cost to start the business to the Bank": the cost printed, bounded by the costs a tile may
    have, never by the buyer's Ducats. Cy, with 2, prices the Tent at 4: the box keeps 4 and tells him why he
    cannot sponsor it; he may still sponsor nothing (or something he can pay)."""
    t = PV(3, first=2)
    t.go(type="advance")
    for seat in (0, 1, 2):
        t.go(type="counter", name="ducats", seat=seat, delta=-8 if seat == 2 else 0) if seat == 2 else None
    t.go(type="advance", action="SPONSOR")
    tent = next(o for o in t.plays if o["action"].get("business") == "tent")
    assert tent["fields"]["cost"] == {"type": "integer", "title": "cost printed on the tile", "minimum": 1, "maximum": 20}
    t.go(**tent["action"], cost=4, campi=["Campo San Polo"], confirm=True)
    assert t.log[-2:] == ["Cy has 2 Ducats: a Tent costs 4, so Cy cannot sponsor it.",
                          "The Tent tiles cost 4: the box keeps it for the next ones."]
    assert t.view["active"] == 2 and t.view["businesses"] == [] and t.ducats() == ([10, 10, 2], 118)
    assert not any(o["action"].get("business") == "tent" for o in t.plays)  # 4 is more than he holds
    t.go(type="advance")  # Cy sponsors nothing; Ada pays the printed 4
    again = next(o for o in t.plays if o["action"].get("business") == "tent")
    assert again["label"].startswith("A Tent for 4") and again["action"]["cost"] == 4
    t.go(**again["action"], campi=["Campo San Polo"], confirm=True)
    assert t.ducats() == ([6, 10, 2], 122) and t.view["active"] == 1


def test_the_unload_is_decided_by_the_player_whose_cube_is_on_the_shipment():
    from companion.core.offer import offer

    t = PV(3, virtual=True)
    t.choose("RESERVE")  # Ada leads
    t.go(type="advance", action="reserve", owner=1, ship=2)  # Ada's cube on Bea's rightmost shipment
    while t.view["step"] == "RESERVE":
        t.go(type="advance")
    t.choose("SAIL")  # Bea leads
    while t.view["step"] != "SAIL_UNLOAD":
        t.go(type="advance")
    assert t.view["active"] == 1  # Bea's ship unloads first...
    offered = offer(t.game, t.session)
    assert offered.waiting_for == (0,)  # ...and Ada decides: the big line and her phone
    ada = [o.label for o in offered.for_seat(0)]
    assert any(label.startswith("Take Bea's") for label in ada) and any(label.startswith("Sell Bea's") for label in ada)
    assert not [o for o in offered.for_seat(1) if o.group == "Play"]  # Bea's phone has nothing to decide here
    refused = match(offered.for_seat(1), {"type": "advance", "action": "sell"})
    assert isinstance(refused, Refused) and refused.reason == "there is nothing to do here now"
    card = t.state["data"]["ships"][1][2]["card"]
    t.go(type="advance", action="take")
    assert card in t.state["data"]["hands"][0] and t.where()[1:] != ("SAIL_UNLOAD", 1)


def test_next_on_a_phone_is_done_when_pressed():
    """What a phone's NEXT sends is accepted: it is on the phone of the player whose turn it is, and not
    while the table waits for another player's choice (the Unload of a reserved shipment)."""
    from companion.core.offer import offer

    t = PV(3)
    t.choose("RESERVE")
    for seat in range(3):
        (nxt,) = [o for o in offer(t.game, t.session).for_seat(t.view["active"]) if o.button == "NEXT"]
        t.go(**nxt.action, seat=t.view["active"], phone_seat=t.view["active"])  # each passes from his own phone
    t.choose("SAIL")
    while t.view["step"] != "SAIL_UNLOAD":
        t.go(type="advance")
    owner = t.view["active"]  # nobody reserved: each owner decides about his own shipment
    (nxt,) = [(o, s) for s in range(3) for o in offer(t.game, t.session).for_seat(s) if o.button == "NEXT"]
    assert nxt[1] == owner
    t.go(**nxt[0].action, seat=owner, phone_seat=owner)
    assert t.view["active"] != owner


def test_a_journal_written_before_the_game_moved_onto_steps_replays():
    """Inputs as an earlier version journaled them (a choice of its own type, a phone's seat on the Unload, a
    pass that said so, one campo and a second), replayed from a journal of version 0 of the rules (before the
    journal kept the version), give the same table today."""
    t = PV(3, rules=0)
    t.go(type="advance")
    t.go(type="advance", action="reserve")  # lower case, as the buttons once sent it
    t.go(type="reserve", owner=1, ship=2, seat=0)  # Ada's cube on Bea's rightmost shipment
    t.go(type="advance")
    t.go(type="advance")
    t.go(type="advance", action="sail")  # Bea leads
    t.go(type="advance")  # no Pirates!
    assert t.where()[1:] == ("SAIL_UNLOAD", 1) and t.view["acting"] == [0]
    t.go(type="sell", card="Wool 3", seat=0, phone_seat=0)  # Ada, on her phone, sells Bea's shipment
    t.go(type="take", seat=2, phone_seat=2)
    t.go(type="advance")
    assert t.ducats()[0] == [10 - 2 + 3, 10 + 2, 10]
    while t.view["step"] == "SAIL_PLACE":
        t.go(type="advance")
    t.go(type="advance", action="sponsor")  # Cy leads
    t.go(type="sponsor", business="draper", campo="Campo A", second_campo="Campo B", cost=2, shown=True)
    assert t.view["businesses"][-1]["campi"] == ["Campo A", "Campo B"]
    while t.view["step"] == "SPONSOR":
        t.go(type="advance")
    t.go(type="advance", action="TRADE")  # Ada leads
    while t.view["step"] == "TRADE_SELL":
        t.go(type="advance")
    t.go(type="advance", passed=True)
    assert t.where()[1:] == ("TRADE_BUY", 1) and "Ada passes." in t.log


def test_ducats_are_set_right_in_the_corrections_and_the_bank_balances_them():
    t = PV(3)
    fix = next(o for o in t.offered if o.action == {"type": "counter", "name": "ducats", "seat": 0})
    assert fix.label == "Set Ada's Ducats right (now 10)" and (fix.fields["delta"]["minimum"], fix.fields["delta"]["maximum"]) == (-10, 50)
    t.go(**fix.action, delta=5)
    assert t.ducats() == ([15, 10, 10], 105)



def test_the_player_must_have_in_his_hand_the_good_cards_required_and_raw_good_cards_consumed_are_discarded():
    """[R] "The player must have in his hand the Good Cards required … Raw Good Cards consumed are discarded":
    with the recipes the table entered, a luxury made from a virtual hand takes its cards from it."""
    t = PV(3, virtual=True, recipes=RECIPES)
    _ada_produces_at(t, biz("gondola_maker", "Campo A", cost=5), "Lumber 2", "Iron 3", "Canvas")
    _hand(t, 0, "Lumber 2", "Canvas")  # no Iron: no Gondola
    assert not any(o["action"].get("type") == "produce" for o in t.plays)
    refused = t.do(type="produce", business=0)
    assert isinstance(refused, Refused) and "needs Lumber + Canvas + Iron in hand" in refused.reason
    _hand(t, 0, "Lumber 2", "Canvas", "Iron 3", "Wool 2")
    discards = t.view["decks"]["raw_goods"]["discard"]
    t.go(type="produce", business=0)
    assert t.state["data"]["hands"][0] == ["Wool 2"]  # the Gondola's three cards are gone
    assert t.view["decks"]["raw_goods"]["discard"] == discards + 2  # Lumber and Iron; the Canvas to its pile
    assert t.view["players"][0]["favours"] == 1


def test_the_player_picks_which_of_his_cards_make_a_luxury():
    t = PV(3, virtual=True, recipes=RECIPES, deck={**DECK, "Iron 3": 4, "Iron 1": 2, "Iron 4": 2})
    _ada_produces_at(t, biz("armour", "Campo A", cost=5), "Iron 3", "Wool 2", hand=("Iron 1", "Iron 3", "Iron 4", "Wool 2"))
    make = next(o for o in t.plays if o["action"] == {"type": "produce", "business": 0})
    cards = make["fields"]["cards"]  # the sets his hand gives, each a whole recipe, the cheapest first
    assert cards["enum"] == [["Iron 1", "Iron 3", "Wool 2"], ["Iron 1", "Iron 4", "Wool 2"], ["Iron 3", "Iron 4", "Wool 2"]]
    assert cards["enumNames"][0] == "Iron 1 + Iron 3 + Wool 2" and cards["default"] == ["Iron 1", "Iron 3", "Wool 2"]
    refused = t.do(type="produce", business=0, cards=["Iron 1", "Iron 3", "Iron 4"])  # three Irons: no set of his
    assert isinstance(refused, Refused) and refused.reason == "cards: Iron + Iron + Wool, one card for each"
    t.go(type="produce", business=0, cards=["Iron 3", "Iron 4", "Wool 2"])
    assert t.state["data"]["hands"][0] == ["Iron 1"]


def test_a_new_virtual_game_asks_for_the_recipes_once_and_the_box_keeps_them(make_runtime):
    """SPEC's default where the text is silent: the table enters what the player board prints, once."""
    rt = make_runtime()
    setup = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy")], "first": 0,
             "deck_modes": {"raw_goods": "virtual"}, "compositions": {"raw_goods": DECK}}
    refused = rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup})
    assert not refused.accepted and refused.reason == (
        "a virtual deck needs the goods each luxury uses, as printed on the player board: enter those of the Wagon, "
        "the Armour, the Clothing and the Gondola under “Luxury recipes” (3 goods each)")
    bad = rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": {**setup, "recipes": {"armour": ["Iron"]}}})
    assert not bad.accepted and bad.reason.startswith("recipes: the Armour uses 3 goods")
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": {**setup, "recipes": RECIPES}}).accepted
    again = rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup})  # the next game: kept
    assert again.accepted
    assert rt.kept_setup("patrons_of_venice") == {"recipes": RECIPES}
    # After a restart too: the box's journal keeps them.
    rt.stop()
    rt.journal.close()
    assert make_runtime(rt.journal.path).kept_setup("patrons_of_venice") == {"recipes": RECIPES}


def test_a_business_for_0_or_for_a_second_cost_replays_only_as_a_game_of_version_0():
    """An earlier version took a business for 0 (and up to 50), and a type for another cost than before: its
    journals replay as they were (companion.upgrades, that version's cost check); today's rules refuse both."""
    old = PV(3, rules=0)
    old.choose("SPONSOR")
    for campo, cost in (("Campo A", 0), ("Campo B", 4), ("Campo C", 2)):  # Ada's, Bea's, Cy's Drapers
        old.go(type="advance", action="sponsor", **biz("draper", campo, cost=cost))
    assert old.ducats()[0] == [10, 6, 8]
    today = PV(3)
    today.choose("SPONSOR")
    assert today.refused(type="advance", action="sponsor", **biz("draper", "Campo A", cost=0)) == \
        "cost: the Ducats printed on the tile, 1 to 20"
    today.go(type="advance", action="sponsor", **biz("draper", "Campo A", cost=4))
    assert today.refused(type="advance", action="sponsor", **biz("draper", "Campo B", cost=2)) == \
        "the Draper tiles cost 4 (printed on the tile), not 2"


def test_a_virtual_game_without_the_recipes_replays_only_as_a_game_of_version_0():
    """An earlier version started a virtual game without the luxuries' recipes: its journal replays under that
    version's setup check (companion.upgrades), where the player says he showed a luxury's goods; today's
    check refuses such a setup."""
    setup = {"players": [{"name": n} for n in NAMES[:3]], "first": 0, "deck_modes": {"raw_goods": "virtual"},
             "compositions": {"raw_goods": DECK}}
    assert engine.new_game(PATRONS, setup).reason.startswith("a virtual deck needs the goods each luxury uses")
    t = PV(3, virtual=True, recipes={}, rules=0)
    t.choose("SPONSOR")
    _hand(t, 0, "Iron 3")
    offered = {o["action"].get("business"): o for o in t.plays}
    assert offered["armour"]["confirm"] and "draper" not in offered  # the Armour's recipe is not known


def test_grain_wine_and_pepper_are_placed_in_the_discard_pile_instead_of_the_market_so_none_is_bought_there():
    """[R] "Grain, Wine and Pepper cards are placed in the Raw Good Discard Pile instead of the Market": with
    real cards, a Market card named as one of them is refused, and the names offered to tap leave them out."""
    t = PV(3)
    t.choose("TRADE")
    t.go(type="sell", card="Pepper 3")  # Ada sells a Pepper: to the discard pile
    t.go(type="sell", card="Wool 3")
    while t.view["step"] == "TRADE_SELL":
        t.go(type="advance")
    pick = next(o for o in t.plays if o["label"] == "Buy a Market card (pick it)")
    assert "Pepper 3" not in pick["fields"]["card"]["enum"] and "Wool 3" in pick["fields"]["card"]["enum"]
    refused = t.do(type="advance", action="buy", **{"from": "market"}, card="Pepper 3")
    assert refused.reason == "Pepper is never in the Market: sold, Grain, Wine and Pepper go to the discard pile"
    t.go(type="advance", action="buy", **{"from": "market"}, card="Wool 3")


def test_he_pays_the_cost_printed_on_the_business_tile_which_is_never_zero_and_asked_only_once():
    """[R] "he pays the cost to start the business to the Bank … The cost to sponsor a business is printed on
    the Business Tile": the cost is entered from 1 (0 is not offered, so the table refuses it), the first time
    a type is sponsored; after that the option carries it, one tap, and the box keeps it."""
    t = PV(3)
    t.choose("SPONSOR")
    draper = next(o for o in t.offered if o.action.get("business") == "draper")
    assert draper.fields["cost"]["minimum"] == 1 and "cost" not in draper.action
    free = {**draper.action, "campi": ["Campo A"], "cost": 0, "confirm": True}
    assert isinstance(match(t.offered, free), Refused)  # what the runtime checks every input against
    t.go(**{**free, "cost": 3})
    assert "The Draper tiles cost 3: the box keeps it for the next ones." in t.log
    assert t.state["data"]["costs"] == {"draper": 3}
    t.go(type="advance")  # Bea sponsors nothing
    again = next(o for o in t.offered if o.action.get("business") == "draper")
    assert again.action["cost"] == 3 and "cost" not in again.fields and again.label.startswith("A Draper for 3")
    assert PATRONS.learned(t.state) == {"costs": {"draper": 3}, "campi": ["Campo A"]}


def test_the_business_tile_costs_entered_at_setup_or_in_play_are_kept_for_the_next_game(make_runtime):
    rt = make_runtime()
    setup = {"players": [{"name": n} for n in ("Ada", "Bea", "Cy")], "first": 0}
    bad = rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": {**setup, "costs": {"draper": 0}}})
    assert not bad.accepted and bad.reason == "costs: the Ducats printed on each type's Business Tile, 1 to 20"
    assert rt.submit({"type": "new_game", "game": "patrons_of_venice", "setup": {**setup, "costs": {"tent": 6}}}).accepted
    assert rt.kept_setup("patrons_of_venice") == {"costs": {"tent": 6}}
    rt._keep(PATRONS, {"costs": {"tent": 6, "draper": 3}})  # as a sponsoring in play teaches it (above)
    rt.stop()
    rt.journal.close()
    after = make_runtime(rt.journal.path)  # a restart: the journal keeps them
    assert after.kept_setup("patrons_of_venice") == {"costs": {"tent": 6, "draper": 3}}
    assert after.submit({"type": "new_game", "game": "patrons_of_venice", "setup": setup}).accepted
    assert after.view()["players"] and after._session.state["data"]["costs"] == {"tent": 6, "draper": 3}


def test_cloth_and_canvas_may_be_sold_at_their_printed_value_with_a_virtual_deck_too():
    """The rule option "Cloth and Canvas may be sold at their printed value": a virtual hand's Canvas (the value
    printed on the Manufactured Good cards is not in the rulebook's text) is offered for sale at the value the
    player reads on the card, asked once; the box keeps it, and the next Canvas made carries it."""
    t = PV(3, virtual=True)
    _ada_produces_at(t, biz("canvaser", "Campo A", cost=3), "Hemp 2", "Wool 2")
    t.go(type="produce", business=0)
    assert t.state["data"]["hands"][0] == ["Wool 2", "Canvas"]
    while t.view["step"] != "CHOOSE_ACTION":
        t.go(type="advance")
    t.choose("TRADE")
    while t.view["active"] != 0:
        t.go(type="advance")
    (canvas,) = [o for o in t.offered if o.action.get("card") == "Canvas"]
    assert canvas.label == "Sell a Canvas at its printed value" and canvas.fields["value"]["minimum"] == 1
    before = t.ducats()[0][0]
    t.go(**canvas.action, value=2)
    assert t.ducats()[0][0] == before + 2 and "Canvas 2" in t.state["data"]["market"]
    assert "Canvas cards are worth 2: the box keeps it for the next ones." in t.log
    assert PATRONS.learned(t.state)["made_values"] == {"Canvas": 2}
    from companion.games.patrons_of_venice import goods as goods_mod
    assert goods_mod.made_card(t.state["data"], "Canvas") == "Canvas 2"  # the next one made, with its value


def test_the_value_of_each_good_card_is_printed_on_it_so_a_real_canvas_sells_at_one_value_all_game():
    """[R] "The value of each Good Card is printed on the Good Card": every Canvas card of a game is worth the
    same. With real cards the first Canvas sold says it (asked once, kept); the next is one tap at that value,
    and a Canvas named at another value is refused, with why."""
    t = PV(3)
    t.choose("TRADE")
    (first,) = [o for o in t.plays if o["action"] == {"type": "sell", "card": "Canvas"}]
    assert first["label"] == "Sell a Canvas at its printed value"
    t.go(**first["action"], value=3)
    (again,) = [o for o in t.plays if o["action"] == {"type": "sell", "card": "Canvas"}]
    assert again["label"] == "Sell a Canvas for 3 Ducats" and again["fields"] == {}
    t.go(**again["action"])
    refused = t.do(type="sell", card="Canvas 4")
    assert refused.reason == "card: the Canvas cards are worth 3 in this game (as the table said), not 4"
    assert t.ducats()[0][0] == 16 and t.view["market"][-2:] == ["Canvas 3", "Canvas 3"]


def test_a_card_is_picked_by_its_good_then_its_value_the_likeliest_first_and_a_value_no_card_has_is_refused():
    """[R] "The numbers on the Good Cards indicate their value at the Market": the rulebook lists neither the
    deck nor the values, so each good is offered at 1 to 10, in groups of at most 12 (the good, or the cards
    seen in this game first, the seller's own first). "Wool 99" is no card: refused, and nothing changes."""
    t = PV(3)
    t.choose("SAIL")  # Ada leads
    t.go(type="draw", deck="raw_goods", cards=["Silk 4"])
    for bad, why in (("Wool 99", "no Wool card is worth 99: a Good card's value is 1 to 10"),
                     ("Zzz 9", "a Raw Good card is a good and its printed value")):
        refused = t.do(type="draw", deck="raw_goods", cards=[bad])
        assert isinstance(refused, Refused) and why in refused.reason
    (name_it,) = [o for o in t.plays if o["label"] == "Name a card drawn"]
    field = name_it["fields"]["cards"]["items"]
    assert field["enum"][0] == "Silk 4" and field["enum"][-1] == "Pirates!" and len(field["enum"]) == 8 * 10 + 1
    groups = Counter(g for each in field["enumGroups"] for g in ([each] if isinstance(each, str) else each))
    assert list(groups)[:2] == ["Seen in this game", "Silk"] and groups["Wool"] == 10 and groups["Pirates!"] == 1
    assert len(groups) <= 12 and max(groups.values()) <= 12
    before = t.ducats()
    t.go(type="advance")  # the others are not named
    while t.view["step"] == "SAIL_UNLOAD":
        t.go(type="advance")
    while t.view["step"] == "SAIL_PLACE":
        t.go(type="advance")
    t.choose("TRADE")  # Bea leads the Sell
    refused = t.do(type="sell", card="Wool 99")
    assert refused.reason == "card: no Wool card is worth 99: a Good card's value is 1 to 10" and t.ducats() == before


def test_a_card_tapped_twice_on_the_reader_is_one_card_drawn():
    """A tag tapped again in a draw (or the card on a ship tapped by mistake) is refused, not logged twice:
    one physical card is drawn once between two shuffles of the draw pile."""
    t = PV(3)
    t.choose("SAIL")
    assert t.view["step"] == "SAIL_DRAW"
    tapped = {"type": "draw", "deck": "raw_goods", "cards": ["Wool 3"], "tag": "04A1B2"}
    assert not isinstance(match(t.offered, tapped), Refused)  # the reader's input is an offered option's
    t.go(**tapped)
    assert t.refused(**tapped) == "this Wool 3 card was tapped already: it is counted once (tap the next card drawn)"
    t.go(**{**tapped, "tag": "04C3D4"})  # another Wool 3: another card
    assert t.state["data"]["new_shipments"] == ["Wool 3", "Wool 3"] and sum("Drawn: Wool 3." == line for line in t.log) == 2


def test_a_player_with_nothing_to_sell_or_make_is_passed_over():
    """The box does not ask a player for a step he can do nothing in: a virtual hand with no card the Market
    takes in the Sell step; no business he may produce at with his hand in the Produce action."""
    t = PV(3, virtual=True, options={"sell_manufactured": False})
    t.go(type="advance")  # the deal
    _hand(t, 0, "Wool 2")
    _hand(t, 1)
    _hand(t, 2, "Canvas")  # not sold, with this table's rule options
    t.choose("TRADE")
    assert t.where()[1:] == ("TRADE_SELL", 0)
    t.go(type="advance")  # Ada keeps her Wool
    assert t.where()[1:] == ("TRADE_BUY", 0)  # Bea and Cy had nothing the Market takes


def test_with_real_cards_the_table_shows_what_the_box_knows_a_card_on_each_ship_and_the_market_cards_not_named():
    """"3 face up onto the Ships of each Player Board", "2 face up to the Market area": dealt by the players, so the
    box knows a card lies there, not which; once one is named it shows its name."""
    t = PV(3)
    t.go(type="advance")
    sections = {s["title"]: s["lines"] for s in t.view["sections"]}
    assert sections["Ships (left to right)"][0] == "Ada: a card · a card · a card"
    assert sections["Market"] == ["2 cards not named yet"] and sections["Pirate Wharf (1 Ducat each)"] == ["empty"]
    t.go(type="advance", action="TRADE")
    t.go(type="sell", card="Wool 3")
    sections = {s["title"]: s["lines"] for s in t.view["sections"]}
    assert sections["Market"] == ["Wool 3, 2 cards not named yet"]


def test_with_the_tables_deck_entered_a_pirates_is_offered_only_while_one_is_left_to_draw_and_a_staple_sold_is_discarded():
    """[R] "If all 4 Pirates! cards are in the Raw Good Discard Pile, shuffle": the box that keeps the real deck's
    cards offers a Pirates! drawn only while one is in the draw pile (an option offered is never refused), and a
    Pepper sold from a real hand goes to the discard pile though nobody named it as dealt."""
    t = PV(3, deck_modes={"raw_goods": "mirror"}, compositions={"raw_goods": DECK})
    t.choose("TRADE")
    t.go(type="sell", card="Pepper 3")
    assert list(t.state["decks"]["raw_goods"]["discard"]) == ["Pepper 3"]
    from dataclasses import replace

    from pyrsistent import pvector

    # The four Pirates! out of the draw pile (as if drawn and not yet discarded).
    t.session = replace(t.session, state=t.session.state.transform(
        ["decks", "raw_goods", "draw"], lambda pile: pvector(c for c in pile if c != "Pirates!")))
    while t.view["step"] != "CHOOSE_ACTION":
        t.go(type="advance")
    t.choose("SAIL")
    labels = [o["label"] for o in t.plays]
    assert "A Pirates! card was drawn" not in labels
    (name_it,) = [o for o in t.plays if o["label"] == "Name a card drawn"]
    assert "Pirates!" not in name_it["fields"]["cards"]["items"]["enum"]


def test_four_buildings_adjacent_to_campo_dei_frari_and_six_adjacent_to_campo_san_polo():
    # "there are four Buildings adjacent to Campo Dei Frari and six Buildings adjacent to Campo San Polo
    # (and two Buildings adjacent to both Campi)" [R l.61]: a campo takes no more businesses than that.
    t = PV(3)
    t.go(type="counter", name="ducats", seat=0, delta=90)
    plan = [("Campo Dei Frari", "Campo San Polo")] * 2 + [("Campo Dei Frari",)] * 2 + [("Campo San Polo",)] * 4
    for campi in plan:
        sponsored(t, {0: biz("draper", *campi)})
    assert len(city.in_campo(t.view["businesses"], "Campo San Polo")) == 6
    t.choose("SPONSOR")
    while t.view["active"] != 0:
        t.go(type="advance")
    assert not [o for o in t.offered if o.action.get("business")]  # no building is free by a campo the box knows
    full = t.refused(type="advance", action="sponsor", **biz("draper", "campo san polo"))
    assert "6 buildings adjacent to Campo San Polo all hold a business" in full
    t.go(type="campo", name="Campo Santo Stefano")
    draper = next(o for o in t.offered if o.action.get("business") == "draper")
    assert draper.fields["campi"]["items"]["enum"] == ["Campo Santo Stefano"]
    t.go(type="advance", action="sponsor", **biz("draper", "Campo Santo Stefano"))  # the board's other campi take it
    assert len(t.view["businesses"]) == 9


def test_the_tiles_of_each_type_the_table_counted_run_out_one_type_at_a_time():
    """The rulebook gives 10 Manufacturing and 9 Luxury tiles, not how many of each type; a table that counted its
    own enters them, and then the box offers no more of a type than it holds."""
    assert PATRONS.check_setup({"tiles": {"draper": 6, "canvaser": 5}}).reason == "tiles: the Manufacturing tiles are 10 in all, not 11"
    assert PATRONS.check_setup({"tiles": {"tent": 10}}).reason == "tiles: how many Business Tiles of each type the box holds"
    assert PATRONS.check_setup({"tiles": {"draper": 4}}) is None  # a type counted alone: the group's total holds too
    t = PV(3, tiles={"draper": 2, "canvaser": 8})
    t.go(type="counter", name="ducats", seat=0, delta=90)
    for campo in ("Campo Dei Frari", "Campo San Polo"):
        sponsored(t, {0: biz("draper", campo)})
    t.choose("SPONSOR")
    while t.view["active"] != 0:
        t.go(type="advance")
    kinds = {o.action.get("business") for o in t.offered} - {None}
    assert "draper" not in kinds and "canvaser" in kinds
    assert t.refused(type="advance", action="sponsor", **biz("draper", "Campo San Polo")) == "the 2 Draper tiles are all sponsored"
    t.go(type="advance", action="sponsor", **biz("canvaser", "Campo San Polo"))
    assert PATRONS.learned(t.state)["tiles"] == {"draper": 2, "canvaser": 8}  # kept for the next game
