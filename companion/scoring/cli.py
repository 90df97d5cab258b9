"""``companion score``: the command-line face of :mod:`companion.scoring` (SCORE_SHEETS.md).

    companion score GAME SHEET.json     # SHEET may be '-' for standard input
    companion score --schema GAME       # print the sheet's JSON Schema

Success: one JSON object on standard output, exit 0. Any problem with the
arguments or the sheet: exit 2, one line on standard error, nothing on
standard output, never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from companion.errors import SheetError

EXIT_OK = 0
EXIT_INVALID = 2

USAGE = "usage: companion score GAME SHEET.json  |  companion score --schema GAME   (SHEET may be '-' for stdin)"


def main(argv: list[str]) -> int:
    """Run ``companion score`` with the arguments after ``score``; return the exit code."""
    try:
        return _run(list(argv), sys.stdin, sys.stdout)
    except SheetError as error:
        return _fail(str(error))
    except Exception as error:  # noqa: BLE001 - the contract: one line, never a traceback
        return _fail(f"internal error while scoring ({type(error).__name__}: {error}); please report it")


def _run(argv: list[str], stdin: TextIO, stdout: TextIO) -> int:
    from companion.games import SCORED, scoring_of

    if argv in (["-h"], ["--help"]):
        stdout.write(__doc__.split("\n\n")[1].strip("\n") + "\n\ngames: " + ", ".join(SCORED) + "\n")
        return EXIT_OK
    if argv and argv[0] == "--schema":
        if len(argv) != 2:
            return _fail(USAGE)
        _emit(stdout, scoring_of(argv[1]).schema(), indent=2)
        return EXIT_OK
    if len(argv) != 2 or argv[0].startswith("-") and argv[0] != "-":
        return _fail(USAGE)
    game_id, source = argv
    scored = scoring_of(game_id)  # the unknown-game SheetError before the sheet is read
    _emit(stdout, scored.score(_load(source, stdin)))
    return EXIT_OK


def _load(source: str, stdin: TextIO) -> Any:
    label = "standard input" if source == "-" else source
    try:
        if source == "-":
            data: bytes | str = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read()
        else:
            with open(source, "rb") as handle:
                data = handle.read()
    except FileNotFoundError:
        raise SheetError(f"SHEET: {label}: no such file") from None
    except IsADirectoryError:
        raise SheetError(f"SHEET: {label}: is a directory, not a score sheet") from None
    except OSError as error:
        raise SheetError(f"SHEET: {label}: cannot be read ({error.strerror or error})") from None
    try:
        return json.loads(data)
    except UnicodeDecodeError:
        raise SheetError(f"sheet: {label} is not JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise SheetError(
            f"sheet: {label} is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise SheetError(f"sheet: {label} is nested too deeply to be a score sheet") from None


def _emit(stdout: TextIO, value: Any, indent: int | None = None) -> None:
    stdout.write(json.dumps(value, indent=indent) + "\n")
    stdout.flush()


def _fail(message: str) -> int:
    line = " ".join(message.split())  # exactly one line, whatever the sheet contained
    sys.stderr.write(f"companion score: {line}\n")
    sys.stderr.flush()
    return EXIT_INVALID
