"""Which tie-break decided (the output's `tiebreaks`), the table's summary of a scored sheet
(`Sheet.result`), a pre-filled sheet's unknown fields (`scoring.unknown`) and each game's words."""

from __future__ import annotations

import json

import pytest
from test_score_api_and_docs import doc_examples

from companion import scoring
from companion.core.ranking import RankKey, deciding_keys, rank
from companion.errors import SheetError
from companion.games import SCORED, scoring_of


def palazzo(name, coins, die, palazzo=(("suns", 3, False),), reserve=()):
    return {"name": name, "palazzo": [list(s) for s in palazzo], "reserve": [list(r) for r in reserve],
            "coins_in_hand": list(coins), "die_face": die}


# --- the ranking layer --------------------------------------------------------------------------------


def test_deciding_keys_name_the_first_key_two_neighbouring_groups_differ_on():
    total, coins = RankKey("total", lambda p: p[1]), RankKey("coins", lambda p: p[2])
    fewest = RankKey("built", lambda p: p[3], "low")
    keys = [total, coins, fewest]
    players = [("Ada", 5, 2, 6), ("Bea", 5, 2, 4), ("Cy", 5, 3, 9), ("Dan", 8, 0, 0), ("Eve", 1, 0, 0), ("Fay", 1, 0, 0)]
    groups = rank(players, keys)
    assert [[p[0] for p in g] for g in groups] == [["Dan"], ["Cy"], ["Bea"], ["Ada"], ["Eve", "Fay"]]
    assert deciding_keys(groups, keys) == ["total", "coins", "built", "total"]
    assert deciding_keys([], keys) == [] and deciding_keys(groups[:1], keys) == []
    with pytest.raises(ValueError):  # groups that are not a ranking of these keys
        deciding_keys([[("Ada", 1, 0, 0)], [("Bea", 1, 0, 0)]], keys)


# --- tiebreaks in each game's output -------------------------------------------------------------------


def test_palazzo_a_tie_on_points_decided_by_ducats_then_by_fewer_structures():
    same = (("suns", 3, False),)
    out = scoring_of("palazzo").score({"players": [
        palazzo("Ada", [1], 2, same), palazzo("Bea", [3, 1], 3, same),
        palazzo("Cy", [1], 2, same, reserve=[("arms", 2)]), palazzo("Dan", [], 0, (("moons", 5, True),)),
    ]})
    totals = {p["name"]: p["total"] for p in out["players"]}
    assert totals["Ada"] == totals["Bea"] == totals["Cy"] and totals["Dan"] > totals["Ada"]
    # Ada and Cy: 3 ducats each and one structure each in the palazzo (the reserve does not count by default).
    assert out["ranking"] == [["Dan"], ["Bea"], ["Ada", "Cy"]]
    assert out["tiebreaks"] == [{"above": ["Bea"], "below": ["Ada", "Cy"], "by": "ducats",
                                 "values": {"Bea": 7, "Ada": 3, "Cy": 3},
                                 "label": "more ducats in hand and on the die"}]
    counted = scoring_of("palazzo").score({"players": [palazzo("Ada", [1], 2, same), palazzo("Cy", [1], 2, same, reserve=[("arms", 2)])],
                                          "options": {"structures_count": "palazzo_and_reserve"}})
    assert counted["ranking"] == [["Ada"], ["Cy"]]
    assert counted["tiebreaks"] == [{"above": ["Ada"], "below": ["Cy"], "by": "structures", "values": {"Ada": 1, "Cy": 2},
                                     "label": "fewer structures built"}]


def test_a_win_on_the_total_alone_names_no_tiebreak():
    out = scoring_of("palazzo").score(doc_examples()["palazzo"])
    assert out["winner"] == ["Ada"] and out["tiebreaks"] == []


def test_the_documented_examples_name_the_tiebreak_that_decided():
    patrons = scoring_of("patrons_of_venice").score(doc_examples()["patrons_of_venice"])
    assert patrons["tiebreaks"] == [{"above": ["Bea"], "below": ["Ada"], "by": "ducats", "values": {"Bea": 14, "Ada": 9},
                                     "label": "more Ducats"}]
    merchant = scoring_of("merchant_venturers").score(doc_examples()["merchant_venturers"])
    assert merchant["tiebreaks"] == [{"above": ["Ada"], "below": ["Bea"], "by": "large_posts", "values": {"Ada": 1, "Bea": 0},
                                      "label": "more large trading posts"}]
    master = scoring_of("master_of_venice").score(doc_examples()["master_of_venice"])
    assert master["ranking"] == [["Ada", "Cy"]] and master["tiebreaks"] == []  # a shared win: nothing decided


