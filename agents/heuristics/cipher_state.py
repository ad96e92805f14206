"""The FE Cipher heuristic computed from the state: `state_value`, `CipherHeuristic`, `make`.

agents/heuristics/cipher.py defines the heuristic on seat 0's observation (`value`, with its
weights in `CipherWeights`); this module computes the same float straight from the state's
public fields with no observation or record built, as search needs (thousands of its own
copies a second). The tests hold the two equal over seeded games.
"""
from __future__ import annotations

import math
from typing import Any

from agents.heuristics import TwoSeatHeuristic
from agents.heuristics.cipher import CipherWeights, hand_value, hit_chance, hit_cost
from agents.heuristics.tables import TableCache
from sim.cipher.observation import quiet_cards, unit_powers

_PREFILL = 200
"""The weight formulas are tabulated up front for ints in [-_PREFILL, _PREFILL]: hand and
bond counts, printed powers and power differences mostly fall there."""


class _Tables:
    """What `state_value` reads on every call for one (game, weights) pair: card facts, and
    the weight formulas of `material`, `score` and `threat` tabulated by their int argument
    (each entry is the reference's expression, evaluated once). The tables are plain dicts,
    which Python indexes faster than a dict subclass with `__missing__`: a key not in them
    yet raises KeyError, and `_state_value` has `add` it and evaluates again."""

    __slots__ = ("game", "w", "base", "loud", "char", "support", "crit", "r1", "r2", "never",
                 "reach_front", "reach_rear", "hand", "owed", "bonds", "face_up", "unit", "chance",
                 "hit", "kill", "orb", "reach", "threat", "danger", "tempo", "scale", "bond_cap",
                 "bond_owed", "lines_front", "lines_rear", "lines_none", "memo", "formulas")

    def __init__(self, game: Any, w: CipherWeights) -> None:
        self.game, self.w = game, w
        self.base = game.power
        # cards with a continuous skill that may add outside a battle (`quiet_cards`)
        self.loud = frozenset(range(len(game.power))) - quiet_cards(game)
        self.char, self.support = game.char, game.support
        self.crit = game.params.critical_multiplier
        self.r1, self.r2 = game.r1, game.r2
        self.never = [False] * len(game.r2)
        # material's reach bonus of a unit in the front line, and in the rear line
        self.reach_front = [a or b for a, b in zip(game.r1, game.r2)]
        self.reach_rear = game.r2
        self.hand, self.owed, self.bonds, self.face_up, self.unit, self.chance = {}, {}, {}, {}, {}, {}
        self.formulas = ((self.hand, lambda n: hand_value(n, w)),
                         (self.owed, lambda h: hand_value(h + 1, w) - hand_value(h, w)),
                         (self.bonds, lambda n: w.bond * min(n, w.bond_cap) + w.extra_bond * max(n - w.bond_cap, 0)),
                         (self.face_up, lambda up: w.face_up * min(up, 3) - (w.no_face_up if up == 0 else 0.0)),
                         (self.unit, lambda d: w.unit + w.power * max(d, 0) / 10.0),
                         (self.chance, hit_chance))
        for key in range(-_PREFILL, _PREFILL + 1):
            self.add(key)
        self.hit = hit_cost(1, w)
        self.kill, self.orb, self.reach, self.threat, self.danger = w.kill, w.orb, w.reach, w.threat, w.danger
        self.tempo, self.scale, self.bond_cap = w.tempo, w.scale, w.bond_cap
        self.bond_owed = w.bond - w.hand  # the owed bond's value, less the owed card's
        # by card: whether a unit in the front line, and in the rear line, reaches a MC in the
        # front line, in the rear line, or absent (FE-3)
        self.lines_front = (game.r1, game.r2)
        self.lines_rear = (game.r2, self.never)
        self.lines_none = (self.never, self.never)
        self.memo = None

    def add(self, key: Any) -> bool:
        """Tabulate every weight formula at `key` (each is defined for any int): whether a
        table lacked it (a KeyError for a key all have came from elsewhere)."""
        added = False
        if isinstance(key, int):
            for table, f in self.formulas:
                if key not in table:
                    table[key] = f(key)
                    added = True
        return added


