"""Action codec helpers: a flat `Discrete(n)` action space built from named blocks.

A game declares its blocks once, with what an entry means (`codec.add("attack", 36,
"attack: attacker slot x 6 + target slot")`), then encodes `codec.encode("attack", 7)` and
decodes an int back to `(block, index)` through a precomputed table, so the hot path does
no arithmetic search. `describe()` lists the blocks with their meanings: the action tables
of docs/encoding/<game>.md are generated from it.
"""
from __future__ import annotations


class ActionCodec:
    """Named contiguous blocks of action ids with an O(1) decode table."""

    def __init__(self) -> None:
        self._starts: dict[str, int] = {}
        self._sizes: dict[str, int] = {}
        self._meanings: dict[str, str] = {}
        self._decode: list[tuple[str, int]] = []

    def add(self, name: str, size: int, meaning: str = "") -> int:
        """Append a block of `size` ids named `name` (`meaning`: what entry i of it does, for
        the docs); returns its first id."""
        if name in self._starts:
            raise ValueError(f"action block {name!r} already defined")
        if size <= 0:
            raise ValueError(f"action block {name!r} must have a positive size")
        start = len(self._decode)
        self._starts[name] = start
        self._sizes[name] = size
        self._meanings[name] = meaning
        self._decode.extend((name, i) for i in range(size))
        return start

    @property
    def size(self) -> int:
        """The total number of action ids."""
        return len(self._decode)

    def start(self, name: str) -> int:
        """The first id of block `name`."""
        return self._starts[name]

    def encode(self, name: str, index: int) -> int:
        """The id of entry `index` of block `name`."""
        if not 0 <= index < self._sizes[name]:
            raise ValueError(f"index {index} out of range for action block {name!r}")
        return self._starts[name] + index

    def decode(self, action: int) -> tuple[str, int]:
        """`(block, index)` of an action id; raises IndexError when out of range."""
        if action < 0:
            raise IndexError(action)
        return self._decode[action]

    def blocks(self) -> list[tuple[str, int, int]]:
        """`(name, start, size)` of every block in id order."""
        return [(n, self._starts[n], self._sizes[n]) for n in self._starts]

    def describe(self) -> list[tuple[str, int, int, str]]:
        """`(name, start, size, meaning)` of every block in id order."""
        return [(n, self._starts[n], self._sizes[n], self._meanings[n]) for n in self._starts]
