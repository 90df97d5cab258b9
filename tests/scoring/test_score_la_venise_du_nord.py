"""La Venise du Nord final scoring (SPEC.md 4.7-4.10; rulebook 2.1 Victory Points)."""

from __future__ import annotations

import pytest

from companion.errors import SheetError
from companion.games import scoring_of

GAME = "la_venise_du_nord"
PRICES = {"clothing": 1, "lace": 4, "jewelry": 3}


def player(name, vp=0, store=None, chains=None, bridges=None, builders=()):
    p = {"name": name, "vp_track": vp, "store": dict(store or {}),
         "master_builders": [{"kind": k, "activated": a} for k, a in builders]}
    if bridges is not None:
        p["bridges"] = [list(b) for b in bridges]
    else:
        p["bridge_chains"] = list(chains or [])
    return p


def run(players, prices=PRICES, **options):
    sheet = {"prices": dict(prices), "players": players}
    if options:
        sheet["options"] = options
    return scoring_of(GAME).score(sheet)


def breakdown(result, name):
    return next(p["breakdown"] for p in result["players"] if p["name"] == name)


def total(result, name):
    return next(p["total"] for p in result["players"] if p["name"] == name)


def test_lvn_ex_11_store_sale_at_one_less_than_the_price():
    # Store clothing 3, jewelry 2; prices lace 4, jewelry 3, clothing 1 -> 3 x 0 + 2 x 2 + 0 = 4
    result = run([player("Yellow", store={"clothing": 3, "lace": 0, "jewelry": 2}), player("Red")])
    assert breakdown(result, "Yellow")["store_sale"] == 4
    assert total(result, "Yellow") == 4


def test_prices_of_zero_or_one_sell_for_nothing():
    result = run([player("Ada", store={"clothing": 5, "lace": 5, "jewelry": 5}), player("Bea")],
                 prices={"clothing": 0, "lace": 1, "jewelry": 2})
    assert breakdown(result, "Ada")["store_sale"] == 0 + 0 + 5 * 1


def test_at_most_six_goods_of_each_type_are_sold():
    result = run([player("Ada", store={"lace": 9, "jewelry": 6, "clothing": 7}), player("Bea")],
                 prices={"clothing": 2, "lace": 5, "jewelry": 3})
    # lace 6 x 4 + jewelry 6 x 2 + clothing 6 x 1
    assert breakdown(result, "Ada")["store_sale"] == 24 + 12 + 6


def test_lvn_ex_12_chains_of_three_and_one_score_ten():
    result = run([player("Red", chains=[3, 1]), player("Blue")])
    assert breakdown(result, "Red")["bridges"] == 9 + 1


def test_chains_from_bridge_pairs_match_the_example():
    # A chain of 3 (Wool-Gold-Market-Order) and a lone bridge (Port 1-Flax); tile names in any case.
    red = player("Red", bridges=[["Wool", "Gold"], ["gold", "Market"], ["Market", "Order"], ["Port 1", "Flax"]])
    assert breakdown(run([red, player("Blue")]), "Red")["bridges"] == 10


def test_lvn_ex_13_master_builders_squared_and_capped_at_25():
    def mb(n, kind="price_shift"):
        return [(kind, True)] * n

    assert breakdown(run([player("A", builders=mb(4)), player("B")]), "A")["master_builders"] == 16
    assert breakdown(run([player("A", builders=mb(6)), player("B")]), "A")["master_builders"] == 25
    assert breakdown(run([player("A", builders=mb(5)), player("B")]), "A")["master_builders"] == 25
    assert breakdown(run([player("A", builders=mb(1)), player("B")]), "A")["master_builders"] == 1


def test_order_like_and_unactivated_master_builders_do_not_count():
    builders = [("move_die_pm1", True), ("fill_stock", True), ("order_like", True), ("order_like", True),
                ("activation_die_pm1", False), ("price_shift", True)]
    assert breakdown(run([player("A", builders=builders), player("B")]), "A")["master_builders"] == 9


def test_bridge_bonus_card_adds_two_per_bridge_only_when_activated_and_counts_as_a_builder():
    active = player("A", chains=[3, 1], builders=[("bridge_bonus", True)])
    idle = player("B", chains=[3, 1], builders=[("bridge_bonus", False)])
    result = run([active, idle])
    assert breakdown(result, "A") == {"vp_track": 0, "store_sale": 0, "bridges": 10, "bridge_bonus": 8,
                                      "master_builders": 1}
    assert breakdown(result, "B")["bridge_bonus"] == 0 and breakdown(result, "B")["master_builders"] == 0
    assert total(result, "A") == 19 and total(result, "B") == 10


def test_the_sheet_example_of_score_sheets_md():
    ada = {"name": "Ada", "vp_track": 35, "store": {"clothing": 3, "lace": 0, "jewelry": 2},
           "bridge_chains": [3, 1],
           "master_builders": [{"kind": "move_die_pm1", "activated": True},
                               {"kind": "bridge_bonus", "activated": False}]}
    result = run([ada, player("Bea", vp=49)])
    # 35 + 4 (sale) + 10 (bridges) + 0 (bonus not activated) + 1 (one builder) = 50
    assert total(result, "Ada") == 50
    assert result["ranking"] == [["Ada"], ["Bea"]]


