"""Who may use the panel: pairing codes, server-side sessions, Host names.

A phone pairs by entering the 6-digit code the OLED shows (or by scanning its
QR code, which carries the code in the address). It then holds a session: a
random secret in an HttpOnly, SameSite=Strict cookie; the server keeps only a
hash of it, in the journal's SQLite file, so pairings survive a restart and
can be revoked from the panel. A session lasts a game night (web.session_hours,
16 by default): the cookie and the server's record end together. Each session has its own CSRF token, which
every state-changing request carries in a header.

Wrong codes are rate-limited per client and for the whole device, and the code
changes after too many wrong tries, so guessing cannot add up. The owner at the
table always gets in: holding SELECT opens a pairing window with a longer code
that strangers' wrong guesses neither retire nor rate-limit (see `Pairing`).
The Host header must name the device (its host names, its interfaces'
addresses, or names added in the settings), against DNS rebinding.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import os
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any

import ifaddr

from companion.sources import UNNAMED, Source, short_id

log = logging.getLogger(__name__)

COOKIE = "companion_session"
PLAYER, HOST, AT_BOX = 0, 1, 2  # a phone's role: a player's; a host made so by another; a host by presence at the box
AWAY_S = 3600.0  # a seat whose phone has not been seen for this long is free for another phone
CODE_DIGITS = 6
PER_CLIENT = (5, 60.0)  # wrong codes allowed per client per window (seconds)
PER_DEVICE = (20, 60.0)  # wrong codes allowed from everyone together per window
ROTATE_AFTER = 20  # wrong codes in all before the code changes
USED_KEPT = 600.0  # seconds a code that paired a phone is remembered as used
WINDOW_DIGITS = 8  # the code of a pairing window opened at the table
OWNER_DIGITS = 12  # the owner's code: never on the OLED, only where the box's owner reads it (its shell, its log)
WINDOW_S = 120.0  # how long a pairing window stays open
HAD_HOST = "had-host"  # beside the journal: this box has had a host's phone (only `companion pair --fresh` removes it)
CLEAN = 3  # in a window, a client with fewer wrong codes than this lately is not held back by others' guesses


@dataclass(frozen=True)
class Session:
    id: str  # public: shown in the list of paired phones, used to revoke
    name: str
    csrf: str
    created: str
    seat: int | None = None
    until: float = float("inf")  # when it ends (seconds since the epoch)
    role: int = PLAYER  # PLAYER, HOST (made host on the Phones page) or AT_BOX (the first, or paired at the box)

    @property
    def host(self) -> bool:
        """The host's phone: it may do what only the box's owner may (TABLE.md)."""
        return self.role >= HOST

    @property
    def short(self) -> str:
        """The 4 characters this phone shows large on its own pages (and the OLED when it asks for a seat)."""
        return short_id(self.id)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "short": self.short, "name": self.name, "created": self.created, "seat": self.seat,
                "host": self.host, "at_box": self.role == AT_BOX}

    def source(self, seat: int | None = None) -> Source:
        """This phone as the source of an input: for `seat` (its own), or for the table (the host's page)."""
        return Source.of_phone(self.id, self.name, seat=seat, host=self.host)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class NotHost(Exception):
    """Only the host's phone may do this."""


class SeatHeld(Exception):
    """Another phone holds the seat: it is handed over only at the table (or given up on that phone)."""

    def __init__(self, holder: Session):
        super().__init__(holder.name)
        self.holder = holder


class Sessions:
    """Paired phones: kept in memory for every request, written through to the journal.

    Two kinds of phone (TABLE.md): the host's (the first paired on a box that has never had one, and any
    paired through the box's SELECT-hold window or with the owner's code: presence at the box is authority)
    and the players'. Once a box has had a host's phone, the player's code never makes one again, however
    many phones are paired now (all unpaired, or their pairings ended): a file beside the journal says so,
    which restores from a phone leave alone and only someone at the box removes (`companion pair --fresh`). A claimed seat
    belongs to its phone: another phone's claim is refused with who holds it, until that phone gives it
    up, is unpaired, has not been seen for an hour, or the table confirms a hand-over. The runtime is
    told which seats are held, so their options come only from their own phones."""

    def __init__(self, runtime: Any, lifetime: float = 16 * 3600, clock: Callable[[], float] = time.time):
        self.runtime = runtime
        self.lifetime = lifetime  # seconds a session lasts from pairing
        self.clock = clock
        self._lock = threading.Lock()
        # When each phone was last seen (kept in memory only: a restart counts as seeing every phone, so
        # nothing is written to the SD card for a poll).
        self._seen: dict[str, float] = {}
        self._told: dict[int, tuple[str, str]] | None = None  # the holders the runtime was last told of
        self._away_at = float("inf")  # when the next seat's phone counts as away
        self._had_host = runtime.journal.path.with_name(HAD_HOST)
        self._had_host_unwritten = False  # the file could not be written (a full card): this run remembers it

        def load() -> None:
            rows = runtime.journal.read("SELECT secret_hash, id, csrf, name, created, seat, host FROM sessions")
            self._by_hash = {h: Session(i, n, c, cr, seat, self._until(cr), role)
                             for h, i, c, n, cr, seat, role in rows}
            if any(s.host for s in self._by_hash.values()):
                self._note_host()  # a box paired before the file was kept has had its host all the same
            now = self.clock()
            self._seen = {s.id: now for s in self._by_hash.values()}
            self._purge()

        runtime.call(load)

    def _until(self, created: str) -> float:
        try:
            return datetime.fromisoformat(created).timestamp() + self.lifetime
        except ValueError:
            return 0.0  # a record nobody could have written: ended

    def _purge(self) -> None:
        """On the owner thread: sessions that have ended go, with their seats."""
        now = self.clock()
        ended = [h for h, s in self._by_hash.items() if s.until <= now]
        if ended:
            with self.runtime.journal.transaction():
                for h in ended:
                    self.runtime.journal.write("DELETE FROM sessions WHERE secret_hash = ?", (h,))
            with self._lock:
                for h in ended:
                    self._by_hash.pop(h, None)
        self._tell_runtime()

    def _tell_runtime(self) -> None:
        """On the owner thread, with the change: the seats held now by phones that are not away."""
        now = self.clock()
        held, away_at = {}, float("inf")
        for s in self._by_hash.values():
            if s.seat is not None:
                seen = self._seen.get(s.id, now)
                if seen + AWAY_S > now:
                    held[s.seat] = (s.id, s.name)
                    away_at = min(away_at, seen + AWAY_S)
        self._away_at = away_at
        if held != self._told:
            self._told = held
            self.runtime.set_claimed(held)

    def away(self, session: Session) -> bool:
        """Not seen for an hour: its seat is free for another phone, and the table acts for it."""
        return self._seen.get(session.id, self.clock()) + AWAY_S <= self.clock()

    def fresh(self) -> bool:
        """Whether the next phone paired, whatever its code, is the host's: no phone is paired and this box
        has never had a host's phone (a new box, or one made fresh at the box)."""
        return not self._by_hash and not self._had_host_unwritten and not self._had_host.exists()

    def _note_host(self) -> None:
        """This box has a host's phone now: from here on only the box makes another."""
        try:
            fd = os.open(self._had_host, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            os.close(fd)
        except OSError as e:
            self._had_host_unwritten = True
            log.warning("cannot note in %s that this box has had a host's phone: %s", self._had_host, e)

    def create(self, name: str, host: bool = False) -> tuple[str, Session]:
        """A new session; returns its secret (for the cookie, never stored) and the session: a host's when
        `host` (a code read at the box) or when the box is fresh (see `fresh`), else a player's."""
        secret = secrets.token_urlsafe(32)
        created = datetime.fromtimestamp(self.clock(), timezone.utc).isoformat(timespec="seconds")
        digest = _hash(secret)

        def write() -> Session:  # the journal and the map change together, on the owner thread (see write_back)
            session = Session(secrets.token_hex(4), name, secrets.token_urlsafe(24), created, None,
                              self._until(created), AT_BOX if host or self.fresh() else PLAYER)
            if session.host:
                self._note_host()
            self.runtime.journal.write(
                "INSERT INTO sessions (id, secret_hash, csrf, name, created, seat, host) VALUES (?, ?, ?, ?, ?, NULL, ?)",
                (session.id, digest, session.csrf, session.name, session.created, session.role))
            with self._lock:
                self._by_hash[digest] = session
                self._seen[session.id] = self.clock()
            return session

        return secret, self.runtime.call(write)

    def get(self, secret: str | None) -> Session | None:
        if not secret or len(secret) > 100:
            return None
        session = self._by_hash.get(_hash(secret))
        if session is None:
            return None
        now = self.clock()
        if session.until <= now:
            self.runtime.call(self._purge)  # its seat is free again
            return None
        back = session.seat is not None and self.away(session)
        self._seen[session.id] = now
        if back or now >= self._away_at:
            self.runtime.call(self._tell_runtime)  # a phone came back to its seat, or another's went away
        return session

    def peek(self, secret: str) -> Session | None:
        """The session of a cookie's secret, read only (nothing noted, nothing purged): for the server's look at
        a request before its body is read."""
        session = self._by_hash.get(_hash(secret)) if secret and len(secret) <= 100 else None
        return session if session is not None and session.until > self.clock() else None

    def set_host(self, by: Session, session_id: str, host: bool) -> Session:
        """A phone paired at the box (or the first) makes another phone host, or takes that back; never a phone
        paired at the box, whose role only presence at the box gives (so a box always keeps its host)."""
        if by.role != AT_BOX:
            raise NotHost("only a phone paired at the box (or the first one paired) gives or takes the host's role")
        target = self.by_id(session_id)
        if target is None:
            raise KeyError(session_id)
        if target.role == AT_BOX:
            raise NotHost(f"“{target.name}” was paired at the box: it stays the host's (unpair it to end that)")
        role = HOST if host else PLAYER

        def write() -> Session:
            self.runtime.journal.write("UPDATE sessions SET host = ? WHERE id = ?", (role, session_id))
            with self._lock:
                for h, s in list(self._by_hash.items()):
                    if s.id == session_id:
                        self._by_hash[h] = replace(s, role=role)
            return replace(target, role=role)

        return self.runtime.call(write)

    def may_unpair(self, by: Session, session_id: str) -> bool:
        """A phone unpairs itself; a host unpairs a player's phone; only a phone paired at the box unpairs
        another host's."""
        target = self.by_id(session_id)
        return target is None or target.id == by.id or target.role == PLAYER or by.role == AT_BOX

    def last_host(self, session_id: str) -> bool:
        """Whether `session_id` is the only host's phone paired: once it is unpaired, only the box makes a host."""
        target = self.by_id(session_id)
        return target is not None and target.host and not any(s.host for s in self._by_hash.values() if s.id != session_id)

    def all(self) -> list[Session]:
        return sorted(self._by_hash.values(), key=lambda s: s.created)

    def revoke(self, session_id: str) -> bool:
        def write() -> bool:
            self.runtime.journal.write("DELETE FROM sessions WHERE id = ?", (session_id,))
            with self._lock:
                gone = [h for h, s in self._by_hash.items() if s.id == session_id]
                for h in gone:
                    del self._by_hash[h]
            self._tell_runtime()
            return bool(gone)

        return self.runtime.call(write)

    def claim_seat(self, session: Session, seat: int | None, hand_over: bool = False, name: str | None = None) -> Session:
        """Bind a phone to a seat (its player's secret input), or give its seat up (None). A seat another
        phone holds raises SeatHeld, unless the table has confirmed the hand-over (`hand_over`). A phone paired
        without a name takes `name` ("Ada's phone"), so the log and the box can say whose it is."""
        renamed = name if name and session.name == UNNAMED else session.name

        def write() -> None:
            self._purge()  # a phone whose pairing has ended holds no seat
            holder = self.seat_of(seat) if seat is not None else None
            if holder is not None and holder.id != session.id and not hand_over and not self.away(holder):
                raise SeatHeld(holder)
            with self.runtime.journal.transaction():
                if seat is not None:
                    self.runtime.journal.write("UPDATE sessions SET seat = NULL WHERE seat = ?", (seat,))
                self.runtime.journal.write("UPDATE sessions SET seat = ?, name = ? WHERE id = ?", (seat, renamed, session.id))
            with self._lock:
                for h, s in list(self._by_hash.items()):
                    if seat is not None and s.seat == seat:
                        self._by_hash[h] = replace(s, seat=None)
                    if s.id == session.id:
                        self._by_hash[h] = replace(s, seat=seat, name=renamed)
            self._tell_runtime()

        self.runtime.call(write)
        return replace(session, seat=seat, name=renamed)

    def rename(self, session: Session, name: str) -> Session:
        """This phone's new name (its short id, which the box and the log show beside it, stays)."""
        def write() -> None:
            self.runtime.journal.write("UPDATE sessions SET name = ? WHERE id = ?", (name, session.id))
            with self._lock:
                self._by_hash = {h: replace(s, name=name) if s.id == session.id else s for h, s in self._by_hash.items()}
            self._told = None  # the runtime names the seat's phone anew
            self._tell_runtime()

        self.runtime.call(write)
        return replace(session, name=name)

    def seat_phones(self, seats: Mapping[str, int]) -> None:
        """Seat the phones anew (a new game): each phone named in `seats` (its id -> a seat) holds that seat,
        every other phone none."""
        def write() -> None:
            with self.runtime.journal.transaction():
                self.runtime.journal.write("UPDATE sessions SET seat = NULL")
                for session_id, seat in seats.items():
                    self.runtime.journal.write("UPDATE sessions SET seat = ? WHERE id = ?", (seat, session_id))
            with self._lock:
                self._by_hash = {h: replace(s, seat=seats.get(s.id)) for h, s in self._by_hash.items()}
            self._tell_runtime()

        self.runtime.call(write)

    def seats(self) -> dict[str, int]:
        """Each phone that holds a seat: its id -> the seat."""
        return {s.id: s.seat for s in self._by_hash.values() if s.seat is not None}

    def by_id(self, session_id: str) -> Session | None:
        return next((s for s in self._by_hash.values() if s.id == session_id), None)

    def write_back(self) -> None:
        """Put the phones paired now into a journal that has just replaced the old one (a restore from
        the panel), on the owner thread: pairing belongs to these phones, not to the backup. Seats are
        let go: the restored game may have other players."""
        journal = self.runtime.journal
        with self._lock:
            self._by_hash = {h: replace(s, seat=None) for h, s in self._by_hash.items()}
            with journal.transaction():
                journal.write("DELETE FROM sessions")
                for digest, s in self._by_hash.items():
                    journal.write("INSERT INTO sessions (id, secret_hash, csrf, name, created, seat, host) "
                                  "VALUES (?, ?, ?, ?, ?, NULL, ?)", (s.id, digest, s.csrf, s.name, s.created, s.role))
            self._tell_runtime()

    def seat_of(self, seat: int) -> Session | None:
        return next((s for s in self._by_hash.values() if s.seat == seat), None)


class Limited(Exception):
    """Too many wrong codes: try again after `retry_after` seconds."""

    def __init__(self, retry_after: int):
        super().__init__(f"too many wrong codes: wait {retry_after} s and try again")
        self.retry_after = retry_after


class Pairing:
    """The pairing code and the limits on guessing it.

    Outside a window: 6 digits; 5 wrong codes a minute per client, 20 from everyone together, and the
    code retires after 20 wrong ones (a fresh one is shown at once): at most 20 guesses at any code.

    A window (`open_window`, from holding SELECT at the table) shows an 8-digit code for 2 minutes.
    Wrong guesses do not retire it, and the device-wide limit does not hold back a client with fewer
    than 3 wrong codes in the last minute (the owner's phone), so strangers flooding the network
    cannot keep the owner out. The limits still hold everyone who guesses: each client 5 a minute,
    and the clients that have guessed wrong 20 a minute together; a stranger gains at most 3 guesses
    a minute per address he holds. A 2-minute window over a /24 network is then at most
    2 * (20 + 3 * 254) = 1564 guesses at 10**8 codes (1.6e-5), below the 40 guesses at 10**6 codes
    (4e-5) the device-wide limit allows in 2 minutes outside a window. (IPv6 clients count by /64.)

    A storm of wrong codes from strangers used up the device-wide allowance and so kept a player out
    for as long as it went on. Now, when it is used up, the player's code guards itself as a window
    does, for WINDOW_S: it is drawn afresh with 8 digits (the OLED and the host's phone show it), is
    not retired by guesses (past the guard, it is retired as any code is), and the device-wide limit does not hold back a client with fewer than
    CLEAN wrong codes lately. It pairs a player's phone, as before, never a host's: the guesses it
    allows are those of a window, at 10**8 codes, and while the allowance is used up no 6-digit code
    is good, so the clients let through never guess at 10**6.
    """

    def __init__(self, url: Callable[[str], str], clock: Callable[[], float] = time.monotonic,
                 on_change: Callable[[], None] = lambda: None):
        self._url = url  # code -> the address a phone opens (the QR code's content)
        self.clock = clock
        self.on_change = on_change
        self._lock = threading.Lock()
        self._failures: dict[str, deque[float]] = {}
        self._all_failures: deque[float] = deque()
        self._wrong_since_rotate = 0
        self._window_until = -1e18
        self._guarded_until = -1e18  # while the player's code guards itself from a storm (8 digits)
        self._player = self._new_code(CODE_DIGITS)  # pairs a player's phone; always good
        self._window: str | None = None  # while a window is open: pairs a host's phone, and the OLED shows it
        # The owner's code (12 digits): makes a host like the window's, but is read where only the box's
        # owner reads (`companion pair` on the box, the terminal of `make run`), never on the OLED. One phone
        # each, like the others; it is never retired by strangers' guesses, which it outlasts (10**12 codes).
        self._owner = self._new_code(OWNER_DIGITS)
        # The codes that paired a phone lately (code -> when): a second phone typing one is told it was used,
        # not just "wrong". A used code pairs nothing, so saying so gives a guesser nothing.
        self._used: dict[str, float] = {}

    @staticmethod
    def _new_code(digits: int) -> str:
        return f"{secrets.randbelow(10 ** digits):0{digits}d}"

    @property
    def code(self) -> str:
        """The code the OLED shows: the window's while one is open, else the player's."""
        with self._lock:
            closed = self._close_ended_window()
        if closed:
            self.on_change()
        return self._window or self._player

    @property
    def url(self) -> str:
        return self._url(self.code)

    @property
    def player_code(self) -> str:
        """The code that pairs a player's phone (the host's Settings page shows it too, in a game)."""
        return self._player

    @property
    def player_url(self) -> str:
        return self._url(self._player)

    @property
    def owner_url(self) -> str:
        """The address that pairs the owner's phone as a host's (see `_owner`)."""
        return self._url(self._owner)

    def window_open(self) -> bool:
        return self.clock() < self._window_until

    def window_left(self) -> float | None:
        """Seconds until the window closes, or None when none is open (an ended window's code is retired
        when it is next read: a blank OLED must not be woken over and over for it)."""
        if self._window is None or not self.window_open():
            return None
        return self._window_until - self.clock()

    def _guarded(self) -> bool:
        return self.clock() < self._guarded_until

    def _player_digits(self) -> int:
        """The length of the next player's code drawn: 8 digits while guarded (a guarded code drawn keeps its
        8 digits after the guard, until it pairs a phone or is retired: the OLED never shows a stale one)."""
        return WINDOW_DIGITS if self._guarded() else CODE_DIGITS

    def _close_ended_window(self) -> bool:
        """A window that has ended takes its code with it (under the lock)."""
        if self._window is not None and not self.window_open():
            self._window = None
            return True
        return False

    def _guard(self, now: float) -> bool:
        """Under the lock: when strangers' wrong codes have used up the device-wide allowance, the player's
        code guards itself (see the class); True when that drew a new one (a code of 8 digits already, drawn
        in a guard just ended, stays: a player may be typing it)."""
        if len(self._all_failures) < PER_DEVICE[0] or self._guarded():
            return False
        self._guarded_until = now + WINDOW_S
        if len(self._player) == WINDOW_DIGITS:
            return False
        self._player, self._wrong_since_rotate = self._new_code(WINDOW_DIGITS), 0
        return True

    def rotate(self) -> None:
        """A fresh code: in a window, a fresh window code (the window goes on), else a fresh player's code."""
        with self._lock:
            self._close_ended_window()
            if self.window_open():
                self._window = self._new_code(WINDOW_DIGITS)
            else:
                self._player, self._wrong_since_rotate = self._new_code(self._player_digits()), 0
        self.on_change()

    def new_player_code(self) -> str:
        """A fresh player's code (the host asked for one): a window open now keeps its own."""
        with self._lock:
            self._player, self._wrong_since_rotate = self._new_code(self._player_digits()), 0
        self.on_change()
        return self._player

    def open_window(self) -> None:
        """The owner held SELECT at the table: a fresh 8-digit code, good for WINDOW_S seconds."""
        with self._lock:
            self._window_until = self.clock() + WINDOW_S
        self.rotate()

    def unlock(self) -> None:
        """Someone at the table asked for a code (a button on the pairing screen): whatever
        strangers have guessed, a fresh code and a fresh device-wide allowance. Each client's
        own limit stays. An open window keeps its code."""
        if self.window_open():
            return
        with self._lock:
            self._all_failures.clear()
        self.rotate()

    def check(self, code: str, client: str) -> bool:
        """True when `code` is right (and then the code changes); False when wrong; Limited when
        this client, or everyone together, has had too many wrong tries lately."""
        return self.admit(code, client) is not None

    def admit(self, code: str, client: str) -> str | None:
        """As `check`, saying which phone the right code makes: "host" for a window's code (presence at the
        box) or the owner's, "player" for a player's code; None when wrong."""
        now = self.clock()
        key = _client_key(client)
        with self._lock:
            mine = self._failures.setdefault(key, deque())
            for failures, seconds in ((mine, PER_CLIENT[1]), (self._all_failures, PER_DEVICE[1])):
                while failures and failures[0] <= now - seconds:
                    failures.popleft()
            closed = self._close_ended_window()
            closed = self._guard(now) or closed
            window = self.window_open() or self._guarded()
            for failures, (limit, seconds) in ((mine, PER_CLIENT), (self._all_failures, PER_DEVICE)):
                exempt = failures is self._all_failures and window and len(mine) < CLEAN
                if len(failures) >= limit and not exempt:
                    raise Limited(max(1, int(failures[0] + seconds - now + 0.999)))
            rotate = False
            given = code.encode()
            owner = hmac.compare_digest(given, self._owner.encode())
            at_box = self._window is not None and hmac.compare_digest(given, self._window.encode())
            player = hmac.compare_digest(given, self._player.encode())
            if owner or at_box or player:
                self._used = {c: t for c, t in self._used.items() if t > now - USED_KEPT} | {code: now}
            if owner:
                self._owner = self._new_code(OWNER_DIGITS)
            elif at_box:
                self._window = self._new_code(WINDOW_DIGITS)  # the window goes on, for the next phone
            elif player:
                self._player, self._wrong_since_rotate = self._new_code(self._player_digits()), 0
            else:
                mine.append(now)
                self._all_failures.append(now)
                if not window:  # a window's code, or a guarded one, is not retired by strangers' guesses
                    self._wrong_since_rotate += 1
                    rotate = self._wrong_since_rotate >= ROTATE_AFTER
                drew = self._guard(now)  # this wrong code used up the allowance: the code guards itself
                if self._guarded():  # and is not retired
                    closed, rotate = closed or drew, False
            if len(self._failures) > 1000:  # forget quiet clients
                self._failures = {k: v for k, v in self._failures.items() if v}
        if rotate:
            self.rotate()  # a guessed-at code is retired
        elif owner or at_box or player or closed:
            self.on_change()  # a code is good for one phone: the screen shows the next
        return "host" if owner or at_box else "player" if player else None


    def just_used(self, code: str) -> bool:
        """Whether `code` paired a phone in the last USED_KEPT seconds (and so pairs no other)."""
        with self._lock:
            return self._used.get(code, -1e18) > self.clock() - USED_KEPT


def _client_key(address: str) -> str:
    """Whom the per-client limit counts: an IPv4 address, or an IPv6 address's /64 (one device can
    hold a whole /64's addresses)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Hosts:
    """The Host names the panel answers to, and the address phones reach it at.

    Both come from one read of the interfaces, kept for 10 s: the table asks for
    the pairing address at every frame it draws.
    """

    def __init__(self, listen: str, extra: list[str], clock: Callable[[], float] = time.monotonic):
        self.listen = listen.lower().strip("[]")
        self.extra = {h.lower().strip("[]") for h in extra}
        self.clock = clock
        self._names: frozenset[str] = frozenset()
        self._lan = "127.0.0.1"
        self._at = -1e9

    def _fresh(self) -> None:
        now = self.clock()
        if now - self._at > 10:  # an address from DHCP can change while the companion runs
            self._names, self._lan = self._read()
            self._at = now

    def names(self) -> frozenset[str]:
        self._fresh()
        return self._names

    def lan_address(self) -> str:
        """An address phones on the network can reach (for the pairing QR code)."""
        self._fresh()
        return self._lan

    def _read(self) -> tuple[frozenset[str], str]:
        names = {"localhost", "127.0.0.1", "::1"} | self.extra
        host = socket.gethostname().lower()
        names |= {host, f"{host}.local"}
        if self.listen not in ("0.0.0.0", "::", ""):
            return frozenset(names | {self.listen}), self.listen
        lan = None
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                address = ip.ip[0] if isinstance(ip.ip, tuple) else ip.ip
                names.add(str(ipaddress.ip_address(address.split("%")[0])))
                if lan is None and isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                    lan = ip.ip
        return frozenset(names), lan or "127.0.0.1"

    def allows(self, host_header: str) -> bool:
        return host_name(host_header) in self.names()


def host_name(host: str) -> str:
    """'[::1]:8080' -> '::1', 'Localhost:8080' -> 'localhost'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host
