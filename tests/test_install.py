"""deploy/install.py into a staging root: the files it renders, the user, the unit enabled, and a second run."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import settings as settings_mod

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))
from install import with_dtparams  # noqa: E402

# Raspberry Pi OS Bookworm's /boot/firmware/config.txt, shortened: the optional interfaces
# commented out, board filters at the end.
BOOKWORM_CONFIG = """\
# For more options and information see
# http://rptl.io/configtxt
# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
otg_mode=1

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
"""

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the installer adds a user: it runs as root")


@pytest.fixture
def stage(tmp_path):
    """A staging root with what Raspberry Pi OS has before the installer runs."""
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000::/home/pi:/bin/bash\n")
    (etc / "shadow").write_text("root:*:19000:0:99999:7:::\npi:*:19000:0:99999:7:::\n")
    groups = ["root:x:0:", "dialout:x:20:pi", "gpio:x:993:pi", "i2c:x:994:pi", "spi:x:995:pi", "pi:x:1000:"]
    (etc / "group").write_text("\n".join(groups) + "\n")
    (etc / "gshadow").write_text("\n".join(g.split(":")[0] + ":!::" for g in groups) + "\n")
    (etc / "modules").write_text("# /etc/modules: kernel modules to load at boot time.\n")
    (tmp_path / "boot" / "firmware").mkdir(parents=True)
    (tmp_path / "boot" / "firmware" / "config.txt").write_text(BOOKWORM_CONFIG)
    return tmp_path


def install(stage, *args):
    done = subprocess.run([sys.executable, str(ROOT / "deploy" / "install.py"), "--root", str(stage), *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def tree(root):
    """Every file and link under root with its contents, mode and owner: what a second run must not change."""
    found = {}
    for path in sorted(root.rglob("*")):
        st = path.lstat()
        body = os.readlink(path) if path.is_symlink() else path.read_bytes() if path.is_file() else None
        found[str(path.relative_to(root))] = (body, st.st_mode, st.st_uid, st.st_gid)
    return found


@needs_root
def test_the_installer_renders_every_file_and_enables_the_unit(stage):
    out = install(stage)
    assert "companion created, added to gpio i2c spi dialout" in out
    assert "Reboot to turn on I2C and SPI" in out

    user = next(line.split(":") for line in (stage / "etc/passwd").read_text().splitlines() if line.startswith("companion:"))
    assert user[5:] == ["/var/lib/companion", "/usr/sbin/nologin"] and int(user[2]) < 1000  # a system user
    members = {line.split(":")[0]: line.split(":")[3].split(",") for line in (stage / "etc/group").read_text().splitlines()}
    assert all("companion" in members[g] for g in ("gpio", "i2c", "spi", "dialout"))
    assert "pi" in members["gpio"]  # other members stay

    state = stage / "var/lib/companion"
    assert (state.stat().st_uid, state.stat().st_mode & 0o777) == (int(user[2]), 0o700)
    settings_file = state / "settings.toml"
    assert settings_file.stat().st_mode & 0o777 == 0o600
    loaded = settings_mod.load(settings_file)  # what `companion run` will read, checked as start-up checks it
    assert loaded["web"]["host"] == "0.0.0.0" and loaded["web"]["port"] == 8080
    assert loaded["reader"]["port"] == "/dev/companion-reader"

    rule = (stage / "etc/udev/rules.d/99-companion-reader.rules").read_text()
    assert ('SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005", SYMLINK+="companion-reader"'
            in rule)

    config = (stage / "boot/firmware/config.txt").read_text()
    assert "\ndtparam=i2c_arm=on\n" in config and "\ndtparam=spi=on\n" in config
    assert config.endswith("[all]\ndtparam=i2c_arm_baudrate=400000\n")  # after [all], for every board
    assert "#dtparam=i2s=on" in config and "dtparam=audio=on" in config
    assert "i2c-dev" in (stage / "etc/modules").read_text().split()

    unit = stage / "etc/systemd/system/companion.service"
    assert unit.read_text() == (ROOT / "systemd/companion.service").read_text()
    wants = stage / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert os.readlink(wants) == "/etc/systemd/system/companion.service"
    assert (stage / "opt/companion/README.md").read_text() == (ROOT / "README.md").read_text()
    assert (stage / "opt/companion/docs/pi.md").read_text() == (ROOT / "docs/pi.md").read_text()  # the unit's documentation


@needs_root
def test_a_second_run_changes_nothing_and_keeps_the_settings_the_panel_saved(stage):
    install(stage)
    settings_file = stage / "var/lib/companion/settings.toml"
    settings_file.write_text(settings_file.read_text().replace("port = 8080", "port = 8081"))
    before = tree(stage)
    out = install(stage)
    assert tree(stage) == before
    assert "companion exists, in its groups" in out and "kept as it is" in out
    assert "unchanged" in out and "already on" in out and "Reboot" not in out


@needs_root
def test_another_reader_gets_its_own_rule(stage):
    install(stage, "--reader-usb", "2341:0043")
    rule = (stage / "etc/udev/rules.d/99-companion-reader.rules").read_text()
    assert 'ATTRS{idVendor}=="2341", ATTRS{idProduct}=="0043"' in rule


def test_bad_reader_ids_are_refused_before_anything_is_touched(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "deploy/install.py"), "--root", str(tmp_path), "--reader-usb", "pico"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "such as 2e8a:0005" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_boot_config_keeps_lines_under_board_filters_and_is_stable():
    wanted = {"i2c_arm": "on", "i2c_arm_baudrate": "400000", "spi": "on"}
    text = ("dtparam=i2c_arm=on,i2c_arm_baudrate=100000\n#dtparam=spi=on,i2s=on\n[pi4]\ndtparam=spi=off\n")
    done = with_dtparams(text, wanted)
    # Set in place on the line for every board; the commented pair and the [pi4] line are the user's.
    assert done == ("dtparam=i2c_arm=on,i2c_arm_baudrate=400000\n#dtparam=spi=on,i2s=on\n[pi4]\ndtparam=spi=off\n"
                    "[all]\ndtparam=spi=on\n")
    assert with_dtparams(done, wanted) == done
    assert with_dtparams("", wanted) == "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\ndtparam=spi=on\n"
    assert with_dtparams("dtparam=spi=off\n", {"spi": "on"}) == "dtparam=spi=on\n"


class Commands:
    """A recording double of apt, pip, udevadm and systemctl: what the installer would run on the Pi."""

    def __init__(self, raspberry_pi_os=True):
        self.ran = []
        self.raspberry_pi_os = raspberry_pi_os

    def __call__(self, cmd):
        self.ran.append(" ".join(cmd))
        if cmd[:2] == ("apt-cache", "show"):
            return (0, f"Package: {cmd[-1]}\nVersion: 0.2.2-1\n") if self.raspberry_pi_os else (100, "E: No packages found")
        return 0, ""


def _pip(ran):
    """Every `pip install` the installer ran as root, its options and what it installed (the copy's temporary
    directory left out). The attack: `pip install --upgrade pip`, unpinned and unhashed, came first."""
    import re

    return [re.sub(r"/\S*/companion", "/companion", c.split(" -m pip install --quiet ", 1)[1])
            for c in ran if " -m pip install " in c]


def _installed_user(stage):
    """The companion user as a first install left it: the steps that add it change nothing now."""
    with open(stage / "etc/passwd", "a") as f:
        f.write("companion:x:999:999::/var/lib/companion:/usr/sbin/nologin\n")
    groups = (stage / "etc/group").read_text().replace(":pi\n", ":pi,companion\n") + "companion:x:999:\n"
    (stage / "etc/group").write_text(groups)


def _on_the_pi(stage, commands, *args, **kwargs):
    """The installer as on a real Pi (not a staging run), its commands recorded instead of run, its files
    written under `stage`."""
    from install import Installer

    out = []
    installer = Installer(stage, command=commands, out=out.append, **kwargs)
    installer.staging = False  # the decisions of a real install; every file still lands under `stage`
    installer.install()
    return "\n".join(out)


@needs_root
def test_a_fresh_card_needs_a_reboot_the_service_waits_for_it_and_reboot_does_it(stage):
    """On a fresh Raspberry Pi OS card I2C is off: the installer turned it on, restarted the service before
    the reboot that makes /dev/i2c-1, and exited 1. Now it enables the service for the next boot, says so,
    and exits 0; --reboot reboots at the end. Raspberry Pi OS's python3-lgpio is used, nothing is built."""
    _installed_user(stage)
    (stage / "boot/firmware/cmdline.txt").write_text(
        "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n")
    commands = Commands()
    out = _on_the_pi(stage, commands, uart=True, reboot=True)
    ran = commands.ran
    assert "apt-get install -y -qq python3-venv i2c-tools nftables dnsmasq-base python3-lgpio python3-spidev" in ran
    venv = next(c for c in ran if " -m venv " in c)
    assert venv.endswith("-m venv --system-site-packages /opt/companion/venv")
    # Every dependency from the lock file, its hashes checked; then the companion alone, nothing more fetched.
    assert _pip(ran) == ["--require-hashes --no-deps -r /companion/deploy/requirements.lock",
                         "--upgrade --no-deps --no-build-isolation /companion"]  # not [pi]: it would build lgpio again
    assert "/opt/companion/venv/bin/python -c import lgpio, spidev" in ran
    # The own Wi-Fi's connection, made as root: the companion itself only brings it up and down.
    assert "/opt/companion/venv/bin/companion own-wifi --data-dir /var/lib/companion" in ran
    assert "systemctl enable companion.service" in ran
    assert not any("restart" in c for c in ran)  # no start before the reboot that brings the parts
    assert ran[-1] == "systemctl reboot"
    assert "Reboot to turn on I2C, SPI and the UART on GPIO 14/15: sudo reboot" in out and "Rebooting now." in out
    assert "it starts at the next boot" in out

    config = (stage / "boot/firmware/config.txt").read_text()
    assert config.endswith("enable_uart=1\n") and "dtparam=i2c_arm=on" in config
    assert (stage / "boot/firmware/cmdline.txt").read_text() == \
        "console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait\n"  # no serial console on it
    assert settings_mod.load(stage / "var/lib/companion/settings.toml")["reader"]["port"] == "/dev/serial0"

    commands = Commands()
    out = _on_the_pi(stage, commands, uart=True, reboot=True)  # after the reboot, run again: nothing to reboot for
    assert "systemctl restart companion.service" in commands.ran and "systemctl reboot" not in commands.ran
    assert "Reboot" not in out and "already on" in out


