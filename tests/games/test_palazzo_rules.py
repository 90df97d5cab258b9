"""The palazzo game's rules at the table (SPEC.md 3): the worked examples PZ-EX-01 to 09, the state
machine of 3.3, the yard and the bank, the die as money, the building rules, and the gaps of 3.9."""

import pytest

from companion.games import scoring_of
from companion.games.palazzo import PALAZZO, layout
from companion.games.palazzo.pieces import TILE_NAMES, cost, tile_name
from palazzo_table import PZ, coins_first, purchase, tiles_first


def score(t):
    """The pre-filled sheet scored, a hand the companion was not told (null) entered as no coins."""
    sheet = PALAZZO.score_sheet(t.state)
    for player in sheet["players"]:
        if player["coins_in_hand"] is None:
            player["coins_in_hand"] = []
    return scoring_of("palazzo").score({"game": "palazzo", **sheet})


# --- setup --------------------------------------------------------------------------------------------


def test_the_start_player_is_the_high_roll_ties_re_roll_and_null_counts_nothing():
    t = PZ(n=3, first=None)
    assert t.state["rolloff"]["purpose"] == "first player"
    t.ok(type="rolloff", values=[6, 4, 4])  # Ada's null is the lowest: Bea and Cy re-roll
    assert list(t.state["rolloff"]["contenders"]) == [1, 2]
    t.ok(type="rolloff", values=[2, 5])
    assert t.view["active"] == 2 and t.view["step"] == "SETUP"
    assert "Roll-off: Ada null, Bea 4, Cy 4. Bea and Cy are tied and roll again." in t.log


def test_the_null_face_can_count_as_a_six_in_the_start_roll():
    t = PZ(n=2, first=None, null_in_rolloff="highest")
    t.ok(type="rolloff", values=[6, 5])
    assert t.view["active"] == 0


@pytest.mark.parametrize("n, face_down_coins", [(2, 16), (3, 14), (4, 12)])
def test_virtual_setup_deals_the_yard_the_bank_and_two_secret_coins_each(n, face_down_coins):
    t = PZ(n=n, tiles=tiles_first("Suns 3", "Moons null", "Arms ace", "Crowns 5"),
           coins=coins_first(*([1, 2] * n), 0, 3, 4, 5))
    v = t.view
    assert [y["tile"] for y in v["yard"]] == ["Suns 3", "Moons null", "Arms ace", "Crowns 5"]
    assert [y["cost"] for y in v["yard"]] == [8, 5, 6, 10]
    assert v["tiles_face_down"] == 20 and v["tiles_left"] == 24
    assert v["bank"] == [0, 3, 4, 5]
    assert v["decks"]["coins"]["draw"] == face_down_coins
    assert [p["die"] for p in v["players"]] == [5] * n
    assert [t.hand(s) for s in range(n)] == [[1, 2]] * n
    assert all(PALAZZO.player_view(t.state, s)["hand"] == [1, 2] for s in range(n))
    assert "hands" not in str(v) and "[1, 2]" not in str(v["players"])  # the hands stay on the phones
    assert t.machine() == (0, False, False) and v["step"] == "ACTION"


def test_real_pieces_need_nothing_named_to_start():
    t = PZ(n=2, real=True)
    assert t.view["step"] == "ACTION" and t.view["yard"] == [None] * 4 and t.view["bank"] == [None] * 4
    assert "Shuffle the 24 tiles face down and turn 4 up: the constructor's yard (name them, or tap them)." in t.log


# --- the worked examples ---------------------------------------------------------------------------------


def test_pz_ex_04_a_structure_costs_five_plus_its_value():
    assert [cost(f"Suns {f}") for f in ("null", "ace", "2", "3", "4", "5")] == [5, 6, 7, 8, 9, 10]


def test_pz_ex_05_coin_three_and_die_five_pay_eight_exactly_another_action_and_the_die_turns_to_four():
    t = PZ(tiles=tiles_first("Crowns 3"), coins=coins_first(3, 0, 1, 1))
    t.buy("Crowns 3", pay={"coins": [3], "die": True}, to=[0, 0])
    assert t.machine() == (0, True, False)
    assert t.die(0) == 4 and t.hand(0) == [0]
    assert t.view["players"][0]["palazzo"] == [{"tile": "Crowns 3", "at": [0, 0], "mark": "♛3", "turret": False}]
    assert "Ada buys Crowns 3 for 8: paid 8 with 3 and the die's 5 (now 4)." in t.log
    assert t.log[-2:] == ["Ada takes another action.", "Ada's turn."]
    t.go(type="advance", action="coin", coin=t.view["bank"][0])  # the extra action
    assert t.machine() == (1, False, False)


def test_pz_ex_06_five_and_four_for_seven_overpay_without_change_or_another_action():
    t = PZ(tiles=tiles_first("Arms 2"), coins=coins_first(5, 4, 1, 1))
    t.buy("Arms 2", pay={"coins": [5, 4], "die": False}, to="reserve")
    assert t.machine() == (1, False, False)
    assert t.hand(0) == [] and t.view["decks"]["coins"]["discard"] == 2


def test_pz_ex_07_a_die_used_on_its_ace_is_spent_and_worth_nothing():
    t = PZ(tiles=tiles_first("Moons null", "Suns null"), coins=coins_first(5, 4, 1, 1))
    t.ok(type="counter", name="die", seat=0, value=1)  # by hand: the die shows its ace
    t.buy("Moons null", coins=[4], die=True, seat=0, phone_seat=0)  # 4 + ace = 5: exact
    assert t.die(0) == 0
    reason = t.refused(**purchase("Suns null", coins=[5], die=True, seat=0, phone_seat=0))
    assert reason == "Ada's die is spent (on its null face)"
    assert PALAZZO.score_sheet(t.state)["players"][0]["die_face"] == 0


