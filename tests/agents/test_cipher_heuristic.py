"""The FE Cipher heuristic (agents/heuristics/cipher.py): range, symmetry, and that it
prefers more orbs, the opponent losing an orb, units, a safe Main Character and attacks
(what it shares with First Cycle's is tested in test_heuristics.py)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from agents.greedy import GreedyAgent
from agents.heuristics import make_heuristic
from agents.heuristics.cipher import CipherWeights, hit_chance, value
from tests.agents.positions import CIPHER as GAME
from tests.agents.positions import cipher_scenario as _scenario


def test_values_are_in_range_and_zero_sum():
    h = make_heuristic(GAME)
    rng = np.random.default_rng(3)
    for seed in range(6):
        s = GAME.new_state(seed)
        while not s.is_terminal():
            v = h(s)
            assert len(v) == 2 and -1.0 <= v[0] <= 1.0 and v[1] == -v[0]
            assert value(s.observation(1), CipherWeights(), GAME) == pytest.approx(v[1])
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])


def test_more_orbs_score_higher_and_losing_an_orb_costs_more_than_the_card_it_gives():
    h = make_heuristic(GAME)
    even = h(_scenario())[0]
    assert h(_scenario(orbs0=4))[0] > even
    assert h(_scenario(orbs1=2))[0] > even
    assert h(_scenario(orbs0=2))[0] < even
    # a MC hit: one orb fewer, one card more in hand
    assert h(_scenario(orbs1=2, hand1=1))[0] > even
    # the last orb matters most: a MC with no orb left is one hit from losing
    raw = lambda state: math.atanh(h(state)[0])  # noqa: E731  (before the tanh squashing)
    assert raw(_scenario(orbs0=1)) - raw(_scenario(orbs0=0)) > raw(_scenario()) - raw(_scenario(orbs0=2))


def test_units_bonds_and_cards_score_higher():
    h = make_heuristic(GAME)
    even = h(_scenario())[0]
    assert h(_scenario(units0=[{"card": "Arthur, Fighter of Justice"}]))[0] > even
    assert (h(_scenario(units0=[{"card": "Vaike, Teach"}]))[0]
            > h(_scenario(units0=[{"card": "Arthur, Fighter of Justice"}]))[0])
    assert h(_scenario(hand0=2))[0] > even
    assert h(_scenario(bonds0=4))[0] > even
    assert h(_scenario(units1=[{"card": "Vaike, Teach"}]))[0] < even


def test_a_threatened_main_character_scores_lower():
    h = make_heuristic(GAME)
    # Player 1 waits with a 60-power unit in range of player 0's 50-power Marth.
    threatened = h(_scenario(units1=[{"card": "Vaike, Teach"}]))[0]
    safe = h(_scenario(units1=[{"card": "Vaike, Teach", "line": "rear"}]))[0]
    assert safe > threatened
    assert hit_chance(10) > hit_chance(0) > hit_chance(-10) > hit_chance(-40)


def test_greedy_attacks_the_main_character_rather_than_ending_its_turn():
    # Player 0 on turn with Vaike (60) facing Chrom (MC, 50) and nothing else: attack.
    state = _scenario(units0=[{"card": "Vaike, Teach"}], orbs1=1)
    greedy = GreedyAgent()
    rng = np.random.default_rng(0)
    assert state.action_label(greedy.act(state, rng)).startswith("attack with")
    state.apply(greedy.act(state, rng))
    assert state.action_label(greedy.act(state, rng)) == "attack Chrom with " + \
        state.action_label(state.legal_actions()[0]).split(" with ")[1]

