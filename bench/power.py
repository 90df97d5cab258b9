"""Power loss: the companion's data directory on a file system that drops unsynced writes, cut again and again.

Each round mounts `bench.lazyfs` (writes held in memory until fsync) over one backing
directory, starts `companion run --sim` with its data there, plays inputs through the panel
and, at a random moment while they are under way, cuts the power: the file system's process is killed first (what
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
import threading
import subprocess
import sys
import tempfile
import time
from http.client import HTTPException
from pathlib import Path

from bench.journal_check import check
from bench.web import ROOT, Client, Companion

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
    """Writes to the journal and its WAL not synced at the cut (the -shm index is rebuilt at every start)."""
    try:
        writes = json.loads(mnt.with_name("lazyfs-stats.json").read_text())["unsynced_writes"]
    except (OSError, ValueError, KeyError):
        return 0
    return sum(n for path, n in writes.items() if not path.endswith("-shm"))


def _play(port: int, client: Client, pace: float, acked: list, stop: threading.Event) -> None:
    mine = Client(port, client.cookie, client.csrf)
    rng = random.Random()
    try:
        while not stop.is_set():
            action = dict(rng.choice(MOVES))
            status, body, _ = mine.call("POST", "/api/input", action)
            if status == 200:
                acked.append((json.loads(body)["seq"], action))
            stop.wait(pace * 0.02)  # some rounds back to back, some with a breath between inputs
    except (OSError, HTTPException, ValueError):
        return  # the power went


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
        lost: set = set()
        figures = {"cuts": 0, "integrity_failures": 0, "dropped_writes": 0, "cuts_with_drops": 0, "restarts": 0,
                   "failed_restarts": 0}
        for cut in range(cuts + 1):
            fs = _mount(backing, mnt)
            companion = Companion(str(mnt / "data"), ("--reader", ""))
            player = None
            try:
                if not companion.wait_serving():
                    figures["failed_restarts"] += 1
                    break  # the journal the cut left does not start: the figures say so
                figures["restarts"] += cut > 0
                if client is None:
                    client = Client.paired(companion.port, companion.code)
                    client.input({"type": "new_game", "game": "free_play",
                                  "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
                if cut == cuts:
                    break
                # Inputs go on in a thread while the power goes, from a timer: a cut may fall inside a
                # commit. An input counts as acknowledged when its 200 arrived, whenever that was.
                stop = threading.Event()
                player = threading.Thread(target=_play, args=(companion.port, client, rng.random(), acked, stop))
                player.start()
                time.sleep(rng.uniform(0.1, 0.8))
                dropped = _unsynced(mnt)
            finally:
                fs.send_signal(signal.SIGKILL)  # the power goes: the disk's cache first
                fs.wait(10)
                companion.kill()
                if player is not None:
                    stop.set()
                    player.join(20)
                subprocess.run(["umount", "-l", str(mnt)], capture_output=True)
            figures["dropped_writes"] += dropped
            figures["cuts_with_drops"] += dropped > 0
            ok, missing = check(backing / "data" / "journal.sqlite3", acked)
            figures["integrity_failures"] += not ok
            lost |= missing
            figures["cuts"] += 1
        shutil.rmtree(mnt, ignore_errors=True)
    return {
        "power.cuts": float(figures["cuts"]),
        "power.restarts_after_a_cut": float(figures["restarts"]),
        "power.failed_restarts": float(figures["failed_restarts"]),
        "power.acknowledged_inputs": float(len(acked)),
        "power.lost_acknowledged_actions": float(len(lost)),
        "power.integrity_failures": float(figures["integrity_failures"]),
        "power.unsynced_journal_writes_dropped": float(figures["dropped_writes"]),
        "power.cuts_that_dropped_journal_writes": float(figures["cuts_with_drops"]),
    }


if __name__ == "__main__":
    for name, value in run(int(os.environ.get("CUTS", CUTS))).items():
        print(f"{name}: {value}")
