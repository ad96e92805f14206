"""The greedy agent now against the greedy agent of an earlier commit, timed side by side.

    python bench/agents.py --games first_cycle --then f468db0   # adds the comparison
    from bench.greedy_then import compare
    compare("f468db0", "first_cycle", None, seed=3, count=300)

`bench/agents.py` compares greedy with the plain one-ply lookahead run on today's engine,
which isolates what the agent's own code saves. This module answers the other question, what
a user training against greedy sees: how many times cheaper a greedy decision is now than at
`--then` (the commit before work on greedy's speed began, in `make bench`). The earlier
commit's tree is taken from this repository's own git history (`git archive`, into a
temporary folder); each side runs `TIMER` in its own Python process on its own code: the
first `count` positions with a choice of greedy self-play games from `seed` on, each decided
with a fresh generator, each position's fastest CPU time of the rounds. The two sides take
turns, twice each, keeping each position's fastest, and the choices of both must agree (the
greedy identity test pins them to the same lookahead). Without git or that commit it raises
`ThenUnavailable`, naming why.
"""
from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside either tree, so it cannot import today's bench/agents.py: its position loop is
# written out here, the same as `greedy_positions` there (both sides time the same positions).
TIMER = r"""
import json, sys, time
import numpy as np
root, game, players, seed, count, rounds = sys.argv[1:7]
sys.path.insert(0, root)
import agents
from sim import load_game
players, seed, count, rounds = (None if players == "-" else int(players)), int(seed), int(count), int(rounds)
g = load_game(game, **({} if players is None else {"num_players": players}))
greedy = agents.make("greedy")
positions = []
while len(positions) < count:
    state = g.new_state(seed)
    rngs = [np.random.default_rng([seed, p]) for p in range(g.num_players)]
    while not state.is_terminal() and len(positions) < count:
        if len(state.legal_actions()) > 1:
            positions.append(state.clone())
        state.apply(greedy.act(state, rngs[state.current_player]))
    seed += 1
best = [float("inf")] * len(positions)
choices = []
for r in range(rounds):
    for k, state in enumerate(positions):
        rng = np.random.default_rng(k)
        t = time.process_time()
        a = greedy.act(state, rng)
        best[k] = min(best[k], time.process_time() - t)
        if r == 0:
            choices.append(int(a))
print(json.dumps({"cpu_s": best, "choices": choices}))
"""


class ThenUnavailable(RuntimeError):
    """The earlier commit's tree could not be had (no git, no such commit)."""


@lru_cache(maxsize=4)
def export_tree(commit: str) -> Path:
    """`commit`'s tree of this repository in a temporary folder (removed when the process
    exits)."""
    folder = Path(tempfile.mkdtemp(prefix="tcglab-then-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    archive = folder / "tree.tar"
    try:
        with open(archive, "wb") as out:
            subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, stdout=out,
                           stderr=subprocess.PIPE, check=True)
    except FileNotFoundError as exc:
        raise ThenUnavailable("git is not installed") from exc
    except subprocess.CalledProcessError as exc:
        raise ThenUnavailable(f"git archive {commit}: {exc.stderr.decode().strip()}") from exc
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "tree", filter="data")
    archive.unlink()
    return folder / "tree"


def _time(root: Path, game: str, players: int | None, seed: int, count: int, rounds: int) -> dict:
    """One side's per-position fastest CPU seconds and first-round choices (`TIMER`)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", TIMER, str(root), game,
                           "-" if players is None else str(players), str(seed), str(count),
                           str(rounds)], cwd=root, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"greedy timing at {root} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def compare(commit: str, game: str, players: int | None, seed: int = 3, count: int = 300,
            rounds: int = 4, turns: int = 2) -> dict:
    """Mean CPU microseconds per greedy decision at `commit` and now on the same positions, and
    how many times cheaper now is (see the module docstring)."""
    then_root = export_tree(commit)
    best: dict[str, list[float]] = {}
    choices: dict[str, list[int]] = {}
    for turn in range(turns):
        for side, root in (("then", then_root), ("now", ROOT))[::1 if turn % 2 == 0 else -1]:
            got = _time(root, game, players, seed, count, rounds)
            prev = best.get(side)
            best[side] = got["cpu_s"] if prev is None else [min(a, b) for a, b in zip(prev, got["cpu_s"])]
            choices[side] = got["choices"]
    if choices["then"] != choices["now"]:
        raise RuntimeError(f"greedy at {commit} and now choose differently on {game}: the "
                           "comparison would not be of the same agent")
    then_us = sum(best["then"]) / len(best["then"]) * 1e6
    now_us = sum(best["now"]) / len(best["now"]) * 1e6
    return {"then_commit": commit, "then_cpu_us_per_decision": then_us,
            "now_cpu_us_per_decision": now_us, "cheaper_than_then": then_us / now_us}
