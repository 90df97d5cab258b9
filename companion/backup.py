"""Backups of the journal with SQLite's online backup API: safe while the companion runs.

`backup` copies the journal page by page from a read-only connection (a WAL
reader never blocks the companion's writes, and the copy is one consistent
moment), checks the copy, and only then puts it in place with a rename, so a
half-written backup never replaces a good one.

`restore` checks a backup first (a journal, not damaged, not from a newer
companion), keeps the journal it replaces beside it, and copies the backup
into the journal with the same API. A companion that is running keeps its
game in memory and would write on from there, so `restore` refuses while it
runs: `companion run` holds a lock beside the journal (`hold`) for as long as
it lives.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.errors import JournalError
from companion.journal import SCHEMA_VERSION


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
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
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


def _copy(source: sqlite3.Connection, target: Path) -> None:
    out = sqlite3.connect(target)
    try:
        source.backup(out)
        out.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    finally:
        out.close()
    with open(target, "rb") as f:
        os.fsync(f.fileno())


def backup(journal: Path, dest: Path) -> Summary:
    """Copy the journal to `dest` (replacing it only once the copy is checked)."""
    src = _open_ro(journal)
    try:
        _check(src, journal)
        dest.parent.mkdir(parents=True, exist_ok=True)
        partial = dest.with_name(dest.name + ".partial")
        partial.unlink(missing_ok=True)
        try:
            _copy(src, partial)
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
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    kept = journal.with_name(f"{journal.name}.before-restore-{stamp}")
    n = 1
    while kept.exists():  # two restores within a second: each keeps its own
        n += 1
        kept = journal.with_name(f"{journal.name}.before-restore-{stamp}-{n}")
    try:
        backup(journal, kept)
    except JournalError:
        for suffix in ("", "-wal"):
            if Path(f"{journal}{suffix}").exists():
                shutil.copyfile(f"{journal}{suffix}", f"{kept}{suffix}")
    return kept


def restore(backup_file: Path, journal: Path, running_here: bool = False) -> tuple[Summary, Path | None]:
    """Put a checked backup in the journal's place; the journal it replaces is kept beside it (its path is returned).

    `running_here`: the caller is the companion that holds the journal's lock, with its own
    connection closed (a restore from its panel, through `Runtime.replace_journal`)."""
    try:
        src = _open_ro(backup_file)
    except JournalError as e:
        raise JournalError(f"{e}. The journal was not changed.") from e
    try:
        try:
            summary = _check(src, backup_file)
        except JournalError as e:
            raise JournalError(f"{e}. The journal was not changed.") from e
        lock = None if running_here else hold(journal)
        if lock is None and not running_here:
            raise JournalError(f"a companion is running on {journal}: restore from its panel (Settings, Backup and restore), or stop it first (sudo systemctl stop companion). "
                               "The journal was not changed.")
        try:
            kept = _keep(journal) if journal.exists() else None
            live = sqlite3.connect(journal)
            try:
                src.backup(live)  # page by page into the journal, under SQLite's own locks
                live.execute("PRAGMA journal_mode=WAL")
            except sqlite3.Error as e:
                raise JournalError(f"cannot restore into {journal}: {e}. The journal as it was is kept in {kept}.") from e
            finally:
                live.close()
        finally:
            if lock is not None:
                lock.close()
    finally:
        src.close()
    return summary, kept
