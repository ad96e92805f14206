"""The timing loops of the speed scripts, shared by our rows and the peer rows.

Each loop plays uniformly random legal moves for a wall-clock budget and returns the raw
counts; the scripts turn them into rates. A peer row is timed with the very loop of the
row of ours it stands beside, so the two differ only in the library under the loop.

- `play_engine(new_state, seconds, seed)`: the engine loop of bench/engine.py. Every game
  is set up inside the timed loop (`new_state(game_seed)`, game seeds `seed`, `seed + 1`,
  ...), the set-up time is summed apart, and each decision is `legal_actions()` then
  `apply(legal[i])` with `i` drawn from `numpy.random.default_rng(seed)`.
- `aec_loop(env, seconds, seed)`: the PettingZoo AEC loop of bench/env.py: one seeded
  `env.reset(seed=seed)` before the clock starts, then `agent_iter()`, `last()`, a
  uniform choice among the ones of `obs["action_mask"]`, `step()`; later resets are timed.
  `aec_runner(env, seed)` is the same loop in slices (`send(seconds)`), so that rows can
  take turns.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Any

import numpy as np


def play_engine(new_state: Callable[[int], Any], seconds: float, seed: int,
                clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Random legal play on states with `legal_actions()`, `apply(action)`, `is_terminal()`.

    An untimed warm-up of min(0.5 s, seconds / 4) runs first. The clock is read after each
    game and every 256 decisions, so a run ends on a game boundary or within 256
    decisions of the budget. Returns decisions (`in_games`: those of completed games),
    games, elapsed and set-up seconds."""
    rng = np.random.default_rng(seed)
    end = clock() + min(0.5, seconds / 4)
    s = new_state(seed + 999)
    while clock() < end:
        if s.is_terminal():
            s = new_state(int(rng.integers(1 << 30)))
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
    rng = np.random.default_rng(seed)
    integers = rng.integers
    decisions = games = in_games = 0
    setup = 0.0
    game_seed = seed
    start = clock()
    deadline = start + seconds
    s = new_state(game_seed)
    setup += clock() - start
    while True:
        legal = s.legal_actions()
        s.apply(legal[integers(len(legal))])
        decisions += 1
        if s.is_terminal():
            games += 1
            in_games = decisions
            if clock() >= deadline:
                break
            game_seed += 1
            t0 = clock()
            s = new_state(game_seed)
            setup += clock() - t0
        elif decisions % 256 == 0 and clock() >= deadline:
            break
    return {"decisions": decisions, "in_games": in_games, "games": games, "elapsed": clock() - start,
            "setup": setup}


def aec_runner(env: Any, seed: int, clock: Callable[[], float] = time.perf_counter
               ) -> Generator[dict[str, Any], float, None]:
    """`aec_loop` in slices, for rows that take turns: after `next()`, each `send(seconds)`
    plays on for that long, the game in progress carried over, and returns the running
    totals of `aec_loop`'s counts (`elapsed`: the seconds inside the slices only)."""
    flatnonzero = np.flatnonzero
    randrange = random.Random(seed).randrange
    env.reset(seed=seed)
    steps = games = in_games = 0
    elapsed = 0.0
    seconds = yield {}
    t0 = clock()
    deadline = t0 + seconds
    first = True
    while True:
        if not first:
            env.reset()
        first = False
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                legal = flatnonzero(obs["action_mask"])
                action = int(legal[randrange(legal.size)])
                steps += 1
            env.step(action)
            now = clock()
            if now >= deadline:
                elapsed += now - t0
                seconds = yield {"steps": steps, "in_games": in_games, "games": games, "elapsed": elapsed}
                t0 = clock()
                deadline = t0 + seconds
        games += 1
        in_games = steps


def aec_loop(env: Any, seconds: float, seed: int,
             clock: Callable[[], float] = time.perf_counter) -> dict[str, Any]:
    """Random legal play through a PettingZoo AEC env for `seconds`; closes the env.

    Steps count player decisions (the `step(None)` calls for finished agents are timed,
    not counted); a game cut off by the budget counts toward steps, not games or
    `in_games` (the steps of completed games)."""
    runner = aec_runner(env, seed, clock)
    next(runner)
    counts = runner.send(seconds)
    runner.close()
    env.close()
    return counts
