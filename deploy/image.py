#!/usr/bin/env python3
"""Build a card image for a Raspberry Pi 3, 4 or Zero 2 W from Debian bookworm's arm64 packages.

    sudo python3 deploy/image.py            # or `make image`: build/companion.img and build/companion.img.xz

No loop device and no mount of the image: the root is built in a folder (mmdebstrap, with the arm64
programs run by qemu-user through binfmt), the companion is installed into it by the installer's own
steps (deploy/install.py --root, its commands run inside the folder), then the ext4 root is made from
the folder (`mkfs.ext4 -d`), the FAT boot partition with mtools, and both are laid into one disk
image behind an MBR (sfdisk, dd).

The card: a FAT boot partition with Raspberry Pi's firmware, Debian's kernel and initrd, config.txt
(I2C for the OLED, SPI) and cmdline.txt naming the root; an ext4 root with systemd, NetworkManager, the
Wi-Fi firmware and the companion's service enabled. Root has no password and SSH is off: an
`authorized_keys` file put on the boot partition turns SSH on for that key. At every boot the card's
own service (deploy/card.py) grows the root to the card's size and joins the home Wi-Fi named in
the boot partition's wifi.txt.

Only the standard library, and the build's Debian tools (installed with apt when missing).
"""

from __future__ import annotations

import os
import re
import secrets
import shlex
import shutil
import ssl
import subprocess
import sys
import time
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(SOURCE / "deploy"))
import install  # noqa: E402  (the installer's steps and its config.txt editing)

SUITE = "bookworm"
INSTALLED = "root.installed"  # beside the folder: its companion is in (mmdebstrap's hook finished); --reuse
BUILD_CA = "/tmp/build-ca.pem"  # the building machine's CA bundle, in the folder while pip runs there
HOST_CA = "/etc/ssl/certs/ca-certificates.crt"
UPDATE_INITRAMFS = "/usr/sbin/update-initramfs"
CARD_SCRIPT = "usr/local/lib/companion/card.py"
MIRROR = "http://deb.debian.org/debian"
HOSTNAME = "table"
MIB = 1024 * 1024
SECTOR = 512
FIRMWARE_MARK = "# deploy/image.py: this card's root and consoles"
CONSOLES = ("tty0", "ttyS1,115200")  # the screen, and the header's serial port on a Pi 3, 4 or Zero 2 W
BOOT_START = 4 * MIB  # the first partition's start: aligned for SD cards' erase blocks
BOOT_SIZE = 256 * MIB
BOOT_LABEL = "RASPIFIRM"
ROOT_LABEL = "companion"
ROOT_SLACK = 384 * MIB  # free room in the root before it grows to the card at the first boot
# The build's Debian tools: program -> package.
TOOLS = {"mmdebstrap": "mmdebstrap", "qemu-aarch64-static": "qemu-user-static", "update-binfmts": "binfmt-support",
         "mkfs.vfat": "dosfstools", "mcopy": "mtools", "mkfs.ext4": "e2fsprogs", "sfdisk": "fdisk", "xz": "xz-utils",
         "qemu-system-aarch64": "qemu-system-arm", "qemu-img": "qemu-utils", "arch-test": "arch-test"}