def test_ties_are_joint_wins_with_no_tiebreak_at_any_position():
    result = run([player("A", vp=30), player("B", vp=28, store={"jewelry": 1}), player("C", vp=10),
                  player("D", vp=10)])
    # B: 28 + 1 x (3 - 1) = 30
    assert result["ranking"] == [["A", "B"], ["C", "D"]]
    assert result["winner"] == ["A", "B"]


def test_y_shaped_bridges_are_one_chain_by_default_and_two_paths_with_the_option():
    y = player("A", bridges=[["Market", "Gold"], ["Market", "Wool"], ["Market", "Flax"]])
    assert breakdown(run([y, player("B")]), "A")["bridges"] == 9
    assert breakdown(run([y, player("B")], chain_definition="component"), "A")["bridges"] == 9
    # Paths: Gold-Market-Wool (2) and Market-Flax (1) -> 4 + 1
    assert breakdown(run([y, player("B")], chain_definition="paths"), "A")["bridges"] == 5


def test_ring_of_three_bridges_under_both_readings():
    ring = player("A", bridges=[["Market", "Gold"], ["Gold", "Order"], ["Order", "Market"]])
    assert breakdown(run([ring, player("B")]), "A")["bridges"] == 9
    # A path never visits a tile twice: 2 + 1.
    assert breakdown(run([ring, player("B")], chain_definition="paths"), "A")["bridges"] == 5


def test_paths_reading_picks_the_best_split():
    # A-B-C-D-E with a branch C-F: the best split is the 4-bridge path plus the lone branch (16 + 1).
    t = player("A", bridges=[["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["c", "f"]])
    assert breakdown(run([t, player("B")], chain_definition="paths"), "A")["bridges"] == 17
    assert breakdown(run([t, player("B")]), "A")["bridges"] == 25


def test_a_straight_chain_scores_the_same_under_both_readings():
    line = player("A", bridges=[["a", "b"], ["b", "c"], ["c", "d"], ["x", "y"]])
    assert breakdown(run([line, player("B")]), "A")["bridges"] == 10
    assert breakdown(run([line, player("B")], chain_definition="paths"), "A")["bridges"] == 10


def test_bridge_bonus_counts_bridges_given_as_pairs():
    p = player("A", bridges=[["a", "b"], ["c", "d"]], builders=[("bridge_bonus", True)])
    assert breakdown(run([p, player("B")]), "A")["bridge_bonus"] == 4


def test_no_bridges_no_store_is_just_the_track():
    result = run([player("A", vp=12), player("B", vp=3, bridges=[])])
    assert total(result, "A") == 12 and total(result, "B") == 3


@pytest.mark.parametrize("mutate, field", [
    (lambda p: p.update(bridge_chains=[3, 3]), "bridge_chains"),
    (lambda p: p.update(bridge_chains=[6]), "bridge_chains"),
    (lambda p: (p.pop("bridge_chains"), p.update(bridges=[["a", "b"]] + [[f"t{i}", f"t{i + 1}"] for i in range(5)])),
     "bridges"),
    (lambda p: (p.pop("bridge_chains"), p.update(bridges=[["Gold", "gold"]])), "bridges[0]"),
    (lambda p: (p.pop("bridge_chains"), p.update(bridges=[["Gold", "Wool"], ["Wool", "Gold"]])), "bridges[1]"),
    (lambda p: p.update(bridges=[["Gold", "Wool"]]), "bridge_chains"),
    (lambda p: p.pop("bridge_chains"), "bridge_chains"),
    (lambda p: p.update(store={"silk": 1}), "store.silk"),
    (lambda p: p.update(store={"lace": -1}), "store.lace"),
    (lambda p: p.update(master_builders=[{"kind": "dragon", "activated": True}]), "master_builders[0].kind"),
    (lambda p: p.update(master_builders=[{"kind": "fill_stock"}]), "master_builders[0].activated"),
    (lambda p: p.update(vp_track=-2), "vp_track"),
])
def test_bad_player_fields_are_rejected(mutate, field):
    bad = player("A")
    mutate(bad)
    with pytest.raises(SheetError) as caught:
        run([bad, player("B")])
    assert str(caught.value).startswith(f"players[0].{field}")


def test_prices_are_required_and_checked():
    with pytest.raises(SheetError, match=r"^prices\.lace"):
        run([player("A"), player("B")], prices={"clothing": 1, "jewelry": 3})
    with pytest.raises(SheetError, match=r"^prices\.jewelry"):
        run([player("A"), player("B")], prices={"clothing": 1, "lace": 0, "jewelry": -1})
    with pytest.raises(SheetError, match=r"^prices\.silk"):
        run([player("A"), player("B")], prices={**PRICES, "silk": 2})
    with pytest.raises(SheetError, match=r"^prices"):
        scoring_of(GAME).score({"players": [player("A"), player("B")]})


@pytest.mark.parametrize("count", [1, 5])
def test_player_count_outside_two_to_four_is_rejected(count):
    with pytest.raises(SheetError, match="players"):
        run([player(f"P{i}") for i in range(count)])
