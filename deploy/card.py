#!/usr/bin/python3
"""The card's own steps at every start of a box flashed with the image (deploy/image.py puts this file
in /usr/local/lib/companion/; systemd/companion-card.service runs it as root):

- the root partition grows to fill the card (at the first start; later there is nothing left to grow);
- an `authorized_keys` on the boot partition turns SSH on for those keys (root has no password);
- a home Wi-Fi named in the boot partition's wifi.txt is saved for NetworkManager, and wifi.txt is
  emptied again (the password does not stay on the card's open partition); a mistake in it is
  written to wifi-error.txt beside it, and wifi.txt is kept as the owner wrote it;
- the companion's own Wi-Fi is made (`companion own-wifi`, as the installer does), with a passphrase
  of this box's own.

Each step says what it did in the journal (journalctl -u companion-card). Only the standard library.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

BOOT = Path("/boot/firmware")
CONNECTIONS = Path("/etc/NetworkManager/system-connections")
OWN_CONNECTION = CONNECTIONS / "companion-own-wifi.nmconnection"
COMPANION = "/opt/companion/venv/bin/companion"
DATA = Path("/var/lib/companion")
GROW_MIN = 16 * 1024 * 1024 // 512  # sectors: less free than that after the root is not worth growing into
KEY_TYPES = ("ssh-ed25519", "ssh-rsa", "ecdsa-sha2-", "sk-ssh-ed25519@", "sk-ecdsa-sha2-")
WIFI_KEYS = ("name", "password")


class CardError(Exception):
    """A file on the boot partition that cannot be used: the message says what to change."""


# --- pure parts ------------------------------------------------------------------------------------

def room_to_grow(disk_sectors: int, start: int, sectors: int) -> bool:
    """Whether the card has room after the root partition worth growing it into."""
    return disk_sectors - (start + sectors) >= GROW_MIN


def parse_wifi(text: str) -> tuple[str, str] | None:
    """wifi.txt's name and password (password "" for an open network), or None when it names none."""
    found = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lower()
        if not sep or key not in WIFI_KEYS:
            raise CardError(f"line {number} of wifi.txt is not “name = …” or “password = …”: {line.strip()}")
        found[key] = value.strip()
    name, password = found.get("name", ""), found.get("password", "")
    if not name:
        if password:
            raise CardError("wifi.txt has a password but no name: write the Wi-Fi's name after “name =”")
        return None
    if len(name.encode()) > 32:
        raise CardError(f"the Wi-Fi's name “{name}” is longer than a Wi-Fi name can be (32 bytes)")
    if password and not 8 <= len(password) <= 63:
        raise CardError(f"the password has {len(password)} characters; a Wi-Fi password has 8 to 63")
    return name, password


def _escaped(value: str) -> str:
    """A value as NetworkManager's key files read it back."""
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace(";", "\\;")


def keyfile(name: str, password: str) -> str:
    """NetworkManager's saved connection for the home Wi-Fi `name`."""
    text = (f"[connection]\nid={_escaped(name)}\ntype=wifi\nautoconnect=true\n\n"
            f"[wifi]\nmode=infrastructure\nssid={_escaped(name)}\n\n")
    if password:
        text += f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={_escaped(password)}\n\n"
    return text + "[ipv4]\nmethod=auto\n\n[ipv6]\nmethod=auto\n"


def connection_file(name: str) -> Path:
    """Where the home Wi-Fi `name` is saved: one file for each network named, so none replaces another."""
    return CONNECTIONS / ("home-wifi-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "network")
                          + ".nmconnection")


def authorized_keys(text: str) -> list[str]:
    """The public keys in an authorized_keys file, each checked to be one."""
    keys = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not keys:
        raise CardError("authorized_keys holds no key: put your public key in it (one line, as in ~/.ssh/id_ed25519.pub)")
    for key in keys:
        if not key.startswith(KEY_TYPES):
            raise CardError(f"authorized_keys: “{key[:40]}…” is not a public key (a line like “ssh-ed25519 AAAA…”); "
                            "never put a private key here")
    return keys