@needs_root
def test_without_raspberry_pi_os_packages_the_extra_is_built_and_the_installer_says_what_that_needs(stage):
    _installed_user(stage)
    commands = Commands(raspberry_pi_os=False)
    out = _on_the_pi(stage, commands)
    assert "apt-get install -y -qq python3-venv i2c-tools nftables dnsmasq-base python3-dev gcc swig" in commands.ran
    # The attack: the [pi] extra was built from the index without hashes. Now from its own lock, hashed, its
    # sources built with the setuptools of the first lock.
    assert _pip(commands.ran) == ["--require-hashes --no-deps -r /companion/deploy/requirements.lock",
                                  "--require-hashes --no-deps --no-build-isolation -r /companion/deploy/requirements-pi.lock",
                                  "--upgrade --no-deps --no-build-isolation /companion"]
    assert next(c for c in commands.ran if " -m venv " in c).endswith("-m venv /opt/companion/venv")
    assert "python3-lgpio and python3-spidev are not in this system's apt sources" in out
    assert "swig and the lgpio C library" in out


@needs_root
def test_a_link_planted_in_the_companions_directory_is_never_followed_by_root(stage):
    """The attack: on every re-run root changed the owner and mode of wifi-passphrase in /var/lib/companion,
    which the companion's user owns, by its name: a link planted there made root chown and chmod the file it
    points to (root at the next install). The settings file was written the same way, through a part file.
    Files of root's stand behind links of those names; they stay as they are."""
    import stat

    _installed_user(stage)
    state = stage / "var/lib/companion"
    state.mkdir(parents=True)
    victims = []
    for name in ("wifi-passphrase", "settings.toml.companion-new"):
        victim = stage / "etc" / f"root-only-{name}"
        victim.write_text("root's own\n")
        victim.chmod(0o644)
        (state / name).symlink_to(victim)
        victims.append(victim)
    _on_the_pi(stage, Commands())
    for victim in victims:
        seen = victim.stat()
        assert (victim.read_text(), seen.st_uid, stat.S_IMODE(seen.st_mode)) == ("root's own\n", 0, 0o644), victim
    assert not os.path.lexists(state / "wifi-passphrase")  # the passphrase is kept nowhere now
    settings = state / "settings.toml"
    assert not settings.is_symlink() and (settings.stat().st_uid, stat.S_IMODE(settings.stat().st_mode)) == (999, 0o600)
    assert sorted(p.name for p in state.iterdir()) == ["settings.toml"]


