"""The Pico firmware's main loop (firmware_bridge/firmware/main.py) on CPython, with fakes.

The firmware is driven step by step on a hand-moved clock; what it writes is read back with
the companion's own codec, so every frame here is one the companion would accept.
"""

import ast
import io
import sys
import tokenize
import types

import pytest

from firmware_bridge import codec
from firmware_bridge.codec import Decoder, Frame, encode

from firmware_loader import FIRMWARE, load

COMPANION_BOOT = "0000ABCD"


pico_protocol = load("pico_protocol_under_test", "protocol.py")
pico = load("pico_main_under_test", "main.py", [("protocol", pico_protocol)])


# --- fakes -------------------------------------------------------------------------------------


class FakeReader:
    """Stands in for the MFRC522 driver: the card on it, or trouble."""

    def __init__(self):
        self.uid = None
        self.fail = None
        self.calls = 0

    def read_uid(self):
        self.calls += 1
        if self.fail is not None:
            raise self.fail
        return self.uid


class FakeButton:
    def __init__(self, level=1):
        self.level = level  # pulled up: 1 released, 0 pressed

    def value(self):
        return self.level


class FakeLed:
    def __init__(self):
        self.history = []

    def value(self, v):
        self.history.append(v)


class Rig:
    """The firmware with fakes, a clock moved by hand and the companion's side of the wire."""

    def __init__(self, rand=None, button_level=1, now=0):
        self.now = now
        self.out = bytearray()
        self.inbox = bytearray()
        self.reader = FakeReader()
        self.button = FakeButton(button_level)
        self.led = FakeLed()
        self.fw = pico.Firmware(self.reader, self.button, self.led, self.out.extend, self._take,
                                now_ms=lambda: self.now, rand=rand, boot="1A2B3C4D")

    def _take(self):
        data = bytes(self.inbox)
        self.inbox.clear()
        return data

    def send(self, kind, **payload):
        self.inbox += encode(Frame(boot=COMPANION_BOOT, seq=1, type=kind, payload=payload))

    def run(self, ms, every=5):
        """Step every `every` ms for `ms` ms of hand-moved time."""
        end = self.now + ms
        while self.now < end:
            self.fw.step()
            self.now += every

    def frames(self, kind=None):
        decoder = Decoder()
        got = list(decoder.feed(bytes(self.out)))
        assert decoder.bad == 0, decoder.last_bad
        assert all(f.boot == "1A2B3C4D" for f in got)
        return [f for f in got if kind is None or f.type == kind]

    def events(self, kind):
        """One frame per SEQ: resends carry the same SEQ and count once."""
        seen = {}
        for f in self.frames(kind):
            seen.setdefault(f.seq, f)
        return list(seen.values())


def answer_hello(rig):
    rig.send("HELLO", v="1")  # what the companion's link answers


def answered_rig(**options):
    """A rig whose first HELLO the companion has answered."""
    rig = Rig(**options)
    rig.run(5)
    answer_hello(rig)
    return rig


# --- HELLO and HB ------------------------------------------------------------------------------


def test_hello_every_second_until_answered_and_heartbeats_every_second():
    rig = Rig(now=50000)
    rig.run(3001)  # steps at 50000, 50005, ... 53000
    hellos = rig.frames("HELLO")
    assert len(hellos) == 4  # at 0, 1, 2 and 3 s
    assert dict(hellos[0].payload) == {"v": "1", "fw": "pico-nfc/1.0", "caps": "tag,dice"}
    assert codec.version(hellos[0]) == "1"
    assert [f.payload["up"] for f in rig.frames("HB")] == ["0", "1", "2", "3"]
    seqs = [f.seq for f in rig.frames()]
    assert seqs == list(range(1, len(seqs) + 1))  # one counter for all frames, from 1

    answer_hello(rig)
    rig.run(3000)
    assert len(rig.frames("HELLO")) == 4  # answered: no more
    assert rig.fw.link.answered
    assert [f.payload["up"] for f in rig.frames("HB")] == ["0", "1", "2", "3", "4", "5", "6"]