# --- the steps -------------------------------------------------------------------------------------

def say(what: str) -> None:
    print(f"card: {what}", flush=True)


def run(*cmd: str, stdin: str | None = None) -> str:
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        raise CardError(f"`{' '.join(cmd)}` failed: {(done.stderr or done.stdout).strip()}")
    return done.stdout


def _sys_block(name: str, what: str) -> int:
    return int(Path("/sys/class/block", name, what).read_text())


def grow() -> None:
    part = Path(run("findmnt", "-no", "SOURCE", "/").strip()).resolve().name  # mmcblk0p2, vda2
    disk = run("lsblk", "-no", "PKNAME", f"/dev/{part}").strip()
    number = _sys_block(part, "partition")
    if not room_to_grow(_sys_block(disk, "size"), _sys_block(part, "start"), _sys_block(part, "size")):
        say(f"/dev/{part} fills the card")
        return
    run("sfdisk", "--no-reread", "--no-tell-kernel", "-N", str(number), f"/dev/{disk}", stdin=", +\n")
    run("partx", "-u", "--nr", str(number), f"/dev/{disk}")
    run("resize2fs", f"/dev/{part}")
    say(f"/dev/{part} grown to fill the card: {_sys_block(part, 'size') * 512 // 1024 ** 2} MiB")


def ssh() -> None:
    given = BOOT / "authorized_keys"
    if not given.exists():
        return
    keys = authorized_keys(given.read_text())
    home = Path("/root/.ssh")
    home.mkdir(mode=0o700, exist_ok=True)
    kept = home / "authorized_keys"
    old = kept.read_text().splitlines() if kept.exists() else []
    kept.write_text("\n".join(old + [k for k in keys if k not in old]) + "\n")
    kept.chmod(0o600)
    run("ssh-keygen", "-A")  # this box's own host keys
    run("systemctl", "enable", "--now", "--no-block", "ssh.service")
    given.unlink()
    say(f"SSH on for {len(keys)} key{'s' if len(keys) != 1 else ''}: ssh root@{Path('/etc/hostname').read_text().strip()}.local")


def wifi() -> None:
    given = BOOT / "wifi.txt"
    if not given.exists():
        return
    text = given.read_text()
    found = parse_wifi(text)
    if found is None:
        return
    name, password = found
    path = connection_file(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(keyfile(name, password))
    path.chmod(0o600)
    run("nmcli", "connection", "load", str(path))
    template = re.sub(r"(?m)^(\s*(name|password)\s*=).*$", r"\1", text)
    given.write_text(template)
    say(f"the home Wi-Fi “{name}” is saved; wifi.txt is empty again")


def own_wifi() -> None:
    if OWN_CONNECTION.exists():
        return
    for _ in range(20):  # the Wi-Fi chip's driver may come up a little after NetworkManager
        if "wifi" in run("nmcli", "-t", "-f", "TYPE", "device").split():
            break
        time.sleep(1)
    done = subprocess.run([COMPANION, "own-wifi", "--data-dir", str(DATA)], capture_output=True, text=True)
    say((done.stdout or done.stderr).strip())
    kept = DATA / "wifi-passphrase"
    if kept.exists():
        run("chown", "companion:companion", str(kept))


# Each step, and the file on the boot partition that tells the owner of a mistake in theirs.
STEPS = ((grow, None), (ssh, "ssh-error.txt"), (wifi, "wifi-error.txt"), (own_wifi, None))


def main() -> int:
    failed = 0
    for step, errors in STEPS:
        try:
            step()
            if errors:
                (BOOT / errors).unlink(missing_ok=True)
        except (CardError, OSError, ValueError) as e:
            failed += 1
            say(f"{step.__name__}: {e}")
            if errors:  # the owner reads it where the mistake is: on the boot partition
                try:
                    (BOOT / errors).write_text(f"{e}\nThe box left the file as it was: correct it and start the box again.\n")
                except OSError:
                    pass
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
