"""The journal as a kill or a power cut left it: intact, and holding every acknowledged action?

It is read from a copy of the three files (journal, -wal, -shm): opening the journal itself would
checkpoint the WAL and remove it, and the companion's next start must find the files as they were.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from pathlib import Path


def check(journal: Path, acked: list[tuple[int, dict]], reader_acked: set[tuple[str, int]] = frozenset()
          ) -> tuple[bool, set]:
    """(passes integrity_check, the acknowledged actions it does not hold: (seq, action) or (boot, seq))."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / journal.name
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{journal}{suffix}").exists():
                shutil.copyfile(f"{journal}{suffix}", f"{copy}{suffix}")
        try:
            db = sqlite3.connect(copy)
            try:
                ok = db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                missing = set()
                for seq, sent in acked:
                    row = db.execute("SELECT action FROM inputs WHERE game_id = 1 AND seq = ?", (seq,)).fetchone()
                    stored = json.loads(row[0]) if row else {}
                    if any(stored.get(k) != v for k, v in sent.items()):
                        missing.add((seq, json.dumps(sent, sort_keys=True)))
                if reader_acked:
                    missing |= reader_acked - set(db.execute("SELECT boot, seq FROM reader_events").fetchall())
            finally:
                db.close()
        except sqlite3.DatabaseError:  # not even a journal any more
            return False, {(seq, json.dumps(sent, sort_keys=True)) for seq, sent in acked} | set(reader_acked)
    return ok, missing
