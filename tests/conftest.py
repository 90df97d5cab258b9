import json
import logging
import os
import random
from pathlib import Path

import pytest
from hypothesis import settings

from companion.core import engine
from companion.core.result import Refused
from companion.core.view import table_view
from companion.games.free_play import FREE_PLAY
from companion.replay import Replayer


# Hypothesis's properties assert behaviour, never time: its default deadline (200 ms an example) failed an
# example of the reader's codec that took 505 ms on a machine busy with the rest of the suite.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker per core, and one more for the browser tests, whose worker mostly waits on chromium (a
    whole run on 2 cores used one core's time: the other tests had one worker while the browser tests ran)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own reads it
    return len(os.sched_getaffinity(0)) + 1


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With the suite on several workers (pytest-xdist, `-n` in pyproject.toml): the browser tests all on one
    of them, in turn, on its one chromium (two chromiums beside the rest of the suite starved each other, and
    the pages' waits ran out); every other test wherever a worker is free. (xdist's own `--dist loadgroup`
    does this by a mark, which pytest 9.2's node ids no longer carry.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return "tests/browser" if nodeid.startswith("tests/browser/") else nodeid

    return BrowserTestsTogether(config, log)


class Clock:
    """A clock the test moves by hand (`clock.now += 0.8`): buttons and idle timers read it."""

    def __init__(self, now=1000.0):
        self.now = now

    def __call__(self):
        return self.now


class Table:
    """A session driven the way the runtime drives it, with fixed chance outcomes."""

    def __init__(self, game, setup, rules=None):
        """`rules`: the inputs are those of a journal of that version of the game's rules, replayed (each taken
        to today's form, companion.upgrades); by default, today's inputs applied as the runtime does."""
        self.replayed = Replayer(game, rules) if rules is not None else None
        first = self.replayed.new_game(setup) if self.replayed is not None else engine.new_game(game, setup)
        assert not isinstance(first, Refused), first
        self.game = game
        self.session = engine.start_session(first.state)
        self.log = list(first.log)

    @property
    def state(self):
        return self.session.state

    def do(self, **action):
        if self.replayed is not None:
            step = self.replayed(self.session, action)
            if step is None:  # left out: today's rules have no such input
                return None
        else:
            step = engine.apply_input(self.game, self.session, action)
        if isinstance(step, Refused):
            return step
        self.session = step.session
        self.log.extend(step.log)
        from companion.core.offer import offer

        offered = offer(self.game, self.session)  # worked out once, as the runtime does, for both checks
        assert_plain_json(self.game, self.session, offered)
        assert_next_keeps_its_word(self.game, self.session, offered)
        return step

    def ok(self, **action):
        step = self.do(**action)
        assert not isinstance(step, Refused), step.reason
        return step

    def go(self, **action):
        """Do `action` as the runtime does: each chance outcome it lacks comes from `chance`, then it must pass."""
        for _ in range(8):
            step = self.do(**action)
            if not (isinstance(step, Refused) and step.needs):
                break
            action[step.needs.key] = self.chance(step.needs)
        assert not isinstance(step, Refused), step.reason
        return step

    def refused(self, **action):
        """`action` is refused, and nothing changes: its reason."""
        before = self.state
        step = self.do(**action)
        assert isinstance(step, Refused), action
        assert self.state is before
        return step.reason

    @property
    def plays(self):
        return plays(self.view)

    @property
    def offered(self):
        """The table's options now (companion.core.offer), as the runtime offers them with no seat claimed."""
        from companion.core.offer import offer

        return offer(self.game, self.session).table()

    @property
    def view(self):
        """The public table view, as the panel serves it: plain JSON (no persistent vectors)."""
        view = table_view(self.game, self.session)
        json.dumps(view)
        return view

    def chance(self, needs):
        """A roll or a shuffle from `self.rng` (a subclass may queue fixed ones first)."""
        return chance_from(needs, getattr(self, "rng", None) or random.Random(1))


def chance_from(needs, rng):
    """The outcome a chance action lacks, as the runtime would supply it: dice, or a shuffled order."""
    if needs.kind == "roll":
        count, sides = (int(x) for x in needs.spec.split("d"))
        return [rng.randint(1, sides) for _ in range(count)]
    cards = list(needs.cards)
    rng.shuffle(cards)
    return cards


def plays(view):
    """The table's plays: its options but NEXT's, BACK's and the corrections (a bot that undid at random
    would never finish a game)."""
    return [o for o in view["options"] if o["group"] == "Play" and not o["button"]]


def next_input(view):
    """What NEXT does now (confirmed, as a second press or a long press would), or a plain advance where NEXT
    offers nothing (a game not strict yet still takes it)."""
    option = next((o for o in view["options"] if o["button"] == "NEXT"), None)
    if option is None:
        return {"type": "advance"}
    return dict(option["action"]) | ({"confirm": True} if option["confirm"] else {})


def assert_plain_json(game, session, offered=None):
    """What the phones are sent after an input is plain JSON: the public view, and each seat's private view and
    options (a persistent vector left in any of them made every phone answer 500)."""
    from companion.core.view import views

    view, seats = views(game, session, offered=offered)
    json.dumps(view)
    for seat in seats:
        json.dumps(seat)


def next_broken(game, session, full=None):
    """What is wrong with NEXT now (TABLE.md, "At the table"), or None: its hint fits over the button, its
    label says what it does, it is done when pressed (or asks the companion's dice), and a game's end asks
    first. `full`: the session's offer, when it is worked out already."""
    from companion.core.offer import offer
    from companion.screens import hint_fits

    full = full or offer(game, session)
    offered = full.table()
    pressed = {}  # the same NEXT on several phones is tried once: apply is a function of the state and the input

    def press(action):
        key = json.dumps(action, sort_keys=True)
        if key not in pressed:
            pressed[key] = engine.apply(game, session.state, action)
        return pressed[key]

    for seat, own in enumerate(full.seats):  # a phone's NEXT is done when pressed there (its seat added)
        for option in own:
            if option.button == "NEXT" and not option.fields:
                tried = press(dict(option.action) | {"confirm": True})
                if isinstance(tried, Refused) and tried.needs is None:
                    return f"seat {seat}'s NEXT {option.label!r} is refused from its phone: {tried.reason}"
    wide = [o.short for o in offered if o.group == "Play" and o.short and not hint_fits(o.short)]
    if wide:
        return f"hints that do not fit over a button: {wide}"
    nxt = [o for o in offered if o.button == "NEXT"]
    if len(nxt) > 1:
        return f"two options on NEXT: {[o.label for o in nxt]}"
    if not nxt:
        return None
    option = nxt[0]
    state = session.state
    where = f"{state['flow'] and state['flow']['step']}: NEXT {option.label!r} ({option.short!r})"
    if not option.short or not hint_fits(option.short):
        return f"{where}: the hint does not fit over the button"
    if len(option.label.split()) < 2:
        return f"{where}: the label does not say what NEXT does"
    if option.fields:
        return None  # filled on the buttons' picker: what it does depends on the values
    tried = press(dict(option.action) | {"confirm": True})
    if isinstance(tried, Refused):
        return None if tried.needs is not None else f"{where}: refused when pressed ({tried.reason})"
    if tried.state["flow"] is not None and tried.state["flow"]["over"] and not option.confirm:
        return f"{where}: ends the game without asking"
    return None


def assert_next_keeps_its_word(game, session, offered=None):
    broken = next_broken(game, session, offered)
    assert broken is None, broken


class PlainJson(logging.Handler):
    """A runtime listener: every view the runtime publishes, and every seat's, is plain JSON, and its NEXT is right
    (`next_broken`). The runtime has sent them as JSON before its listeners hear of them, and says in its log when
    one held a persistent map or vector (runtime._plain): that line is a failure (encoding every view again cost
    the whole games a tenth of their time)."""

    def __init__(self, runtime):
        super().__init__(logging.ERROR)
        self.runtime = runtime
        self.failures = []
        logging.getLogger("companion.runtime").addHandler(self)

    def emit(self, record):
        if record.getMessage().startswith("a view holds"):
            self.failures.append(f"after input {self.runtime._seq}: {record.getMessage()}")

    def close(self):
        logging.getLogger("companion.runtime").removeHandler(self)
        super().close()

    def __call__(self, view):
        game, session = self.runtime._game, self.runtime._session  # the table thread's own, read in its listener
        if game is not None and session is not None and session.state["game"] == game.id:
            broken = next_broken(game, session, self.runtime._offer())  # the offer it published
            if broken:
                self.failures.append(broken)


@pytest.fixture
def free_play():
    return Table(FREE_PLAY, {"players": [{"name": "Ada"}, {"name": "Bea"}, {"name": "Cy"}]})


@pytest.fixture
def in_memory_dir(tmp_path):
    """A fresh directory on a RAM file system (/dev/shm) where there is one, else tmp_path: for a journal the
    test is not about, whose every input's fsync would cost a disk's time and prove nothing here."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or not os.access(shm, os.W_OK):
        yield tmp_path
        return
    import shutil
    import tempfile

    made = Path(tempfile.mkdtemp(prefix="companion-test-", dir=shm))
    yield made
    shutil.rmtree(made, ignore_errors=True)


@pytest.fixture
def make_runtime(in_memory_dir):
    """Runtimes on a real journal, stopped and closed after the test. A test about the journal names its `path`
    (in tmp_path, on disk); the others' is on a RAM file system: the same SQLite, without a disk's fsyncs."""
    from companion.games import GAMES
    from companion.journal import Journal
    from companion.runtime import Runtime

    made = []

    def make(path=None, rng=None, game_setup=None):
        rt = Runtime(Journal(path or in_memory_dir / "journal.sqlite3"), GAMES, rng=rng)
        check = PlainJson(rt)
        rt.add_listener(check)
        rt.start()
        made.append((rt, check))
        if game_setup is not None:
            assert rt.submit({"type": "new_game", "game": "free_play", "setup": game_setup}).accepted
        return rt

    yield make
    for rt, check in made:
        rt.stop()
        rt.journal.close()
        check.close()
    for rt, check in made:
        assert not check.failures, check.failures[:3]


@pytest.fixture
def phones(make_runtime):
    """The panel on a real server for a fresh runtime, and two phones paired with it (the table's and a player's)."""
    from phone import two_phones

    with two_phones(make_runtime()) as both:
        yield both


def assert_result_is(result, scored):
    """The table's `result` (TABLE.md) is `companion score`'s output on the same sheet: its ranking and winner
    exactly, each player's total and breakdown, and the tie-breaks that decided."""
    assert result is not None, "the table has no result"
    assert result["ranking"] == scored["ranking"] and result["winner"] == scored["winner"]
    assert result["totals"] == {p["name"]: p["total"] for p in scored["players"]}
    assert result["breakdown"] == {p["name"]: p["breakdown"] for p in scored["players"]}
    assert result["tiebreaks"] == scored["tiebreaks"]
    assert result["winner"], "a whole game played to its end has a winner"


def assert_the_oled_shows_the_winner(view):
    """The OLED at game over (the step page): the winner on the big line, every place with its total."""
    from companion import controls
    from companion.screens import ResultScreen

    result = view["result"]
    screen = controls.screen_for(view, controls.Panel())
    assert isinstance(screen, ResultScreen), screen
    winner = result["winner"]
    assert screen.winner == (f"{winner[0]} wins" if len(winner) == 1 else f"{', '.join(winner[:-1])} & {winner[-1]}")
    assert [name for _, name, _ in screen.rows] == [name for group in result["ranking"] for name in group]
    assert [total for _, _, total in screen.rows] == [result["totals"][name] for _, name, _ in screen.rows]


def assert_replays(runtime, view, keys):
    """Stop `runtime`; a new runtime on its journal shows the same `keys` of the table `view`."""
    from companion.games import GAMES
    from companion.journal import Journal
    from companion.runtime import Runtime

    runtime.stop()
    again = Runtime(Journal(runtime.journal.path), GAMES)
    again.start()
    try:
        replayed = again.view()
        for key in keys:
            assert replayed[key] == view[key], key
    finally:
        again.stop()
        again.journal.close()


def pytest_sessionfinish(session):
    """OPTION_COUNTS=path: the lengths of the lists the whole games met (options_bot.figures), for the note."""
    path = os.environ.get("OPTION_COUNTS")
    if path:
        import options_bot
        Path(path).write_text(json.dumps(options_bot.figures(), indent=1))
