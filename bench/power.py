"""Power loss: the companion's data directory on a file system that drops unsynced writes, cut again and again.

Each round mounts `bench.lazyfs` (writes held in memory until fsync) over one backing
directory, starts `companion run --sim` with its data there, plays inputs through the panel
for a random while, and then cuts the power: the file system's process is killed first (what
was not synced is gone, as from a disk's cache), then the companion. The backing directory then
holds what a disk would after the power came back, and is checked as it is: `PRAGMA
integrity_check`, and every input the panel had answered 200 at its seq. The next round starts
the companion on it again (it must come up, replaying the journal).

Needs root and /dev/fuse (the mount), Debian's libfuse2 and fusepy (`make bench` installs them);
without them it says so and reports no figures. On a Raspberry Pi the real test is a relay on its
power and the same checks at every boot; this is what can run here.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from http.client import HTTPException
from pathlib import Path

from bench.crash import Companion
from bench.web import ROOT, Client

CUTS = 50
MOVES = ({"type": "advance"}, {"type": "counter", "name": "score", "seat": 0, "delta": 1}, {"type": "roll", "spec": "2d6"})


def available() -> str | None:
    """Why the power-loss bench cannot run here, or None."""
    if os.geteuid() != 0:
        return "it mounts a FUSE file system: run as root"
    if not os.path.exists("/dev/fuse"):
        return "no /dev/fuse"
    try:
        importlib.import_module("fuse")  # fusepy loads libfuse.so.2 as it is imported
    except (ImportError, OSError) as e:
        return f"fusepy or libfuse2 is missing ({e})"
    return None


def _mount(backing: Path, mnt: Path) -> subprocess.Popen:
    fs = subprocess.Popen([sys.executable, "-m", "bench.lazyfs", str(backing), str(mnt)], cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not os.path.ismount(mnt):
        if time.monotonic() > deadline or fs.poll() is not None:
            raise RuntimeError("the lazy file system did not mount")
        time.sleep(0.02)
    return fs


def _unsynced(mnt: Path) -> int:
    try:
        return json.loads(mnt.with_name("lazyfs-stats.json").read_text())["unsynced_writes"]
    except (OSError, ValueError, KeyError):
        return 0


def _check(journal: Path, acked: list[tuple[int, dict]]) -> tuple[bool, int]:
    """(the journal passes integrity_check, acknowledged inputs missing from it), read as the cut left it."""
    try:
        db = sqlite3.connect(journal)
        try:
            ok = db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            lost = 0
            for seq, sent in acked:
                row = db.execute("SELECT action FROM inputs WHERE game_id = 1 AND seq = ?", (seq,)).fetchone()
                stored = json.loads(row[0]) if row else {}
                lost += any(stored.get(k) != v for k, v in sent.items())
        finally:
            db.close()
    except sqlite3.DatabaseError:  # not even a journal any more
        return False, len(acked)
    return ok, lost


def run(cuts: int = CUTS, seed: int | None = None) -> dict[str, float]:
    why = available()
    if why:
        print(f"power-loss bench skipped: {why}", file=sys.stderr)
        return {}
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        backing, mnt = Path(tmp) / "disk", Path(tmp) / "mnt"
        backing.mkdir()
        mnt.mkdir()
        client = None
        acked: list[tuple[int, dict]] = []
        figures = {"lost": 0, "integrity_failures": 0, "dropped_writes": 0, "cuts_with_drops": 0, "restarts": 0,
                   "failed_restarts": 0}
        for cut in range(cuts + 1):
            fs = _mount(backing, mnt)
            companion = Companion(str(mnt / "data"), "")
            try:
                if not companion.ready.wait(60):
                    figures["failed_restarts"] += 1
                    break  # the journal the cut left does not start: the figures say so
                figures["restarts"] += cut > 0
                if client is None:
                    client = Client.paired(companion.port, companion.code)
                    client.input({"type": "new_game", "game": "free_play",
                                  "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
                if cut == cuts:
                    break
                mine = Client(companion.port, client.cookie, client.csrf)
                until = time.monotonic() + rng.uniform(0.1, 0.8)
                while time.monotonic() < until:
                    action = dict(rng.choice(MOVES))
                    status, body, _ = mine.call("POST", "/api/input", action)
                    if status == 200:
                        acked.append((json.loads(body)["seq"], action))
                time.sleep(rng.uniform(0, 0.15))  # cut at any moment after the last answer, reads and all
                dropped = _unsynced(mnt)
            except (OSError, HTTPException):
                dropped = _unsynced(mnt)
            finally:
                fs.send_signal(signal.SIGKILL)  # the power goes: the disk's cache first
                fs.wait(10)
                companion.proc.send_signal(signal.SIGKILL)
                companion.proc.wait(20)
                subprocess.run(["umount", "-l", str(mnt)], capture_output=True)
            figures["dropped_writes"] += dropped
            figures["cuts_with_drops"] += dropped > 0
            ok, figures["lost"] = _check(backing / "data" / "journal.sqlite3", acked)
            figures["integrity_failures"] += not ok
        shutil.rmtree(mnt, ignore_errors=True)
    return {
        "power.cuts": float(cuts),
        "power.restarts_after_a_cut": float(figures["restarts"]),
        "power.failed_restarts": float(figures["failed_restarts"]),
        "power.acknowledged_inputs": float(len(acked)),
        "power.lost_acknowledged_actions": float(figures["lost"]),
        "power.integrity_failures": float(figures["integrity_failures"]),
        "power.unsynced_writes_dropped": float(figures["dropped_writes"]),
        "power.cuts_that_dropped_writes": float(figures["cuts_with_drops"]),
    }


if __name__ == "__main__":
    for name, value in run(int(os.environ.get("CUTS", CUTS))).items():
        print(f"{name}: {value}")
