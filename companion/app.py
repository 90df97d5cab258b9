"""`companion run`: settings, the journal, the runtime, and the web panel."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import service_manager
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

    # The panel saves its settings page to --config, or to settings.toml in the data directory,
    # which is then read at every start.
    settings_file = Path(args.config) if args.config else Path(args.data_dir or settings_mod.DEFAULTS["data"]["dir"]) / "settings.toml"
    settings, problem = _settings(args, settings_file)
    hardware = "sim" if args.sim else getattr(args, "hardware", "auto")
    simulated = hardware == "sim" or (hardware == "auto" and not is_raspberry_pi())
    if hardware == "auto" and simulated:
        log.info("no Raspberry Pi found: the buttons and the display are simulated in the web panel")
    # The OLED says the companion is starting before the games, the journal's replay and the web
    # panel are even imported: on a Pi Zero that is most of the start-up.
    display, panel = _splash(settings["display"], simulated)
    if problem:
        log.warning("%s", problem)
    data_dir = Path(settings["data"]["dir"])
    service_manager.back_off(data_dir)  # under systemd, after failed starts
    from companion.backup import hold
    from companion.games import GAMES
    from companion.journal import Journal
    from companion.runtime import Runtime

    journal_path = data_dir / "journal.sqlite3"
    lock = hold(journal_path)  # kept for the process's life: `companion restore` waits for it
    if lock is None:
        raise CompanionError(f"another companion is running on {journal_path}: stop it first "
                             "(sudo systemctl stop companion)")
    journal = Journal(journal_path)
    runtime = Runtime(journal, GAMES)
    runtime.start()
    wifi = None if simulated else _own_wifi(settings)
    pairing = _pairing(settings["web"], Path(settings["data"]["dir"]),
                       announce=lambda: simulated or not display.state().ok, wifi=wifi)
    try:
        table, buttons, sim = _start_table(settings, runtime, simulated, pairing, (display, panel), wifi)
    except BaseException:
        runtime.stop()
        journal.close()
        raise
    if wifi is not None:
        wifi.on_change = _on_wifi_change(wifi, table, pairing)
        wifi.start()
    link, sim_reader = _start_reader(settings["reader"], runtime, table, simulated)
    if sim is not None:
        sim.reader = sim_reader

    from web_panel.app import Box, create_app
    from web_panel.serve import make_server

    web = settings["web"]
    watchdog, stopped_well = None, False
    try:
        try:
            app = create_app(Box(settings, runtime, sim=sim, reader=link, pairing=pairing, table=table,
                             settings_file=settings_file, settings_problem=problem,
                             health=lambda: _health(display, buttons, link, journal.path), wifi=wifi))
            server = make_server(app, web["host"], web["port"])
        except (OSError, ValueError) as e:
            raise CompanionError(f"the web panel cannot listen on {web['host']}:{web['port']} "
                                 f"({getattr(e, 'strerror', None) or e}): is another companion running? "
                                 "Or choose another --port or web.host") from None
        if problem:
            table.alert("Settings", "The saved settings failed: the last good ones are in use. See Settings.")
        signal.signal(signal.SIGTERM, lambda *_: _terminate(app.extensions["changes"]))
        log.info("%s hardware; journal %s", "simulated" if simulated else "real", journal.path)
        log.info("serving the table at http://%s:%s/", web["host"], web["port"])
        if simulated or not display.state().ok:
            _announce(pairing)
        watchdog = _tell_systemd_ready(runtime, web)
        well = threading.Timer(service_manager.HEALTHY_S, service_manager.started_well, (data_dir,))
        well.daemon = True
        well.start()
        try:
            server.run()  # returns on SIGTERM or Ctrl-C: waitress stops its workers on SystemExit
        except KeyboardInterrupt:
            pass
        server.close()
        well.cancel()
        stopped_well = True
    except SystemExit as stop:  # SIGTERM before the server ran (or while it did)
        stopped_well = stop.code in (0, None)
        raise
    finally:
        if stopped_well:
            service_manager.started_well(data_dir)  # a clean stop is no failed start
        service_manager.notify("STOPPING=1")
        if watchdog is not None:
            watchdog.stop()
        if link is not None:
            link.stop()
        if sim_reader is not None:
            sim_reader.close()
        buttons.close()
        table.stop()
        display.close()
        runtime.stop()
        journal.close()
    return 0


def _settings(args: argparse.Namespace, settings_file: Path) -> tuple[dict, str | None]:
    """The settings to start with, and what went wrong with the saved ones when the companion falls
    back to the last file that started it (the failed file is kept beside it): a phone may have
    saved settings that cannot work on this box, and the table must start anyway."""
    from companion import settings as settings_mod
    from companion.errors import SettingsError

    overrides = {"web": {"host": args.host, "port": args.port}, "data": {"dir": args.data_dir},
                 "reader": {"port": getattr(args, "reader", None)}}
    in_use = settings_file if args.config or settings_file.exists() else None

    def load() -> dict:
        settings = settings_mod.load(in_use, overrides)
        unusable = settings_mod.can_listen(settings["web"]["host"], settings["web"]["port"])
        if unusable:
            raise SettingsError(f"{unusable}: is another companion running? Or choose another web.host or web.port")
        return settings

    try:
        return load(), None
    except SettingsError as e:
        failed = settings_mod.fall_back(settings_file) if in_use is not None else None
        if failed is None:
            raise
        problem = (f"the saved settings could not be used ({e}); the companion started with the last settings that "
                   f"worked, and keeps the failed file as {failed.name}")
        return load(), problem


def _tell_systemd_ready(runtime: object, web: dict) -> object:
    """Under systemd (Type=notify): the companion is up; the watchdog follows the game's owner thread."""
    service_manager.notify(f"READY=1\nSTATUS=serving the table on port {web['port']}")
    interval = service_manager.watchdog_interval()
    if interval is None:
        return None
    watchdog = service_manager.Watchdog(interval, service_manager.owner_answers(runtime))
    watchdog.start()
    return watchdog


