"""Determinism of cipher_v0: the same seed gives the same observation sequence in two
processes started with different PYTHONHASHSEED values (AEC env and BatchEnv)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import hashlib, random
import numpy as np
from envs import BatchEnv, cipher_v0

h = hashlib.sha256()
env = cipher_v0.env()
env.reset(seed=2024)
rnd = random.Random(5)
steps = 0
while steps < 1500:
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
benv = BatchEnv("cipher", num_envs=8, seed=77, max_turns=8)
out = benv.reset()
rng = np.random.default_rng(3)
for _ in range(150):
    for arr in out:
        h.update(np.ascontiguousarray(arr).tobytes())
    scores = rng.random(out.mask.shape) * out.mask
    out = benv.step(scores.argmax(axis=1))
print(h.hexdigest())
"""


def _digest(hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_same_seed_same_observations_across_processes():
    first, second = _digest("0"), _digest("4242")
    assert len(first) == 64 and first == second