def test_pz_ex_08_a_tie_on_points_goes_to_the_most_ducats_then_the_fewest_structures():
    # Ada: Moons 4 alone, 3 + 4 = 7 points, bought with her die's 5. Bea: Suns null and ace, 6 + 1 = 7 points.
    t = PZ(real=True)
    t.buy("Moons 4", exact=False, die=True)
    t.buy("Suns null", exact=False)
    t.ok(type="advance")
    t.buy("Suns ace", exact=False)
    assert [p["points"] for p in t.view["players"]] == [7, 7]
    t.ok(type="hand", seat=0, coins=[2, 3], phone_seat=0)
    t.ok(type="hand", seat=1, coins=[5], phone_seat=1)
    assert score(t)["winner"] == ["Bea"]  # 5 + her die's 5 beat 2 + 3 + Ada's 4
    t.ok(type="hand", seat=1, coins=[4], phone_seat=1)
    assert score(t)["winner"] == ["Ada"]  # 9 ducats each: Ada built fewer structures
    from companion.games.palazzo.coins import hand_options

    assert hand_options(t.state, 1)[0].label == "My coins in hand (now 1 coin: 4)"  # a count, so a null coin reads as one
    t.ok(type="hand", seat=1, coins=[0], phone_seat=1)
    assert hand_options(t.state, 1)[0].label == "My coins in hand (now 1 coin: null)"
    t.ok(type="hand", seat=1, coins=[], phone_seat=1)
    assert hand_options(t.state, 1)[0].label == "My coins in hand (now none)"



def test_the_reading_of_fewest_structures_built_is_a_rule_option_that_reaches_the_score_sheet():
    # SPEC 3.9.6: Ada has 1 structure in her palazzo and 2 in reserve; Bea 2 in her palazzo. Points and ducats tie.
    def table(reading):
        t = PZ(real=True, structures_count=reading)
        for tile, place in (("Moons 4", "palazzo"), ("Suns null", "palazzo"), ("Arms 2", "reserve"),
                            ("Suns ace", "palazzo"), ("Crowns 3", "reserve")):
            t.buy(tile, exact=False, place=place)
        t.ok(type="hand", seat=0, coins=[], phone_seat=0)
        t.ok(type="hand", seat=1, coins=[], phone_seat=1)
        return t
    assert PALAZZO.score_sheet(table("palazzo").state)["options"] == {"structures_count": "palazzo"}
    assert score(table("palazzo"))["winner"] == ["Ada"]
    assert score(table("palazzo_and_reserve"))["winner"] == ["Bea"]


def test_pz_ex_01_02_03_09_the_rulebook_example_played_at_the_table():
    palazzos = {
        "Dirk": ["Moons 5", "Moons 3", "Suns 5", "Crowns 4", "Crowns 2"],
        "Phillip": ["Moons 4", "Moons ace", "Suns 3", "Suns 2", "Arms 5", "Crowns ace"],
        "Brad": ["Moons 2", "Suns 4", "Arms 4", "Arms 2", "Crowns null"],
        "Brunhilde": ["Moons null", "Suns null", "Suns ace", "Arms 3", "Crowns 5"],
    }
    names = tuple(palazzos)
    t = PZ(n=4, real=True, names=names)
    for k in range(6):
        for who in names:
            if k < len(palazzos[who]):
                t.buy(palazzos[who][k], exact=False)
            elif who == "Dirk":
                t.go(type="advance", action="turret", on="Moons 5")
            else:
                t.ok(type="advance")
    t.ok(type="advance")  # Dirk
    t.go(type="advance", action="turret", on="Arms 5")  # Phillip
    points = {p["name"]: (p["majority"], p["materials"], p["points"]) for p in t.view["players"]}
    assert points == {"Dirk": (16, 24, 40), "Phillip": (18, 21, 39), "Brad": (10, 12, 22), "Brunhilde": (10, 9, 19)}
    assert t.view["standings"] == [["Dirk"], ["Phillip"], ["Brad"], ["Brunhilde"]]
    result = score(t)
    assert {p["name"]: p["total"] for p in result["players"]} == {"Dirk": 40, "Phillip": 39, "Brad": 22, "Brunhilde": 19}
    assert result["winner"] == ["Dirk"]


def test_pz_ex_01_and_02_majorities_live_at_the_table():
    t = PZ(n=4, real=True, names=("Dirk", "Phillip", "Brad", "Brunhilde"))
    for tile in ("Moons 5", "Moons 4", "Moons 2", "Moons null", "Moons 3", "Moons ace", "Suns 4", "Suns null"):
        t.buy(tile, exact=False)
    t.go(type="advance", action="turret", on="Moons 5")
    # Moons: Dirk 2 + turret = 3 -> 9; Phillip 2 -> 4; Brad 1 -> 1; Brunhilde 1 -> 1 (PZ-EX-01)
    # Suns: Brad 1, Brunhilde 1, tied first -> 3 each
    assert [p["majority"] for p in t.view["players"]] == [9, 4, 1 + 3, 1 + 3]


# --- the state machine (SPEC 3.3) -----------------------------------------------------------------------


def test_exact_payments_chain_and_a_plain_action_passes_to_the_left():
    t = PZ(n=3, real=True)
    t.buy("Suns 3", exact=True)
    assert t.machine() == (0, True, False)
    t.buy("Suns 4", exact=True)
    assert t.machine() == (0, True, False)
    t.buy("Suns 5", exact=False)
    assert t.machine() == (1, False, False)
    t.ok(type="advance")  # an action the companion does not record
    assert t.machine() == (2, False, False)
    t.go(type="advance", action="coin")
    assert t.machine() == (0, False, False)


def test_with_the_option_only_one_extra_action_follows_a_purchase():
    t = PZ(real=True, exact_chains=False)
    t.buy("Suns 3", exact=True)
    t.buy("Suns 4", exact=True)
    assert t.machine() == (1, False, False)


def test_an_extra_action_cannot_be_claimed_by_the_input():
    t = PZ(real=True)
    assert t.refused(type="advance", extra=True) == "an extra action comes from a purchase paid exactly"


