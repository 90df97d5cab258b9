"""Pressing the table's buttons in a test: what the controls make of a press, submitted like the box does."""

from companion import controls


def press(rt, panel, role, long=False):
    """Press `role` on `panel` over the runtime's view; a press that makes an action must be accepted."""
    reply = controls.press(rt.view(), panel, role, long)
    if reply.action is not None:
        outcome = rt.submit(reply.action)
        assert outcome.accepted, (reply.action, outcome.reason)
    return reply


def select(rt, panel, label_start, tries=40):
    """SELECT until the step screen shows the option whose label starts with `label_start`, opening the first
    choice it is listed under (ACTION) on the way: the panel on it (or on the keypad that names it)."""
    for _ in range(tries):
        view = rt.view()
        listed = controls.shown(view, panel)
        on = listed[panel.option % len(listed)] if listed else {}
        if on.get("label", "").startswith(label_start) and "opens" not in on:
            return panel
        if panel.under and controls._keyed(listed) and any(o["label"].startswith(label_start) for o in listed):
            return panel  # an entry opened as a keypad: one press of its key chooses it (`choose`)
        inside = [o for o in controls.walk(view) if o.get("under") == on.get("opens") and o["label"].startswith(label_start)]
        panel = press(rt, panel, "action" if on.get("opens") and inside else "select").panel
    raise AssertionError(f"no option {label_start!r}")


def choose(rt, panel, label_start):
    """The option whose label starts with `label_start` chosen (`select`, then ACTION; in an entry opened as a
    keypad, the press of its key, NEXT first for the second page): the reply."""
    panel = select(rt, panel, label_start)
    listed = controls.shown(rt.view(), panel)
    if not (panel.under and controls._keyed(listed)):
        return press(rt, panel, "action")
    at = next(k for k, o in enumerate(listed) if o["label"].startswith(label_start))
    if at // 3 != panel.option % 2:
        panel = press(rt, panel, "next").panel
    return press(rt, panel, controls.KEYS[at % 3])


def every_page(view, panel_type):
    """Each of the OLED's pages for `view` draws a 128x64 frame; the step page's screen."""
    from companion.screens import render

    for page in ("step", "scores", "counters"):
        assert render(controls.screen_for(view, panel_type(page=page))).size == (128, 64)
    return controls.screen_for(view, panel_type())


def press_at_random(rt, view, rng, selects, action_share, fill=False):
    """The buttons only: SELECT up to `selects` times, then ACTION (or, now and then, NEXT). An option the OLED
    only names (done on the phone) gives no action; a refusal changes nothing. A picker opened is left, or with
    `fill` filled: ACTION takes the value it is on (a keypad's third key), BACK a keypad's first where ACTION names
    none."""
    panel = controls.Panel()
    for _ in range(rng.randint(0, selects)):
        panel = controls.press(view, panel, "select", False).panel
    role = "action" if rng.random() < action_share else "next"
    reply = controls.press(view, panel, role, False)
    if reply.panel.under and reply.action is None:  # an entry opened: one of its options
        panel, at = reply.panel, rng.randint(0, selects)
        listed = controls.shown(view, panel)
        if controls._keyed(listed):  # a keypad: that option's key, NEXT first for the second page
            at %= len(listed)
            if at >= 3:
                panel = controls.press(view, panel, "next", False).panel
            reply = controls.press(view, panel, controls.KEYS[at % 3], False)
        else:
            for _ in range(at):
                panel = controls.press(view, panel, "select", False).panel
            reply = controls.press(view, panel, "action", False)
    for _ in range(8 if fill else 0):
        if reply.panel.pick is None or reply.action is not None:
            break
        taken = controls.press(view, reply.panel, "action", False)
        reply = taken if taken.panel != reply.panel or taken.action is not None else controls.press(view, reply.panel, "back", False)
    if reply.panel.confirm is not None:  # it asks first (the end of the game, goods thrown away): press again
        reply = controls.press(view, reply.panel, role, False)
    if reply.action is not None:
        rt.submit(reply.action)


def shown_large(rt):
    """What the box shows large over the step as the runtime's last input is done (a roll, what a step did, what a
    handler tells the table), as the Table puts it up."""
    from companion.table import _result_screen

    view = rt.view()
    return _result_screen(view, view["last"], rt.shown(view["last"]["seq"]))
