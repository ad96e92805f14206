"""What a tune writes reads right: every page names the code version beside its figures,
`same_as` in trials.csv is a trial number (not 0.0), the search's estimates carry their match
count and 95% intervals (trials.csv, front.*, the progress lines), and every file is whole even
when a write fails part way."""
from __future__ import annotations

import pandas as pd
import pytest

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
    assert set(trials["code_version"]) == {versions()["git"] or "unknown"}  # copies keep theirs
    copies = trials[trials["same_as"] != ""]
    assert len(copies) >= 1
    assert all(v.isdigit() and int(v) in set(trials["trial"].astype(int)) for v in copies["same_as"]), \
        list(copies["same_as"])


# A tune whose writes are cut off at `limit` bytes a file once its search is done (RLIMIT_FSIZE: a
# write past it fails with EFBIG, as on a full disk): trials.csv and the markdown fit, front.png not.
# The code version is read before the limit: a git run under it would leave the checkout's index.lock cut short.
LIMITED = """
import resource, sys
import experiments.batch.runner as batch
import experiments.tune.runner as runner
from experiments.cli import main
real, told = runner.write_outputs, batch.versions()
batch.versions = lambda: told

def limited(*args, **kwargs):
    resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
    return real(*args, **kwargs)

runner.write_outputs = limited
sys.exit(main(["tune", {file!r}, "--out", {out!r}, "--trials", "4", "--resume"]))
"""
PNG_END = b"IEND\xaeB`\x82"


def test_tune_files_stay_whole_when_a_write_fails_part_way(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from experiments.tune.report import FILES
    path = tmp_path / "told.toml"
    path.write_text(TUNE)
    out = tmp_path / "t"
    run_tune(load_tune_file(path), out, say=lambda line: None)
    before = {name: (out / name).read_bytes() for name in FILES}
    limit = 4096
    assert all(len(before[n]) < limit for n in ("trials.csv", "front.csv", "front.md", "summary.md"))
    assert len(before["front.png"]) > limit  # the write fails part way through the plot

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", LIMITED.format(limit=limit, file=str(path), out=str(out))],
                          cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"tcglab tune: cannot write the tune's files in {out}") and "--resume" in last, last
    # every file is the last complete run's, whole: none cut short, none from the failed run
    assert {name: (out / name).read_bytes() for name in FILES} == before
    assert before["front.png"].endswith(PNG_END)
    assert not [p.name for p in out.iterdir() if p.name.endswith(".tmp")]

    # a temporary left by a killed writer is cleared by the next run, which writes every file anew
    (out / ".summary.md.999999.tmp").write_text("half a summ")
    run_tune(load_tune_file(path, trials=4), out, resume=True, say=lambda line: None)
    assert not [p.name for p in out.iterdir() if p.name.endswith(".tmp")]
    assert len(pd.read_csv(out / "trials.csv")) == 4 and (out / "front.png").read_bytes().endswith(PNG_END)
    assert (out / "summary.md").read_text(encoding="utf-8").rstrip().endswith("(the optuna study).")


# A Wilson-rate objective (a distance to a target) and a bootstrapped constraint, 4 matches a trial.
ESTIMATES = """
name = "estimates"
game = "first_cycle"
agents = "greedy"
matches = 4
trials = 3
seed = 7
workers = 1
startup_trials = 3

[space.params]
max_turns = { low = 8, high = 16 }

[[objectives]]
metric = "first_player_win_rate"
target = 0.5

[[constraints]]
metric = "mean_length"
max = 100

[holdout]
matches = 2
top_k = 1
"""


def test_tune_search_estimates_carry_their_match_count_and_95_intervals(tmp_path):
    from experiments.stats import wilson
    path = tmp_path / "estimates.toml"
    path.write_text(ESTIMATES)
    said = []
    run_tune(load_tune_file(path), tmp_path / "t", say=said.append)
    trials = pd.read_csv(tmp_path / "t" / "trials.csv")
    assert (trials["state"] == "COMPLETE").all() and (trials["matches"] == 4).all()
    assert trials["intervals_stored"].all()
    for name in ("first_player_win_rate", "first_player_win_rate_distance", "mean_length"):
        low, value, high = trials[f"{name}_low"], trials[name], trials[f"{name}_high"]
        assert low.notna().all() and high.notna().all() and (low <= value + 1e-12).all() \
            and (value <= high + 1e-12).all(), name
    for row in trials.to_dict("records"):  # rates: Wilson over the trial's matches
        low, high = wilson(row["first_player_win_rate"] * row["matches"], row["matches"])
        assert (row["first_player_win_rate_low"], row["first_player_win_rate_high"]) == pytest.approx((low, high))
        line = next(s for s in said if s.startswith(f"trial {row['trial']}:"))
        assert ": 4 matches" in line, line
        assert (f"first_player_win_rate {row['first_player_win_rate']:.3f} (95% CI {low:.3f} to {high:.3f})"
                in line), line
        assert f"mean_length {row['mean_length']:.3f} (95% CI {row['mean_length_low']:.3f} to " in line, line
    front = pd.read_csv(tmp_path / "t" / "front.csv")
    for column in ("first_player_win_rate_low", "first_player_win_rate_high", "first_player_win_rate_distance_low",
                   "mean_length_low", "mean_length_high", "matches"):
        assert column in front.columns and front[column].notna().all(), column
    page = (tmp_path / "t" / "front.md").read_text(encoding="utf-8")
    assert "| first_player_win_rate_low | first_player_win_rate_high |" in page and "95% interval" in page


def test_tune_provenance_names_every_code_version_of_its_trials(tmp_path):
    """A study continued under other code names each version its trials were played with,
    and trials stored by an older tcglab are counted as not saying."""
    from experiments.codeversion import process_code_version
    from experiments.tune.report import provenance
    path = tmp_path / "told.toml"
    path.write_text(TUNE)
    spec = load_tune_file(path)
    now = process_code_version()
    one = pd.DataFrame({"state": ["COMPLETE"] * 2, "code_version": [now, now]})
    assert f"; code version {now}." in provenance(spec, one)
    mixed = pd.DataFrame({"state": ["COMPLETE"] * 3, "code_version": ["a1", "a1", "b2"]})
    assert (f"code version of the trials a1, then b2 (the study was continued under other code: its "
            f"matches come from each); of the held-out checks {now}.") in provenance(spec, mixed)
    older = pd.DataFrame({"state": ["COMPLETE", "COMPLETE", "FAIL"], "code_version": [now, None, None]})
    assert (f"code version of the trials {now} (1 trials stored by an older tcglab do not say); of the "
            f"held-out checks {now}.") in provenance(spec, older)