# The root's packages, beyond Debian's required ones. The installer adds its own (python3-venv, i2c-tools,
# nftables, dnsmasq-base and what builds lgpio: Debian has no python3-lgpio).
PACKAGES = (
    "systemd-sysv", "udev", "dbus", "kmod", "linux-image-arm64", "initramfs-tools", "raspi-firmware",
    "firmware-brcm80211", "wireless-regdb", "network-manager", "wpasupplicant", "polkitd", "iw",
    "avahi-daemon", "libnss-mdns", "systemd-timesyncd", "openssh-server", "ca-certificates", "python3",
    "python3-venv", "fdisk", "e2fsprogs", "dosfstools", "iproute2", "iputils-ping", "netbase", "less",
)
# gpio and spi: Raspberry Pi OS's groups for /dev/gpiochip* and /dev/spidev*, which Debian has not
# (i2c-tools makes i2c and its rule); the service runs in them.
PIN_GROUPS = ("gpio", "spi")
PIN_RULES = """\
# The header's pins for the companion's groups, as on Raspberry Pi OS. Written by deploy/image.py.
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
SUBSYSTEM=="spidev", GROUP="spi", MODE="0660"
"""
WIFI_TEMPLATE = """\
# The home Wi-Fi the box joins. Write its name and password after the = signs, save, put
# the card in the box. At its next start the box saves them and empties this file again
# (the password does not stay on the card's open partition). Leave it as it is to set the
# Wi-Fi later from the host's phone, or to use the box's own Wi-Fi.
name =
password =
"""
SSH_README = """\
SSH is off. To turn it on, put a file named authorized_keys here with your public key (one line, as in
~/.ssh/id_ed25519.pub) and start the box: it lets that key in as root (root has no password) and
moves the file into the box. Then: ssh root@table.local
"""


class BuildError(Exception):
    pass


# --- the recipe's pure parts -----------------------------------------------------------------------

def config_txt(kernel: str, initrd: str) -> str:
    """The firmware's config.txt, as Debian's raspi-firmware writes it after a kernel update (with this
    card's /etc/default files): 64-bit, Debian's kernel and initrd by name, the mainline device trees
    (upstream_kernel), and what the OLED and the buttons need, as the installer turns them on."""
    return ("# Raspberry Pi 3, 4 and Zero 2 W, booting Debian's arm64 kernel. Written by deploy/image.py;\n"
            "# after a kernel update Debian's raspi-firmware writes it from /etc/default/raspi-firmware*.\n"
            "arm_64bit=1\nenable_uart=1\nupstream_kernel=1\n\n"
            f"kernel={kernel}\ninitramfs {initrd}\n\n" + firmware_custom())


def firmware_custom() -> str:
    """/etc/default/raspi-firmware-custom: the lines config.txt keeps through kernel updates."""
    return install.with_dtparams("", install.DTPARAMS).lstrip("\n")


def firmware_defaults(disk_id: int) -> str:
    """What this card adds to /etc/default/raspi-firmware: its root, its consoles, and no cma= (which
    a Pi 4 does not boot with)."""
    return (f"\n{FIRMWARE_MARK}\nROOTPART=PARTUUID={disk_id:08x}-02\n"
            f'CONSOLES="{" ".join(CONSOLES)}"\nCMA=0\n')


def cmdline_txt(disk_id: int) -> str:
    """One line, as the firmware reads it (and as Debian's raspi-firmware writes it): the root by its
    partition's id on this card's MBR, the screen's and the serial console."""
    consoles = " ".join(f"console={c}" for c in CONSOLES)
    return f"{consoles} root=PARTUUID={disk_id:08x}-02 rw fsck.repair=yes net.ifnames=0 rootwait\n"


def partition_table(disk_id: int, boot_size: int, root_size: int) -> str:
    """sfdisk's script for the card: a FAT (LBA) boot partition, then the ext4 root, each MiB-aligned."""
    for size in (boot_size, root_size):
        if size <= 0 or size % MIB:
            raise BuildError(f"a partition of {size} bytes: sizes are whole MiB")
    boot, root = BOOT_START // SECTOR, (BOOT_START + boot_size) // SECTOR
    return (f"label: dos\nlabel-id: 0x{disk_id:08x}\nunit: sectors\n\n"
            f"start={boot}, size={boot_size // SECTOR}, type=c, bootable\n"
            f"start={root}, size={root_size // SECTOR}, type=83\n")


