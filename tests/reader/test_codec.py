"""Protocol v1's codec: the wire format, resynchronisation, and fuzzing."""

import binascii

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import codec
from firmware_bridge.codec import Decoder, Frame, FrameError

TAG = Frame("1A2B3C4D", 7, "TAG", {"uid": "04A1B2C3"})


def decode(data: bytes, decoder=None):
    decoder = decoder or Decoder()
    return list(decoder.feed(data)), decoder


def test_crc_is_ccitt_false_with_the_standard_check_value():
    assert codec.crc16(b"123456789") == 0x29B1
    assert codec.crc16(b"") == 0xFFFF


def test_encode_writes_the_documented_line():
    # The vector in PROTOCOL.md.
    assert codec.encode(TAG) == b"$1A2B3C4D,7,TAG,uid=04A1B2C3*%04X\n" % binascii.crc_hqx(b"1A2B3C4D,7,TAG,uid=04A1B2C3", 0xFFFF)
    assert codec.encode(Frame("00000000", 0, "HB", {})) == b"$00000000,0,HB,*%04X\n" % codec.crc16(b"00000000,0,HB,")


def test_a_frame_round_trips_with_lf_or_crlf():
    line = codec.encode(Frame("DEADBEEF", 65535, "DICE", {"sides": "6", "values": "3,5"}))
    for data in (line, line.replace(b"\n", b"\r\n")):
        frames, decoder = decode(data)
        assert frames == [Frame("DEADBEEF", 65535, "DICE", {"sides": "6", "values": "3,5"})]
        assert decoder.bad == 0


def test_noise_between_frames_is_skipped_and_the_next_dollar_resynchronises():
    good = codec.encode(TAG)
    frames, decoder = decode(b"\x00\xffgarbage\n" + good[:10] + good + b"noise*1234\n" + good)
    assert frames == [TAG, TAG]
    assert decoder.bad == 1  # the half frame cut short by the next $


@pytest.mark.parametrize("line, reason", [
    (b"$1A2B3C4D,7,TAG,uid=04A1B2C3*0000\n", "CRC mismatch"),
    (b"$1A2B3C4D,7,TAG,uid=04A1B2C3\n", "no *"),
])
def test_bad_crc_or_shape_is_dropped_and_counted(line, reason):
    frames, decoder = decode(line)
    assert frames == [] and decoder.bad == 1 and reason in decoder.last_bad


def _framed(body: bytes) -> bytes:
    return b"$%s*%04X\n" % (body, codec.crc16(body))


@pytest.mark.parametrize("body", [
    b"1a2b3c4d,7,TAG,uid=04A1B2C3",  # BOOT not upper-case
    b"1A2B3C4,7,TAG,uid=04A1B2C3",  # BOOT of 7 digits
    b"1A2B3C4D,65536,TAG,uid=04A1B2C3",  # SEQ past 65535
    b"1A2B3C4D,-1,TAG,uid=04A1B2C3",
    b"1A2B3C4D,07,TAG,uid=04A1B2C3",  # a leading zero
    b"1A2B3C4D,7,tag,uid=04A1B2C3",  # TYPE not upper-case
    b"1A2B3C4D,7,TAG",  # no PAYLOAD field
    b"1A2B3C4D,7,TAG,uid",  # not key=value
    b"1A2B3C4D,7,TAG,uid=1;uid=2",  # a key twice
    b"1A2B3C4D,7,TAG,uid=\xc3\xa9",  # not ASCII
])
def test_frames_of_the_wrong_shape_are_dropped_even_with_a_good_crc(body):
    frames, decoder = decode(_framed(body))
    assert frames == [] and decoder.bad == 1


def test_lower_case_crc_digits_are_rejected():
    line = codec.encode(TAG)
    body, crc = line.rstrip(b"\n").split(b"*")
    assert crc != crc.lower()  # this vector's CRC has letters
    frames, decoder = decode(body + b"*" + crc.lower() + b"\n")
    assert (frames, decoder.bad) == ([], 1)


def test_a_line_of_200_bytes_is_read_and_one_of_201_is_dropped():
    def line_of(length):
        head = b"1A2B3C4D,1,ERR,code=x;msg="
        body = head + b"m" * (length - len(head) - 6)  # $ + body + *CRC = length
        line = _framed(body)
        assert len(line.rstrip(b"\n")) == length
        return line

    frames, decoder = decode(line_of(200) + line_of(201) + codec.encode(TAG))
    assert [f.type for f in frames] == ["ERR", "TAG"]
    assert decoder.bad == 1