def _buy_all_but(t, left):
    while t.view["tiles_left"] > left:
        tile = next(x for x in TILE_NAMES if x in t.state["decks"]["tiles"]["draw"])
        t.buy(tile, exact=False)


@pytest.mark.parametrize("ender_last", [True, False])
def test_the_last_purchase_starts_a_final_round_from_the_enders_left_without_purchases(ender_last):
    t = PZ(n=4, real=True, first=0, ender_final_action=ender_last)
    _buy_all_but(t, 1)  # 23 purchases: Ada ... Cy, so Dan buys the last
    assert t.view["active"] == 3
    last = next(x for x in TILE_NAMES if x in t.state["decks"]["tiles"]["draw"])
    t.buy(last, exact=True)  # exact, but the game has ended: no extra action
    assert t.machine() == (0, False, True)
    assert "Paid exactly, but that was the last structure: the game is ending." in t.log
    assert t.refused(**purchase(last, exact=True)) == \
        "the last structure is bought: the final round has no purchases"
    seen = []
    while not t.view["over"]:
        seen.append(t.view["active"])
        assert t.view["final_round"]
        t.go(type="advance", action="coin")
    assert seen == ([0, 1, 2, 3] if ender_last else [0, 1, 2])
    assert t.view["step"] == "GAME_OVER" and t.view["tiles_left"] == 0


def test_a_purchase_is_chosen_whole_a_payment_and_a_place_from_lists():
    t = PZ(real=True)
    t.ok(type="draw", deck="tiles", cards=["Crowns 3"])
    buy = next(o for o in t.view["options"] if o["label"] == "Buy Crowns 3 (8)")
    assert buy["action"] == {"type": "advance", "action": "purchase", "tile": "Crowns 3"} and not buy["private"]
    assert buy["fields"]["pay"]["enumNames"] == ["exactly: another action", "more than 8", "exactly, with the die's 5: another action",
                                                 "more than 8, with the die's 5"]
    assert buy["fields"]["to"]["enum"] == [[0, 0], "reserve"]
    assert buy["fields"]["to"]["enumNames"] == ["to start the palazzo", "the reserve"]
    t.go(**buy["action"], pay={"exact": True, "die": True}, to=[0, 0])
    assert t.machine() == (0, True, False) and t.die(0) == 4


# --- the yard, the bank and the coins --------------------------------------------------------------------


def test_the_yard_is_refilled_after_each_purchase_until_the_tiles_run_out():
    order = tiles_first("Suns 3", "Moons 3", "Arms 3", "Crowns 3", "Suns 4")
    t = PZ(real=False, tiles=order, coins=coins_first(5, 5, 5, 5))
    t.buy("Moons 3", coins=[5, 5], seat=0, phone_seat=0)
    assert [y["tile"] for y in t.view["yard"]] == ["Suns 3", "Suns 4", "Arms 3", "Crowns 3"]
    assert "The yard: Suns 4 is turned up." in t.log
    assert t.view["tiles_face_down"] == 19 and t.view["tiles_left"] == 23


def test_taking_a_coin_refills_the_bank_and_the_discards_are_reshuffled_when_the_pool_is_empty():
    t = PZ(real=False, tiles=tiles_first("Suns null"), coins=coins_first(5, 0, 1, 1, 2, 2, 3, 3))
    t.buy("Suns null", coins=[5, 0], seat=0, phone_seat=0)  # two coins discarded; exact: Ada again
    pool = t.state["decks"]["coins"]
    assert len(pool["draw"]) == 16 and list(pool["discard"]) == ["5", "null"]
    for _ in range(16):  # empty the pool
        t.go(type="advance", action="coin", coin=t.view["bank"][0])
    assert t.view["decks"]["coins"]["draw"] == 0 and t.view["decks"]["coins"]["discard"] == 2
    t.go(type="advance", action="coin", coin=t.view["bank"][0])
    assert "The pool is empty: the discarded coins are shuffled face down." in t.log
    assert t.view["decks"]["coins"]["discard"] == 0 and t.view["decks"]["coins"]["draw"] == 1
    t.go(type="advance", action="coin", coin=t.view["bank"][0])
    t.go(type="advance", action="coin", coin=t.view["bank"][0])  # pool and discards used up: the bank is short
    assert "No coins are left to refill the bank." in t.log
    assert t.view["bank"].count(None) == 1
    held = sum(len(t.hand(s)) for s in range(2)) + 4 - t.view["bank"].count(None)
    assert held == 24  # every coin is in a hand or the bank: none lost, none made
    # A payment brings coins back: the empty bank space is filled at once [A].
    seat = t.view["active"]
    tile = next(y["tile"] for y in t.view["yard"] if y["cost"] <= sum(t.hand(seat)))
    t.buy(tile, coins=t.hand(seat), seat=seat, phone_seat=seat)
    assert None not in t.view["bank"]


def test_a_taken_coin_must_be_in_the_bank():
    t = PZ(coins=coins_first(1, 1, 1, 1, 2, 2, 2, 2))
    assert t.refused(type="advance", action="coin", coin=5) == "there is no 5 in the bank (2, 2, 2, 2)"
    assert t.refused(type="advance", action="coin", coin=9) == "coin: its value, 0 (null) to 5"
    assert "which coin?" in t.refused(type="advance", action="coin")


def test_virtual_coins_pay_only_with_coins_from_the_hand():
    t = PZ(tiles=tiles_first("Crowns 3"), coins=coins_first(3, 5, 1, 1))
    assert t.refused(**purchase("Crowns 3", exact=True)) == \
        "the companion holds Ada's coins: name the coins paid"
    assert t.refused(**purchase("Crowns 3", pay={"coins": [4, 4], "die": False})) == \
        "Ada has no 4 left in hand (holds 3, 5)"
    assert t.refused(**purchase("Crowns 3", pay={"coins": [3], "die": False})) == \
        "3 ducats do not pay for a structure costing 8"
    assert t.refused(**purchase("Crowns 3", coins=[3, 5], exact=False)) == \
        "8 ducats for 8 is exact"


