"""The First Cycle heuristic computed from the state: `state_value`, `FirstCycleHeuristic`, `make`.

agents/heuristics/first_cycle.py defines the heuristic on seat 0's observation (`value`,
with its weights in `FirstCycleWeights`); this module computes the same float straight from
the state's public fields with no observation or record built, as search needs (thousands
of its own copies a second). Every float is the reference's own expression, evaluated in
the reference's order, so the two are equal to the bit (the tests hold them equal over
seeded games).
"""
from __future__ import annotations

import math
from typing import Any

from agents.heuristics import TwoSeatHeuristic
from agents.heuristics.first_cycle import FirstCycleWeights
from agents.heuristics.tables import TableCache
from sim.first_cycle.effects import powers


def _cards_with(flags: list[bool]) -> frozenset[int]:
    """The card numbers whose entry of a per-card table of the game is true (the table's
    last entry, an empty space's, left out)."""
    return frozenset(c for c, x in enumerate(flags[:-1]) if x)


class _Tables:
    """What `state_value` reads on every call for one (game, weights) pair: the weights as
    plain floats, the owed income of the player not on turn by (deck left, supply left), the
    Power rules, which cards have a passive that may add Power on the own turn, the other's
    turn, when attacking and when defending (`effects._active_bonuses`), and the battle
    bonuses of the cards whose passives only add to themselves while they fight."""

    __slots__ = ("game", "w", "printed", "leader_power", "ram_power", "bonus_turns", "bonus",
                 "loud_own", "loud_other", "loud_attack", "loud_defend", "self_attack", "self_defend", "unit_ram", "charval", "hp", "hand", "ram",
                 "character", "board", "exposed", "threat", "battle", "scale", "owed")

    def __init__(self, game: Any, w: FirstCycleWeights) -> None:
        self.game, self.w = game, w
        params = game.params
        self.printed = game.printed_power
        self.leader_power, self.ram_power = params.leader_power, params.attached_ram_power
        self.bonus_turns, self.bonus = params.defender_bonus_turns, params.defender_bonus
        self.loud_own = _cards_with(game.passive_own_turn)
        self.loud_other = _cards_with(game.passive_always)
        # in a battle a card whose passives only add to itself while it fights is not loud:
        # its bonus is added to the attacker or the target where the Powers are worked out
        self.loud_attack = _cards_with(game.passive_attacking)
        self.loud_defend = _cards_with(game.passive_defending)
        self.self_attack = game.self_attacking
        self.self_defend = game.self_defending
        self.hp, self.hand, self.ram = w.hp, w.hand, w.ram
        self.character, self.board, self.exposed = w.character, w.board, w.exposed
        self.threat, self.battle, self.scale = w.threat, w.battle, w.scale
        # With one Power per attached module, a Character whose Power is its printed Power
        # plus its modifiers and (on its controller's turn) attached RAM, unfloored, has
        # `score`'s persistent Power equal to its printed Power: its board value by card.
        self.unit_ram = params.attached_ram_power == 1
        self.charval = [w.character + w.board * (p if p > 0 else 0) for p in game.printed_power]
        # `score`'s owed income, its expression with the two comparisons as bools
        self.owed = [w.tempo * (w.hand * deck + w.ram * supply)
                     for deck in (False, True) for supply in (False, True)]


_TABLES = TableCache(_Tables)


