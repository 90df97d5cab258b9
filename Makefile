# The two commands a newcomer runs: `make run` and `make test`.
# Both create .venv with the machine's python3 and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=
STAMP := $(VENV)/.installed

.PHONY: run test bench screens browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when the dependency list changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion run $(ARGS)

test: $(STAMP) browser
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The browser tests drive Debian's chromium (Playwright downloads nothing). Installed with
# apt when it is missing: as root directly, otherwise through sudo.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

bench: $(STAMP)
	$(BIN)/python -m bench

# Redraw the reference pictures in tests/screens/ after a deliberate change to a
# screen; look at them before committing.
screens: $(STAMP)
	REGENERATE_SCREENS=1 $(BIN)/python -m pytest -q tests/test_screens.py

clean:
	rm -rf $(VENV) build *.egg-info
