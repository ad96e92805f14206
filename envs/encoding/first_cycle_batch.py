"""The column-wise batch encoder of First Cycle: many observations at once, bit-identical to
encoding each one.

`FirstCycleEncoder.encode_batch` runs `ColumnBatch`: one light Python pass copies each
observation's raw numbers (game facts, the card lists of the count zones, the twelve
fighter records) into flat lists, and numpy computes every index and value for the whole
batch at once. `encode_states` (what `BatchEnv` calls every step, through `encode_seats`)
reads the same numbers straight from the states and sums the fighters' Power column-wise
as `effects.powers` does; only a side with a passive that may apply now (other than its
fighters' own battle bonuses) is left to `powers` itself. Only the rare parts (Scan
knowledge, a battle, a pending choice) go through the per-observation encoder's code
(`FirstCycleEncoder._gather_rare`). Where numba is installed, `encode_states` hands the
gathered arrays to compiled writers instead of numpy (envs/encoding/first_cycle_kernels.py).
tests/envs/test_encoding.py,
tests/envs/test_first_cycle_encoding.py and tests/envs/test_first_cycle_fast_encoding.py
check that the rows equal `encode`'s, clipping edges and both Power paths included.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import int64_array, put_rows
from envs.encoding.first_cycle_kernels import ColumnKernels
from envs.encoding.first_cycle_layout import FIGHTERS, PHASES, POWER_CAP, POWER_SCALE
from envs.encoding.kernels import available
from sim.core.checks import check_seat
from sim.first_cycle import effects as fx
from sim.first_cycle.observation import battle_seen, known_top, pending_seen

# The raw numbers encode copies from each observation, in this order (columns of its
# `facts` table); from "turn" on they are the scalars of the encoder's `_scalar_idx`, in
# that order.
_FACT_NAMES = ("player", "first_player", "active", "current_player", "done", "winner",
               "in_battle", "in_pending", "turn", "own_turns_taken", "opp_turns_taken",
               "own_hp", "opp_hp", "own_ram_supply", "own_ram_ready", "own_ram_exhausted",
               "opp_ram_supply", "opp_ram_ready", "opp_ram_exhausted", "own_deck_size",
               "opp_deck_size", "own_hand_size", "opp_hand_size", "own_scanned", "opp_scanned")
_N_FACTS = len(_FACT_NAMES)
_FIRST_SCALAR = _FACT_NAMES.index("turn")
_TURNS_TAKEN = slice(_FACT_NAMES.index("own_turns_taken"), _FACT_NAMES.index("own_hp"))
_OBS_FIELDS = itemgetter("player", "you", "opponent", "battle", "pending")
_EMPTY = (-1, 0, 0, 0, 0, 0, 0, 0)
"""The record an empty fighter space stands for in the (12 N, 8) table of spaces."""
# Each fighter record (Fighter fields: card, exhausted, attached, power, entered, used,
# mod_turn, mod_battle) is written as one row of 8 values, field by field, into these slot
# features: card and entered (not features themselves) give way to can_attack and new.
_RECORD_FEATURES = ("can_attack", "exhausted", "attached", "power", "new", "used", "mod_turn",
                    "mod_battle")


def add_zones(zone_cards: list[int], zone_lens: list[int], zones: tuple) -> None:
    """Append a row's six count zones (own hand, own known bottom, own discard, the
    opponent's revealed hand, known bottom and discard) to the batch's cards and lengths."""
    for zone in zones:
        zone_cards += zone
    zone_lens += map(len, zones)


class ColumnBatch:
    """The batch encoder of one `FirstCycleEncoder`: its tables as numpy arrays, and `encode`."""

    def __init__(self, encoder: Any) -> None:  # a FirstCycleEncoder, which imports this module
        enc = self.encoder = encoder
        self.size = enc.size
        self.o_first, self.o_your_turn = enc.o_first, enc.o_your_turn
        self.o_to_act, self.o_outcome = enc.o_to_act, enc.o_outcome
        self.phase_act, self.phase_battle, self.phase_choice, self.phase_over = (
            enc.o_phase + i for i in range(len(PHASES)))
        self.scalar_idx = np.array(enc._scalar_idx, dtype=np.intp)
        self.scalar_scale = np.array(
            (enc._inv_turns,) * 3 + (enc._inv_hp,) * 2 + (enc._inv_ram,) * 6
            + (enc._inv_deck,) * 4 + (enc._inv_scan,) * 2, dtype=np.float64)
        # Card-count zones in the order `encode` collects them (row offsets minus 1).
        self.zone_base = np.array([enc.o_hand, enc.o_own_bottom, enc.o_own_discard,
                                   enc.o_opp_revealed, enc.o_opp_bottom,
                                   enc.o_opp_discard], dtype=np.intp) - 1
        self.slot_ones = np.array(enc._slot_ones, dtype=np.intp)        # (12, C+1, 2)
        self.rush = np.array(enc._rush, dtype=bool)
        slots = np.arange(2 * FIGHTERS)
        self.slot_leader = slots % FIGHTERS == 0
        self.slot_side = slots // FIGHTERS  # 0: the observer's, 1: the opponent's
        # Per slot, where each field of a fighter record goes (`_RECORD_FEATURES`), and per
        # field the clip range and the scale that turn it into its feature.
        so = enc.slot_layout.offsets()
        self.record_dest = np.array([[base + so[name] for name in _RECORD_FEATURES]
                                     for base in enc._slot_bases], dtype=np.intp)  # (12, 8)
        cap = float(POWER_CAP)
        self.record_lo = np.array([-np.inf, 0, -np.inf, -cap, -np.inf, 0, -cap, -cap])
        self.record_hi = np.array([np.inf, 1, np.inf, cap, np.inf, 1, cap, cap])
        self.record_scale = np.array([1, 1, enc._inv_ram, POWER_SCALE, 1, 1, POWER_SCALE,
                                      POWER_SCALE])
        # `effects.powers` of a side with no passive that may apply now but the fighters' own
        # battle bonuses: per card (an empty space, -1, last) its printed Power, its own
        # bonus as the attacker and as the target, and per situation (the other player's
        # turn, the owner's, attacking, defending) whether it has such a passive.
        game = enc.game
        params = game.params
        self.leader_power = params.leader_power
        self.ram_power = params.attached_ram_power
        self.defender_bonus = params.defender_bonus
        self.bonus_turns = np.array(params.defender_bonus_turns, dtype=np.int64)
        self.printed = np.array(game.printed_power + [0], dtype=np.int64)
        self.self_bonus = np.array([game.self_attacking, game.self_defending], dtype=np.int64)
        self.loud = np.array([game.passive_always, game.passive_own_turn, game.passive_attacking,
                              game.passive_defending], dtype=bool)
        self.leader_space = np.arange(FIGHTERS) == 0
        self.kernels = ColumnKernels(self) if available() else None

    def encode(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """`(N, size)` float32, row i encoding the i-th observation (see the module docstring).

        `observations` may be a generator: each dict is dropped once copied (BatchEnv passes
        one, so that the cyclic garbage collector never has a batch of live dicts to scan).
        """
        facts: list[int] = []
        zone_cards: list[int] = []
        zone_lens: list[int] = []
        fighters: list[Any] = []
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        ones_ends: list[int] = []
        idx_ends: list[int] = []
        gather_rare = self.encoder._gather_rare
        for o in observations:
            me, you, opp, battle, pending = _OBS_FIELDS(o)
            facts += (me, o["first_player"], o["active"], o["current_player"], o["done"],
                      o["winner"], battle is not None, pending is not None, o["turn"],
                      you["turns_taken"], opp["turns_taken"], you["hp"], opp["hp"],
                      you["ram_supply"], you["ram_ready"], you["ram_exhausted"],
                      opp["ram_supply"], opp["ram_ready"], opp["ram_exhausted"],
                      you["deck_size"], opp["deck_size"], you["hand_size"], opp["hand_size"],
                      you["scanned_count"], opp["scanned_count"])
            add_zones(zone_cards, zone_lens, (you["hand"], you["known_bottom"], you["discard"],
                                              opp["revealed_hand"], opp["known_bottom"], opp["discard"]))
            fighters += you["fighters"]
            fighters += opp["fighters"]
            if battle is not None or pending is not None or you["known_top"]:
                gather_rare(o, you, battle, pending, ones, idx, val)
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        spaces = int64_array(list(chain.from_iterable(_EMPTY if f is None else f for f in fighters)))
        return self._fill(int64_array(facts).reshape(-1, _N_FACTS), zone_cards, zone_lens,
                          spaces.reshape(-1, 8), ones, idx, val, ones_ends,
                          idx_ends)

    def encode_states(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`(N, size)` float32, row i encoding seat `seats[i]` of `states[i]`: `encode` of
        their observations, the raw numbers read straight from the states (the parts an
        observation holds, no more: own hand and Scan knowledge, the opponent's hand size
        and revealed cards, deck sizes, known bottoms); a row with a battle, a pending choice
        or a known deck top takes those parts from the observation's own helpers
        (sim/first_cycle/observation.py `known_top`, `battle_seen`, `pending_seen`)."""
        if len(states) != len(seats):
            raise ValueError(f"{len(states)} states but {len(seats)} seats")
        facts: list[int] = []
        zone_cards: list[int] = []
        zone_lens: list[int] = []
        records: list[int] = []  # per row and side: its 6 fighters' 8 record fields, field by field
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        ones_ends: list[int] = []
        idx_ends: list[int] = []
        gather_rare = self.encoder._gather_rare
        for state, seat in zip(states, seats):
            me = seat if seat.__class__ is int and (seat == 0 or seat == 1) else check_seat(seat, 2)
            you, opp = state.players[me], state.players[1 - me]
            battle, pending = state.battle, state.pending
            facts += (me, state.first_player, state.active, state.current_player, state.done,
                      state.winner, battle is not None, pending is not None, state.turn,
                      you.turns_taken, opp.turns_taken, you.hp, opp.hp,
                      you.ram_supply, you.ram_ready, you.ram_exhausted,
                      opp.ram_supply, opp.ram_ready, opp.ram_exhausted,
                      len(you.deck), len(opp.deck), len(you.hand), len(opp.hand),
                      you.known_top, opp.known_top)
            # Card counts do not depend on order: the zones go in unsorted.
            add_zones(zone_cards, zone_lens, (
                you.hand, you.deck[:you.known_bottom] if you.known_bottom > 0 else (), you.discard,
                opp.revealed, opp.deck[:opp.known_bottom] if opp.known_bottom > 0 else (), opp.discard))
            for pl in (you, opp):
                records += pl.card
                records += pl.exhausted
                records += pl.attached
                records += pl.entered
                records += pl.used
                records += pl.mod_turn
                records += pl.mod_battle
            if battle is not None or pending is not None or you.known_top:
                gather_rare({"player": me}, {"known_top": known_top(you)}, battle_seen(state),
                            pending_seen(state, me), ones, idx, val)
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        g = int64_array(facts).reshape(-1, _N_FACTS)
        fields = int64_array(records).reshape(-1, 7, FIGHTERS)  # (row and side, field, fighter)
        kernels = self.kernels
        if kernels is not None:
            power = kernels.powers(states, g, fields)
            return kernels.fill(g, zone_cards, zone_lens, fields, power, ones, idx, val,
                                ones_ends, idx_ends)
        power = self._powers(states, g, fields)
        # (side, field, fighter) to one 8-field row per fighter space, Power the fourth field
        spaces = np.concatenate((fields[:, :3], power[:, None], fields[:, 3:]), axis=1)
        spaces = spaces.transpose(0, 2, 1).reshape(-1, 8)
        return self._fill(g, zone_cards, zone_lens, spaces, ones, idx, val, ones_ends, idx_ends)

    def _powers(self, states: Sequence[Any], g: np.ndarray, fields: np.ndarray) -> np.ndarray:
        """`(2 N, 6)`: `effects.powers` of each row's observer, then of the opponent, from
        the rows' facts `g` and fighter fields `fields` (card, exhausted, attached, entered,
        used, mod_turn, mod_battle). A side with no passive that may apply now but its
        fighters' own battle bonuses gets `powers`' sum column-wise (printed or Leader Power,
        modifiers, attached RAM on its owner's turn, the attacker's or the target's own
        bonus and the defender bonus, floor 0); any other side is worked out by `powers`."""
        card = fields[:, 0]
        me, first, active, turn = g[:, 0], g[:, 1], g[:, 2], g[:, 8]
        own_turn = np.stack((me == active, me != active), axis=1).reshape(-1)  # (2 N,)
        power = (np.where(self.leader_space, self.leader_power, self.printed[card])
                 + fields[:, 5] + fields[:, 6] + fields[:, 2] * (own_turn * self.ram_power)[:, None])
        situation = own_turn.astype(np.intp)
        rows = np.flatnonzero(g[:, 6])
        if rows.size:  # battles: (attacking fighter, target) of each
            fight = int64_array(list(chain.from_iterable(states[i].battle[:2] for i in rows.tolist())))
            a, t = fight[0::2], fight[1::2]
            attacks = me[rows] == active[rows]  # the row's observer attacks
            attacker = 2 * rows + ~attacks
            target = 2 * rows + attacks
            power[attacker, a] += self.self_bonus[0, card[attacker, a]]
            power[target, t] += self.self_bonus[1, card[target, t]]
            defender = np.where(attacks, 1 - me[rows], me[rows])
            bonus = (t == 0) & (defender != first[rows]) & np.isin(turn[rows], self.bonus_turns)
            power[target[bonus], 0] += self.defender_bonus
            situation[attacker] = 2
            situation[target] = 3
        power = np.where(card >= 0, np.maximum(power, 0), 0)
        for k in np.flatnonzero(self.loud[situation[:, None], card].any(axis=1)).tolist():
            row = k >> 1
            power[k] = fx.powers(states[row], int(me[row]) if k & 1 == 0 else 1 - int(me[row]))
        return power

    def _fill(self, g: np.ndarray, zone_cards: list[int], zone_lens: list[int], spaces: np.ndarray,
              ones: list[int], idx: list[int], val: list[float], ones_ends: list[int],
              idx_ends: list[int]) -> np.ndarray:
        """The rows from what a pass gathered: per row its `_N_FACTS` facts (`g`), six zones' cards and
        lengths, twelve fighter spaces (`spaces`, (12 N, 8) records, card -1 when empty) and
        its rare entries."""
        D = self.size
        n = len(ones_ends)
        out = np.zeros((n, D), dtype=np.float32)
        if not n:
            return out
        flat = out.reshape(-1)
        row_start = np.arange(0, n * D, D)
        me, first, active, current, done, winner, in_battle, in_pending, turn = g.T[:_FIRST_SCALAR + 1]
        done = done.astype(bool)
        rows = np.arange(n)
        # Game facts.
        out[rows, self.o_first] = first == me
        out[rows, self.o_your_turn] = active == me
        out[rows, self.o_to_act] = current == me
        out[rows, self.o_to_act + 1] = (current != me) & (current >= 0)
        phase = np.where(done, self.phase_over,
                         np.where(in_battle, self.phase_battle,
                                  np.where(in_pending, self.phase_choice, self.phase_act)))
        out[rows, phase] = 1.0
        out[rows, self.o_outcome] = done & (winner == me)
        out[rows, self.o_outcome + 1] = done & (winner >= 0) & (winner != me)
        out[:, self.scalar_idx] = g[:, _FIRST_SCALAR:] * self.scalar_scale
        # Card counts.
        if zone_cards:
            base = (row_start[:, None] + self.zone_base).reshape(-1)
            cells, counts = np.unique(np.repeat(base, int64_array(zone_lens))
                                      + int64_array(zone_cards),
                                      return_counts=True)
            flat[cells] = counts
        # Fighters: one 8-number record per occupied space, its slot (0-11) and row; the
        # records are flattened here, once for the batch, not row by row in the loop.
        occupied = spaces[:, 0] >= 0
        r, slot = np.nonzero(occupied.reshape(n, 2 * FIGHTERS))
        fr = spaces[occupied]
        card, entered = fr[:, 0], fr[:, 4]
        at = row_start[r][:, None]
        flat[(at + self.slot_ones[slot, card]).reshape(-1)] = 1.0
        # Every field of a record becomes its feature at once (clipped, scaled; absent ones
        # are the zeros they are), then card and entered are replaced by can_attack and new.
        values = fr.astype(np.float64)
        np.clip(values, self.record_lo, self.record_hi, out=values)
        values *= self.record_scale
        # A side's fighters can attack on its owner's turn (not their first) while the game
        # is on: per row and side, then per fighter (Leader, older than this turn, or Rush).
        side_can = ((np.stack((me, 1 - me), axis=1) == active[:, None]) & (g[:, _TURNS_TAKEN] >= 2)
                    & ~done[:, None])
        leader = self.slot_leader[slot]
        t = turn[r]
        values[:, 0] = ((fr[:, 1] == 0) & side_can[r, self.slot_side[slot]]
                        & (leader | (entered < t) | self.rush[card]))
        values[:, 4] = (entered == t) & ~leader
        flat[at + self.record_dest[slot]] = values
        # The rare parts gathered row by row.
        put_rows(out, ones, ones_ends, idx, val, idx_ends)
        return out
