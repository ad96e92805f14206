"""What every observation encoder shares: a layout of named slices and a sparse fill.

An encoder turns one seat's structured view (`State.observation(player)`, a plain dict)
into a flat float32 vector. It reads nothing else, so it cannot leak hidden cards (a game's
`encode_seat` that reads the state instead reads only what the observation reads, and its
tests prove the vectors equal and the hidden cards unread).

- `Layout` names each contiguous slice of the vector, with its bounds and meaning; the
  encoder's `slices()`, the observation space's bounds and the generated documentation
  table (docs/encoding/<game>.md) all come from it, so they cannot drift apart. A slice
  that repeats a group of features (a board slot, a seat) is a block (`add_block`): its
  bounds are the group's, feature by feature, and the page documents the group once.
- `SparseEncoder` is the base of the game encoders. A game writes one method, `gather`,
  that lists the nonzero entries of one observation into three Python lists (indices
  whose value is 1, and index/value pairs for the rest). `encode` and `encode_batch`
  then fill numpy arrays with two fancy-indexed `put`s each, so no Python loop
  runs over features and the batch path is one assignment for N observations. A game may
  override `encode_batch` with a column-wise version (First Cycle does: one light pass
  copies raw numbers, numpy computes every row's indices and values at once); it must stay
  bit-identical to stacking `encode` (tests/envs/test_encoding.py checks it). It also
  writes the game's documentation page (`describe`: `game_title`, `doc_intro` and the
  game's `doc_sections`, through `layout_markdown`). The envs call `encode_seat(state,
  seat)` and `encode_seats(states, seats)`, which encode `state.observation(seat)`; a game
  may override them with a fast path that reads the state directly, proven equal by its
  tests (FE Cipher's, envs/encoding/cipher_state.py).

`gather` must not list a scalar index twice (assignment keeps the last value), and it may
skip zeros: the arrays start at zero. `CardCounts` and `gather_counts` list the entries of
card-count slices (copies of each card in a zone), memoized per card list.
"""
from __future__ import annotations

import abc
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Feature:
    """One named slice of the encoding: `[start, stop)`, its bounds and its meaning."""

    name: str
    start: int
    stop: int
    low: float
    high: float
    meaning: str
    group: str = ""

    @property
    def size(self) -> int:
        """Number of entries in the slice."""
        return self.stop - self.start


