"""Merchant Venturers in the pure core: SPEC.md 5's state machine, setup, worked examples MVN-EX-01 to 10,
the gaps of 5.10, and bad input refused with nothing changed."""

import random

import pytest
from merchant_table import BOARD, CARDS, MV, setup

from companion.core import engine
from companion.core.result import Refused
from companion.games import scoring_of
from companion.games.merchant_venturers import MERCHANT_VENTURERS as GAME
from companion.games.merchant_venturers.board import LAND_TILES, PORT_CARDS, TILES
from conftest import Table

WINTER = [1, 2, 3, 6, 7, 8, 9]


# --- setup -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_every_player_starts_with_3_coins_2_cards_a_small_post_and_a_small_slow_ship(n):  # MVN-EX-02
    t = MV(n)
    v = t.view
    assert (v["phase"], v["year"], v["season"], v["first_move"], v["step"]) == ("PREGAME", 0, None, None, "PLACE")
    for p in v["players"]:
        assert (p["coins"], p["cards"], p["fortune"]) == (3, 2, 5)
        assert [(s["fast"], s["large"], s["moves"], s["cargo_space"]) for s in p["ships"]] == [(False, False, 2, 1)]
        # The small post is his, to place: the standings count the posts on the board (none yet).
        assert (p["small_posts"], p["medium_posts"], p["large_posts"], p["start_unplaced"]) == (0, 0, 0, True)
    youngest = v["actor"]
    t.go(**t.plays[0]["action"])  # "Post and ship at ...": now it is on the board
    assert (t.view["players"][youngest]["small_posts"], t.view["players"][youngest]["start_unplaced"]) == (1, False)


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n):
    refused = engine.new_game(GAME, {"players": [{"name": f"P{i}", "age": 20 + i} for i in range(n)], "board": BOARD})
    assert isinstance(refused, Refused) and "2 to 6 players" in refused.reason


def test_the_deal_puts_every_tile_of_the_companions_pattern_at_random():
    t = MV(3, board=False)
    assert [(o["label"], o["action"]) for o in t.view["options"] if o["button"] == "NEXT"] == [("Deal the board", {"type": "advance"})]
    assert "cannot be done now" in t.refused(type="place_start", seat=0, port="O1")
    t.go(type="advance")
    board = t.view["board"]
    old = [p for p in board["ports"] if p["world"] == "old"]
    new = [p for p in board["ports"] if p["world"] == "new"]
    assert sorted(p["good"] for p in old) == sorted(PORT_CARDS["old"]) and sorted(p["good"] for p in new) == sorted(PORT_CARDS["new"])
    assert sorted(board["lands"][s] for p in old for s in p["lands"]) == sorted(LAND_TILES["old"])
    assert sorted(board["lands"][s] for p in new for s in p["lands"]) == sorted(LAND_TILES["new"])
    assert all(len(p["lands"]) == 4 for p in old) and all(len(p["lands"]) == 3 for p in new)
    assert len(board["ports"]) + len(board["lands"]) + 41 == TILES
    assert t.view["layout"][0].startswith("O1 (Old World, dedicated to ") and t.view["layout"][-1] == "Ocean: the other 41 tiles, in the middle"
    assert t.view["step"] == "PLACE"  # dealt once: on to the placements
    other = MV(3, board=False, rng=random.Random(7))
    other.go(type="advance")
    assert other.view["board"] != board  # another shuffle, another board
    t.ok(type="undo", confirm=True)
    assert t.view["board"] is None


def test_an_advance_before_the_deal_deals_the_board():
    t = MV(2, board=False)
    t.go(type="advance")
    assert t.view["board"] is not None and (t.view["phase"], t.view["step"]) == ("PREGAME", "PLACE")


def test_the_starting_pieces_go_to_an_old_world_port_the_youngest_first_and_year_1_waits_for_them():
    t = MV(2)  # Ada 40, Bea 25: Bea places first
    assert t.view["actor"] == 1
    assert "one of the Old World ports (Lisbon, Genoa)" in t.refused(type="advance", port="Havana")
    assert "one of the Old World ports" in t.refused(type="advance")  # no year 1 before every player has placed
    t.ok(type="advance", port="Genoa")
    assert t.data["posts"][1] == {"Genoa": {"size": "small", "goods": []}} and t.ship(1)["at"] == "Genoa"
    assert t.view["actor"] == 0 and t.view["step"] == "PLACE"
    t.ok(type="advance", port="Lisbon")
    assert t.view["step"] == "PREGAME" and t.view["actor"] == 1  # then each may buy, the youngest first
    assert t.view["players"][1]["small_posts"] == 1


# --- the state machine ---------------------------------------------------------------------------------


def test_pregame_advance_with_coins_gives_the_marker_to_the_fewest_the_youngest_on_a_tie():  # MVN-EX-03
    t = MV(4)  # ages Ada 40, Bea 25, Cy 19, Dan 50
    t.start(coins=[5, 3, 3, 8])  # the coins left after the purchases before year 1
    assert t.machine() == (1, "Winter", 1, 2)
    assert [p["coins"] for p in t.view["players"]] == [5, 3, 3, 8]
    assert t.view["lead"] == 2 and any("Cy has the first-move marker" in line for line in t.log)


def test_with_equal_coins_the_marker_goes_to_the_youngest():
    t = MV(4)
    t.start()
    assert t.machine() == (1, "Winter", 1, 2)


def test_birth_years_stand_in_for_ages():
    t = Table(GAME, {"players": [{"name": "Ada", "birth_year": 1990}, {"name": "Bea", "birth_year": 2001}], "board": BOARD})
    assert t.view["actor"] == 1  # Bea, born later, places first
    for _ in range(2):
        t.ok(type="advance", port="Lisbon")
    for _ in range(2):
        t.ok(type="advance")
    assert t.view["first_move"] == 1


