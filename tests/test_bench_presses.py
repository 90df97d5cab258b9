"""The box-only presses bench (bench/presses.py): a short game of each game, its figures, and each decision's presses
pressed again through the pure controls to see that they make the input chosen."""

import pytest

from bench import presses
from companion import controls

DECISIONS = 40


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    folder = tmp_path_factory.mktemp("presses")
    return [presses.play(folder, game, presses.players(game, 1), seed=3, decisions=DECISIONS, keep=True)
            for game in presses.GAME_IDS]


def test_each_game_reports_its_presses_per_decision_and_per_turn_as_whole_positive_numbers(played):
    figures = presses.figures(played)
    for game in presses.GAME_IDS:
        for what in ("decision_p50", "decision_p95", "decision_max", "turn_p50", "turn_p95", "part_p50", "part_p95"):
            value = figures[f"presses.{game}.{what}"]
            assert type(value) is int and value > 0, (game, what, value)
        assert figures[f"presses.{game}.decision_p50"] <= figures[f"presses.{game}.decision_p95"] \
            <= figures[f"presses.{game}.decision_max"]
        assert f"presses.{game}.decision_p95" in presses.GOALS and f"presses.{game}.part_p95" in presses.GOALS


def test_every_input_chosen_was_reached_by_presses_and_the_game_went_on(played):
    for game in played:
        assert game.no_presses == [], (game.game, game.no_presses)
        assert len(game.decisions) == DECISIONS or game.over, (game.game, len(game.decisions))
        assert game.turns and sum(game.turns) == sum(len(d.presses) for d in game.decisions) == sum(game.parts)


def test_the_presses_found_make_the_input_chosen_and_nothing_before_it(played):
    """Pressed again through the pure controls, a decision's presses make its input with the last press, and none
    before it; where the Table asked before spending more than a few coins (the runtime's question, not the
    controls'), the press before the last makes it and the last is ACTION, the yes; where a result covered a step not
    shown yet, the first press took it away."""
    for game in played:
        for decision in game.decisions:
            panel, made = decision.panel, []
            presses = decision.presses[:-1] if decision.costly else decision.presses
            if decision.uncovered:  # the first press only took a result away: the step was shown
                assert presses[0] == ("select", False)
                presses = presses[1:]
            for role, long in presses:
                reply = controls.press(decision.view, panel, role, long)
                panel = reply.panel
                made.append(reply.action)
            assert made[:-1] == [None] * (len(made) - 1) and made[-1] == decision.action, (game.game, decision.presses)
            assert not decision.costly or decision.presses[-1] == ("action", False)


def test_the_search_finds_the_fewest_presses():
    """On a list of three, the third option is one NEXT back (NEXT walks back where it has nothing to do), not two
    SELECTs; and held pages (the scores) are not a way through."""
    options = [{"label": f"Go {k}", "short": "Go", "action": {"type": "advance", "to": k}, "fields": {}, "confirm": False,
                "rolls": "", "button": "", "group": "Play"} for k in range(3)]
    view = {"game": "g", "options": options, "players": [{"name": "Ada", "seat": 0}], "acting": [0]}
    assert presses.shortest(view, controls.Panel(), {"type": "advance", "to": 2}) == (("next", False), ("action", False))
    assert presses.shortest(view, controls.Panel(), {"type": "advance", "to": 0}) == (("action", False),)
    with pytest.raises(presses.NoPresses):
        presses.shortest(view, controls.Panel(), {"type": "advance", "to": 3})


def test_a_real_card_is_named_as_it_comes_from_the_deck_and_any_other_value_as_likely_as_another():
    """The random player names a card by its copies in the game's decks (Master of Venice: 15 Cogs, one Timbuktu);
    a field whose values are not all cards of a deck (a die's face, a place) is picked evenly."""
    import random

    copies = presses.copies_of("master_of_venice")
    assert copies["Cogs"] == 15 and copies["Timbuktu"] == 1 and sum(copies.values()) == 116
    card = {"title": "card", "enum": ["Timbuktu", "Cogs"]}
    option = {"action": {"type": "tap"}, "fields": {"card": card}, "confirm": False}
    rng = random.Random(5)
    named = [presses.chosen(option, rng, copies)["card"] for _ in range(160)]
    assert 120 <= named.count("Cogs") < 160  # fifteen in sixteen, within what chance gives
    faces = {"action": {"type": "roll"}, "fields": {"die": {"enum": [1, 2]}}, "confirm": False}
    thrown = [presses.chosen(faces, rng, copies)["die"] for _ in range(160)]
    assert 50 <= thrown.count(1) <= 110
