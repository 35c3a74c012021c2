# Cosmodrome's set-up and everyday commands. Every target installs what it needs first.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: serve play test test-fast bench compiled pure chromium postgres nginx axe clean translations translations-extract translations-update

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[all]'
	$(VENV)/bin/cosmodrome engine build || echo "the pure-Python engine is used"
	touch $(STAMP)

install: $(STAMP)

## The main job: the browser table on http://127.0.0.1:8000 (SQLite file, local bots).
serve: $(STAMP)
	$(VENV)/bin/cosmodrome serve

## Onward to Venus in this terminal, you against three random bots.
play: $(STAMP)
	$(VENV)/bin/cosmodrome play venus --players 4

## Debian's chromium for the browser tests (never a downloaded browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

## Debian's PostgreSQL server binaries: the tests start a throwaway cluster with them.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "installing Debian's PostgreSQL for the storage tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql >/dev/null; }

## Debian's nginx: a test runs the reverse proxy of docs/HOSTING.md in front of the server.
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  echo "installing Debian's nginx for the hosting test"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx >/dev/null; }

## axe-core (npm, pinned) for the accessibility tests, installed into .cache/ (Debian's npm if missing).
AXE_VERSION = 4.14.1
AXE_JS = .cache/axe-core-$(AXE_VERSION)/node_modules/axe-core/axe.min.js
$(AXE_JS):
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian's npm for axe-core"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq npm >/dev/null; }
	npm install --silent --no-audit --no-fund --no-save --prefix .cache/axe-core-$(AXE_VERSION) axe-core@$(AXE_VERSION)
axe: $(AXE_JS)

## The whole test suite, after ruff (the rules of pyproject.toml [tool.ruff]).
test: $(STAMP) chromium postgres nginx axe
	$(PY) -m ruff check src tests bench
	$(PY) -m pytest -n 2 --dist loadfile -q

bench: $(STAMP)
	$(PY) bench/engine.py

## The compiled engine (Cython) built again after the rule modules changed; `pure` removes it.
compiled: $(STAMP)
	$(VENV)/bin/cosmodrome engine build

pure:
	$(VENV)/bin/cosmodrome engine clean

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .cache

## Translations (docs/TRANSLATING.md): collect the marked texts into the template, merge it
## into every language's catalog, and compile the catalogs the server reads (.mo, committed).
LOCALES  = src/cosmodrome/locale
BABELKEYS = --no-default-keywords -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k t -k tr -k tn:1,2 -k says
translations-extract: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg $(BABELKEYS) --no-location --sort-output --project=cosmodrome \
	  --copyright-holder="Cosmodrome contributors" -o $(LOCALES)/cosmodrome.pot .
translations-update: translations-extract
	$(VENV)/bin/pybabel update -w 100 -i $(LOCALES)/cosmodrome.pot -d $(LOCALES) -D cosmodrome --no-fuzzy-matching --ignore-obsolete
translations: $(STAMP)
	$(VENV)/bin/pybabel compile -d $(LOCALES) -D cosmodrome --statistics
