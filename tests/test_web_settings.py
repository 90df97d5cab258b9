"""The settings page's API: what a phone may save, checked as start-up checks it."""

import pytest

from companion import settings as settings_mod
from web_panel.app import Box, create_app

from phone import paired_phone, serving


@pytest.fixture
def phone(make_runtime, tmp_path):
    app = create_app(Box(settings_mod.load(None), make_runtime(), settings_file=tmp_path / "settings.toml"))
    with serving(app) as port:
        yield paired_phone(app, port)


def test_saved_settings_are_the_file_the_next_start_reads(phone, tmp_path):
    current = phone.get("/api/settings")[1]["settings"]
    # As the settings page sends it: every value shown, the ones only the box's file changes as they are.
    body = {"display": current["display"] | {"contrast": 120}, "web": current["web"] | {"session_hours": 24},
            "buttons": current["buttons"]}
    status, answer = phone.call("PUT", "/api/settings", body)
    assert status == 200, answer
    loaded = settings_mod.load(tmp_path / "settings.toml")
    assert loaded["display"]["contrast"] == 120 and loaded["web"]["session_hours"] == 24
    assert phone.get("/api/settings")[1]["saved"]["display"]["contrast"] == 120


@pytest.mark.parametrize("change, message", [
    ({"display": {"contrast": 100.0}}, "body.display.contrast must be a whole number"),
    ({"data": {"dir": "/etc/cron.d"}}, "body must not contain {'data'} properties"),
    ({"reader": {"port": "socket://evil.example:1234"}}, "body.reader.port must match pattern"),
    ({"display": {"dim_after_s": 4000, "blank_after_s": 3000}}, "blank_after_s must be longer"),
    # The attack's: a screen too dark to read the pairing code, a pairing that lasts a year.
    ({"display": {"contrast": 0}}, "body.display.contrast must be bigger than or equal to 32"),
    ({"web": {"session_hours": 8760}}, "body.web.session_hours must be smaller than or equal to 168"),
])
def test_what_would_stop_the_next_start_is_refused_and_not_saved(phone, tmp_path, change, message):
    status, body = phone.call("PUT", "/api/settings", change)
    assert status == 400 and message in body["error"], body
    assert not (tmp_path / "settings.toml").exists()


@pytest.mark.parametrize("change, key", [
    # The attack's: the panel on loopback only, another port, a host name only a stranger uses, the OLED at
    # another address (no pairing code to read), SELECT on another pin (no pairing window).
    ({"web": {"host": "0.0.0.0"}}, "web.host"),
    ({"web": {"port": 8081}}, "web.port"),
    ({"web": {"allowed_hosts": ["evil.example"]}}, "web.allowed_hosts"),
    ({"display": {"i2c_address": 0x3D}}, "display.i2c_address"),
    ({"display": {"interface": "spi"}}, "display.interface"),
    ({"buttons": {"select": 5}}, "buttons.select"),
])
def test_what_could_keep_every_phone_away_is_changed_only_in_the_file_on_the_box(phone, tmp_path, change, key):
    status, body = phone.call("PUT", "/api/settings", change)
    assert status == 409 and body["error"].startswith(f"{key} is changed only in the settings file on the box"), body
    assert not (tmp_path / "settings.toml").exists()
    schema = phone.get("/api/settings")[1]["schema"]
    section, name = key.split(".")
    assert schema["properties"][section]["properties"][name]["readOnly"] is True  # the page shows it greyed


def test_a_reader_device_may_be_set_from_the_panel(phone, tmp_path):
    assert phone.call("PUT", "/api/settings", {"reader": {"port": "/dev/serial/by-id/usb-MicroPython_Board-if00"}})[0] == 200
    assert settings_mod.read_file(tmp_path / "settings.toml")["reader"]["port"].startswith("/dev/serial/by-id/")


@pytest.mark.parametrize("port", ["/dev/ttyUSB0", "/dev/ttyACM1", "/dev/ttyAMA0", "/dev/ttyS0", "/dev/serial0",
                                  "/dev/companion-reader", "/dev/serial/by-path/platform-3f980000.usb-usb-0:1.2:1.0", ""])
def test_the_reader_is_any_serial_device_the_installer_or_a_board_names(phone, tmp_path, port):
    assert phone.call("PUT", "/api/settings", {"reader": {"port": port}})[0] == 200
    assert settings_mod.read_file(tmp_path / "settings.toml")["reader"]["port"] == port


@pytest.mark.parametrize("port", ["/dev/serial/by-id/../../sda", "/dev/serial/by-id/..", "/dev/ttyUSB0/../mem",
                                  "/dev/mem", "/dev/sda1", "/dev/tty", "/dev/ttyUSB0 ", "/dev/serial/by-id/", "/etc/passwd"])
def test_the_reader_is_never_another_device_nor_a_way_out_of_dev(phone, tmp_path, port):
    """The attack: reader.port took any /dev path, `..` included."""
    status, body = phone.call("PUT", "/api/settings", {"reader": {"port": port}})
    assert status == 400 and "body.reader.port must match pattern" in body["error"], body
    assert not (tmp_path / "settings.toml").exists()
