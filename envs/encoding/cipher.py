"""The FE Cipher observation encoder: `State.observation(player)` -> float32 vector.

    from envs.encoding.cipher import CipherEncoder

    encoder = CipherEncoder(game)                         # game = sim.load_game("cipher")
    vec = encoder.encode(state.observation(player))       # (encoder.size,) float32
    rows = encoder.encode_batch(observations)             # (N, encoder.size)
    vec = encoder.encode_seat(state, player)              # the same, without the dict
    rows = encoder.encode_seats(states, players)          # what the envs call

A pure function of the observation dict of sim/cipher/observation.py, so it holds only
what that seat may know (ruling C-3): its own hand (and its set-aside MC before the MCs
are flipped), the public areas of both players (bonds face-up and face-down, units with
their stacks, retreat and support areas), the opponent's hand size and the hand cards both
players saw enter it, and the pending choice's public data. Orbs are face-down for
everyone, their owner included, so the vector holds only the number of orbs each player
has left; deck orders never appear.

Where each fact goes is `envs/encoding/cipher_layout.py` (the named slices, documented in
docs/encoding/cipher.md; `encoder.slices()` in code); this module writes them (`gather`,
the hot path; the batch of many observations is `SparseEncoder.encode_batch`).
`encode_seat` and `encode_seats` write the same entries read straight from the state
(envs/encoding/cipher_state.py), tested equal to encoding the observation.
"""
from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import CardCounts, gather_counts
from envs.encoding.cipher_batch import SeatColumns
from envs.encoding.cipher_layout import (
    COST_SCALE,
    COUNT_CAP,
    COUNT_SCALE,
    MOD_CAP,
    PENDING_KINDS,
    PHASES,
    POWER_CAP,
    POWER_SCALE,
    SIZE_CAP,
    STACK_SCALE,
    CipherLayout,
)
from envs.encoding.cipher_state import gather_state
from sim.core.checks import check_seat

__all__ = ["COST_SCALE", "COUNT_CAP", "COUNT_SCALE", "MOD_CAP", "PENDING_KINDS", "PHASES",
           "POWER_CAP", "POWER_SCALE", "SIZE_CAP", "STACK_SCALE", "CipherEncoder"]

_OBS_FIELDS = itemgetter("player", "you", "opponent", "active", "done", "turn")
_UNIT_FIELDS = itemgetter("card", "line", "tapped", "promoted", "mc", "power", "mod", "used")
_LINE = itemgetter("line")
_UNDER = itemgetter("under")


