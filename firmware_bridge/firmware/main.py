"""Pico NFC + dice reader for the tabletop companion (MicroPython on a Raspberry Pi Pico, RP2040).

A card laid on the MFRC522 sends TAG uid=...; a press of the roll button sends DICE
sides=6;values=a,b. Both go to the companion in protocol v1 (protocol.py) over the
Pico's USB serial, or over UART0 with TRANSPORT = "uart". See README.md.

Copy protocol.py, mfrc522.py and this file to the Pico; MicroPython runs main.py at boot.
Ctrl-C from the host (mpremote does it) still stops it, for the next upload.

The loop is a Firmware object whose step(now_ms) the tests drive with fakes on CPython;
run() builds the real parts (machine.SPI, Pin, UART) and steps it every few ms.
"""

import os
import sys
import time

from protocol import ReaderLink

FW = "pico-nfc/1.0"

# --- pins (GP numbers) --------------------------------------------------------------------------
#   MFRC522 on SPI0:  SCK GP18, MOSI GP19, MISO GP16, CS (the board's SDA/NSS) GP17, RST GP20.
#                     3V3 (pin 36) and GND. The MFRC522 is a 3.3 V part: never 5 V (VBUS/VSYS).
#   Roll button:      GP15 to GND; the internal pull-up holds it high, a press reads 0.
#   Status LED:       GP25, the Pico's own LED. On a Pico W GP25 belongs to the radio: use "LED".
#                     None for no LED.
#   UART0 (TRANSPORT = "uart" only): TX GP0, RX GP1, 115200 8N1, 3.3 V levels.
SPI_ID = 0
SPI_BAUD = 1000000  # the MFRC522 takes up to 10 MHz; 1 MHz forgives long jumper wires
PIN_SCK = 18
PIN_MOSI = 19
PIN_MISO = 16
PIN_CS = 17
PIN_RST = 20
PIN_BUTTON = 15
PIN_LED = 25
UART_ID = 0
PIN_TX = 0
PIN_RX = 1
UART_BAUD = 115200

TRANSPORT = "usb"  # "usb": the USB serial MicroPython's REPL uses; "uart": UART0 above

DICE_SIDES = 6
DICE_COUNT = 2
NFC_EVERY_MS = 100  # how often the reader is asked for a card
NFC_RETRY_MS = 1000  # after reader trouble: each try resets the chip (~0.1 s), so not too often
REMOVED_MS = 1000  # a card must be gone this long before it counts as laid down again
DEBOUNCE_MS = 30  # the button must read the same this long before a change counts
ERR_EVERY_MS = 5000  # at most one ERR frame for reader trouble in this time
LOOP_MS = 5  # run(): the pause between steps
READ_MAX = 256  # bytes taken from the transport in one step

# The LED: (value, ms) steps played when feedback arrives. "beep" is ignored: no buzzer here.
BLINK_GREEN = ((1, 100), (0, 100), (1, 100), (0, 0))  # two short blinks: the companion took it
BLINK_RED = ((1, 800), (0, 0))  # one long: the companion refused it
WAITING_ON_MS = 100  # no companion yet: a short flash every second


def boot_id():
    """8 upper-case hex digits, new at every start: the companion tells restarts apart by it."""
    return "".join("%02X" % byte for byte in os.urandom(4))


def roll_die(sides):
    """1..sides from the RP2040's hardware random bits, without modulo bias."""
    limit = 256 - 256 % sides
    while True:
        byte = os.urandom(1)[0]
        if byte < limit:
            return byte % sides + 1


def clean(text, limit=60):
    """Printable ASCII without the characters a frame may not carry ($ * ;), cut to `limit`."""
    out = []
    for ch in text:
        if " " <= ch <= "~" and ch not in "$*;":
            out.append(ch)
    return "".join(out)[:limit]


