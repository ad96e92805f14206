"""The XenodeX heuristic's fast path (agents/heuristics/xenodex.py) gives exactly the floats of
its reference, `values` of the public board, and greedy plays the same games with either.

The fast path keeps its own copies of what it reads from the engine (`_grid`: each seat's
`cycle.emission`, `cycle.controllers`, the STR of `battle.slot_bonuses`) and a memo of them
keyed by the anchor grid; these tests pin the copies to the engine and check that the memo
never serves a stale value: one heuristic scores the children of many determinizations, its
memo cut small so that it starts over many times.
"""
from __future__ import annotations

import numpy as np
import pytest

from agents.greedy import GreedyAgent
from agents.heuristics import xenodex as xd_h
from agents.heuristics.reference import make_reference_heuristic
from sim import load_game
from sim.xenodex import battle as bt
from sim.xenodex import cycle as cy
from tests.agents.test_heuristic_fast_paths import positions

SETTINGS = [(2, {}), (3, {"ancients": True, "ancient_chance": 0.6}), (4, {})]
"""(seats, game parameters): Ancients (units of side n) only where switched on."""


@pytest.mark.parametrize("players,params", SETTINGS)
def test_grid_copies_the_engine(players, params):
    game = load_game("xenodex", num_players=players, **params)
    f = xd_h._Weighted(xd_h._Tables(game), xd_h.XenodexWeights(), game)
    u_str = game.u_str
    seen = anchors = ancients = 0
    for state in positions(game, range(3), limit=500):
        em, held, everywhere, live, powers = xd_h._grid(state, f)
        assert em == [cy.emission(state, q) for q in range(players)]
        ctrl = cy.controllers(state)
        assert held == [(k, c) for k, c in enumerate(ctrl) if c >= 0]
        assert everywhere == (ctrl[0] if ctrl[0] >= 0 and ctrl.count(ctrl[0]) == state.K else -1)
        for k in range(state.K):
            bonus = bt.slot_bonuses(state, k)[0]
            for q in range(players):
                for c in range(1, len(u_str)):
                    strength = u_str[c] + bonus[q]
                    assert powers[k][q][c] == (strength if strength > 0 else 0) + 3.5
            seats = [q for q in range(players) if state.alvl[q * state.K + k] >= 0]
            assert ([a[0] for a in live[k]] if live[k] else []) == seats
            anchors += len(seats)
            ancients += sum(j // state.D >= players for j in state.board[k])
        seen += 1
    assert seen > 500 and anchors > 1000
    assert ancients > 0 or not params


@pytest.mark.parametrize("players,params", SETTINGS)
def test_memo_serves_the_reference_values(players, params, monkeypatch):
    """One heuristic over the children of several determinizations per position (as greedy
    and search call it), its memo small enough to start over again and again."""
    monkeypatch.setattr(xd_h, "_GRID_MEMO", 16)
    game = load_game("xenodex", num_players=players, **params)
    w = xd_h.XenodexWeights()
    tables = xd_h._Tables(game)
    heuristic = xd_h.make()
    rng = np.random.default_rng(players)
    scored = 0
    for i, state in enumerate(positions(game, range(2), limit=300)):
        if i % 3:
            continue
        for _ in range(2):
            world = state.determinize(state.current_player, rng)
            for a in world.legal_actions():
                child = world.clone()
                child.apply(a)
                if not child.is_terminal():
                    assert heuristic(child) == xd_h.values(child.public_board(), tables, w)
                    scored += 1
    assert scored > 1000


@pytest.mark.parametrize("weights", [{"pressure": 0.3, "fade": 0.5, "ready": 0.0},
                                     {"threat": 0.0, "converge": 0.0, "staged_unit": -0.5}])
def test_state_scores_with_other_weights(weights):
    """`state_scores` equals `scores` with weights switching terms off or negative (the
    memo is per weights: one `_Tables` is asked with both sets in turn)."""
    game = load_game("xenodex", num_players=3)
    tables = xd_h._Tables(game)
    ws = [xd_h.XenodexWeights().replace(**weights), xd_h.XenodexWeights()]
    seen = 0
    for state in positions(game, range(2), limit=400):
        board = state.public_board()
        for w in ws:
            assert xd_h.state_scores(state, tables, w) == xd_h.scores(board, tables, w)
        seen += 1
    assert seen > 500


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("weights", [{}, {"pressure": 0.3, "fade": 0.5}])
def test_scenarios_rare_in_random_games(players, weights):
    """Positions random games seldom reach: a seat holding every slot (the convergence
    bonus), STR buffs and a negative field, a disabled anchor, rival units in its slots."""
    game = load_game("xenodex", num_players=players, echoes=False)
    S = game.slot_labels
    tables = xd_h._Tables(game)
    w = xd_h.XenodexWeights().replace(**weights)
    heuristic = xd_h.make(**weights)
    holder = {"board": {label: {"anchor": k % 3, "units": ["Tall Grey"]} for k, label in enumerate(S)},
              "buff": {S[0]: {"str": 2}}}
    rival = {"board": {S[0]: {"units": ["Siege Frame", "Tall Grey"]}}}
    disabled = {"board": {S[1]: {"anchor": {"level": 2, "bp": 0}, "units": ["Siege Frame"]}}}
    cases = [([holder, rival], {S[1]: 0}, -1), ([holder, {}], {S[0]: 0, S[1]: 0}, 0),
             ([holder, disabled], {}, 2), ([disabled, rival], {}, -3)]
    cases += [([holder, rival], {}, field) for field in (-4, 3, 0)]  # the same grid, other fields
    for seats, start, field in cases:
        seats = seats + [{} for _ in range(players - len(seats))]
        state = game.state_from_dict({"cycle": 9, "lead": 0, "phase": "summon", "seats": seats,
                                      "start_control": start, "fields": {"str": field}})
        board = state.public_board()
        assert xd_h.state_scores(state, tables, w) == xd_h.scores(board, tables, w)
        assert heuristic(state) == xd_h.values(board, tables, w)


def _play(game, seed, heuristic, max_decisions):
    """Greedy self-play from `seed` with `heuristic`: the actions and each seat's generator state."""
    agent = GreedyAgent(heuristic=heuristic)
    state = game.new_state(seed)
    rngs = [np.random.default_rng([seed, p]) for p in range(game.num_players)]
    actions = []
    while not state.is_terminal() and len(actions) < max_decisions:
        action = agent.act(state, rngs[state.current_player])
        actions.append(action)
        state.apply(action)
    return actions, [r.bit_generator.state for r in rngs], state.is_terminal()


@pytest.mark.parametrize("players,seeds,max_decisions", [(2, range(3), 10**6), (4, range(2), 500)])
def test_greedy_plays_the_same_games_as_with_the_reference(players, seeds, max_decisions):
    """Greedy breaks ties with its generator, so the games themselves must match: every
    action, and each seat's generator state at the end."""
    game = load_game("xenodex", num_players=players)
    reference = make_reference_heuristic(game)  # `values` of the public board
    fast = xd_h.make()  # one heuristic (and its memo) for every game
    for seed in seeds:
        expected = _play(game, seed, reference, max_decisions)
        assert _play(game, seed, fast, max_decisions) == expected, f"seed {seed}"
        assert len(expected[0]) > 100


def _board_unit(state, rng, at_least=1):
    """(slot, position, unit) of a random unit in a random slot holding `at_least` units, or None."""
    slots = [k for k, units in enumerate(state.board) if len(units) >= at_least]
    if not slots:
        return None
    k = slots[int(rng.integers(len(slots)))]
    i = int(rng.integers(len(state.board[k])))
    return k, i, state.board[k][i]


def _edit_bp(s, rng):
    hit = _board_unit(s, rng)
    if hit:
        j = hit[2]
        s.bp[j] += -1 if s.bp[j] > 1 else 1
    return hit


def _edit_move(s, rng):
    hit = _board_unit(s, rng)
    if hit:
        k, i, j = hit
        to = (k + 1 + int(rng.integers(s.K - 1))) % s.K
        del s.board[k][i]
        s.board[to].append(j)
        s.loc[j] = to
    return hit


def _edit_remove(s, rng):
    hit = _board_unit(s, rng)
    if hit:
        del s.board[hit[0]][hit[1]]
        s.loc[hit[2]] = -1
    return hit


def _edit_swap(s, rng):
    hit = _board_unit(s, rng, at_least=2)
    if hit:
        s.board[hit[0]].reverse()
    return hit


def _edit_card(s, rng):
    hit = _board_unit(s, rng)
    if hit:
        j = hit[2]
        s.set_card(j, 1 + s.card[j] % (len(s.game.u_bp) - 2))
    return hit


def _edit_anchor(s, rng):
    live = [i for i, lvl in enumerate(s.alvl) if lvl >= 0]
    if live:
        i = live[int(rng.integers(len(live)))]
        s.abp[i] += -1 if s.abp[i] > 0 else 1
    return bool(live)


EDITS = {"unit BP": _edit_bp, "unit moved": _edit_move, "unit removed": _edit_remove,
         "units reordered": _edit_swap, "unit card": _edit_card, "anchor BP": _edit_anchor}


@pytest.mark.parametrize("players,params", SETTINGS)
def test_slot_memo_sees_each_fact_a_slot_scores(players, params):
    """A slot replays its remembered board terms (agents/heuristics/xenodex_slots.py) only
    while its own facts stand: after a position is scored, a copy with one of them changed (a
    unit's BP or card, a unit moved to another slot, removed or the slot's order reversed, an
    anchor's BP) scores as the reference scores it, as does the position itself again."""
    game = load_game("xenodex", num_players=players, **params)
    tables, w = xd_h._Tables(game), xd_h.XenodexWeights()
    heuristic = xd_h.make()
    rng = np.random.default_rng(players)
    checked = dict.fromkeys(EDITS, 0)
    for i, state in enumerate(positions(game, range(2), limit=300)):
        if i % 5:
            continue
        expected = xd_h.values(state.public_board(), tables, w)
        for name, edit in EDITS.items():
            assert heuristic(state) == expected  # the memo now holds this position's slots
            copy = state.clone()
            if edit(copy, rng):
                assert heuristic(copy) == xd_h.values(copy.public_board(), tables, w), name
                checked[name] += 1
    assert min(checked.values()) > 15, checked
