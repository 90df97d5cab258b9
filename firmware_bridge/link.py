"""The link to the reader: owns the serial port, speaks protocol v1, never gives up.

One thread opens the port (a device path such as /dev/serial/by-id/..., or
any pyserial URL), answers the reader's HELLO, hands every TAG and DICE event
to the table (`submit`, which returns once the event is in the journal) and
only then sends the ACK, for every copy the reader sends. It watches the
heartbeat (no frame for 3 s: stale) and, when the device goes away, reopens
it with a short backoff until it is back, so a replugged reader is talking
again within a second or so.

pyserial's `serial.threaded.ReaderThread` stops for good when the port
fails; reconnecting at the same path is the point of this class, so the loop
is our own.
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

import serial

from companion.health import PartState
from companion.reader_event import ReaderEvent
from firmware_bridge import codec
from firmware_bridge.codec import Frame, FrameError

log = logging.getLogger(__name__)

STALE_AFTER = 3.0  # seconds without a frame
READ_TIMEOUT = 0.25  # how long a read waits: the stale watch's and stop()'s resolution
BACKOFF = (0.1, 0.2, 0.4, 0.5)  # between attempts to reopen; the last one repeats
EVENTS = ("TAG", "DICE")

Notice = Callable[[str, str], None]  # (title, message) for the OLED


def _quiet(title: str, message: str) -> None:
    pass


class ReaderLink:
    def __init__(self, url: str, submit: Callable[[ReaderEvent], Any], *, baudrate: int = 115200,
                 notice: Notice = _quiet, open_port: Callable[..., Any] = serial.serial_for_url,
                 clock: Callable[[], float] = time.monotonic, stale_after: float = STALE_AFTER,
                 on_state: Callable[[str], None] = lambda state: None):
        self.url = url
        self.baudrate = baudrate
        self.submit = submit  # the runtime's submit_event
        self.notice = notice
        self.open_port = open_port
        self.clock = clock
        self.stale_after = stale_after
        self.on_state = on_state  # the link's state when it changes: searching, connected, live, stale, incompatible, off
        self.boot = secrets.token_hex(4).upper()  # our own BOOT, new at every start
        self._seq = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._port: Any = None
        self._decoder = codec.Decoder()
        self._last_frame_at = 0.0
        self._status: dict[str, Any] = {
            "state": "searching", "port": url, "boot": None, "fw": None, "caps": None, "version": None,
            "frames": 0, "bad_frames": 0, "last_bad": "", "events": 0, "duplicates": 0, "unacknowledged": 0,
            "unknown_types": 0, "last_error": "", "reconnects": 0,
        }
        self._bad_before = 0
        # Whether a connection is news for the OLED: not when the reader is simply
        # there at start-up, but after it was missing or lost.
        self._announce = False

    # --- from any thread -------------------------------------------------------------------------

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="reader-link", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 3.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def status(self) -> dict[str, Any]:
        """What the panel shows about the reader (a copy, safe from any thread)."""
        return dict(self._status)

    def health(self) -> dict[str, Any]:
        """Whether the reader is there, for the panel's parts (the parts' one shape: ok, problem, fix)."""
        status = self._status
        state, port = status["state"], status["port"]
        if state in ("connected", "live"):
            return PartState(True).public()
        if state == "incompatible":
            return PartState(False, f"the reader on {port} speaks another protocol ({status['last_error']})",
                             "put the companion's reader firmware on it (firmware_bridge/firmware/)").public()
        if state == "stale":
            return PartState(False, f"the reader on {port} has stopped talking",
                             "unplug it and plug it back in; `companion doctor` says more").public()
        return PartState(False, f"no reader answers on {port}",
                         "plug the reader in (it joins when it answers); `companion doctor` says more").public()

    # --- the link thread ---------------------------------------------------------------------------

    def _set(self, **changes: Any) -> None:
        before = self._status["state"]
        self._status = self._status | changes
        if self._status["state"] != before:
            self.on_state(self._status["state"])

    def _run(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            try:
                self._port = self.open_port(self.url, baudrate=self.baudrate, timeout=READ_TIMEOUT,
                                            write_timeout=1.0, exclusive=True)
            except (serial.SerialException, OSError, ValueError) as e:
                self._announce = True
                if attempt == 0:
                    log.info("reader: waiting for %s (%s)", self.url, e)
                    self._set(state="searching", last_error=f"cannot open {self.url}: {e}")
                self._stop.wait(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1
                continue
            attempt = 0
            try:
                self._serve()
            except (serial.SerialException, OSError) as e:
                if not self._stop.is_set():
                    log.warning("reader: lost %s (%s); reconnecting", self.url, e)
                    self._set(state="searching", last_error=f"lost: {e}", reconnects=self._status["reconnects"] + 1)
                    self.notice("Reader unplugged", "waiting for it to come back")
                    self._announce = True
            except Exception as e:  # a bug must not end the link for the evening: start it afresh
                log.exception("reader: the link failed; reopening %s", self.url)
                self._set(state="searching", last_error=f"internal error: {e}")
                self._stop.wait(BACKOFF[-1])
            finally:
                try:
                    self._port.close()
                except Exception:  # closing a port that is already gone
                    pass
        self._set(state="off")

    def _serve(self) -> None:
        log.info("reader: %s open", self.url)
        self._bad_before = self._status["bad_frames"]  # the count goes on across connections
        self._decoder = codec.Decoder()  # a partial line from before is not the start of the next
        self._last_frame_at = self.clock()
        self._set(state="connected", last_error="")
        while not self._stop.is_set():
            data = self._port.read(self._port.in_waiting or 1)
            if data:
                for frame in self._decoder.feed(data):
                    self._on_frame(frame)
                self._set(frames=self._decoder.frames, bad_frames=self._bad_before + self._decoder.bad,
                          last_bad=self._decoder.last_bad or self._status["last_bad"])
            self._watch()

    def _watch(self) -> None:
        quiet = self.clock() - self._last_frame_at
        if quiet > self.stale_after and self._status["state"] in ("connected", "live"):
            log.warning("reader: no frame for %.0f s", quiet)
            self._set(state="stale")
            self.notice("Reader silent", f"no signal for {self.stale_after:.0f} s: check its cable")
        if self._status["state"] == "stale" and self._replaced():
            raise serial.SerialException(f"{self.url} now names another device")

    def _replaced(self) -> bool:
        """A quiet device path that now leads elsewhere (the reader came back as a new device)."""
        if "://" in self.url:
            return False
        try:
            return os.stat(self.url).st_rdev != os.fstat(self._port.fileno()).st_rdev
        except (OSError, AttributeError, ValueError):
            return True

    def _on_frame(self, frame: Frame) -> None:
        if frame.boot == self.boot:
            return  # our own frame coming back (a line that echoes): never answer ourselves
        self._last_frame_at = self.clock()
        if self._status["state"] == "stale":
            self.notice("Reader", "back")
        if frame.boot != self._status["boot"]:
            if self._status["boot"] is not None:
                log.info("reader: restarted (boot %s, was %s)", frame.boot, self._status["boot"])
            # A restarted reader may run other firmware: its version is known again from its HELLO.
            self._set(boot=frame.boot, version=None,
                      state="live" if self._status["state"] == "incompatible" else self._status["state"])
        if self._status["state"] in ("connected", "stale"):
            self._set(state="live" if self._status["version"] in (None, "1") else "incompatible")
        if frame.type == "HELLO":
            self._on_hello(frame)
        elif frame.type in EVENTS:
            self._on_event(frame)
        elif frame.type == "ERR":
            message = f"{frame.payload.get('code', '?')}: {frame.payload.get('msg', '')}"
            log.warning("reader error %s", message)
            self._set(last_error=message)
            self.notice("Reader error", message)
        elif frame.type != "HB":
            self._set(unknown_types=self._status["unknown_types"] + 1)
            log.info("reader: ignored a frame of unknown type %s", frame.type)

    def _on_hello(self, frame: Frame) -> None:
        version = codec.version(frame)
        self._send("HELLO", {"v": "1"})
        fw, caps = frame.payload.get("fw"), frame.payload.get("caps")
        if version != "1":
            if self._status["state"] != "incompatible":
                log.warning("reader speaks protocol v%s; this companion speaks v1", version)
                self.notice("Reader", f"speaks protocol v{version or '?'}, this companion v1: update its firmware")
            self._set(state="incompatible", version=version, fw=fw, caps=caps,
                      last_error=f"the reader speaks protocol v{version or '?'}, this companion v1: update its firmware")
            return
        if self._status["fw"] != fw or self._status["version"] != "1":
            log.info("reader: %s, protocol v1, caps %s", fw, caps)
        if self._announce:
            self._announce = False
            self.notice("Reader connected", fw or "")
        self._set(state="live", version="1", fw=fw, caps=caps)

    def _on_event(self, frame: Frame) -> None:
        if self._status["state"] == "incompatible":
            return  # its events are in a protocol we do not speak
        try:
            if frame.type == "TAG":
                payload = {"uid": codec.tag_uid(frame)}
            else:
                sides, values = codec.dice(frame)
                payload = {"sides": str(sides), "values": ",".join(map(str, values))}
        except FrameError as e:
            self._decoder.reject(f"{frame.type} {frame.seq}: {e}")
            return
        try:
            outcome = self.submit(ReaderEvent(frame.boot, frame.seq, frame.type, payload))
        except Exception as e:  # not recorded (journal, timeout): no ACK, the reader sends it again
            log.warning("reader event %s %s not recorded: %s", frame.type, frame.seq, e)
            self._set(unacknowledged=self._status["unacknowledged"] + 1, last_error=str(e))
            return
        if outcome.duplicate:
            self._set(duplicates=self._status["duplicates"] + 1)
            self._send("ACK", {"seq": str(frame.seq)})
            return
        self._set(events=self._status["events"] + 1)
        if outcome.title:
            self.notice(outcome.title, outcome.message)  # queued for the OLED before the reader hears back
        self._send("ACK", {"seq": str(frame.seq)})
        self._send("FB", {"led": "green", "beep": "1"} if outcome.ok else {"led": "red", "beep": "2"})

    def _send(self, kind: str, payload: dict[str, str]) -> None:
        self._seq = (self._seq + 1) % (codec.MAX_SEQ + 1)
        self._port.write(codec.encode(Frame(self.boot, self._seq, kind, payload)))
