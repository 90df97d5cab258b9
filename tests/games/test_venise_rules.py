"""La Venise du Nord at the table (SPEC.md section 4): the worked examples of 4.9, the state machine of 4.3,
the end of 4.8 and the gaps of 4.10, played through the pure core's inputs."""

from collections import Counter

import pytest
from venise_table import NAMES, VN

from companion.core import engine
from companion.core.result import Refused
from companion.games import scoring_of
from companion.games.la_venise_du_nord import LA_VENISE
from companion.games.la_venise_du_nord.cards import picked
from companion.games.la_venise_du_nord.city import CARD_TILES
from companion.games.la_venise_du_nord.city import DEFAULT_LAYOUT, TILES, reachable

# The default layout with Port 1 beside Gold (and Flax): the rulebook's bridge example needs a Port next to Gold.
BESIDE_GOLD = {**DEFAULT_LAYOUT, "Port 1": (1, 1)}
# Every tile in a row: from the Market a move of 5 ends on one tile on foot.
ROW = {t: (q, 0) for q, t in enumerate(("Market", "Order", "Gold", "Wool", "Flax", "Master Builder", "Workshop",
                                        "Port 1", "Port 2"))}


def layout(tiles):
    return {t: list(at) for t, at in tiles.items()}


def arrive(t, start, dice, die, to, **move):
    """The active player's Burgher from `start`, the two dice rolled, `die` moving it to `to`: phase 3."""
    seat = t.view["active"]
    t.ok(type="burgher", seat=seat, tile=start)
    t.ok(type="advance", dice=list(dice))
    t.ok(type="advance", die=die, to=to, **move)
    assert t.view["phase"] == 3
    return seat


def keep_cards(t, tile, *cards, **extra):
    """The active player keeps these real cards, one per turn from `tile` (the others' turns end at once);
    `extra`: more of the keep's input (a Master Builder's row)."""
    seat = t.view["active"]
    start = next(x for x in ("Market", "Order", "Workshop", "Master Builder") if x != tile)
    for card in cards:
        t.ok(type="burgher", seat=seat, tile=start)
        t.ok(type="boat", boat=[start])
        t.ok(type="advance", dice=[3, 2])
        t.ok(type="advance", die=3, path=["boat", tile])
        t.ok(type="advance", **picked(CARD_TILES[tile], card) if not t.state["decks"][CARD_TILES[tile]]["known"] else {"keep": card},
             **extra)
        while True:
            t.ok(type="end_turn")
            if t.view["active"] == seat:
                break
        for tl, d in list(t.data["dice"].items()):  # the die placed is taken off again: a clean city
            if d["seat"] == seat:
                t.ok(type="die", tile=tl, seat=None)
    return seat


def activate_builder(t, k):
    """The active player's Master Builder `k` (costing 1 gold) activated from his stock."""
    t.ok(type="counter", name="gold", seat=t.view["active"], value=1)
    t.ok(type="place", raw="gold", n=1, onto=f"builder {k}")


# --- setup ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n, free, blocked, orders", [(2, 5, [3, 2], 18), (3, 6, [3], 21), (4, 7, [], 24)])
def test_setup_for_each_player_count(n, free, blocked, orders):
    t = VN(n=n)
    v = t.view
    assert v["market_free"] == free and v["bonus"] == 4
    assert sorted((s["value"] for s in v["market"] if s["by"] == "setup"), reverse=True) == blocked
    assert v["decks"]["orders"]["draw"] == orders  # 2 / 1 +1 card of each type out, never a +2
    assert all(t.state["decks"]["orders"]["draw"].count(f"{g} +2") == 2 for g in ("Clothing", "Lace", "Jewelry"))
    assert v["prices"] == {"clothing": 0, "lace": 0, "jewelry": 0}  # SPEC 4.10.3
    for p in v["players"]:
        assert (p["wool"], p["flax"], p["gold"], p["vp"], p["dice_in_hand"], p["bridges"]) == (1, 1, 1, 0, 5, 0)
    assert t.machine() == (1, 0, 1, False)


def test_the_first_player_is_chosen_at_random_by_a_roll_off():
    t = VN(n=3, first=None)
    assert t.view["rolloff"] is not None and t.view["options"][0]["action"] == {"type": "rolloff"}
    t.ok(type="rolloff", values=[2, 6, 3])
    # Bea goes first: every Burgher is placed, hers first, before her first roll.
    assert t.machine() == (1, 1, 0, False) and t.view["step"] == "PLACE" and t.view["actor"] == 1
    for seat, tile in ((1, "Wool"), (2, "Gold"), (0, "Market")):
        assert t.view["actor"] == seat
        t.ok(type="advance", tile=tile)
    assert t.machine() == (1, 1, 1, False) and [p["burgher"] for p in t.view["players"]] == ["Market", "Wool", "Gold"]
    assert "Ada's Burgher starts on Market." in t.log


def test_setup_checks_the_layout_and_the_market_spaces():
    players = [{"name": "Ada"}, {"name": "Bea"}]
    bad = {**layout(DEFAULT_LAYOUT), "Port 2": [9, 9]}
    assert "every tile touches another" in engine.new_game(LA_VENISE, {"players": players, "layout": bad}).reason
    assert "nine tiles" in engine.new_game(LA_VENISE, {"players": players, "layout": {"Market": [0, 0]}}).reason
    assert "highest space is 4" in engine.new_game(LA_VENISE, {"players": players, "market_spaces": [3, 3, 3, 2, 2, 1, 1]}).reason
    t = VN(n=4, market_spaces=[4, 4, 3, 3, 2, 2, 1])
    assert [s["value"] for s in t.view["market"]] == [4, 4, 3, 3, 2, 2, 1]
    assert engine.new_game(LA_VENISE, {"players": players, "deck_modes": {"orders": "virtual"}}).reason.startswith(
        "deck_modes.orders: the Order deck's cards are not known")
    short = {"compositions": {"orders": {"Lace +1": 24}}, "deck_modes": {"orders": "virtual"}}
    assert "two +1 cards" in engine.new_game(LA_VENISE, {"players": players, **short}).reason


# --- the state machine (SPEC 4.3) -----------------------------------------------------------------------


def test_advance_walks_the_six_phases_then_the_next_player_and_the_round():
    t = VN(n=3, first=1)
    seen, said = [t.machine()], []
    for _ in range(9):
        said += t.ok(type="advance").log
        seen.append(t.machine())
    # Phase 4 is the others' on the tile: nobody's here (the Burghers all start on the Order tile, and no tile
    # was arrived at). Phases 5 and 6 pass by themselves: nobody has a die to bridge from nor a workshop.
    assert seen[:4] == [(1, 1, p, False) for p in (1, 2, 3)] + [(1, 2, 1, False)]
    assert [line for line in said if " has no " in line][:2] == ["Bea has no bridge to build.", "Bea has no workshop ready to produce."]
    assert seen[6] == (1, 0, 1, False)  # clockwise from the first player, who never changes
    assert seen[9] == (2, 1, 1, False)
    assert t.view["step"] == "ROLL"


def test_end_turn_jumps_to_the_next_players_first_phase():
    t = VN(n=2)
    t.ok(type="advance")
    t.ok(type="advance")
    t.ok(type="end_turn")
    assert t.machine() == (1, 1, 1, False)
    t.ok(type="end_turn")
    assert t.machine() == (2, 0, 1, False)
    assert t.refused(type="end_turn", seat=1).startswith("it is Ada's turn to end")


def test_five_bridges_end_the_game_after_one_more_full_round():
    t = VN(n=3)
    for a, b in (("Market", "Wool"), ("Market", "Flax"), ("Market", "Gold"), ("Market", "Order"), ("Wool", "Flax")):
        t.ok(type="bridge", tiles=[a, b], seat=2)
    t.ok(type="end_turn")
    assert t.machine() == (1, 1, 1, False)  # checked only at the start of the first player's turn
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    assert t.machine() == (2, 0, 1, True)
    assert "Cy has built all 5 bridges: this is the last round." in t.log
    for _ in range(3):
        t.ok(type="end_turn")
    v = t.view
    assert v["over"] and v["phase"] == "SCORING" and v["step"] == "GAME_OVER"
    assert v["ended"] == "the last round is played"


def test_every_market_space_covered_ends_the_game():
    t = VN(n=2)
    t.ok(type="market", sales=4)
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    assert t.machine() == (2, 0, 1, False)
    t.ok(type="market", sales=5)
    for _ in range(6):  # each turn's phases 1 to 3: 5 and 6, with nothing to do, pass by themselves
        t.ok(type="advance")
    assert t.machine() == (3, 0, 1, True)
    assert t.view["bonus"] == 0
    for _ in range(5):
        t.ok(type="advance")
    assert t.machine() == (3, 1, 3, True)
    t.ok(type="advance")
    assert t.machine() == (3, 1, 6, True)  # the game's last End does not pass by itself: the table ends the game
    t.ok(type="advance")
    assert t.view["over"] and t.view["phase"] == "SCORING"
    assert t.refused(type="advance").startswith("the game is over")


