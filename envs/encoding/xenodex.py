"""The XenodeX observation encoder: `State.observation(player)` -> float32 vector.

    from envs.encoding.xenodex import XenodexEncoder

    encoder = XenodexEncoder(game)                 # game = sim.load_game("xenodex", num_players=4)
    vec = encoder.encode(state.observation(seat))  # (encoder.size,) float32, same size at 2-4 seats
    rows = encoder.encode_batch(observations)      # (N, encoder.size)
    vec = encoder.encode_seat(state, seat)         # the same, read straight from the state
    rows = encoder.encode_seats(states, seats)     # the same for many states

A pure function of the observation dict of sim/xenodex/observation.py (and of the game's
fixed tables), so it holds only what that seat may know (C-3, XD-29): its own hands of
characters and TX, and the public rest (CDX, emission, staging, pools, discards, hand and
deck sizes, the board, the Echo, the battle and the pending decision), seen from the
observer's seat.

Where each fact goes is `envs/encoding/xenodex_layout.py` (the named slices and blocks,
documented in docs/encoding/xenodex.md; `encoder.slices()` in code); this module writes
them (`gather`; the batch of many observations is `encode_batch`, whose units are
computed column-wise by envs/encoding/xenodex_batch.py). What the envs call,
`encode_seat` and `encode_seats`, read the state directly instead of building the
observation dict (envs/encoding/xenodex_state.py), bit-identical to encoding it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import CardCounts
from envs.encoding.kernels import available
from envs.encoding.xenodex_batch import UNIT_FIELDS as _UNIT_FIELDS
from envs.encoding.xenodex_batch import StateUnits, UnitColumns
from envs.encoding.xenodex_board import SlotBlocks
from envs.encoding.xenodex_kernels import StateKernels
from envs.encoding.xenodex_layout import (
    ATTACK_SCALE,
    BP_SCALE,
    CDX_CAP,
    CDX_SCALE,
    EMISSION_SCALE,
    FIELD_SCALE,
    HOME_KINDS,
    MAX_SEATS,
    PENDING_KINDS,
    PHASES,
    STAT_SCALE,
    XenodexLayout,
)
from envs.encoding.xenodex_rows import StateRows
from envs.encoding.xenodex_seats import StateSeats
from envs.encoding.xenodex_slots import StateSlots
from envs.encoding.xenodex_state import (
    cleave_hits,
    encode_state,
    encode_states,
    frames,
    rest_chunk,
)
from envs.encoding.xenodex_track import BlockTracker
from sim.core.checks import check_seat

__all__ = ["ATTACK_SCALE", "BP_SCALE", "CDX_CAP", "CDX_SCALE", "EMISSION_SCALE", "FIELD_SCALE",
           "HOME_KINDS", "MAX_SEATS", "PENDING_KINDS", "PHASES", "STAT_SCALE", "XenodexEncoder"]


_OBS_FIELDS = itemgetter("player", "num_players", "cycle", "cycle_limit", "done",
                         "current_player", "winner")
_SEAT_FIELDS = itemgetter("deck", "cdx", "emission", "hand_size", "deck_size", "staged_anchors",
                          "pool", "tx_hand_size", "tx_deck_size", "tx_left", "starved", "staged",
                          "discard", "tx_discard")
_SLOT_FIELDS = itemgetter("siege", "start_controller", "controller", "proven", "anchors", "units")
_ANCHOR_FIELDS = itemgetter("active", "level", "bp", "max_bp", "def")


def _clip(x: float, hi: float, lo: float = 0.0) -> float:
    """`x` clipped to [lo, hi]."""
    return lo if x < lo else hi if x > hi else x


class XenodexEncoder(XenodexLayout):
    """Encodes XenodeX observation dicts; see the module docstring and `slices()`."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        p = self.params
        D = self.D
        decks = self.decks
        # ---- precomputed offsets for the hot path
        uo = self.unit_layout.offsets()
        so = self._s = self.seat_layout.offsets()
        lo_ = self._l = self.slot_layout.offsets()
        self._deck_index = {name: i for i, name in enumerate(decks)}
        self._anchor_off = [tuple(lo_[f"anchor_{r}{x}"] for x in ("", "_active", "_level", "_bp",
                                                                  "_bp_fraction", "_def"))
                            for r in range(MAX_SEATS)]
        self._unit_off = tuple(uo[x] for x in ("on_board", "slot", "card", "bp", "bp_fraction",
                                               "max_bp", "str", "def", "actions_left", "denied",
                                               "rallied"))
        self._seat_off = tuple(so[x] for x in ("cdx", "emission", "hand_size", "deck_size",
                                               "staged_anchors", "pool", "tx_hand_size",
                                               "tx_deck_size", "tx_left", "controlled", "proven"))
        self._inv = {
            "hand": 1.0 / p.hand_size, "deck": 1.0 / D, "pool": 1.0 / p.anchor_pool,
            "tx_draw": 1.0 / p.tx_draw, "tx_plays": 1.0 / p.tx_plays if p.tx_plays else 0.0,
            "limit": 1.0 / p.cycle_limit, "slots": 1.0 / self.K,
            "top_bp": 1.0 / max(p.anchor_bp),
        }
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        self._home = {k: self.o_phome + i for i, k in enumerate(HOME_KINDS)}
        # Seat-block offsets of gather's seat loop (count slices shifted by -1: ids are 1-based).
        self._seat_flag_off = (so["present"], so["deck"], so["starved"], so["staged"] - 1,
                               so["discard"] - 1, so["tx_discard"] - 1, so["is_lead"],
                               so["to_act"], so["winner"])
        inv = self._inv
        self._seat_inv = (inv["hand"], inv["deck"], inv["pool"], inv["tx_draw"], inv["tx_plays"],
                          inv["slots"])
        self._slot_off = tuple(lo_[x] for x in ("present", "siege", "start_controller",
                                                "controller", "proven", "echo", "units", "str",
                                                "bp"))
        # Per observer `me`: each side's index as `me` sees it ((q - me) % n for a seat q,
        # MAX_SEATS for the Ancients, side n).
        n = self.n
        self._rel = [[(q - me) % n for q in range(n)] + [MAX_SEATS] for me in range(n)]
        self._columns = UnitColumns(self)
        self._init_fast_path()

    def _init_fast_path(self) -> None:
        """The tables of `encode_seat` and `encode_seats` (envs/encoding/xenodex_state.py):
        card counters of the game's and each seat block's count slices, each seat block's
        scalar indices, the block writers and the tracker of `encode_seat`'s blocks without
        numba, the rows and the column-wise seat, slot and unit writers of `encode_seats`
        (compiled where numba runs, for `encode_seat` too), and the frames mapping seat 0's
        indices to each observer's."""
        so = self._s
        self._fast_counts = (CardCounts(self.o_echo_disc), CardCounts(self.o_hand),
                             CardCounts(self.o_tx_hand))
        self._seat_idx = [tuple(b + o for o in self._seat_off) for b in self.seat_bases]
        self._seat_counts = [(CardCounts(b + so["staged"]), CardCounts(b + so["discard"]),
                              CardCounts(b + so["tx_discard"])) for b in self.seat_bases]
        self._blocks = SlotBlocks(self)
        self._tracker = self._new_tracker()
        self._game_chunks: dict[int, tuple] = {}  # per seat: its game entries and their facts
        self._turn_chunks: dict[tuple, tuple[bytes, bytes]] = {}
        self._pending_chunks: dict[tuple, tuple[bytes, bytes]] = {}
        self._rest_chunks: dict[tuple, tuple[bytes, bytes]] = {}
        self._state_units = StateUnits(self._columns)
        self._state_seats = StateSeats(self)
        self._state_slots = StateSlots(self)
        self._state_rows = StateRows(self)
        self._frames = frames(self)
        self._state_kernels = StateKernels(self) if available() else None

    def _new_tracker(self) -> BlockTracker:
        """A tracker of the seat and slot blocks of consecutive states (xenodex_track.py)."""
        return BlockTracker(self, self._blocks)

    def encode_seats(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`encode_batch` of `states[i].observation(seats[i])`, read straight from the states
        (envs/encoding/xenodex_state.py): what BatchEnv calls every step. States of another
        game object take the plain path."""
        if len(states) != len(seats):
            raise ValueError(f"{len(states)} states but {len(seats)} seats")
        if any(s.game is not self.game for s in states):
            return self.encode_batch(s.observation(p) for s, p in zip(states, seats))
        return encode_states(self, states, seats)

    def encode_seat(self, state: Any, seat: int) -> np.ndarray:
        """`encode(state.observation(seat))`, read straight from the state
        (envs/encoding/xenodex_state.py): what the AEC env calls every step. Where numba
        runs, one compiled call of `encode_seats`' writers; else the block tracker. A bad
        seat is check_seat's InvalidArgumentError; a state of another game object takes the
        plain path."""
        if state.game is not self.game:
            return self.encode(state.observation(seat))
        n = state.n
        me = seat if seat.__class__ is int and 0 <= seat < n else check_seat(seat, n)
        if self._state_kernels is not None:
            return self._state_kernels.encode(state, me, rest_chunk(self, state, me))
        return encode_state(self, state, me)

    def encode_batch(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """A `(N, size)` float32 array, row i encoding the i-th observation: the units of
        every row computed column-wise by numpy (envs/encoding/xenodex_batch.py), the rest
        gathered row by row; bit-identical to stacking `encode`."""
        return self._columns.encode(observations)

    # ------------------------------------------------------------------ hot path
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float], units_out: list | None = None,
               slot_sizes: list[int] | None = None) -> None:
        """Append the nonzero entries of `obs` (see `SparseEncoder.gather`). With `units_out`
        (the column-wise batch), the units are not gathered: each slot's unit records
        (`_UNIT_FIELDS` tuples) are appended to `units_out` and their number to `slot_sizes`."""
        me, n, cycle, limit, done, current, winner = _OBS_FIELDS(obs)
        D = self.D
        inv = self._inv
        positions = self.positions

        # ---- game
        idx.append(self.o_cycle)
        val.append(_clip(cycle / limit, 2.0))
        if cycle < limit:
            idx.append(self.o_left)
            val.append((limit - cycle) / limit)
        ones.append(self.o_players + n - 2)
        try:
            ones.append(self._phase[obs["phase"]])
        except KeyError:
            raise ValueError(f"unknown phase {obs['phase']!r}: the encoder needs updating") from None
        if done:
            ones.append(self.o_outcome + (0 if winner == me else 1 if winner >= 0 else 2))
        echo = obs["echo"]
        if echo["current"]:
            ones.append(self.o_echo + echo["current"])
        else:
            ones.append(self.o_echo)
        if echo["deck_size"]:
            idx.append(self.o_echo_deck)
            val.append(echo["deck_size"] / self.echo_total)
        self._counts(echo["discard"], self.o_echo_disc - 1, idx, val)
        fields = obs["fields"]
        if fields["str"]:
            idx.append(self.o_fields)
            val.append(_clip(fields["str"] / FIELD_SCALE, 2.0, -2.0))
        if fields["def"]:
            idx.append(self.o_fields + 1)
            val.append(_clip(fields["def"] / FIELD_SCALE, 2.0, -2.0))
        you = obs["you"]
        self._counts(you["hand"], self.o_hand - 1, idx, val)
        self._counts(you["tx_hand"], self.o_tx_hand - 1, idx, val)

        # ---- seats
        slots = obs["slots"]
        controlled = [0] * n
        proven = [0] * n
        for sl in slots:
            if sl["controller"] >= 0:
                controlled[sl["controller"]] += 1
            if sl["proven"] >= 0:
                proven[sl["proven"]] += 1
        seat_off = self._seat_off
        s_present, s_deck, s_starved, s_staged, s_discard, s_tx_discard, s_lead, s_to_act, \
            s_winner = self._seat_flag_off
        i_hand, i_deck, i_pool, i_tx_draw, i_tx_plays, i_slots = self._seat_inv
        deck_index = self._deck_index
        no_deck = len(self.decks)
        seat_bases = self.seat_bases
        counts = self._counts
        lead = obs["lead"]
        rel = self._rel[me]
        for q, seat in enumerate(obs["seats"]):
            (deck, cdx, emission, hand_size, deck_size, staged_anchors, pool, tx_hand_size,
             tx_deck_size, tx_left, starved, staged, discard, tx_discard) = _SEAT_FIELDS(seat)
            b = seat_bases[rel[q]]
            ones.append(b + s_present)
            ones.append(b + s_deck + deck_index.get(deck, no_deck))
            idx += [b + o for o in seat_off]
            val += (_clip(cdx / CDX_SCALE, CDX_CAP), _clip(emission / EMISSION_SCALE, 2.0),
                    _clip(hand_size * i_hand, 2.0), deck_size * i_deck,
                    _clip(staged_anchors * i_pool, 1.0), pool * i_pool,
                    _clip(tx_hand_size * i_tx_draw, 2.0), _clip(tx_deck_size / 16.0, 2.0),
                    _clip(tx_left * i_tx_plays, 1.0), controlled[q] * i_slots,
                    proven[q] * i_slots)
            if starved:
                ones.append(b + s_starved)
            if staged:
                counts(staged, b + s_staged, idx, val)
            if discard:
                counts(discard, b + s_discard, idx, val)
            if tx_discard:
                counts(tx_discard, b + s_tx_discard, idx, val)
            if q == lead:
                ones.append(b + s_lead)
            if q == current:
                ones.append(b + s_to_act)
            if done and q == winner:
                ones.append(b + s_winner)

        # ---- board and units
        sides = self.sides
        anchor_off = self._anchor_off
        top_bp = inv["top_bp"]
        u_on, u_slot, u_card, u_bp, u_bpf, u_max, u_str, u_def, u_left, u_denied, u_rallied = \
            self._unit_off
        l_present, l_siege, l_start, l_ctrl, l_proven, l_echo, l_units, l_str, l_bp = \
            self._slot_off
        unit_bases = self.unit_bases
        slot_bases = self.slot_bases
        echo_slot = echo["slot"]
        rel = self._rel[me]  # seat -> its index as seen by `me`; the Ancients -> MAX_SEATS
        for k, sl in enumerate(slots):
            pos = positions[k]
            b = slot_bases[pos]
            ones.append(b + l_present)
            siege, c_start, c_ctrl, c_proven, anchors, units = _SLOT_FIELDS(sl)
            if siege:
                ones.append(b + l_siege)
            if c_start >= 0:
                ones.append(b + l_start + rel[c_start])
            if c_ctrl >= 0:
                ones.append(b + l_ctrl + rel[c_ctrl])
            if c_proven >= 0:
                ones.append(b + l_proven + rel[c_proven])
            if k == echo_slot:
                ones.append(b + l_echo)
            for q, a in enumerate(anchors):
                if a is None:
                    continue
                o_present, o_active, o_level, o_bp, o_bpf, o_def = anchor_off[rel[q]]
                active, level, a_bp, a_max, a_def = _ANCHOR_FIELDS(a)
                ones.append(b + o_present)
                if active:
                    ones.append(b + o_active)
                ones.append(b + o_level + level)
                if a_bp:
                    idx += (b + o_bp, b + o_bpf)
                    val += (a_bp * top_bp, a_bp / a_max)
                if a_def:
                    idx.append(b + o_def)
                    val.append(_clip(a_def / STAT_SCALE, 3.0))
            if units_out is not None:
                units_out += map(_UNIT_FIELDS, units)
                slot_sizes.append(len(units))
                continue
            if not units:
                continue
            count = [0] * sides
            tstr = [0] * sides
            tbp = [0] * sides
            for q, j, c, bp, mx, st, df, used, strikes, denied, rallied in map(_UNIT_FIELDS,
                                                                                 units):
                r = rel[q]
                count[r] += 1
                tstr[r] += st
                tbp[r] += bp
                if j >= D:  # an Ancient beyond deck_size blocks (max_ancients > deck_size)
                    continue
                ub = unit_bases[r][j]
                ones += (ub + u_on, ub + u_slot + pos, ub + u_card + c - 1)
                left = strikes - used
                idx += (ub + u_bp, ub + u_bpf, ub + u_max, ub + u_str, ub + u_def, ub + u_left)
                val += (bp / BP_SCALE if bp < 2 * BP_SCALE else 2.0, bp / mx,
                        mx / BP_SCALE if mx < 2 * BP_SCALE else 2.0,
                        st / STAT_SCALE if st < 3 * STAT_SCALE else 3.0,
                        df / STAT_SCALE if df < 3 * STAT_SCALE else 3.0,
                        (left / 3.0 if left < 3 else 1.0) if left > 0 else 0.0)
                if denied:
                    ones.append(ub + u_denied)
                if rallied:
                    ones.append(ub + u_rallied)
            for r in range(sides):
                if count[r]:
                    idx += (b + l_units + r, b + l_str + r, b + l_bp + r)
                    val += (_clip(count[r] / 10.0, 2.0), _clip(tstr[r] / (4 * STAT_SCALE), 2.0),
                            _clip(tbp[r] / (5 * BP_SCALE), 2.0))

        # ---- battle
        battle = obs["battle"]
        if battle is not None:
            ones.append(self.o_battle)
            ones.append(self.o_bslot + positions[battle["slot"]])
            if battle["stage"] == 0:
                ones.append(self.o_bstage)
            for q in battle["passed"]:
                ones.append(self.o_bpassed + ((q - me) % n if q < n else MAX_SEATS))

        # ---- pending decision
        pending = obs["pending"]
        if pending is not None:
            self._gather_pending(pending, me, n, ones, idx, val)

    def _gather_pending(self, pending: dict[str, Any], me: int, n: int, ones: list[int],
                        idx: list[int], val: list[float]) -> None:
        """Entries of the pending decision: its kind, who decides, and what it concerns."""
        kind = pending["kind"]
        self._gather_pending_kind(kind, ones)
        p = pending["player"]
        ones.append(self.o_pplayer + (p - me) % n)
        if "slot" in pending:
            ones.append(self.o_pslot + self.positions[pending["slot"]])
        if "unit" in pending:
            ones.append(self.o_punit + pending["unit"])
        if "ability" in pending:
            ones.append(self.o_pability + pending["ability"])
        if kind == "tx":
            ones.append(self.o_ptx + pending["tx"] - 1)
            home = self._home.get(pending["home"])
            if home is not None:
                ones.append(home)
        elif kind == "cleave":
            idx += (self.o_pleft, self.o_patk)
            val += (_clip(pending["left"] / 3.0, 1.0), _clip(pending["attack"] / ATTACK_SCALE, 2.0))
            cleave_hits(self, pending["hit"], n, p, me, ones)

    @staticmethod
    def _counts(items: list[int], base: int, idx: list[int], val: list[float]) -> None:
        """Copies of each id at `base + id` (ids are 1-based)."""
        if not items:
            return
        counts: dict[int, int] = {}
        for c in items:
            counts[c] = counts.get(c, 0) + 1
        for c, m in counts.items():
            idx.append(base + c)
            val.append(float(m))
