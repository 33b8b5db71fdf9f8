# Two commands do everything: `make serve` (the main job: the game server) and `make test`.
# `make serve` (and `make play`) install only what zdeck runs; `make test` adds the test tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: serve play test bench clean compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[compiled]'
	touch $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,compiled]'
	touch $(RUN_STAMP) $(TEST_STAMP)

# The rules engine compiled with mypyc where a C compiler is present (docs/compiled.md): a no-op once built
# for these sources; where it cannot be built it says why, and zdeck runs as pure Python (`zdeck --version`).
compiled: $(RUN_STAMP)
	$(BIN)/python -m zdeck.build

serve: compiled
	$(BIN)/zdeck serve

play: compiled
	$(BIN)/zdeck play zipzap --players 4

test: $(TEST_STAMP) compiled
	$(BIN)/python -m pytest -n auto

bench: $(RUN_STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(BIN)/python bench/throughput.py

# test-artefacts/ holds everything a test run writes in the checkout (screenshots, reports, caches)
clean:
	rm -rf $(VENV) build dist src/*.egg-info test-artefacts .pytest_cache .hypothesis .ruff_cache .mypy_cache
