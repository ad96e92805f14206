"""Observation encoders: one per game, each a pure function of `State.observation(player)`.

    from envs.encoding.first_cycle import FirstCycleEncoder
    encoder = FirstCycleEncoder(game)
    vec = encoder.encode(state.observation(player))   # float32, named slices: encoder.slices()

Modules:
- `base`: what every encoder shares: `Layout` (named slices and blocks, bounds),
  `SparseEncoder` (`encode` and `encode_batch` from a game's `gather`; `encode_seat` and
  `encode_seats`, what the envs call), card counts, the documentation table.
- `two_player`: what the First Cycle and FE Cipher encoders share (the opening game slices,
  the pending-choice header, the printed-card table).
- `first_cycle_layout`: First Cycle's named slices, card table and documentation page.
- `first_cycle`: `FirstCycleEncoder`, which fills them from one observation.
- `first_cycle_batch`: `ColumnBatch`, First Cycle's column-wise batch encoder.
- `cipher_layout`: FE Cipher's named slices, card table and documentation page.
- `cipher`: `CipherEncoder`, which fills them.
- `cipher_state`: FE Cipher's observe-and-encode path (`encode_seat`): the same entries
  read straight from the state, only where the observation reads it.
- `cipher_batch`: `SeatColumns`, FE Cipher's column-wise batch of seats (`encode_seats`).
- `cipher_columns`: the raw columns of that batch, read from the player records.
- `xenodex_layout`: XenodeX's named slices and blocks (seats, slots, units) and its page.
- `xenodex`: `XenodexEncoder`, which fills them.
- `xenodex_batch`: `UnitColumns` and `StateUnits`, the column-wise units of XenodeX's
  batch encoders (of observations and of states).
- `xenodex_state`: XenodeX's observe-and-encode path (`encode_seat`, `encode_seats`):
  the same entries read straight from the state, only where the observation reads it.
- `xenodex_rows`: `StateRows`, each state's raw facts that XenodeX's column-wise writers
  read, gathered once per row.
- `xenodex_board`: `SlotBlocks`, the slot, unit and seat blocks of XenodeX's
  `encode_seat` without numba, read straight from the state.
- `xenodex_track`: `BlockTracker`, which keeps those blocks between states and recomputes
  only the ones whose facts changed.
- `xenodex_seats`, `xenodex_slots`: `StateSeats` and `StateSlots`, the column-wise seat
  and slot blocks of XenodeX's `encode_seats`.
- `kernels`: what the compiled writers share: whether numba may run (the optional `fast`
  extra; `TCGLAB_NO_NUMBA=1` turns them off), the compiler, the compiled `put_rows`.
- `first_cycle_kernels`, `cipher_kernels`, `xenodex_kernels`: `ColumnKernels`,
  `SeatKernels` and `StateKernels`, each game's `encode_seats` writes compiled by numba,
  byte for byte those of the numpy code, which runs without numba (XenodeX's also serve
  its `encode_seat`, as a batch of one).
- `docs`: writes and checks docs/encoding/<game>.md (`python -m envs.encoding.docs`).
"""
from envs.encoding.base import Feature, Layout, SparseEncoder

__all__ = ["Feature", "Layout", "SparseEncoder"]