def _terminate(changes: Any) -> None:
    """SIGTERM: let the pages' requests held for a change go, then leave the server's loop even with phones still
    connected (closing the listening socket alone leaves waitress serving their open connections), and clean up
    once. Every open page holds one: unanswered, waitress waited 5 s for their workers at each stop, and they
    then woke a loop already closed (EBADF in the log)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    changes.close()
    raise SystemExit(0)


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


def _own_wifi(settings: dict) -> object:
    """The companion's own Wi-Fi, through NetworkManager (real parts only: simulated ones leave this
    machine's network alone)."""
    from companion.wifi import OwnWifi
    from hardware.network import Network

    return OwnWifi(Network(), settings["network"])


def _on_wifi_change(wifi: object, table: object, pairing: object) -> Callable[[], None]:
    """The OLED shows the own network's QR code while it is up; the pairing address changes with the network."""
    shown = [wifi.address()]

    def changed() -> None:
        table.redraw()
        if wifi.address() != shown[0]:
            shown[0] = wifi.address()
            pairing.on_change()  # the same code at the box's address on the new network

    return changed


def _pairing(web: dict, data_dir: Path, announce: Callable[[], bool] = lambda: False, wifi: object = None) -> object:
    """The pairing code the OLED shows. Its address is also kept in the data directory for
    `companion pair` on the box, and printed to the log (the service's journal) when there is no
    OLED to show it (simulated parts, or a display that does not answer): `announce`. On the
    companion's own Wi-Fi the address is the box's on that network."""
    from web_panel.app import pairing_url
    from web_panel.security import Hosts, Pairing

    hosts = Hosts(web["host"], web["allowed_hosts"])

    def address() -> str | None:
        return wifi.address() if wifi is not None else None

    pairing = Pairing(lambda code: pairing_url(hosts, web["port"], code, address()))

    def changed() -> None:
        keep_pairing_address(data_dir, pairing)
        if announce():
            _announce(pairing)

    pairing.on_change = changed
    keep_pairing_address(data_dir, pairing)
    return pairing


