"""The settings page's API: what a phone may save, checked as start-up checks it."""

import pytest

from companion import settings as settings_mod
from web_panel.app import create_app

from phone import paired_phone, serving


@pytest.fixture
def phone(make_runtime, tmp_path):
    app = create_app(settings_mod.load(None), make_runtime(), settings_file=tmp_path / "settings.toml")
    with serving(app) as port:
        yield paired_phone(app, port)


def test_saved_settings_are_the_file_the_next_start_reads(phone, tmp_path):
    status, body = phone.call("PUT", "/api/settings", {"display": {"driver": "sh1106", "contrast": 120},
                                                      "web": {"host": "0.0.0.0", "allowed_hosts": ["table.example"]}})
    assert status == 200, body
    loaded = settings_mod.load(tmp_path / "settings.toml")
    assert loaded["display"]["driver"] == "sh1106" and loaded["display"]["contrast"] == 120
    assert loaded["web"]["allowed_hosts"] == ["table.example"]
    assert phone.get("/api/settings")[1]["saved"]["display"] == {"driver": "sh1106", "contrast": 120}


@pytest.mark.parametrize("change, message", [
    ({"display": {"contrast": 100.0}}, "body.display.contrast must be a whole number"),
    ({"web": {"host": "no such host!"}}, "body.web.host must match pattern"),
    ({"data": {"dir": "/etc/cron.d"}}, "body must not contain {'data'} properties"),
    ({"reader": {"port": "socket://evil.example:1234"}}, "body.reader.port must match pattern"),
    ({"buttons": {"next": 2}}, "buttons.next and I2C SDA both use GPIO 2"),
    ({"display": {"dim_after_s": 4000, "blank_after_s": 3000}}, "blank_after_s must be longer"),
    # An address this machine does not have: it saved, and the next start exited 2 for good.
    ({"web": {"host": "10.99.99.99"}}, "the web panel could not listen on 10.99.99.99:8080 (Cannot assign requested address)"),
])
def test_what_would_stop_the_next_start_is_refused_and_not_saved(phone, tmp_path, change, message):
    status, body = phone.call("PUT", "/api/settings", change)
    assert status == 400 and message in body["error"], body
    assert not (tmp_path / "settings.toml").exists()


def test_a_reader_device_may_be_set_from_the_panel(phone, tmp_path):
    assert phone.call("PUT", "/api/settings", {"reader": {"port": "/dev/serial/by-id/usb-MicroPython_Board-if00"}})[0] == 200
    assert settings_mod.read_file(tmp_path / "settings.toml")["reader"]["port"].startswith("/dev/serial/by-id/")


def test_a_port_another_program_holds_is_refused(phone, tmp_path):
    import socket

    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        taken = other.getsockname()[1]
        status, body = phone.call("PUT", "/api/settings", {"web": {"port": taken}})
    assert status == 400 and f"could not listen on 127.0.0.1:{taken} (Address already in use)" in body["error"], body
    assert not (tmp_path / "settings.toml").exists()