def test_a_bridge_destroyed_before_the_check_does_not_end_the_game():
    """SPEC 4.10.6: five bridges on the board at the moment of the check."""
    t = VN(n=2)
    for a, b in (("Market", "Wool"), ("Market", "Flax"), ("Market", "Gold"), ("Market", "Order"), ("Wool", "Flax")):
        t.ok(type="bridge", tiles=[a, b], seat=1)
    t.ok(type="bridge", tiles=["Wool", "Flax"], seat=0)  # Ada's bridge takes Bea's place
    assert t.view["players"][1]["bridges"] == 4
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    assert t.machine() == (2, 0, 1, False)


# --- the worked examples (SPEC 4.9) ----------------------------------------------------------------------


def test_ex01_a_move_of_2_and_the_free_crossing_of_ones_own_bridge():
    row = layout(ROW)
    assert set(reachable(row, "Market", 2, [], ["Port 2"])) == {"Gold"}
    assert set(reachable(row, "Market", 2, [["Market", "Order"]], ["Port 2"])) == {"Gold", "Wool"}
    t = VN(n=2, layout=row)
    t.ok(type="bridge", tiles=["Market", "Order"], seat=0)
    arrive(t, "Market", (2, 6), 2, "Wool")  # 0 across the bridge, then 1 and 1
    assert t.view["players"][0]["burgher"] == "Wool"
    t2 = VN(n=2, layout=row)
    t2.ok(type="burgher", seat=0, tile="Market")
    t2.ok(type="advance", dice=[2, 6])
    assert "reaches Gold, not Wool" in t2.refused(type="advance", die=2, to="Wool")


def test_ex02_the_boat_costs_3_and_is_the_only_way_to_that_port():
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="boat", boat=["Order"])
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[5, 1])
    routes = reachable(t.data["layout"], "Market", 5, [], ["Order"])["Port 1"]
    assert all("boat" in r["path"] for r in routes)
    assert "give the path" in t.refused(type="advance", die=5, to="Port 1")  # the Boat could be left in two places
    t.ok(type="advance", die=5, path=["Order", "boat", "Workshop", "Port 1"])  # 1 + 3 + 1
    v = t.view
    assert v["players"][0]["burgher"] == "Port 1" and v["boat"] == ["Workshop"]  # left next to it: not said
    assert v["turn"]["act"] == 1 and v["dice_on_tiles"]["Port 1"] == {"seat": 0, "value": 1}


def test_ex02_a_tile_cannot_be_visited_twice():
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="burgher", seat=0, tile="Gold")
    t.ok(type="advance", dice=[3, 1])
    assert "not a legal move" in t.refused(type="advance", die=3, path=["Wool", "Gold", "Order"])


def test_ex03_a_lower_die_replaces_the_one_on_the_tile():
    t = VN(n=2)
    t.ok(type="die", tile="Gold", seat=1, value=5)
    arrive(t, "Market", (1, 2), 1, "Gold")
    v = t.view
    assert v["dice_on_tiles"]["Gold"] == {"seat": 0, "value": 2}
    assert v["players"][1]["dice_in_hand"] == 5  # Blue's 5 went back to Blue
    assert "Ada's 2 goes on Gold; Bea's 5 goes back to its owner." in t.log


def test_ex03_an_equal_die_replaces_a_higher_one_stays_in_hand():
    t = VN(n=2)
    t.ok(type="die", tile="Gold", seat=1, value=3)
    arrive(t, "Market", (1, 3), 1, "Gold")
    assert t.view["dice_on_tiles"]["Gold"]["seat"] == 0  # equal: it does replace it (SPEC 4.5)
    t = VN(n=2)
    t.ok(type="die", tile="Gold", seat=1, value=3)
    arrive(t, "Market", (1, 4), 1, "Gold")
    assert t.view["dice_on_tiles"]["Gold"] == {"seat": 1, "value": 3} and t.view["turn"]["placed"] is False
    t.ok(type="advance", use=True)
    assert t.counter(0, "gold") == 4  # used anyway, at the full value (SPEC 4.10.1): 3 fit in the stock
    assert "1 gold is lost (no room)." in t.log


def test_ex04_prices_are_the_cards_and_cubes_near_the_market():
    t = VN(n=2)
    t.ok(type="price", good="jewelry", cubes=1, ones=1, twos=1)
    t.ok(type="price", good="clothing", ones=2)
    t.ok(type="price", good="lace", cubes=1)
    assert t.view["prices"] == {"jewelry": 4, "clothing": 2, "lace": 1}


def test_ex05_the_first_market_sale():
    t = VN(n=4)
    t.ok(type="price", good="jewelry", cubes=2, twos=1)
    t.ok(type="counter", name="jewelry", seat=0, value=3)
    arrive(t, "Gold", (1, 3), 1, "Market")
    t.ok(type="advance", good="jewelry", n=3, lower="cube")
    v = t.view
    assert v["players"][0]["vp"] == 24 and v["players"][0]["jewelry"] == 0  # 3 x (4 + 4)
    assert v["prices"]["jewelry"] == 3 and v["price_pieces"]["jewelry"] == {"cubes": 1, "ones": 0, "twos": 1}
    assert v["market"][0] == {"value": 4, "by": 0} and v["bonus"] == 3
    # No secondary activation at the Market; Ada has no bridge to build nor workshop: Bea's turn.
    assert (v["active"], v["phase"]) == (1, 1)


def test_ex05_a_sale_may_lower_the_price_by_a_plus_2_card_and_never_below_0():
    t = VN(n=2)
    t.ok(type="price", good="lace", twos=1)
    t.ok(type="counter", name="lace", seat=0, value=2)
    arrive(t, "Gold", (1, 6), 1, "Market")
    t.ok(type="advance", good="lace", lower="two")
    assert t.view["players"][0]["vp"] == 2 * (2 + 4) and t.view["prices"]["lace"] == 0
    assert t.view["active"] == 1  # nothing else to do in Ada's turn: it passed by itself
    t.ok(type="counter", name="lace", seat=1, value=1)
    arrive(t, "Gold", (1, 6), 1, "Market")
    t.ok(type="advance", good="lace")  # price 0: nothing to lower (SPEC 4.10.11)
    assert t.view["players"][1]["vp"] == 3 and t.view["prices"]["lace"] == 0


def test_ex06_and_ex08_the_rulebooks_gold_and_bridge_example():
    """Yellow (Ada) moves 1 onto Gold and activates with a 4; Red's higher die leaves; Red's Burgher gets 1 gold;
    then a bridge Gold-Port for 4 - 3 = 1, and Yellow takes back the 4."""
    t = VN(n=2, layout=layout(BESIDE_GOLD))
    t.ok(type="die", tile="Gold", seat=1, value=5)
    t.ok(type="burgher", seat=1, tile="Gold")
    t.ok(type="die", tile="Port 1", seat=0, value=3)
    t.ok(type="counter", name="wool", seat=0, value=0)
    t.ok(type="counter", name="flax", seat=0, value=0)  # room in the stock for the four gold
    arrive(t, "Market", (1, 4), 1, "Gold")
    t.ok(type="advance", use=True)
    assert t.counter(0, "gold") == 1 + 4
    assert t.view["secondary_next"] == {"seat": 1, "value": 1}  # Burgher only: his die was removed
    t.ok(type="advance", use=True)  # Bea's, from her own phone
    assert t.counter(1, "gold") == 2
    assert t.view["phase"] == 5
    t.ok(type="advance", bridge="Port 1", take_back="Gold", pay={"gold": 1})
    v = t.view
    assert v["bridges"] == [{"seat": 0, "tiles": ["Gold", "Port 1"]}] and t.counter(0, "gold") == 4
    assert "Gold" not in v["dice_on_tiles"] and v["dice_on_tiles"]["Port 1"]["seat"] == 0


def test_ex07_a_bridge_costs_the_difference_in_any_cubes():
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="die", tile="Market", seat=0, value=6)
    t.ok(type="die", tile="Gold", seat=0, value=3)
    t.ok(type="counter", name="wool", seat=0, value=2)
    t.ok(type="counter", name="flax", seat=0, value=0)
    t.to_phase(5)
    assert "costs 3 cubes, not 2" in t.refused(type="advance", bridge="Gold", take_back="Gold", pay={"wool": 2})
    assert "which die comes back" in t.refused(type="advance", bridge="Gold", pay={"gold": 1, "wool": 2})
    t.ok(type="advance", bridge="Gold", take_back="Market", pay={"gold": 1, "wool": 2})
    assert (t.counter(0, "wool"), t.counter(0, "gold")) == (0, 0)
    assert t.view["players"][0]["bridges"] == 1 and t.view["players"][0]["dice_on_tiles"] == ["Gold"]