def test_a_hello_with_another_version_is_not_an_answer():
    rig = Rig()
    rig.run(10)
    rig.send("HELLO", v="2")
    rig.run(1000)
    assert not rig.fw.link.answered
    assert len(rig.frames("HELLO")) == 2


# --- cards -------------------------------------------------------------------------------------


def test_a_card_laid_down_sends_one_tag_and_the_reader_is_polled_every_100_ms():
    rig = Rig()
    rig.run(200)
    rig.reader.uid = "04A1B2C3D4E5F6"
    calls = rig.reader.calls
    rig.run(1000)
    assert rig.reader.calls - calls == 10
    tags = rig.events("TAG")
    assert len(tags) == 1
    assert codec.tag_uid(tags[0]) == "04A1B2C3D4E5F6"


def test_a_card_held_is_not_sent_again_and_a_short_lift_does_not_count():
    rig = answered_rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(5000)
    rig.reader.uid = None
    rig.run(600)  # lifted for less than a second: a wobble
    rig.reader.uid = "A1B2C3D4"
    rig.run(2000)
    assert len(rig.events("TAG")) == 1


def test_a_card_lifted_for_a_second_and_laid_down_again_is_a_new_tag():
    rig = Rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(500)
    rig.reader.uid = None
    rig.run(1200)
    rig.reader.uid = "A1B2C3D4"
    rig.run(500)
    tags = rig.events("TAG")
    assert [codec.tag_uid(f) for f in tags] == ["A1B2C3D4", "A1B2C3D4"]
    assert tags[0].seq != tags[1].seq


def test_another_card_counts_at_once():
    rig = Rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(300)
    rig.reader.uid = "04112233445566"
    rig.run(300)
    assert [codec.tag_uid(f) for f in rig.events("TAG")] == ["A1B2C3D4", "04112233445566"]


# --- the roll button ---------------------------------------------------------------------------


def test_a_press_rolls_two_six_sided_dice():
    rig = Rig()  # the real roll_die, on os.urandom
    rig.run(100)
    rig.button.level = 0
    rig.run(200)
    rig.button.level = 1
    rig.run(200)
    dice = rig.events("DICE")
    assert len(dice) == 1
    sides, values = codec.dice(dice[0])
    assert sides == 6 and len(values) == 2 == pico.DICE_COUNT
    assert all(1 <= v <= 6 for v in values)


def test_the_values_come_from_rand():
    rolls = iter([6, 1, 3, 4])
    rig = Rig(rand=lambda sides: next(rolls))
    rig.run(50)
    for _ in range(2):
        rig.button.level = 0
        rig.run(100)
        rig.button.level = 1
        rig.run(100)
    assert [codec.dice(f) for f in rig.events("DICE")] == [(6, (6, 1)), (6, (3, 4))]


def test_contact_bounce_makes_one_roll_and_a_blip_shorter_than_30_ms_none():
    rig = Rig(rand=lambda sides: 2)
    rig.run(100)
    rig.button.level = 0
    rig.run(20)  # a blip: 20 ms low
    rig.button.level = 1
    rig.run(200)
    assert rig.events("DICE") == []
    for level in (0, 1, 0, 1, 0):  # a bouncing press, 5 ms per level
        rig.button.level = level
        rig.run(5)
    rig.run(300)  # held down
    for level in (1, 0, 1, 0, 1):  # and a bouncing release
        rig.button.level = level
        rig.run(5)
    rig.run(300)
    assert len(rig.events("DICE")) == 1


def test_a_button_held_at_power_on_does_not_roll_until_pressed_again():
    rig = Rig(button_level=0, rand=lambda sides: 5)
    rig.run(500)
    assert rig.events("DICE") == []
    rig.button.level = 1
    rig.run(100)
    rig.button.level = 0
    rig.run(100)
    assert len(rig.events("DICE")) == 1


# --- ACKs and resends --------------------------------------------------------------------------