class Firmware:
    def __init__(self, reader, button, led, write, read, now_ms=None, rand=None, boot=None):
        self.reader = reader  # .read_uid() -> upper-case hex or None; raises on reader trouble
        self.button = button  # .value() -> 0 while pressed
        self.led = led  # .value(0 or 1), or None
        self.read = read  # read() -> the bytes waiting from the companion (b"" or None: nothing)
        self.now_ms = now_ms  # now_ms() -> ms that never wrap, for step() without an argument
        self.rand = rand or roll_die  # rand(sides) -> 1..sides
        self.link = ReaderLink(write, boot or boot_id(), FW)
        self.held = None  # the UID last read, and when
        self.held_at = 0
        self.errors = 0  # reader exceptions caught
        self._nfc_next = None  # when to ask the reader next
        self._err_at = None
        self._raw = None  # the button as last read, since when, and its debounced state
        self._raw_at = 0
        self._pressed = False
        self._fb = None  # the feedback already played
        self._plan = []  # [(at ms, LED value)] still to do
        self._led_value = None

    def step(self, now=None):
        if now is None:
            clock = self.now_ms
            if clock is None:
                raise TypeError("step() needs the time in ms, or a Firmware made with now_ms")
            now = clock()
        data = self.read()
        if data:
            self.link.feed(data)
        self.link.tick(now)  # first, so an event sent below carries this step's time
        self._poll_reader(now)
        self._poll_button(now)
        self._drive_led(now)

    def _poll_reader(self, now):
        if self._nfc_next is not None and now - self._nfc_next < 0:
            return
        self._nfc_next = now + NFC_EVERY_MS
        try:
            uid = self.reader.read_uid()
        except Exception as e:  # a loose wire must not stop the dice
            self.errors += 1
            self._nfc_next = now + NFC_RETRY_MS
            if self._err_at is None or now - self._err_at >= ERR_EVERY_MS:
                self._err_at = now
                self.link.error("nfc", clean("%s %s" % (type(e).__name__, e)))
            return
        if uid is None:
            return
        if uid != self.held or now - self.held_at >= REMOVED_MS:
            self.link.tag(uid)
        self.held = uid
        self.held_at = now

    def _poll_button(self, now):
        raw = self.button.value()
        if self._raw is None:  # the first look: a button held at power-on does not roll
            self._raw, self._raw_at, self._pressed = raw, now, raw == 0
            return
        if raw != self._raw:
            self._raw, self._raw_at = raw, now
            return
        if now - self._raw_at < DEBOUNCE_MS:
            return
        pressed = raw == 0
        if pressed and not self._pressed:
            self.link.dice(DICE_SIDES, [self.rand(DICE_SIDES) for _ in range(DICE_COUNT)])
        self._pressed = pressed

    def _drive_led(self, now):
        fb = self.link.feedback
        if fb is not None and fb is not self._fb:  # every FB frame makes a new dict
            self._fb = fb
            color = fb.get("led", "")
            steps = BLINK_GREEN if color == "green" else BLINK_RED if color == "red" else ((0, 0),)
            self._plan = []
            at = now
            for value, ms in steps:
                self._plan.append((at, value))
                at += ms
        value = None
        while self._plan and self._plan[0][0] <= now:
            value = self._plan.pop(0)[1]
        if value is None and not self._plan:  # nothing playing: show whether the companion answers
            value = 0 if self.link.answered else int(now % 1000 < WAITING_ON_MS)
        if value is not None and value != self._led_value and self.led is not None:
            self.led.value(value)
            self._led_value = value


class Clock:
    """Milliseconds since start that never wrap (time.ticks_ms wraps after 2**30 ms, ~12 days on the
    RP2040; the protocol's timers subtract plain numbers)."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.ms = 0

    def __call__(self):
        now = time.ticks_ms()
        self.ms += time.ticks_diff(now, self.last)
        self.last = now
        return self.ms


def usb_transport():
    """(write, read) on the USB serial: raw bytes both ways, reads that never block."""
    import select

    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    stdin = sys.stdin.buffer

    def read():
        got = bytearray()
        while len(got) < READ_MAX and poll.poll(0):  # read(1): a longer read waits for all of it
            got += stdin.read(1)
        return bytes(got)

    return sys.stdout.buffer.write, read


def uart_transport(machine):
    uart = machine.UART(UART_ID, baudrate=UART_BAUD, tx=machine.Pin(PIN_TX), rx=machine.Pin(PIN_RX))

    def read():
        n = uart.any()
        return (uart.read(min(n, READ_MAX)) or b"") if n else b""

    return uart.write, read


def build(transport=None):
    """The Firmware on the real parts."""
    import machine
    from mfrc522 import MFRC522

    Pin = machine.Pin
    spi = machine.SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0,
                      sck=Pin(PIN_SCK), mosi=Pin(PIN_MOSI), miso=Pin(PIN_MISO))
    reader = MFRC522(spi, Pin(PIN_CS, Pin.OUT, value=1), Pin(PIN_RST, Pin.OUT, value=1))
    button = Pin(PIN_BUTTON, Pin.IN, Pin.PULL_UP)
    led = Pin(PIN_LED, Pin.OUT, value=0) if PIN_LED is not None else None
    if (transport or TRANSPORT) == "uart":
        write, read = uart_transport(machine)
    else:
        write, read = usb_transport()
    return Firmware(reader, button, led, write, read, now_ms=Clock())


def run(steps=None, transport=None):
    """Step forever (or `steps` times, for a test)."""
    fw = build(transport)
    n = 0
    while steps is None or n < steps:
        fw.step()
        time.sleep_ms(LOOP_MS)
        n += 1
    return fw


if __name__ == "__main__":
    run()
