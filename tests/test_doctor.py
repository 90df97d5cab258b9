"""`companion doctor`: on this machine (no parts), and with the parts' doubles (gpiozero's MockFactory,
a reader on a pseudo-terminal, an SMBus double at the I2C edge)."""

import errno
import os
import socket
import subprocess
import sys
import tty

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion.backup import hold
from companion.doctor import OK, PROBLEM, WARN, Machine, examine, report
from firmware_bridge.simulator import SimulatedReader
from test_cli_run import ROOT, free_port


class Bus:
    """smbus2.SMBus at the edge: which addresses acknowledge an empty write."""

    def __init__(self, answering):
        self.answering = answering
        self.closed = False

    def write_quick(self, address):
        if address not in self.answering:
            raise OSError(errno.ENXIO, "No such device or address")

    def close(self):
        self.closed = True


@pytest.fixture
def pi(tmp_path):
    """A /dev with I2C bus 1 and a GPIO chip, an OLED answering at 0x3C, and gpiozero's mock pins."""
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "i2c-1").touch()
    (dev / "gpiochip0").touch()
    factory = MockFactory()
    buses = []

    def smbus(port):
        buses.append(Bus({0x3C}))
        return buses[-1]

    machine = Machine(dev=dev, smbus=smbus, pin_factory=factory, user="companion")
    machine.buses = buses
    yield machine
    factory.close()


def by_part(findings):
    found = {}
    for f in findings:
        found.setdefault(f.part, []).append(f)
    return found


def settings_file(tmp_path, text):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    return path


