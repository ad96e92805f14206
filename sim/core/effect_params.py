"""Effect params on frozen card specs: a spec keeps its params as a tuple of (name, value)
pairs (hashable, unlike a dict), and `WithParams` gives it the one way to read one."""
from __future__ import annotations


class WithParams:
    """A mixin for a frozen dataclass with a `params` field of (name, value) pairs."""

    __slots__ = ()
    params: tuple[tuple[str, object], ...]

    def param(self, name: str, default: object = None) -> object:
        """The value of effect param `name` (`default` when the spec has none)."""
        for k, v in self.params:
            if k == name:
                return v
        return default
