# Two commands for everyone: `make course` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: course course-en test quick bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Open the course in JupyterLab (Italian first).
course: $(STAMP)
	$(BIN)/python -m jupyter lab course/

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