def test_real_coins_entered_on_a_phone_are_checked_and_a_payment_that_does_not_name_them_lets_go():
    t = PZ(real=True)
    t.ok(type="hand", seat=0, coins=[3, 4])
    assert "[3, 4]" not in " ".join(t.log)
    t.ok(type="draw", deck="coins", cards=["5"])  # the bank's first coin is named
    t.go(type="advance", action="coin", coin=5, seat=0)
    assert t.hand(0) == [3, 4, 5]
    t.go(type="advance", action="coin")  # Bea's coins are not followed: any coin will do
    assert t.refused(**purchase("Suns 3", coins=[5, 5])) == \
        "Ada has no 5 left in hand (holds 3, 4, 5)"
    t.buy("Suns 3", exact=True)  # (journals of an earlier version: the buttons did not name the coins)
    assert t.data["hands"][0] is None
    assert "Ada's coins are no longer followed (the payment did not name them): " \
           "enter them again on their phone to have payments checked." in t.log


def test_real_pieces_are_named_as_they_are_turned_up_and_a_tap_names_them_too():
    t = PZ(real=True)
    assert t.view["status"] == "Die 5 · name 4 tiles · name 4 coins"
    t.ok(type="draw", deck="tiles", cards=["Suns 3"])
    assert t.refused(type="draw", deck="tiles", cards=["Suns 3"]).startswith("no Suns 3 is left")
    assert t.refused(type="draw", deck="tiles", cards=["sun 3"]).startswith("'sun 3' is not a tile")
    assert t.refused(type="draw", deck="coins", cards=["7"]) == "'7' is not a coin: null, ace, 2, 3, 4 or 5"
    assert PALAZZO.tapped(t.state, "tiles", "moons-ace") == {"type": "draw", "deck": "tiles", "cards": ["Moons ace"]}
    for tile in ("Moons ace", "Arms 2", "Crowns null"):
        t.ok(type="draw", deck="tiles", cards=[tile])
    assert t.refused(type="draw", deck="tiles", cards=["Arms 5"]) == "every tile in the yard is named already"
    assert t.view["status"] == "Die 5 · name 4 coins · yard: Suns 3, Moons ace, Arms 2, Crowns null"
    assert PALAZZO.tapped(t.state, "tiles", "Arms 2").reason == \
        "Arms 2: every tile in the yard is named already (a purchase is chosen on the phone or with SELECT)"
    assert t.refused(**purchase("Arms 5", exact=False)) == \
        "Arms 5 is not in the constructor's yard (Suns 3, Moons ace, Arms 2, Crowns null)"
    t.buy("Arms 2", exact=False)
    assert t.view["status"] == "Die 5 · name the tile · name 4 coins · yard: Suns 3, Moons ace, Crowns null"  # the new tile, in the space Arms 2 left, waits to be named


def test_the_player_who_turned_up_a_real_coin_names_it_on_his_own_phone_in_one_tap():
    """Real coins: the coin turned up into the bank is named by one tap on its value, on the phone of the player
    whose turn it is (he turned it up), or on the table page or the box; the box says one waits."""
    from companion.core.offer import offer

    t = PZ(real=True)
    mine = offer(PALAZZO, t.session).for_seat(0)
    assert [o.label for o in mine[:6]] == [f"The coin turned up is {c}" for c in
                                           ("a null", "an ace", "a 2", "a 3", "a 4", "a 5")]
    assert all(not o.fields for o in mine[:6])  # one tap each
    assert not any(o.label.startswith("The coin") for o in offer(PALAZZO, t.session).for_seat(1))  # Bea waits
    t.ok(**mine[3].action)  # a 3
    assert t.data["bank"].count(None) == 3 and t.view["status"] == "Die 5 · name 4 tiles · name 3 coins"
    assert "The coin turned up is a 3" not in [o.label for o in offer(PALAZZO, t.session).for_seat(1)]
    for c in ("5", "ace", "null"):
        t.ok(type="draw", deck="coins", cards=[c])
    assert t.view["status"] == "Die 5 · name 4 tiles" and not any(o.label.startswith("The coin") for o in offer(PALAZZO, t.session).for_seat(0))


def _offered(t, seat):
    from companion.core.offer import offer

    return offer(PALAZZO, t.session).for_seat(seat)


def _naming(options, what):
    return [o for o in options if o.label.startswith(f"The {what} turned up is")]


def test_the_buyer_turns_up_a_new_tile_for_the_yard_and_names_it_in_one_tap_on_his_own_phone():
    """[R] "4 tiles are turned over ... the constructor's yard" (refilled after each purchase, SPEC 3.9.3): the
    buyer turns up the new tile, so his phone names it, one tap on its face in its suit's row; the next player's
    phone does not; the table (the box, the host's Table page, a tap on the reader) may."""
    from companion.core.options import fits_a_row, listed

    t = PZ(real=True)
    for tile in ("Suns 3", "Moons ace", "Arms 2", "Crowns null"):
        t.ok(type="draw", deck="tiles", cards=[tile])
    assert "Ada names Moons ace, set out in the yard at setup." in t.log  # the table set it out, Ada named it
    t.buy("Arms 2", exact=False)  # Ada's turn ends: Bea's now
    assert "Ada turns up a new tile for the yard." in t.log
    mine = _naming(_offered(t, 0), "tile")
    assert len(mine) == 20 and not any(o.fields for o in mine)  # every tile still face down, each one tap
    rows = [entry for entry in listed([o.public() for o in mine], rows=True)]
    assert [e[0]["under"] for e in rows] == [f"The tile turned up is {s}" for s in ("Moons", "Suns", "Arms", "Crowns")]
    assert all(fits_a_row(e) for e in rows)  # one row of faces per suit: null, ace, 2 ... 5
    assert [o.short for o in mine[:5]] == ["Null", "2", "3", "4", "5"]  # Moons ace is in the yard
    assert not _naming(_offered(t, 1), "tile")  # Bea did not turn it up
    assert _naming(list(t.offered), "tile")  # the table may name it
    ada_names = next(o for o in mine if o.label == "The tile turned up is Suns 5")
    assert ada_names.action == {"type": "draw", "deck": "tiles", "cards": ["Suns 5"], "seat": 0}
    t.ok(**ada_names.action)
    assert "Ada turns up Suns 5 in the yard." in t.log
    assert t.view["status"] == "Die 5 · name 4 coins · yard: Suns 3, Moons ace, Suns 5, Crowns null"
    assert not _naming(_offered(t, 0), "tile")


