# Two commands for everyone: `make course` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: hub bench-pages course course-en course-lab course-lab-en course-voila course-voila-en course-build catalogues site site-serve test quick bench clean worksheet

# The programs' message catalogues (damalib/locale): each language's .po compiled into its .mo.
LOCALE := damalib/locale
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/dama.po))

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[course,site,hub,test]'
	touch $(STAMP)

$(LOCALE)/%/LC_MESSAGES/dama.mo: $(LOCALE)/%/LC_MESSAGES/dama.po $(STAMP)
	$(BIN)/python -m authoring.catalogues --compile

## The catalogues after a change of the programs' messages: the messages extracted from the
## code (dama.pot), every language's .po updated (new messages to translate), all compiled.
catalogues: $(STAMP)
	$(BIN)/python -m authoring.catalogues

## Open the course a child can use: no code on screen, the Italian index first, on this
## computer only (127.0.0.1:8866). Lessons open from a copy in the progress folder, never
## from these files. English: `make course-en`. Ctrl+C stops it.
course: $(STAMP) $(MO)
	$(BIN)/python deploy/local/launch.py

course-en: $(STAMP) $(MO)
	$(BIN)/python deploy/local/launch.py --lang en

## The same course in JupyterLab, for adults and teachers.
course-lab: $(STAMP) $(MO)
	$(BIN)/python deploy/local/launch.py --lab

course-lab-en: $(STAMP) $(MO)
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
site: $(STAMP) $(MO)
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

## Every test, the slow ones included.
test: $(STAMP) $(MO) deploy/hub/node_modules/.installed
	$(BIN)/python -m pytest --durations=15 $(PYTEST_ARGS)

## The quick loop while developing: everything but the tests marked slow.
quick: $(STAMP) $(MO)
	$(BIN)/python -m pytest -m "not slow" $(PYTEST_ARGS)

## Speed, side by side with the other draughts libraries.
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

## The course's pages in a real browser: the next lesson and a child's server's memory in
## each front end (the static site too, once `make site` has built it).
bench-pages: $(STAMP) $(MO)
	$(BIN)/python benchmarks/course_pages.py $(if $(wildcard build/site/index.html),--site build/site)

clean:
	rm -rf $(VENV) benchmarks/.peers build deploy/site/.cache

# The school's server: JupyterHub on this computer (as root: each account is a system user),
# the course installed for every user in $(DAMA_HUB_HOME), the teacher's account
# $(DAMA_HUB_TEACHER). Loopback by default; the school's network: make hub DAMA_HUB_IP=0.0.0.0
DAMA_HUB_HOME ?= /opt/dama-hub
DAMA_HUB_TEACHER ?= maestra
DAMA_HUB_IP ?= 127.0.0.1
hub: $(STAMP) $(MO) deploy/hub/node_modules/.installed
	DAMA_HUB_HOME=$(DAMA_HUB_HOME) $(BIN)/python deploy/hub/install.py
	DAMA_HUB_HOME=$(DAMA_HUB_HOME) DAMA_HUB_TEACHER=$(DAMA_HUB_TEACHER) DAMA_HUB_IP=$(DAMA_HUB_IP) \
		$(BIN)/jupyterhub -f deploy/hub/jupyterhub_config.py

# JupyterHub's own proxy, from npm, at the version deploy/hub/package-lock.json pins.
deploy/hub/node_modules/.installed: deploy/hub/package.json deploy/hub/package-lock.json
	cd deploy/hub && npm ci --no-audit --no-fund --silent
	touch $@
