"""Reader figures: tag-to-ACK latency over a pseudo-terminal, and the codec's speed.

tag_to_ack: a scripted reader writes a TAG frame on the master side of a real
pty; the companion's link (on the slave side, through pyserial) decodes it, the
runtime draws the card from a physical deck and commits it to a journal on
disk (WAL, synchronous=FULL), and the ACK comes back. Timed from the write of
the TAG to the read of its ACK.
"""

from __future__ import annotations

import logging
import os
import select
import statistics
import tempfile
import time
import tty
from pathlib import Path

from companion.cards import Card
from companion.games import GAMES
from companion.games.free_play import STANDARD_52
from companion.journal import Journal
from companion.runtime import Runtime
from firmware_bridge import codec
from firmware_bridge.codec import Frame
from firmware_bridge.link import ReaderLink

PASSES = 4  # through the 52-card deck: 208 taps
FRAMES = 20000  # encoded and decoded for the codec's speed
SETUP = {"players": [{"name": "Ada"}, {"name": "Bea"}], "deck_modes": {"cards": "mirror"}}
BOOT = "BE4C0001"


def _read_until(fd: int, decoder: codec.Decoder, match, timeout: float = 5.0) -> Frame:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            for frame in decoder.feed(os.read(fd, 4096)):
                if match(frame):
                    return frame
    raise RuntimeError("no answer from the link")


def _offered(runtime: Runtime, kind: str) -> dict:
    """The action of the table's offered option of this kind that leaves nothing to choose (every card out
    discarded, the real cards shuffled back together): what the buttons or the table page would do."""
    return next(o["action"] for o in runtime.view()["options"] if o["action"]["type"] == kind and not o["fields"])


def tag_to_ack(passes: int = PASSES, deck: int = len(STANDARD_52.counts)) -> dict[str, float]:
    """`passes` times through the first `deck` cards of the 52: each tapped (drawn), then all discarded
    and shuffled back in through the options the table offers."""
    with tempfile.TemporaryDirectory() as tmp:
        runtime = Runtime(Journal(Path(tmp) / "journal.sqlite3"), GAMES)
        runtime.start()
        assert runtime.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
        cards = list(STANDARD_52.counts)[:deck]
        uids = {card: f"{i + 1:08X}" for i, card in enumerate(cards)}
        runtime.call(lambda: [runtime.cards.register(uid, Card("free_play", "cards", c)) for c, uid in uids.items()])
        master, slave = os.openpty()
        tty.setraw(slave)
        link = ReaderLink(os.ttyname(slave), runtime.submit_event)
        link.start()
        decoder = codec.Decoder()
        seq = 0

        def send(kind: str, payload: dict[str, str]) -> int:
            nonlocal seq
            seq += 1
            os.write(master, codec.encode(Frame(BOOT, seq, kind, payload)))
            return seq

        try:
            hello = None
            while hello is None:  # the port flushes its input when it opens: say HELLO until answered
                send("HELLO", {"v": "1", "fw": "bench/1", "caps": "tag"})
                try:
                    hello = _read_until(master, decoder, lambda f: f.type == "HELLO", timeout=0.3)
                except RuntimeError:
                    pass
            times = []
            for _ in range(passes):
                for card in cards:
                    start = time.perf_counter()
                    n = send("TAG", {"uid": uids[card]})
                    _read_until(master, decoder, lambda f, n=n: f.type == "ACK" and f.payload["seq"] == str(n))
                    times.append((time.perf_counter() - start) * 1000)
                assert len(runtime.view()["decks"]["cards"]["out"]) == deck, "every tap was a draw"
                for kind in ("discard", "shuffle"):  # the whole deck at once, then shuffled back: as offered
                    done = runtime.submit(_offered(runtime, kind))
                    assert done.accepted, done.reason
        finally:
            link.stop()
            runtime.stop()
            runtime.journal.close()
            os.close(master)
            os.close(slave)
    times.sort()
    return {
        "reader.tag_to_ack_ms_p50": round(statistics.median(times), 2),
        "reader.tag_to_ack_ms_p99": round(times[int(len(times) * 0.99) - 1], 2),
        "reader.taps": float(len(times)),
    }


def frames_per_s(count: int = FRAMES) -> dict[str, float]:
    frames = [Frame("1A2B3C4D", i % 65536, "TAG", {"uid": f"04{i:012X}"}) for i in range(count)]
    start = time.perf_counter()
    stream = b"".join(codec.encode(f) for f in frames)
    encoded = time.perf_counter() - start
    start = time.perf_counter()
    decoded = list(codec.Decoder().feed(stream))
    elapsed = time.perf_counter() - start
    assert decoded == frames
    return {"reader.frames_per_s": round(len(frames) / elapsed), "reader.encode_per_s": round(len(frames) / encoded)}


REPLUGS = 50


def replug_loop(replugs: int = REPLUGS) -> dict[str, float]:
    """The reader unplugged and plugged back in, again and again, under the companion's link.

    The reader is the simulator (the reference firmware's protocol code) on a new pseudo-terminal
    at each plug, behind one stable path, as udev's /dev/companion-reader is. Each time: unplug,
    wait until the link has noticed, plug, tap a card; timed from the plug to that tap's ACK (the
    link found the port again, answered the new boot's HELLO, recorded the event and acknowledged it).
    """
    from firmware_bridge.simulator import SimulatedReader

    with tempfile.TemporaryDirectory() as tmp:
        runtime = Runtime(Journal(Path(tmp) / "journal.sqlite3"), GAMES)
        runtime.start()
        assert runtime.submit({"type": "new_game", "game": "free_play", "setup": SETUP}).accepted
        reader = SimulatedReader(Path(tmp) / "reader")
        link = ReaderLink(reader.path, runtime.submit_event)
        logging.getLogger("firmware_bridge.link").setLevel(logging.ERROR)  # "lost, reconnecting" fifty times
        link.start()
        times, unanswered = [], 0
        try:
            for i in range(replugs):
                reader.unplug()
                gone = time.monotonic() + 5
                while link.status()["state"] != "searching" and time.monotonic() < gone:
                    time.sleep(0.005)  # until the link has noticed: a real cable is out for longer than this
                start = time.perf_counter()
                reader.plug()
                reader.tap(f"{0x04B00000 + i:08X}")  # an unknown card: recorded, acknowledged, shown
                if reader.wait_acknowledged(10):
                    times.append((time.perf_counter() - start) * 1000)
                else:
                    unanswered += 1
            recorded = runtime.call(lambda: len(runtime.journal.events(replugs + 10)))
        finally:
            link.stop()
            reader.close()
            runtime.stop()
            runtime.journal.close()
    times.sort()
    return {
        "reader.replugs": float(replugs),
        "reader.replug_to_ack_ms_p50": round(statistics.median(times), 1),
        "reader.replug_to_ack_ms_max": round(times[-1], 1),
        "reader.replug_taps_unacknowledged": float(unanswered),
        "reader.replug_taps_recorded": float(recorded),
    }


def run(passes: int = PASSES, deck: int = len(STANDARD_52.counts), frames: int = FRAMES,
        replugs: int = REPLUGS) -> dict[str, float]:
    return tag_to_ack(passes, deck) | frames_per_s(frames) | replug_loop(replugs)


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