def test_winter_has_seven_phases_summer_nine():  # MVN-EX-04
    t = MV(2)
    t.start()
    seen = {}
    while t.view["year"] == 1:
        phases = seen.setdefault(t.view["season"], [])
        if not phases or phases[-1] != t.view["phase"]:
            phases.append(t.view["phase"])
        t.next()
    # Phase 6 is passed over: nobody has bought anything to load, nor holds goods to store.
    assert seen == {"Winter": [p for p in WINTER if p != 6], "Spring": [p for p in WINTER if p != 6],
                    "Summer": [p for p in range(1, 10) if p != 6], "Autumn": [p for p in WINTER if p != 6]}
    seasons = {"Winter": 1, "Summer": 3}  # the flow's phases of a season, whether or not anyone acts in them
    for season, turn in seasons.items():
        state = t.state.set("flow", t.state["flow"].set("round", turn))
        phases = [s for s in GAME.flow.steps[3:] if s.when is None or s.when(state)]
        assert len(phases) == (7 if season == "Winter" else 9)


def test_ten_years_then_game_over_after_the_tenth_autumn():  # MVN-EX-09
    t = MV(3)
    t.start()
    turns = []
    while not t.view["over"]:
        if t.view["phase"] == 1 and (not turns or turns[-1] != (t.view["year"], t.view["season"])):
            turns.append((t.view["year"], t.view["season"]))
        last = t.machine()
        t.next()
    assert len(turns) == 40 and turns[0] == (1, "Winter") and turns[-1] == (10, "Autumn")
    assert last[:3] == (10, "Autumn", 9)
    v = t.view
    assert (v["phase"], v["step"], v["year"], v["season"]) == ("GAME_OVER", "GAME_OVER", 10, "Autumn")
    assert "the game is over" in t.refused(type="advance")
    result = scoring_of(GAME.id).score(GAME.score_sheet(t.state))
    assert [r["total"] for r in result["players"]] == [p["fortune"] for p in v["players"]] == [5, 5, 5]


def test_the_marker_moves_only_as_a_year_starts():
    t = MV(3)
    t.start()  # all 3 coins: Cy (19) has it
    assert t.view["first_move"] == 2
    t.set_coins(0, 0)
    t.to("Spring", 1)
    assert t.view["first_move"] == 2  # a year has not started
    t.to("Winter", 1)
    assert t.machine() == (2, "Winter", 1, 0) and t.view["lead"] == 0


def test_the_coins_as_autumn_ends_decide_the_next_years_marker():
    t = MV(3)
    t.start()
    t.to("Autumn", 9)
    t.set_coins(1, 1)
    t.to("Winter", 1)
    assert t.machine() == (2, "Winter", 1, 1)


def test_the_season_and_the_wind_head_the_screens_and_the_phase_is_on_the_oled_line():
    t = MV(2)
    assert (t.view["round_label"], t.view["status"]) == ("", "Place post and ship")
    t.start()
    assert (t.view["wind"], t.view["round_label"], t.view["status"]) == ("North", "Y1 Win N", "the season changes")
    t.to("Summer", 3)
    assert (t.view["wind"], t.view["round_label"], t.view["status"]) == ("South", "Y1 Sum S", "buy")
    t.to("Summer", 5)
    assert t.view["status"] == "every port is done"  # nobody is in the New World


def test_the_wind_is_the_tables_to_set():
    winds = {"Winter": "North-West", "Spring": "West", "Summer": "East", "Autumn": "South"}
    t = MV(2, wind=winds)
    t.start()
    assert t.view["wind"] == "North-West" and t.view["round_label"] == "Y1 Win NW"
    bad = engine.new_game(GAME, setup(2, wind={"Winter": "Up"}))
    assert isinstance(bad, Refused) and bad.reason.startswith("wind:")


# --- resources -------------------------------------------------------------------------------------------


def test_resources_are_made_in_their_seasons_and_go_to_the_ports_in_summer():
    t = MV(2)
    t.start()
    t.to("Winter", 2)
    # Winter: furs (warm_cold table) on Quebec's own lands. The land both ports share goes to the port with
    # more trading-post levels: none anywhere, so the northern one, Havana, and it makes Havana's gold.
    t.ok(type="advance")
    assert t.data["lands"] == {"q1": {"furs": 1}, "q2": {"furs": 1}}
    t.to("Summer", 4)  # Spring made furs again; Summer: gold at Havana's two producing lands (h2 is a desert)
    assert t.data["lands"]["s"] == {"gold": 1} and t.data["lands"]["h1"] == {"gold": 1}
    t.ok(type="advance")
    assert t.view["stock"] == {"Havana": {"gold": 2}, "Quebec": {"furs": 4}}
    assert t.view["on_lands"] == {}


def test_a_shared_land_goes_to_the_port_with_more_trading_post_levels():
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.as_(0)
    t.ok(type="buy_post", seat=0, port="Quebec")  # from Spring the shared land makes Quebec's furs
    t.to("Summer", 4)
    assert t.data["lands"]["s"] == {"furs": 1}  # Spring's; Summer makes no furs
    t.ok(type="advance")
    assert t.view["stock"] == {"Havana": {"gold": 1}, "Quebec": {"furs": 5}}


def test_the_leftmost_reading_of_the_season_table():
    t = MV(2, options={"season_table": "leftmost"})
    t.start()
    t.to("Winter", 2)
    t.ok(type="advance")
    assert t.data["lands"] == {}  # nothing is made in Winter in that reading
    t.to("Spring", 2)
    t.ok(type="advance")
    assert t.data["lands"]["h1"] == t.data["lands"]["s"] == {"gold": 1} and t.data["lands"]["q1"] == {"furs": 1}


