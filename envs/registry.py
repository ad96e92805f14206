"""Which env module serves which `sim` game, for the game-generic tools (BatchEnv,
single_agent, the docs generator). A new game adds one line here and its
`envs/<game>_v<N>.py` module, which defines `SPEC`, `env` and `raw_env`.
"""
from __future__ import annotations

import importlib

from envs.core import CardGameSpec

ENV_MODULES: dict[str, str] = {
    "cipher": "envs.cipher_v0",
    "first_cycle": "envs.first_cycle_v0",
    "xenodex": "envs.xenodex_v0",
}


def game_spec(game: str) -> CardGameSpec:
    """The `CardGameSpec` of a game by its `sim.load_game` name."""
    if game not in ENV_MODULES:
        raise ValueError(f"no env for game {game!r}; games with an env: {sorted(ENV_MODULES)}")
    return importlib.import_module(ENV_MODULES[game]).SPEC