def root_size(used: int) -> int:
    """The ext4 root's size for `used` bytes of files: a quarter more for the file system's own
    blocks and inodes, and room to boot, rounded up to a MiB."""
    size = used + used // 4 + ROOT_SLACK
    return -(-size // MIB) * MIB


def in_root(root: Path, args: tuple[str, ...]) -> list[str]:
    """A command of the installer's as it runs inside `root`: paths under the root seen from inside."""
    prefix = re.escape(str(root.resolve())) + "(/|$)"
    return [re.sub(prefix, "/", a) for a in args]


# --- the build -------------------------------------------------------------------------------------

def say(what: str) -> None:
    print(f"image: {what}", flush=True)


def run(*cmd: str, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, **kwargs)
    if done.returncode != 0:
        raise BuildError(f"`{shlex.join(cmd)}` failed ({done.returncode})")
    return done


def tools() -> None:
    """The build's Debian tools, installed with apt when missing, and arm64 programs runnable here."""
    missing = sorted({pkg for prog, pkg in TOOLS.items() if shutil.which(prog) is None
                      and not Path("/usr/sbin", prog).exists()})
    if missing:
        say(f"installing Debian's {' '.join(missing)}")
        run("apt-get", "update", "-qq")
        run("apt-get", "install", "-y", "-qq", *missing, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    if not Path("/proc/sys/fs/binfmt_misc/register").exists():
        run("mount", "-t", "binfmt_misc", "binfmt_misc", "/proc/sys/fs/binfmt_misc")
    if subprocess.run(["arch-test", "arm64"], capture_output=True).returncode != 0:
        run("update-binfmts", "--enable", "qemu-aarch64")
    if subprocess.run(["arch-test", "arm64"], capture_output=True).returncode != 0:
        raise BuildError("arm64 programs do not run here: qemu-user-static's binfmt entry is missing "
                         "(update-binfmts --enable qemu-aarch64, in a container run with --privileged)")


def chroot_command(root: Path):
    """The installer's command runner for the folder: each command run inside it, in a clean environment."""
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root",
           "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive", "PIP_CERT": BUILD_CA}

    def command(cmd: tuple[str, ...]) -> tuple[int, str]:
        done = subprocess.run(["chroot", str(root), *in_root(root, cmd)], capture_output=True, text=True, env=env)
        return done.returncode, done.stdout if done.returncode == 0 else (done.stderr or done.stdout)
    return command


def write(root: Path, path: str, text: str, mode: int = 0o644) -> None:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text)
    (root / path).chmod(mode)


def no_initrd_yet(root: Path) -> None:
    """mmdebstrap's essential hook: update-initramfs does nothing until every package is in. Each package
    that asks for a new initrd would make one, and under qemu-user one takes a quarter of an hour."""
    run("chroot", str(root), "dpkg-divert", "--quiet", "--local", "--rename", "--add", UPDATE_INITRAMFS)
    (root / UPDATE_INITRAMFS.lstrip("/")).symlink_to("/bin/true")


def customize(root: Path) -> None:
    """Inside mmdebstrap's customize hook (the folder has /proc, /sys and /dev, and the build's DNS): the
    initrd, made once; the pins' groups, then the companion by the installer's steps."""
    if (root / UPDATE_INITRAMFS.lstrip("/")).is_symlink():  # put aside by the essential hook
        (root / UPDATE_INITRAMFS.lstrip("/")).unlink()
        run("chroot", str(root), "dpkg-divert", "--quiet", "--local", "--rename", "--remove", UPDATE_INITRAMFS)
        say("the initrd (once)")
        run("chroot", str(root), "update-initramfs", "-c", "-k", "all")
    for group in PIN_GROUPS:
        if f"\n{group}:" not in "\n" + (root / "etc/group").read_text():
            run("chroot", str(root), "groupadd", "--system", group)
    write(root, "etc/udev/rules.d/60-companion-pins.rules", PIN_RULES)
    say("the companion, by the installer's steps")
    # The installer's settings file names the box: its host name, inside a UTS namespace of the build's own.
    run("unshare", "--uts", "sh", "-c", f"hostname {HOSTNAME} && exec \"$@\"", "-",
        sys.executable, str(Path(__file__).resolve()), "install-into", str(root))
    (root.parent / INSTALLED).touch()


