# Set-up and entry points. Every target builds its own virtual environment, so a
# fresh machine needs nothing but python3 (3.11+).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run
BENCH_STAMP := $(VENV)/.installed-bench
MATCHES ?= 200
SEED ?= 7
GAME ?= first_cycle
AGENTS ?= greedy,random
WORKERS ?= 2

comma := ,
.PHONY: venv run test soak bench lint clean browser wheelhouse

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,fast,ray,analysis,rl,balance]'
	touch $(STAMP)

venv: $(STAMP)

## The main job needs only the core and the analysis extra (no torch, no ray).
$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[analysis]'
	touch $(RUN_STAMP)

## The main job: a batch of seeded matches, logged to Parquet, with a printed summary.
## Re-running continues (or just re-summarizes) the same run folder.
run: $(RUN_STAMP)
	$(BIN)/tcglab run --game $(GAME) --agents $(AGENTS) --matches $(MATCHES) --seed $(SEED) \
		--workers $(WORKERS) --out runs/main-$(GAME)-$(subst :,_,$(subst $(comma),-,$(AGENTS)))-$(MATCHES)-$(SEED) --resume

## A headless browser for the report and viewer tests: Debian's Chromium and its driver (as root,
## once; nothing is downloaded from outside the package registries).
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver)

## The default test suite (what CI runs): lint and the layer contracts first (seconds), then pytest.
test: $(STAMP) browser
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -q -m "not soak" -n 2

## Long randomized runs, only when asked.
soak: $(STAMP)
	$(BIN)/python -m pytest -q -m soak -n 2

## The speed scripts (bench/), with the peer libraries timed beside ours in the same processes
## (PettingZoo, OpenSpiel, RLCard: extra `bench`) and PPO training through both vector envs
## (bench/train.py) and BatchEnv against the zoo models (bench/opponents.py); regenerates docs/performance.md from their JSON. About 8 minutes on 2 idle cores. BENCH_SECONDS is the timed budget per row of
## bench/engine.py and bench/env.py (a smoke run: make bench BENCH_SECONDS=0.3).
BENCH_SECONDS ?= 2
BENCH_OUT ?= build/bench
## greedy before the work on its speed began (bench/greedy_then.py times it against greedy now)
GREEDY_THEN ?= f468db0
BENCH_JSON := $(foreach s,engine env agents runner train opponents tune,$(BENCH_OUT)/$(s).json)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,fast,ray,analysis,rl,balance,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	mkdir -p $(BENCH_OUT)
	rm -f $(BENCH_JSON)
	$(BIN)/python bench/engine.py --games first_cycle,cipher,xenodex,xenodex@3,xenodex@4 --peers \
		--seconds $(BENCH_SECONDS) --json $(BENCH_OUT)/engine.json
	$(BIN)/python bench/env.py --peers --seconds $(BENCH_SECONDS) --json $(BENCH_OUT)/env.json
	$(BIN)/python bench/agents.py --games first_cycle,cipher,xenodex,xenodex@4 --then $(GREEDY_THEN) --json $(BENCH_OUT)/agents.json
	$(BIN)/python bench/runner.py --quick --json $(BENCH_OUT)/runner.json
	$(BIN)/python bench/train.py --quick --json $(BENCH_OUT)/train.json
	$(BIN)/python bench/opponents.py --quick --json $(BENCH_OUT)/opponents.json
	$(BIN)/python bench/tune.py --quick --json $(BENCH_OUT)/tune.json
	$(BIN)/python bench/report.py $(BENCH_JSON) --out docs/performance.md

## Wheels for a machine that cannot reach a package index but holds torch, numpy, pandas, pyarrow,
## tqdm, filelock and cloudpickle already (a GPU node): the rest of what `tcglab train` and
## bench/train.py import, at the versions installed here, for CPython $(WHEEL_PYTHON) on x86-64 Linux,
## into $(WHEELHOUSE). There: pip install --no-index --no-deps --target DIR $(WHEELHOUSE)/*.whl (docs/rl.md).
WHEEL_PYTHON ?= 3.12
WHEELHOUSE ?= build/wheelhouse
OFFLINE_PACKAGES := gymnasium farama-notifications pettingzoo pydantic pydantic-core annotated-types \
	typing-inspection typing-extensions tzdata stable-baselines3 sb3-contrib

wheelhouse: $(STAMP)
	rm -rf $(WHEELHOUSE)
	$(BIN)/python -m pip download --quiet --no-deps --only-binary=:all: --implementation cp \
		--python-version $(WHEEL_PYTHON) --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
		--platform manylinux2014_x86_64 -d $(WHEELHOUSE) \
		$$($(BIN)/python -c "import sys, importlib.metadata as m; print(' '.join(f'{p}=={m.version(p)}' for p in sys.argv[1:]))" $(OFFLINE_PACKAGES))
	ls $(WHEELHOUSE)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) build *.egg-info
