"""The journal: every game's setup and every accepted input, in SQLite.

WAL mode with synchronous=FULL: when `append` returns, the input is on disk,
and only then does the companion acknowledge it (to the reader, to a phone).
After a crash the runtime replays the journal, from a snapshot when one is
near the end, and the table continues at the same step.

Schema changes go through `PRAGMA user_version` (see MIGRATIONS). A file that
is not a journal, is damaged, or comes from a newer companion stops start-up
with a message naming the file; it is never rewritten or dropped.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.errors import JournalError
from companion.reader_event import ReaderEvent

# MIGRATIONS[i] takes a journal from version i to i + 1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        started TEXT NOT NULL,
        finished TEXT,
        outcome TEXT
    );
    CREATE TABLE inputs (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        version TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    """,
    # 2: the card registry (a tag UID -> a card of a game's deck) and every event
    # the reader sent, so a resent event is applied once, even across a restart.
    """
    CREATE TABLE cards (
        uid TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        deck TEXT NOT NULL,
        card TEXT NOT NULL,
        registered TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE reader_events (
        id INTEGER PRIMARY KEY,
        boot TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        at TEXT NOT NULL,
        game_id INTEGER REFERENCES games(id),
        input_seq INTEGER,
        outcome TEXT NOT NULL,
        UNIQUE (boot, seq)
    );
    """,
    # 3: the phones paired with the panel (a hash of each session's secret, never the secret).
    """
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL UNIQUE,
        csrf TEXT NOT NULL,
        name TEXT NOT NULL,
        created TEXT NOT NULL,
        seat INTEGER
    ) WITHOUT ROWID;
    """,
    # 4: which phones are the host's (TABLE.md): 2 the first paired and any paired at the box, 1 one a host made
    # host on the Phones page, 0 a player's (the oldest phone of an older journal is a 2); and who made each
    # input (a phone, the buttons, the reader).
    """
    ALTER TABLE sessions ADD COLUMN host INTEGER NOT NULL DEFAULT 0;
    UPDATE sessions SET host = 2 WHERE id = (SELECT id FROM sessions ORDER BY created, id LIMIT 1);
    ALTER TABLE inputs ADD COLUMN source TEXT;
    """,
    # 5: what each kind of game keeps for its next game on this box (its own setup fields: a board's layout,
    # the Patrons' luxury recipes, and what the table taught it while playing, such as a tile's printed cost).
    """
    CREATE TABLE kept (
        game TEXT PRIMARY KEY,
        fields TEXT NOT NULL
    ) WITHOUT ROWID;
    """,
    # 6: the version of its game's rules each game was played under (GameDef.rules), so a game of an earlier
    # version replays as it was played (companion/upgrades.py); null for games before it was recorded.
    """
    ALTER TABLE games ADD COLUMN rules INTEGER;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
# Free space the journal's card must keep for the game to go on (a restore leaves it; below it, the panel and
# `companion doctor` say the card is nearly full).
MIN_FREE = 50 * 2**20


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    setup: dict[str, Any]
    finished: str | None
    rules: int | None = None  # the rules version it was played under (GameDef.rules); None: before it was kept


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Journal:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._open()

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as e:
            raise JournalError(f"cannot open the journal {self.path}: {e}. Check that the data directory exists and is writable.") from e
        try:
            self._check_and_migrate()
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise JournalError(
                f"the journal {self.path} is damaged or is not a journal ({e}). It was left as it is: "
                f"move it aside (for example to {self.path.name}.broken) to start with an empty journal, "
                "or restore it from a backup."
            ) from e

    def _check_and_migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            self._db.close()
            raise JournalError(
                f"the journal {self.path} was written by a newer companion (journal version {version}, this one "
                f"reads up to {SCHEMA_VERSION}). Upgrade the companion, or move the file aside to start afresh; it was not changed."
            )
        if version > 0:
            check = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        for v in range(version, SCHEMA_VERSION):
            with self.transaction():
                for statement in MIGRATIONS[v].split(";"):  # executescript() would commit half-way
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {v + 1}")

    def close(self) -> None:
        self._db.close()

    def reconnect(self) -> None:
        """Open the file at `path` again, checked as at start-up (after a restore has replaced it)."""
        self._db.close()
        self._open()

    def write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, params)
        except sqlite3.Error as e:
            raise JournalError(f"could not write to the journal {self.path}: {e}. Nothing was changed.") from e

    def read(self, sql: str, params: tuple = ()) -> list[tuple]:
        return self._db.execute(sql, params).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.write("BEGIN IMMEDIATE")
        try:
            yield
            self.write("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
                self._db.execute("ROLLBACK")
            raise

    def new_game(self, game: str, setup: Mapping[str, Any], rules: int) -> int:
        """Record a new game, played under version `rules` of its rules; any game still open is closed as
        abandoned."""
        with self.transaction():
            now = _now()
            self.write("UPDATE games SET finished = ?, outcome = 'abandoned' WHERE finished IS NULL", (now,))
            cur = self.write("INSERT INTO games (game, setup, started, rules) VALUES (?, ?, ?, ?)",
                             (game, _dump(setup), now, rules))
        return int(cur.lastrowid)

    def append(self, game_id: int, seq: int, action: Mapping[str, Any], snapshot: tuple[str, Any] | None = None,
               event: ReaderEvent | None = None, source: Mapping[str, Any] | None = None) -> None:
        """Commit one accepted input (and a snapshot of the state after it, the reader's event it came from,
        and who made it: `source`, companion.sources). Durable on return."""
        with self.transaction():
            self.write("INSERT INTO inputs (game_id, seq, action, at, source) VALUES (?, ?, ?, ?, ?)",
                       (game_id, seq, _dump(action), _now(), _dump(source) if source is not None else None))
            if snapshot is not None:
                version, state = snapshot
                self.write("INSERT OR REPLACE INTO snapshots (game_id, seq, version, state) VALUES (?, ?, ?, ?)",
                            (game_id, seq, version, _dump(state)))
            if event is not None:
                self.record_event(event, "applied", game_id, seq)

    # --- the reader's events ------------------------------------------------------------------------

    def event_outcome(self, boot: str, seq: int) -> str | None:
        """What became of the reader's event (boot, seq), or None if it is new.

        SEQ wraps after 65535 under the same BOOT, so a recorded event counts
        only while it is not ahead of the newest one from that boot: a resend
        is behind (or equal), the event that reuses a number after the wrap is
        ahead, and replaces the old record.
        """
        row = self.read("SELECT outcome FROM reader_events WHERE boot = ? AND seq = ?", (boot, seq))
        if not row:
            return None
        newest = self.read("SELECT seq FROM reader_events WHERE boot = ? ORDER BY id DESC LIMIT 1", (boot,))[0][0]
        return row[0][0] if (newest - seq) % 65536 < 32768 else None

    def record_event(self, event: ReaderEvent, outcome: str, game_id: int | None = None, input_seq: int | None = None) -> None:
        """Record a reader's event and what became of it (inside a transaction, or as its own)."""
        sql = ("INSERT OR REPLACE INTO reader_events (boot, seq, kind, payload, at, game_id, input_seq, outcome) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        params = (event.boot, event.seq, event.kind, _dump(dict(event.payload)), _now(), game_id, input_seq, outcome)
        if self._db.in_transaction:
            self.write(sql, params)
        else:
            with self.transaction():
                self.write(sql, params)

    def events(self, limit: int = 50) -> list[dict[str, Any]]:
        """The reader's latest events, newest first."""
        rows = self.read("SELECT boot, seq, kind, payload, at, outcome FROM reader_events ORDER BY id DESC LIMIT ?", (limit,))
        return [{"boot": b, "seq": s, "kind": k, "payload": json.loads(p), "at": at, "outcome": o} for b, s, k, p, at, o in rows]

    def finish(self, game_id: int, outcome: str) -> None:
        self.write("UPDATE games SET finished = ?, outcome = ? WHERE id = ? AND finished IS NULL", (_now(), outcome, game_id))

    def reopen(self, game_id: int) -> None:
        """An undo took a finished game back into play."""
        self.write("UPDATE games SET finished = NULL, outcome = NULL WHERE id = ?", (game_id,))

    def last_setups(self) -> dict[str, dict[str, Any]]:
        """The setup of the last game of each kind: {game: setup}."""
        rows = self._db.execute("SELECT game, setup FROM games WHERE id IN (SELECT MAX(id) FROM games GROUP BY game)")
        return {game: json.loads(setup) for game, setup in rows.fetchall()}

    def kept(self) -> dict[str, dict[str, Any]]:
        """What each kind of game keeps for its next game: {game: its setup fields}."""
        return {game: json.loads(fields) for game, fields in self._db.execute("SELECT game, fields FROM kept").fetchall()}

    def keep(self, game: str, fields: Mapping[str, Any]) -> None:
        with self.transaction():
            self.write("INSERT OR REPLACE INTO kept (game, fields) VALUES (?, ?)", (game, _dump(fields)))

    def latest_game(self) -> GameRecord | None:
        row = self._db.execute("SELECT id, game, setup, finished, rules FROM games ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        return GameRecord(row[0], row[1], json.loads(row[2]), row[3], row[4])

    def inputs(self, game_id: int, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        rows = self._db.execute("SELECT seq, action FROM inputs WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after))
        return [(seq, json.loads(action)) for seq, action in rows]

    def sources(self, game_id: int) -> dict[int, dict[str, Any]]:
        """Who made each input of a game that says so (seq -> source); inputs of an older journal say nothing."""
        rows = self._db.execute("SELECT seq, source FROM inputs WHERE game_id = ? AND source IS NOT NULL", (game_id,))
        return {seq: json.loads(source) for seq, source in rows}

    def last_seq(self, game_id: int) -> int:
        return self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE game_id = ?", (game_id,)).fetchone()[0]

    def snapshots(self, game_id: int, version: str) -> list[tuple[int, Any]]:
        """Snapshots written by this version of the companion, newest first."""
        rows = self._db.execute(
            "SELECT seq, state FROM snapshots WHERE game_id = ? AND version = ? ORDER BY seq DESC", (game_id, version)
        )
        return [(seq, json.loads(state)) for seq, state in rows]

    def integrity(self) -> str:
        return self._db.execute("PRAGMA integrity_check").fetchone()[0]