def test_ex09_equal_dice_build_free_and_an_opponents_bridge_costs_the_sum():
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="die", tile="Market", seat=0, value=4)
    t.ok(type="die", tile="Wool", seat=0, value=4)
    t.to_phase(5)
    t.ok(type="advance", bridge="Wool", take_back="Wool")
    assert t.view["players"][0]["bridges"] == 1 and sum(t.counter(0, r) for r in ("wool", "flax", "gold")) == 3
    t = VN(n=2)
    t.ok(type="bridge", tiles=["Market", "Gold"], seat=1)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="die", tile="Market", seat=0, value=5)
    t.ok(type="die", tile="Gold", seat=0, value=2)
    t.ok(type="die", tile="Wool", seat=0, value=5)  # a free bridge to Wool: phase 5 has something to do
    t.to_phase(5)
    # 5 + 2 = 7 cubes: more than a stock of 6 spaces can ever hold.
    assert t.refused(type="advance", bridge="Gold", take_back="Gold") == "the bridge costs 7 cubes; the stock holds 3"
    t.ok(type="die", tile="Market", seat=0, value=4)
    t.ok(type="counter", name="gold", seat=0, value=4)
    (over,) = [o for o in _offered(t, 0) if o["action"].get("bridge") == "Gold"]
    # Whose bridge goes back and the cubes it takes (no other way to pay them): the phone's picker says it.
    assert over["label"] == "Bridge to Gold: 6 cubes" and over["action"]["pay"] == {"wool": 1, "flax": 1, "gold": 4}
    assert over["fields"]["take_back"]["description"] == "Bea's bridge there goes back to its owner; paid with 1 wool, 1 flax, 4 gold."
    t.ok(type="advance", bridge="Gold", take_back="Gold", pay={"gold": 4, "wool": 1, "flax": 1})
    v = t.view
    assert v["bridges"] == [{"seat": 0, "tiles": ["Gold", "Market"]}] and v["players"][1]["bridges"] == 0
    assert "Bea's bridge there goes back to its owner." in t.log


def test_ex10_a_workshop_built_filled_and_producing_with_the_plus_2_order():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Workshop", "Jewelry 2 cost 1 wool 1 flax 1 gold")
    keep_cards(t, "Order", "Jewelry +1")
    keep_cards(t, "Order", "Jewelry +2")
    t.ok(type="counter", name="gold", seat=0, value=3)
    t.ok(type="place", raw="wool", n=1, onto="workshop 0")
    t.ok(type="place", raw="flax", n=1, onto="workshop 0")
    t.ok(type="place", raw="gold", n=3, onto="workshop 0")  # 1 completes it, 2 fill its storage
    shop = t.view["players"][0]["workshops"][0]
    assert (shop["built"], shop["stored"], t.counter(0, "gold")) == (True, 2, 0)
    assert "that cannot be done now (Phase 1" in t.refused(type="produce", workshop=0)  # goods are made in phase 6
    t.to_phase(6)
    assert [o["label"] for o in t.plays if o["short"] == "Make"] == ["Make 2 jewelry with Jewelry +1",
                                                                     "Make 2 jewelry with Jewelry +2"]
    t.ok(type="produce", workshop=0, order=1)
    v = t.view
    assert v["players"][0]["jewelry"] == 2 and v["prices"]["jewelry"] == 2
    assert [o["card"] for o in v["players"][0]["orders"]] == ["Jewelry +1"]
    assert "stores 0 of 2" in t.refused(type="produce", workshop=0)
    t.ok(type="counter", name="gold", seat=0, value=2)
    t.ok(type="place", raw="gold", n=2, onto="workshop 0")
    assert "has produced this turn already" in t.refused(type="produce", workshop=0)  # once per turn


def test_ex11_the_final_store_sale():
    t = VN(n=2)
    t.ok(type="counter", name="clothing", seat=0, value=3)
    t.ok(type="counter", name="jewelry", seat=0, value=2)
    t.ok(type="price", good="lace", cubes=4)
    t.ok(type="price", good="jewelry", cubes=3)
    t.ok(type="price", good="clothing", cubes=1)
    assert t.view["players"][0]["store_sale"] == 4


def test_ex12_chains_of_bridges_and_both_readings_of_a_chain():
    t = VN(n=2)
    for a, b in (("Market", "Wool"), ("Wool", "Flax"), ("Flax", "Port 1"), ("Workshop", "Port 2")):
        t.ok(type="bridge", tiles=[a, b], seat=0)
    assert t.view["players"][0]["bridges"] == 4 and t.view["players"][0]["points"] == 9 + 1
    # A star of 4 bridges round the Market: one component of 4 (16), or two paths of 2 (8) [SPEC 4.10.5].
    star = (("Market", "Wool"), ("Market", "Flax"), ("Market", "Gold"), ("Market", "Order"))
    for reading, expected in (("component", 16), ("paths", 8)):
        t = VN(n=2, options={"chain_definition": reading})
        for a, b in star:
            t.ok(type="bridge", tiles=[a, b], seat=1)
        assert t.view["players"][1]["bridges"] == 4
        assert t.view["players"][1]["points"] == expected


def test_ex13_master_builder_points_are_capped_at_25():
    t = VN(n=2, virtual=False)
    cards = ("Fill stock cost 1 gold", "Bridge bonus cost 1 gold", "Movement +-1 cost 1 gold", "Activation +-1 cost 1 gold",
             "Order Lace +1 cost 1 gold", "Price shift Lace cost 1 gold", "Fill stock cost 1 gold")
    keep_cards(t, "Master Builder", *cards)
    assert t.view["players"][0]["master_builders"] == 0  # kept, not activated
    for k in range(5):
        activate_builder(t, k)
    assert t.view["players"][0]["master_builders"] == 16  # 4 count; the order-like card does not
    for k in (5, 6):
        activate_builder(t, k)
    assert t.view["players"][0]["master_builders"] == 25


def test_ex14_secondary_activation_values():
    t = VN(n=4)
    t.ok(type="burgher", seat=1, tile="Wool")  # Burgher only: 1
    t.ok(type="die", tile="Wool", seat=2, value=6)  # die only... until Ada's lower die replaces it
    t.ok(type="burgher", seat=3, tile="Flax")
    arrive(t, "Market", (1, 6), 1, "Wool")  # Ada's 6 replaces Cy's 6 on Wool
    t.ok(type="advance", use=True)
    assert t.view["secondary_next"] == {"seat": 1, "value": 1}
    t = VN(n=4)
    t.ok(type="die", tile="Wool", seat=2, value=2)
    t.ok(type="burgher", seat=3, tile="Wool")
    t.ok(type="die", tile="Gold", seat=3, value=1)
    t.ok(type="burgher", seat=1, tile="Wool")
    t.ok(type="die", tile="Flax", seat=1, value=1)
    arrive(t, "Market", (1, 5), 1, "Wool")  # the 5 stays in hand: Cy's 2 is lower
    t.ok(type="advance", use=True)
    assert t.view["secondary_next"] == {"seat": 1, "value": 1}  # Bea: Burgher only
    assert t.view["actor"] == 1 and t.refused(type="advance", seat=2, use=True).startswith("it is Bea's move")
    t.ok(type="advance", use=True)
    assert t.view["secondary_next"] == {"seat": 2, "value": 1}  # Cy: die only
    t.ok(type="advance", use=False)
    assert t.view["secondary_next"] == {"seat": 3, "value": 1}
    t.ok(type="die", tile="Wool", seat=3, value=2)
    assert t.view["secondary_next"] == {"seat": 3, "value": 2}  # Dan: both
    t.ok(type="advance", use=True)
    assert (t.counter(1, "wool"), t.counter(2, "wool"), t.counter(3, "wool")) == (2, 1, 3)
    assert (t.view["active"], t.view["phase"]) == (1, 1)  # Ada has no bridge to build nor workshop: Bea's turn


def test_a_die_taken_off_the_tile_during_its_owners_secondary_activation_leaves_him_nothing_to_use():
    t = VN(n=3)
    t.ok(type="die", tile="Wool", seat=2, value=2)
    arrive(t, "Market", (1, 5), 1, "Wool")  # the 5 stays in hand: Cy's 2 is lower
    t.ok(type="advance", use=True)
    assert t.view["secondary_next"] == {"seat": 2, "value": 1}  # Cy: die only
    t.ok(type="die", seat=None, tile="Wool")  # the table says Cy's die is not there after all
    assert t.view["secondary_next"] is None and t.view["actor"] == 2  # the view still shows; Cy has nothing to use
    assert t.refused(type="advance", use=True) == "nobody else may use the tile now"
    t.ok(type="advance")  # Cy is done