_TABLES = TableCache(_Tables)


class _Loud(Exception):
    """A unit's top card may add power outside a battle: its side needs `unit_powers`."""


# A side's powers are a list (`unit_powers`, a battling unit's stripped by `_strip`) or
# None: outside a battle with no loud card, each unit's is its printed power plus its
# modifier, never below zero (`unit_powers`'s quiet case), worked out where it is read.


def _power(t: _Tables, pl: Any, pw: list[int] | None, i: int) -> int:
    """The power of `pl`'s unit `i` (`pw` as above)."""
    if pw is not None:
        return pw[i]
    c = pl.u_stack[i][-1]
    if c in t.loud:
        raise _Loud
    v = t.base[c] + pl.u_mod[i]
    return v if v > 0 else 0


def _side(t: _Tables, pl: Any, pw: list[int] | None, mc: int, orbs: int, hand: int, bar: int,
          lines: tuple[list[bool], list[bool]], ready_only: bool, removed: int = -1,
          tapped: int = -1) -> tuple[float, list[float]]:
    """`material` of `pl`'s record (MC at index `mc`) with `orbs` and `hand` cards and its
    unit `removed` gone, and the hit chances `threat` sorts, best first: those of its units
    that reach the enemy MC of power `bar` (`lines`: by card, whether a unit in the front
    line, and in the rear line, reaches it), only untapped ones (and not `tapped`) with
    `ready_only`."""
    s = t.orb * orbs + t.hand[hand]
    n = len(pl.bonds)
    if n:
        s += t.bonds[n]
        s += t.face_up[sum(pl.bond_up)]
    from_front, from_rear = lines
    unit, chance, reach = t.unit, t.chance, t.reach
    reach_front, reach_rear = t.reach_front, t.reach_rear
    chances = []
    loud, base = t.loud, t.base
    i = -1
    for st, front, m, tap in zip(pl.u_stack, pl.u_front, pl.u_mod, pl.u_tapped):
        i += 1
        if i == removed:
            continue
        c = st[-1]
        if pw is not None:
            p = pw[i]
        elif c in loud:
            raise _Loud
        else:
            p = base[c] + m
            if p < 0:
                p = 0
        if i != mc:
            s += unit[p - m]
            if (reach_front if front else reach_rear)[c]:
                s += reach
        if (from_front if front else from_rear)[c] and not (ready_only and (tap or i == tapped)):
            chances.append(chance[p - bar])
    chances.sort(reverse=True)
    return s, chances


def _orb_loss(hit: float, kill: float, chances: list[float], orbs: int) -> float:
    """`threat` of the sorted hit `chances` against a MC with `orbs` left (a hit costs
    `hit` while an orb is left, `kill` after)."""
    total = 0.0
    orbs_left = float(orbs)
    for p in chances:
        total += p * (hit if orbs_left >= 0.5 else kill)
        orbs_left -= p
    return total


def _static(t: _Tables, att: tuple[float, list[float]], def_orbs: int, dfn: Any,
            defence: tuple[float, list[float]], att_orbs: int, def_hand: int) -> float:
    """`_static_value` for the active player: `score` of the attacking side (`att`, from
    `_side`) less that of the waiting one (`defence`, with `def_hand` cards)."""
    a, chances = att
    if chances:
        a += t.threat * _orb_loss(t.hit, t.kill, chances, def_orbs)
    d, chances = defence
    if chances:
        d += t.danger * _orb_loss(t.hit, t.kill, chances, att_orbs)
    owed = t.owed[def_hand] if dfn.deck else 0.0
    if len(dfn.bonds) < t.bond_cap:
        owed += t.bond_owed
    d += t.tempo * owed
    return math.tanh((a - d) / t.scale)


