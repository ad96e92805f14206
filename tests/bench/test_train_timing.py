"""bench/train.py's figures: each update keeps its fastest run over the rounds (the same seeded
training each round), summed with the split of that run."""
from __future__ import annotations

import pytest

from bench.train import best_of


def _update(seconds: float, rollout: float) -> dict[str, float]:
    return {"steps": 2048, "seconds": seconds, "rollout_s": rollout, "update_s": seconds - rollout,
            "env_s": rollout / 2}


def test_each_update_keeps_its_fastest_run():
    first = [_update(1.0, 0.4), _update(3.0, 1.0)]   # its second update hit a slow spell
    second = [_update(2.0, 0.5), _update(1.5, 0.7)]
    row = best_of([first, second], "batch")
    assert row["steps"] == 4096
    assert row["seconds"] == pytest.approx(2.5)
    assert row["steps_per_s"] == pytest.approx(4096 / 2.5)
    assert row["rollout_s"] == pytest.approx(0.4 + 0.7) and row["update_s"] == pytest.approx(0.6 + 0.8)
    assert row["num_envs"] == 64 and row["policy"] == "sparse"


def test_one_round_is_its_own_best():
    only = [_update(1.2, 0.3)]
    assert best_of([only], "dummy")["seconds"] == pytest.approx(1.2)
