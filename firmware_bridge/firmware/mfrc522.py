"""NXP MFRC522 NFC reader on SPI, for MicroPython: just enough to read a tag's UID.

Written from the NXP MFRC522 datasheet (rev. 3.9) and ISO/IEC 14443-3 type A:
WUPA (or REQA), then anticollision + SELECT at cascade levels 1..3, which gives
the UID of a 4-, 7- or 10-byte tag (MIFARE Classic, NTAG21x, Ultralight...).
No collision resolution: with two tags in the field at once, read_uid() returns
None until one is taken away (the companion wants one card at a time anyway).

    from machine import SPI, Pin
    spi = SPI(0, baudrate=1000000, sck=Pin(18), mosi=Pin(19), miso=Pin(16))
    nfc = MFRC522(spi, cs=Pin(17, Pin.OUT, value=1), rst=Pin(20, Pin.OUT, value=1))
    nfc.read_uid()   # "04A1B2C3D4E5F6", or None when no tag answers

It keeps to what MicroPython offers (no f-strings, no typing, no dataclasses).
"""

try:
    from time import sleep_ms as _sleep_ms
except ImportError:  # CPython, for the tests
    from time import sleep as _sleep

    def _cpython_sleep_ms(ms):  # not "def _sleep_ms": a type checker takes that for a rival to the import
        _sleep(ms / 1000)

    _sleep_ms = _cpython_sleep_ms


# Registers (datasheet section 9.2). SPI address byte: 0AAAAAA0 to write, 1AAAAAA0 to read (8.1.2.3).
CommandReg = 0x01  # starts and stops commands; bit 4 PowerDown
ComIrqReg = 0x04  # interrupt request bits; bit 7 Set1 chooses set (1) or clear (0) of the bits written as 1
DivIrqReg = 0x05  # bit 2 CRCIRq; bit 7 Set2 as Set1 above
ErrorReg = 0x06  # bit 4 BufferOvfl, 3 CollErr, 2 CRCErr, 1 ParityErr, 0 ProtocolErr
FIFODataReg = 0x09  # the 64-byte FIFO, in and out
FIFOLevelReg = 0x0A  # bytes in the FIFO; writing bit 7 (FlushBuffer) empties it
ControlReg = 0x0C  # bits 2..0 RxLastBits: valid bits of the last byte received (0: all 8)
BitFramingReg = 0x0D  # bit 7 StartSend, bits 6..4 RxAlign, bits 2..0 TxLastBits
CollReg = 0x0E  # bit collision position (unused: no collision resolution)
ModeReg = 0x11  # CRC coprocessor preset
TxControlReg = 0x14  # bits 1..0 Tx2RFEn, Tx1RFEn: the antenna drivers
TxASKReg = 0x15  # bit 6 Force100ASK
CRCResultRegH = 0x21
CRCResultRegL = 0x22
TModeReg = 0x2A  # timer: bit 7 TAuto, bits 3..0 TPrescaler_Hi
TPrescalerReg = 0x2B  # TPrescaler_Lo
TReloadRegH = 0x2C
TReloadRegL = 0x2D
VersionReg = 0x37  # 0x91 v1.0, 0x92 v2.0; clones answer 0x88, 0x12, 0xB2...

# Reader commands (section 10.3)
CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

# Card commands (ISO/IEC 14443-3)
REQA = 0x26  # 7 bits: cards in IDLE answer with their ATQA
WUPA = 0x52  # 7 bits: cards in IDLE or HALT answer
HLTA = 0x50  # then 0x00 and CRC_A: the card goes to HALT and answers nothing
SEL = (0x93, 0x95, 0x97)  # anticollision / SELECT at cascade levels 1, 2, 3
CASCADE_TAG = 0x88  # first UID byte at a level when the UID goes on at the next level
SAK_CASCADE = 0x04  # SAK bit: UID not complete, go on at the next level


class MFRC522Error(Exception):
    """The chip itself does not answer as it should: wiring, power, a loose CS or MISO."""