def test_a_tile_turned_up_is_named_only_by_who_turned_it_up_or_the_table():
    t = PZ(real=True)
    for tile in ("Suns 3", "Moons ace", "Arms 2", "Crowns null"):
        t.ok(type="draw", deck="tiles", cards=[tile])
    t.buy("Arms 2", exact=False)
    assert t.refused(type="draw", deck="tiles", cards=["Suns 5"], seat=1) == "Bea turned up no tile waiting to be named"
    assert t.refused(type="draw", deck="tiles", cards=["Arms 2"], seat=0).startswith("no Arms 2 is left")
    t.ok(type="draw", deck="tiles", cards=["Suns 5"])  # the table's (a tap on the reader)
    assert "Ada turns up Suns 5 in the yard." in t.log  # it was hers: the log says so


def test_the_player_who_takes_a_real_coin_turns_up_the_next_and_names_it_on_his_phone_not_the_next_player():
    """[R] "The player takes one of the coins from the bank into hand, and then replaces the empty space in the
    bank with one of the face down coins ... turning the new coin number side up": the taker's phone names it,
    though the turn has passed."""
    t = PZ(real=True)
    for coin in ("3", "5", "ace", "null"):
        t.ok(type="draw", deck="coins", cards=[coin])
    t.go(type="advance", action="coin", coin=5)  # Ada takes the 5 and turns up a new coin: Bea's turn
    assert t.view["active"] == 1
    assert [o.label for o in _naming(_offered(t, 0), "coin")] == [
        f"The coin turned up is {c}" for c in ("a null", "an ace", "a 2", "a 3", "a 4", "a 5")]
    assert not _naming(_offered(t, 1), "coin")  # Bea's phone: not hers to name
    t.ok(**_naming(_offered(t, 0), "coin")[2].action)
    assert "Ada turns up a 2 in the bank." in t.log and t.view["bank"] == [3, 2, 1, 0]


def test_counts_never_exceed_the_set_the_coins_in_sight_bound_what_is_named_and_entered():
    """24 coins, 4 of each value: with three 5s in the bank and one discarded, no 5 can be turned up or be in a hand."""
    t = PZ(real=True)
    for coin in ("5", "5", "5", "ace"):
        t.ok(type="draw", deck="coins", cards=[coin])
    t.ok(type="hand", seat=0, coins=[5, 3])
    t.ok(type="draw", deck="tiles", cards=["Suns null"])
    t.buy("Suns null", pay={"coins": [5], "die": False}, to=[0, 0])  # 5 for 5: exact, Ada acts again
    assert t.view["decks"]["coins"]["discard"] == 1
    t.go(type="advance", action="coin", coin=1)  # the ace taken: a coin turned up, to be named
    assert "The coin turned up is a 5" not in [o.label for o in _naming(_offered(t, 0), "coin")]
    assert t.refused(type="draw", deck="coins", cards=["5"]) == "all 4 coins of 5 are in sight (the bank and the discarded coins)"
    hand = next(o for o in _offered(t, 1) if o.action["type"] == "hand").fields["coins"]
    assert hand["items"]["enumNames"] == ["null", "ace", "2", "3", "4"]  # no 5 among Bea's coins
    assert hand["maxEach"] == [2, 2, 2, 2, 2] and hand["maxItems"] == 2  # the 2 coins dealt to her
    assert t.refused(type="hand", seat=1, coins=[2, 2, 3]) == \
        "coins: Bea can hold no more than 2 coins (2 at the start, one more for each coin taken from the bank, fewer after paying)"
    assert t.refused(type="hand", seat=1, coins=[5]) == \
        "coins: no more than 0 coins of 5 can be in a hand (the other 4 are in the bank or discarded)"
    coins = t.view["decks"]["coins"]
    assert coins["draw"] is None and coins["discard"] + coins["out"] <= 24  # out: the bank's and the hands it follows


def test_when_the_real_pool_is_empty_the_discarded_coins_are_shuffled_face_down_and_counted_again():
    """[R] "If there are no face down coins left ... the discarded coins are all shuffled face-down": the companion
    counts the pool (24 less 2 a player and the bank's 4) and says when it runs out; the discards start again."""
    t = PZ(real=True)
    assert t.data["pool"] == 16
    t.ok(type="hand", seat=0, coins=[5, 3])
    t.ok(type="draw", deck="tiles", cards=["Suns 3"])
    t.buy("Suns 3", pay={"coins": [5, 3], "die": False}, to="reserve")  # 8 for 8: Ada again
    assert t.view["decks"]["coins"]["discard"] == 2
    for k in range(17):
        t.ok(type="draw", deck="coins", cards=["ace" if k % 2 else "2"]) if None in t.data["bank"] else None
        t.go(type="advance", action="coin", coin=t.data["bank"][0])
    assert "The pool is empty: shuffle the discarded coins face down, then turn one up." in t.log
    assert t.view["decks"]["coins"]["discard"] == 0 and t.data["pool"] == 1  # the 2 discarded, one turned up


# --- building: the palazzo, the reserve, the turret --------------------------------------------------------


