"""The shared core of every engine: the game protocol, errors, params, seeding, action codecs.

Also the pieces the engines build on without re-exporting them here: `legal_cache`
(`CachedLegalActions`), `two_player` (`ActiveOrPendingSeat`: the protocol members of First
Cycle and FE Cipher), `events` (a log as one seat may see it), `carddata`, `decklists`,
`effect_params` and `scenario_fields` (card files, deck lists and scenario fields, validated).
"""
from sim.core.actions import ActionCodec
from sim.core.errors import (
    CardDataError,
    IllegalActionError,
    InvalidDeckError,
    InvalidParamsError,
    InvalidScenarioError,
    TcglabError,
)
from sim.core.params import Params, param
from sim.core.protocol import Game, State
from sim.core.seeding import make_rng, rng_from_state, rng_state, spawn_seeds

__all__ = [
    "TcglabError", "CardDataError", "IllegalActionError", "InvalidDeckError", "InvalidParamsError",
    "InvalidScenarioError", "Params", "param", "Game", "State", "make_rng", "spawn_seeds",
    "rng_state", "rng_from_state", "ActionCodec",
]