@needs_root
def test_the_usual_usb_readers_are_named_by_default_and_reboot_is_skipped_in_a_staging_root(stage):
    out = subprocess.run([sys.executable, str(ROOT / "deploy" / "install.py"), "--root", str(stage), "--reboot"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "reboot           skipped (staging root)" in out.stdout
    rule = (stage / "etc/udev/rules.d/99-companion-reader.rules").read_text()
    for vid, pid in (("2e8a", "0005"), ("1a86", "7523"), ("10c4", "ea60"), ("0403", "6001")):
        assert f'ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", SYMLINK+="companion-reader"' in rule
    # Every line is a comment or a rule of key/value pairs alone: udev rejects anything after a rule's last pair
    # (a booted card's udevd said so for the FTDI lines, whose names followed them).
    pair = r'[A-Z]+(\{\w+\})?(==|\+=|=)"[^"]*"'
    assert all(line.startswith("#") or re.fullmatch(f"{pair}(, {pair})*", line) for line in rule.splitlines() if line)


@needs_root
def test_the_own_wifi_gets_its_dns_its_portal_redirect_and_its_permission(stage):
    old = stage / "etc/NetworkManager/dnsmasq-shared.d/companion.conf"  # an earlier install's, for every shared connection
    old.parent.mkdir(parents=True)
    old.write_text("address=/#/10.42.0.1\n")
    out = install(stage, "--port", "8081")
    assert not old.exists() and "dnsmasq-shared.d/companion.conf removed" in out
    script = stage / "etc/NetworkManager/dispatcher.d/90-companion-portal"
    assert script.stat().st_mode & 0o777 == 0o755
    assert subprocess.run(["sh", "-n", str(script)]).returncode == 0  # it parses
    # Run as NetworkManager runs it when the own Wi-Fi comes up: the redirect follows the settings file's port
    # (changed after the install), and the default where the file names none; DNS on that interface goes to
    # a dnsmasq that answers every name with the box's address there; nothing for another connection.
    for tool in ("nft", "systemctl"):
        fake = stage / tool
        fake.write_text(f'#!/bin/sh\necho "$@" >> {stage}/{tool}.args\n[ "$1" = "-f" ] && cat >> {stage}/nft.rules\nexit 0\n')
        fake.chmod(0o755)
    settings = stage / "settings.toml"
    env = {"PATH": "/usr/bin:/bin", "NFT": str(stage / "nft"), "SYSTEMCTL": str(stage / "systemctl"),
           "COMPANION_SETTINGS": str(settings), "IP4_ADDRESS_0": "10.42.0.1/24 0.0.0.0"}
    for text, port in (('[web]\nhost = "0.0.0.0"\nport = 8099\n[reader]\nport = "/dev/x"\n', "8099"), ("", "8080")):
        settings.write_text(text)
        (stage / "nft.rules").unlink(missing_ok=True)
        done = subprocess.run(["sh", str(script), "wlan0", "up"], env=env | {"CONNECTION_ID": "companion-own-wifi"})
        rules = (stage / "nft.rules").read_text()
        assert done.returncode == 0 and f'iifname "wlan0" tcp dport 80 redirect to :{port}' in rules
        assert 'iifname "wlan0" meta l4proto { tcp, udp } th dport 53 redirect to :5380' in rules
    assert (stage / "systemctl.args").read_text().splitlines()[:2] == [
        "stop companion-portal-dns@*.service", "start companion-portal-dns@10.42.0.1.service"]
    assert (stage / "etc/systemd/system/companion-portal-dns@.service").read_text() == \
        (ROOT / "systemd/companion-portal-dns@.service").read_text()
    if shutil.which("nft"):  # Debian's nftables checks the rules as it would load them
        checked = subprocess.run(["nft", "-c", "-f", str(stage / "nft.rules")], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
    for tool in ("nft.rules", "nft.args", "systemctl.args"):
        (stage / tool).unlink()
    assert subprocess.run(["sh", str(script), "eth0", "up"], env=env | {"CONNECTION_ID": "home"}).returncode == 0
    assert not any((stage / tool).exists() for tool in ("nft.rules", "nft.args", "systemctl.args"))
    assert subprocess.run(["sh", str(script), "wlan0", "down"], env=env | {"CONNECTION_ID": "companion-own-wifi"}).returncode == 0
    assert (stage / "nft.args").read_text() == "delete table inet companion_portal\n"
    assert (stage / "systemctl.args").read_text() == "stop companion-portal-dns@*.service\n"
    rule = (stage / "etc/polkit-1/rules.d/50-companion-network.rules").read_text()
    assert 'subject.user == "companion"' in rule and '"org.freedesktop.NetworkManager.network-control"' in rule
    assert "indexOf(\"org.freedesktop.NetworkManager.\")" not in rule  # not every NetworkManager action
    assert "settings.modify.hostname" not in rule and "enable-disable-network" not in rule
    assert "settings.modify.system" not in rule  # which would read the home Wi-Fi's saved passphrase too


def _locked(name):
    """A lock file's pins ({package: version}), each package checked to carry hashes."""
    import re

    lock = (ROOT / "deploy" / name).read_text()
    blocks = re.split(r"(?m)^(?=[a-z0-9])", lock)[1:]
    assert blocks and all("--hash=sha256:" in block for block in blocks), name
    return dict(re.findall(r"(?m)^([a-z0-9][a-z0-9._-]*)==(\S+?)(?: ;.*)? \\$", lock))


def _names(requirements):
    import re

    return {re.split(r"[<>=!~ ;\[]", w, maxsplit=1)[0].lower().replace(".", "-").replace("_", "-") for w in requirements}


def test_the_lock_file_pins_every_dependency_with_its_hashes():
    """The Pi installs from deploy/requirements.lock with --require-hashes (`make lock` writes it): each
    dependency pyproject.toml names is in it, pinned, and every pinned package carries hashes."""
    import tomllib

    pinned = _locked("requirements.lock")
    wanted = _names(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"])
    assert wanted - set(pinned) == set(), wanted - set(pinned)
    assert "setuptools" in pinned  # what builds the companion itself, with no build isolation


def test_the_pi_lock_pins_the_pi_extra_with_its_hashes_and_the_rest_as_the_lock_does():
    """Outside Raspberry Pi OS the [pi] extra comes from deploy/requirements-pi.lock, hashed too (it was built
    from the index without hashes); what both locks hold, they pin alike."""
    import tomllib

    pinned, pi = _locked("requirements.lock"), _locked("requirements-pi.lock")
    extra = _names(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"])
    assert extra == {"lgpio", "rpi-gpio", "spidev"} and extra <= set(pi)
    assert {name: pi[name] for name in pinned} == pinned