PAIRING_FILE = "pairing-address"


def keep_pairing_address(data_dir: Path, pairing: object) -> None:
    """The pairing addresses for `companion pair`, readable only by the companion's user (they hold the codes):
    a player's phone's, then the host's (the owner's code, which the OLED never shows)."""
    path = data_dir / PAIRING_FILE
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        tmp = data_dir / f".{PAIRING_FILE}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(f"{pairing.url}\n{pairing.owner_url}\n")
        os.replace(tmp, path)
    except OSError as e:  # a full card: the OLED and the log still show it
        log.warning("cannot keep the pairing address in %s: %s", path, e)


def _announce(pairing: object) -> None:
    # As Jupyter prints its token address: the way in for the browser on this machine, the owner's (a host's);
    # other phones pair as players with the code on the box's screen, which is also printed for a box without one.
    print(f"To pair a browser with this companion as its host, open:\n    {pairing.owner_url}\n"
          f"Other phones pair as players with the code on the box's screen ({pairing.code}).", file=sys.stderr, flush=True)


def _health(display: object, buttons: object, link: object, journal: Path) -> dict:
    """Each part's state for the panel: whether it is there, what is wrong, and the fix."""
    import shutil

    from companion.journal import MIN_FREE
    from companion.health import PartState

    free = shutil.disk_usage(journal.parent).free
    card = PartState(True) if free >= MIN_FREE else PartState(
        False, f"the card is nearly full ({free // 2**20} MB free)",
        f"remove old {journal.name}.before-restore-* files from {journal.parent}, or use a larger card")
    return {"display": display.state().public(), "buttons": buttons.state().public(),
            # No reader configured is a table without one, not a part missing.
            "reader": link.health() if link is not None else PartState(True).public(),
            "journal": card.public()}


def _splash(display_settings: dict, simulated: bool) -> tuple:
    """The OLED, real or simulated (then with its emulated panel), showing the splash screen."""
    from companion import __version__
    from companion.screens import SplashScreen, render
    from hardware import factory
    from hardware.parts import DisplaySlot

    if simulated:
        emulated, panel = factory.simulated_display(display_settings)
        display = DisplaySlot(lambda: emulated, fix="")
    else:
        display = DisplaySlot(lambda: factory.real_display(display_settings), factory.display_fix(display_settings))
        panel = None
    display.show(render(SplashScreen("Companion", f"starting {__version__}")))
    log.info("splash on the display")  # the first frame: `make bench` times start-up to this line
    return display, panel


def _start_table(settings: dict, runtime: object, simulated: bool, pairing: object = None,
                 parts: tuple | None = None, wifi: object = None) -> tuple:
    """The OLED and the buttons, real or simulated, driven by the table thread. `parts`: the
    display (and emulated panel) that already shows the splash screen."""
    from companion.table import Idle, Table
    from hardware import factory
    from hardware.parts import ButtonsSlot

    display_settings = settings["display"]
    display, panel = parts or _splash(display_settings, simulated)
    sim = None
    if simulated:
        from gpiozero.pins.mock import MockFactory

        pin_factory = MockFactory()
        sim = factory.SimulatedParts(panel, pin_factory, factory.button_pins(settings["buttons"]))
    else:
        pin_factory = None
    idle = Idle(dim_after=display_settings["dim_after_s"], blank_after=display_settings["blank_after_s"],
                shift_every=display_settings["shift_every_s"], contrast=display_settings["contrast"],
                dim_contrast=display_settings["dim_contrast"])
    table = Table(runtime, display, idle=idle, pairing=pairing, wifi=wifi)
    if pairing is not None:
        shown = pairing.on_change
        pairing.on_change = lambda: (shown(), table.redraw())
    buttons = ButtonsSlot(lambda: factory.build_buttons(settings["buttons"], table.press, table.turn, pin_factory,
                                                               on_dropped=table.dropped))
    table.on_change = buttons.changed
    table.start()
    table.wait_idle()  # the first frame is on the panel before the web panel answers
    return table, buttons, sim
