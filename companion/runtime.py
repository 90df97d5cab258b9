"""The runtime: one thread owns the game; everything else puts inputs on its queue.

Buttons and web requests call `submit`, the reader calls `submit_event`; the
owner thread fills in chance outcomes from `secrets.SystemRandom`, applies the
input with the pure core, commits it to the journal, and only then swaps the
new session in and answers. A failed commit changes nothing. The owner thread
is also the only one that touches the journal's file (the card registry too:
other threads reach it through `call`).
"""

from __future__ import annotations

import json
import logging
import queue
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from pyrsistent import PMap, PVector, thaw

from companion import __version__
from companion.cards import CardRegistry, Registration
from companion.core import player_view
from companion.core.engine import Session, apply_input, new_game, start_session
from companion.core.game import GameDef
from companion.core.offer import Offer, cost, offer
from companion.core.options import PLAY, Option, on_phone
from companion.core.physical import card_action, dice_action
from companion.core.result import Needs, Refused, refused
from companion.core.strict import match
from companion.core.view import views
from companion.core.words import PARTS, sentence
from companion.errors import CompanionError, JournalError
from companion.history import Timeline
from companion.journal import Journal
from companion.reader_event import ReaderEvent
from companion.replay import SNAPSHOT_EVERY, restore
from companion.sources import Source, said, short_id, signed

log = logging.getLogger(__name__)

_STOP = object()


@dataclass(frozen=True)
class Outcome:
    """The answer to one input: accepted (and committed) or refused, and why."""

    accepted: bool
    reason: str = ""
    log: tuple[str, ...] = ()
    needs_confirm: bool = False
    seq: int = 0  # the input's number in the journal when accepted
    action: Mapping[str, Any] = field(default_factory=dict)  # as applied, with its chance outcome
    stale: bool = False  # refused because the table changed after the input was made


@dataclass(frozen=True)
class EventOutcome:
    """What became of a reader's event, once it is recorded in the journal (so it may be acknowledged)."""

    ok: bool  # applied, or a card registered
    title: str = ""  # a notice for the OLED ("Unknown card", ...); empty when the table shows the result itself
    message: str = ""
    duplicate: bool = False  # a copy of an event already recorded: acknowledge it again, nothing else