def _strip(t: _Tables, pl: Any, pw: list[int], i: int, mod: int, critical: bool) -> None:
    """`_field_view` on `pl`'s unit `i`: its power less what lasts only for the battle."""
    p = pw[i]
    if critical:
        p //= t.crit
    p -= mod
    sup = pl.support
    if sup >= 0 and t.char[sup] != t.char[pl.u_stack[i][-1]]:
        p -= t.support[sup]
    pw[i] = max(p, 0)


def _value(state: Any, t: _Tables, att_pw: list[int] | None, def_pw: list[int] | None) -> float:
    """`state_value` with the active and waiting sides' powers (None: see `_power`); raises
    `_Loud` when None does not fit."""
    w = t.w
    active = state.active
    att, dfn = state.players[active], state.players[1 - active]
    sign = 1.0 if active == 0 else -1.0
    fight = None
    if state.b_att >= 0:
        ai, di = att.index_of(state.b_att), dfn.index_of(state.b_def)
        if ai >= 0:
            att_power = att_pw[ai]
            _strip(t, att, att_pw, ai, state.b_att_mod, state.b_crit)
        if di >= 0:
            def_power = def_pw[di]
            _strip(t, dfn, def_pw, di, state.b_def_mod, False)
        if ai >= 0 and di >= 0 and not state.b_evaded:
            fight = (ai, di, w.sure_hit if att_power >= def_power else 1.0 - w.sure_hit)
    try:  # `index_of` of each Main Character, inlined: it is on the field while the game is on
        att_mc = att.u_uid.index(att.mc)
    except ValueError:
        att_mc = -1
    try:
        def_mc = dfn.u_uid.index(dfn.mc)
    except ValueError:
        def_mc = -1
    # each MC's power (the bar the other side's units must beat) and the lines reaching it
    if att_mc >= 0:
        att_bar = _power(t, att, att_pw, att_mc)
        def_lines = t.lines_front if att.u_front[att_mc] else t.lines_rear
    else:
        att_bar, def_lines = 0, t.lines_none
    if def_mc >= 0:
        def_bar = _power(t, dfn, def_pw, def_mc)
        att_lines = t.lines_front if dfn.u_front[def_mc] else t.lines_rear
    else:
        def_bar, att_lines = 0, t.lines_none
    att_orbs, att_hand, def_orbs, def_hand = len(att.orbs), len(att.hand), len(dfn.orbs), len(dfn.hand)
    # The waiting side's terms of the last call are reused while all `_side` reads of them is
    # unchanged (bond_up runs beside bonds, so it carries their count): greedy's children of
    # one determinization mostly differ on the active side only.
    m = t.memo
    if (def_pw is None and m is not None and att_bar == m[0] and def_lines is m[1] and def_mc == m[2]
            and def_orbs == m[3] and def_hand == m[4] and dfn.u_stack == m[5] and dfn.u_mod == m[6]
            and dfn.u_front == m[7] and dfn.bond_up == m[8]):
        defence = m[9]
    else:
        defence = _side(t, dfn, def_pw, def_mc, def_orbs, def_hand, att_bar, def_lines, False)
        if def_pw is None:
            t.memo = (att_bar, def_lines, def_mc, def_orbs, def_hand, dfn.u_stack[:], dfn.u_mod[:],
                      dfn.u_front[:], dfn.bond_up[:], defence)
    k = -1  # the attacking unit: in the battle, or waiting for its target
    if fight is not None:
        k = fight[0]
    else:
        pending = state.pending
        if pending is not None and pending[0] == "attack_target":
            pl = state.players[pending[1]]
            card = pl.u_stack[pl.index_of(pending[2])][-1]
            for i, st in enumerate(att.u_stack):
                if st[-1] == card:
                    k = i
                    break
    if k < 0:
        return sign * _static(t, _side(t, att, att_pw, att_mc, att_orbs, att_hand, def_bar, att_lines, True),
                              def_orbs, dfn, defence, att_orbs, def_hand)
    # `_attack_value` and `_expected` of an attack by unit k: the attacker's side with k
    # tapped and the value of a miss are those of every target.
    tapped = _side(t, att, att_pw, att_mc, att_orbs, att_hand, def_bar, att_lines, True, tapped=k)
    miss = _static(t, tapped, def_orbs, dfn, defence, att_orbs, def_hand)

    def expected(j: int, p: float) -> float:
        if j != def_mc:
            hit = _static(t, tapped, def_orbs, dfn,
                          _side(t, dfn, def_pw, def_mc, def_orbs, def_hand, att_bar, def_lines, False,
                                removed=j), att_orbs, def_hand)
        elif def_orbs > 0:
            hit = _static(t, tapped, def_orbs - 1, dfn,
                          _side(t, dfn, def_pw, def_mc, def_orbs - 1, def_hand + 1, att_bar, def_lines,
                                False), att_orbs, def_hand + 1)
        else:
            hit = 1.0
        return p * hit + (1.0 - p) * miss

    if fight is not None:
        return sign * expected(fight[1], fight[2])
    card = att.u_stack[k][-1]
    # the lines attacker k reaches (`_reaches`)
    if att.u_front[k]:
        reach_front, reach_rear = t.r1[card], t.r2[card]
    else:
        reach_front, reach_rear = t.r2[card], False
    best = None
    power = _power(t, att, att_pw, k)
    for j, front in enumerate(dfn.u_front):
        if reach_front if front else reach_rear:
            v = expected(j, t.chance[power - _power(t, dfn, def_pw, j)])
            best = v if best is None or v > best else best
    if best is not None:
        return sign * best
    return sign * _static(t, _side(t, att, att_pw, att_mc, att_orbs, att_hand, def_bar, att_lines, True),
                          def_orbs, dfn, defence, att_orbs, def_hand)


