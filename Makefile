# The two commands a newcomer needs: `make run` and `make test`. Each sets itself up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint screenshot clean

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
# No drift between tables.py and the migrations (alembic check on a fresh scratch database).
	mkdir -p build && rm -f build/alembic-scratch.db*
	$(BIN)/alembic upgrade head && $(BIN)/alembic check

test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# The README's picture of the window, drawn on a virtual X screen (apt-get install xvfb).
screenshot: $(STAMP)
	rm -rf build/screenshot-data
	xvfb-run -a -s "-screen 0 1600x1000x24" $(BIN)/encounter-app --data-dir build/screenshot-data --demo --screenshot docs/screenshot.png

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
