"""The shared core of every engine: the game protocol, errors, params, seeding, action
codecs, and the pieces the three engines build their states, cards and decks from.

Modules:
- protocol: the `Game` and `State` protocol of DESIGN.md (a game names its params and state).
- errors: the errors raised on bad input (C-4).
- checks: entry-point checks of an action id, a seat, a generator and a seed (C-4).
- board: what the text boards of every game share (`str(state)`, `State.board_text`).
- params: `Params`, frozen rule numbers with sweep ranges and a stable `params_id`.
- seeding: generators from seeds and back (C-1), `LazyRng` for a state's own generator.
- actions: `ActionCodec`, a flat action space of named blocks.
- registry: `load_game`, building a game by name.
- records: `Record` and `StateRecord`, slotted data with generated copies and `clone`.
- rules: `GameRules`, the protocol members every state shares (legal cache, apply, finish).
- two_player: the state data, rules and `Game` base of the two-player card games.
- carddata: card files and the card validators' shared pieces (card tables, loaders).
- card_overrides: card field edits as data (`card_overrides` of a game's params), checked and
  applied to the raw card data before it is validated.
- effect_params: effect params on card specs, `EffectSpec` (an ability or skill).
- decklists: deck files, the two-player deck form (`HeadedDeck`) and `DeckShelf`.
- scenario_fields: reading scenario dicts (`State.to_dict` / `from_dict`) field by field.
- hidden: canonical re-deals for determinization (C-3).
- views: the parts of a seat's observation every game shares.
- events: event logs as one seat may see them (C-3).

The names below are re-exported; import the others from their modules.
"""
from sim.core.actions import ActionCodec
from sim.core.errors import (
    CardDataError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDeckError,
    InvalidParamsError,
    InvalidScenarioError,
    TcglabError,
)
from sim.core.params import Params, param
from sim.core.protocol import Game, State
from sim.core.seeding import make_rng, rng_from_state, rng_state, spawn_seeds

__all__ = [
    "TcglabError", "CardDataError", "IllegalActionError", "InvalidArgumentError", "InvalidDeckError", "InvalidParamsError",
    "InvalidScenarioError", "Params", "param", "Game", "State", "make_rng", "spawn_seeds",
    "rng_state", "rng_from_state", "ActionCodec",
]
