"""Protocol v1's wire format, pure: bytes in, frames out; frames to bytes.

    $BOOT,SEQ,TYPE,PAYLOAD*CRC\\n        (a \\r before the \\n is allowed)

BOOT is 8 upper-case hex digits, SEQ a decimal 0..65535, TYPE upper-case
letters, PAYLOAD `key=value` pairs joined by `;` (may be empty), CRC the
CRC-16/CCITT-FALSE of BODY as 4 upper-case hex digits. See PROTOCOL.md.

The decoder never raises on what it is fed: a frame that fails its CRC or its
shape is dropped and counted (`Decoder.bad`), with the reason kept for the
panel (`Decoder.last_bad`); anything between frames is skipped, and a `$`
always starts a new frame, so the decoder finds its feet again after noise.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

MAX_LINE = 200  # bytes from `$` up to the CRC's last digit (an optional \r and the \n are not counted)
MAX_SEQ = 65535

_BODY = re.compile(rb"([0-9A-F]{8}),(0|[1-9][0-9]{0,4}),([A-Z]+),(.*)\Z", re.S)
_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
# A value is printable ASCII without the characters that frame or split (`$`, `*`, `;`).
_VALUE = re.compile(r"[ -#%-)+-:<-~]*\Z")
_HEX4 = re.compile(rb"[0-9A-F]{4}\Z")


@dataclass(frozen=True)
class Frame:
    boot: str
    seq: int
    type: str
    payload: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return encode(self).decode("ascii").rstrip("\n")


class FrameError(ValueError):
    """Why a line is not a protocol v1 frame."""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF); b"123456789" gives 0x29B1."""
    return binascii.crc_hqx(data, 0xFFFF)


def encode(frame: Frame) -> bytes:
    payload = ";".join(f"{k}={v}" for k, v in frame.payload.items())
    body = f"{frame.boot},{frame.seq},{frame.type},{payload}".encode("ascii")
    line = b"$%s*%04X\n" % (body, crc16(body))
    check(line)  # our own frames keep the rules we hold others to
    return line


def check(line: bytes) -> Frame:
    """The frame in one line (from `$`, with or without its line end), or FrameError."""
    line = line.rstrip(b"\n").removesuffix(b"\r")
    if len(line) > MAX_LINE:
        raise FrameError(f"longer than {MAX_LINE} bytes")
    if not line.startswith(b"$"):
        raise FrameError("does not start with $")
    body, star, crc = line[1:].rpartition(b"*")
    if not star:
        raise FrameError("no * before the CRC")
    if not _HEX4.match(crc):
        raise FrameError("the CRC is not 4 upper-case hex digits")
    if int(crc, 16) != crc16(body):
        raise FrameError(f"CRC mismatch (sent {crc.decode()}, body gives {crc16(body):04X})")
    m = _BODY.match(body)
    if not m:
        raise FrameError("the body is not BOOT,SEQ,TYPE,PAYLOAD")
    boot, seq, kind, payload = m.groups()
    if int(seq) > MAX_SEQ:
        raise FrameError(f"SEQ {int(seq)} is above {MAX_SEQ}")
    return Frame(boot.decode(), int(seq), kind.decode(), _pairs(payload))


def _pairs(payload: bytes) -> dict[str, str]:
    try:
        text = payload.decode("ascii")
    except UnicodeDecodeError:
        raise FrameError("the payload is not ASCII") from None
    pairs: dict[str, str] = {}
    if not text:
        return pairs
    for item in text.split(";"):
        key, eq, value = item.partition("=")
        if not eq or not _KEY.match(key):
            raise FrameError(f"payload item {item[:20]!r} is not key=value")
        if not _VALUE.match(value):
            raise FrameError(f"the value of {key} has a character frames may not carry")
        if key in pairs:
            raise FrameError(f"payload key {key} appears twice")
        pairs[key] = value
    return pairs


class Decoder:
    """Feed it bytes as they come; it yields the good frames and counts the rest."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._in_frame = False  # the buffer holds a frame from its `$`
        self.frames = 0
        self.bad = 0  # frames dropped for their CRC, shape or length
        self.last_bad = ""  # the latest reason, for the panel

    def feed(self, data: bytes) -> Iterator[Frame]:
        for chunk in _split_keep(bytes(data)):
            if chunk == b"$":
                if self._in_frame:
                    self.reject("cut short by the next $")
                self._buf[:] = b"$"
                self._in_frame = True
            elif not self._in_frame:
                continue  # noise between frames
            elif chunk == b"\n":
                self._in_frame = False
                try:
                    frame = check(bytes(self._buf))
                except FrameError as e:
                    self.reject(str(e))
                else:
                    self.frames += 1
                    yield frame
                self._buf.clear()
            else:
                self._buf += chunk
                if len(self._buf) > MAX_LINE + 1:  # room for a \r
                    self.reject(f"longer than {MAX_LINE} bytes")
                    self._buf.clear()
                    self._in_frame = False  # the rest of this line is skipped up to the next $

    def reject(self, reason: str) -> None:
        """Count a frame as bad: one dropped here, or one the caller found wrong after decoding
        (an event whose payload does not parse)."""
        self.bad += 1
        self.last_bad = reason


_MARKS = re.compile(rb"([$\n])")


def _split_keep(data: bytes) -> list[bytes]:
    """b'ab$cd\\n' -> [b'ab', b'$', b'cd', b'\\n'] (empty pieces left out)."""
    return [piece for piece in _MARKS.split(data) if piece]


# --- the payloads of the reader's events --------------------------------------------------------

_UID = re.compile(r"(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{14}|[0-9A-Fa-f]{20})\Z")
_NUMBER = re.compile(r"[1-9][0-9]{0,2}\Z")


def tag_uid(frame: Frame) -> str:
    """TAG's uid, upper-case; FrameError when it is not 8, 14 or 20 hex digits."""
    uid = frame.payload.get("uid", "")
    if not _UID.match(uid):
        raise FrameError("TAG needs uid= 8, 14 or 20 hex digits")
    return uid.upper()


def dice(frame: Frame) -> tuple[int, tuple[int, ...]]:
    """DICE's (sides, values); FrameError when they are not numbers. Whether the
    values fit the sides is for the table to judge (it records and shows a bad roll)."""
    sides, values = frame.payload.get("sides", ""), frame.payload.get("values", "").split(",")
    if not _NUMBER.match(sides) or not all(_NUMBER.match(v) or v == "0" for v in values) or len(values) > 20:
        raise FrameError("DICE needs sides=N;values=A,B,... (whole numbers, at most 20 dice)")
    return int(sides), tuple(int(v) for v in values)


def version(frame: Frame) -> str:
    return frame.payload.get("v", "")