def finish(root: Path) -> None:
    """The card's own service, its name, SSH off, no root password, nothing of the build's left."""
    write(root, "etc/hostname", HOSTNAME + "\n")
    write(root, "etc/hosts", f"127.0.0.1\tlocalhost\n127.0.1.1\t{HOSTNAME}\n::1\tlocalhost ip6-localhost ip6-loopback\n")
    write(root, CARD_SCRIPT, (SOURCE / "deploy" / "card.py").read_text(), 0o755)
    write(root, "etc/systemd/system/companion-card.service", (SOURCE / "systemd" / "companion-card.service").read_text())
    run("systemctl", f"--root={root}", "enable", "companion-card.service", "NetworkManager.service",
        "avahi-daemon.service", "systemd-timesyncd.service")
    run("systemctl", f"--root={root}", "disable", "ssh.service")
    for key in (root / "etc/ssh").glob("ssh_host_*"):
        key.unlink()  # each card makes its own at the boot that turns SSH on
    run("chroot", str(root), "passwd", "--lock", "root")
    write(root, "etc/fstab", f"LABEL={ROOT_LABEL}\t/\text4\tdefaults,noatime\t0\t1\n"
                       f"LABEL={BOOT_LABEL}\t/boot/firmware\tvfat\tdefaults,noatime\t0\t2\n")
    (root / "etc/machine-id").write_text("")  # each card makes its own at its first boot
    for cache in ("root/.cache", "var/lib/apt/lists"):  # pip's and apt's downloads
        shutil.rmtree(root / cache, ignore_errors=True)
    (root / "var/lib/apt/lists/partial").mkdir(parents=True)
    for cache in (root / "var/cache/apt").glob("*.bin"):
        cache.unlink()


def install_into(root: Path) -> None:
    """deploy/install.py's steps into the folder, its commands run inside it. pip there trusts what this
    machine trusts (its CA bundle, for a network that inspects TLS), for the build only."""
    bundle = root / BUILD_CA.lstrip("/")
    shutil.copy(os.environ.get("PIP_CERT") or ssl.get_default_verify_paths().cafile or HOST_CA, bundle)
    try:
        install.Installer(root, command=chroot_command(root), out=lambda line: say(line.strip())).install()
    finally:
        bundle.unlink()


def boot_files(root: Path, boot: Path, disk_id: int) -> None:
    """The boot partition's files: the firmware, the device trees, Debian's kernel and initrd, the two texts."""
    shutil.rmtree(boot, ignore_errors=True)
    boot.mkdir(parents=True)
    for made in (root / "boot/firmware").iterdir():  # what Debian's firmware hook copied: the card's partition has it
        shutil.rmtree(made) if made.is_dir() else made.unlink()
    shutil.copytree(root / "usr/lib/raspi-firmware", boot, dirs_exist_ok=True)
    kernels = sorted((root / "boot").glob("vmlinuz-*"))
    if not kernels:
        raise BuildError("no kernel in the root's /boot: linux-image-arm64 did not install")
    version = kernels[-1].name.removeprefix("vmlinuz-")
    for dtb in (root / f"usr/lib/linux-image-{version}/broadcom").glob("bcm2*-rpi-*.dtb"):
        shutil.copy(dtb, boot)
    shutil.copy(kernels[-1], boot)
    shutil.copy(root / f"boot/initrd.img-{version}", boot)
    (boot / "config.txt").write_text(config_txt(kernels[-1].name, f"initrd.img-{version}"))
    (boot / "cmdline.txt").write_text(cmdline_txt(disk_id))
    (boot / "wifi.txt").write_text(WIFI_TEMPLATE)
    (boot / "ssh-readme.txt").write_text(SSH_README)
    # After a kernel update Debian's raspi-firmware writes both files again: from these, the same.
    write(root, "etc/default/raspi-firmware-custom", firmware_custom())
    defaults = root / "etc/default/raspi-firmware"
    debians = defaults.read_text().split(FIRMWARE_MARK)[0].rstrip("\n") + "\n"  # a build reusing the folder: once
    defaults.write_text(debians + firmware_defaults(disk_id))