def test_an_event_is_resent_every_half_second_until_its_ack():
    rig = answered_rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(1600)  # sent at 0.1 s, resent at 0.6, 1.1 and 1.6 s
    tags = rig.frames("TAG")
    assert len(tags) == 4 and len({f.seq for f in tags}) == 1
    assert tags[0].seq == 3  # after HELLO (1) and HB (2)
    assert len(rig.fw.link.pending) == 1

    rig.inbox += encode(Frame(boot=COMPANION_BOOT, seq=1, type="ACK", payload={"seq": str(tags[0].seq)}))
    rig.run(3000)
    assert len(rig.frames("TAG")) == 4
    assert rig.fw.link.pending == []
    assert rig.fw.link.answered  # acknowledged: no need to say HELLO again


def test_an_ack_for_another_seq_stops_nothing():
    rig = answered_rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(100)
    rig.send("ACK", seq="999")
    rig.run(1000)
    assert len(rig.frames("TAG")) == 3
    assert len(rig.fw.link.pending) == 1


def test_a_line_cut_short_does_not_swallow_the_ack_after_it():
    rig = answered_rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(100)
    seq = rig.events("TAG")[0].seq
    rig.inbox += b"$0000ABCD,7,FB,led=gr"  # the companion restarted half-way through a line
    rig.inbox += encode(Frame(boot=COMPANION_BOOT, seq=1, type="ACK", payload={"seq": str(seq)}))
    rig.run(100)
    assert rig.fw.link.pending == []


def test_events_unacknowledged_for_3_s_bring_one_hello_not_a_hello_per_answer():
    rig = answered_rig()
    rig.reader.uid = "A1B2C3D4"
    rig.run(3200)  # the companion went quiet: nothing acknowledged since the TAG at 0.1 s
    hellos = len(rig.frames("HELLO"))
    assert hellos == 2 and not rig.fw.link.answered
    for _ in range(40):  # it answers each HELLO at once, but the TAG's ACK waits for its resend
        answer_hello(rig)
        rig.run(5)
    assert rig.fw.link.answered
    assert len(rig.frames("HELLO")) == hellos  # no HELLO storm


# --- reader trouble ----------------------------------------------------------------------------


def test_a_reader_exception_sends_one_err_per_5_s_and_the_loop_goes_on():
    rig = Rig(rand=lambda sides: 4)
    rig.reader.fail = OSError("SPI; $dead* bus")
    rig.run(4900)
    errs = rig.frames("ERR")
    assert len(errs) == 1
    assert errs[0].payload["code"] == "nfc"
    assert errs[0].payload["msg"] == "OSError SPI dead bus"  # what frames may not carry is left out
    assert rig.fw.errors == 5  # after trouble the reader is tried once a second

    rig.button.level = 0  # the dice still work
    rig.run(100)
    rig.button.level = 1
    rig.run(100)
    assert len(rig.events("DICE")) == 1
    assert len(rig.frames("ERR")) == 2  # the second one, 5 s after the first
    assert len(rig.frames("HB")) == 6

    rig.reader.fail = None  # the wire pushed back in: found at the next try, within a second
    rig.reader.uid = "A1B2C3D4"
    rig.run(1000)
    assert [codec.tag_uid(f) for f in rig.events("TAG")] == ["A1B2C3D4"]


def test_a_long_error_message_stays_inside_a_frame():
    rig = Rig()
    rig.reader.fail = RuntimeError("x" * 500)
    rig.run(10)
    (err,) = rig.frames("ERR")
    assert len(err.payload["msg"]) == 60


# --- the LED -----------------------------------------------------------------------------------


def test_the_led_flashes_while_no_companion_answers_and_goes_dark_after():
    rig = Rig()
    rig.run(3000)
    assert rig.led.history == [1, 0, 1, 0, 1, 0]  # 100 ms on, every second
    answer_hello(rig)
    rig.run(3000)
    assert rig.led.history == [1, 0, 1, 0, 1, 0]


def test_green_feedback_blinks_twice_and_red_lights_long():
    rig = answered_rig()
    rig.run(200)
    rig.led.history.clear()
    rig.send("FB", led="green", beep="1")
    at = rig.now
    changes = []
    while rig.now < at + 1000:
        before = len(rig.led.history)
        rig.fw.step()
        if len(rig.led.history) != before:
            changes.append((rig.now - at, rig.led.history[-1]))
        rig.now += 5
    assert changes == [(0, 1), (100, 0), (200, 1), (300, 0)]

    rig.led.history.clear()
    rig.send("FB", led="red", beep="2")
    rig.run(1000)
    assert rig.led.history == [1, 0]
    rig.send("FB", led="green")  # the same colour again still blinks: every FB counts
    rig.send("FB", led="green")
    rig.run(1000)
    assert rig.led.history == [1, 0, 1, 0, 1, 0]


