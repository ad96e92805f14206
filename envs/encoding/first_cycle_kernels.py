"""Compiled writers of First Cycle's column-wise batch of states (`ColumnBatch.encode_states`,
what BatchEnv calls every step): the Power sums of `ColumnBatch._powers` and the rows of
`ColumnBatch._fill` and `put_rows`, with the same float64 arithmetic rounded once to
float32, as numba-compiled loops over the same flat int64 arrays the numpy code builds
(envs/encoding/kernels.py says when they run). A side with a passive that may apply now
(other than its fighters' own battle bonuses) is still worked out by `effects.powers`.
tests/envs/test_first_cycle_kernels.py checks that both give identical bytes over seeded
games.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from envs.encoding.base import int64_array
from envs.encoding.kernels import compile_all, put_entries
from sim.first_cycle import effects as fx

FIGHTERS = 6


def sum_powers(g, fields, fights, power, situation, tables, printed, self_bonus, bonus_turns):
    """`ColumnBatch._powers` but the loud sides: fills `power` (2 N, 6) and `situation`
    (2 N,) (0: the other player's turn, 1: the owner's, 2: attacking, 3: defending) from the
    rows' facts `g` (N, 25), fighter `fields` (2 N, 7, 6) and `fights` (the attacking
    fighter and the target of each row in a battle, in row order); `tables` holds the
    Leader's Power, an attached RAM's Power and the defender bonus."""
    leader_power, ram_power, defender_bonus = tables[0], tables[1], tables[2]
    b = 0
    for row in range(g.shape[0]):
        me, first, active, turn = g[row, 0], g[row, 1], g[row, 2], g[row, 8]
        for side in range(2):
            k = 2 * row + side
            own = (me == active) if side == 0 else (me != active)
            situation[k] = 1 if own else 0
            for f in range(FIGHTERS):
                card = fields[k, 0, f]
                p = leader_power if f == 0 else printed[card]
                power[k, f] = (p + fields[k, 5, f] + fields[k, 6, f]
                               + fields[k, 2, f] * (ram_power if own else 0))
        if g[row, 6]:
            a, t = fights[b], fights[b + 1]
            b += 2
            attacks = me == active
            attacker = 2 * row + (0 if attacks else 1)
            target = 2 * row + (1 if attacks else 0)
            power[attacker, a] += self_bonus[0, fields[attacker, 0, a]]
            power[target, t] += self_bonus[1, fields[target, 0, t]]
            defender = 1 - me if attacks else me
            if t == 0 and defender != first:
                for x in bonus_turns:
                    if turn == x:
                        power[target, 0] += defender_bonus
                        break
            situation[attacker] = 2
            situation[target] = 3
        for side in range(2):
            k = 2 * row + side
            for f in range(FIGHTERS):
                if fields[k, 0, f] < 0 or power[k, f] < 0:
                    power[k, f] = 0


def fill_rows(flat, size, g, zone_cards, zone_lens, fields, power, tables, scalar_idx,
              scalar_scale, zone_base, slot_ones, rush, record_dest, record_lo, record_hi,
              record_scale):
    """`ColumnBatch._fill` from the fields and powers (not the records): every row's game
    facts, scalars, card counts and fighter spaces. `tables` holds the first-player,
    your-turn, to-act and outcome offsets and the four phase offsets."""
    o_first, o_your_turn, o_to_act, o_outcome = tables[0], tables[1], tables[2], tables[3]
    phase_act, phase_battle, phase_choice, phase_over = tables[4], tables[5], tables[6], \
        tables[7]
    record = np.empty(8, np.int64)
    z = 0
    for row in range(g.shape[0]):
        start = row * size
        me, first, active, current = g[row, 0], g[row, 1], g[row, 2], g[row, 3]
        done, winner, turn = g[row, 4] != 0, g[row, 5], g[row, 8]
        flat[start + o_first] = 1.0 if first == me else 0.0
        flat[start + o_your_turn] = 1.0 if active == me else 0.0
        flat[start + o_to_act] = 1.0 if current == me else 0.0
        flat[start + o_to_act + 1] = 1.0 if current != me and current >= 0 else 0.0
        if done:
            phase = phase_over
        elif g[row, 6]:
            phase = phase_battle
        elif g[row, 7]:
            phase = phase_choice
        else:
            phase = phase_act
        flat[start + phase] = 1.0
        flat[start + o_outcome] = 1.0 if done and winner == me else 0.0
        flat[start + o_outcome + 1] = 1.0 if done and winner >= 0 and winner != me else 0.0
        for i in range(len(scalar_idx)):
            flat[start + scalar_idx[i]] = g[row, 8 + i] * scalar_scale[i]
        for zone in range(6):
            m = zone_lens[6 * row + zone]
            at = start + zone_base[zone]
            for i in range(z, z + m):  # the count cells start at zero
                flat[at + zone_cards[i]] += 1.0
            z += m
        for side in range(2):
            k = 2 * row + side
            owner = me if side == 0 else 1 - me
            can = owner == active and g[row, 9 + side] >= 2 and not done
            for f in range(FIGHTERS):
                card = fields[k, 0, f]
                if card < 0:
                    continue
                slot = side * FIGHTERS + f
                flat[start + slot_ones[slot, card, 0]] = 1.0
                flat[start + slot_ones[slot, card, 1]] = 1.0
                entered = fields[k, 3, f]
                record[0] = card
                record[1] = fields[k, 1, f]
                record[2] = fields[k, 2, f]
                record[3] = power[k, f]
                record[4] = entered
                record[5] = fields[k, 4, f]
                record[6] = fields[k, 5, f]
                record[7] = fields[k, 6, f]
                leader = f == 0
                for c in range(8):
                    if c == 0:
                        v = 1.0 if (record[1] == 0 and can
                                    and (leader or entered < turn or rush[card])) else 0.0
                    elif c == 4:
                        v = 1.0 if entered == turn and not leader else 0.0
                    else:
                        v = min(max(float(record[c]), record_lo[c]), record_hi[c])
                        v *= record_scale[c]
                    flat[start + record_dest[slot, c]] = v


class ColumnKernels:
    """The compiled writers of one `ColumnBatch`: its tables as arrays, `powers` and `fill`."""

    def __init__(self, batch: Any) -> None:  # a ColumnBatch, which imports this module
        self.batch = batch
        self.sum_powers, self.fill_rows, self.put_entries = compile_all(
            sum_powers, fill_rows, put_entries)
        self.power_tables = np.array([batch.leader_power, batch.ram_power,
                                      batch.defender_bonus], dtype=np.int64)
        self.fill_tables = np.array([batch.o_first, batch.o_your_turn, batch.o_to_act,
                                     batch.o_outcome, batch.phase_act, batch.phase_battle,
                                     batch.phase_choice, batch.phase_over], dtype=np.int64)
        self.fill_arrays = (batch.scalar_idx.astype(np.int64), batch.scalar_scale,
                            batch.zone_base.astype(np.int64), batch.slot_ones.astype(np.int64),
                            batch.rush, batch.record_dest.astype(np.int64),
                            batch.record_lo.astype(np.float64), batch.record_hi.astype(np.float64),
                            batch.record_scale.astype(np.float64))

    def powers(self, states: Any, g: np.ndarray, fields: np.ndarray) -> np.ndarray:
        """`ColumnBatch._powers(states, g, fields)`."""
        b = self.batch
        rows = g.shape[0]
        power = np.empty((2 * rows, FIGHTERS), dtype=np.int64)
        situation = np.empty(2 * rows, dtype=np.int64)
        fights: list[int] = []
        for i in np.flatnonzero(g[:, 6]).tolist():
            fights += states[i].battle[:2]
        self.sum_powers(g, fields, int64_array(fights), power, situation, self.power_tables,
                        b.printed, b.self_bonus, b.bonus_turns)
        card = fields[:, 0]
        me = g[:, 0]
        for k in np.flatnonzero(b.loud[situation[:, None], card].any(axis=1)).tolist():
            row = k >> 1
            power[k] = fx.powers(states[row], int(me[row]) if k & 1 == 0 else 1 - int(me[row]))
        return power

    def fill(self, g: np.ndarray, zone_cards: list[int], zone_lens: list[int],
             fields: np.ndarray, power: np.ndarray, ones: list[int], idx: list[int],
             val: list[float], ones_ends: list[int], idx_ends: list[int]) -> np.ndarray:
        """The rows `ColumnBatch._fill` writes, from the fields and powers."""
        size = self.batch.size
        n = len(ones_ends)
        out = np.zeros((n, size), dtype=np.float32)
        if not n:
            return out
        flat = out.reshape(-1)
        self.fill_rows(flat, size, g, int64_array(zone_cards), int64_array(zone_lens), fields,
                       power, self.fill_tables, *self.fill_arrays)
        self.put_entries(flat, size, int64_array(ones), int64_array(ones_ends),
                         int64_array(idx), np.array(val, dtype=np.float64),
                         int64_array(idx_ends))
        return out
