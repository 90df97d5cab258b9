"""`companion run --sim --reader PATH`: the whole path from a reader on a pty to the journal and back."""

import signal
import time

from firmware_bridge import codec
from pty_reader import PtyReader
from phone import Phone
from test_cli_run import free_port, pairing_code, start


def test_a_reader_on_a_tty_drives_the_running_companion(tmp_path):
    port = free_port()
    reader = PtyReader(tmp_path / "by-id-reader")
    proc = start("run", "--sim", "--reader", str(reader.path), "--port", str(port), "--data-dir", str(tmp_path / "data"))
    try:
        phone = Phone(port).pair(pairing_code(proc))
        status, body = phone.post("/api/input", {"type": "new_game", "game": "free_play",
                                                 "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
        assert status == 200, body
        hello = reader.handshake(timeout=10)
        assert hello.payload == {"v": "1"}

        # Noise, a corrupted copy, then the good frame: only the good one is acknowledged.
        good = codec.encode(codec.Frame(reader.boot, 10, "DICE", {"sides": "6", "values": "5,6"}))
        bad = bytearray(good)
        bad[20] ^= 0x04
        reader.write(b"\xfe\x00 line noise\n" + bytes(bad) + good.replace(b"\n", b"\r\n"))
        reader.until(lambda f: f.type == "ACK" and f.payload == {"seq": "10"})
        # Retransmissions: every copy is acknowledged, the roll is applied once.
        for _ in range(3):
            reader.write(good)
        assert sorted(reader.acks(1.0)) == [10, 10, 10]
        state = phone.get("/api/state")[1]
        assert state["last_roll"]["values"] == [5, 6] and state["seq"] == 1

        # An unknown tag is acknowledged (it is recorded) and shown for registering.
        seq = reader.send("TAG", {"uid": "04AABBCCDDEEFF"})
        reader.until(lambda f: f.type == "ACK" and f.payload == {"seq": str(seq)})
        status, info = phone.get("/api/reader")
        assert info["last_tag"]["uid"] == "04AABBCCDDEEFF" and info["last_tag"]["card"] is None
        assert info["link"]["state"] == "live" and info["link"]["bad_frames"] >= 1

        # Unplugged and plugged back: the link comes back on its own.
        reader.unplug()
        deadline = time.monotonic() + 30  # only against a hang: a loaded machine is slow, not wrong
        while phone.get("/api/reader")[1]["link"]["state"] != "searching":
            assert time.monotonic() < deadline, "the companion did not notice the reader going"
        reader.boot = "0B0B0B0B"
        reader.plug()
        reader.handshake(timeout=2.0)
        seq = reader.send("DICE", {"sides": "6", "values": "1,1"})
        reader.until(lambda f: f.type == "ACK" and f.payload == {"seq": str(seq)}, timeout=2.0)
        state = phone.get("/api/state")[1]
        assert state["last_roll"]["values"] == [1, 1]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        reader.unplug()
