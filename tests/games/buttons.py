"""Pressing the table's buttons in a test: what the controls make of a press, submitted like the box does."""

from companion import controls


def press(rt, panel, role, long=False):
    """Press `role` on `panel` over the runtime's view; a press that makes an action must be accepted."""
    reply = controls.press(rt.view(), panel, role, long)
    if reply.action is not None:
        outcome = rt.submit(reply.action)
        assert outcome.accepted, (reply.action, outcome.reason)
    return reply


def every_page(view, panel_type):
    """Each of the OLED's pages for `view` draws a 128x64 frame; the step page's screen."""
    from companion.screens import render

    for page in ("step", "scores", "counters"):
        assert render(controls.screen_for(view, panel_type(page=page))).size == (128, 64)
    return controls.screen_for(view, panel_type())


def press_at_random(rt, view, rng, selects, action_share):
    """The buttons only: SELECT up to `selects` times, then ACTION (or, now and then, NEXT). An option the OLED
    only names (done on the phone) gives no action; a refusal changes nothing."""
    panel = controls.Panel()
    for _ in range(rng.randint(0, selects)):
        panel = controls.press(view, panel, "select", False).panel
    role = "action" if rng.random() < action_share else "next"
    reply = controls.press(view, panel, role, False)
    if reply.panel.confirm is not None:  # it asks first (the end of the game, goods thrown away): press again
        reply = controls.press(view, reply.panel, role, False)
    if reply.action is not None:
        rt.submit(reply.action)
