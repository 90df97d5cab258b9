#!/usr/bin/env python3
"""Boot the card image under qemu-system-aarch64 and wait for the companion's panel (`make image-test`).

    python3 deploy/image_boot.py [build/image/companion.img]

The image as it is, on the `virt` machine with the image's own kernel, initrd and cmdline.txt (read
from its boot partition with mtools); the test adds only where the console goes (console=ttyAMA0) and
the journal forwarded to it, so the log shows the card's steps. The card is a copy-on-write overlay
twice the image's size, so the root's growth at the first start is exercised and the image stays as
built. The panel's port 8080 is forwarded to the host; the test waits until /api/health and the panel
answer, then prints what /api/health says of each part: on qemu the reader is missing, with its fix,
and the display and the buttons are simulated in the panel (the companion finds no Raspberry Pi there). The console's log is kept in build/image/boot-test/console.log.

Slow (the whole machine is emulated): on demand, never part of `make test`.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1]
WAIT = 40 * 60  # seconds: a whole arm64 machine emulated on a shared x86 core is slow to boot
# The test's own additions to the image's cmdline.txt: the console on virt's serial port, the journal to it.
CONSOLE = "console=ttyAMA0 systemd.journald.forward_to_console=1"


SIMULATED = "no Raspberry Pi found: the buttons and the display are simulated"  # the companion's own log line


class BootError(Exception):
    pass


def partitions(image: Path) -> list[int]:
    """The byte offsets of the image's partitions (sfdisk's own reading of its MBR)."""
    table = json.loads(subprocess.run(["sfdisk", "--json", str(image)], capture_output=True, text=True,
                                      check=True).stdout)["partitiontable"]
    return [p["start"] * table.get("sectorsize", 512) for p in table["partitions"]]


def kernel_and_initrd(config: str) -> tuple[str, str]:
    """The kernel's and the initrd's file names in config.txt, as the Pi's firmware reads them."""
    kernel = initrd = None
    for line in config.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("kernel="):
            kernel = line.removeprefix("kernel=").strip()
        elif line.startswith("initramfs "):
            initrd = line.split()[1]
    if not kernel or not initrd:
        raise BootError("config.txt names no kernel= or no initramfs: not the image's boot partition?")
    return kernel, initrd


def boot_files(image: Path, work: Path) -> tuple[Path, Path, str]:
    """The kernel, the initrd and the cmdline that the image's config.txt and cmdline.txt name, copied out of
    its boot partition with mtools."""
    boot = f"{image}@@{partitions(image)[0]}"

    def copy(name: str) -> Path:
        subprocess.run(["mcopy", "-o", "-n", "-i", boot, f"::{name}", str(work / name)], check=True,
                       env={**os.environ, "MTOOLS_SKIP_CHECK": "1"})
        return work / name
    kernel, initrd = kernel_and_initrd(copy("config.txt").read_text())
    return copy(kernel), copy(initrd), copy("cmdline.txt").read_text().strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def qemu_command(kernel: Path, initrd: Path, cmdline: str, disk: Path, port: int, log: Path) -> list[str]:
    return ["qemu-system-aarch64", "-machine", "virt", "-cpu", "cortex-a72", "-smp", "2", "-m", "1024",
            "-kernel", str(kernel), "-initrd", str(initrd), "-append", f"{cmdline} {CONSOLE}",
            "-drive", f"if=none,id=card,format=qcow2,file={disk}", "-device", "virtio-blk-pci,drive=card",
            "-netdev", f"user,id=net,hostfwd=tcp:127.0.0.1:{port}-:8080", "-device", "virtio-net-pci,netdev=net",
            "-display", "none", "-monitor", "none", "-serial", f"file:{log}"]


def boot(image: Path) -> int:
    if not image.exists():
        raise BootError(f"no {image}: build it first (make image)")
    work = image.parent / "boot-test"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    kernel, initrd, cmdline = boot_files(image, work)
    disk = work / "card.qcow2"
    size = 2 * image.stat().st_size
    subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-b", str(image.resolve()), "-F", "raw", str(disk),
                    str(size)], check=True)
    port, log = free_port(), work / "console.log"
    print(f"image-test: booting {image.name} under qemu (virt, cortex-a72) with its cmdline.txt: {cmdline}", flush=True)
    started = time.monotonic()
    qemu = subprocess.Popen(["nice", "-n", "19", *qemu_command(kernel, initrd, cmdline, disk, port, log)])
    try:
        health = wait_for_panel(qemu, port, started, log)
        status, page = get(port, "/")
        took = time.monotonic() - started
        if status != 200 or b"<html" not in page.lower():
            raise BootError(f"/api/health answers but the panel's page does not ({status})")
        print(f"image-test: the panel and /api/health answer, {took / 60:.1f} minutes after power-on", flush=True)
        console = log.read_text(errors="replace")
        # Not a Raspberry Pi (no board in the device tree): the companion simulates the display and the buttons.
        simulated = {"display", "buttons"} if SIMULATED in console else set()
        for name, part in health.items():
            print(f"  {name:<8} " + ("simulated in the panel: the companion found no Raspberry Pi" if name in simulated
                                     else "ok" if part["ok"] else f"missing: {part['problem']}\n{'':11}fix: {part['fix']}"))
        steps = [line.split("card: ", 1)[1] for line in console.splitlines() if "card: " in line]
        for step in steps:
            print(f"  card     {step}")
        if not any("grown to fill the card" in step for step in steps):
            raise BootError(f"the root did not grow to fill the card (the console's log: {log})")
        return 0
    finally:
        qemu.terminate()
        qemu.wait(timeout=30)


def wait_for_panel(qemu: subprocess.Popen, port: int, started: float, log: Path) -> dict:
    while time.monotonic() - started < WAIT:
        if qemu.poll() is not None:
            raise BootError(f"qemu stopped ({qemu.returncode}); the console's log: {log}")
        try:
            status, body = get(port, "/api/health")
            if status == 200:
                return json.loads(body)["parts"]
        except (OSError, ValueError):
            pass
        time.sleep(10)
    raise BootError(f"no panel after {WAIT // 60} minutes; the console's log: {log}")


def main(argv: list[str]) -> int:
    try:
        return boot(Path(argv[0]) if argv else SOURCE / "build" / "image" / "companion.img")
    except (BootError, OSError, subprocess.CalledProcessError) as e:
        print(f"image-test: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