def test_no_secondary_activation_at_the_market_or_when_the_tile_was_not_used():
    t = VN(n=2)
    t.ok(type="burgher", seat=1, tile="Market")
    arrive(t, "Gold", (1, 2), 1, "Market")
    t.ok(type="advance", use=False)
    assert t.view["secondary_next"] is None
    t = VN(n=2)
    t.ok(type="burgher", seat=1, tile="Wool")
    arrive(t, "Market", (1, 2), 1, "Wool")
    t.ok(type="advance", use=False)
    assert t.view["secondary_next"] is None
    t = VN(n=2, options={"secondary": "always"})
    t.ok(type="burgher", seat=1, tile="Wool")
    arrive(t, "Market", (1, 2), 1, "Wool")
    t.ok(type="advance", use=False)
    assert t.view["secondary_next"] == {"seat": 1, "value": 1}


def test_ex15_a_port_sale():
    t = VN(n=2, layout=layout(BESIDE_GOLD))
    t.ok(type="counter", name="lace", seat=0, value=2)
    t.ok(type="price", good="lace", twos=1)
    arrive(t, "Gold", (1, 5), 1, "Port 1")
    t.ok(type="advance", good="lace", price="two")  # a +2 card swapped for a cube
    v = t.view
    assert v["players"][0]["vp"] == 5 and v["players"][0]["lace"] == 1
    assert v["ports"]["Port 1"] == ["lace"] and v["price_pieces"]["lace"] == {"cubes": 1, "ones": 0, "twos": 0}
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    arrive(t, "Gold", (1, 5), 1, "Port 1")
    assert "there is no lace to sell (Port 1 has taken lace already)" in t.refused(type="advance", good="lace")
    assert "Port 2" in t.view["ports"] and t.view["ports"]["Port 2"] == []


# --- the gaps (SPEC 4.10) and bad input ----------------------------------------------------------------


def test_dice_come_back_from_the_tiles_when_too_few_are_in_hand():
    t = VN(n=2)
    for tile, v in (("Wool", 1), ("Flax", 2), ("Gold", 3), ("Order", 4)):
        t.ok(type="die", tile=tile, seat=0, value=v)
    assert "1 must come off the tiles first" in t.refused(type="advance", dice=[2, 3])
    t.ok(type="advance", take_back=["Gold"], dice=[2, 3])
    assert sorted(t.view["players"][0]["dice_on_tiles"]) == ["Flax", "Order", "Wool"]
    t = VN(n=2)
    for tile in ("Wool", "Flax", "Gold", "Order", "Workshop"):
        t.ok(type="die", tile=tile, seat=0, value=2)
    assert len([o for o in t.view["options"] if o["short"] == "Roll" and not o["button"]]) == 10  # any two of five (SPEC 4.10.7)
    t.ok(type="advance", take_back=["Wool", "Order"], roll=True, dice=[4, 4])
    assert t.view["players"][0]["dice_in_hand"] == 2
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    for tile in ("Wool", "Order"):
        t.ok(type="die", tile=tile, seat=0, value=2)
    t.ok(type="throw", dice=[6, 1])  # thrown at the table first: which two came back is named after
    assert len(_labels(t, 0, "Back")) == 10 and "The 2 on Wool and the 2 on Gold came back" in _labels(t, 0, "Back")
    assert "2 must come off the tiles first" in t.refused(type="advance", take_back=["Wool"])
    t.ok(type="advance", take_back=["Wool", "Gold"])
    assert t.view["phase"] == 2 and t.view["turn"]["dice"] == [6, 1] and t.view["players"][0]["dice_in_hand"] == 2


def test_the_move_line_names_both_dice_or_a_doubles_one_number():
    """"Move 2 or 2" read as a riddle at the table: a double is one number to move."""
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="burgher", seat=0, tile="Flax")
    t.ok(type="advance", dice=[2, 2])
    assert t.view["status"] == "Move 2 · from Flax"
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="burgher", seat=0, tile="Flax")
    t.ok(type="advance", dice=[1, 2])
    assert t.view["status"] == "Move 1 or 2 · from Flax"


def test_a_roll_with_no_legal_move_is_rolled_again():
    """In a row of tiles, the middle one is 4 steps from either end; the Boat lies elsewhere."""
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="boat", boat=["Port 2"])
    t.ok(type="burgher", seat=0, tile="Flax")
    assert t.refused(type="advance", dice=[6, 5]) == "neither 6 nor 5 is a legal move from Flax: roll both again"
    t.ok(type="boat", boat=["Flax"])
    t.ok(type="advance", dice=[6, 5])  # the Boat (3) and 2 or 3 steps


def test_virtual_decks_draw_as_many_as_the_die_keep_one_and_the_rest_go_under_shuffled():
    t = VN(n=2)
    arrive(t, "Market", (1, 3), 1, "Order")
    assert "draws 3 Order cards (n: 3)" in t.refused(type="look", deck="orders", n=2)
    assert "activates the orders deck" in t.refused(type="look", deck="workshops", n=3)
    t.go(type="look", deck="orders", n=3)
    looking = list(t.state["decks"]["orders"]["looking"])
    assert len(looking) == 3 and t.view["turn"]["looker"] == 0
    assert "keep one or none first" in t.refused(type="advance")
    t.go(type="advance", keep=looking[1])
    deck = t.state["decks"]["orders"]
    assert sorted(deck["draw"][-2:]) == sorted([looking[0], looking[2]]) and len(deck["draw"]) == 17
    assert t.view["players"][0]["orders"][0]["card"] == looking[1]
    assert t.view["turn"]["used"] is True


def test_fewer_cards_than_the_die_draws_them_all_and_an_empty_deck_gives_nothing():
    """SPEC 4.10.8. The deck is cut short by hand: in play it shrinks only by the cards kept."""

    def cut(t, left):
        deck = t.state["decks"]["orders"]
        t.session = engine.start_session(t.state.set("decks", t.state["decks"].set("orders", deck.set("draw", deck["draw"][:left]))))

    t = VN(n=2, start="Market")
    arrive(t, "Market", (1, 6), 1, "Order")
    t.go(type="look", deck="orders", n=6)
    t.go(type="advance", keep=None)  # the first shuffle is done
    t.ok(type="end_turn")
    arrive(t, "Market", (1, 6), 1, "Order")
    cut(t, 2)
    assert "draws 2 Order cards (n: 2)" in t.refused(type="look", deck="orders", n=6)
    assert [o["label"] for o in t.plays if o["short"] == "Draw"] == ["Draw 2 Order cards"]
    t.ok(type="look", deck="orders", n=2)
    t.go(type="advance", keep=t.state["decks"]["orders"]["looking"][0])
    t.ok(type="end_turn")
    arrive(t, "Market", (1, 6), 1, "Order")
    cut(t, 0)
    assert "the Order deck is empty: the action is no longer available" in t.refused(type="look", deck="orders", n=1)
    assert [o["label"] for o in t.plays] == ["Do not use Order"]


def test_own_bridge_twice_and_the_sixth_bridge_are_refused():
    t = VN(n=2)
    t.ok(type="bridge", tiles=["Market", "Gold"], seat=0)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="die", tile="Market", seat=0, value=3)
    t.ok(type="die", tile="Gold", seat=0, value=3)
    t.ok(type="die", tile="Wool", seat=0, value=3)  # a free bridge to Wool: phase 5 has something to do
    t.to_phase(5)
    assert "own bridge already joins" in t.refused(type="advance", bridge="Gold", take_back="Gold")
    for a, b in (("Market", "Wool"), ("Market", "Flax"), ("Market", "Order"), ("Wool", "Flax")):
        t.ok(type="bridge", tiles=[a, b], seat=0)
    assert "all 5 bridges" in t.refused(type="bridge", tiles=["Market", "Workshop"], seat=0)


def test_the_activation_die_that_stays_in_hand_may_activate_at_1():
    t = VN(n=2, options={"activation_unplaced": "one"})
    t.ok(type="die", tile="Gold", seat=1, value=2)
    arrive(t, "Market", (1, 5), 1, "Gold")
    t.ok(type="advance", use=True)
    assert t.counter(0, "gold") == 2


def test_cubes_gained_go_onto_cards_then_the_stock_and_the_rest_are_lost():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Workshop", "Lace 2 cost 3 flax")
    arrive(t, "Market", (1, 6), 1, "Flax")
    assert "takes no flax" not in t.refused(type="advance", use=True, onto=["workshop 0"] * 6, drop=[])
    assert "takes 5 more flax, not 6" in t.refused(type="advance", use=True, onto=["workshop 0"] * 6, drop=[])
    t.ok(type="advance", use=True, onto=["workshop 0"] * 3, drop=["wool"])  # a wool thrown out for a flax
    shop = t.view["players"][0]["workshops"][0]
    assert shop["built"] and shop["stored"] == 0 and shop["paid"] == {"flax": 3}
    assert (t.counter(0, "wool"), t.counter(0, "flax"), t.counter(0, "gold")) == (0, 4, 1)  # 3 more fit of 3
    assert not any("lost" in line for line in t.log[-4:])
    t2 = VN(n=2, virtual=False)
    arrive(t2, "Market", (1, 6), 1, "Wool")
    t2.ok(type="advance", use=True)
    assert t2.counter(0, "wool") == 4 and "3 wool are lost (no room)." in t2.log


