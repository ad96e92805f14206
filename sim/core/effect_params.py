"""Effect params on frozen card specs: a spec keeps its params as a tuple of (name, value)
pairs (hashable, unlike a dict), and `WithParams` gives it the one way to read one.
`EffectSpec` is the effect record of the two-player card games (First Cycle's abilities,
FE Cipher's skills): when it fires, which named effect with which params, and its condition.
`Effect` is an entry of their registries of named effects (each game's `effects.EFFECTS`),
which give each effect name its behaviour."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


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


@dataclass(frozen=True)
class EffectSpec(WithParams):
    """One effect of a card: the trigger that fires it, its named effect with params, the
    condition (pairs; every key must hold), whether it is once per turn, and its card text.
    A game's subclass adds its costs."""

    trigger: str
    effect: str
    params: tuple[tuple[str, object], ...] = ()
    condition: tuple[tuple[str, object], ...] = ()
    once_per_turn: bool = False
    text: str = ""


@dataclass(frozen=True)
class Effect:
    """A named effect: `run` for untargeted ones; `candidates` + `resolve` for targeted ones
    (the targets it may act on now, then acting on the one chosen)."""

    run: Callable | None = None
    candidates: Callable | None = None
    resolve: Callable | None = None
