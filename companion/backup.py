"""Backups of the journal with SQLite's online backup API: safe while the companion runs.

`backup` copies the journal page by page from a read-only connection (a WAL
reader never blocks the companion's writes, and the copy is one consistent
moment), checks the copy, and only then puts it in place with a rename, so a
half-written backup never replaces a good one.

`restore` checks a backup first (a journal, not damaged, not from a newer
companion), then builds a fresh journal from it (`rebuild`): the companion's
own schema in a new file, the backup's rows copied into it table by table and
column by column, each value checked. Nothing of the uploaded file's own schema
survives (no trigger, view, index or extra table), and no paired phone: a
backup is a file anyone may have crafted. It keeps the journal it replaces
beside it and copies the fresh one into the journal with the backup API. A
companion that is running keeps its game in memory and would write on from
there, so `restore` refuses while it runs: `companion run` holds a lock beside
the journal (`hold`) for as long as it lives.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, JournalError
from companion.json_depth import MAX_DEPTH, depth
from companion.journal import SCHEMA_VERSION, Journal

@dataclass(frozen=True)
class Column:
    """A column a restore copies, and what its values must be: `kind` "int", "text", "object" (JSON text of an
    object) or "json" (any JSON text), at most `most` characters; `null`: may be NULL; `since`: the journal
    version that added it (a backup older than that has none to copy)."""

    name: str
    kind: str
    most: int = 200
    null: bool = False
    since: int = 1


KB = 1024
# What a restore copies from a backup: each table of the journal (from the journal version that added it), at
# most how many rows, and its columns. A year of game nights is a few hundred games of a few thousand inputs;
# the bounds are far above that and far below what fills the box's card. Sessions are not copied: the phones
# paired now stay paired, and a backup cannot pair one.
TABLES: tuple[tuple[str, int, int, tuple[Column, ...]], ...] = (
    ("games", 1, 100_000, (Column("id", "int"), Column("game", "text"), Column("setup", "object", 64 * KB),
                           Column("started", "text"), Column("finished", "text", null=True),
                           Column("outcome", "text", 1 * KB, null=True))),
    ("inputs", 1, 2_000_000, (Column("game_id", "int"), Column("seq", "int"), Column("action", "object", 64 * KB),
                              Column("at", "text"), Column("source", "object", 1 * KB, null=True, since=4))),
    ("snapshots", 1, 100_000, (Column("game_id", "int"), Column("seq", "int"), Column("version", "text"),
                               Column("state", "json", 8 * KB * KB))),
    ("cards", 2, 10_000, (Column("uid", "text"), Column("game", "text"), Column("deck", "text"), Column("card", "text"),
                          Column("registered", "text"))),
    ("reader_events", 2, 1_000_000, (Column("id", "int"), Column("boot", "text"), Column("seq", "int"), Column("kind", "text"),
                                     Column("payload", "object", 4 * KB), Column("at", "text"),
                                     Column("game_id", "int", null=True), Column("input_seq", "int", null=True),
                                     Column("outcome", "text", 1 * KB))),
    ("kept", 5, 100, (Column("game", "text"), Column("fields", "object", 64 * KB))),
)
GROWTH = 10  # the journal a restore builds is at most this many times the size of the backup it came from
KEPT_BUDGET = 512 * 2**20  # bytes of journals replaced by restores kept beside the journal (the newest always)


@dataclass(frozen=True)
class Summary:
    path: Path
    games: int
    inputs: int
    last_game: str | None  # the latest game's id in the companion (its game type), if any


def hold(journal: Path):
    """Take the lock that says a companion uses this journal: an open file to keep (the lock goes with the
    process, even at a SIGKILL), or None when another process holds it."""
    journal.parent.mkdir(parents=True, exist_ok=True)
    lock = open(f"{journal}.lock", "a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return None
    return lock


def is_held(journal: Path) -> bool:
    """Whether a companion holds this journal now (without creating anything). A PermissionError
    when this user may not look (the data directory is the companion user's)."""
    try:
        lock = open(f"{journal}.lock", "r")
    except FileNotFoundError:
        return False
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
    return False


def inspect(journal: Path) -> Summary:
    """What a journal holds, or a JournalError that says why it cannot be used (read-only: safe while it runs)."""
    db = _open_ro(journal)
    try:
        return _check(db, journal)
    finally:
        db.close()


def _open_ro(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise JournalError(f"{path} does not exist (or is not a file)")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        # A crafted file's schema (a view, a generated column, a default) may not call functions
        # with side effects while it is read.
        db.execute("PRAGMA trusted_schema = OFF")
        return db
    except sqlite3.Error as e:
        raise JournalError(f"cannot read {path}: {e}") from e


def _check(db: sqlite3.Connection, path: Path) -> Summary:
    """What a journal file holds, or why it is not a journal the companion can use."""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise JournalError(f"{path} was written by a newer companion (journal version {version}; this one reads up to "
                               f"{SCHEMA_VERSION}): upgrade the companion first")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0 or not {"games", "inputs"} <= tables:
            raise JournalError(f"{path} is an SQLite file but not a companion journal")
        check = db.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise JournalError(f"{path} is damaged ({check})")
        games = db.execute("SELECT count(*) FROM games").fetchone()[0]
        inputs = db.execute("SELECT count(*) FROM inputs").fetchone()[0]
        last = db.execute("SELECT game FROM games ORDER BY id DESC LIMIT 1").fetchone()
    except sqlite3.DatabaseError as e:
        raise JournalError(f"{path} is not a companion journal ({e})") from e
    return Summary(path, games, inputs, last[0] if last else None)


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _copy(source: sqlite3.Connection, target: Path, phones: bool) -> None:
    out = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(out)
        out.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        if not phones and out.execute("SELECT 1 FROM sqlite_master WHERE name = 'sessions'").fetchone():
            # The paired phones stay on the companion: a restore never brings them back, and a file
            # that leaves the box carries none of their tokens (VACUUM drops the freed pages too).
            out.execute("DELETE FROM sessions")
            out.execute("VACUUM")
    finally:
        out.close()
    with open(target, "rb") as f:
        os.fsync(f.fileno())


def backup(journal: Path, dest: Path, phones: bool = False) -> Summary:
    """Copy the journal to `dest` (replacing it only once the copy is checked). `phones`: with the
    paired phones (only for the copy a restore keeps on the box, which a rollback puts back)."""
    src = _open_ro(journal)
    try:
        _check(src, journal)
        dest.parent.mkdir(parents=True, exist_ok=True)
        partial = dest.with_name(dest.name + ".partial")
        partial.unlink(missing_ok=True)
        try:
            _copy(src, partial, phones)
            copied = _open_ro(partial)
            try:
                summary = _check(copied, dest)
            finally:
                copied.close()
            os.replace(partial, dest)
            _fsync_dir(dest.parent)
        except (OSError, sqlite3.Error) as e:
            raise JournalError(f"cannot write the backup {dest}: {e}. Nothing was replaced.") from e
        finally:
            partial.unlink(missing_ok=True)
    finally:
        src.close()
    return summary


def _keep(journal: Path) -> Path:
    """The journal about to be replaced, copied beside it: checked when it can be, byte for byte when it is damaged."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")  # to the microsecond: names sort by time
    kept = journal.with_name(f"{journal.name}.before-restore-{stamp}")
    n = 1
    while kept.exists():  # two restores within a second: each keeps its own
        n += 1
        kept = journal.with_name(f"{journal.name}.before-restore-{stamp}-{n}")
    try:
        backup(journal, kept, phones=True)
    except JournalError:
        for suffix in ("", "-wal"):
            if Path(f"{journal}{suffix}").exists():
                shutil.copyfile(f"{journal}{suffix}", f"{kept}{suffix}")
    _prune_kept(journal)
    return kept


def _prune_kept(journal: Path) -> None:
    """The journals replaced by restores stay beside the journal while together they fit in KEPT_BUDGET
    bytes; past it the oldest go first (their names sort by when they were kept), never the newest. So
    small restores, however many, keep every game the box has played."""
    kept = sorted({p.name.removesuffix("-wal") for p in journal.parent.glob(f"{journal.name}.before-restore-*")})
    files = {name: [Path(journal.parent, name + suffix) for suffix in ("", "-wal")] for name in kept}
    sizes = {name: sum(f.stat().st_size for f in paths if f.exists()) for name, paths in files.items()}
    total = sum(sizes.values())
    for old in kept[:-1]:
        if total <= KEPT_BUDGET:
            break
        for f in files[old]:
            f.unlink(missing_ok=True)
        total -= sizes[old]


def _wrong(value: Any, column: Column) -> str:
    """What is wrong with a backup's value for its column ("must be a JSON object"), or ""."""
    must = f"must be {_KINDS[column.kind]}"
    if value is None:
        return "" if column.null else must
    if column.kind == "int":
        return "" if type(value) is int else must
    if type(value) is not str:
        return must
    if len(value) > column.most:
        return f"is longer than the {column.most:,} characters a journal's ever is"
    if column.kind == "text":
        return ""
    try:
        parsed = json.loads(value)
    except ValueError:
        return must
    except RecursionError:  # json's decoder recurses: a value nested a hundred thousand deep
        return f"nests deeper than {MAX_DEPTH} levels"
    if depth(parsed) > MAX_DEPTH:
        return f"nests deeper than {MAX_DEPTH} levels"
    return "" if column.kind == "json" or isinstance(parsed, dict) else must



_KINDS = {"int": "a whole number", "text": "text", "object": "a JSON object", "json": "JSON"}


def rebuild(source: Path, target: Path, games: Mapping[str, Any] | None = None) -> Summary:
    """A fresh journal at `target` (which must not exist) holding the rows of the backup `source`:
    this companion's schema, the backup's values checked one by one, its sessions left out. With
    `games` (the companion's games), every game in it must also replay under today's rules.
    A JournalError (or CompanionError) says what is wrong; `target` is then removed."""
    src = _open_ro(source)
    try:
        _check(src, source)
        version = src.execute("PRAGMA user_version").fetchone()[0]
        Journal(target).close()  # the schema, made by the companion itself
        out = sqlite3.connect(target, isolation_level=None)
        budget = [GROWTH * max(source.stat().st_size, 1)]  # bytes of values it may still copy
        try:
            out.execute("BEGIN")
            for table, since, rows, columns in TABLES:
                if version >= since:
                    _copy_rows(src, out, table, rows, tuple(c for c in columns if version >= c.since), budget)
            problems = out.execute("PRAGMA foreign_key_check").fetchall()  # once every table is in
            if problems:
                raise JournalError(f"the backup's table {problems[0][0]} names a game it does not hold")
            out.execute("COMMIT")
        finally:
            out.close()
        if games is not None:
            _replays(target, games)
        summary = inspect(target)
    except BaseException:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        raise
    finally:
        src.close()
    return Summary(source, summary.games, summary.inputs, summary.last_game)


def _copy_rows(src: sqlite3.Connection, out: sqlite3.Connection, table: str, most: int,
               columns: tuple[Column, ...], budget: list[int]) -> None:
    """The backup's rows of `table` into `out`, each value checked, at most `most` rows and `budget[0]` bytes
    of values in all (what is left of it stays in `budget`)."""
    names = ", ".join(c.name for c in columns)
    kind = src.execute("SELECT type FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    if kind is None or kind[0] != "table":  # a view of the same name could make rows without end
        raise JournalError(f"the backup's {table} is not a table as a journal's is")
    try:
        rows = src.execute(f"SELECT {names} FROM {table}")  # names from TABLES, never from the file
        for n, row in enumerate(rows, 1):
            if n > most:
                raise JournalError(f"the backup's table {table} holds more than {most:,} rows: no journal does")
            for value, column in zip(row, columns):
                wrong = _wrong(value, column)
                if wrong:
                    raise JournalError(f"row {n} of the backup's table {table}: {column.name} {wrong}")
                budget[0] -= len(value) if isinstance(value, (str, bytes)) else 8
            if budget[0] < 0:
                raise JournalError(f"the journal this backup makes would be more than {GROWTH} times the size of "
                                   "the file: it is not a backup of the companion")
            out.execute(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})", row)
    except sqlite3.IntegrityError as e:
        raise JournalError(f"the backup's table {table} holds a row the journal cannot take ({e})") from e
    except sqlite3.DatabaseError as e:
        raise JournalError(f"the backup's table {table} is not as a journal's is ({e})") from e


def _replays(journal_path: Path, games: Mapping[str, Any]) -> None:
    """Every game of the journal replays under the rules of this companion."""
    from companion.replay import restore as replay

    journal = Journal(journal_path)
    try:
        for game_id, name, setup, rules in journal.read("SELECT id, game, setup, rules FROM games ORDER BY id"):
            game = games.get(name)
            if game is None:
                raise CompanionError(f"the backup holds a game this companion does not know ({name})")
            replay(game, json.loads(setup), journal.inputs(game_id), [], source=f"game {game_id} of the backup",
                   rules=rules)
    finally:
        journal.close()


def scratch_beside(journal: Path, prefix: str) -> Path:
    """A new, empty file name beside the journal (the same file system: no copy across disks)."""
    fd, name = tempfile.mkstemp(dir=journal.parent, prefix=prefix, suffix=".sqlite3")
    os.close(fd)
    os.unlink(name)
    return Path(name)


def restore(backup_file: Path, journal: Path, running_here: bool = False,
            games: Mapping[str, Any] | None = None) -> tuple[Summary, Path | None]:
    """Put a fresh journal built from a checked backup (`rebuild`) in the journal's place; the journal
    it replaces is kept beside it (its path is returned).

    `running_here`: the caller is the companion that holds the journal's lock, with its own
    connection closed (a restore from its panel, through `Runtime.replace_journal`)."""
    journal.parent.mkdir(parents=True, exist_ok=True)
    fresh = scratch_beside(journal, ".restore-")
    try:
        try:
            summary = rebuild(backup_file, fresh, games)
        except CompanionError as e:
            raise JournalError(f"{e}. The journal was not changed.") from e
        lock = None if running_here else hold(journal)
        if lock is None and not running_here:
            raise JournalError(f"a companion is running on {journal}: restore from its panel (Settings, Backup and restore), or stop it first (sudo systemctl stop companion). "
                               "The journal was not changed.")
        try:
            kept = _keep(journal) if journal.exists() else None
            _put(fresh, journal, kept)
        finally:
            if lock is not None:
                lock.close()
    finally:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{fresh}{suffix}").unlink(missing_ok=True)
    return summary, kept


def put_back(kept: Path, journal: Path) -> None:
    """The journal a restore replaced back in its place (a file this companion made: copied as it is)."""
    _put(kept, journal, kept)


def _put(source: Path, journal: Path, kept: Path | None) -> None:
    src = _open_ro(source)
    try:
        live = sqlite3.connect(journal)
        try:
            src.backup(live)  # page by page into the journal, under SQLite's own locks
            live.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as e:
            raise JournalError(f"cannot restore into {journal}: {e}. The journal as it was is kept in {kept}.") from e
        finally:
            live.close()
    finally:
        src.close()
