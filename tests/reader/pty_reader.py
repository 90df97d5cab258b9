"""A scripted reader on a real pseudo-terminal, for the link's tests.

It speaks protocol v1 by hand (frames built with the codec, or raw bytes),
behind a symlink the way /dev/serial/by-id/ names a real reader, and can be
unplugged and plugged back.
"""

import os
import select
import time
import tty
from pathlib import Path

from firmware_bridge import codec
from firmware_bridge.codec import Frame


class PtyReader:
    def __init__(self, path: Path, boot: str = "1A2B3C4D"):
        self.path = Path(path)
        self.boot = boot
        self.seq = 0
        self.decoder = codec.Decoder()
        self.received: list[Frame] = []  # everything the companion sent, for failure messages
        self.inbox: list[Frame] = []  # received and not yet taken by `until`
        self.master = self.slave = -1
        self.plug()

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        tmp = self.path.with_name(self.path.name + ".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(self.slave))
        tmp.replace(self.path)

    def unplug(self) -> None:
        for fd in (self.master, self.slave):
            if fd >= 0:
                os.close(fd)
        self.master = self.slave = -1
        self.path.unlink(missing_ok=True)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def send(self, kind: str, payload: dict | None = None, seq: int | None = None) -> int:
        if seq is None:
            self.seq += 1
            seq = self.seq
        self.write(codec.encode(Frame(self.boot, seq, kind, payload or {})))
        return seq

    def read(self, timeout: float = 0.1) -> list[Frame]:
        """Frames that arrive within `timeout` seconds (waiting on the pty, not sleeping)."""
        got: list[Frame] = []
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                got += self.decoder.feed(os.read(self.master, 4096))
        self.received += got
        self.inbox += got
        return got

    def until(self, match, timeout: float = 30.0, resend=None, every: float = 0.5) -> Frame:
        """Read until a frame matches; `resend()` runs every `every` seconds meanwhile, as a
        real reader repeats its HELLO or an unacknowledged event. Fails after `timeout`, which only
        bounds a hang: a loaded machine may be slow, never wrong."""
        end = time.monotonic() + timeout
        while True:
            while self.inbox:
                frame = self.inbox.pop(0)
                if match(frame):
                    return frame
            if time.monotonic() >= end:
                break
            if resend is not None:
                resend()
            self.read(min(every, max(0.0, end - time.monotonic())))
        raise AssertionError(f"no matching frame within {timeout} s; got {self.received[-10:]}")

    def handshake(self, version: str = "1", timeout: float = 30.0) -> Frame:
        return self.until(lambda f: f.type == "HELLO", timeout,
                          resend=lambda: self.send("HELLO", {"v": version, "fw": "pty-test/0.1", "caps": "tag,dice"}))

    def acks(self, timeout: float = 0.5) -> list[int]:
        """The ACKs waiting and those that arrive within `timeout`."""
        self.read(timeout)
        taken, self.inbox = self.inbox, []
        return [int(f.payload["seq"]) for f in taken if f.type == "ACK"]
