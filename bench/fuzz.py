"""Fuzzing: the reader codec with hypothesis, and the panel's API with schemathesis.

- codec: hypothesis draws streams of frames (payloads, sequence numbers, types), corrupts some
  of them by one byte, puts noise between them and cuts the stream into random chunks. The
  decoder must never raise, must find every intact frame in order, and must never accept a
  corrupted one. At least 100,000 frames go through it.
- API: schemathesis reads /api/openapi.json of a real `companion run --sim` and sends what it
  generates from every operation's schemas, valid and not, with a paired phone's cookie and CSRF
  token. Nothing may answer 5xx, and the companion's log must show no traceback: no input the
  schemas let through may reach the core and break it. Left out: forgetting or revoking the
  fuzzer's own session (it would be locked out for the rest of the run).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.web import Client, start_companion
from firmware_bridge import codec
from firmware_bridge.codec import Decoder, Frame, FrameError

FRAMES = 100_000

_hexes = st.text("0123456789ABCDEF", min_size=8, max_size=8)
_values = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, blacklist_characters="$*;"), max_size=24)
_frames = st.builds(
    Frame, _hexes, st.integers(0, 65535), st.sampled_from(["TAG", "DICE", "HB", "HELLO", "ERR", "ACK", "X"]),
    st.dictionaries(st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True), _values, max_size=4),
)
# A frame as sent: intact, or with one byte changed (where, and to what); and the noise after it.
_sent = st.tuples(_frames, st.none() | st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255)),
                  st.binary(max_size=6).map(lambda b: b.replace(b"$", b"")))


def codec_fuzz(frames: int = FRAMES) -> dict[str, float]:
    counts = {"frames": 0, "intact": 0, "corrupted": 0, "streams": 0}

    # Runs of 200 streams (about 60 frames each), fewer when fewer frames are asked for.
    @settings(max_examples=min(200, frames // 60 + 1), database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(_sent, min_size=40, max_size=80), st.lists(st.integers(0, 10**6), max_size=10))
    def stream(sent, cuts):
        data, intact, corrupted = bytearray(), [], 0
        for frame, corruption, noise in sent:
            try:
                line = bytearray(codec.encode(frame))
            except FrameError:
                continue  # longer than the protocol allows: encode refuses it
            if corruption is None:
                intact.append(frame)
            else:
                at, delta = int(corruption[0] * (len(line) - 1)), corruption[1]  # never the final \n
                line[at] = (line[at] + delta) % 256
                corrupted += 1
            data += line + noise + b"\n"  # noise on a line of its own: a corrupted frame cannot take the next one
        decoder, got, start = Decoder(), [], 0
        for cut in sorted(c % (len(data) + 1) for c in cuts) + [len(data)]:
            got += list(decoder.feed(bytes(data[start:cut])))
            start = cut
        assert got == intact, "the decoder lost a good frame or let a corrupted one through"
        counts["frames"] += len(intact) + corrupted
        counts["intact"] += len(intact)
        counts["corrupted"] += corrupted
        counts["streams"] += 1

    while counts["frames"] < frames:  # hypothesis runs, until enough frames went through
        stream()
    return {"fuzz.codec_frames": float(counts["frames"]), "fuzz.codec_corrupted_frames": float(counts["corrupted"]),
            "fuzz.codec_streams": float(counts["streams"])}


def api_fuzz(max_examples: int = 100) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data, start_companion(data) as companion:
        client = Client.paired(companion.port, companion.code)
        client.input({"type": "new_game", "game": "free_play", "setup": {"players": [{"name": "Ada"}, {"name": "Bea"}]}})
        report = Path(data) / "schemathesis.json"
        done = subprocess.run(
            [str(Path(sys.executable).with_name("schemathesis")), "run", f"http://127.0.0.1:{companion.port}/api/openapi.json",
             "-H", f"Cookie: {client.cookie}", "-H", f"X-CSRF-Token: {client.csrf}",
             "--checks", "not_a_server_error", "-n", str(max_examples), "--workers", "1", "--seed", "1",
             "--exclude-path", "/api/session/forget", "--exclude-path-regex", "revoke",
             "--generation-with-security-parameters", "false", "--report", "json", "--report-json-path", str(report)],
            capture_output=True, text=True, timeout=1800)
        if not report.exists():
            raise RuntimeError(f"schemathesis wrote no report (exit {done.returncode}): {done.stderr[-2000:]}")
        result = json.loads(report.read_text())
    companion.reader.join(10)  # the whole log: the process has stopped, its last lines are read
    logged = "".join(companion.log)
    server_errors = sum(f["count"] for f in result["failures"] if f["code"] == "ST101")
    if server_errors or result["errors"]:
        print(done.stdout[-4000:], file=sys.stderr)
    return {
        "fuzz.api_cases": float(result["test_cases"]["generated"]),
        "fuzz.api_operations": float(result["operations"]["tested"]),
        "fuzz.api_5xx": float(server_errors),
        "fuzz.api_fuzzer_errors": float(sum(e["count"] for e in result["errors"])),
        "fuzz.api_tracebacks": float(logged.count("Traceback")),
    }


def run(frames: int = FRAMES, max_examples: int = 100) -> dict[str, float]:
    return codec_fuzz(frames) | api_fuzz(max_examples)


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value}")
