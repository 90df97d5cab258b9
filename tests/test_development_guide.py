"""docs/development.md, "Writing a sixth game": the page's code, run as it stands, makes a game the companion
plays through the options it offers (a real runtime on a real journal, every input matched against them)."""

import random
import re
from pathlib import Path

from companion.journal import Journal
from companion.runtime import Runtime

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "development.md"


def the_guides_game():
    page = GUIDE.read_text()
    section = page.split("## Writing a sixth game", 1)[1].split("\n## ", 1)[0]
    code = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    namespace: dict = {}
    exec(compile(code, str(GUIDE), "exec"), namespace)  # the page alone: nothing else defines the game
    return namespace["GEM_SETS"]


def test_the_guides_game_is_played_to_its_end_through_what_it_offers(tmp_path):
    game = the_guides_game()
    assert [s.name for s in game.flow.steps] == ["TURN"]
    rt = Runtime(Journal(tmp_path / "journal.sqlite3"), {"gem_sets": game}, rng=random.Random(7))
    rt.start()
    try:
        setup = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}], "first": 0}
        assert rt.submit({"type": "new_game", "game": "gem_sets", "setup": setup}).accepted
        forged = rt.submit({"type": "advance", "action": "score", "colour": "red"})  # no set yet: not offered
        assert not forged.accepted and forged.reason.startswith("that is not one of the choices now")
        pick = random.Random(11)
        scored = drawn = 0
        for _ in range(100):
            view = rt.view()
            if view["over"]:
                break
            plays = [o for o in view["options"] if o["group"] == "Play"]
            assert plays, view["status"]
            option = pick.choice(plays)
            action = dict(option["action"]) | {k: pick.choice(f["enum"]) for k, f in option["fields"].items()}
            if option["confirm"]:  # the draw that empties the bag ends the game: NEXT says so and asks first
                assert option["label"] == "Draw a gem from the bag: the game ends"
                action["confirm"] = True
            done = rt.submit(action)
            assert done.accepted, done.reason
            scored += action["action"] == "score"
            drawn += action["action"] == "draw"
        view = rt.view()
        assert view["over"] and view["ended"] == "the bag is empty" and drawn == 18 and scored >= 1, scored
        points = [p["points"] for p in view["players"]]
        assert sum(points) == 3 * scored and sum(p["gems"] for p in view["players"]) == 18 - 3 * scored
        assert view["standings"][0] == [p["name"] for p in view["players"] if p["points"] == max(points)]
        assert not rt.submit({"type": "advance", "action": "draw"}).accepted  # the game is over
    finally:
        rt.stop()
        rt.journal.close()


def test_a_score_the_hand_cannot_pay_is_refused_and_changes_nothing():
    from companion.core import engine

    game = the_guides_game()
    state = engine.new_game(game, {"players": [{"name": "Ada"}, {"name": "Bea"}], "first": 0}).state
    refused = engine.apply(game, state, {"type": "advance", "action": "score", "colour": "red"})
    assert refused.reason == "Ada has fewer than 3 red gems"
    drew = engine.apply(game, state, {"type": "advance", "action": "draw", "order": sorted(game.decks[0].composition.cards(2))})
    assert drew.log[-2:] == (f"Ada draws a {drew.state['data']['gems'][0][0]} gem.", "Bea's turn.")
