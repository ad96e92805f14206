"""Shared helpers of the env tests: the envs and encoders by game name (XenodeX as
"xenodex@<players>"), a tiny random opponent, random positions and observations, named
slices of an encoded vector, and random play of an AEC env, a single-agent env and BatchEnv."""
from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

import numpy as np
import pytest

from envs import cipher_v0, first_cycle_v0, xenodex_v0
from envs.core import action_mask
from envs.registry import game_spec
from sim import load_game
from tests import game_cases

GAME = load_game("first_cycle")
DECK_PAIRS = [None, ["green_starter", "blue_starter"], ["blue_starter", "black_starter"],
              ["orange_starter", "green_starter"]]
CIPHER = load_game("cipher")
CIPHER_DECK_PAIRS = [None, ["white_starter", "black_starter"], ["black_starter", "red_starter"],
                     ["blue_starter", "white_starter"]]
ENVS = {"first_cycle": first_cycle_v0, "cipher": cipher_v0, "xenodex": xenodex_v0}
# The two-player games' engines, for the tests they share.
GAMES = {"first_cycle": GAME, "cipher": CIPHER}
# Every encoder case: the two-player games, and XenodeX at each player count.
CASE_GAMES = {**GAMES, **{f"xenodex@{n}": load_game("xenodex", num_players=n) for n in (2, 3, 4)}}
CASE_DECKS = {"first_cycle": DECK_PAIRS, "cipher": CIPHER_DECK_PAIRS,
              "xenodex@2": [None, ["others", "synth"], ["greys", "greys"]],
              "xenodex@3": [None, ["others", "synth", "greys"]],
              "xenodex@4": [None, ["greys", "others", "synth", "others"]]}
ENCODERS = {name: game_spec(g.name).make_encoder(g) for name, g in CASE_GAMES.items()}


class RandomOpponent:
    """Uniform over the legal actions, from the generator it is given (agents' interface)."""

    def act(self, state: Any, rng: np.random.Generator) -> int:
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]


def random_states(n_games: int, seed: int = 0, every: int = 1, game: Any = GAME,
                  deck_pairs: list | None = None) -> Iterator[Any]:
    """States met along seeded random playouts (every `every`-th decision, final state too),
    over all four starter decks (`deck_pairs`: the game's pairs; default First Cycle's)."""
    return game_cases.random_states(game, n_games, seed, every,
                                    deck_pairs if deck_pairs is not None else DECK_PAIRS, final=True)


def game_states(name: str, n_games: int, seed: int = 0, every: int = 1) -> Iterator[Any]:
    """random_states of the case `name` ("cipher", "xenodex@3", ...) over its own decks."""
    return random_states(n_games, seed=seed, every=every, game=CASE_GAMES[name],
                         deck_pairs=CASE_DECKS[name])


@cache
def observations(name: str, n_games: int, seed: int, every: int) -> tuple[dict, ...]:
    """Every seat's observation along game_states (computed once per session: read only)."""
    seats = range(CASE_GAMES[name].num_players)
    return tuple(s.observation(p) for s in game_states(name, n_games, seed, every) for p in seats)


@cache
def _slices(encoder: Any) -> dict[str, tuple[int, int]]:
    return encoder.slices()


def named_slice(encoder: Any, vec: np.ndarray, name: str) -> np.ndarray:
    """The part of an encoded vector (or of a batch's transpose) that slice `name` covers."""
    a, b = _slices(encoder)[name]
    return vec[a:b]


def pending_vectors(encoder: Any, base: dict, cases: dict[str, dict],
                    kinds: Sequence[str]) -> Iterator[tuple[str, dict, np.ndarray]]:
    """Each `{kind: pending}` case set as the pending choice of a copy of observation `base`
    and encoded; yields `(kind, pending, vector)` once its kind is the one-hot of
    `pending_kind` and `pending_yours` says whose it is (the two-player encoders)."""
    me = base["player"]
    for kind, pending in cases.items():
        o = copy.deepcopy(base)
        o["pending"] = pending
        v = encoder.encode(o)
        one_hot = named_slice(encoder, v, "pending_kind")
        assert one_hot.sum() == 1 and one_hot[list(kinds).index(kind)] == 1
        assert named_slice(encoder, v, "pending_yours")[0] == float(pending["player"] == me)
        yield kind, pending, v


def assert_unknown_pending_kind_refused(encoder: Any, base: dict) -> None:
    """A pending kind the encoder does not know is a ValueError naming it, not a silent zero."""
    o = copy.deepcopy(base)
    o["pending"] = {"kind": "mystery", "player": base["player"]}
    with pytest.raises(ValueError, match="mystery"):
        encoder.encode(o)


def play_random(env: Any, rng: np.random.Generator, max_steps: int = 100_000,
                at_end: Callable[[dict, float, bool, bool], None] | None = None) -> dict[str, float]:
    """Random legal play of an AEC env until every agent is done; returns {agent: total reward}.

    Rewards must be 0 before an agent's end; `at_end(obs, reward, term, trunc)` checks each
    agent's last step."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_steps):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            if at_end is not None:
                at_end(obs, reward, term, trunc)
            env.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def random_steps(env: Any, rng: np.random.Generator, n: int) -> None:
    """Up to `n` random legal steps of an AEC env, stopping early at the end of the game."""
    for _ in range(n):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def play_single_agent_episode(env: Any, rng: np.random.Generator, seed: int | None = None
                              ) -> tuple[float, bool, bool, int]:
    """Random legal play of one episode of a single-agent env from `reset(seed=seed)`;
    returns `(total reward, terminated, truncated, steps)`. Every step checks that the mask
    is the engine's legal actions of the learner's seat and that the observation fits the
    space."""
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        assert np.flatnonzero(mask).tolist() == env.game_state.legal_actions()
        assert env.game_state.current_player == env.seat
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert obs.shape == env.observation_space.shape and obs in env.observation_space
        total += reward
        steps += 1
        if term or trunc:
            return total, term, trunc, steps


def random_batch_actions(out: Any, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per BatchEnv row, from the rows' masks."""
    return (rng.random(out.mask.shape) * out.mask).argmax(axis=1)


def assert_rows_match_states(benv: Any, out: Any) -> None:
    """Each BatchEnv row is its match's player to act, that player's encoded observation and
    the engine's legal mask."""
    for i, s in enumerate(benv.states):
        p = s.current_player
        assert out.player[i] == p
        assert np.array_equal(out.mask[i], action_mask(s, p, benv.num_actions))
        assert np.array_equal(out.obs[i], benv.encoder.encode(s.observation(p)))
