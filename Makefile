# Two commands for a newcomer (README): `make run` and `make test`. Both install what they need.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8000
WORKERS ?= $(or $(WEB_CONCURRENCY),2)
export PATH := $(CURDIR)/$(BIN):$(PATH)

.PHONY: install run test test-fast golden regen lint bench verify-clean screenshots i18n

$(STAMP): pyproject.toml sdk/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]' -e ./sdk
	touch $(STAMP)

install: $(STAMP)

# The service on http://127.0.0.1:8000 with the embedded SQLite store (var/cardgames.sqlite3).
# Serving settings: gunicorn.conf.py (each overridable from the environment, see README).
run: install
	PORT=$(PORT) WEB_CONCURRENCY=$(WORKERS) $(BIN)/gunicorn -c gunicorn.conf.py 'api:create_app()'

# The whole test suite (unit, integration, e2e over real HTTP through the generated SDK), spread
# over one pytest-xdist worker per core (TEST_JOBS=0 runs it in this one process). worksteal: a few
# long simulations dominate, and an idle worker takes queued tests from a busy one.
TEST_JOBS ?= auto
test: install
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal

# The suite without the tests marked `slow` (long simulations, the AI-strength match, ...).
test-fast: install
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal -m "not slow"

# Replay every golden playthrough (tests/golden/) and rewrite the ones whose play changed.
golden: install
	$(BIN)/python -m scripts.golden

# Regenerate openapi.yaml and sdk/ from the app (never edit sdk/ by hand).
regen: install
	scripts/regen.sh

# Message catalogues (service/locales/): extract every message from the code (babel.cfg) into
# messages.pot, merge it into each language's messages.po (new messages come in untranslated,
# changed ones fuzzy), then check them. The service reads the .po files themselves: no .mo to compile.
I18N_LANGUAGES := zh da ms fr tr
i18n: install
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k p_:1c,2 -c TRANSLATORS: --no-wrap --sort-by-file --add-location=file --project cardgames-service \
		--copyright-holder "cardgames-service" --omit-header -o service/locales/messages.pot .
	for lang in $(I18N_LANGUAGES); do \
		$(BIN)/pybabel update -i service/locales/messages.pot -d service/locales -l $$lang \
			--no-wrap --ignore-obsolete --ignore-pot-creation-date || exit 1; \
	done
	$(BIN)/python -m pytest -q tests/unit/test_catalogues.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: install
	@for b in bench/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

# PNGs of the web table of each ruleset into docs/ (installs Debian's chromium when absent).
screenshots: install
	bash scripts/ensure_chromium.sh
	$(BIN)/python scripts/screenshots.py
