"""Mask test: over thousands of random steps of each game's AEC env (XenodeX at 2, 3 and 4
players), the mask's ones are exactly the engine's legal actions for the agent to act, and
all zeros for every other agent."""
from __future__ import annotations

import numpy as np
import pytest

from tests.envs.helpers import ENVS

# id: (game, env kwargs, generator seed, steps, whether to stop in the middle of a game once
# the steps are done, at least this many games, kinds of decision that must be met: pending
# choice or phase)
CASES = {
    "first_cycle": ("first_cycle", {"decks": ["green_starter", "orange_starter"]}, 11, 5000, False,
                    20, None),
    "cipher": ("cipher", {"decks": ["black_starter", "white_starter"], "max_turns": 30}, 11, 4000,
               False, 5, {"mulligan", "bond", "deploy", "action", "attack_target", "critical", "evasion"}),
    "xenodex-2": ("xenodex", {"num_players": 2}, 13, 1500, True, 2, None),
    "xenodex-3": ("xenodex", {"num_players": 3}, 14, 1200, True, 2, None),
    "xenodex-4": ("xenodex", {"num_players": 4}, 15, 1500, True, 2, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_mask_is_exactly_the_legal_actions(case):
    game, kwargs, seed, steps, stop_mid_game, min_games, kinds_needed = CASES[case]
    env = ENVS[game].env(**kwargs)
    raw = env.unwrapped
    rng = np.random.default_rng(seed)
    done_steps = games = 0
    kinds = set()
    env.reset(seed=11)
    while done_steps < steps:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            state = raw.game_state
            if term or trunc:
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            seat = raw.possible_agents.index(agent)
            assert state.current_player == seat
            legal = state.legal_actions()
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == legal
            assert set(np.unique(mask).tolist()) <= {0, 1}
            for other in raw.possible_agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            if kinds_needed is not None:
                kinds.add(state.pending[0] if state.pending is not None else state.phase)
            env.step(int(rng.choice(legal)))
            done_steps += 1
            if stop_mid_game and done_steps >= steps:
                break
        games += 1
        env.reset()
    assert games >= min_games
    if kinds_needed is not None:
        assert kinds_needed <= kinds
