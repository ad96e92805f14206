"""Helpers the sim tests of every two-player game share: scenarios, readable actions,
seeded random playouts (with the game's own invariant checker) and random states.

Each game's tests/<game>/helpers.py binds these to its GAME and adds what is its own
(invariants, card lookups); the cross-game tests in tests/core parametrize over CASES."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from sim import IllegalActionError


def scenario(game: Any, players: list[dict], **top) -> Any:
    """A state of `game` from a short scenario dict (see sim/<game>/scenario.py)."""
    return game.state_from_dict({"players": players, **top})


def act(state: Any, label: str) -> None:
    """Apply the legal action whose readable label is exactly `label`."""
    by_label = {state.action_label(a): a for a in state.legal_actions()}
    if label not in by_label:
        raise AssertionError(f"no legal action {label!r}; legal: {sorted(by_label)}")
    state.apply(by_label[label])


def labels(state: Any) -> list[str]:
    """The labels of every legal action."""
    return [state.action_label(a) for a in state.legal_actions()]


def random_playout(game: Any, seed: int, decks=None, checker: Callable | None = None,
                   probe_copies: bool = False) -> tuple[Any, list[int]]:
    """Play uniformly random legal actions to the end; returns (state, actions).

    Legal actions must come sorted at every decision. `checker(state)`, when given, returns a
    callable run on the state after every decision (the game's invariants). With
    `probe_copies`, a clone and both seats' determinizations are made before each decision
    and the original must not change."""
    state = game.new_state(seed, decks)
    check = checker(state) if checker is not None else None
    rng = np.random.default_rng(seed + 1_000_003)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(legal)
        a = legal[int(rng.integers(len(legal)))]
        if probe_copies:
            before = state.to_dict()
            state.clone().apply(a)
            state.determinize(state.current_player, np.random.default_rng(seed))
            state.determinize(1 - state.current_player, np.random.default_rng(seed + 1))
            assert state.to_dict() == before, "clone/determinize changed the original"
        state.apply(a)
        actions.append(a)
        if check is not None:
            check(state)
    return state, actions


def random_states(game: Any, n_games: int, seed: int = 0, every: int = 1,
                  deck_pairs: list | None = None, final: bool = False) -> Iterator[Any]:
    """Yield the states met along seeded random playouts: game g deals `seed + g` (with
    `deck_pairs[g % len(deck_pairs)]` when given, else the game's default decks) and plays
    uniformly random legal actions from `default_rng(seed + g)`; every `every`-th decision's
    state is yielded, and the final state too with `final`. The state object is the live
    one, changed by the next action: copy what must outlive the step."""
    for g in range(n_games):
        s = game.new_state(seed + g, deck_pairs[g % len(deck_pairs)] if deck_pairs else None)
        rng = np.random.default_rng(seed + g)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
            k += 1
        if final:
            yield s


def assert_illegal_actions_rejected(state: Any, cases: list[tuple[Any, str]]) -> None:
    """C-4: each (action, reason) raises IllegalActionError matching `reason` and leaves the
    state as it was; actions outside the action space (too large, negative, not an int) are
    checked too."""
    before = state.to_dict()
    out_of_space = [(state.game.action_space_size, "outside the action space"),
                    (-1, "outside the action space"),
                    ("x", "is a str; an action is an int id"),
                    (0.0, "is a float; an action is an int id"),
                    (np.float32(0), "is a float32; an action is an int id"),
                    (float("inf"), "is a float; an action is an int id"),
                    (False, "is a bool; an action is an int id"),
                    (None, "is a NoneType; an action is an int id")]
    for action, reason in [*cases, *out_of_space]:
        with pytest.raises(IllegalActionError, match=reason):
            state.apply(action)
        assert state.to_dict() == before