class CipherEncoder(CipherLayout):
    """Encodes FE Cipher observation dicts; see the module docstring and `slices()`."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        L = self.layout
        colors = self.colors
        copies = self.params.max_copies
        nc = len(colors)
        unit_slices = self._unit_slices
        specs = self.card_specs
        # ---- precomputed tables for the hot path
        p = self.params
        self._inv_turns = 1.0 / p.max_turns
        self._inv_orbs = 1.0 / max(p.orbs, 1)
        self._inv_deck = 1.0 / max(p.min_deck, 1)
        self._char = list(game.char)
        self._r1 = list(game.r1)
        self._r2 = list(game.r2)
        self._color = [colors.index(sp.color) if sp is not None and sp.color in colors else -1
                       for sp in specs]
        self._first_attacks = bool(p.first_player_attacks)
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        # Pairs of (own, opp) scalar indices in gather's order.
        self._scalar_idx = (self.o_turn,) + tuple(
            o + k for o in (self.o_orbs, self.o_hand_size, self.o_deck, self.o_retreat_size,
                            self.o_bonds, self.o_bonds_up, self.o_budget, self.o_units,
                            self.o_turns_taken) for k in (0, 1))
        low, high = L.bounds()
        self._scalar_bounds = ([float(low[i]) for i in self._scalar_idx],
                               [float(high[i]) for i in self._scalar_idx])
        self._counts = [CardCounts(start, copies) for start in (
            self.o_hand, self.o_own_retreat, self.o_opp_retreat, self.o_opp_revealed)]
        self._bonds = [_BondCounts(self.o_own_bup, self.o_own_bdown, self.o_colors, self._color,
                                   copies),
                       _BondCounts(self.o_opp_bup, self.o_opp_bdown, self.o_colors + nc,
                                   self._color, copies)]
        self._under = [CardCounts(self.o_own_under, copies), CardCounts(self.o_opp_under, copies)]
        names = ("unit", "card", "front", "tapped", "promoted", "mc", "power", "mod", "under",
                 "used", "can_attack")
        # Per side: slice starts in gather's order; `card` shifted so card id c is at + c.
        self._own_slots, self._opp_slots = (
            tuple(u[n] - (1 if n == "card" else 0) for n in names)
            for u in (unit_slices["own"], unit_slices["opp"]))
        self._columns = SeatColumns(self)

    # ------------------------------------------------------------------ from the state
    def encode_seat(self, state: Any, seat: int) -> np.ndarray:
        """`encode(state.observation(seat))`, read straight from the state without the dict
        (envs/encoding/cipher_state.py). A seat other than 0 or 1 raises
        InvalidArgumentError naming it."""
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        gather_state(self, state, check_seat(seat, 2), ones, idx, val)
        return self.vector(ones, idx, val)

    def encode_seats(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`(N, size)` float32: row i is `encode_seat(states[i], seats[i])`, every row's
        cards, scalars and units computed column-wise (envs/encoding/cipher_batch.py, by
        numpy or by its compiled writers); what BatchEnv calls every step, equal to
        `encode_batch` of the observations. The columns read this encoder's game tables:
        states of another game object take the plain path."""
        if len(states) == len(seats) and any(s.game is not self.game for s in states):
            return self.encode_batch(s.observation(p) for s, p in zip(states, seats))
        return self._columns.encode(states, seats)

    # ------------------------------------------------------------------ hot path
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        me, you, opp, active, done, turn = _OBS_FIELDS(obs)

        # ---- game facts
        self._gather_turn_facts(obs, me, ones)
        ones.append(self._phase[obs["phase"]])
        may_attack = self._first_attacks or not (turn == 1 and active == obs["first_player"])
        if may_attack:
            ones.append(self.o_may_attack)
        if you["bonded"]:
            ones.append(self.o_bonded)
        if opp["bonded"]:
            ones.append(self.o_bonded + 1)
        if you["mulligans"]:
            ones.append(self.o_mulligans)
        if opp["mulligans"]:
            ones.append(self.o_mulligans + 1)

        # ---- cards by id (memoized: these areas change far less often than the encoder runs)
        counts = self._counts
        gather_counts(((counts[0], you["hand"]), (counts[1], you["retreat"]),
                       (counts[2], opp["retreat"]), (counts[3], opp["revealed_hand"])), idx, val)
        you_bonds = you["bonds"]
        opp_bonds = opp["bonds"]
        you_up = opp_up = 0
        if you_bonds:
            i, v, o, you_up = self._bonds[0].entries(you_bonds)
            idx += i
            val += v
            ones += o
        if opp_bonds:
            i, v, o, opp_up = self._bonds[1].entries(opp_bonds)
            idx += i
            val += v
            ones += o
        setaside = you["setaside_mc"]
        if setaside is not None:
            ones.append(self.o_setaside + setaside - 1)
        sup = you["support"]
        if sup is not None:
            ones.append(self.o_own_support + sup - 1)
        sup = opp["support"]
        if sup is not None:
            ones.append(self.o_opp_support + sup - 1)

        # ---- scalars
        inv_deck = self._inv_deck
        inv_orbs = self._inv_orbs
        inv_turns = self._inv_turns
        you_units = you["units"]
        opp_units = opp["units"]
        you_nb = len(you_bonds)
        opp_nb = len(opp_bonds)
        idx += self._scalar_idx
        scalars = (turn * inv_turns, you["orbs"] * inv_orbs, opp["orbs"] * inv_orbs,
                   you["hand_size"] * COUNT_SCALE, opp["hand_size"] * COUNT_SCALE,
                   you["deck_size"] * inv_deck, opp["deck_size"] * inv_deck,
                   len(you["retreat"]) * inv_deck, len(opp["retreat"]) * inv_deck,
                   you_nb * COUNT_SCALE, opp_nb * COUNT_SCALE,
                   you_up * COUNT_SCALE, opp_up * COUNT_SCALE,
                   (you_nb - you["spent"]) * COUNT_SCALE, (opp_nb - opp["spent"]) * COUNT_SCALE,
                   len(you_units) * COUNT_SCALE, len(opp_units) * COUNT_SCALE,
                   you["turns_taken"] * inv_turns, opp["turns_taken"] * inv_turns)
        if max(scalars) > SIZE_CAP or min(scalars) < 0.0:  # rare: clip each to its bounds
            scalars = tuple(min(max(x, lo), hi) for x, lo, hi in zip(scalars, *self._scalar_bounds))
        val += scalars

        # ---- units
        char = self._char
        r1 = self._r1
        r2 = self._r2
        for units, slots, owner, enemy, stacked in (
                (you["units"], self._own_slots, me, opp["units"], self._under[0]),
                (opp["units"], self._opp_slots, 1 - me, you["units"], self._under[1])):
            if not units:
                continue
            (o_unit, o_card, o_front, o_tapped, o_prom, o_mc, o_power, o_mod, o_under, o_used,
             o_can) = slots
            if may_attack and owner == active and not done:
                lines = set(map(_LINE, enemy))
                e_front = "front" in lines
                e_rear = "rear" in lines
            else:
                e_front = e_rear = False
            for c, line, tapped, promoted, mc, p, m, used in map(_UNIT_FIELDS, units):
                k = char[c]
                ones.append(o_unit + k)
                ones.append(o_card + c)
                front = line == "front"
                if front:
                    ones.append(o_front + k)
                if tapped:
                    ones.append(o_tapped + k)
                elif (r1[c] and e_front or r2[c] and e_rear) if front else (r2[c] and e_front):
                    ones.append(o_can + k)
                if promoted:
                    ones.append(o_prom + k)
                if mc:
                    ones.append(o_mc + k)
                if p:
                    idx.append(o_power + k)
                    x = p * POWER_SCALE
                    val.append(x if x < POWER_CAP else POWER_CAP)
                if m:
                    idx.append(o_mod + k)
                    val.append(_clip(m * POWER_SCALE, MOD_CAP))
                if used:
                    if used & 1:
                        ones.append(o_used + 2 * k)
                    if used & 2:
                        ones.append(o_used + 2 * k + 1)
            unders = list(filter(None, map(_UNDER, units)))
            if unders:
                under_all: list[int] = []
                for under in unders:
                    idx.append(o_under + char[under[-1]])  # a stack is one character's cards
                    x = len(under) * STACK_SCALE
                    val.append(x if x < SIZE_CAP else SIZE_CAP)
                    under_all += under
                i, v = stacked.entries(under_all)
                idx += i
                val += v

        # ---- battle
        battle = obs["battle"]
        if battle is not None:
            self._gather_battle(battle, me, ones, idx, val)

        # ---- pending choice
        pending = obs["pending"]
        if pending is not None:
            self._gather_pending(pending, me, ones, idx, val)

    def _gather_battle(self, battle: dict[str, Any], me: int, ones: list[int], idx: list[int],
                       val: list[float]) -> None:
        """Entries of the battle in progress (the observation's `battle` view)."""
        char = self._char
        ones.append(self.o_battle)
        if battle["attacking_player"] == me:
            ones.append(self.o_battle_you)
        att = battle["attacker"]
        dfn = battle["defender"]
        if att is not None:
            ones.append(self.o_battle_att + char[att["card"]])
            p = att["power"]
            if p:
                idx.append(self.o_battle_power)
                val.append(_cap(p * POWER_SCALE, POWER_CAP))
        if dfn is not None:
            ones.append(self.o_battle_def + char[dfn["card"]])
            p = dfn["power"]
            if p:
                idx.append(self.o_battle_power + 1)
                val.append(_cap(p * POWER_SCALE, POWER_CAP))
        m = battle["attacker_mod"]
        if m:
            idx.append(self.o_battle_mod)
            val.append(_clip(m * POWER_SCALE, MOD_CAP))
        m = battle["defender_mod"]
        if m:
            idx.append(self.o_battle_mod + 1)
            val.append(_clip(m * POWER_SCALE, MOD_CAP))
        if battle["critical"]:
            ones.append(self.o_battle_flags)
        if battle["evaded"]:
            ones.append(self.o_battle_flags + 1)

    def _gather_offer(self, kind: str, pending: dict[str, Any], me: int, ones: list[int],
                      idx: list[int], val: list[float]) -> None:
        """Entries of what the pending choice offers: the attacker, the skill and its targets,
        the bonds to turn, the cost limit, the triggers to order."""
        char = self._char
        if kind == "attack_target":
            ones.append(self.o_pattacker + char[pending["attacker"]])
        elif kind == "target":
            ones.append(self.o_pcard + pending["card"] - 1)
            ones.append(self.o_pskill + pending["skill"])
            base = self.o_ptargets
            K = self.num_chars
            ones += [base + (0 if tp == me else K) + char[c] for tp, c in pending["targets"]]
        elif kind in ("reverse", "flip"):
            idx.append(self.o_pcount)
            val.append(_cap(pending["count"] * COST_SCALE, SIZE_CAP))
        elif kind == "retrieve":
            idx.append(self.o_pmax_cost)
            val.append(_cap(pending["max_cost"] * COST_SCALE, SIZE_CAP))
        elif kind == "order":
            C = self.num_cards
            for base, (owner, card, si) in zip(self._trig_bases, pending["triggers"]):
                ones.append(base + (0 if owner == me else 1))
                ones.append(base + 1 + card)
                ones.append(base + 2 + C + si)


