"""The scoring API (companion.scoring) and docs/scoring.md: examples score as documented, options documented."""

from __future__ import annotations

import json
import re
from pathlib import Path

import fastjsonschema
import pytest

from companion.errors import CompanionError, SheetError
from companion.games import SCORED, scoring_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "scoring.md"


def doc_examples() -> dict[str, dict]:
    """The first ```json block under each '### `game_id`' heading."""
    text = DOCS.read_text(encoding="utf-8")
    examples = {}
    for section in re.split(r"^### ", text, flags=re.M)[1:]:
        game = re.match(r"`(\w+)`", section).group(1)
        block = re.search(r"```json\n(.*?)```", section, flags=re.S).group(1)
        examples[game] = json.loads(block)
    return examples


def test_game_ids():
    assert SCORED == ("patrons_of_venice", "master_of_venice", "palazzo", "la_venise_du_nord", "merchant_venturers")


def test_unknown_game_raises_sheet_error():
    with pytest.raises(SheetError, match="GAME"):
        scoring_of("monopoly").score({"players": []})
    with pytest.raises(SheetError):
        scoring_of("monopoly").schema()
    assert issubclass(SheetError, CompanionError)


@pytest.mark.parametrize("game", SCORED)
def test_schema_is_valid_draft_07_and_accepts_the_documented_example(game):
    schema = scoring_of(game).schema()
    validate = fastjsonschema.compile(schema)  # raises if the schema itself is malformed
    validate(doc_examples()[game])
    schema["title"] = "changed"
    assert scoring_of(game).schema()["title"] != "changed"  # callers get a copy


def test_every_game_has_a_documented_example():
    assert set(doc_examples()) == set(SCORED)


def test_documented_examples_give_the_documented_results():
    results = {game: scoring_of(game).score(sheet) for game, sheet in doc_examples().items()}

    def totals(game):
        return [p["total"] for p in results[game]["players"]]

    assert totals("patrons_of_venice") == [12, 12, 4]
    assert results["patrons_of_venice"]["ranking"] == [["Bea"], ["Ada"], ["Cy"]]
    assert results["patrons_of_venice"]["end_triggered"] is True
    assert results["master_of_venice"]["winner"] == ["Ada", "Cy"]
    assert results["master_of_venice"]["eliminated"] == ["Bea"]
    assert totals("palazzo") == [26, 18]
    assert totals("la_venise_du_nord") == [50, 52]
    paths = dict(doc_examples()["la_venise_du_nord"], options={"chain_definition": "paths"})
    assert [p["total"] for p in scoring_of("la_venise_du_nord").score(paths)["players"]] == [50, 48]
    assert totals("merchant_venturers") == [24, 24]
    assert results["merchant_venturers"]["ranking"] == [["Ada"], ["Bea"]]


@pytest.mark.parametrize("game", SCORED)
def test_every_option_name_value_and_default_is_documented(game):
    text = DOCS.read_text(encoding="utf-8")
    for name, spec in scoring_of(game).options().items():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{game}` | `{name}` |")), None)
        assert row is not None, f"{game}.{name} is not in the options table"
        for value in spec["enum"]:
            assert f"`{json.dumps(value)}`" in row
        assert row.split("|")[4].strip() == f"`{json.dumps(spec['default'])}`"
        assert scoring_of(game).schema()["properties"]["options"]["properties"][name]["default"] == spec["default"]


def test_score_does_not_change_the_sheet():
    sheet = doc_examples()["palazzo"]
    before = json.dumps(sheet, sort_keys=True)
    scoring_of("palazzo").score(sheet)
    assert json.dumps(sheet, sort_keys=True) == before


def test_a_sheet_may_name_its_own_game_but_not_another():
    sheet = {"game": "master_of_venice", "players": [{"name": "Ada", "gold": 2}, {"name": "Bea", "gold": 1}]}
    assert scoring_of("master_of_venice").score(sheet)["winner"] == ["Ada"]
    with pytest.raises(SheetError, match=r"^game: .*palazzo"):
        scoring_of("master_of_venice").score(dict(sheet, game="palazzo"))