def test_a_season_table_of_the_tables_own_keeps_the_rulebooks_counts():
    seasons = {"crops": ["Winter", "Spring", "Summer"], "furs": ["Winter", "Spring", "Autumn"], "spices": ["Summer", "Autumn"],
               "wood": ["Winter", "Summer"], "gold": ["Winter"]}
    t = MV(2, seasons=seasons)
    t.start()
    t.to("Winter", 2)
    t.ok(type="advance")
    assert t.data["lands"]["h1"] == {"gold": 1}
    wrong = dict(seasons, gold=["Winter", "Summer"])
    bad = engine.new_game(GAME, setup(2, seasons=wrong))
    assert isinstance(bad, Refused) and "marks 1 season for it, not 2" in bad.reason


# --- buying and selling ------------------------------------------------------------------------------------


def _summer_goods(t):
    """Year 1's Summer, phase 5, with Havana holding 2 gold and Quebec 4 furs."""
    t.start()
    t.to("Summer", 5)
    assert t.view["stock"] == {"Havana": {"gold": 2}, "Quebec": {"furs": 4}}


def test_only_a_player_with_a_post_or_a_ship_at_a_port_buys_there_and_pays_the_tables_price():
    t = MV(2)
    _summer_goods(t)
    assert "every port is done" in t.refused(type="buy_goods", seat=0, port="Havana", good="gold")  # nobody is there
    t.ok(type="move_ship", seat=0, ship=1, to="Havana")
    assert t.view["port_order"] == {"Havana": [0], "Quebec": []}
    assert t.view["trading"] is None  # Ada is there, but gold costs 5 and she has 3: passed over, saying why
    assert t.view["status"].endswith("every port is done · Ada passed over at Havana: 3 coins, the cheapest good 5")
    t.set_coins(0, 20)
    assert t.view["trading"] == {"name": "Havana", "seat": 0}
    (gold,) = [o["label"] for o in t.offered_to(0) if o["short"] == "Buy"]
    assert gold == "Buy gold at Havana: 5 each, up to 2 (room here for 1)"  # a small ship, no post: one is lost
    assert "has 2 gold for sale, not 3" in t.refused(type="buy_goods", seat=0, port="Havana", good="gold", n=3)
    t.ok(type="buy_goods", seat=0, port="Havana", good="gold", n=2)
    assert t.coins(0) == 10 and t.view["stock"]["Havana"] == {"gold": 0}  # gold costs 5 (placeholder)
    assert t.view["players"][0]["bought"] == {"Havana": ["gold", "gold"]}
    assert t.view["trading"] is None  # nothing left that she could buy


def test_goods_bought_are_loaded_or_stored_or_lost():
    t = MV(2)
    _summer_goods(t)
    t.ok(type="move_ship", seat=0, ship=1, to="Quebec")
    t.ok(type="buy_goods", seat=0, port="Quebec", good="furs", n=2)
    t.to("Summer", 6)  # Ada passes with her last coin
    t.as_(0)
    assert "room for 1 more good" in t.refused(type="load", seat=0, ship=1, good="furs", n=2)
    t.ok(type="load", seat=0, ship=1, good="furs")
    assert t.ship(0)["cargo"] == ["furs"]
    (nxt,) = [o for o in t.offered if o.button == "NEXT"]  # NEXT would lose a fur: it asks first
    assert nxt.confirm and "Ada loses 1 furs: neither loaded nor stored" in nxt.label
    t.ok(type="advance", confirm=True)
    assert t.data["quay"][0] == {} and any("Ada loses 1 furs: neither loaded nor stored" in line for line in t.log)


def test_purchase_order_at_a_port_largest_post_first_then_ships_in_turn_order():
    t = MV(3)
    t.start()  # the marker: Cy (seat 2), then Ada, Bea
    t.to("Winter", 3)
    for seat in range(3):
        t.set_coins(seat, 20)
    t.ok(type="move_ship", seat=2, ship=1, to="Havana")
    t.as_(0)  # Cy, then Ada, then Bea
    t.ok(type="buy_post", seat=0, port="Havana")
    t.as_(1)
    t.ok(type="buy_post", seat=1, port="Havana")
    t.ok(type="upgrade_post", seat=1, port="Havana")
    t.to("Summer", 5)
    assert t.view["port_order"]["Havana"] == [1, 0, 2]


def test_a_large_post_takes_a_coin_off_the_purchase_price():  # MVN-EX-08
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.set_coins(0, 20)
    t.as_(0)
    t.ok(type="buy_post", seat=0, port="Havana")
    assert t.coins(0) == 19 and t.view["players"][0]["posts"]["Havana"]["size"] == "small"
    t.ok(type="upgrade_post", seat=0, port="Havana")
    assert t.coins(0) == 17
    t.ok(type="upgrade_post", seat=0, port="Havana")
    assert t.coins(0) == 14 and t.view["players"][0]["large_posts"] == 1
    assert "already large" in t.refused(type="upgrade_post", seat=0, port="Havana")
    assert t.view["prices"]["purchase"]["Havana"] == {"crops": [0, 1], "furs": [0, 1], "spices": [1, 2], "ebony": [2, 3], "gold": [4, 5]}


def test_trading_post_storage_is_1_2_4():  # MVN-EX-08
    t = MV(2)
    t.start()
    t.to("Summer", 3)
    t.set_coins(0, 50)
    t.as_(0)
    for port, upgrades in (("Quebec", 2), ("Havana", 1)):
        t.ok(type="buy_post", seat=0, port=port)
        for _ in range(upgrades):
            t.ok(type="upgrade_post", seat=0, port=port)
    t.to("Summer", 5)
    # The shared land made gold for Havana before Quebec's post grew larger: the gold still goes where gold is made.
    assert t.view["stock"] == {"Havana": {"gold": 2}, "Quebec": {"furs": 4}}
    t.ok(type="buy_goods", seat=0, port="Havana", good="gold", n=2)  # north to south: Havana first
    t.ok(type="buy_goods", seat=0, port="Quebec", good="furs", n=4)
    t.to("Summer", 6)
    t.as_(0)
    t.ok(type="store", seat=0, port="Quebec", good="furs", n=4)
    assert "large trading post at Quebec has room for 0 more" in t.refused(type="store", seat=0, port="Quebec", good="furs")
    t.ok(type="store", seat=0, port="Havana", good="gold", n=2)
    assert "medium trading post at Havana has room for 0 more" in t.refused(type="store", seat=0, port="Havana", good="gold")
    assert t.view["players"][0]["held_goods"] == 6