def _side(state: Any, p: int, pl: Any, active: bool, battle: tuple | None,
          t: _Tables) -> tuple[float, list[int]]:
    """(`score` of player `p`'s public record, their six Powers) from their `PlayerState`.

    The Powers are `effects.powers`, worked out here when no card of the side has a passive
    that may add now; the six spaces are unrolled and each term of the score is the
    reference's expression, added in the reference's order."""
    card = pl.card
    c0, c1, c2, c3, c4, c5 = card
    t0, t1, t2, t3, t4, t5 = pl.mod_turn
    b0, b1, b2, b3, b4, b5 = pl.mod_battle
    a0, a1, a2, a3, a4, a5 = pl.attached
    if battle is None:
        loud = t.loud_own if active else t.loud_other
    else:
        loud = t.loud_attack if active else t.loud_defend
    if loud.isdisjoint(card):
        printed = t.printed
        r = t.ram_power if active else 0
        pw = [t.leader_power + t0 + b0 + a0 * r if c0 >= 0 else 0,
              printed[c1] + t1 + b1 + a1 * r if c1 >= 0 else 0,
              printed[c2] + t2 + b2 + a2 * r if c2 >= 0 else 0,
              printed[c3] + t3 + b3 + a3 * r if c3 >= 0 else 0,
              printed[c4] + t4 + b4 + a4 * r if c4 >= 0 else 0,
              printed[c5] + t5 + b5 + a5 * r if c5 >= 0 else 0]
        plain = t.unit_ram  # every Character's Power is the sum above (see _Tables.charval)
        if battle is not None:
            if active:
                f = battle[0]
                bonus = t.self_attack[card[f]]
            else:
                f = battle[1]
                bonus = t.self_defend[card[f]]
                if f == 0 and p != state.first_player and state.turn in t.bonus_turns:
                    pw[0] += t.bonus
            if bonus:
                pw[f] += bonus
                plain = plain and f == 0
        if min(pw) < 0:
            pw = [v if v > 0 else 0 for v in pw]
            plain = False
    else:
        pw = powers(state, p)
        plain = False
    s = t.hp * pl.hp + t.hand * len(pl.hand)
    # the record's attached RAM, every space's: an empty space holds none (leaving play and
    # set-up clear it; the engine's own RAM count sums the six spaces alike)
    s += t.ram * (pl.ram_ready + pl.ram_exhausted + (a0 + a1 + a2 + a3 + a4 + a5))
    if plain:
        charval, e, exposed = t.charval, pl.exhausted, t.exposed
        if c1 >= 0:
            s += charval[c1]
            if e[1]:
                s -= exposed * pw[1]
        if c2 >= 0:
            s += charval[c2]
            if e[2]:
                s -= exposed * pw[2]
        if c3 >= 0:
            s += charval[c3]
            if e[3]:
                s -= exposed * pw[3]
        if c4 >= 0:
            s += charval[c4]
            if e[4]:
                s -= exposed * pw[4]
        if c5 >= 0:
            s += charval[c5]
            if e[5]:
                s -= exposed * pw[5]
    elif c1 >= 0 or c2 >= 0 or c3 >= 0 or c4 >= 0 or c5 >= 0:
        if not active:  # attached RAM is in the Power on its controller's turn only
            a1 = a2 = a3 = a4 = a5 = 0
        e = pl.exhausted
        character, board, exposed = t.character, t.board, t.exposed
        if c1 >= 0:
            x = pw[1]
            d = x - t1 - b1 - a1
            s += character + board * (d if d > 0 else 0)
            if e[1]:
                s -= exposed * x
        if c2 >= 0:
            x = pw[2]
            d = x - t2 - b2 - a2
            s += character + board * (d if d > 0 else 0)
            if e[2]:
                s -= exposed * x
        if c3 >= 0:
            x = pw[3]
            d = x - t3 - b3 - a3
            s += character + board * (d if d > 0 else 0)
            if e[3]:
                s -= exposed * x
        if c4 >= 0:
            x = pw[4]
            d = x - t4 - b4 - a4
            s += character + board * (d if d > 0 else 0)
            if e[4]:
                s -= exposed * x
        if c5 >= 0:
            x = pw[5]
            d = x - t5 - b5 - a5
            s += character + board * (d if d > 0 else 0)
            if e[5]:
                s -= exposed * x
    if not active:
        s += t.owed[2 * (len(pl.deck) > 0) + (pl.ram_supply > 0)]
    return s, pw


def _threat(mine: Any, pw: list[int], bar: int, turn: int) -> int:
    """How many fighters of `mine` (Powers `pw`) `_threat` counts against a Leader of Power
    `bar` (the six spaces unrolled)."""
    if mine.turns_taken < 2:
        return 0
    c0, c1, c2, c3, c4, c5 = mine.card
    e, n = mine.exhausted, mine.entered
    k = 1 if c0 >= 0 and not e[0] and pw[0] >= bar else 0
    if c1 >= 0 and not e[1] and pw[1] >= bar and n[1] < turn:
        k += 1
    if c2 >= 0 and not e[2] and pw[2] >= bar and n[2] < turn:
        k += 1
    if c3 >= 0 and not e[3] and pw[3] >= bar and n[3] < turn:
        k += 1
    if c4 >= 0 and not e[4] and pw[4] >= bar and n[4] < turn:
        k += 1
    if c5 >= 0 and not e[5] and pw[5] >= bar and n[5] < turn:
        k += 1
    return k


def state_value(state: Any, w: FirstCycleWeights) -> float:
    """`value(state.observation(0), w)`, seat 0's value, computed straight from the public
    fields of the state that observation copies (no observation is built: search scores
    thousands of its own copies a second). Tests hold it equal to `value`."""
    return _state_value(state, _TABLES.get(state.game, w))


def _state_value(state: Any, t: _Tables) -> float:
    """`state_value` with the tables of (state.game, weights)."""
    active = state.active
    battle = state.battle
    pl0, pl1 = state.players
    s0, pw0 = _side(state, 0, pl0, active == 0, battle, t)
    s1, pw1 = _side(state, 1, pl1, active != 0, battle, t)
    diff = s0 - s1
    if battle is not None:
        mine = active == 0
        att, att_pw, dfn, def_pw = (pl0, pw0, pl1, pw1) if mine else (pl1, pw1, pl0, pw0)
        a, d = battle[0], battle[1]
        if att.card[a] >= 0 and dfn.card[d] >= 0 and att_pw[a] >= def_pw[d]:
            if d == 0:
                gain = t.hp
            else:
                p = def_pw[d]
                gain = t.character + t.board * max(p - dfn.mod_turn[d] - dfn.mod_battle[d], 0)
            diff += t.battle * (gain if mine else -gain)
    elif active == 0:
        diff += t.threat * _threat(pl0, pw0, pw1[0], state.turn)
    else:
        diff -= t.threat * _threat(pl1, pw1, pw0[0], state.turn)
    return math.tanh(diff / t.scale)


class FirstCycleHeuristic(TwoSeatHeuristic):
    """`(state) -> [v0, v1]` with `v1 = -v0`: seat 0's `value`, read from the public facts
    of its observation (`state_value`)."""

    __slots__ = ()
    tables = _TABLES
    value_with = staticmethod(_state_value)


def make(**weights: Any) -> FirstCycleHeuristic:
    """The heuristic with `weights` overriding the defaults of `FirstCycleWeights`."""
    return FirstCycleHeuristic(FirstCycleWeights().replace(**weights))
