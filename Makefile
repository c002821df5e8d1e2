# The two commands of the README: `make run` (set up and serve) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: setup run test install messages migrate rules ingest cards typecheck lint check bench load

setup: install messages migrate rules ingest cards

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

# Translations are compiled from judge/locale/*/django.po (gettext's msgfmt).
messages: install
	@command -v msgfmt >/dev/null || (apt-get update -qq && apt-get install -y -qq gettext)
	$(BIN)/python manage.py compilemessages --ignore .venv --verbosity 0

migrate: install
	mkdir -p var
	$(BIN)/python manage.py migrate --noinput --verbosity 0

# The official rules texts the corpus lacks (docs/corpus.md); offline, one line says so and set-up goes on.
rules: migrate
	$(BIN)/python manage.py refresh_rules --if-online

# --if-present: with no rules text installed yet (offline, nothing fetched), say what is missing and go on: the
# site serves its calculators and tracker, and its rule pages say that no rules text is installed.
ingest: migrate
	$(BIN)/python manage.py ingest --if-present

# Magic card data: downloads Scryfall's Oracle Cards and Rulings and MTGJSON's AtomicCards into var/cards/
# when missing or older than JUDGE_CARDS_MAX_AGE_DAYS (7), then imports what changed. Offline, it says once
# that card lookups need the data and set-up goes on.
cards: migrate
	$(BIN)/python manage.py import_cards --refresh

run: setup
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install messages
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# mypy --strict with django-stubs over all of judge/ but migrations (pyproject.toml [tool.mypy]).
typecheck: install
	$(BIN)/mypy

# Ruff's rules in pyproject.toml (pyflakes, import order, pycodestyle with lines of 110, bugbear, pyupgrade,
# simplify, Django, complexity at most 15), then the layout `ruff format` gives.
lint: install
	$(BIN)/ruff check judge tests bench
	$(BIN)/ruff format --check judge tests bench

check: typecheck lint
	$(BIN)/python -m pytest -m "not browser" -q

bench: setup
	$(BIN)/python bench/search.py

# Load and fault test of gunicorn + prod settings on 127.0.0.1 (needs wrk: apt-get install -y wrk); see bench/load.md.
load: install messages
	$(BIN)/python bench/load.py $(LOAD_ARGS)