def test_master_builder_effects():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Master Builder", "Movement +-1 cost 1 wool", "Price shift Lace cost 1 flax", "Fill stock cost 1 gold")
    assert "Price shift Lace cost 1 flax takes no wool: it needs 1 flax" in t.refused(type="place", raw="wool", n=1, onto="builder 1")
    for k, raw in enumerate(("wool", "flax", "gold")):
        t.ok(type="place", raw=raw, n=1, onto=f"builder {k}")
    t.ok(type="counter", name="flax", seat=0, value=1)
    t.ok(type="price", good="jewelry", ones=1, twos=1)
    (shift,) = [o for o in _offered(t, 0) if o["label"] == "Use Price shift Lace: jewelry -1"]
    assert shift["fields"]["lower"]["enumNames"] == ["a +1 card off", "a +2 card swapped for a cube"]  # -1 either way
    t.ok(**shift["action"], lower="two")
    assert t.view["prices"] == {"clothing": 0, "lace": 1, "jewelry": 2}
    assert t.view["price_pieces"]["jewelry"] == {"cubes": 1, "ones": 1, "twos": 0}
    assert "has been used" in t.refused(type="builder", card=1, down="jewelry")
    t.ok(type="builder", card=2, fill={"wool": 4, "gold": 2})  # the whole stock, as the appendix says
    assert (t.counter(0, "wool"), t.counter(0, "flax"), t.counter(0, "gold")) == (4, 0, 2)
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[3, 6])
    t.ok(type="advance", die=3, adjust=-1, to="Flax")  # 3 - 1 = 2
    assert t.view["turn"]["move"] == 2
    assert "works by itself" in t.refused(type="builder", card=0)


@pytest.mark.parametrize("action", [
    {"type": "advance", "dice": [7, 1]}, {"type": "advance", "dice": "12"}, {"type": "advance", "take_back": "Gold"},
    {"type": "activate"}, {"type": "produce", "workshop": 0}, {"type": "place", "raw": "silk"},
    {"type": "burgher", "seat": 5, "tile": "Gold"}, {"type": "burgher", "seat": 0, "tile": "Atlantis"},
    {"type": "die", "tile": "Gold", "seat": 0, "value": 0}, {"type": "bridge", "tiles": ["Port 1", "Port 2"], "seat": 0},
    {"type": "price", "good": "wine"}, {"type": "market", "sales": 9}, {"type": "builder", "card": 0},
    {"type": "counter", "name": "wool", "seat": 0, "value": 7}, {"type": "look", "deck": "orders", "n": 3},
    {"type": "draw", "deck": "orders"}, {"type": "roll", "spec": "2d6", "values": [1, 2]},
    {"type": "advance", "dice": [1, 2, 3], "roll": True}, {"type": "keep", "deck": "orders", "card": None},
])
def test_bad_input_is_refused_and_changes_nothing(action):
    t = VN(n=2)
    reason = t.refused(**action)
    assert reason and isinstance(reason, str)


def test_every_refusal_in_a_move_names_what_to_give():
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[2, 3])
    assert "which die moves, 2 or 3" in t.refused(type="advance", to="Flax")
    assert "was not rolled" in t.refused(type="advance", die=6, to="Flax")
    assert "one of Wool" in t.refused(type="advance", die=2, to="Venice")
    assert isinstance(engine.apply(LA_VENISE, t.state, {"type": "advance", "die": 2, "path": "Flax"}), Refused)


def test_score_sheet_is_filled_in_and_scored():
    t = VN(n=2)
    t.ok(type="counter", name="vp", seat=0, value=30)
    t.ok(type="counter", name="lace", seat=1, value=2)
    t.ok(type="price", good="lace", cubes=3)
    t.ok(type="bridge", tiles=["Market", "Wool"], seat=1)
    sheet = LA_VENISE.score_sheet(t.state)
    out = scoring_of("la_venise_du_nord").score(sheet)
    assert [p["total"] for p in out["players"]] == [30, 2 * 2 + 1]
    assert [p["points"] for p in t.view["players"]] == [30, 5]
    assert sheet["players"][1]["bridges"] == [["Market", "Wool"]] and out["winner"] == [NAMES[0]]


def test_from_a_review_odd_values_are_refused_and_never_raise():
    t = VN(n=2)
    t.ok(type="price", good="lace", cubes=2)
    t.ok(type="counter", name="lace", seat=0, value=2)
    arrive(t, "Gold", (1, 3), 1, "Market")
    for lower in ([], {}, ["cube"]):
        assert t.refused(type="advance", good="lace", n=1, lower=lower).startswith("lower: cube, one")
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[1, 2])
    assert t.refused(type="advance", die=True, to="Flax") == "die: the movement die's value, 1 to 6"


def test_from_a_review_production_picks_an_order_like_master_builder_and_checks_the_index():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Workshop", "Lace 1 cost 1 wool")
    keep_cards(t, "Master Builder", "Order Lace +1 cost 1 gold")
    t.ok(type="place", raw="gold", n=1, onto="builder 0")
    t.ok(type="place", raw="wool", n=1, onto="workshop 0")
    t.ok(type="place", raw="flax", n=1, onto="workshop 0")
    t.to_phase(6)
    assert t.refused(type="produce", workshop=0, order=0.0) == "order: one of none"
    assert t.refused(type="produce", workshop=0, builder=0.0) == "builder: one of 0"
    t.ok(type="produce", workshop=0)  # the only order: the order-like Master Builder
    assert t.view["players"][0]["lace"] == 1 and t.view["players"][0]["builders"] == []
    assert t.view["prices"]["lace"] == 1


def test_from_a_review_a_sixth_die_never_goes_on_a_tile():
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[1, 3])
    for tile in ("Wool", "Flax", "Gold", "Order", "Port 1"):
        t.ok(type="die", tile=tile, seat=0, value=2)  # set by hand while the rolled dice are in hand
    t.ok(type="advance", die=1, to="Workshop")
    assert t.view["players"][0]["dice_in_hand"] == 0 and "Workshop" not in t.view["dice_on_tiles"]


def test_from_a_review_an_adjust_that_one_die_cannot_take_tries_the_other():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Master Builder", "Movement +-1 cost 1 gold")
    t.ok(type="place", raw="gold", n=1, onto="builder 0")
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[6, 1])
    t.ok(type="advance", to="Flax", adjust=1)  # 6 + 1 is no die; 1 + 1 = 2 reaches Flax
    assert (t.view["turn"]["move"], t.view["turn"]["act"]) == (2, 6)


def test_undoing_a_roll_asks_first():
    t = VN(n=2, virtual=False)
    t.ok(type="burgher", seat=0, tile="Market")
    t.go(type="advance", roll=True)  # the companion rolls the two dice
    dice = t.view["turn"]["dice"]
    asked = t.do(type="undo")
    assert isinstance(asked, Refused) and asked.needs_confirm and f"The roll of {dice[0]} and {dice[1]}" in asked.reason
    t.ok(type="undo", confirm=True)
    assert t.view["phase"] == 1 and t.view["turn"]["dice"] in (None, [])


# --- what the phones offer (the player's board, and each choice the rulebook gives) ------------------------


def _offered(t, seat):
    from companion.core.offer import offer

    return [o.public() for o in offer(t.game, t.session).for_seat(seat)]


def _labels(t, seat, short=None):
    return [o["label"] for o in _offered(t, seat) if short is None or o["short"] == short]


def _moves(t, seat):
    """The moves offered, listed under the tile each reaches ("Move to Flax")."""
    return [o for o in _offered(t, seat) if (o.get("under") or "").startswith("Move to ")]


