"""The box's small lines, whole: on the step page the option under the cursor has two small lines at most
(companion.screens.step_lines), the step's line what they leave, and what does not fit is cut with "…". Whole
games played on the box alone (bench/presses.py), every option of every list SELECT reaches, entries opened too,
must fit at rest: the labels are the games' own (the phones list them too), what the core adds ("…: the game
ends", "Pay: on to Diplomacy Phase") and what the box adds (": a die thrown"). So must the step's line beside
each of them: the step's label or the game's status, whole, or its first parts (" · ", the one that matters most
first: "Die 5 · name 4 tiles" of "Die 5 · name 4 tiles · name 3 coins · yard: Suns 3")."""

from functools import cache
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest

from bench import presses
from companion import box_list, controls
from companion.screens import PLACE, StepScreen, doing_fits, step_lines

PARTS = " · "  # between a status line's parts (companion.core.words.PARTS)


def at_rest(view, under=()):
    """A panel on each option SELECT reaches on the step page: the top list's, and inside each entry."""
    for k, entry in enumerate(box_list.shown(view, under)):
        yield controls.Panel(option=k, under=under)
        if "opens" in entry:
            yield from at_rest(view, under + (entry["opens"],))


@cache
def played(game: str, players: int, seed: int) -> presses.Played:
    """A box-only game (Patrons of Venice does not end on the bench's random presses: its first 400 inputs, dozens
    of rounds)."""
    with TemporaryDirectory() as folder:  # its journal: what the check reads is kept in memory
        played = presses.play(Path(folder), game, players, seed, 400, keep=True)
    assert played.over or game == "patrons_of_venice", (game, seed, len(played.decisions))  # a whole game
    return played


def frames(game: str, players: int, seed: int):
    """Each step screen of the game at rest, on each option SELECT reaches."""
    for decision in played(game, players, seed).decisions:
        for panel in at_rest(decision.view):
            screen = controls.screen_for(decision.view, panel)
            if isinstance(screen, StepScreen):
                yield screen


def cut_options(game: str, players: int, seed: int) -> set[str]:
    cut = set()
    for screen in frames(game, players, seed):
        if not screen.doing:
            continue
        if not doing_fits(screen.step, screen.doing):
            match = PLACE.match(screen.doing)
            cut.add(match.group(1) if match else screen.doing)
    return cut


def whole(step: str, lines: list[str]) -> bool:
    """Whether `lines` show `step` whole: all of it, or its first parts, each whole (broken between them)."""
    def words(text: str) -> list[str]:
        return [w for w in text.split() if w != PARTS.strip()]
    parts = step.split(PARTS)
    return any(words(" ".join(lines)) == words(PARTS.join(parts[:k])) for k in range(1, len(parts) + 1))


def cut_steps(game: str, players: int, seed: int) -> set[str]:
    """The step lines cut: the step's label, the game's status, or a keypad's title (an entry's or a field's,
    "(hold BACK to leave)" after it where both fit)."""
    cut = set()
    for screen in frames(game, players, seed):
        lines, _, _ = step_lines(screen.step, screen.doing)
        if screen.step and not whole(screen.step, lines):
            cut.add(screen.step)
    return cut


GAMES = [("patrons_of_venice", 3, 1), ("patrons_of_venice", 4, 2), ("master_of_venice", 2, 1), ("master_of_venice", 3, 2),
         ("palazzo", 2, 1), ("palazzo", 3, 2), ("la_venise_du_nord", 2, 1), ("la_venise_du_nord", 2, 2),
         ("merchant_venturers", 2, 1), ("merchant_venturers", 3, 2)]

@pytest.mark.parametrize("game, players, seed", GAMES)
def test_every_option_of_a_whole_game_on_the_box_alone_shows_whole_at_rest(game, players, seed):
    assert cut_options(game, players, seed) == set()


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_every_step_line_of_a_whole_game_on_the_box_alone_shows_whole_at_rest(game, players, seed):
    assert cut_steps(game, players, seed) == set()


def test_a_label_too_long_for_two_lines_is_found():
    """The check itself: the old sailing label was cut ("► Ship 1 sails (2 / moves, +1 with the…")."""
    _, lines, _ = step_lines("Sail ships", "► Ship 1 sails (2 moves, +1 with the wind): where it ends  1/2")
    assert lines[-1].endswith("…")


def test_a_step_line_too_long_is_found_and_its_last_parts_are_left_out_whole():
    """The check itself: La Venise du Nord's old roll line was cut on the one line a two-line option leaves; a
    status of parts loses its last ones first."""
    lines, _, _ = step_lines("Rolled 3 and 1: which came back?", "► The 1 on Wool came back  1/3")
    assert lines == ["Rolled 3 and 1…"] and not whole("Rolled 3 and 1: which came back?", lines)
    status = "Die 3 · name 3 tiles · name 4 coins · yard: Arms 3"
    lines, _, _ = step_lines(status, "► Take the coin just turned up  1/3")
    assert lines == ["Die 3 · name 3 tiles"] and whole(status, lines)
    lines, _, _ = step_lines(status, "► Buy a tile (3)  2/3")
    assert lines == ["Die 3 · name 3 tiles", "name 4 coins"]  # broken between parts, the yard left out