class Layout:
    """An append-only list of named slices; `add` returns the new slice's first index."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        self.blocks: list[tuple[int, Layout]] = []
        """`(start, block layout)` of every slice added by `add_block`."""
        self.size = 0
        self._names: set[str] = set()

    def add(self, name: str, size: int, meaning: str, low: float = 0.0, high: float = 1.0,
            group: str = "") -> int:
        """Append a slice of `size` entries named `name`; returns its start index."""
        if name in self._names:
            raise ValueError(f"slice {name!r} defined twice")
        if size <= 0:
            raise ValueError(f"slice {name!r} must have a positive size, got {size}")
        if not low <= high:
            raise ValueError(f"slice {name!r}: low {low} above high {high}")
        start = self.size
        self.features.append(Feature(name, start, start + size, float(low), float(high), meaning,
                                     group))
        self._names.add(name)
        self.size += size
        return start

    def add_block(self, name: str, block: Layout, meaning: str, group: str = "") -> int:
        """Append a slice holding one copy of `block` (offsets relative to the slice's start);
        its row bounds span the block's, and `bounds()` gives each entry its feature's."""
        start = self.add(name, block.size, meaning, min(f.low for f in block.features),
                         max(f.high for f in block.features), group)
        self.blocks.append((start, block))
        return start

    def offsets(self) -> dict[str, int]:
        """`{name: start}` of every slice (for a block layout: offsets within the block)."""
        return {f.name: f.start for f in self.features}

    def slices(self) -> dict[str, tuple[int, int]]:
        """`{name: (start, stop)}` in layout order."""
        return {f.name: (f.start, f.stop) for f in self.features}

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-entry lower and upper bounds (float32 arrays of length `size`); a block's
        entries take the bounds of their own feature in the block."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for f in self.features:
            low[f.start:f.stop] = f.low
            high[f.start:f.stop] = f.high
        for start, block in self.blocks:
            b_low, b_high = block.bounds()
            low[start:start + block.size] = b_low
            high[start:start + block.size] = b_high
        return low, high


class SparseEncoder(abc.ABC):
    """Base of the game encoders: subclasses build `self.layout` and implement `gather`."""

    #: The game name this encoder belongs to (as `sim.load_game` spells it).
    game_name: str = ""
    #: What the game calls a pending decision (in the error for an unknown kind).
    pending_noun: str = "choice"
    #: The game's name as a person reads it ("First Cycle"), for the documentation page.
    game_title: str = ""
    #: The opening text of the documentation page (`describe`).
    doc_intro: str = ""
    layout: Layout
    _pkind: dict[str, int]
    """Index of each pending kind's one-hot entry."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.params = game.params

    @property
    def size(self) -> int:
        """Length D of an encoded observation."""
        return self.layout.size

    def slices(self) -> dict[str, tuple[int, int]]:
        """`{name: (start, stop)}` of every named slice, in order; they tile `[0, size)`."""
        return self.layout.slices()

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-entry `(low, high)` float32 arrays: every encoded value lies within them."""
        return self.layout.bounds()

    @abc.abstractmethod
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        """Append the nonzero entries of `obs`: indices equal to 1 to `ones`, others to idx/val."""

    def doc_sections(self) -> list[tuple[str, str, Layout]]:
        """The page's tables of repeated blocks and side tables: `(heading, text, layout)`."""
        return []

    def describe(self) -> str:
        """The markdown page docs/encoding/<game>.md of this layout and of the game's action
        space (`python -m envs.encoding.docs` writes it; a test keeps it in sync)."""
        title = f"{self.game_title} observation and action encoding (`{self.game_name}_v0`)"
        return (layout_markdown(self, title, self.doc_intro, self.doc_sections())
                + action_markdown(self.game))

    def decode(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of an encoded observation: `{slice name: vector[start:stop]}` in
        layout order (views, not copies), e.g. `encoder.decode(obs["observation"])["hp"]`."""
        vector = np.asarray(vector)
        if vector.shape != (self.size,):
            raise ValueError(f"an encoded observation has shape ({self.size},), got {vector.shape}")
        return {name: vector[start:stop] for name, (start, stop) in self.slices().items()}

    def decode_action(self, action: int) -> tuple[str, int, str]:
        """`(block, index, meaning)` of an action id: the block of the action space it lies in,
        its index in the block and what an entry of that block does (the docs' action table)."""
        size = self.game.action_space_size
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < size:
            raise ValueError(f"action {action!r} is not an action id 0..{size - 1}")
        block, index = self.game.codec.decode(int(action))
        meanings = {name: meaning for name, _, _, meaning in self.game.codec.describe()}
        return block, index, meanings[block]

    def _set_layout(self, layout: Layout, pending_kinds: Sequence[str]) -> None:
        """Adopt the finished `layout`; the one-hot entry of each pending kind follows from
        its `pending_kind` slice."""
        self.layout = layout
        start = layout.offsets()["pending_kind"]
        self._pkind = {k: start + i for i, k in enumerate(pending_kinds)}

    def _gather_pending_kind(self, kind: str, ones: list[int]) -> None:
        """Append the one-hot entry of pending `kind`; a kind the layout lacks is a ValueError
        (the engine grew a choice the encoder does not know)."""
        try:
            ones.append(self._pkind[kind])
        except KeyError:
            raise ValueError(f"unknown pending {self.pending_noun} kind {kind!r}: the encoder "
                             "needs updating") from None

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The float32 vector of one observation dict (shape `(size,)`, a new array)."""
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        self.gather(obs, ones, idx, val)
        return self.vector(ones, idx, val)

    def vector(self, ones: list[int], idx: list[int], val: list[float]) -> np.ndarray:
        """A new float32 vector of the layout's size: 1.0 at `ones`, `val` at `idx` (what
        `gather` collects)."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        if ones:
            out.put(ones, 1.0)
        if idx:
            out.put(idx, val)
        return out

    def encode_seat(self, state: Any, seat: int) -> np.ndarray:
        """`encode(state.observation(seat))`: what the envs call. A game may override it
        with a path that reads the state directly, proven equal to this by its tests and
        reading only what the seat may see (FE Cipher does)."""
        return self.encode(state.observation(seat))

    def encode_seats(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`encode_batch` of `states[i].observation(seats[i])`: what BatchEnv calls every
        step (the observations passed as a generator); a game may override it as
        `encode_seat`."""
        return self.encode_batch(s.observation(p) for s, p in zip(states, seats))

    def encode_batch(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """A `(N, size)` float32 array, row i encoding the i-th observation (any iterable:
        BatchEnv passes a generator, and each dict is dropped once gathered).

        One Python pass gathers every observation's entries into shared lists; `fill` then
        writes the whole batch with two fancy-indexed `put`s.
        """
        rows = BatchRows(self)
        for obs in observations:
            rows.add(obs)
        return rows.fill()


class BatchRows:
    """Accumulates the gathered entries of many observations, then fills one (N, D) array.

    The default `encode_batch` (what `BatchEnv` calls) uses it.
    """

    __slots__ = ("encoder", "idx", "idx_ends", "ones", "ones_ends", "val")

    def __init__(self, encoder: SparseEncoder) -> None:
        self.encoder = encoder
        self.ones: list[int] = []
        self.idx: list[int] = []
        self.val: list[float] = []
        self.ones_ends: list[int] = []  # len(ones) after each row, to repeat its row offset
        self.idx_ends: list[int] = []

    def add(self, obs: dict[str, Any]) -> None:
        """Gather the next row's entries."""
        self.encoder.gather(obs, self.ones, self.idx, self.val)
        self.ones_ends.append(len(self.ones))
        self.idx_ends.append(len(self.idx))

    def fill(self) -> np.ndarray:
        """The `(rows added, size)` float32 array."""
        return fill_rows(self.encoder.size, self.ones, self.ones_ends, self.idx, self.val,
                         self.idx_ends)


def fill_rows(size: int, ones: list[int], ones_ends: list[int], idx: list[int],
              val: list[float], idx_ends: list[int]) -> np.ndarray:
    """The `(N, size)` float32 array of N gathered rows, N = `len(ones_ends)`.

    Row i's entries are `ones[ones_ends[i-1]:ones_ends[i]]` (value 1) and the same slice of
    `idx`/`val` by `idx_ends`, indices within the row; two `put`s write them all.
    """
    out = np.zeros((len(ones_ends), size), dtype=np.float32)
    put_rows(out, ones, ones_ends, idx, val, idx_ends)
    return out


def int64_array(values: list[int]) -> np.ndarray:
    """A read-only int64 array of a list of Python ints (bools count as 0/1).

    Packed by `struct` and viewed by `np.frombuffer`: on lists of a few hundred to a few
    thousand ints this takes about half the time of `np.fromiter` (about 6 ns an element
    against 12), which the batch encoders and BatchEnv's masks pay on every step."""
    return np.frombuffer(struct.pack(f"={len(values)}q", *values), np.int64)


def put_rows(out: np.ndarray, ones: list[int], ones_ends: list[int], idx: list[int],
             val: list[float], idx_ends: list[int]) -> None:
    """Write gathered entries (laid out as for `fill_rows`) into the `(N, size)` array `out`."""
    n, size = out.shape
    if not n:
        return
    row_starts = np.arange(0, n * size, size)
    flat = out.reshape(-1)
    k = len(ones)
    if k:
        flat.put(np.repeat(row_starts, _row_counts(ones_ends, n))
                 + int64_array(ones), 1.0)
    k = len(idx)
    if k:
        flat.put(np.repeat(row_starts, _row_counts(idx_ends, n))
                 + int64_array(idx), np.fromiter(val, np.float64, k))


def _row_counts(ends: list[int], n: int) -> np.ndarray:
    """Entries per row from the running totals `ends` (np.diff without its Python overhead)."""
    e = np.fromiter(ends, np.intp, n)
    e[1:] -= e[:-1].copy()
    return e


def layout_markdown(encoder: SparseEncoder, title: str, intro: str,
                    sublayouts: Sequence[tuple[str, str, Layout]] = ()) -> str:
    """The documentation page of an encoder's layout (what docs/encoding/<game>.md holds).

    `sublayouts` adds tables for repeated blocks (e.g. the features of one board slot):
    `(heading, text, layout)` with offsets relative to the block's start.
    """
    lines = [f"# {title}", "", intro.strip(), "",
             f"Size D = {encoder.size}. Ranges are `[start, stop)` indices into the vector.",
             "", "| slice | range | size | bounds | meaning |", "|---|---|--:|---|---|"]
    for f in encoder.layout.features:
        lines.append(f"| `{f.name}` | {f.start}:{f.stop} | {f.size} | "
                     f"[{_num(f.low)}, {_num(f.high)}] | {f.meaning} |")
    for heading, text, sub in sublayouts:
        lines += ["", f"## {heading}", "", text.strip(), "",
                  "| feature | offset | size | bounds | meaning |", "|---|---|--:|---|---|"]
        for f in sub.features:
            lines.append(f"| `{f.name}` | {f.start}:{f.stop} | {f.size} | "
                         f"[{_num(f.low)}, {_num(f.high)}] | {f.meaning} |")
    return "\n".join(lines) + "\n"


def action_markdown(game: Any) -> str:
    """The page's action-space section: every block of `game.codec` with its id range and
    what entry i of it does."""
    lines = ["", "## Actions", "",
             f"One flat `Discrete({game.action_space_size})`, the same for every seat; the legal "
             "ones are `obs[\"action_mask\"]` (and `state.legal_actions()`). Blocks in id order; "
             "`i` is the index inside the block, `encoder.decode_action(a)` gives `(block, i, "
             "meaning)` and `state.action_label(a)` the label in a position.", "",
             "| block | ids | size | entry i means |", "|---|---|--:|---|"]
    for name, start, size, meaning in game.codec.describe():
        lines.append(f"| `{name}` | {start}:{start + size} | {size} | {meaning} |")
    return "\n".join(lines) + "\n"


def _num(x: float) -> str:
    return f"{x:g}"


class CardCounts:
    """Entries of a card-count slice (copies of card id c at `start + c - 1`), memoized per
    card list.

    Zones such as hands and discards change a few times a game while the encoder runs every
    step, so a bounded memo keyed by the list's tuple skips the counting (the result is a
    pure function of the key). With `cap`, counts are clipped to it (the slice's upper bound).
    """

    __slots__ = ("base", "cap", "memo")
    LIMIT = 1 << 16

    def __init__(self, start: int, cap: int | None = None) -> None:
        self.base = start - 1
        self.cap = cap
        self.memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}

    def entries(self, cards: list[int]) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """`(indices, values)` of the slice for this card list."""
        key = tuple(cards)
        hit = self.memo.get(key)
        if hit is None:
            counts: dict[int, int] = {}
            for c in key:
                counts[c] = counts.get(c, 0) + 1
            base = self.base
            cap = self.cap
            values = counts.values() if cap is None else (min(n, cap) for n in counts.values())
            hit = (tuple(base + c for c in counts), tuple(float(n) for n in values))
            if len(self.memo) >= self.LIMIT:
                self.memo.clear()
            self.memo[key] = hit
        return hit


def gather_counts(zones: Iterable[tuple[CardCounts, list[int]]], idx: list[int],
                  val: list[float]) -> None:
    """Append the card-count entries of each `(counter, cards)` zone (empty zones skipped)."""
    for counter, cards in zones:
        if cards:
            i, v = counter.entries(cards)
            idx += i
            val += v