def test_an_old_world_port_buys_one_unit_per_land_of_that_good_a_season():  # MVN-EX-01
    t = MV(2)
    t.start()
    assert t.view["demand"]["Lisbon"] == {"gold": 2, "spices": 1, "ebony": 1}
    assert t.view["demand"]["Genoa"] == {"crops": 1}
    t.to("Winter", 8)
    ship = t.data["ships"][0][0]
    state = t.state.set("data", t.data.set("ships", t.data["ships"].set(0, t.data["ships"][0].set(0, ship.set("large", True).set("cargo", ["gold"] * 3)))))
    t.session = engine.start_session(state)
    assert "buys 2 more gold this season, not 3" in t.refused(type="sell", seat=0, port="Lisbon", good="gold", n=3)
    t.ok(type="sell", seat=0, port="Lisbon", good="gold", n=2)
    assert t.view["demand"]["Lisbon"]["gold"] == 0 and t.view["trading"] is None  # nothing more Lisbon buys of hers
    t.ok(type="advance")  # the third gold is neither sold nor stored: discarded from the docked ship
    assert t.ship(0)["cargo"] == [] and any("discards gold" in line for line in t.log)
    t.to("Spring", 8)
    assert t.view["demand"]["Lisbon"]["gold"] == 2  # a new season, a new market


def _with_cargo(t, seat, goods, large=True, fast=False, ship=1):
    data = t.data
    ships = data["ships"][seat]
    i = next(k for k, s in enumerate(ships) if s["id"] == ship)
    ships = ships.set(i, ships[i].set("cargo", goods).set("large", large).set("fast", fast))
    t.session = engine.start_session(t.state.set("data", data.set("ships", data["ships"].set(seat, ships))))


def test_gold_at_a_dedicated_port_with_the_largest_large_post_fetches_13():  # MVN-EX-05
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.set_coins(0, 20)
    t.as_(0)
    t.ok(type="upgrade_post", seat=0, port="Lisbon")
    t.ok(type="upgrade_post", seat=0, port="Lisbon")
    t.to("Winter", 8)
    assert t.view["prices"]["sale"]["Lisbon"]["gold"] == [13, 11]  # Bea: dedicated +1 only
    _with_cargo(t, 0, ["gold"])
    before = t.coins(0)
    t.ok(type="sell", seat=0, port="Lisbon", good="gold")
    assert t.coins(0) == before + 13


def test_crops_at_a_normal_port_without_a_post_fetch_2():  # MVN-EX-06
    t = MV(2)
    t.start()
    t.ok(type="move_ship", seat=1, ship=1, to="Genoa")
    t.to("Winter", 8)
    _with_cargo(t, 1, ["crops"], large=False)
    t.ok(type="sell", seat=1, port="Genoa", good="crops")
    assert t.coins(1) == 5


@pytest.mark.parametrize("rule, price", [("strict", 12), ("shared", 13)])
def test_tied_largest_posts(rule, price):  # SPEC 5.10.9, and the option
    t = MV(2, options={"largest_post": rule})
    t.start()
    t.to("Winter", 3)
    for seat in (1, 0):  # Bea, the younger, has the marker
        t.set_coins(seat, 20)
        t.as_(seat)
        t.ok(type="upgrade_post", seat=seat, port="Lisbon")
        t.ok(type="upgrade_post", seat=seat, port="Lisbon")
    assert t.view["prices"]["sale"]["Lisbon"]["gold"] == [price, price]


def test_goods_are_sold_from_the_ships_first_then_the_post():
    t = MV(2)
    t.start()
    t.to("Winter", 8)
    _with_cargo(t, 0, ["spices", "spices"])
    t.ok(type="store", seat=0, port="Lisbon", good="spices")
    assert t.data["posts"][0]["Lisbon"]["goods"] == ["spices"] and t.ship(0)["cargo"] == ["spices"]
    t.ok(type="sell", seat=0, port="Lisbon", good="spices")
    assert t.data["posts"][0]["Lisbon"]["goods"] == ["spices"] and t.ship(0)["cargo"] == []
    assert t.coins(0) == 3 + 5  # Bea's post at Lisbon is as large, and Lisbon is gold's port


# --- ships ------------------------------------------------------------------------------------------------


def test_a_fast_large_ship_costs_6_moves_4_carries_3_and_scores_6():  # MVN-EX-07
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.ok(type="upgrade_ship", seat=1, ship=1, large=True)  # Bea's turn first
    t.set_coins(0, 10)
    t.as_(0)
    t.ok(type="buy_ship", seat=0, port="Lisbon", fast=True, large=True)
    assert t.coins(0) == 4
    ship = t.view["players"][0]["ships"][1]
    assert (ship["id"], ship["moves"], ship["cargo_space"], ship["at"]) == (2, 4, 3, "Lisbon")
    assert t.view["players"][0]["fortune"] == 4 + 2 + 6
    t.ok(type="upgrade_ship", seat=0, ship=1, fast=True)
    t.set_coins(0, 2)
    t.ok(type="upgrade_ship", seat=0, ship=1, large=True)
    assert t.view["players"][0]["fortune"] == 0 + 6 + 6