def test_costs_have_colours_and_only_those_cubes_pay_them():
    """"The bottom squares show the workshop's construction cost ... Example: 2 gold and 1 flax"."""
    t = VN(n=2, virtual=False)
    keep_cards(t, "Workshop", "Lace 2 cost 1 flax 2 gold")
    t.ok(type="counter", name="flax", seat=0, value=3)
    # 3 flax do not build it: one pays its flax; the other two wait for the workshop's storage.
    assert t.refused(type="place", raw="flax", n=3, onto="workshop 0") == "Lace 2 cost 1 flax 2 gold takes 1 more flax, not 3"
    assert _labels(t, 0, "Cubes") == ["Flax onto Lace 2", "Gold onto Lace 2"]
    t.ok(type="place", raw="flax", n=1, onto="workshop 0")
    assert "takes no flax: it needs 2 gold" in t.refused(type="place", raw="flax", n=1, onto="workshop 0")
    t.ok(type="counter", name="gold", seat=0, value=2)
    gold = next(o for o in _offered(t, 0) if o["short"] == "Cubes" and o["action"]["raw"] == "gold")
    assert gold["fields"]["n"]["default"] == gold["fields"]["n"]["maximum"] == 2  # it starts at what the card needs
    t.ok(type="place", raw="gold", n=2, onto="workshop 0")
    shop = t.view["players"][0]["workshops"][0]
    assert shop["built"] and shop["paid"] == {"flax": 1, "gold": 2}
    assert "the Lace 2 cost 1 flax 2 gold workshop is built" in t.log[-1]
    # Built: its storage takes its own raw material only (flax for lace), up to its capacity.
    assert _labels(t, 0, "Cubes") == ["Flax onto Lace 2"]
    # A deck entered without the colours of its costs is refused, saying how a card is named.
    entered = {"players": [{"name": "A"}, {"name": "B"}], "deck_modes": {"workshops": "virtual"},
               "compositions": {"workshops": {"Lace 2 cost 3": 15}}}
    assert "name it as printed, such as “Lace 2 cost 1 flax 2 gold”" in engine.new_game(LA_VENISE, entered).reason
    # The rulebook's own example, its colours in another order: read, and the name to write is said.
    entered["compositions"]["workshops"] = {"Jewelry 2 cost 2 gold 1 flax": 15}
    assert "write it “Jewelry 2 cost 1 flax 2 gold” (costs in the order wool, flax, gold)" in engine.new_game(
        LA_VENISE, entered).reason


def test_cubes_gained_are_placed_from_the_phone_and_stock_cubes_make_room_for_them():
    t = VN(n=2, virtual=False)
    keep_cards(t, "Workshop", "Jewelry 1 cost 2 gold")
    t.ok(type="counter", name="wool", seat=0, value=4)  # 4 wool, 1 flax, 1 gold: the stock is full
    arrive(t, "Market", (1, 4), 1, "Gold")
    offered = {o["label"]: o for o in _offered(t, 0)}
    assert list(offered)[:3] == ["3 gold onto Jewelry 1, 1 lost",  # the other into the stock
                                 "Take 4 gold into the stock (4 lost)",  # the fewest lost first
                                 "Take 4 gold: where each goes"]
    where = offered["Take 4 gold: where each goes"]["fields"]
    assert where["onto"]["maxEach"] == [3] and where["drop"]["items"]["enum"] == ["wool", "flax", "gold"]
    assert where["drop"]["maxEach"] == [4, 1, 1]
    # Two onto the workshop (it is built), two wool thrown out for the other two gold.
    t.ok(type="advance", use=True, onto=["workshop 0", "workshop 0"], drop=["wool", "wool"])
    assert (t.counter(0, "wool"), t.counter(0, "gold")) == (2, 3)
    assert t.view["players"][0]["workshops"][0]["built"] and "Ada throws out 2 wool from the stock." in t.log


def test_the_bridge_is_paid_with_the_cubes_the_player_chooses():
    t = VN(n=2)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="die", tile="Market", seat=0, value=6)
    t.ok(type="die", tile="Gold", seat=0, value=4)
    t.to_phase(5)
    bridges = [o for o in _offered(t, 0) if o["short"] == "Bridge"]
    assert [o["label"] for o in bridges] == ["Bridge to Gold: 2 cubes"]  # the die taken back: its field
    assert bridges[0]["fields"]["pay"]["enumNames"] == ["1 flax, 1 gold", "1 wool, 1 gold", "1 wool, 1 flax"]
    assert bridges[0]["fields"]["take_back"]["enumNames"] == ["the 6 on Market", "the 4 on Gold"]
    t.ok(**bridges[0]["action"], pay={"wool": 1, "gold": 1}, take_back="Market")
    assert (t.counter(0, "wool"), t.counter(0, "flax"), t.counter(0, "gold")) == (0, 1, 0)


def test_the_markets_lowering_and_the_ports_shift_are_the_sellers_choices():
    t = VN(n=2, layout=layout(BESIDE_GOLD))
    t.ok(type="price", good="lace", cubes=1, ones=1, twos=1)
    t.ok(type="counter", name="lace", seat=0, value=3)
    arrive(t, "Gold", (1, 3), 1, "Market")
    (sell,) = [o for o in _offered(t, 0) if o["short"] == "Sell"]
    assert sell["label"] == "Sell lace: 8 VP each, up to 3"  # price 4, bonus 4
    assert sell["fields"]["lower"]["enumNames"] == ["a cube off", "a +1 card off", "a +2 card off"]
    t.ok(**sell["action"], n=2, lower="two")
    assert t.view["prices"]["lace"] == 2 and t.view["players"][0]["vp"] == 16
    t.ok(type="end_turn")  # Bea's (Ada's passed by itself: nothing else to do)
    arrive(t, "Gold", (1, 5), 1, "Port 1")
    (export,) = [o for o in _offered(t, 0) if o["short"] == "Export"]
    assert export["fields"]["price"]["enumNames"] == ["stays at 2", "up to 3", "down to 1 (a cube off)", "down to 1 (a +1 card off)"]
    t.ok(**export["action"], price="one")
    assert t.view["price_pieces"]["lace"] == {"cubes": 1, "ones": 0, "twos": 0} and t.view["players"][0]["vp"] == 21


def test_a_move_by_boat_is_offered_beside_the_walk_and_the_player_places_it_next_to_a_quarter_tile_of_his_choice():
    """[R] "The player takes the Boat and places it next to a Quarter tile of his choice": in the canal beside
    that tile (at the city's edge, or between it and a neighbour), which the move's picker asks."""
    t = VN(n=2, layout=layout(ROW))
    t.ok(type="boat", boat=["Order"])
    t.ok(type="burgher", seat=0, tile="Order")
    t.ok(type="advance", dice=[3, 1])
    moves = [o["label"] for o in _moves(t, 0)]
    assert moves[:2] == ["Flax: move 3, act 1", "Flax by Boat: move 3, act 1"]  # Gold, Wool, Flax on foot
    assert "Market by Boat: move 3, act 1" in moves and len(moves) == len(set(moves))
    option = next(o for o in _offered(t, 0) if o["label"] == moves[1])
    assert option["fields"]["boat"]["enum"] == [["Flax"], ["Wool", "Flax"], ["Flax", "Master Builder"]]
    assert option["fields"]["boat"]["enumNames"] == ["next to Flax", "between Wool and Flax", "between Flax and Master Builder"]
    assert "boat: where the Boat is left, next to Flax" in t.refused(**option["action"], boat=["Gold", "Flax"])
    t.ok(**option["action"], boat=["Wool", "Flax"])
    assert t.view["boat"] == ["Wool", "Flax"] and t.view["players"][0]["burgher"] == "Flax"
    assert "The Boat is left between Wool and Flax." in t.log


def test_the_boat_in_a_canal_is_used_from_any_tile_it_touches_once_a_move():
    """[R] "It must be adjacent to the tile on which the Burgher is located when it is used": where Market, Wool
    and Flax meet, it takes a Burgher from any of the three; and once a move (the rulebook is silent on twice:
    the companion's reading, in the guide)."""
    from companion.games.la_venise_du_nord.city import DEFAULT_LAYOUT, routes

    here = {t: list(at) for t, at in DEFAULT_LAYOUT.items()}
    for start in ("Market", "Wool", "Flax"):
        assert any("boat" in r["path"] for r in routes(here, start, 3, [], ["Wool", "Flax", "Market"])), start
    assert not any("boat" in r["path"] for r in routes(here, "Flax", 3, [], ["Wool"]))  # not beside Flax
    assert all(r["path"].count("boat") <= 1 for r in routes(here, "Market", 6, [], ["Market"]))
    t = VN(n=2)
    t.ok(type="boat", boat=["Market", "Wool", "Flax"])
    assert t.view["boat"] == ["Wool", "Flax", "Market"] and t.log[-1] == "The Boat lies where Wool, Flax and Market meet."
    assert t.refused(type="boat", boat=["Market", "Port 1"]).startswith("boat: the tiles the Boat touches")  # apart


def _keep_option(t, seat=0):
    keep, none = [o for o in _offered(t, seat) if o["short"] in ("Keep", "None")]
    assert none["action"] == {"type": "advance", "keep": None}  # "He may keep one of them, or none"
    return keep


def test_each_order_card_has_the_type_of_goods_and_the_change_in_price_so_a_real_one_is_picked_in_one_tap():
    """[R] "Each Order card has 2 characteristics: the type of goods concerned, as well as the change in the price
    of the goods": with real cards the Order kept is one of the six the rulebook describes, picked, never typed."""
    t = VN(n=2, virtual=False, start="Market")
    arrive(t, "Market", (1, 3), 1, "Order")
    keep = _keep_option(t)
    assert keep["label"] == "Draw 3 Order, keep one" and keep["taps"] == "orders"
    assert list(keep["fields"]) == ["keep"]
    assert keep["fields"]["keep"]["enum"] == ["Clothing +1", "Clothing +2", "Lace +1", "Lace +2", "Jewelry +1", "Jewelry +2"]
    assert t.refused(type="advance", keep="Lace +3") == "keep: 'Lace +3' is not an Order card as printed"
    t.ok(type="advance", keep="Jewelry +2")
    assert t.view["players"][0]["orders"] == [{"card": "Jewelry +2", "good": "jewelry", "value": 2}]


