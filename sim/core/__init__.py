"""The shared core of every engine: the game protocol, errors, params, seeding, action codecs."""
from sim.core.errors import (
    CardDataError, IllegalActionError, InvalidDeckError, InvalidParamsError, InvalidScenarioError,
    TcglabError,
)
from sim.core.params import Params, param
from sim.core.protocol import Game, State
from sim.core.seeding import make_rng, spawn_seeds, rng_state, rng_from_state
from sim.core.actions import ActionCodec

__all__ = [
    "TcglabError", "CardDataError", "IllegalActionError", "InvalidDeckError", "InvalidParamsError",
    "InvalidScenarioError", "Params", "param", "Game", "State", "make_rng", "spawn_seeds",
    "rng_state", "rng_from_state", "ActionCodec",
]
