# The two commands a newcomer needs: `make run` and `make test`. Each sets itself up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-damage lint bench screenshot clean

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
	$(BIN)/mypy
# No drift between tables.py and the migrations (alembic check on a fresh scratch database).
	mkdir -p build && rm -f build/alembic-scratch.db*
	$(BIN)/alembic upgrade head && $(BIN)/alembic check

test: lint
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# The kill test of every path that writes at every one of its statements (about 760 kill
# points), where make test kills the longest paths at a sample of them (about 530): the SRD
# import, the first starts, the imports of the command line and the window's campaign import.
# See tests/store/test_crash_every_statement.py. Never part of `make test`.
.PHONY: test-kills
test-kills: $(STAMP)
	KILL_EVERY_STATEMENT=1 QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest \
		tests/store/test_crash_every_statement.py $(PYTEST_ARGS)

# Damaged databases by the hundred (issue 29; `make test` runs a few of each): one cell of a
# played database of each game changed DAMAGE_EXAMPLES times (random draws, kept in .hypothesis/),
# and 150 seeded byte damages to a real one, whose starts' answers go to build/byte-damage.json.
DAMAGE_EXAMPLES ?= 100
test-damage: $(STAMP)
	mkdir -p build
	DAMAGE_EXAMPLES=$(DAMAGE_EXAMPLES) DAMAGE_RANDOM=1 BYTE_DAMAGES=150 \
	BYTE_DAMAGE_SUMMARY=build/byte-damage.json QT_QPA_PLATFORM=offscreen \
	$(BIN)/python -m pytest -m damage --hypothesis-show-statistics $(PYTEST_ARGS)
	cat build/byte-damage.json

# Every SRD adversary pasted as text (issue 32; `make test` draws 2 of each): written in the
# book's layout, the SRD's markdown and a PDF copy STAT_TEXT_EXAMPLES ways each, read back.
STAT_TEXT_EXAMPLES ?= 100
.PHONY: test-paste
test-paste: $(STAMP)
	STAT_TEXT_EXAMPLES=$(STAT_TEXT_EXAMPLES) QT_QPA_PLATFORM=offscreen \
	$(BIN)/python -m pytest tests/exchange/test_stat_text_round_trip.py $(PYTEST_ARGS)

# Timings and memory against the budgets of docs/performance.md: prints a table, writes
# bench/results.json, exits 1 if a budget is missed. Never part of `make test`.
BENCH_STAMP := $(VENV)/.bench-installed
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench $(BENCH_ARGS)

# The README's pictures of both windows (the GM's, light and dark, and the players'), drawn on a
# virtual X screen (apt-get install xvfb).
screenshot: $(STAMP)
	xvfb-run -a -s "-screen 0 1600x1000x24" $(BIN)/python docs/screenshots.py docs

# The program a GM installs (packaging/README.md): dist/encounter-app/ and its .tar.gz.
.PHONY: package package-test bench-packaging
PACKAGE_STAMP := $(VENV)/.installed-package

$(PACKAGE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,package]'
	touch $(PACKAGE_STAMP)

package: $(PACKAGE_STAMP)
	$(BIN)/python packaging/build.py

# The frozen program's own tests: offscreen, then on a virtual X screen (apt-get install xvfb).
package-test: package
	ENCOUNTER_APP_BUNDLE=dist/encounter-app/encounter-app $(BIN)/python -m pytest tests/packaging

# Bundle size and start-up next to a bare QtWidgets window: bench/packaging-results.json.
bench-packaging: $(PACKAGE_STAMP)
	$(BIN)/python -m bench.packaging $(ARGS)

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