def test_ships_are_upgraded_only_docked_in_the_old_world_and_bought_there():
    t = MV(2)
    t.start()
    t.ok(type="move_ship", seat=0, ship=1, to="Havana")
    t.to("Winter", 3)
    assert "it is Bea's turn to buy" in t.refused(type="upgrade_ship", seat=0, ship=1, fast=True)
    t.as_(0)
    assert "not docked at an Old World port" in t.refused(type="upgrade_ship", seat=0, ship=1, fast=True)
    assert "one of the Old World ports" in t.refused(type="buy_ship", seat=0, port="Havana")
    assert "has 3 coins, and the price of a large ship is 4" in t.refused(type="buy_ship", seat=0, port="Lisbon", large=True)
    t.ok(type="move_ship", seat=0, ship=1, to="sea")
    assert "not docked" in t.refused(type="upgrade_ship", seat=0, ship=1, large=True)


def test_a_ship_sails_once_a_season():
    t = MV(2)
    t.start()
    t.to("Winter", 7)
    t.as_(0)
    t.ok(type="sail", seat=0, ship=1, to="sea")
    assert "has sailed this season" in t.refused(type="sail", seat=0, ship=1, to="Havana")
    t.to("Spring", 7)
    t.as_(0)
    t.ok(type="sail", seat=0, ship=1, to="Havana")
    assert t.ship(0)["at"] == "Havana"


def test_the_sailing_list_names_the_likely_ports_with_their_prices():
    t = MV(2)
    t.start()
    t.to("Winter", 7)
    t.as_(0)
    (sail,) = [o for o in t.offered_to(0) if o["action"]["type"] == "sail"]
    empty = dict(zip(sail["fields"]["to"]["enum"], sail["fields"]["to"]["enumNames"]))
    assert empty["Havana"] == "Havana: gold 5" and empty["sea"] == "out at sea"  # the good made there, its cost
    assert sail["fields"]["to"]["enum"][0] in [p["name"] for p in t.view["board"]["ports"] if p["world"] == "new"]
    from companion.games.merchant_venturers.board import demand

    good = next(g for g, k in demand(t.view["board"], "Genoa").items() if k)  # a good Genoa buys
    _with_cargo(t, 0, [good])
    (sail,) = [o for o in t.offered_to(0) if o["action"]["type"] == "sail"]
    laden = dict(zip(sail["fields"]["to"]["enum"], sail["fields"]["to"]["enumNames"]))
    from companion.games.merchant_venturers.markets import sale_price

    price = sale_price(t.state, 0, "Genoa", good)
    assert sail["fields"]["to"]["enum"][0] == "Genoa" and laden["Genoa"] == f"Genoa: {good} {price}"  # where it sells, first
    assert laden["Havana"] == "Havana"  # a New World port does not buy it: no price


def test_the_last_ship_cannot_sink_it_loses_its_upgrades():  # MVN-EX-10
    t = MV(2)
    t.start()
    _with_cargo(t, 0, ["gold", "furs", "crops"], large=True, fast=True)
    t.ok(type="sink", seat=0, ship=1)
    assert (t.ship(0)["fast"], t.ship(0)["large"], t.ship(0)["cargo"]) == (False, False, ["gold"])
    assert t.view["players"][0]["fortune"] == 3 + 2
    t.to("Winter", 3)
    t.as_(0)
    t.ok(type="buy_ship", seat=0, port="Lisbon")
    t.ok(type="sink", seat=0, ship=1)
    assert [s["id"] for s in t.data["ships"][0]] == [2]


def test_the_last_trading_post_cannot_be_destroyed_it_becomes_small():
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.set_coins(0, 20)
    t.as_(0)
    t.ok(type="upgrade_post", seat=0, port="Lisbon")
    t.ok(type="destroy", seat=0, port="Lisbon")
    assert t.data["posts"][0]["Lisbon"]["size"] == "small"
    t.ok(type="buy_post", seat=0, port="Genoa")
    t.ok(type="destroy", seat=0, port="Genoa")
    assert list(t.data["posts"][0]) == ["Lisbon"]


# --- action cards -------------------------------------------------------------------------------------------


def test_real_action_cards_are_counted():
    t = MV(2)
    t.start()
    t.stored(1, "Lisbon", "furs")  # Bea has something to load: phase 6 is hers
    t.to("Winter", 3)
    t.as_(0)
    t.ok(type="buy_card", seat=0)
    assert (t.coins(0), t.view["players"][0]["cards"]) == (1, 3)
    t.ok(type="play_card", seat=0, card="Storm")
    t.ok(type="play_card", seat=0)
    assert t.view["players"][0]["cards"] == 1 and t.view["decks"]["actions"]["discard"] == 2
    assert t.refused(type="buy_card", seat=0) == "Ada has 1 coin, and the price of an action card is 2"
    t.ok(type="advance")
    assert "cannot be done now (6 Load ships)" in t.refused(type="buy_card", seat=1)
    t.ok(type="play_card", seat=0)
    assert "has no action card" in t.refused(type="play_card", seat=0)


def test_entered_cards_two_of_each_play_virtually_from_the_phones():
    t = MV(2, deck_modes={"actions": "virtual"}, compositions={"actions": CARDS})
    t.go(type="advance")  # the deal: the hands
    hands = [t.state["data"]["hands"][s] for s in (0, 1)]
    assert [len(h) for h in hands] == [2, 2] and GAME.player_view(t.state, 0)["hand"] == list(hands[0])
    assert "hand" not in str(t.view["players"])  # the cards stay on the phones
    assert {o["private"] for o in t.offered_to(0) if o["action"]["type"] == "play_card"} == {True}
    for _ in range(2):
        t.ok(type="advance", port="Lisbon")
    t.as_(0)
    t.go(type="buy_card", seat=0)
    assert len(t.data["hands"][0]) == 3 and t.view["players"][0]["cards"] == 3
    card = t.data["hands"][0][0]
    assert "one of Ada's cards" in t.refused(type="play_card", seat=0, card="Nope")
    t.ok(type="play_card", seat=0, card=card)
    assert len(t.data["hands"][0]) == 2 and t.view["decks"]["actions"]["discard"] == 1
    assert not [o for o in t.offered if o.action.get("name") == "cards"]  # a virtual hand's size is the companion's


