"""The table: button presses in, frames out, on a thread of its own.

Buttons (from gpiozero's event thread), the knob, the runtime's view changes
and alerts from other parts all go onto one queue; one thread takes them in
order, asks `controls` what a press means, submits the action to the runtime,
and draws the screen. The thread sleeps on the queue until the next thing it
has to do (an alert that expires, dimming, a pixel shift): nothing polls.

A press carries the view version it was made against; if the table changed in
between (a phone moved the game on), the press is dropped rather than applied
to a screen nobody saw. A press on a blank screen only wakes it.

Nothing on the panel moves: every line fits at rest (companion.screens), so an
idle table sends no frames.

Idle, against burn-in: after `dim_after` seconds without input or change the
contrast drops, after `blank_after` the panel goes dark, and every
`shift_every` seconds the picture moves by a pixel.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image

from companion import box_list, controls
from companion.core.words import sentence
from companion.sources import Source
from companion.screens import (
    AlertScreen,
    CardScreen,
    DiceScreen,
    PairingScreen,
    Screen,
    StepScreen,
    WifiScreen,
    alert_fits,
    render,
)

log = logging.getLogger(__name__)

PAIR_HOLD_S = 3.0  # SELECT held this long, on any screen: a pairing window with a fresh code
PAIR_SHOWN_S = 120.0  # in a game, the pairing screen gives way to the game after this (or when its window ends)
WIFI_TURN_S = 10.0  # on the companion's own network, the Wi-Fi QR code and the pairing QR code take turns
FEW_COINS = 3  # one ACTION that would spend more of a player's money than this asks first: a press may be stray

_SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))
BUTTONS = Source("buttons")


@dataclass(frozen=True)
class Idle:
    dim_after: float = 120.0
    blank_after: float = 1800.0
    shift_every: float = 60.0
    contrast: int = 200
    dim_contrast: int = 8


@dataclass(frozen=True)
class Timing:
    alert: float = 5.0  # a refusal or a notice
    result: float = 6.0  # a roll or a drawn card
    question: float = 10.0  # "press again to confirm"
    hand_over: float = 20.0  # "hand this seat to that phone?": someone walks to the box
    least: float = 2.0  # a result or a refusal stays this long even when a press comes first
    notice: float = 1.5  # a press not acted on: the hints' line says why this long
    lapsed: float = 3.0  # a question gone unanswered: said this long, and a press meanwhile only takes that away


class Table:
    def __init__(self, runtime: Any, display: Any, *, idle: Idle = Idle(), timing: Timing = Timing(),
                 clock: Callable[[], float] = time.monotonic, pairing: Any = None, wifi: Any = None):
        self.runtime = runtime
        self.display = display
        self.idle = idle
        self.timing = timing
        self.clock = clock
        self.pairing = pairing  # has .code and .url: the pairing screen (web_panel.security.Pairing)
        self.wifi = wifi  # has .join(): (network name, Wi-Fi QR text) while the own network is up
        self._turn_at: float | None = None  # when the Wi-Fi and pairing screens next take turns
        self.frames = 0  # frames sent to the display
        self._last_drawn: tuple | None = None  # the last frame's screen and shift: the same is not drawn again
        self.last_frame: Image.Image | None = None  # the picture as drawn (before the idle shift)
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self._panel = controls.Panel()
        self._view: dict[str, Any] = runtime.view()  # the newest view this thread has taken in
        self._drawn = self._view  # the view the panel shows: presses are made against it
        self._transient: tuple[Screen, float] | None = None  # a screen over the step, until
        self._transient_since = 0.0
        self._shown_seq = (self._view.get("last") or {}).get("seq")
        # The step screen the table last saw (drawn, or made by its own moves under a result), and whose it was.
        self._step_shown: Screen | None = None
        self._step_seen = _who_acts(self._view)
        now = clock()
        self._active_at = now
        self._level = "awake"  # awake, dim, blank
        self._shift = 0
        self._shift_at = now + idle.shift_every
        self._reader_missing = False  # a configured reader that is not talking: a badge on the step screen
        self._notice: tuple[str, float] | None = None  # why a press did nothing, over the hints, until
        # A question gone unanswered: the buttons that answered it, until when one of them is a late answer.
        self._lapsed: tuple[frozenset[str], float] | None = None
        self._asking: Callable[[], None] | None = None  # what a long ACTION does while a question is shown
        self._on_no: Callable[[bool], None] | None = None  # told when it is answered No (False) or lapses (True)
        self._pair_since: float | None = None  # when the pairing page came up in a game (it gives way by itself)
        self._used: dict[tuple, str | int] = {}  # each player's step: the entry the box last did an option of
        self._ask_lock = threading.Lock()
        self._question_until = -1e18  # a question asked from another thread is pending until then (or answered)
        # Told when the step or who acts changes, or anything made elsewhere (a phone, the reader) changes the
        # table: the buttons' `changed`, so presses in the next moment are dropped.
        self.on_change: Callable[[], None] | None = None

    # --- from any thread -------------------------------------------------------------------------

    def start(self) -> None:
        self.runtime.add_listener(lambda view: self._queue.put(("view", view)))
        self._queue.put(("view", self.runtime.view()))  # anything that changed before the listener was in
        self._thread = threading.Thread(target=self._run, name="table", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._queue.put(("stop",))
            self._thread.join(timeout)

    def press(self, press: Any) -> None:
        """A decoded button press (hardware.buttons.Press), from any thread."""
        self._queue.put(("press", press.role, press.long, self._drawn, press.held))

    def dropped(self, press: Any) -> None:
        """A press the buttons did not act on (hardware.buttons.Press.dropped), from any thread: one begun on a
        screen that had just changed is said on the screen, so no press is lost without a word."""
        if press.dropped == "changed":
            self._queue.put(("dropped",))

    def turn(self, steps: int) -> None:
        self._queue.put(("turn", steps, self._view.get("game_id")))

    def alert(self, title: str, message: str) -> None:
        """Show a notice for a few seconds (reader unplugged, unknown card, ...)."""
        self._queue.put(("alert", AlertScreen(title, message)))

    def ask(self, title: str, message: str, on_yes: Callable[[], None],
            on_no: Callable[[bool], None] | None = None) -> str | None:
        """A question only someone at the table answers (a seat handed to another phone): a long ACTION
        runs `on_yes` on the table's thread; BACK says no (and runs `on_no` there, with False). Any other press
        is meant for the game: it puts the question aside, unanswered, and does what it does in the game; with
        `timing.hand_over` running out, it lapses (`on_no` with True, both times).
        One at a time, and never over a pairing window's code: returns why not, or None when it is asked."""
        if self._panel.page == "pair" and self.pairing is not None:
            return "the box shows a pairing code now: ask again once it shows the game (any button there brings it back)"
        with self._ask_lock:
            if self.clock() < self._question_until:
                return "the box is asking the table another question: ask again in a moment"
            self._question_until = self.clock() + self.timing.hand_over
        self._queue.put(("ask", AlertScreen(title, message, ("No", "", "Hold", "")), on_yes, on_no))
        return None

    def reader_state(self, state: str) -> None:
        """The reader link's state (firmware_bridge.link): anything but talking shows "RDR?"."""
        self._queue.put(("reader", state not in ("connected", "live", "off")))

    def redraw(self) -> None:
        """Draw again (the pairing code changed), from any thread."""
        self._queue.put(("redraw",))

    def show_pairing(self) -> None:
        """Show the pairing screen (the host asked for a code for another phone), from any thread: in a game it
        gives way to the game after PAIR_SHOWN_S."""
        self._queue.put(("pair",))

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Block until everything queued so far is handled (for tests and benchmarks)."""
        done = threading.Event()
        self._queue.put(("mark", done))
        return done.wait(timeout)

    # --- the table thread --------------------------------------------------------------------------

    def _run(self) -> None:
        self._draw()
        while True:
            deadline = self._next_deadline()
            try:
                item = self._queue.get(timeout=None if deadline is None else max(0.0, deadline - self.clock()))
            except queue.Empty:
                item = None
            if item is not None and item[0] == "stop":
                return
            try:
                if item is not None and item[0] != "mark":
                    self._handle(item)
                self._tick()
                self._draw()
            except Exception:  # the screen must outlive a bad frame or a bug in a screen
                log.exception("the table could not handle %r", item)
            if item is not None and item[0] == "mark":
                item[1].set()  # after the frame it asked for is on the panel

    def _handle(self, item: tuple) -> None:
        kind = item[0]
        if kind == "view":
            self._on_view(item[1], own=False)
        elif kind == "reader":
            self._reader_missing = item[1]
        elif kind == "dropped":
            self._wake()
            self._notice = ("Too soon: press again", self.clock() + self.timing.notice)
        elif kind == "alert":
            self._wake()
            self._show(item[1], self.timing.alert)
        elif kind == "pair":
            self._wake()
            self._transient = None
            self._panel = replace(self._panel, page="pair", confirm=None)
            self._pair_since = None  # counted afresh from now
        elif kind == "ask":
            self._wake()
            self._show(item[1], self.timing.hand_over, question=True)
            self._asking, self._on_no = item[2], item[3]
            if self._panel.page == "pair":  # the window has closed (ask never covers one): No goes to the game
                self._panel = replace(self._panel, page="step")
        elif kind == "press" and item[1] == "select" and item[4] >= PAIR_HOLD_S and self.pairing is not None:
            self._open_pairing()
        elif kind in ("press", "turn"):
            was_blank = self._level == "blank"
            self._wake()
            late = (kind == "press" and self._lapsed is not None and item[1] in self._lapsed[0]
                    and self.clock() < self._lapsed[1] and self._asking is None and self._panel.confirm is None)
            self._notice, self._lapsed = None, None  # a press taken: what the last one was told is old
            if was_blank:
                return  # the press only wakes the screen: nobody saw what it would do
            if late:
                return  # the answer to a question just gone ("No" over BACK, "Keep" over NEXT): never the game's
            if self._asking is not None:
                on_yes, self._asking, self._transient = self._asking, None, None
                self._question_until = -1e18
                yes, no = kind == "press" and item[1] == "action" and item[2], kind == "press" and item[1] == "back"
                if yes:
                    self._answer(on_yes)
                    return
                self._said_no(lapsed=not no)  # any other press is not an answer: it puts the question aside
                if no:
                    return
                # ...and does what it does in the game: a question that came up as it was pressed never eats it.
            if kind == "press" and self.covers_step:
                # A result over a screen nobody has seen yet (NEXT moved on, a tile named rebuilt the list): the
                # press shows it and does nothing in it, so no press acts on what the box has not shown.
                self._transient = None
                return
            under = self._transient is not None
            view = self.runtime.view()
            if kind == "press" and self.pairing is not None and (view.get("game") is None or self._panel.page == "pair"):
                self.pairing.unlock()  # a person at the table wants a code: a fresh one, whatever strangers guessed
            if kind == "press":
                if not _same_table(view, item[3]):
                    log.info("a press made on an older screen was dropped")
                    self._notice = ("Changed: press again", self.clock() + self.timing.notice)
                    return
                # An option of the step's list: ACTION on it, or any press in an entry opened or a picker (a key of
                # a keypad names a value; NEXT and BACK do their own options only at the top).
                on_list = self._panel.page == "step" and (item[1] == "action" or bool(self._panel.under)
                                                          or self._panel.pick is not None)
                used = box_list.first_choice(view, self._panel.under, self._panel.option) if on_list else None
                reply = controls.press(view, self._panel, item[1], item[2])
                if on_list and self._panel.confirm is None:
                    reply = self._costly(reply)
            else:
                # The knob changes a counter relative to its value: safe on a newer
                # view of the same game, not across games.
                if view.get("game_id") != item[2]:
                    return
                used, reply = None, controls.turn(view, self._panel, item[1])
            self._reply(reply, view, used)
            if under and reply.action is None and self._transient is not None:
                # A move in the list under a result (SELECT, an entry opened) made from the screen last seen: the
                # screen it makes is known too, so a second move there still acts.
                self._step_shown = self._step_screen()

    @property
    def covers_step(self) -> bool:
        """Whether a result or a notice covers a step screen other than the one the table last saw (another step
        or player, or the same step's list changed: a press there only takes it away); a question is answered as
        it asks. A player's own dice over his own next step do not: he reads them and goes on with his turn (La
        Venise du Nord's roll, then the move whose line names the dice)."""
        up = self._transient is not None and self.clock() < self._transient[1]
        if not up or self._panel.confirm is not None or self._asking is not None or self._panel.page != "step":
            return False
        if self._step_screen() == self._step_shown:
            return False
        now, actor = _who_acts(self._view), self._view.get("actor")
        his_own = type(actor) is int and (now[0], actor) == (self._step_seen[0], self._step_seen[3])
        return not (his_own and isinstance(self._transient[0], DiceScreen))

    def _step_screen(self) -> Screen:
        """What the step screen shows now (under a result too): the view's step, or the pairing page."""
        pairing = (self.pairing.code, self.pairing.url) if self.pairing is not None else None
        return controls.screen_for(self._view, self._panel, pairing)

    def _open_pairing(self) -> None:
        """SELECT held at the table, on any screen: the pairing screen with a window's fresh code,
        which no stranger's guess can retire or hold back (web_panel.security.Pairing)."""
        self._wake()
        self._transient, self._asking, self._question_until = None, None, -1e18
        self._panel = replace(self._panel, page="pair", confirm=None)
        self.pairing.open_window()

    def _answer(self, on_yes: Callable[[], None]) -> None:
        try:
            on_yes()
        except Exception as e:  # the phone that asked is gone, the seat was given up meanwhile, ...
            log.warning("the table's yes could not be carried out: %s", e)
            self._show(AlertScreen("Not done", str(e)), self.timing.alert)
            return
        self._show(AlertScreen("Done", "The seat is handed over."), self.timing.alert)

    def _said_no(self, lapsed: bool) -> None:
        if self._on_no is not None:
            try:
                self._on_no(lapsed)
            except Exception as e:  # the table goes on
                log.warning("the table's no could not be told: %s", e)

    def _show(self, screen: Screen, seconds: float, question: bool = False) -> None:
        """A screen over the step for a while. Anything but its own question
        cancels a pending "press again to confirm"."""
        self._transient, self._transient_since = (screen, self.clock() + seconds), self.clock()
        if not question:
            self._panel = replace(self._panel, confirm=None)
            self._asking = None  # the question is off the screen: nobody can answer it
            self._question_until = -1e18

    def _costly(self, reply: controls.Reply) -> controls.Reply:
        """An ACTION that would spend more than FEW_COINS of a player's money asks first (a lost SELECT put the
        cursor on a 10-Gold Villa): ACTION again does it, any other press keeps the money."""
        action = reply.action
        spent = self.runtime.cost(action) if action is not None and not action.get("confirm") else None
        if spent is None or spent[0] <= FEW_COINS:
            return reply
        amount, money, line = spent
        # The cost and the press first: a long description after them is what a cut takes ("…"), not the question
        said = f" {sentence(line)}" if line else ""
        prompt = AlertScreen("Sure?", f"It costs {amount} {money}: press ACTION again to do it.{said}", ("No", "", "Yes", "No"))
        return controls.Reply(replace(reply.panel, confirm="costly", chosen=tuple(action.items())), prompt=prompt)

    def _reply(self, reply: controls.Reply, view: dict[str, Any], used: str | int | None = None) -> None:
        """A press's reply taken in; `used`: the entry of the list whose option ACTION did (remembered for this
        step and player: SELECT starts on it the next time)."""
        was_question = self._panel.confirm is not None
        self._panel = reply.panel
        self._settle_transient(was_question)
        if reply.notice:
            self._notice = (reply.notice, self.clock() + self.timing.notice)
        if reply.prompt is not None:
            self._show(reply.prompt, self.timing.question if reply.panel.confirm else self.timing.alert,
                       question=reply.panel.confirm is not None)
        if reply.action is None:
            return
        outcome = self.runtime.submit(reply.action, expect_version=view.get("version"), source=BUTTONS)
        if outcome.accepted:
            if reply.action.get("type") == "undo":  # the screen goes back a step: said so
                self._notice = ("Taken back", self.clock() + self.timing.notice)
            if used is not None:
                self._used[_turn_of(view)] = used
                if not self._panel.under:  # an entry's option done: SELECT back on that entry, where it still is
                    self._panel = replace(self._panel, option=box_list.place_of(view, used))
            self._on_view(self.runtime.view(), own=True)  # now, not when its queued copy comes round
        elif not outcome.stale:
            self._show(AlertScreen("Refused", sentence(outcome.reason)), self.timing.alert)

    def _settle_transient(self, was_question: bool) -> None:
        """A press took the screen: a question goes at once, a result or a refusal over the step it was shown on
        once it has been up `least` seconds (the press acts there)."""
        if self._transient is None:
            return
        until = self._transient_since + self.timing.least
        if was_question or self.clock() >= until:
            self._transient = None
        else:
            self._transient = (self._transient[0], min(until, self._transient[1]))

    def _on_view(self, view: dict[str, Any], own: bool = False) -> None:
        """Take in a newer view; `own`: this table's own press made it (else a phone, the reader, ...)."""
        if view.get("version", 0) <= self._view.get("version", 0):
            return  # already taken in (the copy queued by the listener after a press)
        before, self._view = self._view, view
        if _same_table(view, before):
            return  # only a line in the log (a phone asked for a seat): nothing the buttons do has changed
        self._wake()
        # The question, and values half chosen on the buttons, were about a table that has changed.
        self._panel = replace(self._panel, confirm=None, chosen=(), pick=None)
        moved_on = _who_acts(view) != _who_acts(before)
        if (moved_on or not own) and self.on_change is not None:
            self.on_change()  # the next presses wait for someone to have read the new screen
        played = (view.get("last") or {}).get("seq") != (before.get("last") or {}).get("seq")
        if played and self._panel.page == "pair" and view.get("game") is not None:
            self._panel = replace(self._panel, page="step")  # an input from anywhere: the game comes back
        if moved_on and self._asking is not None:  # a question never outlives its step
            self._asking, self._transient, self._question_until = None, None, -1e18
        if moved_on:  # another step or player: SELECT starts on what the box did there last time, else the first
            self._panel = replace(self._panel, option=box_list.place_of(view, self._used.get(_turn_of(view))), under=())
        else:  # the same step, its list changed (a card tapped, a coin taken): SELECT stays on what it showed
            self._panel = controls.keep_place(before, view, self._panel)
        if view.get("game_id") != before.get("game_id"):
            self._panel = controls.Panel()  # a new game: back to its first step
            self._shown_seq = None
        last = view.get("last") or {}
        if last.get("seq") and last["seq"] != self._shown_seq:
            self._shown_seq = last["seq"]
            where = (before.get("step_label") or "").split(":")[0]  # "Pope Phase", the roll's step
            screen = _result_screen(view, last, self.runtime.shown(last["seq"]), where)
            if screen is not None:
                self._show(screen, self.timing.result)
        if view.get("over") and not before.get("over") and view.get("game_id") == before.get("game_id"):
            self._show(AlertScreen("Game over", sentence(view.get("ended") or "")), self.timing.result)

    # --- idle and drawing ----------------------------------------------------------------------------

    def _wake(self) -> None:
        self._active_at = self.clock()
        if self._level == "blank":
            self.display.wake()
            self._last_drawn = None  # drawn afresh on waking
        if self._level != "awake":
            self.display.set_contrast(self.idle.contrast)
        self._level = "awake"

    def _next_deadline(self) -> float | None:
        times = []
        if self._transient is not None:
            times.append(self._transient[1])
        if self._notice is not None:
            times.append(self._notice[1])
        if self._level == "awake":
            times.append(self._active_at + self.idle.dim_after)
        if self._level == "dim":
            times.append(self._active_at + self.idle.blank_after)
        if self._pair_since is not None:
            times.append(self._pair_ends())
        if self._level != "blank":
            times.append(self._shift_at)
            if self._turn_at is not None:
                times.append(self._turn_at)
        left = self.pairing.window_left() if self.pairing is not None else None
        if left is not None:
            times.append(self.clock() + left)  # the window's code gives way to a 6-digit one on the glass
        return min(times) if times else None

    def _pair_ends(self) -> float:
        """When the pairing page in a game gives way to the game: PAIR_SHOWN_S after it came up, or when the
        window it shows ends, whichever is later."""
        left = self.pairing.window_left() if self.pairing is not None else None
        return max(self._pair_since + PAIR_SHOWN_S, self.clock() + left if left is not None else 0.0)

    def _tick(self) -> None:
        now = self.clock()
        if self._panel.page != "pair" or self._view.get("game") is None:
            self._pair_since = None
        elif self._pair_since is None:
            self._pair_since = now
        elif now >= self._pair_ends():
            self._panel, self._pair_since = replace(self._panel, page="step"), None  # back to the game by itself
        if self._notice is not None and now >= self._notice[1]:
            self._notice = None
        if self._transient is not None and now >= self._transient[1]:
            question, self._transient = self._transient[0], None
            if self._asking is not None or self._panel.confirm is not None:  # an unanswered question lapses: said,
                # and a press of a button that answered it, for a few seconds, is a late answer, not the game's press
                self._notice = ("Not done: no answer", now + self.timing.lapsed)
                answers = getattr(question, "hints", ("", "", "", ""))
                self._lapsed = (frozenset(r for r, h in zip(controls.ROLES, answers) if h),
                                now + self.timing.lapsed)
            if self._asking is not None:
                self._said_no(lapsed=True)
            self._asking = None
            self._question_until = -1e18
            self._panel = replace(self._panel, confirm=None)  # an unanswered question lapses
        # The same sums as _next_deadline, so a deadline reached is a deadline acted on.
        if self._level == "awake" and now >= self._active_at + self.idle.dim_after:
            self._level = "dim"
            self.display.set_contrast(self.idle.dim_contrast)
        if self._level == "dim" and now >= self._active_at + self.idle.blank_after:
            self._level = "blank"
            self.display.sleep()
        if self._level != "blank" and now >= self._shift_at:
            self._shift = (self._shift + 1) % len(_SHIFTS)
            self._shift_at = now + self.idle.shift_every

    def _draw(self) -> None:
        if self._level == "blank":
            return
        view = self._view
        screen = self._transient[0] if self._transient else self._step_screen()
        if not self._transient and self._panel.page == "step":
            self._step_shown, self._step_seen = screen, _who_acts(view)
        screen = self._wifi_turn(screen)
        if self._reader_missing and isinstance(screen, StepScreen) and not screen.badge:
            screen = replace(screen, badge="RDR?")
        if self._notice is not None and isinstance(screen, StepScreen):
            screen = replace(screen, notice=self._notice[0])
        drawing = (screen, self._shift)
        if drawing == self._last_drawn:  # the same picture (a queued copy of a view, a test's mark): rendering it
            self._drawn = view  # again would be most of a frame's cost, for nothing sent
            return
        image = render(screen)
        self.last_frame = image
        dx, dy = _SHIFTS[self._shift]
        if dx or dy:
            shifted = Image.new("1", image.size, 0)
            shifted.paste(image, (dx, dy))
            image = shifted
        self.display.show(image)
        self._drawn, self._last_drawn = view, drawing
        self.frames += 1

    def _wifi_turn(self, screen: Screen) -> Screen:
        """On the companion's own network the pairing screen takes turns with the Wi-Fi QR code, which
        phones join first (the Wi-Fi's first)."""
        join = self.wifi.join() if self.wifi is not None and isinstance(screen, PairingScreen) else None
        if join is None:
            self._turn_at = None
            return screen
        now = self.clock()
        self._turn_at = (now // WIFI_TURN_S + 1) * WIFI_TURN_S
        return WifiScreen(*join) if int(now // WIFI_TURN_S) % 2 == 0 else screen


def _same_table(view: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two views show the same table, their log aside: a line no input made (a phone asked the box for
    a seat, the question's answer) changes neither what the screen shows nor what a press does."""
    return {k: v for k, v in view.items() if k not in ("log", "version")} == {
        k: v for k, v in other.items() if k not in ("log", "version")}


def _who_acts(view: dict[str, Any]) -> tuple:
    return view.get("game_id"), view.get("round"), view.get("step"), view.get("actor"), view.get("player")


def _turn_of(view: dict[str, Any]) -> tuple:
    """A step of a player's, whichever round: where the box remembers what it did last."""
    return view.get("game_id"), view.get("step"), view.get("actor"), view.get("player")


def _result_screen(view: dict[str, Any], last: dict[str, Any], shown: dict[str, Any] | None = None,
                   where: str = "") -> Screen | None:
    """A roll or a face-up draw, large, whoever made it (buttons, phone, reader), or what a step's advance did
    (`shown`: the runtime's, headed by its own title); a roll no player made headed by the step it was made in
    (`where`: "Pope Phase")."""
    players = view.get("players", [])
    seat = last.get("seat", view.get("actor"))
    who = players[seat]["name"] if isinstance(seat, int) and seat < len(players) else (where or "Table")
    if last["type"] == "rolloff":  # one die per player: who threw what, and who goes first (or rolls again)
        said = next((line for line in reversed(view.get("log") or []) if line.startswith("Roll-off: ")), None)
        if said is not None:  # the log's line, without who threw (the box shows what was thrown); who goes first
            # (or rolls again) first where the throws leave it no room
            message = said.removeprefix("Roll-off: ").split(" — ")[0]
            thrown, _, outcome = message.partition(". ")
            return AlertScreen("Roll-off", message if alert_fits(message) or not outcome else f"{outcome} {thrown}.")
    if shown and "spec" not in shown:  # what a step did ("Revenue": "Ada +5, Bea +3 Gold")
        return AlertScreen(shown["title"], shown["said"])
    roll = shown or (view.get("last_roll") if last["type"] == "roll" else None)
    if roll:  # a roll, or a step whose dice the companion rolled or the table threw (the Pope's die, a move's two)
        return DiceScreen(who, roll["spec"], tuple(roll["values"]), int(roll["spec"].split("d")[1]), roll.get("said", ""))
    deck = (view.get("decks") or {}).get(last.get("deck"))
    if last["type"] == "draw" and deck and isinstance(deck["out"], list) and deck["out"]:  # face up: shown
        shown_up = tuple(deck["out"][-int(last.get("n", 1)):])
        if deck.get("piece", "card") != "card":  # a tile is turned up by the table, not drawn by whoever names it;
            # a real one's count would be wrong: the box knows only those named, not those turned up and unnamed
            left = None if deck.get("mode") == "mirror" else deck["draw"]
            return CardScreen("", deck["label"], shown_up, left, verb="Turned up")
        return CardScreen(who, deck["label"], shown_up, deck["draw"])
    return None
