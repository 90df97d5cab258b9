"""The `companion` command line: `companion run`, `score`, `doctor`, `pair`, `own-wifi`, `backup` and `restore`."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "score":
        # Final scoring has its own contract (SCORE_SHEETS.md: exit codes,
        # one-line errors), so it owns its own parser.
        from companion.scoring.cli import main as score_main

        return score_main(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    return args.handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Tabletop companion for five Venice games.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("score", help="score a finished game from a score sheet (see `companion score --help`)")
    run = sub.add_parser("run", help="run the companion: the table, the journal and the web panel")
    run.add_argument("--sim", action="store_true", help="use simulated hardware (the same as --hardware sim)")
    run.add_argument("--hardware", choices=("auto", "real", "sim"), default="auto",
                     help="real parts (the OLED, buttons and reader; missing ones are reported, and join when they "
                          "answer), simulated ones in the web panel, or auto: real on a Raspberry Pi (default)")
    run.add_argument("--host", default=None, help="address the web panel listens on (default from settings: 127.0.0.1)")
    run.add_argument("--port", type=int, default=None, help="port of the web panel (default 8080)")
    run.add_argument("--data-dir", default=None, help="where the journal lives (default ./data)")
    run.add_argument("--reader", default=None, metavar="URL",
                     help="the NFC and dice reader: a device such as /dev/serial/by-id/usb-..., or a pyserial URL "
                          "(default from settings; with --sim and none given, a simulated reader)")
    run.add_argument("--config", default=None, help="a TOML settings file (pins, display, reader port, web)")
    run.set_defaults(handler=_run)
    doctor = sub.add_parser("doctor", help="check the OLED, the buttons, the reader, the data directory and the panel")
    doctor.add_argument("--data-dir", default=None, help="where the journal lives (default ./data)")
    doctor.add_argument("--config", default=None, help="the settings file (default: settings.toml in the data directory)")
    doctor.add_argument("--reader", default=None, metavar="URL", help="the reader's port, instead of the settings'")
    doctor.set_defaults(handler=_doctor)
    pair = sub.add_parser("pair", help="print the addresses that pair a player's phone and the host's now (on the box)")
    pair.add_argument("--data-dir", default=None, help="where the journal lives (default ./data)")
    pair.add_argument("--fresh", action="store_true", help="make this box fresh again: when no phone is paired, the "
                      "next one paired with the code on its screen is the host's (as on a new box)")
    pair.set_defaults(handler=_pair)
    own = sub.add_parser("own-wifi", help="make the companion's own Wi-Fi, or bring it to the settings' name (as root: "
                                          "the installer runs it); its passphrase is new each time it comes up")
    own.add_argument("--data-dir", default=None, help="where the journal lives (default ./data)")
    own.add_argument("--config", default=None, help="the settings file (default: settings.toml in the data directory)")
    own.set_defaults(handler=_own_wifi)
    for name, helptext, handler in (
            ("backup", "copy the journal to FILE, safely while the companion runs", _backup),
            ("restore", "replace the journal with the backup FILE (the old journal is kept beside it)", _restore)):
        cmd = sub.add_parser(name, help=helptext)
        cmd.add_argument("file", metavar="FILE")
        cmd.add_argument("--data-dir", default=None, help="where the journal lives (default ./data)")
        cmd.set_defaults(handler=handler)
    return parser


def _journal(args: argparse.Namespace):
    from pathlib import Path

    from companion.settings import DEFAULTS

    return Path(args.data_dir or DEFAULTS["data"]["dir"]) / "journal.sqlite3"


def _own_wifi(args: argparse.Namespace) -> int:
    """As root: NetworkManager's connection for the companion's own Wi-Fi, made or brought up to date. The
    companion then only brings it up and down (it may not change connections: that right reads saved
    passphrases too)."""
    import os
    from pathlib import Path

    from companion import settings as settings_mod
    from companion.errors import SettingsError
    from companion.wifi import NetworkError, own_ssid
    from hardware.network import Network

    data_dir = _journal(args).parent
    try:
        # As root, in the companion's directory: never through a link its user planted there.
        settings = settings_mod.load(Path(args.config) if args.config else data_dir / "settings.toml"
                                     if os.path.lexists(data_dir / "settings.toml") else None, follow_links=False)
    except SettingsError as e:
        print(f"companion own-wifi: {e}", file=sys.stderr)
        return 1
    network = Network()
    problem = network.problem()
    if problem:
        print(f"companion own-wifi: {problem}", file=sys.stderr)
        return 1
    ssid = own_ssid(settings["network"]["name"])
    try:
        done = network.make_own(ssid)
    except NetworkError as e:
        print(f"companion own-wifi: {e}", file=sys.stderr)
        return 1
    print(f"The companion's own Wi-Fi “{ssid}” is {done}; its passphrase is new each time it comes up (the OLED shows it "
          "as a Wi-Fi QR code).")
    return 0


def _backup(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.backup import backup
    from companion.errors import JournalError

    try:
        done = backup(_journal(args), Path(args.file))
    except JournalError as e:
        print(f"companion backup: {e}", file=sys.stderr)
        return 1
    print(f"Backed up {done.games} game{'s' if done.games != 1 else ''} ({done.inputs} inputs) to {done.path}.")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.backup import restore
    from companion.errors import JournalError
    from companion.games import GAMES

    try:
        done, kept = restore(Path(args.file), _journal(args), games=GAMES)
    except JournalError as e:
        print(f"companion restore: {e}", file=sys.stderr)
        return 1
    print(f"Restored {done.games} game{'s' if done.games != 1 else ''} ({done.inputs} inputs) from {done.path}."
          + (f" The journal it replaced is kept as {kept}." if kept else "")
          + " Restart the companion (sudo systemctl restart companion) to play from it.")
    return 0


def _pair(args: argparse.Namespace) -> int:
    from companion.app import PAIRING_FILE

    if args.fresh:
        return _fresh(args)
    path = _journal(args).parent / PAIRING_FILE
    try:
        player, _, host = path.read_text().strip().partition("\n")
    except FileNotFoundError:
        print(f"companion pair: no pairing address in {path.parent}: is the companion running there? "
              "(sudo systemctl status companion; the service's data directory is /var/lib/companion)", file=sys.stderr)
        return 1
    except PermissionError:
        print(f"companion pair: {path} is the companion's own: run `sudo -u companion {sys.argv[0]} pair "
              f"--data-dir {path.parent}`", file=sys.stderr)
        return 1
    print(f"To pair a player's phone, open:\n    {player}\n"
          + (f"To pair the host's phone (backups, settings, phones, new games), open:\n    {host}\n" if host else "")
          + "(each address is good for one phone; run this again for the next)")
    return 0


def _fresh(args: argparse.Namespace) -> int:
    """Only at the box: forget that this box has had a host's phone (web_panel.security.HAD_HOST)."""
    from web_panel.security import HAD_HOST

    data_dir = _journal(args).parent
    try:
        (data_dir / HAD_HOST).unlink(missing_ok=True)
    except PermissionError:
        print(f"companion pair: {data_dir} is the companion's own: run `sudo -u companion {sys.argv[0]} pair --fresh "
              f"--data-dir {data_dir}`", file=sys.stderr)
        return 1
    print("This box is fresh again: once no phone is paired, the next phone paired with the code on its screen "
          "is the host's.")
    return 0


def _doctor(args: argparse.Namespace) -> int:
    import logging
    import os
    import tempfile
    from pathlib import Path

    from companion.doctor import PROBLEM, examine, report

    logging.basicConfig(level=logging.ERROR)  # the findings say it all; the reader link's own log would repeat it
    data_dir = _journal(args).parent.absolute()
    config = Path(args.config).absolute() if args.config else data_dir / "settings.toml"
    # lgpio makes its notification files in the working directory, which for `sudo -u companion`
    # may be a home it cannot write (the service runs in its state directory).
    with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch:
        os.chdir(scratch)
        headline, findings = examine(data_dir, config, args.reader)
    print(headline)
    print(report(findings))
    return 1 if any(f.level == PROBLEM for f in findings) else 0


def _run(args: argparse.Namespace) -> int:
    from companion.app import run_companion

    return run_companion(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