def test_an_empty_virtual_draw_pile_is_the_discard_pile_reshuffled():
    t = MV(2, deck_modes={"actions": "virtual"}, compositions={"actions": {"Storm": 2, "Bribe": 2}})
    t.go(type="advance")  # the deal: all four cards are in hands
    t.set_coins(0, 10)
    for card in list(t.data["hands"][0]):
        t.ok(type="play_card", seat=0, card=card)
    for _ in range(2):
        t.ok(type="advance", port="Lisbon")
    t.as_(0)
    t.go(type="buy_card", seat=0)
    assert len(t.data["hands"][0]) == 1 and any("reshuffled" in line for line in t.log)


def test_an_entered_deck_has_two_of_each_card():
    bad = engine.new_game(GAME, setup(2, deck_modes={"actions": "virtual"}, compositions={"actions": {"Storm": 3}}))
    assert isinstance(bad, Refused) and "two of each card, not 3 of Storm" in bad.reason
    bad = engine.new_game(GAME, setup(2, deck_modes={"actions": "virtual"}))
    assert isinstance(bad, Refused) and "can only be physical" in bad.reason
    bad = engine.new_game(GAME, setup(5, deck_modes={"actions": "virtual"}, compositions={"actions": {"Storm": 2, "Bribe": 2}}))
    assert isinstance(bad, Refused) and "4 cards cannot deal 2 to each of 5 players" in bad.reason


# --- setup checks and bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("board, why", [
    ({"ports": []}, "board.ports: at least one Old World and one New World port"),
    ({"ports": {}}, "board: an object with ports"),
    ({"ports": [{"name": "X", "world": "old", "good": "gold", "lands": ["a"]}], "lands": {"a": "gold"}}, "at least one Old World and one New World"),
    (dict(BOARD, lands=dict(BOARD["lands"], l1="silver")), "board.lands.l1"),
    (dict(BOARD, lands=dict(BOARD["lands"], extra="gold")), "extra is attached to no port"),
    ({"ports": [dict(BOARD["ports"][0], lands=["h1"])] + BOARD["ports"][1:], "lands": BOARD["lands"]}, "h1 is a land tile, which belongs to the New World"),
    ({"ports": BOARD["ports"] + [BOARD["ports"][0]], "lands": BOARD["lands"]}, "each port its own"),
    ({"ports": [dict(BOARD["ports"][2], good=None)] + BOARD["ports"][:2] + BOARD["ports"][3:], "lands": BOARD["lands"]}, "the good its card names"),
])
def test_a_board_the_table_enters_is_checked(board, why):
    bad = engine.new_game(GAME, setup(2, board=False) | {"board": board})
    assert isinstance(bad, Refused) and why in bad.reason, bad


@pytest.mark.parametrize("key, value, why", [
    ("goods_prices", {"gold": 5}, "goods_prices: each good"),
    ("goods_prices", {"crops": 1, "furs": 1, "spices": 2, "ebony": -3, "gold": 5}, "whole numbers"),
    ("seasons", {"gold": ["Summer"]}, "seasons: each good"),
    ("options", {"small_post": 5}, "options.small_post"),
])
def test_bad_settings_are_refused(key, value, why):
    bad = engine.new_game(GAME, setup(2, **{key: value}))
    assert isinstance(bad, Refused) and why in bad.reason


def test_the_tables_goods_prices():
    t = MV(2, goods_prices={"crops": 2, "furs": 2, "spices": 3, "wood": 4, "gold": 7})
    t.start()
    assert t.view["prices"]["purchase"]["Havana"]["ebony"] == [4, 4]


BAD = [
    {"type": "buy_ship", "seat": 9, "port": "Lisbon"},
    {"type": "buy_ship", "seat": 0, "port": "Lisbon", "fast": "yes"},
    {"type": "buy_ship", "seat": "0", "port": "Lisbon"},
    {"type": "upgrade_ship", "seat": 0, "ship": "1", "fast": True},
    {"type": "upgrade_ship", "seat": 0, "ship": 1},
    {"type": "upgrade_ship", "seat": 0, "ship": 7, "large": True},
    {"type": "buy_post", "seat": 0, "port": "Lisbon"},
    {"type": "buy_post", "seat": 0, "port": ["Genoa"]},
    {"type": "upgrade_post", "seat": 0, "port": "Genoa"},
    {"type": "buy_goods", "seat": 0, "port": "Havana", "good": "gold"},
    {"type": "buy_goods", "seat": 0, "port": "Lisbon", "good": "gold"},
    {"type": "buy_goods", "seat": 0, "port": "Havana", "good": "silver"},
    {"type": "buy_goods", "seat": 0, "port": "Havana", "good": "gold", "n": 1.0},
    {"type": "sell", "seat": 0, "port": "Lisbon", "good": "gold", "n": True},
    {"type": "sell", "seat": 0, "port": "Havana", "good": "gold"},
    {"type": "sail", "seat": 0, "ship": 1, "to": None},
    {"type": "sell", "seat": 0, "port": "Lisbon", "good": "gold"},
    {"type": "load", "seat": 0, "ship": 1, "good": "gold"},
    {"type": "sail", "seat": 0, "ship": 1, "to": "Lisbon"},
    {"type": "move_ship", "seat": 0, "ship": 1, "to": "moon"},
    {"type": "sink", "seat": 0, "ship": None},
    {"type": "destroy", "seat": 0, "port": "Genoa"},
    {"type": "play_card", "seat": 0, "card": 7},
    {"type": "place_start", "seat": 0, "port": "Lisbon"},
    {"type": "deal"},
    {"type": "draw", "deck": "actions", "cards": ["Storm"]},
    {"type": "pass", "seat": 0, "port": "Lisbon"},
    {"type": "roll", "spec": "1d6"},
    {"type": "fly"},
]


