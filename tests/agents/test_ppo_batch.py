"""Network opponents decide many matches in one forward pass (`act_batch`), and BatchEnv asks
them so: the same choices and generator draws as one `act` per move, over seeded games."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import agents  # noqa: E402
from agents.ppo import batch_probabilities, load_policy  # noqa: E402
from envs import BatchEnv  # noqa: E402
from experiments.rl.train_ppo import SnapshotPool  # noqa: E402
from sim import load_game  # noqa: E402

ZOO = [("first_cycle", "first_cycle", {}), ("cipher", "cipher", {}),
       ("xenodex_4p", "xenodex", {"num_players": 4})]


def _one_at_a_time(agent):
    """The same opponent without `act_batch`: BatchEnv then asks `act` once per move."""
    return lambda state, rng: agent.act(state, rng)


def _trajectory(benv: BatchEnv, steps: int, seed: int) -> list[tuple]:
    """What a learner sees over `steps` uniform legal steps of `benv`."""
    rng = np.random.default_rng(seed)
    out = benv.reset()
    seen = [(out.obs.tobytes(), out.mask.tobytes(), out.player.tobytes())]
    for _ in range(steps):
        out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))
        seen.append((out.obs.tobytes(), out.mask.tobytes(), out.player.tobytes(),
                     out.rewards.tobytes(), out.dones.tobytes(), out.actor.tobytes()))
    return seen


@pytest.mark.parametrize("name,game,params", ZOO)
def test_a_batched_zoo_opponent_plays_the_matches_one_act_per_move_plays(name, game, params):
    batched = BatchEnv(game, num_envs=12, seed=4, opponent=agents.make(f"ppo:{name}"),
                       seat="random", **params)
    single = BatchEnv(game, num_envs=12, seed=4, opponent=_one_at_a_time(agents.make(f"ppo:{name}")),
                      seat="random", **params)
    assert batched._opponents[0][1] is not None and single._opponents[0][1] is None
    a, b = _trajectory(batched, 40, seed=1), _trajectory(single, 40, seed=1)
    assert a == b
    assert [r.bit_generator.state for r in batched._opp_rngs] == \
        [r.bit_generator.state for r in single._opp_rngs]
    assert batched.game_seeds == single.game_seeds


def test_a_sampling_opponent_draws_from_each_match_s_own_generator_as_act_does():
    agent = agents.make("ppo", model="first_cycle", deterministic=False)
    batched = BatchEnv("first_cycle", num_envs=10, seed=9, opponent=agent, seat=1)
    single = BatchEnv("first_cycle", num_envs=10, seed=9, opponent=_one_at_a_time(agent), seat=1)
    assert _trajectory(batched, 40, seed=2) == _trajectory(single, 40, seed=2)
    assert [r.bit_generator.state for r in batched._opp_rngs] == \
        [r.bit_generator.state for r in single._opp_rngs]


@pytest.mark.parametrize("count", [5, 12])  # encoded from observations (few states), from the states (more)
def test_act_batch_equals_act_state_by_state(count):
    from agents.ppo import SMALL_BATCH
    assert count <= SMALL_BATCH < 12 or count > SMALL_BATCH
    game = load_game("cipher")
    agent = agents.make("ppo", model="cipher", deterministic=False)
    states = []
    for seed in range(count):
        s = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(5 + 3 * seed):
            s.apply(agents.make("random").act(s, rng))
        states.append(s)
    batch = agent.act_batch(states, [np.random.default_rng(100 + i) for i in range(count)])
    one = [agent.act(s, np.random.default_rng(100 + i)) for i, s in enumerate(states)]
    assert batch == one
    probs = batch_probabilities(load_policy(agent.path), states)
    for s, row in zip(states, probs):
        assert np.allclose(row, agent.probabilities(s), atol=1e-6)
        assert set(np.flatnonzero(row)) <= set(s.legal_actions())


def test_the_self_play_pool_batches_its_snapshots_and_keeps_act_s_draws():
    pool = SnapshotPool("first_cycle", random_share=0.3, device="cpu")
    pool.add(agents.make("ppo:first_cycle").path, keep=2)
    pool.add(agents.make("ppo:first_cycle").path, keep=2)
    batched = BatchEnv("first_cycle", num_envs=10, seed=5, opponent=pool, seat="random")
    single = BatchEnv("first_cycle", num_envs=10, seed=5, opponent=lambda s, r: pool.act(s, r),
                      seat="random")
    assert _trajectory(batched, 40, seed=3) == _trajectory(single, 40, seed=3)


def test_act_batch_refuses_bad_input_naming_it():
    agent = agents.make("ppo:first_cycle")
    fc = load_game("first_cycle")
    s = fc.new_state(1)
    with pytest.raises(ValueError, match="2 states but 1 generators"):
        agent.act_batch([s, s.clone()], [np.random.default_rng(0)])
    with pytest.raises(ValueError, match="plays first_cycle"):
        agent.act_batch([load_game("cipher").new_state(1)], [np.random.default_rng(0)])
    with pytest.raises(ValueError, match="another game object"):
        batch_probabilities(load_policy(agent.path), [s, load_game("first_cycle", leader_hp=7).new_state(1)])
    assert agent.act_batch([], []) == []


@pytest.mark.parametrize("name,game,params", ZOO)
def test_the_direct_probabilities_are_get_distribution_s_to_the_bit(name, game, params):
    import torch

    from agents.networks import action_probabilities
    policy = load_policy(agents.make(f"ppo:{name}").path)
    benv = BatchEnv(game, num_envs=16, seed=2, **params)
    out = benv.reset()
    rng = np.random.default_rng(0)
    for _ in range(12):
        obs_t, _ = policy.obs_to_tensor(out.obs)
        mask = out.mask.astype(bool)
        with torch.no_grad():
            fast = action_probabilities(policy, obs_t, mask).numpy()
            slow = policy.get_distribution(obs_t, action_masks=mask).distribution.probs.numpy()
        assert np.array_equal(fast, slow)
        assert (fast[~mask] == 0).all()
        out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))


def test_a_mix_with_a_batched_network_plays_the_games_one_act_per_move_plays():
    net = agents.make("ppo:first_cycle")
    rand = agents.make("random")
    batched = BatchEnv("first_cycle", num_envs=10, seed=8, opponent=[net, rand], seat="random")
    single = BatchEnv("first_cycle", num_envs=10, seed=8, opponent=[_one_at_a_time(net), rand],
                      seat="random")
    assert _trajectory(batched, 40, seed=4) == _trajectory(single, 40, seed=4)
    assert batched.opponent_index.tolist() == single.opponent_index.tolist()
