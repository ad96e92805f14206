"""Fail early: check that a run config can be played, before its first match.

    check_playable(config)        # raises RunConfigError naming the field, or returns the game

What is checked, as the run will play it:
- the game and its params overrides (a seat count the game does not have is named in the
  user's words: "first_cycle is a 2-player game");
- one agent or deck per seat (or one for all);
- the decks (given by name or as deck files, or the game's defaults) dealt into a real opening state under the
  overridden params (a `deck_size` the starter decks cannot meet fails here);
- every agent built from its spec and asked for one action on that opening state, from
  the seat it will play (bad option values, a missing model or one for another game fail
  here, not in every match).
"""
from __future__ import annotations

import numpy as np

import agents as agent_registry
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.match import dealt_decks, game_for, per_seat, setup_for


def check_playable(config: RunConfig):
    """Raise RunConfigError if `config` cannot be played (see the module docstring); return its game."""
    game = game_for(config)
    seats = game.num_players
    per_seat(config.agents, seats, "agents")
    if config.decks:
        per_seat(config.decks, seats, "decks")
    setup = setup_for(config, 0, seats)
    decks = dealt_decks(config, setup)
    try:
        state = game.new_state(setup.game_seed, decks)
    except Exception as exc:
        what = f"decks {', '.join(map(str, setup.decks))}" if decks else "the game's default decks"
        raise RunConfigError(f"decks: {what} cannot be dealt under these params: {_reason(exc)}") from None
    for spec in dict.fromkeys(setup.agents):
        try:
            agent = agent_registry.make(spec)
        except Exception as exc:
            raise RunConfigError(f"agents: {spec!r}: {_reason(exc)}") from None
        try:
            action = agent.act(state.clone(), np.random.default_rng(0))
        except Exception as exc:
            raise RunConfigError(f"agents: {spec!r} cannot play {config.game} "
                                 f"(on an opening state, P{state.current_player + 1}): {_reason(exc)}") from None
        if action not in state.legal_actions():
            raise RunConfigError(f"agents: {spec!r} answered {action!r} on an opening state of {config.game}, "
                                 "which is not a legal action")
    return game


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
