"""The box's option line, whole: on the step page the option under the cursor has two small lines at most
(companion.screens.step_lines), and what does not fit is cut with "…". Whole games played on the box alone
(bench/presses.py), every option of every list SELECT reaches, entries opened too, must fit at rest: the labels
are the games' own (the phones list them too), what the core adds ("…: the game ends", "Income: on to Diplomacy
Phase") and what the box adds (": a die thrown")."""

from pathlib import Path

import pytest

from bench import presses
from companion import box_list, controls
from companion.screens import PLACE, StepScreen, step_lines


def at_rest(view, under=()):
    """A panel on each option SELECT reaches on the step page: the top list's, and inside each entry."""
    for k, entry in enumerate(box_list.shown(view, under)):
        yield controls.Panel(option=k, under=under)
        if "opens" in entry:
            yield from at_rest(view, under + (entry["opens"],))


def cut_options(game: str, players: int, seed: int, folder: Path) -> set[str]:
    played = presses.play(folder, game, players, seed, 400, keep=True)
    assert played.over, (game, seed, len(played.decisions))  # a whole game
    cut = set()
    for decision in played.decisions:
        for panel in at_rest(decision.view):
            screen = controls.screen_for(decision.view, panel)
            if not isinstance(screen, StepScreen) or not screen.doing:
                continue
            match = PLACE.match(screen.doing)
            label = match.group(1) if match else screen.doing
            _, lines, _ = step_lines(screen.step, screen.doing)
            if " ".join(lines).split() != label.split():
                cut.add(label)
    return cut


@pytest.mark.parametrize("game, players, seed", [("master_of_venice", 2, 1), ("master_of_venice", 3, 2),
                                                 ("merchant_venturers", 2, 1), ("merchant_venturers", 3, 2),
                                                 ("palazzo", 2, 1), ("palazzo", 3, 2)])
def test_every_option_of_a_whole_game_on_the_box_alone_shows_whole_at_rest(game, players, seed, tmp_path):
    assert cut_options(game, players, seed, tmp_path) == set()


def test_a_label_too_long_for_two_lines_is_found():
    """The check itself: the old sailing label was cut ("► Ship 1 sails (2 / moves, +1 with the…")."""
    _, lines, _ = step_lines("Sail ships", "► Ship 1 sails (2 moves, +1 with the wind): where it ends  1/2")
    assert lines[-1].endswith("…")
