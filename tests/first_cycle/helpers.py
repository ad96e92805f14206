"""Shared helpers of the First Cycle tests: scenarios, playouts and invariant checks
(the game-generic parts come from tests/game_cases.py)."""
from __future__ import annotations

from collections import Counter

from sim import load_game
from tests import game_cases
from tests.game_cases import act, labels  # noqa: F401  (re-exported for the tests of this game)

GAME = load_game("first_cycle")


def scenario(players: list[dict], game=GAME, **top) -> object:
    """A state from a short scenario dict (see sim/first_cycle/scenario.py)."""
    return game_cases.scenario(game, players, **top)


def zone_counts(state, player: int) -> Counter:
    """Every main-deck card the player owns, wherever it is (limbo and Scan included)."""
    pl = state.players[player]
    c = Counter(pl.all_cards())
    for t in state.tasks:
        if t[0] == "protocol_done" and t[1] == player:
            c[t[2]] += 1
    p = state.pending
    if p is not None and p[0] == "scan" and p[1] == player:
        c.update(p[2])
        c.update(p[3])
    if p is not None and p[0] == "deploy_discard" and p[1] == player:
        c[p[2]] += 1
    return c


def check_invariants(state, initial: list[Counter]) -> None:
    """The invariants of issue 2: conservation, HP, RAM, field size, no negative RAM."""
    params = state.params
    for p in (0, 1):
        pl = state.players[p]
        assert zone_counts(state, p) == initial[p], f"cards not conserved for player {p}"
        assert 0 <= pl.hp <= params.leader_hp
        assert pl.ram_ready >= 0 and pl.ram_exhausted >= 0 and pl.ram_supply >= 0
        assert min(pl.attached) >= 0
        assert pl.ram_supply + pl.ram_ready + pl.ram_exhausted + sum(pl.attached) == params.ram_supply
        assert sum(1 for c in pl.card[1:] if c >= 0) <= params.field_size
        for f in range(6):
            if pl.card[f] < 0:
                assert pl.attached[f] == 0
        assert 0 <= pl.known_bottom <= len(pl.deck) and pl.known_top >= 0
    if state.done:
        assert state.legal_actions() == []
    else:
        assert state.legal_actions(), "a live state must offer an action"


def random_playout(seed: int, game=GAME, decks=None, check: bool = True, probe_copies: bool = False):
    """Play uniformly random legal actions to the end; returns (state, actions)."""
    checker = _invariant_checker if check else None
    return game_cases.random_playout(game, seed, decks, checker, probe_copies)


def _invariant_checker(state):
    initial = [zone_counts(state, p) for p in (0, 1)]
    return lambda s: check_invariants(s, initial)