def test_merchant_the_chain_goes_down_to_the_goods_held():
    ship = [{"fast": False, "large": False}]
    out = scoring_of("merchant_venturers").score({"players": [
        {"name": "Ada", "coins": 10, "ships": ship, "trading_posts": ["small", "medium"], "held_goods": 1},
        {"name": "Bea", "coins": 10, "ships": ship, "trading_posts": ["medium", "small"], "held_goods": 3},
    ]})
    assert out["ranking"] == [["Bea"], ["Ada"]]
    assert [(t["by"], t["label"], t["values"]) for t in out["tiebreaks"]] == [
        ("held_goods", "more goods held", {"Bea": 3, "Ada": 1})]
    three = scoring_of("merchant_venturers").score({"players": [
        {"name": "Ada", "coins": 10, "ships": ship, "trading_posts": ["small"], "held_goods": 0},
        {"name": "Bea", "coins": 10, "ships": ship, "trading_posts": ["medium"], "held_goods": 0},
        {"name": "Cy", "coins": 10, "ships": ship, "trading_posts": [], "held_goods": 9},
    ]})
    assert three["ranking"] == [["Bea"], ["Ada"], ["Cy"]]
    assert [(t["above"], t["by"], t["label"]) for t in three["tiebreaks"]] == [
        (["Bea"], "medium_posts", "more medium trading posts"), (["Ada"], "small_posts", "more small trading posts")]


def test_master_a_roll_off_decides_with_its_dice_as_values():
    out = scoring_of("master_of_venice").score({"players": [
        {"name": "Ada", "gold": 20, "roll_off": [4, 2]}, {"name": "Bea", "gold": 20, "roll_off": [4, 5]},
        {"name": "Cy", "gold": 9, "roll_off": []}], "options": {"winner_tie": "roll_off"}})
    assert out["ranking"] == [["Bea"], ["Ada"], ["Cy"]]
    assert out["tiebreaks"] == [{"above": ["Bea"], "below": ["Ada"], "by": "roll_off", "values": {"Bea": [4, 5], "Ada": [4, 2]},
                                 "label": "a higher roll-off"}]


def test_venise_ties_are_shared_and_there_is_no_tiebreak_to_name():
    sheet = doc_examples()["la_venise_du_nord"]
    sheet["players"][1]["vp_track"] = 28  # 50 each
    out = scoring_of("la_venise_du_nord").score(sheet)
    assert out["ranking"] == [["Ada", "Bea"]] and out["winner"] == ["Ada", "Bea"] and out["tiebreaks"] == []


def test_the_command_line_prints_the_tiebreaks(tmp_path, capsys):
    from companion.scoring.cli import main

    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(doc_examples()["patrons_of_venice"]))
    assert main(["patrons_of_venice", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["tiebreaks"][0]["by"] == "ducats" and printed["winner"] == ["Bea"]


# --- the table's summary -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", SCORED)
def test_the_summary_agrees_with_the_scored_sheet(game):
    sheet = doc_examples()[game]
    out, summary = scoring_of(game).score(sheet), scoring_of(game).result(sheet)
    assert summary["ranking"] == out["ranking"] and summary["winner"] == out["winner"]
    assert summary["totals"] == {p["name"]: p["total"] for p in out["players"]}
    assert summary["breakdown"] == {p["name"]: p["breakdown"] for p in out["players"]}
    assert summary["tiebreaks"] == out["tiebreaks"] and summary["words"] == scoring_of(game).words()
    assert ("end_triggered" in summary) == (game == "patrons_of_venice")
    assert ("eliminated" in summary) == (game == "master_of_venice")
    json.dumps(summary)


@pytest.mark.parametrize("game", SCORED)
def test_every_part_and_tiebreak_has_the_games_words(game):
    words = scoring_of(game).words()
    one, many = words["total"]
    assert "1" in one and "{n}" in many
    out = scoring_of(game).score(doc_examples()[game])
    assert set(out["players"][0]["breakdown"]) == set(words["parts"])
    words["total"][0] = "changed"
    assert scoring_of(game).words()["total"][0] != "changed"  # callers get a copy


def test_a_bad_sheet_raises_from_the_summary_too():
    with pytest.raises(SheetError, match=r"players\[0\]\.gold"):
        scoring_of("master_of_venice").result({"players": [{"name": "Ada", "gold": -1}, {"name": "Bea", "gold": 2}]})


# --- the fields a pre-filled sheet leaves null ---------------------------------------------------------


def test_unknown_names_each_null_field_by_its_path():
    sheet = {"prices": {"clothing": 1, "lace": None, "jewelry": 3},
             "players": [{"name": "Ada", "coins_in_hand": [3, 0]}, {"name": "Bea", "coins_in_hand": None, "roll_off": [None]}]}
    assert scoring.unknown(sheet) == ["prices.lace", "players[1].coins_in_hand", "players[1].roll_off[0]"]
    assert scoring.unknown(doc_examples()["palazzo"]) == []
    assert scoring.unknown(None) == ["sheet"]


def test_a_field_left_null_is_refused_as_not_filled_in():
    sheet = doc_examples()["palazzo"]
    sheet["players"][1]["coins_in_hand"] = None
    with pytest.raises(SheetError) as error:
        scoring_of("palazzo").score(sheet)
    assert str(error.value) == "players[1].coins_in_hand: not filled in (must be a list)"
