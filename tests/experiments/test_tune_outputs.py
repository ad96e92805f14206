"""What a tune writes reads right: every page names the code version beside its figures, and
`same_as` in trials.csv is a trial number (not 0.0)."""
from __future__ import annotations

import pandas as pd

from experiments.batch.runner import versions
from experiments.tune import load_tune_file, run_tune

# One two-valued dimension and three trials: the third trial repeats a point, so it is a copy.
TUNE = """
name = "told"
game = "first_cycle"
agents = "greedy"
matches = 2
trials = 3
seed = 5
workers = 1
startup_trials = 3

[space.params]
first_player_draws = [false, true]

[[objectives]]
metric = "draw_rate"
direction = "minimize"

[holdout]
matches = 2
top_k = 1
"""


def test_tune_pages_name_the_code_version_and_same_as_is_a_trial_number(tmp_path):
    path = tmp_path / "told.toml"
    path.write_text(TUNE)
    run_tune(load_tune_file(path), tmp_path / "t", say=lambda line: None)
    version = f"code version {versions()['git'] or 'unknown'}"
    for name in ("summary.md", "front.md"):
        assert version in (tmp_path / "t" / name).read_text(encoding="utf-8"), name
    trials = pd.read_csv(tmp_path / "t" / "trials.csv", dtype=str, keep_default_na=False)
    copies = trials[trials["same_as"] != ""]
    assert len(copies) >= 1
    assert all(v.isdigit() and int(v) in set(trials["trial"].astype(int)) for v in copies["same_as"]), \
        list(copies["same_as"])
