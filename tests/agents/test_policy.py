"""`PolicyAgent`: a `(observation, mask) -> action` callable as an agent."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import agents
from agents.policy import PolicyAgent, legal_mask
from tests.agents import positions
from tests.agents.toy_games import THREE_PLAYER, TreeGame


def _highest_legal(obs, mask):
    return int(np.flatnonzero(mask)[-1])


def test_policy_gets_the_encoded_observation_and_the_mask():
    state = positions.mid_game()
    seen = {}

    def encode(observation):
        seen["observation"] = observation
        return "encoded"

    def policy(obs, mask):
        seen["obs"], seen["mask"] = obs, mask
        return _highest_legal(obs, mask)

    action = PolicyAgent(policy=policy, encode=encode).act(state, np.random.default_rng(0))
    assert action == max(state.legal_actions())
    assert seen["observation"] == state.observation(state.current_player)
    assert seen["obs"] == "encoded"
    mask = seen["mask"]
    assert mask.dtype == np.int8 and mask.shape == (state.game.action_space_size,)
    assert np.flatnonzero(mask).tolist() == state.legal_actions()


def test_make_builds_a_policy_agent_and_passes_the_rng_when_asked():
    game = TreeGame(THREE_PLAYER, 3)
    state = game.new_state(0)

    def sample(obs, mask, rng):
        return int(rng.choice(np.flatnonzero(mask)))

    agent = agents.make("policy", policy=sample, encode=lambda o: o, pass_rng=True)
    picks = {agent.act(state, np.random.default_rng(k)) for k in range(20)}
    assert picks == {0, 1}


def test_an_illegal_answer_is_refused():
    state = positions.mid_game()
    agent = PolicyAgent(policy=lambda obs, mask: state.game.action_space_size + 3, encode=lambda o: o)
    with pytest.raises(ValueError, match="not a legal action"):
        agent.act(state, np.random.default_rng(0))
    illegal = int(np.flatnonzero(legal_mask(state) == 0)[0])
    with pytest.raises(ValueError, match="not a legal action"):
        PolicyAgent(policy=lambda o, m: illegal, encode=lambda o: o).act(state, np.random.default_rng(0))


def test_a_policy_is_required():
    with pytest.raises(ValueError, match="policy"):
        agents.make("policy")


def test_agents_import_without_envs():
    code = ("import sys, agents, agents.policy, agents.mcts, agents.greedy; "
            "sys.exit(any(m == 'envs' or m.startswith('envs.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_default_encoder_is_the_games_env_encoder():
    registry = pytest.importorskip("envs.registry", reason="envs is not importable yet")
    state = positions.mid_game()
    seen = {}

    def policy(obs, mask):
        seen["obs"] = obs
        return _highest_legal(obs, mask)

    assert PolicyAgent(policy=policy).act(state, np.random.default_rng(0)) == max(state.legal_actions())
    expected = registry.game_spec("first_cycle").make_encoder(state.game).encode(
        state.observation(state.current_player))
    assert seen["obs"].dtype == np.float32 and np.array_equal(seen["obs"], expected)


def test_a_game_without_an_env_encoder_asks_for_one():
    game = TreeGame(THREE_PLAYER, 3)
    with pytest.raises(ImportError, match="encode="):
        PolicyAgent(policy=_highest_legal).act(game.new_state(0), np.random.default_rng(0))