def test_a_workshop_card_is_picked_by_its_good_and_capacity_then_its_construction_cost_from_1_to_6():
    """[R] "The squares at the top indicate the type and quantity (from 1 to 3) … The bottom squares show the
    workshop's construction cost (from 1 to 6)": the rulebook prints no card's cost, so the face is picked from
    the nine there can be, then the cost from every cost of 1 to 6 cubes, in groups of at most 12."""
    t = VN(n=2, virtual=False, start="Market")
    arrive(t, "Market", (1, 3), 1, "Workshop")
    fields = _keep_option(t)["fields"]
    assert fields["keep"]["enum"] == ["Clothing 1", "Clothing 2", "Clothing 3", "Lace 1", "Lace 2", "Lace 3",
                                      "Jewelry 1", "Jewelry 2", "Jewelry 3"]
    cost = fields["cost"]
    assert len(cost["enum"]) == 83 and "6 gold" in cost["enum"] and "7 gold" not in cost["enum"]
    groups = Counter(cost["enumGroups"])
    assert len(groups) <= 12 and max(groups.values()) <= 12 and groups["Flax and gold, 2-4 cubes"] == 6
    assert "Lace 2 cost 1 flax 2 gold" not in fields["keep"]["enum"]
    assert t.refused(type="advance", keep="Lace 9", cost="1 flax") == "keep: 'Lace 9 cost 1 flax' is not a Workshop card as printed"
    assert t.refused(type="advance", keep="Lace 2", cost="7 flax") == "keep: 'Lace 2 cost 7 flax' is not a Workshop card as printed"
    t.ok(type="advance", keep="Lace 2", cost="1 flax 2 gold")
    assert t.view["players"][0]["workshops"][0]["card"] == "Lace 2 cost 1 flax 2 gold"
    assert "Ada draws 3 Workshop cards and keeps Lace 2 cost 1 flax 2 gold; the rest go under the deck, shuffled." in t.log


def test_a_workshop_card_tapped_on_the_reader_is_the_one_the_picker_would_name():
    """A tagged card laid on the reader keeps the same card the phone's picker names: its face and its cost, as
    the companion writes it (the reader's input matches the option offered)."""
    from companion.core import physical
    from companion.core.offer import offer
    from companion.core.strict import match

    t = VN(n=2, virtual=False, start="Market")
    arrive(t, "Market", (1, 3), 1, "Workshop")
    tap = physical.card_action(LA_VENISE, t.state, "workshops", "Lace 2 cost 2 gold 1 flax", "04A1")
    assert tap == {"type": "advance", "keep": "Lace 2", "cost": "1 flax 2 gold", "tag": "04A1"}
    assert match(offer(t.game, t.session).table(), tap).label == "Draw 3 Workshop, keep one"
    t.ok(**tap)
    assert t.view["players"][0]["workshops"][0]["card"] == "Lace 2 cost 1 flax 2 gold"


def test_a_card_this_game_has_seen_is_listed_first():
    """A real card kept before heads the next picker, its face and its cost each in a group of their own."""
    t = VN(n=2, virtual=False, start="Market")
    keep_cards(t, "Master Builder", "Fill stock cost 3 wool")
    arrive(t, "Market", (1, 3), 1, "Master Builder")
    fields = _keep_option(t)["fields"]
    assert fields["keep"]["enum"][0] == "Fill stock" and fields["keep"]["enumGroups"][0] == ["Seen in this game", "Bridge, dice or stock"]
    assert fields["cost"]["enum"][0] == "3 wool" and fields["cost"]["enumGroups"][0] == ["Seen in this game", "Wool"]
    assert len(fields["keep"]["enum"]) == 13 and len(set(fields["keep"]["enum"])) == 13  # listed once, first


def test_there_are_3_master_builders_that_work_like_orders():
    """[R] "These 3 cards function exactly like the Order cards": once three are kept, no fourth is offered, and one
    entered anyway is refused."""
    t = VN(n=2, virtual=False, start="Market")
    keep_cards(t, "Master Builder", "Order Lace +1 cost 1 flax", "Order Lace +2 cost 2 flax", "Order Jewelry +1 cost 1 gold")
    arrive(t, "Market", (1, 3), 1, "Master Builder")
    faces = _keep_option(t)["fields"]["keep"]["enum"]
    assert faces == ["Bridge bonus", "Movement +-1", "Activation +-1", "Fill stock", "Price shift Clothing",
                     "Price shift Lace", "Price shift Jewelry"]
    assert t.refused(type="advance", keep="Order Clothing +1", cost="1 wool") == (
        "the 3 Master Builders that work like Orders are all kept already")


def test_if_there_are_no_more_cards_the_action_is_no_longer_available():
    """[R] "If there are no more cards, the action is no longer available": the Workshop deck holds 15 cards, so
    once 15 are on the boards, the Workshop tile offers no card even with the deck left real (boards of 9
    spaces a row: the 15 cards need both players' first rows)."""
    t = VN(n=2, virtual=False, start="Market", row_spaces=9)
    keep_cards(t, "Workshop", *["Lace 1 cost 1 flax"] * 7)
    t.ok(type="end_turn")
    keep_cards(t, "Workshop", *["Lace 1 cost 1 flax"] * 7)
    seat = arrive(t, "Market", (1, 3), 1, "Workshop")
    assert _keep_option(t, seat)["label"] == "Draw 1 Workshop, keep one"  # one card is left
    t.ok(type="advance", keep="Clothing 3", cost="3 wool 1 flax 1 gold")
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    seat = arrive(t, "Market", (1, 3), 1, "Workshop")
    assert [o["short"] for o in _offered(t, seat) if o["short"] in ("Keep", "None")] == []
    assert t.refused(type="advance", keep="Lace 1", cost="1 flax") == (
        "the Workshop deck is empty (all 15 cards are kept): the action is no longer available")


@pytest.mark.parametrize("n, orders", [(2, "Order cards"), (3, "Order card"), (4, None)])
def test_with_2_players_remove_2_order_cards_of_each_type_with_3_players_1_and_no_plus_2_card(n, orders):
    """[R] "with 2 players, remove 2 Order cards of each type, with 3 players remove 1 Order card of each type.
    Do not remove any +2 cards": with real cards the new game's log tells the table (a virtual deck is the box's
    to sort), beside the Market's cubes it covers."""
    real = VN(n=n, virtual=False, start=None).log
    virtual = VN(n=n, virtual=True, start=None).log
    if orders is None:
        assert not any("Order" in line or "Market tile" in line for line in real)
        return
    told = f"With {n} players, take {4 - n} {orders} of each type out of the Order deck before shuffling it: no +2 card."
    assert told in real and told not in virtual
    assert any(line.startswith(f"With {n} players, put a cube on a 3") for line in virtual)


def test_the_moves_are_listed_by_tile_each_way_with_its_own_effect_once():
    """Phase 2 with both +-1 Master Builders: the phone lists one entry per tile reached ("Move to Flax"), under
    it each way whose effect differs (the activation die, the Boat left elsewhere) once, the Activation +-1
    card a choice on each; every effect a move may have is still offered: no legal move is lost to the shorter
    list."""
    from itertools import product

    from companion.core.engine import apply
    from companion.core.options import listed

    t = VN(n=2, virtual=False)
    keep_cards(t, "Master Builder", "Movement +-1 cost 1 gold", "Activation +-1 cost 1 gold")
    activate_builder(t, 0)
    activate_builder(t, 1)
    t.ok(type="burgher", seat=0, tile="Market")
    t.ok(type="advance", dice=[2, 6])

    def effect(action):
        done = apply(t.game, t.state, action)
        if isinstance(done, Refused):
            return None
        table = done.state["data"]
        return table["burghers"][0], table["turn"]["act"], tuple(table["boat"])

    moves = _moves(t, 0)
    assert all(o["fields"]["act_adjust"]["default"] == 0 for o in moves)  # the card is a choice on each move
    offered = [effect(o["action"] | {"act_adjust": k}) for o in moves if "boat" not in o["fields"]
               for k in o["fields"]["act_adjust"]["enum"]]
    assert None not in offered and len(offered) == len(set(offered))  # each effect once
    legal = {effect({"type": "advance", "die": die, "to": to} | ({"adjust": a} if a else {}) | ({"act_adjust": b} if b else {}))
             for die, to, a, b in product((2, 6), TILES, (None, -1, 1), (None, -1, 1))} - {None}
    assert legal <= set(offered)  # every walk the rules allow, by any die and card
    entries = listed(moves)
    assert len(entries) <= 8 and len(moves) > len(entries)  # the tiles first: 8 at most (9 tiles, not the start)
    assert max(map(len, entries)) <= 12  # and the ways to one tile, with the Movement +-1 card and the Boat
    assert all(len({o["under"] for o in e}) == 1 and e[0]["under"] == f"Move to {e[0]['action']['to']}" for e in entries)