def test_empty_payload_and_unknown_types_decode():
    frames, _ = decode(_framed(b"1A2B3C4D,3,PING,"))
    assert frames == [Frame("1A2B3C4D", 3, "PING", {})]


def test_event_payloads():
    assert codec.tag_uid(Frame("1A2B3C4D", 1, "TAG", {"uid": "04a1b2c3d4e5f6"})) == "04A1B2C3D4E5F6"
    for uid in ("04A1B2C", "04A1B2C3D", "XYZ12345", ""):
        with pytest.raises(FrameError):
            codec.tag_uid(Frame("1A2B3C4D", 1, "TAG", {"uid": uid}))
    assert codec.dice(Frame("1A2B3C4D", 1, "DICE", {"sides": "6", "values": "3,5"})) == (6, (3, 5))
    assert codec.dice(Frame("1A2B3C4D", 1, "DICE", {"sides": "6", "values": "7"})) == (6, (7,))  # judged by the table
    for payload in ({"sides": "six", "values": "3"}, {"sides": "6", "values": ""}, {"sides": "6"}, {"values": "3"}):
        with pytest.raises(FrameError):
            codec.dice(Frame("1A2B3C4D", 1, "DICE", payload))


def test_encode_refuses_what_it_would_reject():
    with pytest.raises(FrameError):
        codec.encode(Frame("1A2B3C4D", 1, "FB", {"msg": "a;b"}))


# --- fuzzing ------------------------------------------------------------------------------------------

hexes = st.text("0123456789ABCDEF", min_size=8, max_size=8)
values = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, blacklist_characters="$*;"), max_size=20)
frames = st.builds(
    Frame, hexes, st.integers(0, 65535), st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=6),
    st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True), values, max_size=4),
)


@settings(max_examples=400)
@given(frames)
def test_every_encodable_frame_decodes_to_itself(frame):
    try:
        line = codec.encode(frame)
    except FrameError:
        return  # longer than 200 bytes: encode refuses it
    assert decode(line)[0] == [frame]


@settings(max_examples=2000)
@given(frames, st.data())
def test_any_single_corrupted_byte_is_rejected(frame, data):
    try:
        line = bytearray(codec.encode(frame))
    except FrameError:
        return
    at = data.draw(st.integers(0, len(line) - 1))
    new = data.draw(st.integers(0, 255).filter(lambda b: b != line[at]))
    line[at] = new
    # Whatever the corrupted byte became, the frame is not accepted as anything,
    # and the decoder is still in step for the good frame that follows. (Nothing
    # goes between them: a \n there would turn a final \n corrupted into \r
    # back into a good CRLF frame.)
    got, _ = decode(bytes(line) + codec.encode(TAG))
    assert got == [TAG]


@settings(max_examples=500)
@given(st.binary(max_size=600))
def test_garbage_never_raises_and_a_frame_after_it_is_found(garbage):
    got, _ = decode(garbage + b"\n" + codec.encode(TAG))
    assert got[-1] == TAG


@settings(max_examples=300)
@given(st.lists(frames, min_size=1, max_size=5), st.data())
def test_feeding_in_any_chunks_finds_the_same_frames(batch, data):
    try:
        stream = b"".join(codec.encode(f) for f in batch)
    except FrameError:
        return
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    decoder, got, start = Decoder(), [], 0
    for cut in cuts + [len(stream)]:
        got += list(decoder.feed(stream[start:cut]))
        start = cut
    assert got == batch


def test_the_vectors_in_protocol_md_are_right():
    from pathlib import Path
    import re

    text = (Path(__file__).parents[2] / "firmware_bridge" / "PROTOCOL.md").read_text()
    good = re.findall(r"^(\$[^\s*]+(?: [^\s*]+)*\*[0-9A-F]{4})$", text, re.M)
    assert len(good) == 10
    for line in good:
        assert decode(line.encode() + b"\n")[0], line
    for line in ("$1A2B3C4D,3,TAG,uid=04A1B2C3*AA55", "$1A2B3C4D,3,TAG,uid=04A1B2C3*aa54"):
        assert line in text and decode(line.encode() + b"\n")[0] == []
    checks = re.findall(r"`([^`]*)` → `([0-9A-F]{4})`", text)
    assert len(checks) == 2
    for data, crc in checks:
        assert codec.crc16(data.encode()) == int(crc, 16)
