# A fresh machine needs only python3: every target sets up .venv itself.
# `make run` installs the package; `make test` and `make bench` add the dev extras.
# Each install is redone only when pyproject.toml changes (stamp files in .venv).

PYTHON ?= python3
# Discord's OpenAPI description beside the project: the e2e fake validates every request body
# against it (empty when the file is absent: validation is then skipped).
DISCORD_OPENAPI_SPEC ?= $(wildcard ../shared/discord-api-spec/openapi.json)
export DISCORD_OPENAPI_SPEC
VENV := .venv
BIN := $(VENV)/bin

.PHONY: .venv run test bench tables palette clean rulebook

# The bare interpreter and an up-to-date pip; removed again if creation fails half-way.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/pip install --upgrade pip

# Base install, for running the bot.
$(VENV)/.installed-base: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e .
	touch $@

# Base install plus the dev extras (pytest, ruff, mypy, ...).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

.venv: $(VENV)/.installed

# Exit status 2 means the bot stopped on a configuration problem it has just explained (no
# token, a rejected token, a bad setting): make's own "Error 2" line would only add noise.
run: $(VENV)/.installed-base
	@$(BIN)/python bot.py; status=$$?; [ $$status -eq 2 ] || exit $$status

# The whole suite, on every core (pytest-xdist); `pytest -m "not slow"` is the quick subset.
# Bytecode caches are written even where the environment asks Python not to
# (PYTHONDONTWRITEBYTECODE): otherwise every test process, bot process and picture worker
# compiles the project again, and pytest rewrites every test module's asserts again.
test: export PYTHONDONTWRITEBYTECODE =
test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

bench: $(VENV)/.installed
	$(BIN)/python bench/rules.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/ai.py
	$(BIN)/python bench/ledger.py
	$(BIN)/python bench/export.py
	$(BIN)/python bench/scorebook.py
	$(BIN)/python bench/render.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/tables.py
	$(BIN)/python bench/store.py

# Regenerate the rules core's lookup tables (shangrao_bot/rules/data/tables.bin, ~40 s);
# run as a script so that a stale table file is not loaded first. The tests check the shipped
# file against a fresh build.
tables: $(VENV)/.installed
	$(BIN)/python shangrao_bot/rules/tablegen.py

# Regenerate the pictures' fixed 256-colour palette (shangrao_bot/render/assets/
# table_palette.bin, ~1 s) after a change to what the hands and boards draw or to Pillow. The
# tests check the shipped file against a fresh build.
palette: $(VENV)/.installed
	$(BIN)/python -m shangrao_bot.render.fixed_palette_build

# Rebuild the traditional Chinese rule book (docs/rules.zh-TW.md) from the simplified one, after
# changing docs/rules.zh-CN.md (a test checks that the shipped file equals a fresh build).
rulebook: $(VENV)/.installed
	$(BIN)/python -m shangrao_bot.traditional_book

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
