# The two commands a newcomer needs: `make run` and `make test`. Each sets itself up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench screenshot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/encounter-app $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# Timings and memory against the budgets of docs/performance.md: prints a table, writes
# bench/results.json, exits 1 if a budget is missed. Never part of `make test`.
BENCH_STAMP := $(VENV)/.bench-installed
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench $(BENCH_ARGS)

# The README's picture of the window, drawn on a virtual X screen (apt-get install xvfb).
screenshot: $(STAMP)
	rm -rf build/screenshot-data
	xvfb-run -a -s "-screen 0 1600x1000x24" $(BIN)/encounter-app --data-dir build/screenshot-data --demo --screenshot docs/screenshot.png

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
