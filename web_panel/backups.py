"""Backup and restore from the panel: the same as `companion backup` and `companion restore`.

A backup is SQLite's online copy of the journal, made on the owner thread (so it
is one moment of the table, and never half of a restore) and sent as a file.

A restore takes the uploaded file into the data directory, checks it as
`companion restore` does, and has the runtime swap it in with the journal closed
(`Runtime.replace_journal`); the journal it replaces is kept beside it. The table
then shows the restored game at its step, and the phones paired now stay paired.
"""

from __future__ import annotations

import os
import tempfile
from datetime import datetime
from pathlib import Path

from flask import Blueprint, current_app, jsonify, request, send_file

from companion.backup import backup, inspect, restore
from companion.errors import JournalError
from web_panel.api import API

bp = Blueprint("backups", __name__)

MAX_BACKUP = 100 * 2**20  # bytes: a year of game nights is a few MB
MEDIA_TYPE = "application/vnd.sqlite3"


def _scratch(journal: Path, prefix: str) -> Path:
    """A new file beside the journal (the same file system: no copy across disks)."""
    fd, name = tempfile.mkstemp(dir=journal.parent, prefix=prefix, suffix=".sqlite3")
    os.close(fd)
    return Path(name)


@API.route(bp, "GET", "/api/backup", "A backup of the journal (every game, the cards, the paired phones), as a file")
def download():
    rt = current_app.extensions["runtime"]
    path = _scratch(rt.journal.path, ".panel-backup-")
    try:
        rt.call(lambda: backup(rt.journal.path, path), timeout=60)
        data = open(path, "rb")
    finally:
        path.unlink(missing_ok=True)  # the open file stays readable until it is sent
    name = f"companion-backup-{datetime.now().strftime('%Y-%m-%d-%H%M')}.sqlite3"
    return send_file(data, mimetype=MEDIA_TYPE, as_attachment=True, download_name=name, max_age=0)


@API.route(bp, "POST", "/api/restore", "Replace the journal with a backup (the one it replaces is kept beside it)",
           upload=MEDIA_TYPE, responses={"400": "the file is not a backup this companion can use; nothing was changed"})
def upload():
    rt = current_app.extensions["runtime"]
    request.max_content_length = MAX_BACKUP  # this route only: the rest of the panel takes 64 KB
    path = _scratch(rt.journal.path, ".panel-restore-")
    try:
        with open(path, "wb") as f:
            while chunk := request.stream.read(1 << 16):
                f.write(chunk)
        if path.stat().st_size == 0:
            return jsonify(error="send the backup file as the body (Content-Type: application/vnd.sqlite3)"), 400
        try:
            held = inspect(path)
        except JournalError as e:
            return jsonify(error=f"{str(e).replace(str(path), 'the file')}. Nothing was changed."), 400
        if held.last_game is not None and held.last_game not in rt.games:
            return jsonify(error=f"the backup's latest game ({held.last_game}) is not one this companion knows. "
                                 "Nothing was changed."), 400
        sessions = current_app.extensions["sessions"]
        try:
            summary, kept = rt.replace_journal(lambda: restore(path, rt.journal.path, running_here=True),
                                               after=sessions.write_back)
        except JournalError as e:
            return jsonify(error=str(e)), 400
    finally:
        path.unlink(missing_ok=True)
    return jsonify(games=summary.games, inputs=summary.inputs, kept=kept.name if kept else None,
                   note="restored; the table shows the backup's latest game")