class Runtime:
    def __init__(self, journal: Journal, games: Mapping[str, GameDef], rng: Any = None):
        self.journal = journal
        self.games = games
        self.rng = rng or secrets.SystemRandom()
        self._inputs: queue.Queue = queue.Queue()
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._thread: threading.Thread | None = None
        self._view: dict[str, Any] = {"game": None, "version": 0}
        self._seat_views: list[dict[str, Any]] = []  # each seat's GET /api/seat, worked out with the view
        # (version, the view, each seat's view) as JSON: serialised once per version, swapped in whole.
        self._json: tuple[int, bytes, list[bytes]] = (0, b'{"game":null,"version":0}', [])
        # The seats a phone holds: seat -> (the phone's session id, its name) (web_panel.security.Sessions).
        self._holders: dict[int, tuple[str, str]] = {}
        self._claimed: frozenset[int] = frozenset()
        self._offered: tuple[Any, Any, Any, Offer] | None = None  # (session, holders, last source, its offer)
        self._version = 0  # bumps whenever the table changes, across games
        self._long_until = 0.0  # the owner thread is in long work (a restore) until then: see in_long_work
        self.cards = CardRegistry(journal, games)
        self._reset()

    def _reset(self) -> None:
        """No game taken up: at the start, and before taking up a journal that replaced the old one."""
        self._game: GameDef | None = None
        self._game_id = 0
        # The open game's scores as each round began, kept as it is played (history.Timeline): its chart at once.
        # None for a game taken up from the journal: its chart is replayed, once.
        self._timeline: Timeline | None = None
        # Each game's own setup fields from its last game on this box, and what the table taught it while playing
        # (a journal of an earlier version has only the setups): the next game of that kind starts with them.
        kept = self.journal.kept()
        self._kept: dict[str, dict[str, Any]] = {
            game: {k: v for k, v in {**setup, **kept.get(game, {})}.items() if k in self.games[game].setup_fields}
            for game, setup in self.journal.last_setups().items() if game in self.games}
        self._seq = 0
        self._session: Session | None = None
        self._log: deque[str] = deque(maxlen=50)
        self._last: dict[str, Any] | None = None  # what the last accepted input was, for screens
        # (seq, its dice and words): the last input that rolled, or whose step told the table what it did
        self._shown_at: tuple[int, dict[str, Any]] | None = None
        self._taken_back: tuple[int, int, str] | None = None  # (seat, seq, line): a seat's phone input the table took back
        self.registration = Registration()
        self.last_tag: dict[str, Any] | None = None  # the reader's latest tag and what it did, for the panel

    # --- the owner thread ------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the latest game from the journal, then start the owner thread."""
        self._resume()
        self._publish()
        self._thread = threading.Thread(target=self._run, name="game-owner", daemon=True)
        self._thread.start()

    def replace_journal(self, replace: Callable[[], Any], rollback: Callable[[Any], None],
                        after: Callable[[], None] = lambda: None, timeout: float = 120.0) -> Any:
        """Run `replace` (which puts another file in the journal's place: a restore) on the owner
        thread with the journal closed, then `after` with it open again, then take up the latest
        game of the file now there. Inputs wait meanwhile; none is lost or applied to the old file.

        If that game cannot be taken up, `rollback(what replace returned)` puts the old file back,
        the table goes on from it, and the error is raised."""
        def run() -> Any:
            self.journal.close()
            try:
                result = replace()
            finally:
                self.journal.reconnect()
            try:
                after()
                self._reset()
                self._resume()
            except Exception as e:
                log.exception("the restored journal cannot be taken up; putting the old one back")
                self.journal.close()
                try:
                    rollback(result)
                finally:
                    self.journal.reconnect()
                    self._reset()
                    self._resume()
                    self._publish()
                raise CompanionError(f"{e}; the journal as it was is back") from e
            self._publish()
            return result

        return self.call_long(run, timeout)

    def call_long(self, fn: Callable[[], Any], timeout: float) -> Any:
        """`call` for work that may hold the owner thread for a while (a backup, a restore): the
        watchdog sees it as long work, not as a stuck thread."""
        def run() -> Any:
            self._long_until = time.monotonic() + timeout
            try:
                return fn()
            finally:
                self._long_until = 0.0

        return self.call(run, timeout)

    def in_long_work(self) -> bool:
        return time.monotonic() < self._long_until

    def _resume(self) -> None:
        taken = take_up(self.journal, self.games)
        if taken is not None:
            self._game, self._game_id, self._session, self._seq, lines, self._last = taken
            self._log.extend(lines)
            self._timeline = None

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._inputs.put(_STOP)
            self._thread.join(timeout)

    def is_owner_alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        while True:
            item = self._inputs.get()
            if item is _STOP:
                return
            fn, future = item
            if not future.set_running_or_notify_cancel():
                continue  # its sender gave up waiting: it must not happen behind their back
            try:
                future.set_result(fn())
            except BaseException as e:
                future.set_exception(e)

    def call(self, fn: Callable[[], Any], timeout: float | None = 10.0) -> Any:
        """Run `fn` on the owner thread and return what it returns (or raise what it raised).

        A call still queued when `timeout` runs out is cancelled, never run
        later behind its caller's back; one already running is waited for.
        """
        future: Future = Future()
        self._inputs.put((fn, future))
        try:
            return future.result(timeout)
        except TimeoutError:
            if future.cancel():
                raise TimeoutError("the table did not take the input in time; nothing was changed") from None
            return future.result()

    # --- inputs ----------------------------------------------------------------------------------

    def submit(self, action: Mapping[str, Any], timeout: float | None = 10.0,
               expect_version: int | None = None, source: Source = Source()) -> Outcome:
        """Put an input on the queue and wait for its outcome.

        With `expect_version` (the view's "version" the input was made
        against), the input is refused as stale if the table has changed since:
        a button press acts on the screen its player saw, or not at all.
        `source`: who makes it (a seat's own phone, the host's table page, the buttons...): what it may do
        depends on it, and the journal and the log say who.
        """
        action = dict(action)

        def run() -> Outcome:
            if expect_version is not None and expect_version != self._version:
                return Outcome(False, "the table changed before this input arrived; look again", stale=True)
            return self._guarded(lambda: self._handle(action, source=source), action)

        return self.call(run, timeout)

    def note(self, line: str) -> None:
        """A line for the table's log that no input made (a seat handed to another phone at the box). From any
        thread. It is not journaled: a restart's log is the inputs' own."""
        def run() -> None:
            self._log.append(line)
            self._publish()

        if threading.current_thread() is self._thread:
            run()
        else:
            self.call(run)

    def set_claimed(self, holders: Mapping[int, tuple[str, str]]) -> None:
        """The seats phones hold now (seat -> (the phone's session id, its name)): their options leave the
        table's. From any thread; on the owner thread (a change of sessions made there) at once, with it."""
        holders = dict(holders)

        def run() -> None:
            if holders != self._holders:
                self._holders, self._claimed = holders, frozenset(holders)
                if self._session is not None:
                    self._publish()

        if threading.current_thread() is self._thread:
            run()
        else:
            self.call(run)

    def _offer(self) -> Offer:
        """What each seat and the table may do in the current session: worked out once per table state."""
        cached = self._offered
        if cached is None or cached[0] is not self._session or cached[1] is not self._holders:
            just_undone = (self._last or {}).get("type") in ("undo", "redo")
            offered = _undo_by_whom(offer(self._game, self._session), self._session, self._holders, just_undone)
            cached = self._offered = (self._session, self._holders, offered)
        return cached[2]

    def cost(self, action: Mapping[str, Any]) -> tuple[int, str, str] | None:
        """What `action` would spend of a player's money now (companion.core.offer.cost): the box asks first
        before one press spends more than a few coins. From any thread."""
        def run() -> tuple[int, str, str] | None:
            if self._session is None or self._game is None or action.get("type") in ("undo", "redo", "counter"):
                return None
            return cost(self._game, self._session.state, action)

        return self.call(run)

    def _admit(self, action: dict[str, Any], source: Source) -> tuple[dict[str, Any], Option, Source] | Refused:
        """The input as the game takes it from where it came from, the offered option it does, and its source
        as the journal keeps it. A game takes only an offered option:
        from a seat's own phone, that seat's; from the buttons, those of the table (the companion's own steps,
        the corrections, and the acting seats no phone holds); from the host's table page, those too, and a
        held seat's after confirming that it acts for that player; from the reader, a held seat's too (a real
        card or die is laid on the table in everyone's sight)."""
        seat = source.seat
        if seat is not None and not 0 <= seat < len(self._session.state["players"]):
            return Refused("this phone's seat is not in this game: claim a seat again (My seat)")
        if source.by == "phone" and seat is None and not source.host:
            return Refused("this phone holds no seat, so it only watches: claim your seat on My seat")
        offered = self._offer()
        matched = match(offered.table(self._claimed) if seat is None else offered.for_seat(seat), action)
        if refused(matched) and not matched.needs_confirm and seat is None and source.by in ("phone", "reader"):
            held = self._for_held(offered, action, source)
            if held is not None:
                if refused(held):
                    return held
                matched, source = held
        flow = self._session.state["flow"]
        if (refused(matched) and not matched.needs_confirm and flow is not None and flow["over"]
                and not offered.companion):  # nothing to enter, and not the end taken back
            return Refused(f"the game is over ({flow['ended']})" if flow["ended"] else "the game is over")
        if refused(matched):
            return matched
        if matched.player in self._claimed and seat is None and source.by in ("phone", "reader"):
            # The table's option played for a seat a phone holds (a card tapped on the reader: whose play it is).
            acting = self._acting_for(matched.player, matched, action, source)
            if refused(acting):
                return acting
            source = acting
        return action, matched, source

    def _for_held(self, offered: Offer, action: Mapping[str, Any], source: Source) -> tuple[Option, Source] | Refused | None:
        """A non-private option of a seat a phone holds that `action` does, from the host's table page or the
        reader (None when it does none): the host confirms first that it acts for that player (not for its own
        seat), and the source then says so."""
        held = offered.held(self._claimed)
        option = match([o for _, o in held], {**action, "confirm": True})  # with confirm: may the host be asked?
        if not isinstance(option, Option):
            return None
        asked = self._acting_for(next(s for s, o in held if o is option), option, action, source)
        return asked if refused(asked) else (option, asked)

    def _acting_for(self, player: int, option: Option, action: Mapping[str, Any], source: Source) -> Source | Refused:
        """The source of an input for `player`, whose seat a phone holds, from the host's table page or the reader:
        the host confirms first that it acts for that player (not for its own seat's phone), and the source then
        says for whom (the log: "acting for Ada")."""
        phone_id, phone = self._holders[player]
        own = phone_id == source.phone  # the host's page, for the seat the host's phone holds
        if source.by == "phone" and not own and action.get("confirm") is not True:
            name = self._session.state["players"][player]["name"]
            return Refused(f"Act for {name}? The phone “{phone}” holds that seat: confirm to do it", needs_confirm=True)
        if option.confirm and action.get("confirm") is not True:
            return Refused(f"{option.label}: confirm to do it", needs_confirm=True)
        if source.by == "phone":
            return replace(source, seat=player) if own else source.for_seat(player)
        return source.for_seat(player)  # the reader: journaled, the table asks before it takes this back

    def _player_of(self, option: Option, source: Source) -> int | None:
        """The one acting seat whose option an input of the buttons, the reader or the host's own page did
        (None: the companion's own step; a phone's own seat and the seat the host acted for are journaled
        already)."""
        if source.acting_for is not None or source.seat is not None:
            return None
        offered = self._offer()
        return next((s for s in offered.acting if any(o is option for o in offered.seats[s])), None)

    def _guarded(self, handle: Callable[[], Outcome], action: Any) -> Outcome:
        try:
            return handle()
        except CompanionError as e:
            return Outcome(False, str(e))
        except Exception as e:  # a bug must not take the table down: refuse, keep the state
            log.exception("input %r failed", action)
            return Outcome(False, f"internal error, nothing was changed: {e}")

    def _handle(self, action: dict[str, Any], event: ReaderEvent | None = None, source: Source = Source()) -> Outcome:
        if action.get("type") == "new_game":
            if source.by not in ("table", "phone") or source.seat is not None or (source.by == "phone" and not source.host):
                return Outcome(False, "only the host's phone starts a new game")
            return self._new_game(action)
        if self._session is None or self._game is None:
            return Outcome(False, "no game is open: start one first")
        admitted = self._admit(action, source)
        if refused(admitted):
            return Outcome(False, admitted.reason, needs_confirm=admitted.needs_confirm)
        action, option, source = admitted
        rolled = _thrown(event, option, action)  # the dice this input rolls, for the screens
        journaled = source.journal() | ({"did": option.label} if option.button == "NEXT" else {})
        player = self._player_of(option, source)
        if player is not None:
            journaled["player"] = player  # the log names the player the input was for (sources.signed)
        undoing = self._session.past[-1] if action.get("type") == "undo" and self._session.past else None
        step = None
        for _ in range(8):  # each try may lack one more chance outcome (a deal: a shuffle, then a reshuffle, ...)
            step = apply_input(self._game, self._session, action, journaled)
            if not (refused(step) and step.needs is not None and step.needs.key not in action):
                break
            action = {**action, step.needs.key: self._chance(step.needs)}
            if step.needs.kind == "roll":
                rolled = {"spec": step.needs.spec, "values": list(action[step.needs.key])}
        if refused(step):
            return Outcome(False, step.reason, needs_confirm=step.needs_confirm)
        seq = self._seq + 1
        snapshot = (__version__, thaw(step.session.state)) if seq % SNAPSHOT_EVERY == 0 else None
        self.journal.append(self._game_id, seq, action, snapshot, event, journaled)  # raises: nothing changes
        was_over = self._is_over()
        self._seq, self._session = seq, step.session
        if self._timeline is not None:
            self._timeline.add(seq, self._session.state)
        if self._is_over() and not was_over:
            self.journal.finish(self._game_id, self._session.state["flow"]["ended"])
        elif was_over and not self._is_over():
            self.journal.reopen(self._game_id)
        if self._game.learned is not None:  # what the table just taught the game (a tile's printed cost)
            self._keep(self._game, {**self._kept.get(self._game.id, {}), **self._game.learned(self._session.state)})
        self._log.extend(signed(step.log, journaled, self._session.state["players"]))
        self._taken_back = _taken_back(undoing, journaled, seq, self._session.state["players"]) if undoing else None
        self._last = player_view.last_input(seq, action)
        if rolled or step.told:  # what it did, in words: its steps' (`Step.tells`), else the first log line
            said = PARTS.join(f"{title}: {line}" if rolled else line for title, line in step.told) or (
                step.log[0] if step.log else "")
            self._shown_at = (seq, (rolled or {}) | ({"said": said} if said else {}) |
                              ({"title": step.told[0][0]} if step.told else {}))
        self._publish()
        return Outcome(True, log=step.log, seq=seq, action=action)

    def _is_over(self) -> bool:
        flow = self._session.state["flow"] if self._session else None
        return bool(flow and flow["over"])

    def _chance(self, needs: Needs) -> Any:
        if needs.kind != "roll" and self._session.future:
            # A shuffle of the same cards as the one just undone keeps its order: undoing a deal or a draw puts
            # those cards back on the deck, so doing it again deals the same ones (no free mulligan). Dice taken
            # back are thrown again.
            undone = self._session.future[-1].action.get(needs.key)
            if isinstance(undone, list) and sorted(map(str, undone)) == sorted(map(str, needs.cards)):
                return list(undone)
        if needs.kind == "roll":
            count, sides = (int(x) for x in needs.spec.split("d"))
            return [self.rng.randint(1, sides) for _ in range(count)]
        order = list(needs.cards)
        self.rng.shuffle(order)
        return order

    def _keep(self, game: GameDef, fields: Mapping[str, Any]) -> None:
        """The setup fields the next game of this kind starts with, kept by the journal across restarts."""
        if fields != self._kept.get(game.id):
            self._kept[game.id] = dict(fields)
            try:
                self.journal.keep(game.id, fields)
            except JournalError as e:  # a convenience for the next game: the game under way goes on
                log.warning("the setup kept for the next %s game is not saved: %s", game.id, e)

    def timeline(self, game_id: int) -> dict[str, Any] | None:
        """The chart's line of the open game `game_id`, kept as it was played; None when it is not kept (another
        game, or one taken up from the journal at start: replay it)."""
        def run() -> dict[str, Any] | None:
            if game_id != self._game_id or self._timeline is None or self._session is None:
                return None
            return self._timeline.line(self._seq, self._session.state)
        return self.call(run)

    def kept_setup(self, game_id: str) -> Mapping[str, Any]:
        """The setup fields the last game of this kind was played with (the New game page starts from them)."""
        return dict(self._kept.get(game_id, {}))

    def _new_game(self, action: Mapping[str, Any]) -> Outcome:
        game = self.games.get(action.get("game")) if isinstance(action.get("game"), str) else None
        if game is None:
            return Outcome(False, f"unknown game; choose one of {', '.join(sorted(self.games))}")
        setup = action.get("setup") or {}
        if not isinstance(setup, Mapping):
            return Outcome(False, "setup: the players and the game's own choices, as an object")
        # The table's own setup (a board's layout, recipes, prices) is kept from its last game of this kind.
        setup = {**self._kept.get(game.id, {}), **setup}
        first = new_game(game, setup)
        if refused(first):
            return Outcome(False, first.reason)
        self._game_id = self.journal.new_game(game.id, setup, game.rules)
        self._keep(game, {k: setup[k] for k in game.setup_fields if k in setup})
        self._game, self._seq, self._session = game, 0, start_session(first.state)
        self._timeline = Timeline(game, first.state)
        self._last, self._taken_back = None, None
        self._shown_at = None  # a new game's inputs count from 1 again: the last game's roll is not theirs
        self._log.clear()
        self._log.extend(first.log)
        self._publish()
        return Outcome(True, log=first.log)

    # --- the reader's events ----------------------------------------------------------------------

    def submit_event(self, event: ReaderEvent, timeout: float | None = 10.0) -> EventOutcome:
        """Apply a reader's TAG or DICE event at most once, and record it.

        Returns once the event and what became of it are committed, so the
        reader may be sent its ACK; raises (JournalError, TimeoutError) when
        they are not, and then the reader must not be acknowledged.
        """
        return self.call(lambda: self._on_event(event), timeout)

    def _on_event(self, event: ReaderEvent) -> EventOutcome:
        try:
            return self._on_new_event(event)
        except JournalError:
            raise  # not recorded: the reader is not acknowledged and sends it again
        except Exception as e:  # a bug: record the event as not applied rather than have it resent for ever
            log.exception("reader event %r failed", event)
            self.journal.record_event(event, f"not applied: internal error ({e})", self._game_id or None)
            return EventOutcome(False, "Reader", f"internal error, nothing was changed: {e}")

    def _on_new_event(self, event: ReaderEvent) -> EventOutcome:
        done = self.journal.event_outcome(event.boot, event.seq)
        if done is not None:
            return EventOutcome(done.startswith(("applied", "registered")), duplicate=True, message=done)
        if event.kind == "TAG":
            return self._on_tag(event, event.payload["uid"])
        sides, values = int(event.payload["sides"]), tuple(int(v) for v in event.payload["values"].split(","))
        if self._game is None or self._session is None:
            return self._not_applied(event, "Dice", "no game is open: the roll was not used")
        offered = self._offer()
        options = offered.table(self._claimed) + tuple(o for _, o in offered.held(self._claimed))
        action = dice_action(self._session.state, options, sides, values)
        if refused(action):
            return self._not_applied(event, "Dice not expected", f"{', '.join(map(str, values))}: {action.reason}")
        return self._apply_event(event, action)

    def _on_tag(self, event: ReaderEvent, uid: str) -> EventOutcome:
        wanted = self.registration.expected()
        known = self.cards.lookup(uid)
        if wanted is not None and known is not None and self.registration.walking():
            # A card tapped twice by mistake must not shift the rest of the walk by one.
            self._tag_seen(uid, known.public())
            return self._not_applied(event, "Already registered", f"this tag is {known.card}; tap {wanted.card}")
        if wanted is not None:
            with self.journal.transaction():
                self.cards.register(uid, wanted)
                self.journal.record_event(event, f"registered as {wanted.card}")
            self.registration.took()
            self._tag_seen(uid, wanted.public(), f"registered as {wanted.card}")
            after = self.registration.expected()
            return EventOutcome(True, "Card registered", wanted.card + (f". Next: {after.card}" if after else ""))
        card = known
        self._tag_seen(uid, card.public() if card else None)
        if card is None:
            return self._not_applied(event, "Unknown card", "register it in the panel")
        if self._game is None or self._session is None:
            return self._not_applied(event, card.card, "no game is open: the card was not used")
        if card.game != self._game.id:
            return self._not_applied(event, card.card, f"this card belongs to another game ({card.game})")
        action = card_action(self._game, self._session.state, card.deck, card.card, uid)
        if refused(action):
            return self._not_applied(event, card.card, action.reason)
        return self._apply_event(event, action)

    def _apply_event(self, event: ReaderEvent, action: dict[str, Any]) -> EventOutcome:
        outcome = self._handle(action, event, Source("reader"))  # commits the event with the input; raises if it cannot
        if outcome.accepted:
            return EventOutcome(True)
        return self._not_applied(event, "Refused", outcome.reason)

    def _not_applied(self, event: ReaderEvent, title: str, reason: str) -> EventOutcome:
        self.journal.record_event(event, f"not applied: {reason}", self._game_id or None)
        if self.last_tag is not None and event.kind == "TAG":
            self.last_tag = self.last_tag | {"outcome": reason}
        return EventOutcome(False, title, reason)

    def _tag_seen(self, uid: str, card: dict[str, str] | None, outcome: str = "") -> None:
        self.last_tag = {"uid": uid, "card": card, "outcome": outcome}

    # --- what the table shows ---------------------------------------------------------------------

    def add_listener(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.append(listener)

    def shown(self, seq: int) -> dict[str, Any] | None:
        """What input `seq` shows large on the box, when it was this process's last such input: the dice it rolled
        ({spec, values, said: its first log line}), or what its steps did ({said, title}, `Step.tells`; with the dice,
        if it rolled). It is shown as it happens, not again after a restart (so the view
        stays the one replayed)."""
        shown = self._shown_at
        return shown[1] if shown is not None and shown[0] == seq else None

    def view(self) -> dict[str, Any]:
        """The latest public table state (safe to call from any thread)."""
        return self._view

    def score_sheet(self) -> dict[str, Any] | None:
        """The open game's final score sheet, pre-filled from the table, as the whole table may see it (any phone
        may read it: before the end, a player's secrets, his coins in hand, are null); None when the game has none."""
        game, session = self._game, self._session
        if game is None or session is None or session.state["game"] != game.id:
            return None
        return player_view.sheet(game, session.state)  # with what the players entered at the end

    def view_json(self) -> tuple[int, bytes]:
        """(version, the view as JSON): what every phone polls, serialised once per version."""
        version, view, _ = self._json
        return version, view

    def seat_json(self, seat: int) -> tuple[int, bytes] | None:
        """(version, what `seat`'s own phone sees as JSON), or None when the open game has no such seat."""
        version, _, seats = self._json
        return (version, seats[seat]) if 0 <= seat < len(seats) else None

    def seat_view(self, seat: int) -> dict[str, Any] | None:
        """What `seat`'s own phone sees (GET /api/seat): its player, private view and options, worked out
        once per table version; None when the open game has no such seat (safe from any thread)."""
        seats = self._seat_views
        return seats[seat] if 0 <= seat < len(seats) else None

    def private(self, seat: int) -> dict[str, Any]:
        """What only `seat`'s player may see (their hand, ...), from the latest state; {} when the game has none."""
        game, session = self._game, self._session  # read from another thread: check they belong together
        if game is None or session is None or session.state["game"] != game.id:
            return {}
        if not 0 <= seat < len(session.state["players"]):
            return {}
        return player_view.seen(game, session.state, seat)

    def _publish(self) -> None:
        self._version += 1
        seats: list[dict[str, Any]] = []
        if self._session is None or self._game is None:
            view: dict[str, Any] = {"game": None, "log": list(self._log), "version": self._version}
        else:
            offered = self._offer()
            view, seats = views(self._game, self._session, self._claimed, offered)
            view |= {"log": list(self._log), "seq": self._seq, "version": self._version, "last": self._last,
                     "game_id": self._game_id, "held": self._held(offered)}
            seats = [s | {"version": self._version} for s in seats]
            if self._taken_back is not None and self._taken_back[0] < len(seats):  # told on the phone whose input it was
                seat, seq, line = self._taken_back
                seats[seat] = seats[seat] | {"taken_back": {"seq": seq, "line": line}}
        self._seat_views, self._view = seats, view
        self._json = (self._version, _to_json(view), [_to_json(s) for s in seats])
        for listener in self._listeners:
            try:
                listener(view)
            except Exception:
                log.exception("a table listener failed")


    def _held(self, offered: Offer) -> list[dict[str, Any]]:
        """The seats a phone holds, and the phone (its name, id and short id); for an acting one, what the host
        may do for that player after confirming that it acts for him (`options`; its own seat's without asking)."""
        held = offered.held(self._claimed)
        out = []
        for seat, (phone_id, phone) in sorted(self._holders.items()):
            if seat < len(self._session.state["players"]):
                out.append({"seat": seat, "phone": phone, "phone_id": phone_id, "short": short_id(phone_id),
                            "options": on_phone([o.public() for s, o in held if s == seat])})
        return out


def _to_json(value: Any) -> bytes:
    return json.dumps(value, default=_plain, separators=(",", ":")).encode()


def _plain(value: Any) -> Any:
    """A persistent map or vector a game left in its view (a bug: the tests catch it): sent as plain JSON
    anyway, so the phones never answer 500 for it."""
    if isinstance(value, (PMap, PVector)):
        log.error("a view holds a %s; the game should thaw it", type(value).__name__)
        return thaw(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def take_up(journal: Journal, games: Mapping[str, GameDef]) -> tuple | None:
    """The journal's latest game as the table takes it up: (game, its id, session, last seq, log lines signed
    with who made each input, the last input for the screens), or None when there is none; a JournalError or
    CompanionError when it cannot be (a game this companion does not know, an input its rules refuse now)."""
    record = journal.latest_game()
    if record is None:
        return None
    game = games.get(record.game)
    if game is None:
        raise CompanionError(f"the journal {journal.path} holds a game this companion does not know ({record.game})")
    inputs = journal.inputs(record.id)
    sources = journal.sources(record.id)
    session, lines = restore(game, record.setup, inputs, journal.snapshots(record.id, __version__), source=str(journal.path),
                             sources=sources, rules=record.rules)
    if not inputs:
        return game, record.id, session, journal.last_seq(record.id), lines, None
    seq, action = inputs[-1]
    return game, record.id, session, journal.last_seq(record.id), lines, player_view.last_input(seq, action)


def _own_phone_seat(by: Mapping[str, Any] | None) -> int | None:
    """The seat whose own phone made an input (not the host's page acting for it), or None."""
    by = by or {}
    return by["seat"] if by.get("by") == "phone" and isinstance(by.get("seat"), int) and by.get("for") is None else None


def _phone_seat(by: Mapping[str, Any] | None, holders: Mapping[int, tuple[str, str]]) -> int | None:
    """The seat whose player made an input outside the table: on the seat's own phone, or on the reader for a seat a
    phone holds; None for the box's buttons, the host's page and the companion."""
    seat = (by or {}).get("for")
    if (by or {}).get("by") == "reader":
        return seat if isinstance(seat, int) and seat in holders else None
    return _own_phone_seat(by)


def _undo_by_whom(offered: Offer, session: Session, holders: Mapping[int, tuple[str, str]], just_undone: bool) -> Offer:
    """Undo, as who made what it takes back may use it: a player may take back what his own phone just did (the
    undo is on his phone's page too; not once the table has undone or redone since, `just_undone`: that is the
    table's history to walk), and the table (the box, the host's page) asks first before it takes back what a
    player did on a phone, or on the reader for a seat a phone holds: one stray BACK must not cost them."""
    undo = next((o for o in offered.corrections if o.action.get("type") == "undo"), None)
    if undo is None or not session.past:
        return offered
    last = session.past[-1]
    seat = _phone_seat(last.by, holders)
    if seat is None or seat >= len(offered.seats):
        return offered
    players = session.state["players"]
    name = players[seat]["name"]
    made = f"done on the reader for {name}" if last.by.get("by") == "reader" else f"done on {name}'s phone"
    asked = replace(undo, confirm=True, label=f"{undo.label.rstrip('.')} — {made}.")
    corrections = tuple(asked if o is undo else o for o in offered.corrections)
    seats = list(offered.seats)
    if last.by.get("by") == "phone" and holders.get(seat, ("",))[0] == last.by.get("id") and not just_undone:
        seats[seat] = seats[seat] + (replace(undo, group=PLAY),)  # on the phone's own page, not folded away
    return replace(offered, corrections=corrections, seats=tuple(seats))


def _taken_back(undone: Any, by: Mapping[str, Any], seq: int, players: Any) -> tuple[int, int, str] | None:
    """What a seat's phone is told when someone else took back what it did: (seat, seq, the line)."""
    seat = _own_phone_seat(undone.by)
    if seat is None or (by.get("by") == "phone" and by.get("id") == undone.by.get("id")):
        return None  # not a phone's, or taken back on the same phone: it knows
    return seat, seq, f"{sentence(said(by, players) or 'the table')} took back: {undone.label.rstrip('.')}."


def _thrown(event: ReaderEvent | None, option: Option | None, action: Mapping[str, Any]) -> dict[str, Any] | None:
    """Dice thrown at the table for this input ({spec, values}): on the reader, or for an offered roll."""
    if event is not None and event.kind == "DICE":
        values = [int(v) for v in event.payload["values"].split(",")]
        return {"spec": f"{len(values)}d{int(event.payload['sides'])}", "values": values}
    if option is not None and option.rolls and option.dice_key() in action:
        return {"spec": option.rolls, "values": list(action[option.dice_key()])}
    return None
