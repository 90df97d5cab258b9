"""What a seat may see is decided once, by the game's player view (companion/core/player_view.py), and every
output goes through it: a game whose view keeps a stone (its number) to its own seat, checked in the seats' views,
the table view, the log, the score sheet, Past games and their exports."""

import json
import random
from types import SimpleNamespace

from companion import history
from companion.core.flow import Flow, Step
from companion.core.game import GameDef
from companion.core.options import Option
from companion.core.player_view import SHEET
from companion.journal import Journal
from companion.runtime import Runtime

def _options(state, seat):
    if seat is None or seat != state["flow"]["player"]:
        return []
    number = {"type": "integer", "minimum": 100, "maximum": 999}
    return [Option("Choose a secret stone", "Stone", {"type": "stone"}, private=True, fields={"stone": number}),
            Option("Pass", "Pass", {"type": "advance", "action": "pass"}, button="NEXT")]


def _choose(e):
    e.data["stones"][e.seat] = e.action["stone"]
    e.say(f"{e.name(e.seat)} chooses a stone.")


def _view(state, seat):
    stones = state["data"]["stones"]
    if seat is None:
        return {"per_player": [{"chosen": stone is not None} for stone in stones]}
    return {"stone": stones[seat], SHEET: {"stone": stones[seat]}}


STONE_GAME = GameDef(
    id="stones", title="Stones", min_players=2, max_players=2,
    flow=Flow(steps=(Step("TURN", "Choose", options=_options, handlers={"stone": _choose, "pass": lambda e: None}),)),
    initial_data=lambda setup: {"stones": [None] * len(setup["players"])},
    player_view=_view,
    score_sheet=lambda state: {"players": [{"name": p["name"], "stone": stone}
                                           for p, stone in zip(state["players"], state["data"]["stones"])]},
    scoring=SimpleNamespace(schema=dict),  # no game over here: the sheet is never scored
)


def test_every_output_shows_a_seat_only_what_the_game_s_player_view_lets_it_see(tmp_path):
    rt = Runtime(Journal(tmp_path / "journal.sqlite3"), {"stones": STONE_GAME}, rng=random.Random(3))
    rt.start()
    try:
        setup = {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}
        assert rt.submit({"type": "new_game", "game": "stones", "setup": setup}).accepted
        assert rt.submit({"type": "stone", "stone": 417}).accepted
        view = rt.view()
        assert view["players"][0]["chosen"] and not view["players"][1]["chosen"]  # the table's part of the view
        assert json.loads(rt.seat_json(0)[1])["private"] == {"stone": 417}  # Ada's own phone; no "sheet" on it
        assert rt.private(0) == {"stone": 417}

        shown = {"the table view": rt.view_json()[1].decode(), "Bea's phone": rt.seat_json(1)[1].decode(),
                 "the log": " ".join(view["log"]), "the score sheet": json.dumps(rt.score_sheet())}
        assert rt.score_sheet()["players"][0] == {"name": "Ada", "stone": None}
        journal = rt.journal
        game_id = history.games(journal)[0]["id"]
        past = history.replay({"stones": STONE_GAME}, history.load(journal, game_id))
        shown |= {"Past games": json.dumps(past), "the CSV export": history.as_csv(past),
                  "the BG Stats export": json.dumps(history.as_bgstats(past))}
        assert past["log"] and past["players"][0]["name"] == "Ada"
        assert [where for where, text in shown.items() if "417" in text] == []
    finally:
        rt.stop()
        rt.journal.close()
