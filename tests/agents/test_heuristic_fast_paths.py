"""The heuristics' fast paths equal their reference definitions exactly.

Each heuristic is defined on a view a seat may see (First Cycle and FE Cipher: `value` of
seat 0's observation; XenodeX: `values` of the public board) and computed for search
straight from the state's public fields. Over every position of seeded random games (so
battles, pending choices and endings all occur) the two must give the same float; and the
greedy agent, which breaks ties with its generator, must choose the same with either.
"""
from __future__ import annotations

import collections

import numpy as np
import pytest

from agents.greedy import GreedyAgent
from agents.heuristics import cipher as cipher_h
from agents.heuristics import cipher_state
from agents.heuristics import first_cycle as fc_h
from agents.heuristics import first_cycle_state as fc_state
from agents.heuristics import xenodex as xd_h
from sim import load_game
from sim.cipher.observation import quiet_cards
from tests.agents.positions import cipher_scenario


def positions(game, seeds, limit=400):
    """Every non-terminal position of random games from `seeds` (at most `limit` per game)."""
    for seed in seeds:
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(limit):
            if state.is_terminal():
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("weights", [{}, {"tempo": 0.5, "exposed": 0.2, "threat": 0.7}])
def test_first_cycle_state_value_is_the_observation_value(weights):
    w = fc_h.FirstCycleWeights().replace(**weights)
    seen = 0
    battles = 0
    for state in positions(load_game("first_cycle"), range(12)):
        assert fc_state.state_value(state, w) == fc_h.value(state.observation(0), w)
        seen += 1
        battles += state.battle is not None
    assert seen > 500 and battles > 20


@pytest.mark.parametrize("players,weights", [(2, {}), (3, {"pressure": 0.3, "fade": 0.5}),
                                             (4, {"cdx_horizon": 0, "converge": 0.0})])
def test_xenodex_state_scores_are_the_public_board_scores(players, weights):
    game = load_game("xenodex", num_players=players)
    w = xd_h.XenodexWeights().replace(**weights)
    tables = xd_h._Tables(game)
    heuristic = xd_h.make(**weights)
    seen = 0
    battles = 0
    for state in positions(game, range(3), limit=600):
        board = state.public_board()
        assert xd_h.state_scores(state, tables, w) == xd_h.scores(board, tables, w)
        assert heuristic(state) == xd_h.values(board, tables, w)
        seen += 1
        battles += board.battle is not None
    assert seen > 900 and battles > 50


def _cipher_positions(game):
    """The positions of seeded random FE Cipher games, and beside each battle two that play
    never stops at (a decision comes before or after them): the same battle evaded, and
    the same battle with its defending unit gone from the field (as a skill may do). Then,
    with either player on turn, Marth, Hero-King (whose skill adds outside a battle) beside
    each MC rather than as one, and modifiers that take powers, a MC's included, below zero."""
    for turn in (6, 7):
        yield cipher_scenario(mc0={"card": "Chrom, Prince of Ylisse", "mc": True},
                              units0=[{"card": "Marth, Hero-King"}, {"card": "Vaike, Teach"}],
                              units1=[{"card": "Marth, Hero-King", "line": "rear"},
                                      {"card": "Arthur, Fighter of Justice"}], turn=turn)
        yield cipher_scenario(units0=[{"card": "Vaike, Teach", "mod": -100}],
                              mc1={"card": "Chrom, Prince of Ylisse", "mc": True, "mod": -90},
                              units1=[{"card": "Arthur, Fighter of Justice", "mod": -70, "tapped": True}],
                              turn=turn)
    for state in positions(game, range(4), limit=500):
        yield state
        if state.b_att >= 0:
            evaded = state.clone()
            evaded.b_evaded = True
            yield evaded
            gone = state.clone()
            dfn = gone.players[1 - gone.active]
            dfn.remove_unit(dfn.index_of(gone.b_def))
            yield gone


def _decides_the_game(game, state):
    """Whether a hit now would end the game: the defender has no orb left and its MC is the
    unit in battle, or the one the attacker choosing its target reaches (FE-3)."""
    att, dfn = state.players[state.active], state.players[1 - state.active]
    mc = dfn.index_of(dfn.mc)
    if dfn.orbs or mc < 0:
        return False
    if state.b_att >= 0:
        return dfn.u_uid[mc] == state.b_def and att.index_of(state.b_att) >= 0 and not state.b_evaded
    pending = state.pending
    if pending is None or pending[0] != "attack_target":
        return False
    k = att.index_of(pending[2])
    card = att.u_stack[k][-1]
    if att.u_front[k]:
        return game.r1[card] if dfn.u_front[mc] else game.r2[card]
    return game.r2[card] and dfn.u_front[mc]


