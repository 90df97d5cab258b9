"""Backup and restore from the panel: the same as `companion backup` and `companion restore`.

A backup is SQLite's online copy of the journal, made on the owner thread (so it
is one moment of the table, and never half of a restore) and sent as a file.

A restore takes the uploaded file into the data directory, builds a fresh
journal from its rows and replays every game in it (`companion.backup.rebuild`,
off the owner thread), and has the runtime swap the fresh journal in with the
journal closed (`Runtime.replace_journal`); the journal it replaces is kept
beside it. The table then shows the restored game at its step, and the phones
paired now stay paired (a backup brings none).
"""

from __future__ import annotations

import shutil
from datetime import datetime
from pathlib import Path

from flask import Blueprint, current_app, jsonify, request, send_file

from companion.backup import backup, put_back, rebuild, restore, scratch_beside
from companion.errors import CompanionError
from companion.journal import MIN_FREE
from web_panel.api import API

bp = Blueprint("backups", __name__)

MAX_BACKUP = 100 * 2**20  # bytes: a year of game nights is a few MB
RESERVE = MIN_FREE  # free space left for the game to go on after a restore
MEDIA_TYPE = "application/vnd.sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"


@API.route(bp, "GET", "/api/backup", "A backup of the journal (every game and the cards; not the paired phones), as a file",
           host=True)
def download():
    rt = current_app.extensions["runtime"]
    path = scratch_beside(rt.journal.path, ".panel-backup-")
    try:
        rt.call_long(lambda: backup(rt.journal.path, path), timeout=60)
        data = open(path, "rb")
    finally:
        path.unlink(missing_ok=True)  # the open file stays readable until it is sent
    name = f"companion-backup-{datetime.now().strftime('%Y-%m-%d-%H%M')}.sqlite3"
    return send_file(data, mimetype=MEDIA_TYPE, as_attachment=True, download_name=name, max_age=0)


@API.route(bp, "POST", "/api/restore", "Replace the journal with a backup (the one it replaces is kept beside it)",
           host=True, upload="application/octet-stream", responses={"400": "the file is not a backup this companion can use; nothing was changed",
                                         "409": "another restore is under way", "507": "not enough free space"})
def upload():
    rt = current_app.extensions["runtime"]
    request.max_content_length = MAX_BACKUP  # this route only: the rest of the panel takes 64 KB
    path = fresh = None  # one restore at a time: the server takes no other's headers meanwhile (serve._Spool)
    try:
        error = _room_for(rt.journal.path, request.content_length or 0)
        if error:
            return jsonify(error=error), 507
        head = request.stream.read(len(SQLITE_HEADER))
        if head != SQLITE_HEADER:
            return jsonify(error="that file is not a backup of the companion (not an SQLite file). Nothing was changed."
                           if head else "send the backup file as the body (Content-Type: application/vnd.sqlite3)"), 400
        path = scratch_beside(rt.journal.path, ".panel-restore-")
        with open(path, "wb") as f:
            f.write(head)
            while chunk := request.stream.read(1 << 16):
                f.write(chunk)
        fresh = scratch_beside(rt.journal.path, ".panel-fresh-")
        try:
            # Off the owner thread: the checks `companion restore` makes, a fresh journal built from the
            # backup's rows, and every game in it replayed, so a backup whose game cannot be replayed
            # (rules changed since) is refused before anything is swapped.
            rebuild(path, fresh, rt.games)
        except CompanionError as e:
            return jsonify(error=f"{str(e).replace(str(path), 'the file')}. Nothing was changed."), 400
        sessions = current_app.extensions["sessions"]
        try:
            summary, kept = rt.replace_journal(lambda: restore(fresh, rt.journal.path, running_here=True),
                                               rollback=lambda done: put_back(done[1], rt.journal.path),
                                               after=sessions.write_back)
        except CompanionError as e:
            return jsonify(error=str(e)), 400
    finally:
        for scratch in (path, fresh):
            for suffix in ("", "-wal", "-shm"):
                if scratch is not None:
                    Path(f"{scratch}{suffix}").unlink(missing_ok=True)
    return jsonify(games=summary.games, inputs=summary.inputs, kept=kept.name if kept else None,
                   note="restored; the table shows the backup's latest game")


def _room_for(journal: Path, size: int) -> str | None:
    """The upload, the journal kept beside it and the restored journal must fit, with room to play on."""
    free = shutil.disk_usage(journal.parent).free
    needed = 2 * size + journal.stat().st_size + RESERVE
    if free < needed:
        return (f"not enough free space on the companion for this restore ({free // 2**20} MB free, {needed // 2**20} MB "
                "needed): remove old journal.sqlite3.before-restore-* files from its data directory. Nothing was changed.")
    return None
