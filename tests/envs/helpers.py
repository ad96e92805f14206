"""Shared helpers of the env tests: the envs and encoders by game name, a tiny random
opponent, random positions (First Cycle and FE Cipher) and random play of an AEC env."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import numpy as np

from envs import cipher_v0, first_cycle_v0, xenodex_v0
from envs.core import action_mask
from envs.encoding.cipher import CipherEncoder
from envs.encoding.first_cycle import FirstCycleEncoder
from sim import load_game
from tests import game_cases

GAME = load_game("first_cycle")
DECK_PAIRS = [None, ["green_starter", "blue_starter"], ["blue_starter", "black_starter"],
              ["orange_starter", "green_starter"]]
CIPHER = load_game("cipher")
CIPHER_DECK_PAIRS = [None, ["white_starter", "black_starter"], ["black_starter", "red_starter"],
                     ["blue_starter", "white_starter"]]
ENVS = {"first_cycle": first_cycle_v0, "cipher": cipher_v0, "xenodex": xenodex_v0}
# The two-player games' engine, deck pairs and encoder, for the tests they share.
GAMES = {"first_cycle": GAME, "cipher": CIPHER}
GAME_DECK_PAIRS = {"first_cycle": DECK_PAIRS, "cipher": CIPHER_DECK_PAIRS}
ENCODERS = {"first_cycle": FirstCycleEncoder(GAME), "cipher": CipherEncoder(CIPHER)}


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
    """random_states of the two-player game `name` over its own starter deck pairs."""
    return random_states(n_games, seed=seed, every=every, game=GAMES[name],
                         deck_pairs=GAME_DECK_PAIRS[name])


@cache
def observations(name: str, n_games: int, seed: int, every: int) -> tuple[dict, ...]:
    """Both seats' observations along game_states (computed once per session: read only)."""
    out = []
    for s in game_states(name, n_games, seed, every):
        out.append(s.observation(0))
        out.append(s.observation(1))
    return tuple(out)


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
