"""Settings files: defaults, overrides, and a message that names the bad key."""

import pytest

from companion import settings
from companion.errors import SettingsError


def write(tmp_path, text):
    path = tmp_path / "companion.toml"
    path.write_text(text)
    return path


def test_defaults_then_file_then_command_line(tmp_path):
    path = write(tmp_path, "[web]\nport = 9001\n[display]\ndriver = 'sh1106'\n")
    s = settings.load(path, {"web": {"host": "0.0.0.0", "port": None}})
    assert s["web"] == {"host": "0.0.0.0", "port": 9001, "allowed_hosts": [], "session_hours": 16}
    assert s["display"]["driver"] == "sh1106" and s["display"]["i2c_address"] == 0x3C
    assert settings.load(None)["web"]["port"] == 8080


@pytest.mark.parametrize("text, message", [
    ("[web]\nprot = 1\n", "unknown key web.prot"),
    ("[screen]\n", "unknown key screen"),
    ("[web]\nport = 'eighty'\n", "web.port must be integer"),
    ("[buttons]\nnext = 40\n", "buttons.next must be smaller than or equal to 27"),
    ("[display]\ndriver = 'ssd9999'\n", "display.driver must be one of"),
])
def test_a_bad_key_or_value_is_named(tmp_path, text, message):
    with pytest.raises(SettingsError) as err:
        settings.load(write(tmp_path, text))
    assert message in str(err.value) and "companion.toml" in str(err.value)


def test_a_file_that_is_not_toml_or_is_missing(tmp_path):
    with pytest.raises(SettingsError, match="cannot be read"):
        settings.load(write(tmp_path, "[web\n"))
    with pytest.raises(SettingsError, match="does not exist"):
        settings.load(tmp_path / "nope.toml")


def test_save_merges_checks_and_replaces_the_file_whole(tmp_path):
    path = write(tmp_path, "[web]\nport = 9001\n")
    settings.save(path, {"display": {"driver": "sh1106"}, "web": {"allowed_hosts": ["table.example"]}})
    assert settings.read_file(path) == {"web": {"port": 9001, "allowed_hosts": ["table.example"]},
                                        "display": {"driver": "sh1106"}}
    before = path.read_text()
    with pytest.raises(SettingsError, match="buttons.next and I2C SDA both use GPIO 2"):
        settings.save(path, {"buttons": {"next": 2}})
    with pytest.raises(SettingsError, match="web.port must be smaller than or equal to 65535"):
        settings.save(path, {"web": {"port": 70000}})
    assert path.read_text() == before and not path.with_name(path.name + ".tmp").exists()
