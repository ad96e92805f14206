"""Mask test for cipher_v0: over thousands of random steps of the AEC env, the mask's ones
are exactly the engine's legal actions for the agent to act, and all zeros for the other
agent."""
from __future__ import annotations

import numpy as np

from envs import cipher_v0


def test_mask_is_exactly_the_legal_actions():
    env = cipher_v0.env(decks=["black_starter", "white_starter"], max_turns=30)
    raw = env.unwrapped
    rng = np.random.default_rng(11)
    steps = games = 0
    kinds = set()
    env.reset(seed=11)
    while steps < 4000:
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
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
            assert obs["action_mask"].dtype == np.int8
            assert set(np.unique(obs["action_mask"]).tolist()) <= {0, 1}
            other = raw.possible_agents[1 - seat]
            assert not raw.observe(other)["action_mask"].any()
            kinds.add(state.pending[0] if state.pending is not None else state.phase)
            env.step(int(rng.choice(legal)))
            steps += 1
        games += 1
        env.reset()
    assert games >= 5
    assert {"mulligan", "bond", "deploy", "action", "attack_target", "critical",
            "evasion"} <= kinds
