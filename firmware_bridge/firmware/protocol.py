"""Protocol v1, the reader's side, for MicroPython (and CPython).

The Pico's firmware (main.py) and the companion's simulator both run this
class, so the simulator on `make run` exercises the same sender logic a real
reader has. It keeps to the subset of Python MicroPython offers: no re, no
dataclasses, no binascii.crc_hqx (hence the CRC by hand).

    link = ReaderLink(write, boot="1A2B3C4D", fw="pico-nfc/1.0")
    link.feed(bytes_from_the_companion)
    link.tick(now_ms)             # call often: HELLO until answered, HB every second, resends
    link.event("TAG", "uid=04A1B2C3")
"""

VERSION = "1"
HELLO_EVERY_MS = 1000  # until the companion answers
HB_EVERY_MS = 1000
RESEND_EVERY_MS = 500
SILENCE_MS = 3000  # an event unacknowledged this long: the companion is not listening
MAX_PENDING = 16  # unacknowledged events kept; the oldest is dropped past this
MAX_LINE = 200


def crc16(data):
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def frame(boot, seq, kind, payload=""):
    body = ("%s,%d,%s,%s" % (boot, seq, kind, payload)).encode()
    return b"$" + body + ("*%04X\n" % crc16(body)).encode()


def parse(line):
    """(boot, seq, type, {key: value}) from one line, or None when it is not a good frame."""
    line = line.rstrip(b"\r\n")
    if len(line) > MAX_LINE or line[:1] != b"$":
        return None
    star = line.rfind(b"*")
    if star < 0:
        return None
    body, crc = line[1:star], line[star + 1:]
    try:
        if len(crc) != 4 or crc.upper() != crc or int(crc, 16) != crc16(body):
            return None
        parts = body.decode().split(",", 3)
        boot, seq, kind, payload = parts
        seq = int(seq)
    except (ValueError, UnicodeError):
        return None
    pairs = {}
    for item in payload.split(";") if payload else ():
        key, _, value = item.partition("=")
        pairs[key] = value
    return boot, seq, kind, pairs


class ReaderLink:
    def __init__(self, write, boot, fw, caps="tag,dice"):
        self.write = write  # write(bytes): the UART, USB serial or pseudo-terminal
        self.boot = boot  # 8 upper-case hex digits, new at every start
        self.fw = fw
        self.caps = caps
        self.seq = 0
        self.answered = False  # the companion has answered our HELLO
        self.pending = []  # [seq, frame bytes, last sent ms, first sent ms], oldest first
        self.feedback = None  # the latest FB payload {led:, beep:}, for LEDs and a buzzer
        self.acked = 0
        self._buf = b""
        self._hello_at = None
        self._hb_at = None
        self._started = None
        self._now = 0

    def _next_seq(self):
        self.seq = (self.seq + 1) % 65536
        return self.seq

    def _send(self, kind, payload=""):
        seq = self._next_seq()
        line = frame(self.boot, seq, kind, payload)
        self.write(line)
        return seq, line

    def event(self, kind, payload):
        """Send an event (TAG, DICE) now and every 0.5 s until the companion acknowledges it."""
        seq, line = self._send(kind, payload)
        self.pending.append([seq, line, self._now, self._now])
        if len(self.pending) > MAX_PENDING:
            self.pending.pop(0)
        return seq

    def tag(self, uid):
        return self.event("TAG", "uid=" + uid)

    def dice(self, sides, values):
        return self.event("DICE", "sides=%d;values=%s" % (sides, ",".join(str(v) for v in values)))

    def error(self, code, msg):
        self._send("ERR", "code=%s;msg=%s" % (code, msg))

    def tick(self, now_ms):
        self._now = now_ms
        if self._started is None:
            self._started = now_ms
        if not self.answered and (self._hello_at is None or now_ms - self._hello_at >= HELLO_EVERY_MS):
            self._hello_at = now_ms
            self._send("HELLO", "v=%s;fw=%s;caps=%s" % (VERSION, self.fw, self.caps))
        if self._hb_at is None or now_ms - self._hb_at >= HB_EVERY_MS:
            self._hb_at = now_ms
            self._send("HB", "up=%d" % ((now_ms - self._started) // 1000))
        if self.answered and self.pending and now_ms - self.pending[0][3] >= SILENCE_MS:
            self.unanswered()  # events go unacknowledged: say HELLO until the companion answers
            for item in self.pending:  # and count the next silence from now, or every answer to
                item[3] = now_ms  # that HELLO would look silent at once and bring another HELLO
        for item in self.pending:
            if now_ms - item[2] >= RESEND_EVERY_MS:
                item[2] = now_ms
                self.write(item[1])  # the same BOOT and SEQ: the companion applies it once

    def feed(self, data):
        """Bytes from the companion."""
        self._buf += data
        while True:
            start = self._buf.find(b"$")
            if start < 0:
                self._buf = b""
                return
            end = self._buf.find(b"\n", start)
            if end < 0:
                self._buf = self._buf[start:][-(MAX_LINE + 2):]
                return
            start = self._buf.rfind(b"$", start, end)  # a $ starts a frame: one cut short before it is dropped
            got = parse(self._buf[start:end + 1])
            self._buf = self._buf[end + 1:]
            if got is not None:
                self._on_frame(got)

    def _on_frame(self, got):
        _boot, _seq, kind, pairs = got
        if kind == "HELLO":
            self.answered = pairs.get("v") == VERSION
        elif kind == "ACK":
            try:
                seq = int(pairs.get("seq", ""))
            except ValueError:
                return
            before = len(self.pending)
            self.pending = [p for p in self.pending if p[0] != seq]
            self.acked += before - len(self.pending)
        elif kind == "FB":
            self.feedback = pairs

    def unanswered(self):
        """Forget the handshake (the line went quiet): HELLO again until answered."""
        self.answered = False
        self._hello_at = None