def test_the_building_rules_for_a_laid_out_palazzo():
    grid = {(0, 0): "Suns 3", (1, 0): "Suns 4", (2, 0): "Moons 4"}
    assert layout.place(grid, "Arms 3", (0, 1)) is None  # shares the 3 with Suns 3
    assert layout.place(grid, "Arms 2", (0, 1)).reason == \
        "Arms 2 cannot stand next to Suns 3: touching structures share their suit or their value"
    assert layout.place(grid, "Suns 5", (5, 5)).reason == "[5, 5] touches no structure: line it up along a side of one"
    ring = {(0, 0): "Suns 3", (1, 0): "Suns 4", (2, 0): "Suns 5", (0, 1): "Suns 2", (2, 1): "Suns ace",
            (0, 2): "Suns null", (1, 2): "Moons null"}
    assert layout.place(ring, "Moons ace", (2, 2)).reason == \
        "that would leave a gap between Suns 2 and Suns ace: in a row or a column, structures stand side by side"
    assert layout.remove({(0, 0): "Suns 3", (1, 0): "Suns 4", (2, 0): "Suns 5"}, (1, 0)).reason == \
        "the palazzo would fall into separate parts: every structure lines up with another"
    assert layout.swap(grid, (1, 0), "Moons 3") is None and layout.swap(grid, (1, 0), "Arms 2") is not None
    assert layout.legal_cells({}, "Suns 3") == [(0, 0)]


def _ada_builds(t, *placed):
    """Ada buys each (tile, place) in turn at real tiles, Bea passing in between."""
    for tile, at in placed:
        t.buy(tile, exact=False, at=list(at))
        t.ok(type="advance")


def test_no_gaps_holes_are_allowed_so_a_slot_one_structure_wide_is_never_offered_nor_accepted():
    """[R] "No gaps (holes) are allowed to be created by placing structures": a gap is an empty place between
    two structures of the same row or column, not only one closed in on all four sides. Ada's row Suns 3, 4, 5
    with Suns 2 on top of Suns 3: Suns ace on top of Suns 5 would leave a slot one structure wide between them."""
    t = PZ(real=True)
    _ada_builds(t, ("Suns 3", (0, 0)), ("Suns 4", (1, 0)), ("Suns 5", (2, 0)), ("Suns 2", (0, 1)))
    t.ok(type="draw", deck="tiles", cards=["Suns ace"])
    buy = next(o for o in t.view["options"] if o["label"].startswith("Buy Suns ace"))
    offered = buy["fields"]["to"]["enum"]
    assert [1, 1] in offered and [2, 1] not in offered
    assert t.refused(**purchase("Suns ace", exact=False, at=[2, 1])) == (
        "that would leave a gap between Suns 2 and Suns ace: in a row or a column, structures stand side by side "
        "(a structure that cannot be placed goes to the reserve)")
    assert [p["tile"] for p in t.view["players"][0]["palazzo"]] == ["Suns 3", "Suns 4", "Suns 5", "Suns 2"]


def test_no_gaps_holes_are_allowed_whatever_their_width_and_depth():
    """A slot one tile wide and three deep, and an empty place two wide between two wings of a row, are gaps;
    an open corner is not."""
    ell = {(0, 0): "Suns 3", (1, 0): "Suns 4", (2, 0): "Suns 5", (0, 1): "Suns 2", (0, 2): "Suns null",
           (0, 3): "Moons null"}
    assert layout.place(ell, "Moons 5", (2, 1)).reason == \
        "that would leave a gap between Suns 2 and Moons 5: in a row or a column, structures stand side by side"
    assert (2, 1) not in layout.legal_cells(ell, "Moons 5")  # so the slot the game ended with never opens
    wings = {(0, 0): "Suns 3", (1, 0): "Suns 4", (2, 0): "Suns 5", (3, 0): "Suns 2", (0, 1): "Suns null"}
    assert layout.place(wings, "Suns ace", (3, 1)) is not None
    assert (3, 1) not in layout.legal_cells(wings, "Suns ace") and (1, 1) in layout.legal_cells(wings, "Suns ace")
    assert layout.place(wings, "Suns ace", (1, 1)) is None  # the corner Suns null and Suns 4 leave open


def test_no_gaps_holes_are_allowed_to_be_left_by_a_reserve_action_either():
    """[R] "Building rules must always be followed when taking a reserve action": a structure out of the middle
    of a row, the row above still whole, would leave a gap, so it is not offered for the reserve."""
    t = PZ(real=True)
    _ada_builds(t, ("Suns 3", (0, 0)), ("Suns 4", (1, 0)), ("Suns 5", (2, 0)),
                ("Suns 2", (0, 1)), ("Suns ace", (1, 1)), ("Suns null", (2, 1)))
    move = next(o for o in t.view["options"] if o["label"] == "Move a structure to the reserve")
    assert "Suns 4" not in move["fields"]["remove"]["enum"] and "Suns 5" in move["fields"]["remove"]["enum"]
    assert t.refused(type="advance", action="reserve", remove="Suns 4").startswith("that would leave a gap between Suns 3 and Suns 5")
    assert t.view["players"][0]["reserve"] == []


