"""The card image's recipe (deploy/image.py) and the card's own steps at each start (deploy/card.py): their pure
parts, fast. `make image` builds the image and `make image-test` boots it under qemu; both are slow, on demand."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
import card  # noqa: E402
import image  # noqa: E402
import image_boot  # noqa: E402

MIB = 1024 * 1024


def test_config_txt_boots_debians_kernel_64_bit_with_i2c_on_for_the_oled():
    text = image.config_txt("vmlinuz-6.1.0-41-arm64", "initrd.img-6.1.0-41-arm64")
    lines = text.splitlines()
    assert {"arm_64bit=1", "upstream_kernel=1", "kernel=vmlinuz-6.1.0-41-arm64"} <= set(lines)
    # What the installer turns on for the OLED and the buttons, for every board (no filter).
    assert {"dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000", "dtparam=spi=on"} <= set(lines)
    assert not [line for line in lines if line.startswith("[")]
    # The test boot finds the kernel and the initrd where the firmware does.
    assert image_boot.kernel_and_initrd(text) == ("vmlinuz-6.1.0-41-arm64", "initrd.img-6.1.0-41-arm64")


def test_a_kernel_update_keeps_the_oleds_i2c_and_the_cards_root():
    """Debian's raspi-firmware writes config.txt and cmdline.txt again after a kernel update, from these."""
    assert set(image.firmware_custom().splitlines()) == {"dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000",
                                                         "dtparam=spi=on"}
    defaults = image.firmware_defaults(0x1A2B3C4D)
    assert "ROOTPART=PARTUUID=1a2b3c4d-02" in defaults.splitlines() and "CMA=0" in defaults.splitlines()


def test_cmdline_txt_is_one_line_naming_the_root_partition_of_this_card():
    text = image.cmdline_txt(0x1A2B3C4D)
    assert text.endswith("\n") and text.count("\n") == 1  # the firmware reads one line
    assert {"root=PARTUUID=1a2b3c4d-02", "rootwait", "console=ttyS1,115200"} <= set(text.split())


def test_the_partition_table_puts_fat_boot_then_ext4_root_aligned_and_back_to_back():
    script = image.partition_table(0x1A2B3C4D, 256 * MIB, 1000 * MIB)
    assert "label: dos" in script and "label-id: 0x1a2b3c4d" in script
    boot, root = [line for line in script.splitlines() if line.startswith("start=")]
    assert boot == "start=8192, size=524288, type=c, bootable"  # 4 MiB in, 256 MiB of FAT32 (LBA)
    assert root == f"start={8192 + 524288}, size={1000 * 2048}, type=83"


def test_a_partition_not_in_whole_mib_is_refused_with_the_reason():
    with pytest.raises(image.BuildError, match="whole MiB"):
        image.partition_table(1, 256 * MIB, 1000 * MIB + 512)


def test_the_root_leaves_room_for_the_file_system_and_a_first_boot():
    size = image.root_size(1000 * MIB + 1)
    assert size % MIB == 0 and size >= 1250 * MIB + image.ROOT_SLACK


def test_the_installers_commands_see_the_roots_paths_from_inside(tmp_path):
    root = tmp_path / "root"
    cmd = ("systemctl", f"--root={root}", "enable", "companion.service")
    assert image.in_root(root, cmd) == ["systemctl", "--root=/", "enable", "companion.service"]
    pip = ("/opt/companion/venv/bin/python", "-m", "pip", "install", "-r", f"{root}/tmp/x/companion/deploy/requirements.lock")
    assert image.in_root(root, pip)[-1] == "/tmp/x/companion/deploy/requirements.lock"
    # Neither a path that merely starts the same nor an address is touched.
    assert image.in_root(root, (f"{root}2/x", "https://pypi.org/simple")) == [f"{root}2/x", "https://pypi.org/simple"]


def test_wifi_txt_as_shipped_names_no_network():
    assert card.parse_wifi(image.WIFI_TEMPLATE) is None