class MFRC522:
    def __init__(self, spi, cs, rst=None, sleep_ms=None):
        self.spi = spi  # machine.SPI, mode 0 (polarity=0, phase=0), MSB first, up to 10 MHz
        self.cs = cs  # the chip's SDA/NSS line, active low
        self.rst = rst  # NRSTPD: low powers the chip down; a rising edge resets it
        self.sleep_ms = sleep_ms or _sleep_ms
        self.ready = False  # init() has run since the last failure
        self.version = None
        self._out = bytearray(2)
        self._in = bytearray(2)
        cs.value(1)

    # --- registers ---------------------------------------------------------------------------

    def _write(self, reg, value):
        self._out[0] = (reg << 1) & 0x7E
        self._out[1] = value
        self.cs.value(0)
        self.spi.write(self._out)
        self.cs.value(1)

    def _read(self, reg):
        self._out[0] = ((reg << 1) & 0x7E) | 0x80
        self._out[1] = 0  # the value comes back while this byte goes out
        self.cs.value(0)
        self.spi.write_readinto(self._out, self._in)
        self.cs.value(1)
        return self._in[1]

    def _set(self, reg, mask):
        self._write(reg, self._read(reg) | mask)

    def _clear(self, reg, mask):
        self._write(reg, self._read(reg) & ~mask)

    # --- the chip ----------------------------------------------------------------------------

    def init(self):
        """Reset the chip and set it up for ISO 14443A at 106 kBd. Raises MFRC522Error when no chip answers."""
        self.ready = False
        if self.rst is not None:
            self.rst.value(0)
            self.sleep_ms(1)
            self.rst.value(1)
            self.sleep_ms(50)  # the oscillator needs up to ~37.74 us; be generous
        self._write(CommandReg, CMD_SOFT_RESET)
        for _ in range(50):  # PowerDown stays set until the reset is over
            self.sleep_ms(1)
            if not self._read(CommandReg) & 0x10:
                break
        else:
            raise MFRC522Error("MFRC522 stays in reset: check 3.3V, RST, SPI wiring")
        version = self._read(VersionReg)
        if version in (0x00, 0xFF):  # MISO held low or floating: nothing answers
            raise MFRC522Error("no MFRC522 on SPI (VersionReg=0x%02X)" % version)
        # Timer: 13.56 MHz / (2 * 0x0A9 + 1) = 40 kHz, 25 us a tick; 1000 ticks = a 25 ms answer timeout.
        self._write(TModeReg, 0x80)  # TAuto: the timer starts when a transmission ends
        self._write(TPrescalerReg, 0xA9)
        self._write(TReloadRegH, 0x03)
        self._write(TReloadRegL, 0xE8)
        self._write(TxASKReg, 0x40)  # Force100ASK: type A wants 100 % ASK
        self._write(ModeReg, 0x3D)  # CRC preset 0x6363, as CRC_A wants
        self._set(TxControlReg, 0x03)  # antenna on (TX1 and TX2)
        self.version = version
        self.ready = True

    def _transceive(self, data, tx_last_bits=0):
        """Send `data` to the card (its last byte only `tx_last_bits` long, 0: all 8) and return the
        bytes it answers, or None when no card answers cleanly (timeout, collision, parity, ...)."""
        self._write(CommandReg, CMD_IDLE)  # stop whatever runs
        self._write(ComIrqReg, 0x7F)  # clear all interrupt request bits
        self._write(FIFOLevelReg, 0x80)  # flush the FIFO
        for byte in data:
            self._write(FIFODataReg, byte)
        self._write(BitFramingReg, tx_last_bits)  # RxAlign 0
        self._write(CommandReg, CMD_TRANSCEIVE)
        self._set(BitFramingReg, 0x80)  # StartSend
        answered = None
        for _ in range(2000):  # the 25 ms timer ends every wait; this bound only catches a dead chip
            irq = self._read(ComIrqReg)
            if irq & 0x30:  # RxIRq or IdleIRq: an answer is in the FIFO
                answered = True
                break
            if irq & 0x01:  # TimerIRq: nobody answered
                answered = False
                break
        self._clear(BitFramingReg, 0x80)
        if answered is None:
            self.ready = False
            raise MFRC522Error("MFRC522 never ends a command: check the SPI wiring")
        if not answered or self._read(ErrorReg) & 0x1B:  # BufferOvfl, CollErr, ParityErr, ProtocolErr
            return None
        n = self._read(FIFOLevelReg) & 0x7F
        got = bytes([self._read(FIFODataReg) for _ in range(n)])
        if self._read(ControlReg) & 0x07:  # a part byte: no answer we use ends that way
            return None
        return got

    def _crc(self, data):
        """CRC_A of `data` from the chip's coprocessor: 2 bytes, low byte first."""
        self._write(CommandReg, CMD_IDLE)
        self._write(DivIrqReg, 0x04)  # clear CRCIRq
        self._write(FIFOLevelReg, 0x80)
        for byte in data:
            self._write(FIFODataReg, byte)
        self._write(CommandReg, CMD_CALC_CRC)
        for _ in range(1000):
            if self._read(DivIrqReg) & 0x04:  # CRCIRq: done
                break
        else:
            self.ready = False
            raise MFRC522Error("MFRC522 CRC coprocessor never finishes")
        self._write(CommandReg, CMD_IDLE)
        return bytes((self._read(CRCResultRegL), self._read(CRCResultRegH)))

    # --- the card ----------------------------------------------------------------------------

    def request(self, command=WUPA):
        """REQA or WUPA, a 7-bit short frame: the card's 2-byte ATQA, or None when none answers.
        WUPA (the default) also wakes a card that was halted after its last read."""
        atqa = self._transceive(bytes((command,)), 7)
        return atqa if atqa is not None and len(atqa) == 2 else None

    def select_level(self, level):
        """Anticollision then SELECT at cascade level 0, 1 or 2: (the level's 4 UID bytes, SAK), or None."""
        sel = SEL[level]
        # NVB 0x20: we send 2 bytes and no UID bits; the card sends its 4 bytes and their BCC.
        got = self._transceive(bytes((sel, 0x20)))
        if got is None or len(got) != 5:
            return None
        if got[0] ^ got[1] ^ got[2] ^ got[3] != got[4]:  # BCC: XOR of the 4 UID bytes
            return None
        # NVB 0x70: all 40 UID bits follow, with CRC_A: this selects the card.
        frame = bytes((sel, 0x70)) + got
        sak = self._transceive(frame + self._crc(frame))
        if sak is None or len(sak) != 3 or self._crc(sak[:1]) != sak[1:]:
            return None
        return got[:4], sak[0]

    def halt(self):
        """HLTA: the card answers nothing to REQA until taken away, only to WUPA."""
        frame = bytes((HLTA, 0x00))
        self._transceive(frame + self._crc(frame))  # silence (a timeout) is what a halted card says

    def read_uid(self):
        """The UID of the card on the reader as upper-case hex (8, 14 or 20 digits), or None.
        Raises MFRC522Error when the chip does not answer; the next call sets it up again."""
        if not self.ready:
            self.init()
        if self.request(WUPA) is None:
            return None
        uid = b""
        for level in range(3):
            got = self.select_level(level)
            if got is None:
                break
            part, sak = got
            if not sak & SAK_CASCADE:
                uid += part
                self.halt()  # HALT until the next WUPA: the next read finds it the same way
                return "".join("%02X" % byte for byte in uid)
            if part[0] != CASCADE_TAG:  # the UID goes on, so this level must start with CT
                break
            uid += part[1:]
        # Failed half-way (two cards, noise, a SAK still "not complete" after level 3): the card sits
        # in READY and would take the next WUPA as a stray frame and go quiet. HLTA puts it (back)
        # into IDLE or HALT now, so the next read_uid starts clean.
        self.halt()
        return None