def test_a_laid_out_palazzo_is_checked_and_what_cannot_be_placed_goes_to_the_reserve():
    t = PZ(real=True)
    t.buy("Suns 3", exact=False, at=[0, 0])
    t.ok(type="advance")  # Bea
    reason = t.refused(**purchase("Arms 2", exact=False, at=[1, 0]))
    assert reason == ("Arms 2 cannot stand next to Suns 3: touching structures share their suit or their value "
                      "(a structure that cannot be placed goes to the reserve)")
    assert t.refused(**purchase("Suns 4", exact=False)).startswith(
        "this palazzo is laid out: say where Suns 4 goes (at [x, y]): [-1, 0] (left of Suns 3)")
    t.ok(type="draw", deck="tiles", cards=["Arms 2"])
    t.ok(type="draw", deck="tiles", cards=["Suns 4"])
    buys = {o["action"]["tile"]: o for o in t.view["options"] if o["action"].get("action") == "purchase"}
    # Arms 2 fits nowhere beside Suns 3: its one place, the reserve, is taken without a press, so its label says it
    assert (buys["Arms 2"]["label"], buys["Suns 4"]["label"]) == ("Buy Arms 2 (7) for the reserve", "Buy Suns 4 (9)")
    assert buys["Arms 2"]["fields"]["to"]["enum"] == ["reserve"]
    t.buy("Arms 2", exact=False, place="reserve")
    assert t.view["players"][0]["reserve"] == ["Arms 2"] and t.view["players"][0]["points"] == 3 + 3
    t.ok(type="advance")
    assert t.refused(type="advance", action="reserve", build="Arms 2", at=[0, 1]).startswith("Arms 2 cannot stand next to Suns 3")
    t.buy("Arms 3", exact=False, at=[0, 1])
    t.ok(type="advance")
    t.go(type="advance", action="reserve", build="Arms 2", at=[1, 1])  # next to Arms 3 only
    assert [p["at"] for p in t.view["players"][0]["palazzo"]] == [[0, 0], [0, 1], [1, 1]]
    drawn = t.view["sections"][2]["grid"]  # the table page draws it
    assert [(c["at"], c["mark"]) for c in drawn] == [([0, 0], "☀3"), ([0, 1], "⚔3"), ([1, 1], "⚔2")]


def test_a_reserve_tile_is_chosen_first_then_where_a_structure_s_place_exchanging_the_two():
    """The reserve's options, one per tile in reserve: where it goes is an empty place or the place of a structure it
    may replace, which goes to the reserve ("exchange a reserve structure with a palazzo structure"), as naming it
    does; a place that breaks the building rules is refused, and so is the place of one it may not replace."""
    t = PZ(real=True)
    t.buy("Suns 3", exact=False, at=[0, 0])
    t.ok(type="advance")
    t.buy("Suns 2", exact=False, place="reserve")
    t.ok(type="advance")
    t.buy("Arms 4", exact=False, place="reserve")
    t.ok(type="advance")
    reserve = [o for o in t.view["options"] if o["action"].get("action") == "reserve" and "build" in o["action"]]
    assert [o["label"] for o in reserve] == ["Build Suns 2 from the reserve", "Build Arms 4 from the reserve"]
    at = reserve[0]["fields"]["at"]
    assert sorted(at["enum"][:4]) == [[-1, 0], [0, -1], [0, 1], [1, 0]] and at["enum"][4] == [0, 0]  # its sides, its place
    assert at["enumNames"][-1] == "in place of Suns 3: exchanged, it goes to the reserve"
    assert sorted(at["enumShort"][:4]) == ["Above", "Below", "Left", "Right"] and at["enumShort"][4] == "S3"  # a key each
    assert reserve[1]["fields"]["at"]["enum"] == [[0, 0]]  # Arms 4 shares nothing with Suns 3: only in its place
    t.go(type="advance", action="reserve", build="Suns 2", at=[0, 0])
    assert [(p["tile"], p["at"]) for p in t.view["players"][0]["palazzo"]] == [("Suns 2", [0, 0])]
    assert t.view["players"][0]["reserve"] == ["Arms 4", "Suns 3"]
    assert "Ada swaps Suns 3 (to the reserve) for Suns 2 from the reserve." in t.log
    t.ok(type="advance")
    assert t.refused(type="advance", action="reserve", build="Arms 4", at=[0, 0], remove="Suns 2").startswith("at: only")


def test_a_recorded_palazzo_takes_no_places():
    t = PZ(real=True)
    t.buy("Suns 3", exact=False)
    t.ok(type="advance")
    assert t.refused(**purchase("Arms 2", exact=False, at=[1, 0])) == \
        "this palazzo is recorded without places: leave out where it goes"


def test_reserve_actions_and_the_turret_that_comes_back_with_its_structure():
    t = PZ(real=True)
    t.buy("Suns 3", exact=False)
    t.ok(type="advance")
    t.buy("Arms 2", exact=False, place="reserve")
    t.ok(type="advance")
    t.go(type="advance", action="turret", on="Suns 3")
    assert t.view["players"][0]["points"] == 3 * 2 + 3 * 2
    t.ok(type="advance")
    t.go(type="advance", action="reserve", build="Arms 2", remove="Suns 3")  # a swap
    assert [p["tile"] for p in t.view["players"][0]["palazzo"]] == ["Arms 2"]
    assert t.view["players"][0]["reserve"] == ["Suns 3"] and t.view["players"][0]["turret"] is None
    assert "Ada's turret comes back with it (a structure in reserve does not score)." in t.log
    t.ok(type="advance")
    t.go(type="advance", action="reserve", remove="Arms 2")
    assert t.view["players"][0]["palazzo"] == [] and t.view["players"][0]["points"] == 0
    sheet = PALAZZO.score_sheet(t.state)["players"][0]
    assert sheet["palazzo"] == [] and sheet["reserve"] == [["suns", 3], ["arms", 2]]


def test_bad_inputs_are_refused_with_a_reason_and_change_nothing():
    t = PZ(real=True)
    assert t.refused(type="advance", action="dance") == "that cannot be done now (One action)"
    assert t.refused(type="advance", action=["coin"]) == "action: one of coin, purchase, reserve, turret (or none)"
    assert t.refused(**purchase("Suns 9", exact=True)).startswith("tile: which structure")
    assert t.refused(**purchase("Suns 3")) == \
        "say whether it was paid exactly, or name the coins paid"
    assert t.refused(**purchase("Suns 3", exact=True, at=[0, "x"])).startswith("at: ")
    assert t.refused(**purchase("Suns 3", exact=True, to="attic")).startswith("at: ")
    assert t.refused(type="advance", action="turret", on="Suns 3") == "on: one of none"
    assert t.refused(type="advance", action="reserve").startswith("build (a reserve tile")
    assert t.refused(type="advance", seat=1).startswith("it is Ada's move")
    assert t.refused(type="roll", spec="1d6", values=[3]) == "that cannot be done now (One action)"  # the dice are money
    assert t.refused(type="counter", name="die", seat=0, value=6) == "Ada's Die cannot go above 5 (now 5)"
    assert tile_name("crown 0") == "Crowns null" and tile_name("Suns") is None
    assert t.refused(**purchase("Suns 3", coins=[5] * 5)) == "coins: there are only 4 coins of each value"
    assert t.refused(**purchase("Suns 3", coins=[5] * 1000)).startswith("coins: the value")
    assert t.refused(**purchase("Suns 3", coins=[5, 5], exact="yes")) == "exact: true or false"
    assert t.refused(type="hand", seat=0, coins=[1] * 25).startswith("coins: the value")
    assert t.refused(type="hand", seat=0, coins=[1] * 5) == "coins: there are only 4 coins of each value"


