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
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    setup: dict[str, Any]
    finished: str | None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Journal:
    def __init__(self, path: str | Path):
        self.path = Path(path)
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
            with self._transaction():
                for statement in MIGRATIONS[v].split(";"):  # executescript() would commit half-way
                    if statement.strip():
                        self._db.execute(statement)
                self._db.execute(f"PRAGMA user_version = {v + 1}")

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, params)
        except sqlite3.Error as e:
            raise JournalError(f"could not write to the journal {self.path}: {e}. Nothing was changed.") from e

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._write("BEGIN IMMEDIATE")
        try:
            yield
            self._write("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # SQLite has already rolled back after some errors (a full disk)
                self._db.execute("ROLLBACK")
            raise

    def new_game(self, game: str, setup: Mapping[str, Any]) -> int:
        """Record a new game; any game still open is closed as abandoned."""
        with self._transaction():
            now = _now()
            self._write("UPDATE games SET finished = ?, outcome = 'abandoned' WHERE finished IS NULL", (now,))
            cur = self._write("INSERT INTO games (game, setup, started) VALUES (?, ?, ?)", (game, _dump(setup), now))
        return int(cur.lastrowid)

    def append(self, game_id: int, seq: int, action: Mapping[str, Any], snapshot: tuple[str, Any] | None = None) -> None:
        """Commit one accepted input (and a snapshot of the state after it). Durable on return."""
        with self._transaction():
            self._write("INSERT INTO inputs (game_id, seq, action, at) VALUES (?, ?, ?, ?)", (game_id, seq, _dump(action), _now()))
            if snapshot is not None:
                version, state = snapshot
                self._write("INSERT OR REPLACE INTO snapshots (game_id, seq, version, state) VALUES (?, ?, ?, ?)",
                            (game_id, seq, version, _dump(state)))

    def finish(self, game_id: int, outcome: str) -> None:
        self._write("UPDATE games SET finished = ?, outcome = ? WHERE id = ? AND finished IS NULL", (_now(), outcome, game_id))

    def reopen(self, game_id: int) -> None:
        """An undo took a finished game back into play."""
        self._write("UPDATE games SET finished = NULL, outcome = NULL WHERE id = ?", (game_id,))

    def latest_game(self) -> GameRecord | None:
        row = self._db.execute("SELECT id, game, setup, finished FROM games ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        return GameRecord(row[0], row[1], json.loads(row[2]), row[3])

    def inputs(self, game_id: int, after: int = 0) -> list[tuple[int, dict[str, Any]]]:
        rows = self._db.execute("SELECT seq, action FROM inputs WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after))
        return [(seq, json.loads(action)) for seq, action in rows]

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
