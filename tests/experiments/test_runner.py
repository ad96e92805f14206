"""The batch runner: reproducible tables, atomic shards, resume after SIGKILL, errors logged."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import agents
from experiments import RunConfig, RunConfigError, read_table, run
from experiments.batch.runner import TIMING_COLUMNS, MatchErrorsError

ROOT = Path(__file__).resolve().parents[2]


def comparable(df: pd.DataFrame) -> pd.DataFrame:
    """A table without its wall-time columns (the only ones allowed to differ)."""
    return df.drop(columns=[c for c in TIMING_COLUMNS if c in df.columns]).reset_index(drop=True)


def test_run_returns_one_row_per_match_with_the_schema():
    df = run(RunConfig(matches=12, seed=1, agents=("greedy", "random"), progress=False))
    assert list(df["match_id"]) == list(range(12))
    for col in ("run_id", "game", "env_version", "params_id", "params_json", "seed", "num_players",
                "agent_0", "agent_1", "deck_0", "deck_1", "first_player", "winner", "return_0",
                "return_1", "end_reason", "turns", "decisions", "wall_time"):
        assert col in df.columns, col
    assert set(df["end_reason"]) <= {"leader_hp", "turn_limit"}
    assert (df["agent_0"] == "greedy").sum() == 6          # seats swapped every match


def test_table_is_identical_whatever_the_workers(tmp_path):
    base = RunConfig(matches=30, seed=5, agents=("greedy", "random"), shard_size=4, progress=False)
    one = run(base.replace(out=str(tmp_path / "w1"), workers=1))
    two = run(base.replace(out=str(tmp_path / "w2"), workers=2))
    pd.testing.assert_frame_equal(comparable(one), comparable(two))


def test_any_match_replays_alone():
    base = RunConfig(matches=10, seed=9, agents=("random", "greedy"), progress=False)
    full = comparable(run(base))
    from experiments.batch.match import play_match
    from experiments.batch.runner import run_id_of
    from experiments.batch.schema import to_arrow
    row, _, _ = play_match(base, 7, run_id_of(base))
    alone = comparable(to_arrow("matches", [row]).to_pandas())
    pd.testing.assert_frame_equal(alone, full.iloc[[7]].reset_index(drop=True))


def test_logs_are_parquet_shards_with_a_manifest(tmp_path):
    out = tmp_path / "run"
    run(RunConfig(matches=9, seed=2, shard_size=4, out=str(out), log_decisions=True, progress=False))
    names = sorted(p.name for p in (out / "matches").iterdir())
    assert names == ["part-000000000-000000003.parquet", "part-000000004-000000007.parquet",
                     "part-000000008-000000008.parquet"]
    assert len(pd.read_parquet(out / "matches")) == 9
    dec = read_table(out, "decisions")
    matches = read_table(out, "matches")
    assert len(dec) == matches["decisions"].sum() and {"label", "legal_count", "think_time"} <= set(dec.columns)
    cards = read_table(out, "cards")
    assert set(cards["event"]) == {"opening_hand", "drawn", "played"}
    assert (out / "manifest.json").exists()


def test_existing_run_needs_resume(tmp_path):
    cfg = RunConfig(matches=3, seed=2, out=str(tmp_path / "r"), progress=False)
    run(cfg)
    with pytest.raises(RunConfigError, match="--resume"):
        run(cfg)
    with pytest.raises(RunConfigError, match="another config"):
        run(cfg.replace(seed=3, resume=True))


def test_bad_config_fails_before_any_match(tmp_path):
    out = tmp_path / "bad"
    with pytest.raises(RunConfigError, match="agents: 'alphago'"):
        run(RunConfig(agents=("alphago",), out=str(out), progress=False))
    with pytest.raises(Exception, match="unknown first_cycle param"):
        run(RunConfig(params=(("hp", 3),), out=str(out), progress=False))
    with pytest.raises(Exception, match="purple_starter"):
        run(RunConfig(decks=("purple_starter",), out=str(out), progress=False))
    with pytest.raises(RunConfigError, match="agents: got 3 .* for a 2-player game"):
        run(RunConfig(agents=("random",) * 3, progress=False))
    assert not out.exists()


class _ExplodingAgent:
    name = "exploding"

    def __init__(self, config):
        self.config = config

    def act(self, state, rng):
        if state.turn >= 3:
            raise RuntimeError("boom at turn 3")
        return state.legal_actions()[0]


def test_a_failing_match_is_logged_and_the_run_goes_on(monkeypatch):
    import experiments.batch.match as match
    monkeypatch.setattr(match, "_agent", lambda spec: _ExplodingAgent(None) if spec == "exploding"
                        else agents.make(spec))
    monkeypatch.setattr(agents, "make", lambda spec, **kw: _ExplodingAgent(None))
    config = RunConfig(matches=4, seed=1, agents=("exploding", "random"), progress=False)
    with pytest.raises(MatchErrorsError, match=r"4 of 4 matches raised an error; the first, match 0: "
                                               r"RuntimeError: boom at turn 3 \(at .*test_runner.py:\d+ in act\)"):
        run(config)
    df = run(config.replace(allow_errors=True))
    assert (df["end_reason"] == "error").all()
    assert df["error"].str.contains("boom at turn 3").all()
    assert df["seed"].notna().all()


def test_resume_after_sigkill_gives_the_uninterrupted_table(tmp_path):
    args = ["--agents", "greedy,random", "--matches", "120", "--seed", "4", "--shard-size", "6",
            "--no-progress"]
    killed = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-m", "experiments.cli", "run", *args, "--out", str(killed)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline:
        folder = killed / "matches"
        if folder.is_dir() and len(list(folder.glob("part-*.parquet"))) >= 3:
            break
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    partial = len(list((killed / "matches").glob("part-*.parquet")))
    assert 0 < partial < 20, "the kill should land mid-run"
    subprocess.run([sys.executable, "-m", "experiments.cli", "run", *args, "--out", str(killed), "--resume"],
                   cwd=ROOT, check=True, capture_output=True)
    whole = tmp_path / "whole"
    subprocess.run([sys.executable, "-m", "experiments.cli", "run", *args, "--out", str(whole)],
                   cwd=ROOT, check=True, capture_output=True)
    a, b = read_table(killed), read_table(whole)
    assert len(a) == 120 and a["match_id"].is_unique
    pd.testing.assert_frame_equal(comparable(a), comparable(b))
    pd.testing.assert_frame_equal(comparable(read_table(killed, "cards")).sort_values(["match_id", "player", "card", "event"]).reset_index(drop=True),
                                  comparable(read_table(whole, "cards")).sort_values(["match_id", "player", "card", "event"]).reset_index(drop=True))
    assert not list(killed.rglob("*.tmp"))


def test_ray_backend_table_equals_local():
    import ray  # the `ray` extra, installed by `make test`
    base = RunConfig(matches=16, seed=11, agents=("greedy", "random"), shard_size=4, progress=False)
    local = run(base)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run(base.replace(backend="ray", workers=2))
    finally:
        ray.shutdown()
    pd.testing.assert_frame_equal(comparable(local), comparable(remote))


def test_summary_of_a_four_player_run_has_seat_positions_and_win_types():
    from experiments.batch.runner import execute
    summary = execute(RunConfig(game="xenodex", agents=("random",), matches=8, seed=3,
                                params=(("num_players", 4),), progress=False))
    table = summary.seat_reasons()
    assert list(table["seat"]) == [0, 1, 2, 3] and (table["games"] == 8).all()
    assert table["wins"].sum() == summary.decided
    text = summary.render()
    assert "wins by seat position and end reason" in text and "win rate by seat" in text
    seat_lines = text.split("win rate by seat:\n")[1].splitlines()
    assert [line.split()[0] for line in seat_lines] == ["P1", "P2", "P3", "P4"]  # as people name seats
    decided = execute(RunConfig(game="xenodex", agents=("greedy", "random", "random", "random"), matches=8,
                                seed=3, params=(("num_players", 4),), progress=False))
    assert decided.decided and "a fair share is 25.0% with 4 players" in decided.render()


def test_the_summary_counts_a_draw_as_1_over_n_as_the_report_does_and_says_so():
    from experiments.analysis.tables import first_player_advantage, win_rates
    from experiments.batch.runner import execute
    config = RunConfig(agents=("greedy", "random"), matches=6, params=(("max_turns", 12),), progress=False)
    summary = execute(config)
    assert summary.draws > 0  # the turn limit of 12 ends some matches in a draw
    matches = run(config.replace(matches=6))
    first = first_player_advantage(matches)
    assert summary.first_player_score / (summary.matches - summary.errors) == pytest.approx(first["win_rate"][0])
    agents = win_rates(matches, by="agent").set_index("agent")["win_rate"]
    mine = summary.tables()["agent"].set_index("agent")["win_rate"]
    assert mine.to_dict() == pytest.approx(agents.to_dict())
    text = summary.render()
    assert f"win rates count a draw as 1/2 of a win for each player ({summary.draws} draws)" in text
    # every rate line says how many of its games were drawn, as the first player's does
    assert f"first player (who moved first, drawn at random each match) wins {summary.first_player_wins} and draws {summary.draws} of 6 matches" in text
    table = summary.tables()["agent"].set_index("agent")
    assert (table["draws"] == summary.draws).all()
    for agent, r in table.iterrows():
        assert f"{int(r['wins'])} won, {summary.draws} drawn of 6" in text.split(f"  {agent} ")[1].splitlines()[0]


def test_the_summary_names_xenodex_lengths_cycles():
    from experiments.batch.runner import execute
    text = execute(RunConfig(game="xenodex", agents=("random",), matches=2, seed=3, progress=False)).render()
    assert "mean cycles " in text and "mean turns" not in text
    assert "mean turns " in execute(RunConfig(matches=2, progress=False)).render()


def test_n_player_rows_have_all_seats_and_returns():
    df = run(RunConfig(game="xenodex", agents=("random",), matches=3, seed=1,
                       params=(("num_players", 3),), progress=False))
    assert (df["num_players"] == 3).all() and df["agent_3"].isna().all()
    decided = df[df["winner"] >= 0]
    for r in decided.to_dict("records"):
        assert r[f"return_{r['winner']}"] == 1.0
        assert sum(r[f"return_{s}"] for s in range(3)) == pytest.approx(0.0)


def test_default_decks_rotate_apart_from_agents_given_decks_stay_with_them():
    df = run(RunConfig(matches=8, seed=1, agents=("greedy", "random"), progress=False))
    pairs = set(zip(df["agent_0"], df["deck_0"]))
    assert pairs == {("greedy", "black_starter"), ("greedy", "orange_starter"),
                     ("random", "black_starter"), ("random", "orange_starter")}
    df = run(RunConfig(matches=4, seed=1, agents=("greedy", "random"),
                       decks=("green_starter", "blue_starter"), progress=False))
    assert set(zip(df["agent_0"], df["deck_0"])) == {("greedy", "green_starter"), ("random", "blue_starter")}


def test_cross_decks_gives_every_agent_every_deck_in_every_seat():
    config = RunConfig(matches=8, seed=1, agents=("greedy", "random"), decks=("green_starter", "blue_starter"),
                       cross_decks=True, progress=False, params=(("max_turns", 6),))
    df = run(config)
    seen = {(r[f"agent_{s}"], r[f"deck_{s}"], s) for r in df.to_dict("records") for s in (0, 1)}
    assert len(seen) == 8  # 2 agents x 2 decks x 2 seats
    assert not config.decks_confounded() and config.replace(cross_decks=False).decks_confounded()


def test_a_short_playing_time_is_shown_in_milliseconds_not_as_zero():
    from experiments.batch.summary import Summary
    summary = Summary(matches=1, decisions_total=10, match_seconds=0.0004, players={2})
    assert "playing time 0.4 ms summed over the finished matches" in summary.render()
