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


@pytest.mark.parametrize("options", ["", ",prune=tree,top_k=2,leaf=value"])
def test_guided_is_honest(policy_path, options):
    spec = f"guided:path={policy_path},iterations=30{options}"
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
    with pytest.raises(ValueError, match="prune must be one of root, tree, both"):
        agents.make("guided:path=x.pt,prune=leaf")
    with pytest.raises(ValueError, match="leaf must be one of rollout, value"):
        agents.make("guided:path=x.pt,leaf=net")
    with pytest.raises(ValueError, match="rank_once ranks tree nodes: it needs prune=tree"):
        agents.make("guided:path=x.pt,rank_once=true")


@pytest.mark.parametrize("prune", ["tree", "both"])
def test_tree_pruning_keeps_decisions_to_the_policys_top_k(policy_path, prune):
    """prune=tree: in the tree too, the searching seat only ever tries actions the policy
    ranks in its top k, and the opponent's decisions are not pruned; prune=both prunes
    the opponent's as well, each ranked from the deciding seat's own observation."""
    from agents.guided import PolicyTopK
    state = positions.mid_game()
    seat = state.current_player
    agent = agents.make(f"guided:path={policy_path},top_k=2,iterations=80,prune={prune}")
    plan = agent._search._plan
    assert isinstance(plan, PolicyTopK)
    allowed: set[tuple[int, ...]] = set()
    calls = []

    def recording(s, legal):
        out = plan(s, legal)
        calls.append(len(legal))
        assert len(out) == min(2, len(legal)) and set(out) <= set(legal)
        logits = agent._net.logits(s, s.current_player)
        assert sorted(out) == sorted(sorted(legal, key=lambda a: (-logits[a], a))[:2])
        allowed.update(out)
        return out
    agent._search._plan = recording
    agent._search._by_game.clear()
    agent.act(state, np.random.default_rng(0))
    assert len(calls) > 80, "the plan should be asked below the root as well"
    seat_children = opponent_children = opponent_outside = 0
    todo = [agent._search.last_root]
    while todo:
        node = todo.pop()
        for child in node.children.values():
            todo.append(child)
            if child.player == seat:
                seat_children += 1
                assert child.action in allowed
            else:
                opponent_children += 1
                opponent_outside += child.action not in allowed
    assert seat_children > 2 and opponent_children > 0
    if prune == "both":
        assert opponent_outside == 0
    else:
        assert opponent_outside > 0, "the opponent's decisions should not be pruned"


def test_the_value_leaf_scores_a_state_by_the_networks_value_for_the_seat_to_act(policy_path):
    from agents.guided import LazyNetwork, ValueLeaf
    from agents.network_numpy import NumpyPolicy
    from agents.policy_file import load_policy
    from envs.registry import game_spec
    net = NumpyPolicy(load_policy(policy_path))
    encoder = game_spec("first_cycle").make_encoder(positions.GAME)
    leaf = ValueLeaf(LazyNetwork(agents.make(f"ppo:path={policy_path}")))
    for state in positions.random_positions(4, seed=5):
        if state.is_terminal():
            continue
        p = state.current_player
        v = min(1.0, max(-1.0, net.value(encoder.encode_seat(state, p))))
        assert leaf(state) == pytest.approx([v, -v] if p == 0 else [-v, v])
    agent = agents.make(f"guided:path={policy_path},leaf=value,iterations=20")
    assert agent.act(positions.mid_game(), np.random.default_rng(1)) in positions.mid_game().legal_actions()


def test_rank_once_asks_the_network_once_per_node_and_keeps_its_choices(policy_path):
    """rank_once=true: a node keeps the actions the policy ranked at its first visit (those
    still legal), so the network is asked far less often, and the seat still only tries
    ranked actions."""
    state = positions.mid_game()
    seat = state.current_player
    counts = {}
    for once in (False, True):
        agent = agents.make(f"guided:path={policy_path},top_k=2,iterations=120,prune=tree,rank_once={once}")
        plan = agent._search._plan
        allowed: set[int] = set()
        calls = []

        def recording(s, legal, plan=plan, allowed=allowed, calls=calls):
            out = plan(s, legal)
            calls.append(1)
            allowed.update(out)
            return out
        agent._search._plan = recording
        agent._search._by_game.clear()
        agent.act(state, np.random.default_rng(0))
        todo = [agent._search.last_root]
        while todo:
            node = todo.pop()
            for child in node.children.values():
                todo.append(child)
                assert child.player != seat or child.action in allowed
        counts[once] = len(calls)
    assert counts[True] < counts[False] / 2, counts