@pytest.mark.parametrize("weights", [{}, {"sure_hit": 0.7, "danger": 0.9, "reach": 0.2}])
def test_cipher_state_value_and_seat0_view_give_the_observation_value(weights):
    game = load_game("cipher")
    w = cipher_h.CipherWeights().replace(**weights)
    heuristic = cipher_state.make(**weights)
    quiet = quiet_cards(game)
    seen = collections.Counter()
    for state in _cipher_positions(game):
        v = cipher_h.value(state.observation(0), w, game)
        assert cipher_state.state_value(state, w) == v
        assert heuristic(state) == [v, -v]
        assert cipher_h.value(cipher_h.seat0_view(state), w, game) == v
        seen["positions"] += 1
        att, dfn = state.players[state.active], state.players[1 - state.active]
        if state.b_att >= 0:
            seen["battles"] += 1
            seen["criticals"] += state.b_crit
            seen["evaded"] += state.b_evaded
            seen["defender gone"] += dfn.index_of(state.b_def) < 0
            for pl, uid in ((att, state.b_att), (dfn, state.b_def)):
                i = pl.index_of(uid)
                # a support card that adds power, which the board terms take off again
                seen["supports"] += i >= 0 and pl.support >= 0 and game.char[pl.support] != pl.u_char[i]
        seen["attack targets"] += state.pending is not None and state.pending[0] == "attack_target"
        seen["deciding hits"] += _decides_the_game(game, state)
        seen["no orb left"] += not state.players[0].orbs or not state.players[1].orbs
        # a card whose skill may add outside a battle: powers are asked of `unit_powers`
        loud = [(pl, i) for pl in state.players for i, st in enumerate(pl.u_stack) if st[-1] not in quiet]
        seen["loud"] += bool(loud)
        seen["loud beside the MC"] += any(pl.u_uid[i] != pl.mc for pl, i in loud)
        seen["modifiers"] += any(any(pl.u_mod) for pl in state.players)
        seen["below zero"] += any(game.power[st[-1]] + m < 0 for pl in state.players
                                  for st, m in zip(pl.u_stack, pl.u_mod))
        seen["no MC"] += any(pl.index_of(pl.mc) < 0 for pl in state.players)
    assert seen["positions"] > 1500 and seen["battles"] > 100 and seen["attack targets"] > 100, seen
    assert all(seen[k] > 0 for k in ("criticals", "evaded", "defender gone", "supports", "deciding hits",
                                      "no orb left", "loud", "loud beside the MC", "modifiers",
                                      "below zero", "no MC")), seen


def test_cipher_greedy_chooses_as_with_the_seat0_view_heuristic():
    """Greedy self-play with the registered heuristic (`state_value`) and with the reference
    path (`value(seat0_view(state))`) plays the same actions with the same one-ply scores
    and leaves each seat's generator in the same state (ties among the best scores, broken
    with the generator, occur)."""
    game = load_game("cipher")
    w = cipher_h.CipherWeights()

    def reference(state):
        v = cipher_h.value(cipher_h.seat0_view(state), w, state.game)
        return [v, -v]

    fast = GreedyAgent()
    assert isinstance(fast.heuristic_for(game), cipher_state.CipherHeuristic)
    decisions = ties = 0
    for seed in range(3):
        games = []
        for agent in (fast, GreedyAgent(heuristic=reference)):
            state = game.new_state(seed)
            rngs = [np.random.default_rng([seed, p]) for p in range(2)]
            played = []
            while not state.is_terminal():
                agent.last_scores = None
                action = agent.act(state, rngs[state.current_player])
                played.append((action, agent.last_scores))
                state.apply(action)
            games.append((played, [r.bit_generator.state for r in rngs], state.returns()))
        assert games[0] == games[1], f"seed {seed}"
        for _, scores in games[0][0]:
            if scores is not None:
                decisions += 1
                ties += list(scores.values()).count(max(scores.values())) > 1
    assert decisions > 300 and ties > 0, (decisions, ties)


def _waiting_side_changes():
    """(name, change) pairs, each changing one fact the waiting side's terms read (player 1's
    units, bonds, orbs and hand, or the power and line of player 0's MC, which its units must
    reach and beat), or one they do not read (`tapped`)."""
    def unit(i, field, f):
        def change(s):
            lst = getattr(s.players[1], field)
            lst[i] = f(lst[i])
        return change

    def call(f):
        return f

    return [
        ("power modifier", unit(1, "u_mod", lambda m: m + 20)),
        ("line", unit(1, "u_front", lambda f: not f)),
        ("top card", unit(1, "u_stack", lambda st: (*st, 5))),
        ("tapped (not read)", unit(1, "u_tapped", lambda t: not t)),
        ("bond face down", unit(0, "bond_up", lambda up: False)),
        ("one more bond", call(lambda s: (s.players[1].bonds.append(55), s.players[1].bond_up.append(True)))),
        ("one orb less", call(lambda s: s.players[1].orbs.pop())),
        ("one card more in hand", call(lambda s: s.players[1].hand.append(4))),
        ("another unit as MC", call(lambda s: setattr(s.players[1], "mc", s.players[1].u_uid[1]))),
        ("a unit gone", call(lambda s: s.players[1].remove_unit(2))),
        ("bar: the other MC's power", call(lambda s: s.players[0].u_mod.__setitem__(0, 30))),
        ("the other MC's line", call(lambda s: s.players[0].u_front.__setitem__(0, False))),
        ("beyond the prefilled tables", call(lambda s: s.players[1].u_mod.__setitem__(1, 5000))),
    ]


@pytest.mark.parametrize("in_place", [False, True])
def test_cipher_heuristic_reuses_the_waiting_side_only_while_what_it_reads_holds(in_place):
    """`CipherHeuristic` keeps the waiting side's terms of its last call and reuses them while
    that side's units, bonds, orbs and hand and the MC its units aim at are unchanged. Each
    change of one of those facts, on a copy (as greedy's children) or on the state valued
    last (as a search that plays on), must give the value computed from scratch."""
    game = load_game("cipher")
    w = cipher_h.CipherWeights()
    base = cipher_scenario(units0=[{"card": "Vaike, Teach"}], hand1=2,
                           units1=[{"card": "Arthur, Fighter of Justice"}, {"card": "Vaike, Teach", "line": "rear"}])
    v0 = cipher_h.value(base.observation(0), w, game)
    for name, change in _waiting_side_changes():
        heuristic = cipher_state.make()
        state = base.clone()
        assert heuristic(state) == [v0, -v0]
        if not in_place:
            state = state.clone()
        change(state)
        v = cipher_h.value(state.observation(0), w, game)
        assert heuristic(state) == [v, -v], name
        assert (v == v0) == (name == "tapped (not read)"), name