def test_no_led_is_fine():
    rig = answered_rig()
    rig.fw.led = None
    rig.send("FB", led="green")
    rig.run(500)
    assert rig.fw.link.feedback == {"led": "green"}


def test_a_step_without_the_time_needs_a_clock():
    out = bytearray()
    fw = pico.Firmware(FakeReader(), FakeButton(), None, out.extend, lambda: b"", boot="1A2B3C4D")
    with pytest.raises(TypeError, match="now_ms"):
        fw.step()
    fw.step(0)  # the time given: no clock needed
    assert out.startswith(b"$1A2B3C4D,")


# --- small parts -------------------------------------------------------------------------------


def test_boot_ids_are_8_upper_case_hex_digits_and_differ():
    ids = {pico.boot_id() for _ in range(20)}
    assert len(ids) > 1
    for boot in ids:
        assert len(boot) == 8 and all(c in "0123456789ABCDEF" for c in boot)


def test_roll_die_throws_away_bytes_that_would_bias_it(monkeypatch):
    stream = iter([252, 255, 253, 7, 0, 251])
    monkeypatch.setattr(pico.os, "urandom", lambda n: bytes([next(stream)]))
    assert pico.roll_die(6) == 2  # 252..255 are dropped; 7 % 6 + 1
    assert pico.roll_die(6) == 1
    assert pico.roll_die(6) == 6  # 251 % 6 + 1


def test_the_clock_keeps_counting_over_the_ticks_wrap(monkeypatch):
    ticks = {"now": 2**30 - 300}
    fake_time = types.SimpleNamespace(
        ticks_ms=lambda: ticks["now"] % 2**30,
        ticks_diff=lambda a, b: ((a - b + 2**29) % 2**30) - 2**29,  # MicroPython's on the RP2040
    )
    monkeypatch.setattr(pico, "time", fake_time)
    clock = pico.Clock()
    readings = []
    for _ in range(6):
        ticks["now"] += 100
        readings.append(clock())
    assert readings == [100, 200, 300, 400, 500, 600]


# --- the real parts, built on a fake machine module --------------------------------------------


class FakeMachine(types.ModuleType):
    """Just the parts of `machine` main.build() uses, recording how they were made."""

    def __init__(self):
        super().__init__("machine")
        made = self.made = []
        self.uart_in = bytearray()
        self.uart_out = bytearray()
        fake = self

        class Pin:
            OUT, IN, PULL_UP = "OUT", "IN", "PULL_UP"

            def __init__(self, id, mode=None, pull=None, value=None):
                self.id, self.mode, self.pull, self.level = id, mode, pull, value
                made.append(("Pin", id, mode, pull, value))

            def value(self, v=None):
                if v is None:
                    return 1 if self.level is None else self.level
                self.level = v

        class SPI:
            def __init__(self, id, baudrate, polarity, phase, sck, mosi, miso):
                made.append(("SPI", id, baudrate, polarity, phase, sck.id, mosi.id, miso.id))

        class UART:
            def __init__(self, id, baudrate, tx, rx):
                made.append(("UART", id, baudrate, tx.id, rx.id))

            def any(self):  # the companion answers once it has heard the reader
                return len(fake.uart_in) if fake.uart_out else 0

            def read(self, n):
                data = bytes(fake.uart_in[:n])
                del fake.uart_in[:n]
                return data or None

            def write(self, data):
                fake.uart_out.extend(data)
                return len(data)

        self.Pin, self.SPI, self.UART = Pin, SPI, UART


class FakeDriver:
    def __init__(self, spi, cs, rst):
        self.cs, self.rst = cs, rst

    def read_uid(self):
        return "A1B2C3D4"


