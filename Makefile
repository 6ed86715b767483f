# Two commands for everyone: `make course` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: hub hub-backup hub-restore hub-stop hub-uninstall bench-pages bench-match course course-en course-lab course-lab-en course-voila course-voila-en course-build catalogues site site-serve test quick bench clean worksheet

# The programs' message catalogues (damalib/locale): each language's .po compiled into its .mo.
LOCALE := damalib/locale
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/dama.po))

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[course,site,hub,test]'
	touch $(STAMP)

# The engine's compiled core (damacore): damacore/draughts.c built to WebAssembly by zig's
# C compiler (the ziglang package; authoring/core.py), its cache kept in build/.
CORE := damacore/draughts.wasm
$(CORE): damacore/draughts.c authoring/core.py $(STAMP)
	$(BIN)/python -m authoring.core

$(LOCALE)/%/LC_MESSAGES/dama.mo: $(LOCALE)/%/LC_MESSAGES/dama.po $(STAMP)
	$(BIN)/python -m authoring.catalogues --compile

## The catalogues after a change of the programs' messages: the messages extracted from the
## code (dama.pot), every language's .po updated (new messages to translate), all compiled.
catalogues: $(STAMP)
	$(BIN)/python -m authoring.catalogues

## Open the course a child can use: no code on screen, the Italian index first, on this
## computer only (127.0.0.1:8866). Lessons open from a copy in the progress folder, never
## from these files. English: `make course-en`. Ctrl+C stops it.
course: $(STAMP) $(MO) $(CORE)
	$(BIN)/python deploy/local/launch.py

course-en: $(STAMP) $(MO) $(CORE)
	$(BIN)/python deploy/local/launch.py --lang en

## The same course in JupyterLab, for adults and teachers.
course-lab: $(STAMP) $(MO) $(CORE)
	$(BIN)/python deploy/local/launch.py --lab

course-lab-en: $(STAMP) $(MO) $(CORE)
	$(BIN)/python deploy/local/launch.py --lab --lang en

# Earlier names of the child's view.
course-voila: course
course-voila-en: course-en

## Rebuild the lesson notebooks from their sources (lessons/*.py).
course-build: $(STAMP)
	$(BIN)/python -m authoring.notebooks

## The browser-only edition: a static site of the whole course (JupyterLite, Python in the
## browser) in build/site, offline; `make site NUMPY=full` uses real numpy from Pyodide's
## own distribution online. `make site-serve` serves it on this computer (port 8000;
## `SITE_BIND=0.0.0.0` lets a classroom's tablets reach it too).
NUMPY ?= standin
site: $(STAMP) $(MO) $(CORE)
	$(BIN)/python deploy/site/build.py --numpy $(NUMPY)

SITE_PORT ?= 8000
SITE_BIND ?= 127.0.0.1
site-serve:
	@test -f build/site/index.html || $(MAKE) site
	$(BIN)/python build/site/serve.py --bind $(SITE_BIND) --port $(SITE_PORT)

## A lesson's worksheet to print, its exercises in the lesson's order, four to an A4 page:
## `make worksheet LESSON=7` writes scheda-07.html in this folder and the answers apart in
## scheda-07-soluzioni.html (`SHEET_LANG=en`: worksheet-07.html, in English, whatever the
## computer's language; `OUT=folder/` or `OUT=file.html` elsewhere).
LESSON ?=
OUT ?= .
SHEET_LANG ?= it
worksheet: $(STAMP) $(MO)
	@test -n "$(LESSON)" || { echo "Quale lezione? Per esempio: make worksheet LESSON=7" \
		"(Which lesson? For example: make worksheet LESSON=7 SHEET_LANG=en)"; exit 2; }
	@$(BIN)/dama worksheet --lesson "$(LESSON)" --lang "$(SHEET_LANG)" -o "$(OUT)"

## Every test, the slow ones included: those that need no browser on two processes, then
## the browser's tests one at a time (they share one browser and one server). A run that
## selects no test of one kind (PYTEST_ARGS=tests/test_cli.py) is not a failure.
test: $(STAMP) $(MO) $(CORE) deploy/hub/node_modules/.installed tests/browser/node_modules/.installed
	@$(BIN)/python -m pytest -n 2 -m "not browser" --durations=15 $(PYTEST_ARGS); \
	first=$$?; [ $$first -eq 5 ] && first=0; \
	$(BIN)/python -m pytest -m browser --durations=15 $(PYTEST_ARGS); \
	second=$$?; [ $$second -eq 5 ] && second=0; \
	[ $$first -eq 0 ] && [ $$second -eq 0 ]

