"""Shared helpers of the FE Cipher tests: scenarios, playouts and invariant checks
(the game-generic parts come from tests/game_cases.py)."""
from __future__ import annotations

from collections import Counter

from sim import load_game
from tests import game_cases
from tests.game_cases import act, labels  # noqa: F401  (re-exported for the tests of this game)

GAME = load_game("cipher")
CS = GAME.card_set


def scenario(players: list[dict], game=GAME, **top):
    """A state from a short scenario dict (see sim/cipher/scenario.py)."""
    return game_cases.scenario(game, players, **top)


def cid(name: str) -> int:
    """The id of a card named exactly `name` (or with that code)."""
    return CS.card(name).id


def names(cards) -> list[str]:
    return [GAME.cards[c].name for c in cards]


def unit(state, player: int, character: str) -> int:
    """The index of `player`'s unit of that character (AssertionError when absent)."""
    i = state.players[player].index_of_char(GAME.char_id[character])
    assert i >= 0, f"player {player} has no unit named {character}"
    return i


def has_unit(state, player: int, character: str) -> bool:
    return state.players[player].index_of_char(GAME.char_id[character]) >= 0


def zone_counts(state, player: int) -> Counter:
    """Every card the player owns, wherever it is."""
    return Counter(state.players[player].all_cards())


class Invariants:
    """The invariants of issue 6, checked after every decision of a playout."""

    def __init__(self, state) -> None:
        self.initial = [zone_counts(state, p) for p in (0, 1)]
        self.orbs = [list(state.players[p].orbs) for p in (0, 1)]
        self.begun = state.phase != "mulligan"
        self.max_copies = state.params.max_copies
        for p in (0, 1):
            per_name = Counter()
            for c, n in self.initial[p].items():
                per_name[GAME.cards[c].name] += n
            assert max(per_name.values()) <= self.max_copies, "more copies than the deck rules allow"

    def check(self, state) -> None:
        g = state.game
        for p in (0, 1):
            pl = state.players[p]
            assert zone_counts(state, p) == self.initial[p], f"cards not conserved for player {p}"
            # Orbs only decrease (no effect of this card set adds orbs): a prefix of the old list.
            if self.begun:
                assert pl.orbs == self.orbs[p][:len(pl.orbs)], f"orbs of player {p} grew or changed"
            self.orbs[p] = list(pl.orbs)
            assert len(set(pl.u_char)) == len(pl.u_char), "two units of one character name on a side"
            for i, st in enumerate(pl.u_stack):
                assert all(g.char[c] == pl.u_char[i] for c in st), "a stack mixes character names"
            assert 0 <= pl.spent <= len(pl.bonds), "bond cost exceeded"
            assert len(pl.bonds) == len(pl.bond_up)
            if state.phase != "mulligan":
                assert pl.mc in pl.u_uid, "the MC left the field"
                assert pl.setaside == -1
        if not self.begun and state.phase != "mulligan":
            self.begun = True
            self.orbs = [list(state.players[p].orbs) for p in (0, 1)]
            assert all(len(o) == state.params.orbs for o in self.orbs)
        if state.done:
            assert state.legal_actions() == []
            assert state.end_reason in ("mc_destroyed", "turn_limit")
            assert state.b_att == state.b_def == -1, "a battle record outlived the game"
        else:
            legal = state.legal_actions()
            assert legal and legal == sorted(legal), "a live state must offer sorted actions"
        if state.b_att < 0:
            assert all(pl.support == -1 for pl in state.players), "support cards left after battle"


def random_playout(seed: int, game=GAME, decks=None, check: bool = True, probe_copies: bool = False):
    """Play uniformly random legal actions to the end; returns (state, actions)."""
    checker = (lambda state: Invariants(state).check) if check else None
    return game_cases.random_playout(game, seed, decks, checker, probe_copies)