class _BondCounts:
    """Entries of one side's bond slices (face-up and face-down copies, face-up colors) and
    the number of face-up bonds, memoized per bond list."""

    __slots__ = ("color_base", "colors", "copies", "down", "memo", "up")
    LIMIT = 1 << 16

    def __init__(self, up_start: int, down_start: int, color_base: int, colors: list[int],
                 copies: int) -> None:
        self.up = up_start - 1
        self.down = down_start - 1
        self.color_base = color_base
        self.colors = colors
        self.copies = copies
        self.memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...],
                                               tuple[int, ...], int]] = {}

    def entries(self, bonds: list[list[Any]]):
        """`(indices, values, color ones, face-up count)` for a `[[card, face_up], ...]` list."""
        key = tuple([c if up else -c for c, up in bonds])
        hit = self.memo.get(key)
        if hit is None:
            hit = self._count(key, bonds)
        return hit

    def split_entries(self, cards: list[int], ups: list[bool]):
        """`entries` of the bonds given as the state keeps them: card ids and face-up flags."""
        key = (tuple(cards), tuple(ups))
        hit = self.memo.get(key)
        if hit is None:
            hit = self._count(key, zip(cards, ups))
        return hit

    def _count(self, key: tuple, bonds: Any):
        """Count the `(card, face_up)` pairs of `bonds` and store the entries under `key`."""
        counts: dict[int, int] = {}
        colors = set()
        n_up = 0
        for c, up in bonds:
            i = (self.up if up else self.down) + c
            counts[i] = counts.get(i, 0) + 1
            if up:
                n_up += 1
                if self.colors[c] >= 0:
                    colors.add(self.color_base + self.colors[c])
        cap = self.copies
        hit = (tuple(counts), tuple(float(min(n, cap)) for n in counts.values()),
               tuple(sorted(colors)), n_up)
        if len(self.memo) >= self.LIMIT:
            self.memo.clear()
        self.memo[key] = hit
        return hit


def _cap(x: float, hi: float) -> float:
    """`x` capped at `hi`."""
    return x if x < hi else hi


def _clip(x: float, hi: float) -> float:
    """`x` clipped to [-hi, hi]."""
    if x > hi:
        return hi
    if x < -hi:
        return -hi
    return x