def test_wifi_txt_with_a_name_and_password_gives_a_saved_wpa_connection():
    assert card.parse_wifi("# home\nname = Casa Rossi\npassword = gondola-2024\n") == ("Casa Rossi", "gondola-2024")
    text = card.keyfile("Casa Rossi", "gondola-2024")
    assert "ssid=Casa Rossi" in text and "key-mgmt=wpa-psk" in text and "psk=gondola-2024" in text
    assert "wifi-security" not in card.keyfile("Café", "")  # an open network


@pytest.mark.parametrize("text, says", [
    ("name = Casa\npassword = short\n", "the password has 5 characters; a Wi-Fi password has 8 to 63"),
    ("password = gondola-2024\n", "no name"),
    ("ssid = Casa\n", "line 1 of wifi.txt"),
    (f"name = {'x' * 33}\n", "longer than a Wi-Fi name can be"),
])
def test_a_wifi_txt_that_cannot_be_used_says_what_to_change(text, says):
    with pytest.raises(card.CardError, match=says):
        card.parse_wifi(text)


@pytest.fixture
def box(tmp_path, monkeypatch):
    """The card's steps against folders: the boot partition and NetworkManager's connections; commands recorded."""
    monkeypatch.setattr(card, "BOOT", tmp_path / "boot")
    monkeypatch.setattr(card, "CONNECTIONS", tmp_path / "connections")
    (tmp_path / "boot").mkdir()
    ran = []
    monkeypatch.setattr(card, "run", lambda *cmd, stdin=None: ran.append(cmd) or "")
    return tmp_path, ran


def test_the_home_wifi_is_saved_and_its_password_leaves_the_open_partition(box):
    tmp_path, ran = box
    (tmp_path / "boot/wifi.txt").write_text(image.WIFI_TEMPLATE.replace("name =", "name = Casa Rossi")
                                            .replace("password =", "password = gondola-2024"))
    card.wifi()
    saved = tmp_path / "connections/home-wifi-Casa-Rossi.nmconnection"
    assert "psk=gondola-2024" in saved.read_text() and oct(saved.stat().st_mode & 0o777) == "0o600"
    assert ("nmcli", "connection", "load", str(saved)) in ran
    assert (tmp_path / "boot/wifi.txt").read_text() == image.WIFI_TEMPLATE  # emptied again, the notes kept


def test_a_wrong_wifi_txt_is_kept_as_written_and_the_mistake_written_beside_it(box, monkeypatch):
    tmp_path, ran = box
    monkeypatch.setattr(card, "STEPS", ((card.wifi, "wifi-error.txt"),))
    written = "name = Casa Rossi\npassword = short\n"
    (tmp_path / "boot/wifi.txt").write_text(written)
    assert card.main() == 1
    assert (tmp_path / "boot/wifi.txt").read_text() == written
    assert "a Wi-Fi password has 8 to 63" in (tmp_path / "boot/wifi-error.txt").read_text()
    assert not (tmp_path / "connections").exists() and ran == []
    (tmp_path / "boot/wifi.txt").write_text("name = Casa Rossi\npassword = gondola-2024\n")
    assert card.main() == 0 and not (tmp_path / "boot/wifi-error.txt").exists()


def test_authorized_keys_takes_public_keys_only():
    assert card.authorized_keys("# mine\nssh-ed25519 AAAAC3Nza ada@laptop\n") == ["ssh-ed25519 AAAAC3Nza ada@laptop"]
    with pytest.raises(card.CardError, match="not a public key"):
        card.authorized_keys("-----BEGIN OPENSSH PRIVATE KEY-----\n")
    with pytest.raises(card.CardError, match="holds no key"):
        card.authorized_keys("\n# nothing\n")


def test_the_root_grows_only_when_the_card_has_room_after_it():
    image_end = (4 + 256 + 1500) * 2048
    assert not card.room_to_grow(image_end, 8192 + 524288, 1500 * 2048)  # the image as written: nothing to grow
    assert card.room_to_grow(32 * 1024 * 2048, 8192 + 524288, 1500 * 2048)  # a 32 GiB card
