# Set-up and entry points. Every target builds its own virtual environment, so a
# fresh machine needs nothing but python3 (3.11+).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
MATCHES ?= 200
SEED ?= 7

.PHONY: venv run test soak bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,analysis]'
	touch $(STAMP)

venv: $(STAMP)

## The main job: a batch of seeded matches with a printed summary.
run: $(STAMP)
	$(BIN)/python -m experiments.quickrun --matches $(MATCHES) --seed $(SEED)

## The default test suite (what CI runs).
test: $(STAMP)
	$(BIN)/python -m pytest -q -m "not soak" -n 2

## Long randomized runs, only when asked.
soak: $(STAMP)
	$(BIN)/python -m pytest -q -m soak -n 2

bench: $(STAMP)
	$(BIN)/python bench/engine.py

lint: $(STAMP)
	$(BIN)/ruff check sim envs agents experiments tests bench

clean:
	rm -rf $(VENV) build *.egg-info