# Where each kind of action is allowed: bad input is refused there for what it is, not for the phase.
WHERE = {"buy_goods": ("Summer", 5), "load": ("Winter", 6), "sail": ("Winter", 7), "sell": ("Winter", 8)}


@pytest.mark.parametrize("action", BAD, ids=[f"{a['type']}-{i}" for i, a in enumerate(BAD)])
def test_bad_input_is_refused_and_changes_nothing(action):
    t = MV(2)
    t.start()
    t.stored(0, "Lisbon", "furs")  # something to load (not gold): phase 6 is not passed over
    t.to(*WHERE.get(action["type"], ("Winter", 3)))
    if t.view["actor"] is not None:
        t.as_(0)  # Ada's own part of the phase: refused for what the input is
    assert "it is Bea's" not in t.refused(**action)


def test_phases_allow_their_own_actions_only():
    t = MV(2)
    t.start()
    t.stored(0, "Lisbon", "furs")  # Ada has something to load: phase 6 is not passed over
    t.to("Winter", 6)
    for action in ({"type": "buy_ship", "seat": 0, "port": "Lisbon"}, {"type": "buy_goods", "seat": 0, "port": "Havana", "good": "gold"},
                   {"type": "sail", "seat": 0, "ship": 1, "to": "sea"}, {"type": "sell", "seat": 0, "port": "Lisbon", "good": "gold"}):
        assert t.refused(**action) == "that cannot be done now (6 Load ships)"


# --- from a review ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("key, value, why", [
    ("board", dict(BOARD, ports=[dict(BOARD["ports"][0], lands=["l1", ["x"], "l3", "l4"])] + BOARD["ports"][1:]), "board.ports[0].lands"),
    ("board", dict(BOARD, ports=[dict(BOARD["ports"][0], name="Sea")] + BOARD["ports"][1:]), "means a ship out at sea"),
    ("seasons", {"crops": [["Spring"]], "furs": [], "spices": [], "ebony": [], "gold": []}, "seasons.crops"),
    ("wind", {"Winter": ["North"], "Spring": "East", "Summer": "South", "Autumn": "West"}, "wind:"),
])
def test_from_a_review_malformed_setup_is_refused_not_raised(key, value, why):
    bad = engine.new_game(GAME, setup(2, board=key != "board") | {key: value})
    assert isinstance(bad, Refused) and why in bad.reason, bad


def test_from_a_review_the_first_button_deals_only_what_is_not_dealt():
    entered = MV(2, deck_modes={"actions": "virtual"}, compositions={"actions": CARDS})
    assert [o["label"] for o in entered.view["options"] if o["button"] == "NEXT"] == ["Deal the action cards"]
    real = MV(2)
    assert real.plays[0]["label"] == "Post and ship at Lisbon" and real.view["actor"] == 1  # the youngest places first


def test_from_a_review_the_phone_buys_goods_only_at_new_world_ports():
    t = MV(2)
    t.start()
    t.to("Summer", 5)
    assert "buy_goods" not in [o["action"]["type"] for o in t.offered_to(0)]
    t.ok(type="move_ship", seat=0, ship=1, to="Quebec")
    buy = next(o for o in t.offered_to(0) if o["action"]["type"] == "buy_goods")
    assert buy["action"]["port"] == "Quebec" and buy["label"] == "Buy furs at Quebec: 1 each, up to 3 (room here for 1)"


def test_the_table_page_says_who_leads_the_year_and_whose_chance_it_is_at_a_port():
    t = MV(2)
    t.start()
    assert t.view["sections"][0] == {"title": "Year 1, Winter", "lines": ["Bea has the first-move marker",
                                                                         "The wind blows from the North"]}
    t.ok(type="move_ship", seat=0, ship=1, to="Havana")
    t.ok(type="move_ship", seat=1, ship=1, to="Havana")
    t.set_coins(0, 20)
    t.set_coins(1, 20)
    t.to("Summer", 5)
    assert t.view["sections"][0]["lines"][2] == "Bea's chance at Havana; then Ada"  # ships only: in turn order
    assert (t.view["trading"], t.view["actor"]) == ({"name": "Havana", "seat": 1}, None)
    t.ok(type="pass", seat=1, port="Havana")
    assert t.view["sections"][0]["lines"][2] == "Ada's chance at Havana; then Bea"


def test_nothing_this_season_ends_a_players_quiet_season_in_one_tap():
    """A season in which a player does nothing costs him one tap, not a Done in each of his phases; a phase in
    which nobody has anything to do (nothing to load) is passed over."""
    t = MV(2)
    t.start()
    t.to("Winter", 3)
    t.as_(0)
    (quiet,) = [o for o in t.offered_to(0) if o["short"] == "Quiet"]
    assert quiet["label"] == "Nothing this season: pass it all"
    t.ok(**quiet["action"])
    assert "Ada: nothing this season." in t.log
    acted = set()
    while t.view["season"] == "Winter":
        if t.view["actor"] is not None:
            acted.add((t.view["phase"], t.view["actor"]))
        t.next()
    assert {seat for phase, seat in acted if phase in (7, 9)} == {1}  # Bea sails and buys again; Ada is passed over
    assert not any(phase == 6 for phase, _ in acted)  # nobody had anything to load
    t.to("Spring", 3)
    t.as_(0)  # the next season, Ada's again
    assert any(o["short"] == "Quiet" for o in t.offered_to(0))


