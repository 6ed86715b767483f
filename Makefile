# Two commands for everyone: `make course` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: course course-en course-voila course-voila-en course-build test quick bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Open the course in JupyterLab on the Italian index (English: `make course-en`).
course: $(STAMP)
	$(BIN)/python -m jupyter lab course/it/indice.ipynb

course-en: $(STAMP)
	$(BIN)/python -m jupyter lab course/en/index.ipynb

## The course without code, for children: Voilà on this computer only (127.0.0.1), the
## lessons already run, boards ready. Ctrl+C stops it.
course-voila: $(STAMP)
	$(BIN)/python -m voila course/it --Voila.ip=127.0.0.1 --port=8866

course-voila-en: $(STAMP)
	$(BIN)/python -m voila course/en --Voila.ip=127.0.0.1 --port=8867

## Rebuild the lesson notebooks from their sources (course/lessons/*.py).
course-build: $(STAMP)
	$(BIN)/python course/build.py

## Every test, the slow ones included.
test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## The quick loop while developing: everything but the tests marked slow.
quick: $(STAMP)
	$(BIN)/python -m pytest -m "not slow" $(PYTEST_ARGS)

## Speed, side by side with the other draughts libraries.
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) benchmarks/.peers