def disk(root: Path, boot: Path, work: Path, out: Path, disk_id: int) -> None:
    """The FAT and ext4 images, laid behind the MBR: no loop device, no mount."""
    fat, ext4 = work / "boot.vfat", work / "root.ext4"
    for part in (fat, ext4, out):
        part.unlink(missing_ok=True)
    run("mkfs.vfat", "-C", "-F", "32", "-n", BOOT_LABEL, str(fat), str(BOOT_SIZE // 1024), stdout=subprocess.DEVNULL)
    run("mcopy", "-s", "-p", "-i", str(fat), *[str(p) for p in sorted(boot.iterdir())], "::")
    used = int(subprocess.run(["du", "-sb", "--exclude=./boot/firmware/*", "."], cwd=root, capture_output=True,
                              text=True, check=True).stdout.split()[0])
    size = root_size(used)
    run("mkfs.ext4", "-q", "-L", ROOT_LABEL, "-E", "root_owner=0:0", "-d", str(root), str(ext4), f"{size // 1024}k")
    with out.open("wb") as f:
        f.truncate(BOOT_START + BOOT_SIZE + size)
    run("sfdisk", "--quiet", str(out), input=partition_table(disk_id, BOOT_SIZE, size), text=True)
    for part, start in ((fat, BOOT_START), (ext4, BOOT_START + BOOT_SIZE)):
        run("dd", f"if={part}", f"of={out}", "bs=1M", f"seek={start // MIB}", "conv=notrunc,sparse", "status=none")
    fat.unlink()
    ext4.unlink()


def build_root(root: Path) -> None:
    (root.parent / INSTALLED).unlink(missing_ok=True)
    if root.exists():
        shutil.rmtree(root)
    say(f"Debian {SUITE} arm64 into {root} (mmdebstrap, under qemu-user)")
    me = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).resolve()))}"
    run("mmdebstrap", "--mode=root", "--arch=arm64", "--variant=minbase", "--format=directory",
        "--components=main,contrib,non-free-firmware", f"--include={','.join(PACKAGES)}",
        "--aptopt=Acquire::Retries \"3\"", f"--essential-hook={me} essential \"$1\"",
        f"--customize-hook={me} customize \"$1\"", SUITE, str(root), MIRROR)


def build(work: Path, reuse: bool = False) -> None:
    if os.geteuid() != 0:
        raise BuildError("run it as root (mmdebstrap, chroot and the root's owners need it): sudo make image")
    started = time.monotonic()
    tools()
    root, boot, out = work / "root", work / "boot", work / "companion.img"
    work.mkdir(parents=True, exist_ok=True)
    disk_id = secrets.randbits(32) | 1
    if reuse and (work / INSTALLED).exists():
        say(f"{root}: reused (--reuse)")
    else:
        build_root(root)
    finish(root)
    boot_files(root, boot, disk_id)
    say("the card's partitions (mkfs.vfat and mcopy, mkfs.ext4 -d, sfdisk and dd)")
    disk(root, boot, work, out, disk_id)
    say(f"{out}: {out.stat().st_size // MIB} MiB; compressing")
    compressed = out.with_name(out.name + ".xz")
    compressed.unlink(missing_ok=True)
    run("xz", "--keep", "-T2", "-3", str(out))
    minutes = (time.monotonic() - started) / 60
    say(f"{compressed}: {compressed.stat().st_size // MIB} MiB, built in {minutes:.0f} minutes. "
        f"Flash it with Raspberry Pi Imager (Use custom) or dd; `make image-test` boots it under qemu")


def main(argv: list[str]) -> int:
    try:
        if argv[:1] == ["essential"]:
            no_initrd_yet(Path(argv[1]))
        elif argv[:1] == ["customize"]:
            customize(Path(argv[1]))
        elif argv[:1] == ["install-into"]:
            install_into(Path(argv[1]))
        else:
            reuse = "--reuse" in argv
            rest = [a for a in argv if a != "--reuse"]
            build(Path(rest[0]) if rest else SOURCE / "build" / "image", reuse)
    except (BuildError, install.InstallError, OSError) as e:
        print(f"image: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
