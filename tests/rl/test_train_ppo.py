"""Issue 9 smoke tests: PPO trains for a few hundred steps, evaluates, and plays as an agent."""
from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

import agents
from experiments import RunConfig, run
from experiments.rl.train_ppo import main, parse_args


def test_train_ppo_smoke_trains_evaluates_and_checkpoints(tmp_path):
    out = tmp_path / "ppo"
    result = main(parse_args(["--total-steps", "256", "--num-envs", "2", "--n-steps", "64",
                              "--batch-size", "64", "--eval-every", "128", "--eval-matches", "2",
                              "--out", str(out)]))
    assert (out / "final.zip").exists() and (out / "train.log").read_text()
    with open(out / "eval.csv") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["opponent"] for r in rows} == {"random", "greedy"}
    assert {int(r["step"]) for r in rows} == {128, 256}
    assert all(0.0 <= float(r["win_rate"]) <= 1.0 and int(r["matches"]) == 2 for r in rows)
    assert result["steps"] == 256 and result["checkpoint"].endswith("final.zip")
    import torch
    expected = "cuda" if torch.cuda.is_available() else "cpu"       # device "auto" by default
    assert f"device {expected}" in (out / "train.log").read_text()


def test_device_auto_resolves_to_a_real_device_and_an_explicit_one_is_kept():
    import torch

    from experiments.rl.train_ppo import Args, resolve_device
    assert Args().device == "auto"
    assert resolve_device("auto") == ("cuda" if torch.cuda.is_available() else "cpu")
    assert resolve_device("cpu") == "cpu"


def test_checkpoint_plays_through_the_runner_as_an_agent(tmp_path):
    out = tmp_path / "ppo"
    main(parse_args(["--total-steps", "128", "--num-envs", "1", "--n-steps", "64", "--batch-size", "64",
                     "--eval-every", "0", "--eval-matches", "1", "--eval-opponents", "random",
                     "--out", str(out)]))
    spec = f"ppo:path={out / 'final.zip'}"
    agent = agents.make(spec)
    from sim import load_game
    state = load_game("first_cycle").new_state(3)
    assert agent.act(state, np.random.default_rng(0)) in state.legal_actions()
    df = run(RunConfig(agents=(spec, "random"), matches=2, seed=1, progress=False))
    assert len(df) == 2 and (df["end_reason"] != "error").all()


def test_pettingzoo_env_plugs_into_sb3_through_the_aec_api():
    from sb3_contrib import MaskablePPO

    from envs import first_cycle_v0
    from experiments.rl.pettingzoo_sb3 import AECLearnerEnv, frozen_policy
    env = AECLearnerEnv(first_cycle_v0.env, learner="player_1")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, verbose=0).learn(128)
    selfplay = AECLearnerEnv(first_cycle_v0.env, learner="player_0", opponent=frozen_policy(model))
    obs, _ = selfplay.reset(seed=4)
    steps, done = 0, False
    while not done and steps < 2000:
        action, _ = model.predict(obs, action_masks=selfplay.action_masks(), deterministic=True)
        assert selfplay.action_masks()[int(action)]
        obs, reward, term, trunc, _ = selfplay.step(int(action))
        done = term or trunc
        steps += 1
    assert done and reward in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("game,players,opponent", [
    ("cipher", None, "greedy"),
    ("xenodex", None, "random"),
    ("xenodex", 4, "greedy"),       # the 3 other seats are played by the fixed agent
    ("first_cycle", None, "self"),  # self-play: snapshots join the opponent pool
    ("first_cycle", None, "greedy+ppo:first_cycle"),  # a mix: each game faces one of them
])
def test_the_same_script_trains_every_game(tmp_path, game, players, opponent):
    out = tmp_path / "ppo"
    argv = ["--game", game, "--opponent", opponent, "--total-steps", "192", "--num-envs", "2",
            "--n-steps", "32", "--batch-size", "32", "--eval-every", "0", "--eval-matches", "1",
            "--eval-opponents", "random", "--selfplay-every", "64", "--out", str(out)]
    if players:
        argv += ["--players", str(players)]
    result = main(parse_args(argv))
    assert result["steps"] >= 192 and (out / "final.zip").exists()
    (row,) = result["eval"]
    assert row["opponent"] == "random" and row["matches"] == 1
    spec = f"ppo:path={out / 'final.zip'}"
    from sim import load_game
    state = load_game(game, **({"num_players": players} if players else {})).new_state(5)
    assert agents.make(spec).act(state, np.random.default_rng(0)) in state.legal_actions()
    if opponent == "self":
        assert "snapshot" in (out / "train.log").read_text()


@pytest.mark.parametrize("vec, policy", [("batch", "sparse"), ("dummy", "mlp")])
def test_train_ppo_trains_through_either_vector_env_and_network(tmp_path, vec, policy):
    out = tmp_path / "ppo"
    result = main(parse_args(["--vec", vec, "--policy", policy, "--total-steps", "128", "--num-envs", "4",
                              "--n-steps", "32", "--batch-size", "64", "--eval-every", "0", "--eval-matches", "1",
                              "--eval-opponents", "random", "--out", str(out)]))
    assert result["steps"] == 128 and (out / "final.zip").exists()
    assert f"4 envs ({vec})" in (out / "train.log").read_text()
    from agents.networks import SparseFeatures
    from agents.ppo import load_policy
    extractor = load_policy(str(out / "final.zip")).features_extractor
    assert isinstance(extractor, SparseFeatures) == (policy == "sparse")


def test_train_ppo_refuses_a_mix_it_cannot_train_against():
    from sim.core.errors import TcglabError
    with pytest.raises(TcglabError, match="--opponent: self-play cannot be mixed"):
        parse_args(["--opponent", "self+greedy"])
    with pytest.raises(TcglabError, match="--opponent: an empty agent spec"):
        parse_args(["--opponent", "random+"])


def test_train_ppo_refuses_an_unknown_vector_env():
    from sim.core.errors import TcglabError
    with pytest.raises(TcglabError, match="--vec: must be one of batch, dummy, got 'subproc'"):
        parse_args(["--vec", "subproc"])


def test_steps_is_the_readmes_spelling_of_total_steps():
    from experiments.rl.train_ppo import parse_args
    assert parse_args(["--steps", "1234"]).total_steps == 1234
    assert parse_args(["--total-steps", "99"]).total_steps == 99
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    line = next(x for x in readme.splitlines() if x.startswith("tcglab train "))
    args = line.split("#")[0].split()[2:]
    assert parse_args(args).total_steps == 200_000