def test_a_game_over_with_coins_the_companion_was_not_told_asks_them_only_if_players_are_tied():
    """[R] "If players are tied for first place, the player with the most ducats wins": the coins in hand of a
    player tied with nobody are not needed, and the winner is not held back for them."""
    from dataclasses import replace

    t = PZ(real=True, ender_final_action=False)
    _buy_all_but(t, 0)
    t.ok(type="hand", seat=0, coins=[2])
    while not t.view["over"]:
        t.ok(type="advance")
    points = [p["points"] for p in t.view["players"]]
    assert points[0] != points[1]
    assert [p["coins_in_hand"] for p in PALAZZO.score_sheet(t.state)["players"]] == [[2], []]
    assert t.view["sheet_missing"] == [] and t.view["result"]["totals"] == {
        p["name"]: p["points"] for p in t.view["players"]}
    # The same end with Bea's palazzo as Ada's: tied on points, so Bea's coins are asked on the score page.
    tied = t.state.transform(["data", "palazzos", 1], t.state["data"]["palazzos"][0],
                             ["data", "turrets", 1], t.state["data"]["turrets"][0])
    t.session = replace(t.session, state=tied)
    assert [p["coins_in_hand"] for p in PALAZZO.score_sheet(t.state)["players"]] == [[2], None]
    assert t.view["result"] is None and t.view["sheet_missing"] == ["players[1].coins_in_hand"]


def test_players_may_pay_with_any_combination_of_coins_so_every_coin_in_hand_is_one_more_payment():
    """[R] "Players may pay with any combination of coins and the number showing on the face of the die,
    however no change is ever given in the case of an overpayment": besides the payments from which nothing
    could be left out, every coin in hand is offered, and taken without change."""
    t = PZ(tiles=tiles_first("Suns null"), coins=coins_first(5, 4, 1, 1))  # Ada holds 5 and 4; Suns null costs 5
    buy = next(o for o in t.view["options"] if o["label"] == "Buy Suns null (5)")
    assert buy["fields"]["pay"]["enumNames"] == ["5: exact, another action", "die 5: exact, another action",
                                                 "every coin: 5 + 4 (4 over)"]
    assert buy["fields"]["pay"]["enum"][-1] == {"coins": [5, 4], "die": False}
    # A long list (a hand of many coins) is picked by how much over the price first.
    assert buy["fields"]["pay"]["enumGroups"] == ["exact: another action", "exact: another action", "4 over"]
    t.buy("Suns null", pay={"coins": [5, 4], "die": False}, to="reserve")
    assert t.hand(0) == [] and t.machine() == (1, False, False)  # no change, and no extra action
    assert t.view["decks"]["coins"]["discard"] == 2


def test_any_combination_of_coins_offered_is_one_the_set_holds_even_when_a_hand_was_entered_wrong():
    """[R] "Players may pay with any combination of coins": but of each value the set holds 4. Ada entered two
    2s, took three more from the bank (the table named them, not knowing her hand): her hand as entered holds
    five, so a payment of five 2s, which the box would refuse, is never offered; those it offers are accepted."""
    t = PZ(real=True)
    for c in ("2", "3", "4", "5"):
        t.ok(type="draw", deck="coins", cards=[c])
    t.ok(type="hand", seat=0, coins=[2, 2], phone_seat=0)
    for turned_up in ("2", "2", "5"):
        t.go(type="advance", action="coin", coin=2)
        t.ok(type="draw", deck="coins", cards=[turned_up])
        t.ok(type="advance")  # Bea
    t.ok(type="draw", deck="tiles", cards=["Suns 5"])
    assert t.hand(0) == [2, 2, 2, 2, 2]
    buy = next(o for o in t.view["options"] if o["label"] == "Buy Suns 5 (10)")
    assert buy["fields"]["pay"]["enumNames"] == ["2 + 2 + 2 + die 5 (1 over)"]
    t.go(**buy["action"], pay=buy["fields"]["pay"]["enum"][0], to=[0, 0])
    assert t.hand(0) == [2, 2] and t.die(0) == 4


def test_the_undo_of_a_purchase_names_who_bought_what_short_enough_for_the_box_and_the_log_keeps_the_rest():
    t = PZ(tiles=tiles_first("Crowns 3"), coins=coins_first(3, 0, 1, 1))
    t.buy("Crowns 3", pay={"coins": [3], "die": True}, to=[0, 0])
    (undo,) = [o for o in t.view["options"] if o["action"]["type"] == "undo"]
    assert undo["label"] == "Undo: Ada buys Crowns 3 for 8."
    assert "Ada buys Crowns 3 for 8: paid 8 with 3 and the die's 5 (now 4)." in t.log


def test_the_undo_of_a_coin_taken_at_the_table_names_the_player_not_the_step():
    t = PZ(coins=coins_first(5, 4, 1, 1))
    t.go(type="advance", action="coin", coin=t.view["bank"][0])  # from the box: no seat named
    (undo,) = [o for o in t.view["options"] if o["action"]["type"] == "undo"]
    taken = next(line for line in t.log if line.startswith("Ada takes ") and line.endswith(" from the bank."))
    assert undo["label"] == f"Undo: {taken}"  # not "Undo: One action"