def test_after_a_sail_passing_the_rest_of_the_season_asks_first():
    """On the box the cursor stays on "Quiet" after a sail (the only choice left): one more ACTION passed the
    player's chances at the ports without a word. Once a ship of his sailed, it says what it is and asks first."""
    t = MV(2)
    t.start()
    t.to("Winter", 7)
    t.as_(0)
    t.ok(type="sail", seat=0, ship=1, to="sea")
    (quiet,) = [o for o in t.offered_to(0) if o["short"] == "Quiet"]
    assert (quiet["label"], quiet["confirm"]) == ("Nothing more this season", True)
    t.ok(**quiet["action"], confirm=True)
    assert "Ada: nothing more this season." in t.log


def test_a_ship_set_right_by_hand_is_named_with_where_it_is_and_a_long_list_is_picked_by_where_first():
    t = MV(2)
    t.start()
    (sink,) = [o for o in t.offered_to(0) if o["action"]["type"] == "sink"]
    ship = sink["fields"]["ship"]
    assert ship["enumNames"] == ["ship 1 (Lisbon)"] and ship["enumGroups"] == ["Lisbon"]


# --- the log marks out a new year ----------------------------------------------------------------------


def test_at_the_start_of_each_year_the_marker_goes_to_the_fewest_coins_the_youngest_of_the_tied_and_the_log_says_why():
    t = MV(3)  # Ada 40, Bea 25, Cy 19
    t.start(coins=[3, 2, 3])
    assert "Year 1 begins. Bea has the first-move marker (the fewest coins)." in t.log
    t.to("Spring", 1)
    assert t.log.count("Year 1, Spring: Bea leads.") == 1
    t.set_coins(1, 3)  # all three tied on 3 coins: the youngest, Cy
    t.to("Winter", 1)
    assert "Year 2 begins (Winter): Cy has the first-move marker (the fewest coins; the youngest of the tied)." in t.log
    assert not any(line.startswith("Turn ") for line in t.log)  # no bare turn numbers once the years run


# --- how far a ship sails, on the companion's own board ------------------------------------------------


def _dealt(n=2):
    """The companion's own board dealt; every starting ship and post at O1."""
    t = MV(n, board=False)
    t.go(type="advance")
    while t.view["step"] == "PLACE":
        t.ok(type="advance", port="O1")
    while t.view["step"] == "PREGAME":
        t.ok(type="advance")
    return t


def _sail_list(t, seat, names=False):
    """Where the seat's ship may end its sailing, as listed (with names: each port's line)."""
    (sail,) = [o for o in t.offered_to(seat) if o["action"]["type"] == "sail"]
    to = sail["fields"]["to"]
    return dict(zip(to["enum"], to["enumNames"])) if names else to["enum"]


def test_slow_ships_can_make_two_moves_one_more_with_the_wind_so_o1_to_n1_takes_more_than_a_season():
    t = _dealt()
    t.to("Winter", 7)
    t.as_(0)
    assert _sail_list(t, 0) == ["sea", "O2"]  # O2 touches O1; every other port is further than 3 moves
    reason = t.refused(type="sail", seat=0, ship=1, to="N1")
    assert "cannot reach N1 this season (2 moves and one with the wind): N1 is 7 moves from O1" in reason
    assert "A card moved my ship" in reason
    t.ok(type="sail", seat=0, ship=1, to="sea")
    t.to("Spring", 7)
    t.as_(0)
    assert "N1" not in _sail_list(t, 0)  # 6 moves made at most: 1 more than 3 this season
    assert "which it left 1 season ago" in t.refused(type="sail", seat=0, ship=1, to="N1")
    assert _sail_list(t, 0, names=True)["sea"] == "still at sea (sails on)"
    t.ok(type="sail", seat=0, ship=1, to="sea")  # on its way: still counted from O1, left in Winter
    t.to("Summer", 7)
    t.as_(0)
    assert _sail_list(t, 0)[:3] == ["N1", "N2", "N3"]  # in reach now: empty, the New World first, nearest first
    lines = _sail_list(t, 0, names=True)
    assert lines["N3"].endswith("(with the wind)") and not lines["N2"].endswith("(with the wind)")  # 3 moves and 2
    t.ok(type="sail", seat=0, ship=1, to="N1")
    assert t.ship(0)["at"] == "N1"


def test_fast_ships_can_make_4_moves_and_a_card_that_moved_a_ship_is_a_correction():
    t = _dealt()
    t.to("Winter", 7)
    t.as_(0)
    _with_cargo(t, 0, [], large=False, fast=True)
    assert _sail_list(t, 0) == ["sea", "O2"]  # 5 moves: O3 is 6 away, N1 7
    t.ok(type="sail", seat=0, ship=1, to="sea")
    t.to("Spring", 7)
    t.as_(0)
    offered = _sail_list(t, 0)
    assert "N1" in offered and "N6" not in offered  # a season later, in reach (a slow ship needs two more)
    assert offered.index("N1") < offered.index("N2") < offered.index("N3")  # nearest first
    t.ok(type="move_ship", seat=0, ship=1, to="N1")  # a card did it: not its sailing, not checked
    assert t.ship(0)["at"] == "N1"
    t.ok(type="move_ship", seat=0, ship=1, to="sea")  # where at sea, the companion cannot tell
    assert "N6" in _sail_list(t, 0)


def test_a_tables_own_board_is_not_checked_every_port_is_offered():
    t = MV(2)
    t.start()
    t.to("Winter", 7)
    t.as_(0)
    assert sorted(_sail_list(t, 0)) == sorted(["Genoa", "Havana", "Quebec", "sea"])


def test_the_companions_board_is_shown_row_by_row_as_it_is_laid():
    t = _dealt()
    rows = next(s["lines"] for s in t.view["sections"] if s["title"] == "The map (lay the tiles so)")
    assert len(rows) == 6 and rows[0].startswith("Row 1: o1a ") and ", O1, 6 ocean, N1, n1a " in rows[0]
    assert rows[5].startswith("Row 6: 11 ocean, N6, n6a ")
