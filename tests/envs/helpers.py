"""Shared helpers of the env tests: a tiny random opponent and random positions (First Cycle
and FE Cipher)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from sim import load_game

GAME = load_game("first_cycle")
DECK_PAIRS = [None, ["green_starter", "blue_starter"], ["blue_starter", "black_starter"],
              ["orange_starter", "green_starter"]]
CIPHER = load_game("cipher")
CIPHER_DECK_PAIRS = [None, ["white_starter", "black_starter"], ["black_starter", "red_starter"],
                     ["blue_starter", "white_starter"]]


class RandomOpponent:
    """Uniform over the legal actions, from the generator it is given (agents' interface)."""

    def act(self, state: Any, rng: np.random.Generator) -> int:
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]


def random_states(n_games: int, seed: int = 0, every: int = 1, game: Any = GAME,
                  deck_pairs: list | None = None) -> Iterator[Any]:
    """States met along seeded random playouts (every `every`-th decision, final state too),
    over all four starter decks (`deck_pairs`: the game's pairs; default First Cycle's)."""
    pairs = deck_pairs if deck_pairs is not None else DECK_PAIRS
    for g in range(n_games):
        s = game.new_state(seed + g, pairs[g % len(pairs)])
        rng = np.random.default_rng(seed + g)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
            k += 1
        yield s
