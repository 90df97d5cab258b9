# The two commands a newcomer runs: `make run` and `make test`.
# Both create .venv with the machine's python3 and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=
STAMP := $(VENV)/.installed

.PHONY: image-changed run test bench screens tools lock image image-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when the dependency list changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion run $(ARGS)

# Make expands a rule's prerequisites when it reads the rule: BENCH_STAMP is set before the rules that need it.
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $(BENCH_STAMP)

# With the bench's extras: a short run of every bench is a test (tests/test_bench_runs.py).
test: $(BENCH_STAMP) tools
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Debian packages the tests use, installed with apt when missing (as root directly,
# otherwise through sudo): chromium, which the browser tests drive (Playwright downloads
# nothing), systemd-analyze, which verifies and scores systemd/companion.service, node, which runs the
# pages' scripts' unit tests (tests/js) and pyright over the reader's firmware, dnsmasq, whose answer on the own
# Wi-Fi is tested, nftables, whose load of that network's rules is tested, and libfuse2, under the power-loss
# bench's file system (fusepy loads it).
tools:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v systemd-analyze >/dev/null 2>&1 || missing="$$missing systemd"; \
	command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; \
	test -x /usr/sbin/dnsmasq || missing="$$missing dnsmasq-base"; \
	test -x /usr/sbin/nft || missing="$$missing nftables"; \
	/sbin/ldconfig -p | grep -q 'libfuse.so.2 ' || missing="$$missing libfuse2"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's$$missing for the tests"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# The power-loss bench mounts a FUSE file system: Debian's libfuse2, which `tools` installs.
bench: $(BENCH_STAMP) tools
	$(BIN)/python -m bench

# The Pi's installer installs from deploy/requirements.lock with `pip install --require-hashes`: every
# dependency pinned, with the hashes of its files on the package index, resolved for Raspberry Pi OS
# (Python 3.11 on aarch64) by uv; outside Raspberry Pi OS, whose apt has no lgpio and spidev, also from
# deploy/requirements-pi.lock: the same with the [pi] extra, for every board (their sources, hashed, built
# there). Run it after a change of the dependencies in pyproject.toml, and commit both.
LOCK_STAMP := $(VENV)/.installed-lock

$(LOCK_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,lock]'
	touch $(LOCK_STAMP)

lock: $(LOCK_STAMP)
	$(BIN)/python -m uv pip compile --quiet pyproject.toml deploy/build-requirements.in --generate-hashes \
	  --python-version 3.11 --python-platform aarch64-unknown-linux-gnu --custom-compile-command 'make lock' \
	  -o deploy/requirements.lock
	$(BIN)/python -m uv pip compile --quiet pyproject.toml deploy/build-requirements.in --extra pi --universal \
	  --generate-hashes --python-version 3.11 --custom-compile-command 'make lock' -o deploy/requirements-pi.lock

# Redraw the pictures: the OLED's reference screens in tests/screens/, and the docs' screenshots in
# docs/pictures/ from a run of the browser tests. Look at them before committing.
SHOTS := $(VENV)/screenshots

screens: $(STAMP) tools
	REGENERATE_SCREENS=1 $(BIN)/python -m pytest -q tests/test_screens.py
	rm -rf $(SHOTS) && mkdir -p $(SHOTS)
	SCREENSHOTS=$(abspath $(SHOTS)) $(BIN)/python -m pytest -q tests/browser
	$(BIN)/python tests/doc_pictures.py $(SHOTS)

# The card to flash (docs/pi.md): build/image/companion.img.xz for a Raspberry Pi 3, 4 or Zero 2 W, from
# Debian bookworm's arm64 packages, with the companion installed by deploy/install.py. As root (through sudo
# otherwise); it installs the Debian tools it needs with apt when missing. CPU-heavy: at the lowest priority.
# `make image-test` boots it under qemu until the panel answers, then notes in deploy/image.tested the digest of
# the image's recipe (IMAGE_INPUTS) it proved: commit it. Both are slow: on demand, not in `make test`; CI builds
# and boots the image only when the recipe's digest is not the one noted (`make image-changed` says so).
SUDO_ROOT = $$( [ "$$(id -u)" -eq 0 ] || echo sudo )
IMAGE_INPUTS = $(sort $(wildcard deploy/*.py deploy/*.lock deploy/*.in deploy/*.sh systemd/*))

image:
	$(SUDO_ROOT) nice -n 19 python3 deploy/image.py

image-test:
	$(SUDO_ROOT) python3 deploy/image_boot.py
	cat $(IMAGE_INPUTS) | sha256sum | cut -d' ' -f1 > deploy/image.tested

image-changed:
	@if [ "$$(cat $(IMAGE_INPUTS) | sha256sum | cut -d' ' -f1)" = "$$(cat deploy/image.tested 2>/dev/null)" ]; \
	then echo no; else echo yes; fi

clean:
	rm -rf $(VENV) build *.egg-info
