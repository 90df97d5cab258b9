"""A short run of every bench `make bench` runs: a bench the code has broken fails the tests, not the next
`make bench`. Each returns the figures its goals name, and meets the goals of nothing lost or broken
(bench.__main__.CORRECTNESS); how fast or how small is for `make bench` alone, on a quiet machine."""

import pytest

from bench import appliance, core_journal, crash, display_table, fuzz, power, presses, reader, seat_page, web
from bench.__main__ import CORRECTNESS, GOALS, SUITES, met

# Each suite, small: (the keyword arguments of its short run, the goals it is measured against).
SHORT = {
    core_journal: ({"count": 300}, {"resume.ms_10k_actions"}),
    display_table: ({"presses": 20}, {"display.bytes.phase_change_ratio", "display.bytes.score_change_ratio",
                                      "display.cpu_ratio", "input_to_frame_ms_p99"}),
    reader: ({"passes": 2, "deck": 5, "frames": 2000, "replugs": 2},
             {"reader.tag_to_ack_ms_p99", "reader.frames_per_s", "reader.replug_to_ack_ms_max",
              "reader.replug_taps_unacknowledged"}),
    web: ({"seconds": 0.5, "slow_seconds": 0.5, "slow_polls": 10},
          {name for name in GOALS if name.startswith("web.")}),
    appliance: ({"starts": 1, "idle_seconds": 0.5, "phones": 1},
                {"startup_to_first_frame_ms", "idle_cpu_percent", "idle_cpu_percent_scrolling", "rss_mb"}),
    crash: ({"kills": 2, "seed": 1}, {name for name in GOALS if name.startswith("crash.")}),
    power: ({"cuts": 1, "seed": 1}, {name for name in GOALS if name.startswith("power.")}),
    fuzz: ({"frames": 1000, "max_examples": 1}, {name for name in GOALS if name.startswith("fuzz.")}),
    presses: ({"games_per": 1, "decisions": 25}, {name for name in GOALS if name.startswith("presses.")}),
    seat_page: ({"idle_seconds": 2, "play_seconds": 4, "hidden_seconds": 3, "pace": 1.0, "crowd_seconds": 2},
                {name for name in GOALS if name.startswith("seat_page.")}),
}
# What a short run says it did, from what it was asked: every kill, cut and tap.
DID = {
    "crash.kills": lambda asked: asked["kills"],
    "power.cuts": lambda asked: asked["cuts"],
    "reader.taps": lambda asked: asked["passes"] * asked["deck"],
    "reader.replug_taps_recorded": lambda asked: asked["replugs"],
}


def test_every_suite_and_every_goal_has_a_short_run():
    assert set(SHORT) == set(SUITES)
    assert set().union(*(goals for _, goals in SHORT.values())) == set(GOALS)
    assert CORRECTNESS <= set(GOALS)


@pytest.mark.parametrize("suite", SUITES, ids=lambda suite: suite.__name__.removeprefix("bench."))
def test_a_short_run_measures_its_goals_and_loses_nothing(suite):
    if suite is power and power.available():
        pytest.skip(f"the power-loss bench cannot run here: {power.available()}")
    kwargs, goals = SHORT[suite]
    figures = suite.run(**kwargs)
    assert goals <= set(figures), f"not measured: {sorted(goals - set(figures))}"
    assert {name: figures[name] for name in goals & CORRECTNESS if not met(name, figures[name])} == {}
    assert {name: figures[name] for name, did in DID.items() if name in figures and figures[name] != did(kwargs)} == {}
    if suite is fuzz:
        assert figures["fuzz.codec_frames"] >= kwargs["frames"] and figures["fuzz.api_cases"] > 0