def state_value(state: Any, w: CipherWeights) -> float:
    """`value(state.observation(0), w, state.game)`: seat 0's value of a non-terminal state,
    computed straight from the state's public fields. No observation or record is built,
    each unit's power is worked out once (outside a battle, from its printed power and
    modifier when no card on its side has a skill that could add), card facts and weight
    formulas are looked up per (game, weights) pair; the float is the reference's own (the
    tests hold the two equal over seeded games). `CipherHeuristic` calls it."""
    return _state_value(state, _TABLES.get(state.game, w))


def _state_value(state: Any, t: _Tables) -> float:
    """`state_value` with the tables of (state.game, weights), each weight formula
    tabulated where a lookup first misses (`_Tables.add`, then evaluated again from the start:
    a battle's powers are stripped in place)."""
    while True:
        try:
            return _evaluate(state, t)
        except KeyError as e:
            if not t.add(e.args[0]):
                raise


def _evaluate(state: Any, t: _Tables) -> float:
    """`_state_value` once: outside a battle each side's powers are first worked out where
    read, then, if a loud card is met, asked of `unit_powers` as in a battle."""
    if state.b_att < 0:
        try:
            return _value(state, t, None, None)
        except _Loud:  # a loud card met: fall through to unit_powers
            pass
    active = state.active
    return _value(state, t, unit_powers(state, active), unit_powers(state, 1 - active))


class CipherHeuristic(TwoSeatHeuristic):
    """`(state) -> [v0, v1]` with `v1 = -v0`: `value` of seat 0's observation, computed
    straight from the state (`state_value`)."""

    __slots__ = ()
    tables = _TABLES
    value_with = staticmethod(_state_value)


def make(**weights: Any) -> CipherHeuristic:
    """The heuristic with `weights` overriding the defaults of `CipherWeights`."""
    return CipherHeuristic(CipherWeights().replace(**weights))
