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
        {"web": {"host": args.host, "port": args.port}, "data": {"dir": args.data_dir},
         "reader": {"port": getattr(args, "reader", None)}},
    )
    simulated = args.sim or not is_raspberry_pi()
    if not args.sim and simulated:
        log.info("no Raspberry Pi found: the buttons and the display are simulated in the web panel")
    journal = Journal(Path(settings["data"]["dir"]) / "journal.sqlite3")
    runtime = Runtime(journal, GAMES)
    runtime.start()
    try:
        table, buttons, sim = _start_table(settings, runtime, simulated)
    except BaseException:
        runtime.stop()
        journal.close()
        raise
    link, sim_reader = _start_reader(settings["reader"], runtime, table, simulated)
    if sim is not None:
        sim.reader = sim_reader

    from waitress import create_server

    from web_panel.app import create_app

    web = settings["web"]
    try:
        try:
            server = create_server(create_app(settings, runtime, sim=sim, reader=link), host=web["host"], port=web["port"],
                                   threads=4)
        except OSError as e:
            raise CompanionError(f"the web panel cannot listen on {web['host']}:{web['port']} ({e.strerror or e}): "
                                 "is another companion running? Or choose another --port") from None
        signal.signal(signal.SIGTERM, lambda *_: server.close())
        log.info("%s hardware; journal %s", "simulated" if simulated else "real", journal.path)
        log.info("serving the table at http://%s:%s/", web["host"], web["port"])
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        except OSError:
            pass  # the server was closed by SIGTERM
    finally:
        if link is not None:
            link.stop()
        if sim_reader is not None:
            sim_reader.close()
        buttons.close()
        table.stop()
        runtime.stop()
        journal.close()
    return 0


def _start_reader(reader: dict, runtime: object, table: object, simulated: bool) -> tuple:
    """The link to the NFC and dice reader: at its configured port, or (simulated
    parts, no port given) at a simulated reader on a pseudo-terminal."""
    from firmware_bridge.link import ReaderLink

    url, sim_reader = reader["port"], None
    if not url and simulated:
        from firmware_bridge.simulator import SimulatedReader

        sim_reader = SimulatedReader()
        url = sim_reader.path
        log.info("simulated reader on %s", url)
    if not url:
        log.info("no reader configured (reader.port in the settings, or --reader)")
        return None, None
    link = ReaderLink(url, runtime.submit_event, baudrate=reader["baudrate"], notice=table.alert,
                      on_state=table.reader_state)
    link.start()
    return link, sim_reader


def _start_table(settings: dict, runtime: object, simulated: bool) -> tuple:
    """The OLED and the buttons, real or simulated, driven by the table thread."""
    from companion.table import Idle, Table
    from hardware import factory

    display_settings = settings["display"]
    sim = None
    if simulated:
        from gpiozero.pins.mock import MockFactory

        display, panel = factory.simulated_display(display_settings)
        pin_factory = MockFactory()
        sim = factory.SimulatedParts(panel, pin_factory, factory.button_pins(settings["buttons"]))
    else:
        display, pin_factory = factory.real_display(display_settings), None
    idle = Idle(dim_after=display_settings["dim_after_s"], blank_after=display_settings["blank_after_s"],
                shift_every=display_settings["shift_every_s"], contrast=display_settings["contrast"],
                dim_contrast=display_settings["dim_contrast"])
    table = Table(runtime, display, idle=idle)
    buttons = factory.build_buttons(settings["buttons"], table.press, table.turn, pin_factory)
    table.start()
    table.wait_idle()  # the first frame is on the panel before the web panel answers
    return table, buttons, sim
