# The two commands a newcomer runs: `make run` and `make test`.
# Both create .venv with the machine's python3 and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=
STAMP := $(VENV)/.installed

.PHONY: run test bench screens clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall when the dependency list changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/companion run $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m bench

# Redraw the reference pictures in tests/screens/ after a deliberate change to a
# screen; look at them before committing.
screens: $(STAMP)
	REGENERATE_SCREENS=1 $(BIN)/python -m pytest -q tests/test_screens.py

clean:
	rm -rf $(VENV) build *.egg-info
