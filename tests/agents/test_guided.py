"""`guided` (agents/guided.py): MCTS tries only the policy's top root actions, honestly."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy  # noqa: E402

import agents  # noqa: E402
from agents.policy_file import policy_kwargs_for, save_policy  # noqa: E402
from tests.agents import positions  # noqa: E402
from tests.agents.test_honesty import SeatView, _hidden_variants, _reseeded  # noqa: E402

ARCH = {"policy": "sparse", "net_arch": [16, 8]}


@pytest.fixture(scope="module")
def policy_path(tmp_path_factory):
    """An untrained First Cycle policy: its ranking of actions is arbitrary but fixed."""
    game = positions.GAME
    from agents.policy import default_encoder
    width = len(default_encoder(game)(game.new_state(0).observation(0)))
    torch.manual_seed(3)
    policy = MaskableActorCriticPolicy(gym.spaces.Box(-np.inf, np.inf, (width,), np.float32),
                                       gym.spaces.Discrete(game.action_space_size), lr_schedule=lambda _: 1e-3,
                                       **policy_kwargs_for(ARCH))
    return save_policy(policy, tmp_path_factory.mktemp("policy") / "p.pt", ARCH)


def test_the_search_tries_only_the_policys_top_k_root_actions(policy_path):
    state = positions.mid_game()
    agent = agents.make(f"guided:path={policy_path},top_k=2,iterations=40")
    probs = agents.make(f"ppo:path={policy_path}").probabilities(state)
    legal = state.legal_actions()
    assert len(legal) > 2
    top = sorted(legal, key=lambda a: (-probs[a], a))[:2]
    assert agent.candidates(state) == top
    action = agent.act(state, np.random.default_rng(0))
    root = agent._search.last_root
    assert action in top and {child.action for child in root.children.values()} == set(top)


def test_one_candidate_is_played_without_a_search(policy_path):
    state = positions.mid_game()
    agent = agents.make(f"guided:path={policy_path},top_k=1")
    assert agent.act(state, np.random.default_rng(0)) == agents.make(f"ppo:path={policy_path}").act(
        state, np.random.default_rng(0))
    assert agent._search.last_root is None


def test_guided_is_honest(policy_path):
    spec = f"guided:path={policy_path},iterations=30"
    for state in positions.random_positions(3, seed=11):
        assert agents.make(spec).act(SeatView(state), np.random.default_rng(0)) in state.legal_actions()
    state = positions.mid_game()
    other = _reseeded(state, 123)
    a, b = _hidden_variants()
    for seed in range(2):
        assert positions.decide(spec, state, seed) == positions.decide(spec, other, seed)
        assert positions.decide(spec, a, seed) == positions.decide(spec, b, seed)


def test_guided_refuses_a_bad_config():
    with pytest.raises(ValueError, match="top_k must be >= 1"):
        agents.make("guided:path=x.pt,top_k=0")
    with pytest.raises(ValueError, match="not both"):
        agents.make("guided")
