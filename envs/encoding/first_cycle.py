"""The First Cycle observation encoder: `State.observation(player)` -> float32 vector.

    from envs.encoding.first_cycle import FirstCycleEncoder

    encoder = FirstCycleEncoder(game)                     # game = sim.load_game("first_cycle")
    vec = encoder.encode(state.observation(player))       # (encoder.size,) float32
    rows = encoder.encode_batch(observations)             # (N, encoder.size), bit-identical

A pure function of the observation dict of sim/first_cycle/observation.py, so it holds
only what that seat may know (ruling C-3): its own hand and Scan knowledge, the public
board, discards, the opponent's hand size and the hand cards both players saw, the
publicly known deck bottoms (Cycle), and the pending choice's public data.

Three modules: where each fact goes is `envs/encoding/first_cycle_layout.py` (the named
slices, documented in docs/encoding/first_cycle.md; `encoder.slices()` in code); this one
writes one observation (`gather`, the hot path of the AEC env); the batch of many
observations is `envs/encoding/first_cycle_batch.py` (column-wise, for `BatchEnv`).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import CardCounts, gather_counts
from envs.encoding.first_cycle_batch import ColumnBatch
from envs.encoding.first_cycle_layout import (
    FIGHTERS,
    PENDING_KINDS,
    PHASES,
    POWER_CAP,
    POWER_SCALE,
    FirstCycleLayout,
)

__all__ = ["FIGHTERS", "PENDING_KINDS", "PHASES", "POWER_CAP", "POWER_SCALE",
           "FirstCycleEncoder"]

# The fields `gather` reads first, in one C call (faster than six subscripts).
_OBS_FIELDS = itemgetter("player", "you", "opponent", "turn", "active", "done", "battle",
                         "pending")


class FirstCycleEncoder(FirstCycleLayout):
    """Encodes First Cycle observation dicts; see the module docstring and `slices()`."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        params = self.params
        C = self.num_cards
        so = self.slot_layout.offsets()
        slot_bases = self._slot_bases
        # ---- precomputed tables for the hot path
        self._inv_turns = 1.0 / params.max_turns
        self._inv_hp = 1.0 / params.leader_hp
        self._inv_ram = 1.0 / params.ram_supply
        self._inv_deck = 1.0 / params.deck_size
        self._inv_scan = 1.0 / params.max_scan
        self._scalar_idx = (self.o_turn, self.o_turns_taken, self.o_turns_taken + 1,
                            self.o_hp, self.o_hp + 1) + tuple(range(self.o_ram, self.o_ram + 6)) + (
            self.o_deck, self.o_deck + 1, self.o_hand_size, self.o_hand_size + 1,
            self.o_scanned, self.o_scanned + 1)
        self._rush = [bool(sp and sp.rush) for sp in self.card_specs]
        # Per slot and card number: the indices of `occupied` and the card's one-hot entry.
        self._slot_ones = [[(base + so["occupied"], base + so["card"] + n - 1)
                            for n in range(C + 1)] for base in slot_bases]
        self._power_values = [p * POWER_SCALE for p in range(POWER_CAP)]
        # Per slot: absolute indices of (power, exhausted, can_attack, new, attached, used,
        # mod_turn, mod_battle).
        self._slot_dynamic = [tuple(base + so[n] for n in (
            "power", "exhausted", "can_attack", "new", "attached", "used", "mod_turn",
            "mod_battle")) for base in slot_bases]
        (self._c_hand, self._c_own_bottom, self._c_own_discard, self._c_opp_revealed,
         self._c_opp_bottom, self._c_opp_discard, self._c_scan_left, self._c_scan_placed) = (
            CardCounts(start) for start in (
                self.o_hand, self.o_own_bottom, self.o_own_discard, self.o_opp_revealed,
                self.o_opp_bottom, self.o_opp_discard, self.o_pscan_left, self.o_pscan_placed))
        self._phase_act, self._phase_battle, self._phase_choice, self._phase_over = (
            self.o_phase + i for i in range(len(PHASES)))
        self._batch = ColumnBatch(self)

    # ------------------------------------------------------------------ hot path
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        me, you, opp, turn, active, done, battle, pending = _OBS_FIELDS(obs)
        inv_ram = self._inv_ram
        inv_deck = self._inv_deck
        inv_turns = self._inv_turns
        inv_scan = self._inv_scan
        inv_hp = self._inv_hp

        # ---- game facts
        self._gather_turn_facts(obs, me, ones)
        if done:
            ones.append(self._phase_over)
        elif battle is not None:
            ones.append(self._phase_battle)
        elif pending is not None:
            ones.append(self._phase_choice)
        else:
            ones.append(self._phase_act)
        idx += self._scalar_idx
        val += (turn * inv_turns, you["turns_taken"] * inv_turns, opp["turns_taken"] * inv_turns,
                you["hp"] * inv_hp, opp["hp"] * inv_hp,
                you["ram_supply"] * inv_ram, you["ram_ready"] * inv_ram,
                you["ram_exhausted"] * inv_ram, opp["ram_supply"] * inv_ram,
                opp["ram_ready"] * inv_ram, opp["ram_exhausted"] * inv_ram,
                you["deck_size"] * inv_deck, opp["deck_size"] * inv_deck,
                you["hand_size"] * inv_deck, opp["hand_size"] * inv_deck,
                you["scanned_count"] * inv_scan, opp["scanned_count"] * inv_scan)

        # ---- cards by number (memoized: these zones change far less often than the encoder runs)
        gather_counts(((self._c_hand, you["hand"]), (self._c_own_discard, you["discard"]),
                       (self._c_opp_discard, opp["discard"]),
                       (self._c_own_bottom, you["known_bottom"]),
                       (self._c_opp_bottom, opp["known_bottom"]),
                       (self._c_opp_revealed, opp["revealed_hand"])), idx, val)
        # ---- board
        slot_ones = self._slot_ones
        dyn = self._slot_dynamic
        rush = self._rush
        power_values = self._power_values
        for s, pl, owner in ((0, you, me), (FIGHTERS, opp, 1 - me)):
            can_attack = (not done) and owner == active and pl["turns_taken"] >= 2
            for f, fd in enumerate(pl["fighters"], s):
                if fd is None:
                    continue
                c, exhausted, a, p, entered, used, mt, mb = fd
                o_power, o_exh, o_can, o_new, o_att, o_used, o_mt, o_mb = dyn[f]
                ones += slot_ones[f][c]
                if p:
                    idx.append(o_power)
                    val.append(power_values[p] if p < POWER_CAP else POWER_CAP * POWER_SCALE)
                if exhausted:
                    ones.append(o_exh)
                elif can_attack and (f == s or entered < turn or rush[c]):
                    ones.append(o_can)
                if entered == turn and f != s:
                    ones.append(o_new)
                if a:
                    idx.append(o_att)
                    val.append(a * inv_ram)
                if used:
                    ones.append(o_used)
                if mt:
                    idx.append(o_mt)
                    val.append(_clip_mod(mt))
                if mb:
                    idx.append(o_mb)
                    val.append(_clip_mod(mb))

        # ---- Scan knowledge, the battle, the pending choice
        self._gather_rare(obs, you, battle, pending, ones, idx, val)

    def encode_seats(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`(N, size)` float32: row i is `encode(states[i].observation(seats[i]))`, the raw
        numbers read straight from the states and encoded column-wise
        (envs/encoding/first_cycle_batch.py `encode_states`, which reads this encoder's game
        tables); what BatchEnv calls every step. States of another game object take the
        plain path."""
        if len(states) == len(seats) and any(s.game is not self.game for s in states):
            return self.encode_batch(s.observation(p) for s, p in zip(states, seats))
        return self._batch.encode_states(states, seats)

    def encode_batch(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """`(N, size)` float32, row i encoding the i-th observation, bit-identical to `encode`:
        column-wise (envs/encoding/first_cycle_batch.py). `observations` may be a generator."""
        return self._batch.encode(observations)

    def _gather_rare(self, obs: dict[str, Any], you: dict[str, Any], battle: dict | None,
                     pending: dict | None, ones: list[int], idx: list[int],
                     val: list[float]) -> None:
        """Entries of the parts most observations lack: Scan knowledge of the deck top, the
        battle in progress, the pending choice (`gather` and `encode_batch` share it)."""
        me = obs["player"]
        top = you["known_top"]
        if top:
            base = self.o_known_top - 1
            C = self.num_cards
            ones += [base + i * C + c for i, c in enumerate(top[:self.params.max_scan])]
        if battle is not None:
            if battle["attacking_player"] == me:
                ones.append(self.o_battle_you)
            ones.append(self.o_battle_att + battle["attacker"])
            ones.append(self.o_battle_tgt + battle["target"])
        if pending is not None:
            self._gather_pending(pending, me, ones, idx, val)

    def _gather_offer(self, kind: str, pending: dict[str, Any], me: int, ones: list[int],
                      idx: list[int], val: list[float]) -> None:
        """Entries of what the pending choice offers: targets, guards, the card played, the
        Scan being ordered, the triggers to order."""
        pf = self.o_pfighters
        if kind == "target":
            ones += [pf + (0 if tp == me else FIGHTERS) + tf for tp, tf in pending["targets"]]
            ones.append(self.o_pcard + pending["card"] - 1)
        elif kind == "guard":
            side = 0 if pending["player"] == me else FIGHTERS
            ones += [pf + side + f for f in pending["guards"]]
        elif kind == "deploy_discard":
            ones.append(self.o_pcard + pending["card"] - 1)
        elif kind == "scan":
            if "cards" in pending:
                gather_counts(((self._c_scan_left, pending["cards"]),
                               (self._c_scan_placed, pending["chosen"])), idx, val)
            else:
                idx.append(self.o_pscan_count)
                val.append(pending["count"] * self._inv_scan)
        elif kind == "order":
            C = self.num_cards
            for base, (card, ai) in zip(self._trig_bases, pending["triggers"]):
                ones.append(base + card - 1)
                ones.append(base + C + ai)


def _clip_mod(m: int) -> float:
    """A power modifier as encoded: clipped to +-POWER_CAP, then scaled."""
    if m > POWER_CAP:
        m = POWER_CAP
    elif m < -POWER_CAP:
        m = -POWER_CAP
    return m * POWER_SCALE
