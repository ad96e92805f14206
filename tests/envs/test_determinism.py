"""Determinism of every env: the same seed gives the same observation sequence in two
processes started with different PYTHONHASHSEED values (AEC env and BatchEnv)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import hashlib, random
import numpy as np
from envs import BatchEnv, {module}

h = hashlib.sha256()
env = {module}.env({env_kwargs})
env.reset(seed=2024)
rnd = random.Random(5)
steps = 0
while steps < {aec_steps}:
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        h.update(agent.encode()); h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes()); h.update(repr((reward, term, trunc)).encode())
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rnd.randrange(legal.size)]))
        steps += 1
    env.reset()
benv = BatchEnv("{game}", seed=77, {batch_kwargs})
out = benv.reset()
rng = np.random.default_rng(3)
for _ in range({batch_steps}):
    for arr in out:
        h.update(np.ascontiguousarray(arr).tobytes())
    scores = rng.random(out.mask.shape) * out.mask
    out = benv.step(scores.argmax(axis=1))
print(h.hexdigest())
"""

CASES = {
    "first_cycle": dict(module="first_cycle_v0", env_kwargs="", aec_steps=1500, game="first_cycle",
                        batch_kwargs="num_envs=8, max_turns=12", batch_steps=150),
    "cipher": dict(module="cipher_v0", env_kwargs="", aec_steps=1500, game="cipher",
                   batch_kwargs="num_envs=8, max_turns=8", batch_steps=150),
    "xenodex": dict(module="xenodex_v0", env_kwargs="num_players=3", aec_steps=700, game="xenodex",
                    batch_kwargs="num_envs=6, num_players=4, cycle_limit=3", batch_steps=80),
}


def _digest(script: str, hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


@pytest.mark.parametrize("game", sorted(CASES))
def test_same_seed_same_observations_across_processes(game):
    script = SCRIPT.format(**CASES[game])
    first, second = _digest(script, "0"), _digest(script, "4242")
    assert len(first) == 64 and first == second
