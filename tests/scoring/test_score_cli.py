"""`companion score` through the real command line (SCORE_SHEETS.md: output, exit codes, one-line errors)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PALAZZO = {"players": [
    {"name": "Ada", "palazzo": [["moons", 5, True], ["moons", 3, False]], "reserve": [["arms", 1]],
     "coins_in_hand": [3, 0], "die_face": 2},
    {"name": "Bea", "palazzo": [["Suns", 4, False]], "reserve": [], "coins_in_hand": [1], "die_face": 0},
]}
PATRONS = {"players": [
    {"name": "Ada", "businesses": [["draper", False], ["tent", True]], "favour_cards": 2, "ducats": 9},
    {"name": "Bea", "businesses": [], "favour_cards": 0, "ducats": 3},
    {"name": "Cy", "businesses": [["armour", False]], "favour_cards": 0, "ducats": 3},
]}
MASTER = {"players": [{"name": "Ada", "gold": 31}, {"name": "Bea", "gold": 12, "eliminated": True}]}
VENISE = {"prices": {"clothing": 1, "lace": 4, "jewelry": 3}, "players": [
    {"name": "Ada", "vp_track": 35, "store": {"clothing": 3, "lace": 0, "jewelry": 2}, "bridge_chains": [3, 1],
     "master_builders": [{"kind": "move_die_pm1", "activated": True}, {"kind": "bridge_bonus", "activated": False}]},
    {"name": "Bea", "vp_track": 40, "store": {}, "bridges": [["Market", "Gold"], ["Gold", "Wool"]],
     "master_builders": []},
]}
MERCHANT = {"players": [
    {"name": "Ada", "coins": 20, "ships": [{"fast": True, "large": False}], "trading_posts": ["small", "large"],
     "held_goods": 1},
    {"name": "Bea", "coins": 22, "ships": [{"fast": False, "large": False}], "trading_posts": ["small"],
     "held_goods": 0},
]}
GOOD = {"palazzo": PALAZZO, "patrons_of_venice": PATRONS, "master_of_venice": MASTER,
        "la_venise_du_nord": VENISE, "merchant_venturers": MERCHANT}


def companion(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                          cwd=ROOT, env=env, timeout=60)


def write(tmp_path: Path, sheet, name: str = "sheet.json") -> str:
    path = tmp_path / name
    path.write_text(sheet if isinstance(sheet, str) else json.dumps(sheet), encoding="utf-8")
    return str(path)


def assert_invalid(run: subprocess.CompletedProcess[bytes], *mentions: str) -> str:
    err = run.stderr.decode("utf-8")
    assert run.returncode == 2, err
    assert run.stdout == b""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    for mention in mentions:
        assert mention in lines[0], lines[0]
    return lines[0]


# --- success ----------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(GOOD))
def test_valid_sheet_prints_one_json_object_and_exits_zero(tmp_path, game):
    run = companion("score", game, write(tmp_path, GOOD[game]))
    assert run.returncode == 0, run.stderr
    assert run.stderr == b""
    result = json.loads(run.stdout)
    assert result["game"] == game
    assert [p["name"] for p in result["players"]] == [p["name"] for p in GOOD[game]["players"]]
    for p in result["players"]:
        assert isinstance(p["total"], int) and not isinstance(p["total"], bool)
        assert sum(p["breakdown"].values()) == p["total"]
    assert result["winner"] == (result["ranking"][0] if result["winner"] else [])


def test_palazzo_example_numbers(tmp_path):
    result = json.loads(companion("score", "palazzo", write(tmp_path, PALAZZO)).stdout)
    # Ada: moons 2 + turret = 3 (alone) -> 9; materials 5 x 2 + 3 = 13. Bea: suns 1 -> 3; materials 4.
    assert [(p["name"], p["total"], p["breakdown"]) for p in result["players"]] == [
        ("Ada", 22, {"majority": 9, "materials": 13}), ("Bea", 7, {"majority": 3, "materials": 4})]
    assert result["ranking"] == [["Ada"], ["Bea"]] and result["winner"] == ["Ada"]


def test_sheet_from_standard_input():
    run = companion("score", "master_of_venice", "-", stdin=json.dumps(MASTER).encode())
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["ranking"] == [["Ada"]] and result["winner"] == ["Ada"] and result["eliminated"] == ["Bea"]


def test_patrons_output_has_end_triggered(tmp_path):
    result = json.loads(companion("score", "patrons_of_venice", write(tmp_path, PATRONS)).stdout)
    assert result["end_triggered"] is False and result["winner"] == []
    assert result["ranking"] == [["Ada"], ["Cy"], ["Bea"]]  # 5; 1 (ducats 3); 0 (ducats 3)


def test_venise_example_numbers(tmp_path):
    result = json.loads(companion("score", "la_venise_du_nord", write(tmp_path, VENISE)).stdout)
    # Ada 35 + 4 + 10 + 0 + 1 = 50; Bea 40 + 0 + 2 x 2 (one chain of two) = 44
    assert [p["total"] for p in result["players"]] == [50, 44]


@pytest.mark.parametrize("game", sorted(GOOD))
def test_schema_prints_a_draft_07_schema_that_names_the_options(game):
    run = companion("score", "--schema", game)
    assert run.returncode == 0, run.stderr
    schema = json.loads(run.stdout)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["properties"]["players"]["type"] == "array"
    assert "options" in schema["properties"]


def test_schema_of_an_unknown_game_is_an_error():
    assert_invalid(companion("score", "--schema", "monopoly"), "monopoly", "GAME")


# --- bad input ----------------------------------------------------------------

def test_unknown_game(tmp_path):
    assert_invalid(companion("score", "chess", write(tmp_path, PALAZZO)), "GAME", "chess")


def test_file_that_is_not_json(tmp_path):
    assert_invalid(companion("score", "palazzo", write(tmp_path, "players: [Ada]")), "JSON")


def test_stdin_that_is_not_json():
    assert_invalid(companion("score", "palazzo", "-", stdin=b"{\"players\": ["), "JSON")


def test_binary_garbage_is_not_json(tmp_path):
    path = tmp_path / "sheet.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x81")
    assert_invalid(companion("score", "palazzo", str(path)), "JSON")


def test_missing_file(tmp_path):
    assert_invalid(companion("score", "palazzo", str(tmp_path / "nope.json")), "nope.json")


def test_json_that_is_not_an_object(tmp_path):
    assert_invalid(companion("score", "palazzo", write(tmp_path, "[1, 2]")), "sheet")


def test_wrong_arguments():
    assert_invalid(companion("score"), "usage")
    assert_invalid(companion("score", "palazzo"), "usage")
    assert_invalid(companion("score", "palazzo", "a.json", "b.json"), "usage")


def edit(sheet, change):
    copy = json.loads(json.dumps(sheet))
    change(copy)
    return copy


BAD = [
    # (id, game, change, words the one line must contain)
    ("missing name", "palazzo", lambda s: s["players"][1].pop("name"), ["players[1].name", "missing"]),
    ("missing gold", "master_of_venice", lambda s: s["players"][0].pop("gold"), ["players[0].gold", "missing"]),
    ("missing players", "master_of_venice", lambda s: s.pop("players"), ["players", "missing"]),
    ("missing prices", "la_venise_du_nord", lambda s: s.pop("prices"), ["prices", "missing"]),
    ("mistyped gold", "master_of_venice", lambda s: s["players"][0].update(gold="31"), ["players[0].gold", "integer"]),
    ("fractional gold", "master_of_venice", lambda s: s["players"][0].update(gold=3.5), ["players[0].gold", "integer"]),
    ("boolean count", "merchant_venturers", lambda s: s["players"][0].update(coins=True), ["players[0].coins"]),
    ("mistyped flag", "patrons_of_venice", lambda s: s["players"][0]["businesses"][1].__setitem__(1, "yes"),
     ["players[0].businesses[1][1]"]),
    ("mistyped list", "merchant_venturers", lambda s: s["players"][1].update(ships="one"), ["players[1].ships"]),
    ("negative ducats", "patrons_of_venice", lambda s: s["players"][2].update(ducats=-1),
     ["players[2].ducats", "negative"]),
    ("negative favours", "patrons_of_venice", lambda s: s["players"][0].update(favour_cards=-3),
     ["players[0].favour_cards"]),
    ("negative held goods", "merchant_venturers", lambda s: s["players"][0].update(held_goods=-1),
     ["players[0].held_goods"]),
    ("negative vp", "la_venise_du_nord", lambda s: s["players"][0].update(vp_track=-5), ["players[0].vp_track"]),
    ("negative price", "la_venise_du_nord", lambda s: s["prices"].update(lace=-1), ["prices.lace"]),
    ("die out of range", "palazzo", lambda s: s["players"][0].update(die_face=6), ["players[0].die_face"]),
    ("value out of range", "palazzo", lambda s: s["players"][0]["palazzo"][1].__setitem__(1, 7),
     ["players[0].palazzo[1][1]"]),
    ("coin out of range", "palazzo", lambda s: s["players"][0].update(coins_in_hand=[6]),
     ["players[0].coins_in_hand[0]"]),
    ("unknown suit", "palazzo", lambda s: s["players"][1]["palazzo"][0].__setitem__(0, "stars"),
     ["players[1].palazzo[0][0]", "stars"]),
    ("unknown business", "patrons_of_venice", lambda s: s["players"][1].update(businesses=[["baker", True]]),
     ["players[1].businesses[0][0]", "baker"]),
    ("unknown good", "la_venise_du_nord", lambda s: s["players"][0]["store"].update(silk=2),
     ["players[0].store.silk", "silk"]),
    ("unknown builder", "la_venise_du_nord",
     lambda s: s["players"][0]["master_builders"][0].update(kind="architect"),
     ["players[0].master_builders[0].kind", "architect"]),
    ("unknown post", "merchant_venturers", lambda s: s["players"][0].update(trading_posts=["tiny"]),
     ["players[0].trading_posts[0]", "tiny"]),
    ("two turrets", "palazzo", lambda s: s["players"][0]["palazzo"][1].__setitem__(2, True),
     ["players[0].palazzo[1]", "turret"]),
    ("one player palazzo", "palazzo", lambda s: s["players"].pop(), ["players", "2 to 4", "got 1"]),
    ("two players patrons", "patrons_of_venice", lambda s: s["players"].pop(), ["players", "3 to 5", "got 2"]),
    ("six players patrons", "patrons_of_venice",
     lambda s: s["players"].extend({**s["players"][0], "name": f"X{i}"} for i in range(3)), ["players", "got 6"]),
    ("five players master", "master_of_venice",
     lambda s: s["players"].extend({"name": f"X{i}", "gold": 1} for i in range(3)), ["players", "got 5"]),
    ("seven players merchant", "merchant_venturers",
     lambda s: s["players"].extend({**s["players"][0], "name": f"X{i}"} for i in range(5)), ["players", "got 7"]),
    ("five players venise", "la_venise_du_nord",
     lambda s: s["players"].extend({**s["players"][0], "name": f"X{i}"} for i in range(3)), ["players", "got 5"]),
    ("duplicate names", "master_of_venice", lambda s: s["players"][1].update(name="Ada"),
     ["players[1].name", "Ada", "duplicate"]),
    ("duplicate names merchant", "merchant_venturers", lambda s: s["players"][0].update(name="Bea"),
     ["players[1].name", "duplicate"]),
    ("unknown option", "palazzo", lambda s: s.update(options={"fewest": "reserve"}), ["options.fewest", "unknown"]),
    ("bad option value", "patrons_of_venice", lambda s: s.update(options={"statue_business_worth": 4}),
     ["options.statue_business_worth"]),
    ("unknown field", "master_of_venice", lambda s: s["players"][0].update(elminated=True),
     ["players[0].elminated", "unknown"]),
    ("unknown top-level field", "merchant_venturers", lambda s: s.update(year=10), ["year", "unknown"]),
    ("both bridge forms", "la_venise_du_nord", lambda s: s["players"][1].update(bridge_chains=[2]),
     ["players[1].bridge_chains"]),
    ("too many bridges", "la_venise_du_nord", lambda s: s["players"][0].update(bridge_chains=[4, 2]),
     ["players[0].bridge_chains"]),
    ("newline in a name", "master_of_venice", lambda s: (s["players"][0].update(name="A\nB"),
                                                          s["players"][1].update(name="A\nB")),
     ["players[1].name"]),
]


@pytest.mark.parametrize("game, change, mentions", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_invalid_sheet_exits_2_with_one_line_naming_the_field(tmp_path, game, change, mentions):
    sheet = edit(GOOD[game], change)
    assert_invalid(companion("score", game, write(tmp_path, sheet)), *mentions)


def test_the_same_sheet_through_stdin_fails_the_same_way():
    sheet = edit(GOOD["palazzo"], lambda s: s["players"][0].update(die_face=-1))
    line = assert_invalid(companion("score", "palazzo", "-", stdin=json.dumps(sheet).encode()))
    assert "players[0].die_face" in line