def test_build_wires_the_pins_the_readme_names_and_run_talks_over_the_uart(monkeypatch):
    machine = FakeMachine()
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "mfrc522", types.SimpleNamespace(MFRC522=FakeDriver))
    ticks = {"now": 7}
    monkeypatch.setattr(pico, "time", types.SimpleNamespace(
        ticks_ms=lambda: ticks["now"],
        ticks_diff=lambda a, b: a - b,
        sleep_ms=lambda ms: ticks.__setitem__("now", ticks["now"] + ms),  # the hand-moved clock
    ))
    machine.uart_in += encode(Frame(boot=COMPANION_BOOT, seq=1, type="HELLO", payload={"v": "1"}))

    fw = pico.run(steps=250, transport="uart")  # 250 steps of 5 ms: 1.25 s

    assert ("SPI", 0, 1000000, 0, 0, 18, 19, 16) in machine.made
    assert ("Pin", 17, "OUT", None, 1) in machine.made  # CS, idle high
    assert ("Pin", 20, "OUT", None, 1) in machine.made  # RST, out of reset
    assert ("Pin", 15, "IN", "PULL_UP", None) in machine.made  # the roll button
    assert ("Pin", 25, "OUT", None, 0) in machine.made  # the LED
    assert ("UART", 0, 115200, 0, 1) in machine.made
    assert fw.reader.cs.id == 17 and fw.reader.rst.id == 20
    assert fw.link.answered
    decoder = Decoder()
    frames = list(decoder.feed(bytes(machine.uart_out)))
    assert decoder.bad == 0
    assert [f.type for f in frames][:3] == ["HELLO", "HB", "TAG"]
    assert [f.type for f in frames].count("HB") == 2  # at 0 and 1 s
    assert codec.tag_uid(frames[2]) == "A1B2C3D4"


def test_the_usb_transport_reads_only_what_is_waiting(monkeypatch):
    waiting = bytearray(b"$HELLO-ish\n")
    written = bytearray()

    class Stdin:
        buffer = types.SimpleNamespace(read=lambda n: bytes([waiting.pop(0)]))

    class Poll:
        def register(self, stream, mask):
            assert stream is Stdin and mask == 1

        def poll(self, timeout):
            assert timeout == 0  # never blocks
            return [(Stdin, 1)] if waiting else []

    fake_select = types.SimpleNamespace(poll=Poll, POLLIN=1)
    fake_sys = types.SimpleNamespace(stdin=Stdin, stdout=types.SimpleNamespace(
        buffer=types.SimpleNamespace(write=written.extend)))
    monkeypatch.setitem(sys.modules, "select", fake_select)
    monkeypatch.setattr(pico, "sys", fake_sys)
    write, read = pico.usb_transport()
    assert read() == b"$HELLO-ish\n"
    assert read() == b""
    write(b"$X\n")
    assert written == b"$X\n"


# --- MicroPython's subset ------------------------------------------------------------------------

MICROPYTHON_IMPORTS = {"os", "sys", "time", "select", "machine", "micropython", "protocol", "mfrc522"}


@pytest.mark.parametrize("name", ["main.py", "mfrc522.py", "protocol.py"])
def test_the_firmware_keeps_to_what_micropython_has(name):
    source = (FIRMWARE / name).read_text()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr), "f-string at line %d" % node.lineno
        assert not isinstance(node, ast.NamedExpr), "walrus at line %d" % node.lineno
        assert not isinstance(node, ast.AnnAssign), "annotation at line %d" % node.lineno
        assert not isinstance(node, (ast.Match, ast.TryStar)), "line %d" % node.lineno
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            args = node.args
            assert all(a.annotation is None for a in args.args + args.kwonlyargs + args.posonlyargs)
            assert getattr(node, "returns", None) is None
        if isinstance(node, ast.Import):
            assert {a.name.split(".")[0] for a in node.names} <= MICROPYTHON_IMPORTS, node.lineno
        if isinstance(node, ast.ImportFrom):
            assert node.module.split(".")[0] in MICROPYTHON_IMPORTS, node.lineno
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NUMBER:
            assert "_" not in token.string, "digit separator at line %d" % token.start[0]