## The quick loop while developing: everything but the tests marked slow.
quick: $(STAMP) $(MO) $(CORE)
	$(BIN)/python -m pytest -m "not slow" $(PYTEST_ARGS)

## Speed, side by side with the other draughts libraries; the engine on composed problems,
## today's engine (49fc8e5) beside this one.
bench: $(STAMP) $(CORE)
	$(BIN)/python benchmarks/run.py

## The engine against today's (49fc8e5): 100 games in Dama Italiana, 100 in International
## (about 20 minutes).
bench-match: $(STAMP)
	$(BIN)/python benchmarks/match.py

## The course's pages in a real browser: the next lesson and a child's server's memory in
## each front end (the static site too, once `make site` has built it).
bench-pages: $(STAMP) $(MO)
	$(BIN)/python benchmarks/course_pages.py $(if $(wildcard build/site/index.html),--site build/site)

clean:
	rm -rf $(VENV) benchmarks/.peers build deploy/site/.cache $(CORE)

# The school's server: JupyterHub on this computer (as root: each account is a system user),
# run from $(DAMA_HUB_HOME) with the course and the hub's packages alone, its files in
# $(DAMA_HUB_STATE). Where the computer runs systemd it becomes the service dama-hub, which
# starts at boot (deploy/hub/service.py); elsewhere it runs in this terminal. Settings on the
# command line, kept by the service: make hub DAMA_HUB_IP=0.0.0.0 (the school's network).
# Needs only Python 3.11+ with venv, make and Node.js's npm. Run it again to update.
DAMA_HUB_HOME ?= /opt/dama-hub
DAMA_HUB_STATE ?= /var/lib/dama-hub
HUB_ENV := DAMA_HUB_HOME=$(DAMA_HUB_HOME) DAMA_HUB_STATE=$(DAMA_HUB_STATE)
hub:
	@command -v npm >/dev/null 2>&1 || { echo "Serve npm (Node.js) per il proxy di JupyterHub: apt install npm"; exit 1; }
	$(HUB_ENV) $(PYTHON) deploy/hub/install.py --hub
	@if [ -d /run/systemd/system ]; then \
		$(HUB_ENV) $(PYTHON) deploy/hub/service.py install; \
	else \
		echo "Questo computer non usa systemd: il server della scuola resta aperto in questo terminale (Ctrl+C lo ferma)."; \
		$(HUB_ENV) $(DAMA_HUB_HOME)/venv/bin/jupyterhub -f $(DAMA_HUB_HOME)/deploy/hub/jupyterhub_config.py; \
	fi

## A copy of the accounts, the stars and the class folder (a .tar.gz in $(DAMA_HUB_STATE)/backups),
## and its restoring (the hub stopped first, then started again): make hub-restore FILE=...
hub-backup:
	$(HUB_ENV) $(DAMA_HUB_HOME)/venv/bin/python $(DAMA_HUB_HOME)/deploy/hub/backup.py save
hub-restore:
	@test -n "$(FILE)" || { echo "Quale copia? make hub-restore FILE=/var/lib/dama-hub/backups/..."; exit 2; }
	$(HUB_ENV) $(DAMA_HUB_HOME)/venv/bin/python $(DAMA_HUB_HOME)/deploy/hub/service.py stop
	$(HUB_ENV) $(DAMA_HUB_HOME)/venv/bin/python $(DAMA_HUB_HOME)/deploy/hub/backup.py restore $(FILE)
## The hub, its proxy and every child's server stopped; uninstalled (the accounts, stars and
## class folder kept in $(DAMA_HUB_STATE) and the system users: see the README to remove them).
hub-stop:
	$(HUB_ENV) $(PYTHON) deploy/hub/service.py stop
hub-uninstall:
	$(HUB_ENV) $(PYTHON) deploy/hub/service.py uninstall
	rm -rf $(DAMA_HUB_HOME)

# JupyterHub's own proxy, from npm, at the version deploy/hub/package-lock.json pins.
deploy/hub/node_modules/.installed: deploy/hub/package.json deploy/hub/package-lock.json
	cd deploy/hub && npm ci --no-audit --no-fund --silent
	touch $@

# axe-core, which the browser tests inject into each page to check it can be used by every
# child (tests/browser/package.json).
tests/browser/node_modules/.installed: tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund --silent
	touch $@
