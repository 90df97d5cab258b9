"""`companion run`: settings, the journal, the runtime, and the web panel."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path

from companion.errors import CompanionError

log = logging.getLogger("companion")


def is_raspberry_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="replace").lower()
    except OSError:
        return False


def run_companion(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return _run(args)
    except CompanionError as e:
        print(f"companion: {e}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from companion import settings as settings_mod
    from companion.games import GAMES
    from companion.journal import Journal
    from companion.runtime import Runtime

    settings = settings_mod.load(
        args.config,
        {"web": {"host": args.host, "port": args.port}, "data": {"dir": args.data_dir}},
    )
    simulated = args.sim or not is_raspberry_pi()
    if not simulated:
        # The real buttons and OLED arrive with the hardware issue; refuse
        # rather than pretend, so a Pi never runs on mocks by accident.
        raise CompanionError("the real buttons and display are not supported yet on this version: run with --sim")
    journal = Journal(Path(settings["data"]["dir"]) / "journal.sqlite3")
    runtime = Runtime(journal, GAMES)
    runtime.start()

    from waitress import create_server

    from web_panel.app import create_app

    web = settings["web"]
    server = create_server(create_app(settings, runtime), host=web["host"], port=web["port"], threads=4)
    signal.signal(signal.SIGTERM, lambda *_: server.close())
    log.info("simulated hardware; journal %s", journal.path)
    log.info("serving the table at http://%s:%s/", web["host"], web["port"])
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    except OSError:
        pass  # the server was closed by SIGTERM
    finally:
        runtime.stop()
        journal.close()
    return 0
