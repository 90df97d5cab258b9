"""Pressing the table's buttons in a test: what the controls make of a press, submitted like the box does."""

from companion import controls


def press(rt, panel, role, long=False):
    """Press `role` on `panel` over the runtime's view; a press that makes an action must be accepted."""
    reply = controls.press(rt.view(), panel, role, long)
    if reply.action is not None:
        outcome = rt.submit(reply.action)
        assert outcome.accepted, (reply.action, outcome.reason)
    return reply