def test_on_a_machine_without_the_parts_every_check_says_what_it_found_and_how_to_fix_it(tmp_path):
    done = subprocess.run([sys.executable, "-m", "companion", "doctor", "--data-dir", str(tmp_path / "data"),
                           "--reader", "/dev/ttyACM7"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr  # problems found
    lines = done.stdout.splitlines()
    assert lines[0].startswith("companion doctor, as ") and "not a Raspberry Pi" in lines[0]
    parts = {line.split()[1] for line in lines[1:-1] if not line.startswith(" ")}
    assert parts == {"settings", "OLED", "GPIO", "reader", "data", "disk", "network", "panel"}
    for i, line in enumerate(lines):
        if line.startswith((PROBLEM, WARN)):
            assert lines[i + 1].strip().startswith("fix: "), line
    assert "/dev/i2c-1 is not there" in done.stdout and "sudo raspi-config nonint do_i2c 0" in done.stdout
    assert "/dev/ttyACM7 is not there" in done.stdout and "--reader-usb VID:PID" in done.stdout
    assert "NetworkManager is not installed" in done.stdout  # this machine: the panel runs, no own Wi-Fi
    assert lines[-1].endswith("warnings.") or lines[-1].endswith("warning.")
    assert "Traceback" not in done.stderr


def test_the_oled_answering_at_its_address_and_not(tmp_path, pi):
    findings = by_part(examine(tmp_path, None, machine=pi)[1])
    assert findings["OLED"][0].level == OK and "SSD1306 at 0x3C on I2C bus 1 answers" in findings["OLED"][0].found
    assert pi.buses[0].closed

    moved = settings_file(tmp_path, "[display]\ni2c_address = 0x3D\n")
    oled = by_part(examine(tmp_path, moved, machine=pi)[1])["OLED"][0]
    assert oled.level == PROBLEM and "0x3D on I2C bus 1: nothing answers" in oled.found
    assert "i2cdetect -y 1" in oled.fix


def test_the_buttons_free_or_held_by_another_program(tmp_path, pi):
    gpio = by_part(examine(tmp_path, None, machine=pi)[1])["GPIO"][0]
    assert gpio.level == OK and "buttons free: back GPIO 27, select GPIO 23, action GPIO 22, next GPIO 17" in gpio.found

    other = Button(17, pin_factory=pi.pin_factory)  # another program has the NEXT button's pin
    try:
        gpio = by_part(examine(tmp_path, None, machine=pi)[1])["GPIO"][0]
    finally:
        other.close()
    assert gpio.level == PROBLEM and "cannot claim next GPIO 17" in gpio.found and gpio.fix


def test_a_reader_on_the_port_is_found_with_its_firmware(tmp_path, pi):
    reader = SimulatedReader(tmp_path / "companion-reader", fw="pico-nfc/1.0")
    try:
        found = by_part(examine(tmp_path, None, reader_url=reader.path, machine=pi)[1])["reader"][0]
    finally:
        reader.close()
    assert found.level == OK and found.found == f"{reader.path}: pico-nfc/1.0, protocol v1, can read tag,dice"


def test_a_port_where_nothing_speaks_the_protocol(tmp_path, pi):
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        found = by_part(examine(tmp_path, None, reader_url=os.ttyname(slave), machine=pi, reader_wait=1)[1])["reader"][0]
    finally:
        os.close(master)
        os.close(slave)
    assert found.level == PROBLEM and "nothing speaks protocol v1 on it within 1 s" in found.found
    assert "115200 baud" in found.fix


def test_the_journal_intact_damaged_and_in_use(tmp_path, pi, make_runtime):
    runtime = make_runtime(path=tmp_path / "journal.sqlite3",
                           game_setup={"players": [{"name": "Ada"}, {"name": "Bea"}]})
    runtime.stop()
    runtime.journal.close()
    data = by_part(examine(tmp_path, None, machine=pi)[1])
    assert data["data"][0].level == OK and ": 1 game(s), 0 inputs, intact; no companion is running on it" in data["data"][0].found
    assert data["disk"][0].level in (OK, WARN) and "MB free of" in data["disk"][0].found

    lock = hold(tmp_path / "journal.sqlite3")  # a companion runs on it: its parts are left to it
    reader = SimulatedReader(tmp_path / "companion-reader")
    try:
        found = by_part(examine(tmp_path, None, reader_url=reader.path, machine=pi)[1])
    finally:
        lock.close()
        reader.close()
    assert "a companion is running on it" in found["data"][0].found
    assert "the running companion holds it" in found["reader"][0].found
    assert "the running companion holds the buttons" in found["GPIO"][0].found

    (tmp_path / "journal.sqlite3").write_bytes(b"not a journal" * 100)
    data = by_part(examine(tmp_path, None, machine=pi)[1])["data"][0]
    assert data.level == PROBLEM and "companion restore FILE" in data.fix


def test_a_bad_settings_file_is_named_and_the_rest_still_checked(tmp_path, pi):
    bad = settings_file(tmp_path, "[web]\nprot = 80\n")
    findings = examine(tmp_path, bad, machine=pi)[1]
    assert findings[0].level == PROBLEM and "unknown key web.prot" in findings[0].found and str(bad) in findings[0].fix
    assert {f.part for f in findings} >= {"OLED", "GPIO", "reader", "data", "panel"}


def test_settings_that_failed_at_a_start_are_named(tmp_path, pi):
    good = settings_file(tmp_path, '[web]\nhost = "0.0.0.0"\n')
    (tmp_path / "settings.toml.failed").write_text('[web]\nhost = "10.99.99.99"\n')
    settings = by_part(examine(tmp_path, good, machine=pi)[1])["settings"]
    assert [f.level for f in settings] == [OK, WARN] and "fell back to the last settings that worked" in settings[1].found
    assert "settings.toml.failed" in settings[1].fix


def test_the_panel_port_taken_and_a_panel_only_this_machine_can_open(tmp_path, pi):
    port = free_port()
    with socket.socket() as s:
        s.bind(("0.0.0.0", port))
        s.listen()
        config = settings_file(tmp_path, f'[web]\nhost = "0.0.0.0"\nport = {port}\n')
        panel = by_part(examine(tmp_path, config, machine=pi)[1])["panel"]
    assert panel[0].level == PROBLEM and f"could not listen on 0.0.0.0:{port}" in panel[0].found
    assert f"sport = :{port}" in panel[0].fix
    assert len(panel) == 1  # listening on every address: no warning about phones

    panel = by_part(examine(tmp_path, None, machine=pi)[1])["panel"]
    assert [f.level for f in panel] == [OK, WARN] and "phones cannot reach" in panel[1].found


def test_the_report_puts_each_fix_under_its_problem():
    from companion.doctor import Finding

    text = report([Finding("OLED", OK, "answers"), Finding("reader", PROBLEM, "gone", "plug it in")])
    assert text.splitlines() == ["ok       OLED      answers", "PROBLEM  reader    gone",
                                 "                   fix: plug it in", "1 problem, 0 warnings."]


def test_beside_a_running_companion_it_finds_the_panel_serving_and_leaves_the_journal_to_it(tmp_path):
    from test_cli_run import pairing_code, start

    port = free_port()
    (tmp_path / "settings.toml").write_text(f"[web]\nport = {port}\n")
    proc = start("run", "--sim", "--data-dir", str(tmp_path))
    try:
        pairing_code(proc)  # it is up
        done = subprocess.run([sys.executable, "-m", "companion", "doctor", "--data-dir", str(tmp_path)],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    finally:
        proc.terminate()
        assert proc.wait(20) == 0
    assert f"ok       panel     serving: http://localhost:{port}/ (this machine only)" in done.stdout
    assert "0 inputs, intact; a companion is running on it" in done.stdout


def test_when_it_cannot_tell_whether_a_companion_runs_it_touches_nothing_one_may_hold(tmp_path, pi):
    """The data directory is the companion user's and another user runs the doctor (root cannot see that
    here: it may look everywhere), so `in_use` is unknown."""
    from companion.doctor import check_buttons, check_panel, check_reader

    reader = SimulatedReader(tmp_path / "companion-reader")
    try:
        found = list(check_reader({"port": reader.path, "baudrate": 115200}, None))
    finally:
        reader.close()
    assert found[0].level == OK and "left alone: a companion may hold it" in found[0].found
    gpio = list(check_buttons({"next": 17}, None, pi, None))
    assert "left alone: a companion may hold the buttons" in gpio[0].found
    port = free_port()
    panel = list(check_panel({"host": "0.0.0.0", "port": port, "allowed_hosts": []}, None))
    assert panel[0].level == OK and f"0.0.0.0:{port} is free" in panel[0].found  # nothing answers there: it looks


def test_doctor_says_which_wifi_the_box_is_on(tmp_path, pi):
    from nmcli_double import HOME, Nmcli

    from hardware.network import OWN

    pi.nmcli = Nmcli(HOME)
    network = by_part(examine(tmp_path, None, machine=pi)[1])["network"]
    assert [f.level for f in network] == [OK] and network[0].found.startswith("the Wi-Fi “Home:5G” (wlan0)")
    pi.nmcli = Nmcli([*HOME, (["-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"],
                              (0, f"{OWN}:802-11-wireless:wlan0\n")),
                      (["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN], (0, "Ada table\n"))])
    network = by_part(examine(tmp_path, None, machine=pi)[1])["network"]
    assert network[0].found == "the companion's own Wi-Fi “Ada table” (wlan0); phones reach the panel at 10.42.0.1"
    pi.nmcli = Nmcli([(["-t", "-f", "RUNNING", "general"], (127, "nmcli is not installed"))])
    network = by_part(examine(tmp_path, None, machine=pi)[1])["network"]
    assert network[0].level == WARN and "NetworkManager is not installed" in network[0].found
