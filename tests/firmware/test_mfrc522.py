"""The Pico's MFRC522 driver (firmware_bridge/firmware/mfrc522.py) on CPython, against a fake chip.

The fake speaks the chip's SPI framing (address byte 0AAAAAA0 / 1AAAAAA0, one transaction per
CS-low window) and models the registers the driver uses: the FIFO, CommandReg (SoftReset,
Transceive, CalcCRC), BitFramingReg's StartSend and TxLastBits, ComIrqReg/DivIrqReg with their
Set bits, ErrorReg, ControlReg's RxLastBits, the CRC preset in ModeReg, the timer, the antenna.
Behind it sits an ISO 14443-3 type A card with its IDLE/READY/ACTIVE/HALT states and cascade
levels, so a driver that gets a register, a bit count, a BCC or a CRC wrong reads no UID.
"""


import pytest

from firmware_bridge.codec import Decoder, tag_uid

from firmware_loader import load


rc = load("pico_mfrc522_under_test", "mfrc522.py")
pico_protocol = load("pico_protocol_for_mfrc522_test", "protocol.py")
pico_main = load("pico_main_for_mfrc522_test", "main.py", [("protocol", pico_protocol)])


def crc_a(data, preset=0x6363):
    """ISO 14443-3 CRC_A (reflected 0x1021), low byte first; written apart from the driver."""
    crc = preset
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = ((crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


def bcc(part):
    return part[0] ^ part[1] ^ part[2] ^ part[3]


# --- the card ----------------------------------------------------------------------------------


class Card:
    """An ISO 14443-3 type A card, as far as reading its UID goes."""

    def __init__(self, uid, sak=0x08):
        self.uid = bytes.fromhex(uid)
        assert len(self.uid) in (4, 7, 10)
        self.sak = sak  # the final SAK (0x08 MIFARE Classic 1K, 0x00 NTAG)
        self.state = "IDLE"
        self.level = 0
        self.bad_bcc = False
        self.no_cascade_tag = False  # a broken card: says "go on" without CT in front
        self.bad_sak_crc = False

    def levels(self):
        u = self.uid
        if len(u) == 4:
            return [u]
        ct = bytes((0x00 if self.no_cascade_tag else rc.CASCADE_TAG,))
        if len(u) == 7:
            return [ct + u[:3], u[3:]]
        return [ct + u[:3], ct + u[3:6], u[6:]]

    def atqa(self):
        return bytes(({4: 0x04, 7: 0x44, 10: 0x84}[len(self.uid)], 0x00))

    def answer(self, data, bits):
        """The card's answer to one frame (`bits`: valid bits of its last byte, 0 = 8), or None."""
        if bits == 7 and len(data) == 1:
            if (data[0] == rc.REQA and self.state == "IDLE") or (
                data[0] == rc.WUPA and self.state in ("IDLE", "HALT")
            ):
                self.state, self.level = "READY", 0
                return self.atqa()
            return self._confused()
        if bits != 0:
            return self._confused()
        levels = self.levels()
        if self.state == "READY" and len(data) >= 2 and data[0] == rc.SEL[self.level]:
            part = levels[self.level]
            check = bcc(part) ^ (0xFF if self.bad_bcc else 0)
            if data[1] == 0x20 and len(data) == 2:
                return part + bytes((check,))
            if data[1] == 0x70 and len(data) == 9 and data[2:7] == part + bytes((check,)) and data[7:] == crc_a(data[:7]):
                last = self.level == len(levels) - 1
                sak = bytes((self.sak if last else 0x04,))
                if last:
                    self.state = "ACTIVE"
                else:
                    self.level += 1
                crc = crc_a(sak)
                if self.bad_sak_crc:
                    crc = bytes((crc[0] ^ 1, crc[1]))
                return sak + crc
        if self.state == "ACTIVE" and data == bytes((rc.HLTA, 0)) + crc_a(data[:2]):
            self.state = "HALT"
            return None  # a card never answers HLTA
        return self._confused()

    def _confused(self):
        self.state = "HALT" if self.state == "HALT" else "IDLE"
        return None


# --- the chip ----------------------------------------------------------------------------------

PRESETS = {0: 0x0000, 1: 0x6363, 2: 0xA671, 3: 0xFFFF}  # ModeReg CRCPreset bits


class Chip:
    """An MFRC522 behind SPI, register by register."""

    def __init__(self, card=None, version=0x92):
        self.card = card
        self.version = version
        self.dead = False  # MISO stuck low: every read gives 0x00
        self.stuck = False  # the chip takes commands but never raises an interrupt
        self.collision = False  # two cards answer the anticollision at once
        self.cs_low = False
        self.in_transaction = False
        self.spi_log = []  # (bytes out, bytes in) per transaction
        self.sent = []  # (data, TxLastBits) per Transceive
        self.resets = 0
        self._reset()

    def _reset(self):
        self.regs = [0] * 64
        self.regs[rc.CommandReg] = 0x20  # reset values (datasheet 9.3)
        self.regs[rc.ModeReg] = 0x3F
        self.regs[rc.TxControlReg] = 0x80
        self.regs[rc.ComIrqReg] = 0x14
        self.fifo = []
        self.powerdown_reads = 2  # PowerDown reads as set this many times after a reset

    # the SPI side
    def cs(self, level):
        self.cs_low = level == 0
        self.in_transaction = False

    def transfer(self, out):
        assert self.cs_low, "SPI traffic with CS high"
        assert not self.in_transaction, "two SPI calls in one CS-low window"
        self.in_transaction = True
        out = bytes(out)
        assert out[0] & 0x01 == 0, "the address byte's LSB must be 0"
        if out[0] & 0x80:  # read: each byte sent after the address addresses the next read
            back = [0]
            for i in range(1, len(out)):
                back.append(0 if self.dead else self.read((out[i - 1] >> 1) & 0x3F))
        else:  # write: every byte after the address goes to that register
            back = [0] * len(out)
            for value in out[1:]:
                self.write((out[0] >> 1) & 0x3F, value)
        self.spi_log.append((out, bytes(back)))
        return bytes(back)

    def read(self, reg):
        if reg == rc.CommandReg and self.powerdown_reads:
            self.powerdown_reads -= 1
            return self.regs[reg] | 0x10
        if reg == rc.FIFODataReg:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == rc.FIFOLevelReg:
            return len(self.fifo)
        if reg == rc.VersionReg:
            return self.version
        return self.regs[reg]

    def write(self, reg, value):
        if reg == rc.CommandReg:
            self.regs[reg] = (self.regs[reg] & 0xF0) | (value & 0x0F)
            if value & 0x0F == rc.CMD_SOFT_RESET:
                self.resets += 1
                self._reset()
            elif value & 0x0F == rc.CMD_CALC_CRC and not self.stuck:
                crc = crc_a(bytes(self.fifo), PRESETS[self.regs[rc.ModeReg] & 0x03])
                self.fifo = []
                self.regs[rc.CRCResultRegL], self.regs[rc.CRCResultRegH] = crc[0], crc[1]
                self.regs[rc.DivIrqReg] |= 0x04
        elif reg in (rc.ComIrqReg, rc.DivIrqReg):
            if value & 0x80:
                self.regs[reg] |= value & 0x7F
            else:
                self.regs[reg] &= ~value & 0x7F
        elif reg == rc.FIFODataReg:
            self.fifo.append(value)
        elif reg == rc.FIFOLevelReg:
            if value & 0x80:
                self.fifo = []
        elif reg == rc.VersionReg:
            pass  # read-only
        else:
            self.regs[reg] = value
            if reg == rc.BitFramingReg and value & 0x80 and self.regs[rc.CommandReg] & 0x0F == rc.CMD_TRANSCEIVE:
                self._transceive()

    def _transceive(self):
        data, bits = bytes(self.fifo), self.regs[rc.BitFramingReg] & 0x07
        self.fifo = []
        self.sent.append((data, bits))
        self.regs[rc.ErrorReg] = 0
        if self.stuck:
            return
        timer_on = self.regs[rc.TModeReg] & 0x80 and (self.regs[rc.TReloadRegH] or self.regs[rc.TReloadRegL])
        field_on = self.regs[rc.TxControlReg] & 0x03 == 0x03
        answer = None
        if field_on and self.card is not None:
            answer = self.card.answer(data, bits)
            # A 100 % ASK pause is what a card hears; without Force100ASK it hears nothing.
            if not self.regs[rc.TxASKReg] & 0x40:
                answer = None
        if self.collision and field_on and len(data) == 2 and data[1] == 0x20:
            self.regs[rc.ErrorReg] |= 0x08  # CollErr: bits from two cards clashed
            self.regs[rc.ComIrqReg] |= 0x20 | 0x02
            self.fifo = [0x12, 0x34, 0x56, 0x78, 0x00]
            return
        if answer is None:
            if timer_on:
                self.regs[rc.ComIrqReg] |= 0x01  # TimerIRq
            return
        self.fifo = list(answer)
        self.regs[rc.ControlReg] &= ~0x07 & 0xFF
        self.regs[rc.ComIrqReg] |= 0x40 | 0x20  # TxIRq, RxIRq


class FakeSPI:
    def __init__(self, chip):
        self.chip = chip

    def write(self, buf):
        self.chip.transfer(buf)

    def write_readinto(self, out, into):
        assert len(out) == len(into)
        into[:] = self.chip.transfer(out)


class FakePin:
    def __init__(self, on_change=None):
        self.level = None
        self.history = []
        self.on_change = on_change

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.history.append(v)
        if self.on_change:
            self.on_change(v)


def rig(card=None, **chip_options):
    chip = Chip(card)
    for key, value in chip_options.items():
        setattr(chip, key, value)
    rst = FakePin()
    reader = rc.MFRC522(FakeSPI(chip), FakePin(chip.cs), rst, sleep_ms=lambda ms: None)
    return chip, reader, rst


# --- the fake itself ---------------------------------------------------------------------------


def test_the_fakes_crc_a_matches_iso_14443_examples():
    assert crc_a(bytes((0x50, 0x00))) == bytes((0x57, 0xCD))  # HLTA as every card sees it
    assert crc_a(bytes((0x00, 0x00))) == bytes((0xA0, 0x1E))  # ISO/IEC 14443-3 annex B
    assert crc_a(bytes((0x12, 0x34))) == bytes((0x26, 0xCF))


# --- init and SPI framing ------------------------------------------------------------------------


def test_init_resets_the_chip_and_sets_timer_ask_crc_preset_and_antenna():
    chip, reader, rst = rig()
    reader.init()
    assert rst.history[:2] == [0, 1]  # a hard reset through NRSTPD
    assert chip.resets == 1
    assert chip.spi_log[0][0] == bytes((0x02, 0x0F))  # CommandReg (0x01 << 1) <- SoftReset
    assert chip.regs[rc.TModeReg] == 0x80
    assert chip.regs[rc.TPrescalerReg] == 0xA9
    assert (chip.regs[rc.TReloadRegH] << 8) | chip.regs[rc.TReloadRegL] == 1000  # 25 ms
    assert chip.regs[rc.TxASKReg] == 0x40
    assert chip.regs[rc.ModeReg] == 0x3D
    assert chip.regs[rc.TxControlReg] & 0x03 == 0x03
    assert reader.version == 0x92 and reader.ready


def test_reads_put_bit_7_in_the_address_byte_and_take_the_second_byte_back():
    chip, reader, _ = rig()
    reader.init()
    version_reads = [(out, back) for out, back in chip.spi_log if out[0] == 0x80 | (rc.VersionReg << 1)]
    assert version_reads == [(bytes((0xEE, 0x00)), bytes((0x00, 0x92)))]


def test_the_driver_waits_for_powerdown_to_clear_after_the_soft_reset():
    chip, reader, _ = rig()
    reader.init()
    command_reads = [out for out, _ in chip.spi_log if out[0] == 0x80 | (rc.CommandReg << 1)]
    assert len(command_reads) >= 3  # two reads with PowerDown still set, then the clear one


def test_no_chip_on_the_bus_raises_and_the_next_read_sets_it_up_again():
    chip, reader, rst = rig(Card("A1B2C3D4"), dead=True)
    with pytest.raises(rc.MFRC522Error):
        reader.read_uid()
    assert not reader.ready
    chip.dead = False  # the loose wire pushed back in
    assert reader.read_uid() == "A1B2C3D4"
    assert rst.history.count(0) == 2  # reset again on the second try


def test_a_chip_that_never_raises_an_interrupt_is_an_error_not_a_hang():
    chip, reader, _ = rig(Card("A1B2C3D4"))
    reader.init()
    chip.stuck = True
    with pytest.raises(rc.MFRC522Error):
        reader.read_uid()
    assert not reader.ready
    chip.stuck = False
    assert reader.read_uid() == "A1B2C3D4"


# --- reading UIDs --------------------------------------------------------------------------------


def test_no_card_gives_none_after_one_wupa():
    chip, reader, _ = rig()
    assert reader.read_uid() is None
    assert chip.sent == [(bytes((rc.WUPA,)), 7)]


def test_a_4_byte_uid_wupa_anticollision_select_halt():
    chip, reader, _ = rig(Card("A1B2C3D4"))
    assert reader.read_uid() == "A1B2C3D4"
    uid = bytes.fromhex("A1B2C3D4")
    select = bytes((0x93, 0x70)) + uid + bytes((bcc(uid),))
    assert chip.sent == [
        (bytes((0x52,)), 7),  # WUPA, a 7-bit short frame
        (bytes((0x93, 0x20)), 0),  # anticollision, cascade level 1
        (select + crc_a(select), 0),  # SELECT with the BCC and CRC_A
        (bytes((0x50, 0x00, 0x57, 0xCD)), 0),  # HLTA
    ]
    assert chip.card.state == "HALT"


def test_a_7_byte_uid_goes_through_two_cascade_levels():
    card = Card("04A1B2C3D4E5F6", sak=0x00)
    chip, reader, _ = rig(card)
    assert reader.read_uid() == "04A1B2C3D4E5F6"
    frames = [data for data, _ in chip.sent]
    assert frames[1] == bytes((0x93, 0x20))
    cl1 = bytes((0x88, 0x04, 0xA1, 0xB2))  # the cascade tag, then the first 3 UID bytes
    assert frames[2][:7] == bytes((0x93, 0x70)) + cl1 + bytes((bcc(cl1),))
    assert frames[3] == bytes((0x95, 0x20))
    cl2 = bytes.fromhex("C3D4E5F6")
    assert frames[4][:7] == bytes((0x95, 0x70)) + cl2 + bytes((bcc(cl2),))
    assert card.state == "HALT"


def test_a_10_byte_uid_goes_through_three_cascade_levels():
    chip, reader, _ = rig(Card("0102030405060708090A"))
    assert reader.read_uid() == "0102030405060708090A"
    assert [data[0] for data, _ in chip.sent if len(data) == 2 and data[1] == 0x20] == [0x93, 0x95, 0x97]


def test_a_card_left_on_the_reader_reads_again_and_again():
    chip, reader, _ = rig(Card("04A1B2C3D4E5F6"))
    assert [reader.read_uid() for _ in range(3)] == ["04A1B2C3D4E5F6"] * 3


def test_reqa_does_not_wake_a_halted_card_but_wupa_does():
    card = Card("A1B2C3D4")
    chip, reader, _ = rig(card)
    reader.init()
    assert reader.request(rc.REQA) == bytes((0x04, 0x00))
    card.state = "HALT"
    assert reader.request(rc.REQA) is None
    assert reader.request(rc.WUPA) == bytes((0x04, 0x00))


def test_a_wrong_bcc_reads_no_uid_and_selects_nothing():
    card = Card("A1B2C3D4")
    card.bad_bcc = True
    chip, reader, _ = rig(card)
    assert reader.read_uid() is None
    assert not any(len(data) > 1 and data[1] == 0x70 for data, _ in chip.sent)


def test_a_level_that_says_go_on_without_the_cascade_tag_reads_no_uid():
    card = Card("04A1B2C3D4E5F6")
    card.no_cascade_tag = True
    chip, reader, _ = rig(card)
    assert reader.read_uid() is None
    assert not any(data[0] == 0x95 for data, _ in chip.sent)


def test_a_sak_with_a_bad_crc_reads_no_uid():
    card = Card("A1B2C3D4")
    card.bad_sak_crc = True
    chip, reader, _ = rig(card)
    assert reader.read_uid() is None


def test_two_cards_at_once_read_no_uid_and_raise_nothing():
    chip, reader, _ = rig(Card("A1B2C3D4"), collision=True)
    assert reader.read_uid() is None
    chip.collision = False  # one card taken away
    assert reader.read_uid() == "A1B2C3D4"


# --- the driver under the firmware ---------------------------------------------------------------


def test_the_firmware_on_the_driver_sends_the_tag_of_a_7_byte_card_once():
    chip, reader, _ = rig(Card("04A1B2C3D4E5F6", sak=0x00))
    out = bytearray()
    button = FakePin()
    button.level = 1
    fw = pico_main.Firmware(reader, button, None, out.extend, lambda: b"", boot="0BADCAFE")
    for now in range(0, 2000, 10):
        fw.step(now)
    decoder = Decoder()
    tags = {f.seq: tag_uid(f) for f in decoder.feed(bytes(out)) if f.type == "TAG"}
    assert decoder.bad == 0
    assert list(tags.values()) == ["04A1B2C3D4E5F6"]
    chip.card = None  # lifted
    for now in range(2000, 3500, 10):
        fw.step(now)
    chip.card = Card("04A1B2C3D4E5F6", sak=0x00)  # laid down again
    for now in range(3500, 4000, 10):
        fw.step(now)
    tags = {f.seq: tag_uid(f) for f in Decoder().feed(bytes(out)) if f.type == "TAG"}
    assert list(tags.values()) == ["04A1B2C3D4E5F6"] * 2