def test_the_boats_places_are_found_under_each_tile_they_touch_and_no_tile_lists_more_than_a_picker():
    from companion.core.fields import PICKER_LIST

    t = VN(n=2, virtual=False)
    (boat,) = [o.fields["boat"] for o in t.offered if o.label.startswith("The Boat lies elsewhere")]
    groups = dict(zip(map(tuple, boat["enum"]), boat["enumGroups"]))
    assert groups[("Flax", "Gold")] == ["Flax", "Gold"]  # between Flax and Gold: under either
    count = Counter(tile for tiles in groups.values() for tile in tiles)
    assert max(count.values()) <= PICKER_LIST and len(count) <= PICKER_LIST, count
    assert all(set(tiles) <= set(place) and len(tiles) >= min(2, len(place)) for place, tiles in groups.items())


def test_a_bridge_set_right_by_hand_is_found_under_either_tile_it_joins():
    t = VN(n=2, virtual=False)
    (stands,) = [o.fields["tiles"] for o in t.offered if o.label == f"A bridge of {t.view['players'][0]['name']}'s stands"]
    assert ["Flax", "Gold"] in stands["enumGroups"]  # a bridge to be set, too, is under either tile
    t.ok(type="bridge", seat=0, tiles=["Flax", "Gold"])
    (gone,) = [o.fields["tiles"] for o in t.offered if o.label == "A bridge is not there"]
    assert gone["enumGroups"] == [["Flax", "Gold"]] and gone["enumNames"] == ["Flax and Gold"]


def test_fill_the_6_squares_with_2_types_of_raw_materials_of_your_choice():
    """[R appendix] "Fill the 6 squares of your Raw Materials stock with 2 types of Raw Materials of your choice":
    every split of the 6 squares in two types is offered (never "6 wool"), each saying which cubes of the stock
    it throws out, and the log says it before the stock is filled."""
    t = VN(n=2, virtual=False)
    keep_cards(t, "Master Builder", "Fill stock cost 1 gold")
    t.ok(type="place", raw="gold", n=1, onto="builder 0")
    t.ok(type="counter", name="flax", seat=0, value=2)  # the stock: 1 wool, 2 flax
    (fill,) = [o["fields"]["fill"] for o in _offered(t, 0) if o["label"] == "Use Fill stock: fill the stock"]
    assert len(fill["enum"]) == 15 and all(len(f) == 2 and min(f.values()) >= 1 for f in fill["enum"])
    assert sorted(set(fill["enumGroups"])) == ["flax and gold", "wool and flax", "wool and gold"]
    names = dict(zip(map(str, fill["enum"]), fill["enumNames"]))
    assert names[str({"wool": 3, "gold": 3})] == "3 wool, 3 gold (out: 2 flax)"
    assert names[str({"wool": 1, "flax": 5})] == "1 wool, 5 flax"
    assert "of 2 kinds" in t.refused(type="builder", card=0, fill={"wool": 6})
    t.ok(type="builder", card=0, fill={"wool": 3, "gold": 3})
    assert t.log[-2:] == ["Ada throws out 2 flax from the stock.",
                          "Ada uses Fill stock cost 1 gold: the stock is filled (3 wool, 3 gold)."]
    assert (t.counter(0, "wool"), t.counter(0, "flax"), t.counter(0, "gold")) == (3, 0, 3)


def test_master_builder_cards_are_placed_on_the_1st_or_2nd_row_at_the_players_choice():
    """[R 1.4.1.2] "Master Builder cards are placed on the 1st or 2nd row at the player's choice ... if the player
    does not have any more valid spaces on his board, he must give up the action": the row is asked while both
    have room, the spaces are counted (boards of 1 space a row here), and a full board gives the tile up."""
    t = VN(n=2, virtual=False, row_spaces=1)
    seat = arrive(t, "Market", (1, 3), 3, "Master Builder")
    keep = _keep_option(t, seat)
    assert keep["fields"]["row"]["enum"] == [1, 2]
    t.ok(type="advance", **picked("builders", "Movement +-1 cost 1 gold"), row=2)
    assert t.data["boards"][seat]["builders"][0]["row"] == 2
    assert "Ada draws 1 Master Builder card and keeps Movement +-1 cost 1 gold on row 2." in t.log
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    arrive(t, "Market", (1, 3), 3, "Master Builder")
    keep = _keep_option(t, seat)
    assert "row" not in keep["fields"] and keep["action"]["row"] == 1 and keep["label"] == "Draw 1 Master Builder, keep one"
    assert keep["fields"]["keep"]["title"] == "the Master Builder card kept (on row 1)"  # the row said with the card
    assert "row: 1" in t.refused(type="advance", **picked("builders", "Bridge bonus cost 2 wool"), row=2)
    t.ok(**keep["action"], **picked("builders", "Bridge bonus cost 2 wool"))
    t.ok(type="end_turn")
    t.ok(type="end_turn")
    arrive(t, "Market", (1, 3), 3, "Master Builder")
    assert [o["label"] for o in _offered(t, seat) if o["short"] in ("Keep", "None", "Skip")] == [
        "Give up Master Builder: rows full"]
    assert "no empty space left on row 1 or 2" in t.refused(type="advance", **picked("builders", "Fill stock cost 3 wool"))
    t.ok(type="advance", use=False)
    assert len(t.data["boards"][seat]["builders"]) == 2


def test_a_master_builder_the_box_drew_goes_on_the_row_picked_with_it():
    """The box's own deck: each card drawn is kept on row 1 or on row 2, one press or tap each (no picker)."""
    t = VN(n=2, virtual=True)
    seat = arrive(t, "Market", (1, 3), 3, "Master Builder")
    (draw,) = [o for o in _offered(t, seat) if o["short"] == "Draw"]
    t.go(**draw["action"])  # the box shuffles and draws
    keeps = [o for o in _offered(t, seat) if o["short"] == "Keep"]
    card = keeps[0]["action"]["keep"]
    assert [(o["label"], o["under"], o["fields"]) for o in keeps[:2]] == [
        (f"Keep {card} on row 1", f"Keep {card}", {}), (f"Keep {card} on row 2", f"Keep {card}", {})]
    t.ok(**keeps[1]["action"])
    assert t.data["boards"][seat]["builders"][0]["row"] == 2 and f"{NAMES[seat]} keeps {card} on row 2" in " ".join(t.log)


def test_the_boats_places_are_named_on_the_boxs_keys_by_what_they_touch_besides_the_tile_opened():
    """Every place of the Boat in the city: the tiles short ("MBldr"), those beside most places first, and each place
    by what it touches besides the tile it is picked under; a few places beside one tile are named beside it."""
    from companion.games.la_venise_du_nord.city import all_berths, berth_field, berths
    from companion.core.fields import conforms

    every = berth_field(all_berths(DEFAULT_LAYOUT), "the Boat left")
    assert conforms(every) is None and every["enum"] == all_berths(DEFAULT_LAYOUT)  # the same places, in order
    assert list(every["groupShort"].values()) == ["Wool", "Flax", "Wkshp", "Order", "Mkt", "Gold", "MBldr", "Port1", "Port2"]
    named = {(tuple(p), g): n for p, gs, ns in zip(every["enum"], every["enumGroups"], every["enumShort"])
             for g, n in zip(gs, ns)}
    assert named[(("Wool",), "Wool")] == "Alone" and named[(("Wool", "Flax"), "Flax")] == "Wool"
    assert named[(("Wool", "Flax", "Market"), "Wool")] == "Fl+Mk"
    for tile in every["groupShort"]:  # a keypad of nine at most under each tile, each name once
        names = [n for (_, g), n in named.items() if g == tile]
        assert len(names) <= 9 and len(set(names)) == len(names)
    port = berth_field(berths(DEFAULT_LAYOUT, "Port 1"), "the Boat left")
    assert port["enumShort"] == ["Alone", "Wool", "Flax", "Wo+Fl"] and "groupShort" not in port
    wool = berth_field(berths(DEFAULT_LAYOUT, "Wool"), "the Boat left")  # eight beside Wool: one keypad, no groups
    assert wool["enumShort"] == ["Alone", "Flax", "MBldr", "Mkt", "Port1", "Fl+Mk", "Fl+P1", "MB+Mk"]
    assert conforms(wool) is None and "enumGroups" not in wool and wool["title"] == "the Boat left beside Wool"
    apart = berth_field([["Wool"], ["Gold"]], "the Boat left")
    assert "enumShort" not in apart  # no tile they share: walked by their names
