"""`tcglab tune` on real First Cycle matches: a planted optimum found, files written, common seeds.

The planted optimum: in First Cycle a game still going at the end of global turn `max_turns`
is a draw (C-2), and greedy play does not look at the limit, so on fixed seeds the draw
rate at limit m is exactly the share of games whose natural length exceeds m. One run
without a limit gives the whole response, hence the best `max_turns` for a target draw rate.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments import RunConfig, run
from experiments.batch.match import match_seeds
from experiments.tune import parse_tune, run_tune
from experiments.tune.metrics import distance_interval, interval, measure

SPACE = {"low": 6, "high": 20, "step": 2}
TARGET = 0.5


def planted_spec(**changes) -> dict:
    spec = {"name": "planted", "game": "first_cycle", "agents": "greedy", "matches": 16, "trials": 10, "seed": 5,
            "startup_trials": 4, "space": {"params": {"max_turns": dict(SPACE)}},
            "objectives": [{"metric": "draw_rate", "target": TARGET}],
            "holdout": {"matches": 40, "top_k": 1}}
    spec.update(changes)
    return spec


def natural_lengths(seed: int, matches: int) -> np.ndarray:
    df = run(RunConfig(game="first_cycle", agents=("greedy",), matches=matches, seed=seed, progress=False,
                       log_cards=False, params=(("max_turns", 400),)))
    assert (df["end_reason"] != "turn_limit").all()
    return df["turns"].to_numpy()


def test_tune_finds_the_planted_max_turns_for_a_target_draw_rate(tmp_path):
    spec = parse_tune(planted_spec())
    lengths = natural_lengths(spec.base.seed, spec.base.matches)
    grid = range(SPACE["low"], SPACE["high"] + 1, SPACE["step"])
    response = {m: float((lengths > m).mean()) for m in grid}
    best = min(abs(r - TARGET) for r in response.values())
    optimal = {m for m, r in response.items() if abs(r - TARGET) == best}
    assert 0 < len(optimal) < len(response)           # an interior optimum, not the whole space

    result = run_tune(spec, tmp_path / "tune", say=lambda line: None)
    done = result.trials[result.trials["state"] == "COMPLETE"]
    # common random numbers: every trial's draw rate is the response of the same seeds
    for m, rate in zip(done["max_turns"], done["draw_rate"]):
        assert rate == pytest.approx(response[m])
    chosen = result.holdout.iloc[0]
    assert chosen["max_turns"] in optimal
    # the held-out 95% interval of the found point covers its draw rate measured on a larger, independent sample
    truth = float((natural_lengths(99, 40) > chosen["max_turns"]).mean())
    assert chosen["draw_rate_low"] <= truth <= chosen["draw_rate_high"]
    assert chosen["holdout_matches"] == 40


def test_tune_writes_the_front_the_holdout_and_a_summary_with_its_command(tmp_path):
    spec = parse_tune(planted_spec(trials=3, matches=6, holdout={"matches": 8, "top_k": 2}))
    result = run_tune(spec, tmp_path / "t", command="tcglab tune planted.toml --out t", say=lambda line: None)
    names = {p.name for p in (tmp_path / "t").iterdir()}
    assert {"study.db", "tune.json", "trials.csv", "front.csv", "front.md", "front.png", "holdout.csv",
            "holdout.md", "summary.md"} <= names
    summary = (tmp_path / "t" / "summary.md").read_text()
    assert "    tcglab tune planted.toml --out t" in summary
    assert "95% CI" in summary and "held-out" in summary.lower()
    assert len(pd.read_csv(tmp_path / "t" / "trials.csv")) == 3
    assert (tmp_path / "t" / "front.png").read_bytes()[:4] == b"\x89PNG"
    # one objective: the top_k best distinct points, the best (the front's one point) first
    assert len(result.front) == 1 and len(result.holdout) == 2
    assert result.holdout["trial"].iloc[0] == result.front["trial"].iloc[0]
    assert "the 2 best distinct feasible points" in result.rule


def test_tune_holdout_seeds_are_disjoint_from_the_search_seeds():
    spec = parse_tune(planted_spec())
    assert spec.holdout_seed != spec.base.seed
    search = {match_seeds(spec.base.seed, i, 2)[0] for i in range(500)}
    held = {match_seeds(spec.holdout_seed, i, 2)[0] for i in range(500)}
    assert not search & held
    assert spec.config_for({"max_turns": 8}, holdout=True).seed == spec.holdout_seed
    assert spec.config_for({"max_turns": 8}).seed == spec.config_for({"max_turns": 12}).seed == 5


def test_tune_a_folder_holding_another_tune_is_refused_by_name(tmp_path):
    from experiments.tune import TuneError
    run_tune(parse_tune(planted_spec(trials=1, matches=2, holdout={"matches": 2, "top_k": 1})), tmp_path,
             say=lambda line: None)
    with pytest.raises(TuneError, match="already holds a tune; pass --resume"):
        run_tune(parse_tune(planted_spec(trials=1, matches=2)), tmp_path, say=lambda line: None)
    other = planted_spec(trials=1, matches=3)
    with pytest.raises(TuneError, match=r"another spec \(differs in: matches\)"):
        run_tune(parse_tune(other), tmp_path, resume=True, say=lambda line: None)


def _matches(rows: list[tuple[int, int, int, str, str]], n: int = 2) -> pd.DataFrame:
    """A matches table from (first_player, winner, turns, deck_0, deck_1) rows."""
    out = []
    for i, (first, winner, turns, d0, d1) in enumerate(rows):
        out.append({"run_id": "r", "match_id": i, "num_players": n, "first_player": first, "winner": winner,
                    "turns": turns, "decisions": 10 * turns, "end_reason": "win" if winner >= 0 else "turn_limit",
                    "agent_0": "greedy", "agent_1": "greedy", "agent_2": None, "agent_3": None,
                    "deck_0": d0, "deck_1": d1, "deck_2": None, "deck_3": None, "params_json": "{}"})
    return pd.DataFrame(out)


def test_tune_measures_match_hand_counted_values():
    # 8 games: seat 0 wins 5, seat 1 wins 2, one draw; the first player (seat 0 in 6 games) wins 5
    rows = [(0, 0, 10, "a", "b")] * 4 + [(1, 0, 12, "b", "a"), (1, 1, 14, "b", "a"), (0, 1, 8, "a", "b"),
                                         (0, -1, 20, "a", "b")]
    m = measure(_matches(rows))
    assert m["draw_rate"] == pytest.approx(1 / 8)
    assert m["first_player_win_rate"] == pytest.approx((4 + 1 + 0.5) / 8)   # games 0-3, 5 won by first; draw 1/2
    assert m["first_player_advantage"] == pytest.approx(abs(5.5 / 8 - 0.5))
    assert m["seat_fairness"] == pytest.approx(abs(5.5 / 8 - 0.5))             # seat 0: 5 wins + half a draw
    deck_a = (4 + 0 + 1 + 0 + 0.5) / 8        # deck a: won games 0-3 and 5, lost 4 and 6, drew 7
    assert m["deck_spread"] == pytest.approx(abs(deck_a - (1 - deck_a)))
    assert m["mean_length"] == pytest.approx(np.mean([10] * 4 + [12, 14, 8, 20]))


def test_tune_intervals_cover_their_estimate_and_distances_map_the_interval():
    rows = [(i % 2, (i * 7) % 3 - 1, 8 + i % 5, "a", "b") for i in range(60)]
    df = _matches(rows)
    m = measure(df)
    rng = np.random.default_rng(0)
    for name in ("draw_rate", "first_player_win_rate", "first_player_advantage", "seat_fairness",
                 "deck_spread", "mean_length"):
        low, high = interval(df, name, rng)
        assert low <= m[name] <= high, name
        assert high - low > 0, name
    assert distance_interval(0.4, 0.6, 0.5, 0.5) == pytest.approx((0.0, 0.1))
    assert distance_interval(0.1, 0.3, 0.5, 0.5) == pytest.approx((0.2, 0.4))
    assert distance_interval(22, 30, 14, 20) == (2, 10)


def test_tune_trial_breaking_a_rule_between_two_params_fails_with_its_reason(tmp_path):
    # XenodeX refuses roll_min above roll_max: the space is accepted (each end can play), and
    # only the trials that break the rule fail, each with the game's reason.
    spec = parse_tune({"game": "xenodex", "agents": "random", "matches": 2, "trials": 5, "seed": 3,
                       "params": {"cycle_limit": 2},
                       "space": {"params": {"roll_min": {"low": 1, "high": 6}, "roll_max": {"low": 1, "high": 6}}},
                       "objectives": [{"metric": "draw_rate"}], "holdout": {"matches": 2, "top_k": 1}})
    said = []
    result = run_tune(spec, tmp_path / "t", say=said.append)
    table = result.trials
    failed = table[table["state"] == "FAIL"]
    assert len(failed) and (failed["roll_min"] > failed["roll_max"]).all()
    assert failed["error"].str.contains("'roll_min' must not exceed 'roll_max'").all()
    assert (table.loc[table["state"] == "COMPLETE", "roll_min"] <= table.loc[table["state"] == "COMPLETE",
                                                                             "roll_max"]).all()
    assert any("failed: params: xenodex param 'roll_min' must not exceed 'roll_max'" in line for line in said)
    assert len(result.holdout) == 1


def test_tune_cli_runs_and_prints_the_summary_with_the_command(tmp_path, capsys):
    from experiments.cli import main
    path = tmp_path / "t.toml"
    path.write_text('game = "first_cycle"\nagents = "greedy"\nseed = 2\n[space.params]\nmax_turns = [8, 14]\n'
                    '[[objectives]]\nmetric = "mean_length"\nrange = [10, 12]\n')
    out = tmp_path / "out"
    assert main(["tune", str(path), "--out", str(out), "--trials", "2", "--matches", "3",
                 "--holdout-matches", "3"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("# tune t\n") and "## Findings" in captured.out
    assert f"    tcglab tune {path} --out {out} --trials 2 --matches 3 --holdout-matches 3" in captured.out
    assert captured.err.count("trial ") >= 2
    assert main(["tune", str(path), "--out", str(out), "--trials", "2", "--matches", "3"]) == 2
    assert "already holds a tune; pass --resume" in capsys.readouterr().err


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_tune_resume_on_a_corrupt_study_file_is_one_line_naming_it(tmp_path, capsys, damage):
    from experiments.cli import main
    path = tmp_path / "t.toml"
    path.write_text('game = "first_cycle"\nagents = "greedy"\nseed = 2\n[space.params]\nmax_turns = [8, 14]\n'
                    '[[objectives]]\nmetric = "mean_length"\nrange = [10, 12]\n')
    out = tmp_path / "out"
    args = ["tune", str(path), "--out", str(out), "--trials", "2", "--matches", "3", "--holdout-matches", "3"]
    assert main(args) == 0
    db = out / "study.db"
    data = db.read_bytes()
    db.write_bytes(b"not a database " * 100 if damage == "garbage" else data[: len(data) // 2])
    for side in ("study.db-wal", "study.db-shm"):
        (out / side).unlink(missing_ok=True)
    capsys.readouterr()
    assert main(args + ["--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"tcglab tune: {db} is not a readable optuna study (")
