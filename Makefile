# Spelbord: `make serve` starts the game table, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# `make install` (and `make serve`, `make lint`, ...): the base install (core, games, AI,
# the command) with the extras `server` (the web table) and `dev` (the checks). The tests
# also need the other extras (the lab, OpenSpiel, PettingZoo): `make install-test`.
TEST_STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: install install-test serve cluster cluster-stop test lint format typecheck pytest test-fast bench clean messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

$(TEST_STAMP): $(STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[server,dev,lab,openspiel,pettingzoo,cluster]'
	touch $(TEST_STAMP)

install: $(STAMP)

install-test: $(TEST_STAMP)

serve: $(STAMP)
	$(BIN)/spelbord serve --host $(HOST) --port $(PORT)

# The real topology on this machine: its own PostgreSQL and Redis (Debian packages) on
# their own ports under var/cluster/, two web processes, two workers, HAProxy in front on
# CLUSTER_PORT (docs/deploy.md). `make cluster-stop` ends them.
CLUSTER_PORT ?= 8100
cluster: $(STAMP)
	$(BIN)/python -c 'import redis, hiredis' 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[cluster]'
	$(BIN)/python -m spelbord.server.cluster.launch start --port $(CLUSTER_PORT)

cluster-stop: $(STAMP)
	$(BIN)/python -m spelbord.server.cluster.launch stop

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

format: $(STAMP)
	$(BIN)/ruff format src tests
	$(BIN)/ruff check --fix src tests

typecheck: $(STAMP)
	$(BIN)/mypy src

pytest: $(TEST_STAMP)
	$(BIN)/pytest -n 2 --durations=25 $(PYTEST_ARGS)

# Everything CI runs: lint, types, every test including the slow and browser suites.
test: lint typecheck pytest

# Quick local loop: skip suites marked slow.
test-fast: $(TEST_STAMP)
	$(BIN)/pytest -n 2 -m "not slow" $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/spelbord bench coerceo

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

# The server's message catalogues: re-extract the templates marked N_ in
# server/web/messages.py and merge them into each language's .po (then translate the new ones).
LOCALE_DIR := src/spelbord/server/web/locale
messages: $(STAMP)
	$(BIN)/pybabel extract -k N_ --no-location --sort-output --project=spelbord \
		-o $(LOCALE_DIR)/messages.pot src/spelbord/server/web/messages.py
	for code in sv da nb; do \
		$(BIN)/pybabel update --ignore-obsolete --width=100 -l $$code -d $(LOCALE_DIR) \
			-i $(LOCALE_DIR)/messages.pot; \
	done
