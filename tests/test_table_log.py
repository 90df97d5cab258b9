"""The table's log (TABLE.md: "the log says who"), through the panel on a real server with the simulated box:
one line per input, naming the player it was for and who made it (a phone, the box, the reader); a phone
taking or giving up a seat, the box's hand-over question and its answer, and a phone unpaired are lines of it
too. Those lines are not inputs: they are not journaled, and a restart's log is the inputs' own."""

import time

from test_trust import box, option, started  # noqa: F401 (box: the fixture)

from companion.sources import Source
from hardware.buttons import Press

BOX = Source("buttons")
FREE_PLAY = {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]}


def log_of(box):
    return box.host.get("/api/state")[1]["log"]


def new_lines(box, before):
    log = log_of(box)
    assert log[:len(before)] == before or len(log) == 50, "the log only grows (until it holds its last 50 lines)"
    return log[len(before):]


def test_each_input_is_one_line_naming_its_player_and_who_made_it(box):
    box.host.input({"type": "new_game", "game": "free_play", "setup": FREE_PLAY})
    assert box.ada.post("/api/seat", {"seat": 0})[0] == 200
    before = log_of(box)
    done = option(box.ada.get("/api/seat")[1]["options"], "Done")  # what NEXT does: Ada's turn ends
    assert box.ada.post("/api/seat/input", dict(done["action"]))[0] == 200
    # One line says what was done, for whom and by whom; the line after it is what follows, not the input again.
    assert new_lines(box, before) == [f"Ada is done with the turn — Ada's phone ({box.ada.short})", "Bea's turn."]
    before = log_of(box)
    done = option(box.host.get("/api/state")[1]["options"], "Done")  # Bea has no phone: the box does her turn
    assert box.runtime.submit(dict(done["action"]), source=BOX).accepted
    assert new_lines(box, before) == ["Bea is done with the turn — the box", "Cy's turn."]


def test_a_players_input_made_on_the_box_names_the_player_once(box):
    started(box)  # palazzo: Ada's and Bea's phones hold their seats, Cy plays at the box
    for phone in (box.ada, box.bea):
        take = option(phone.get("/api/seat")[1]["options"], "Take")
        phone.post("/api/seat/input", dict(take["action"]) | {k: f["enum"][0] for k, f in take["fields"].items()})
    before = log_of(box)
    take = option(box.host.get("/api/state")[1]["options"], "Take")  # Cy's turn, at the box
    done = box.runtime.submit(dict(take["action"]), source=BOX)
    assert done.accepted and done.log[0].startswith("Cy takes")
    lines = new_lines(box, before)
    assert lines[0] == f"{done.log[0].removesuffix('.')} — the box"
    assert lines[1:] == list(done.log[1:])  # what follows; nothing says "Cy takes" twice
    assert sum("Cy takes" in line for line in lines) == 1


def test_seat_claims_the_hand_over_question_and_its_answers_are_in_the_log(box):
    started(box)
    later = [0.0]  # the box is asked for a seat at most every 2 minutes: each question here comes after them
    box.app.extensions["seat_asks"].clock = lambda: time.monotonic() + later[0]
    before = log_of(box)
    # Someone at the box says No.
    assert box.stranger.post("/api/seat", {"seat": 1})[1]["asked"]
    assert box.table.wait_idle()
    box.table.press(Press("back", False, time.monotonic(), 0.1))
    assert box.table.wait_idle()
    stranger = f"Bea's phone ({box.stranger.short})"  # named as Bea's to fool the table: the short id tells them apart
    assert new_lines(box, before) == [f"{stranger} asks the box for Bea's seat",
                                      f"Bea's seat not handed to {stranger}: No at the box"]
    # Nobody answers.
    before = log_of(box)
    ada = f"Ada's phone ({box.ada.short})"
    later[0] += 121
    assert box.ada.post("/api/seat", {"seat": 1})[1]["asked"]
    assert box.table.wait_idle()
    real = box.table.clock
    box.table.clock = lambda: real() + 21  # the question has been up for 20 seconds
    try:
        box.table.redraw()
        assert box.table.wait_idle()
    finally:
        box.table.clock = real
    assert new_lines(box, before) == [f"{ada} asks the box for Bea's seat",
                                      f"Bea's seat not handed to {ada}: nobody answered at the box"]
    assert box.bea.get("/api/seat")[1]["seat"] == 1
    # Yes: a long ACTION.
    before = log_of(box)
    host = f"Dan's phone ({box.host.short})"
    later[0] += 121
    assert box.host.post("/api/seat", {"seat": 1})[1]["asked"]
    assert box.table.wait_idle()
    box.table.press(Press("action", True, time.monotonic(), 1.2))
    assert box.table.wait_idle()
    assert box.host.get("/api/seat")[1]["seat"] == 1
    assert new_lines(box, before) == [f"{host} asks the box for Bea's seat", f"Bea's seat handed to {host} at the box"]
    # A seat given up, and one taken without a question.
    before = log_of(box)
    assert box.ada.post("/api/seat", {"seat": None})[0] == 200
    assert box.bea.post("/api/seat", {"seat": 0})[0] == 200
    assert new_lines(box, before) == [f"{ada} gives up Ada's seat", f"Bea's phone ({box.bea.short}) takes Ada's seat"]


def test_unpairing_is_in_the_log_and_such_lines_do_not_outlive_a_restart(box, make_runtime):
    started(box)
    before = log_of(box)
    assert box.host.post(f"/api/sessions/{box.bea.id}/revoke")[0] == 200
    assert box.ada.post("/api/session/forget")[0] == 200
    assert new_lines(box, before) == [f"Bea's phone ({box.bea.short}) was unpaired by the host: Bea's seat is free",
                                      f"Ada's phone ({box.ada.short}) unpaired itself: Ada's seat is free"]
    inputs = [line for line in box.host.get("/api/state")[1]["log"] if " — " in line]
    restarted = make_runtime(path=box.runtime.journal.path)  # the same journal, taken up afresh
    assert [line for line in restarted.view()["log"] if " — " in line] == inputs
    assert not [line for line in restarted.view()["log"] if "unpaired" in line or "seat" in line.split(" — ")[0]]
