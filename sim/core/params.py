"""Frozen parameter objects: every number of a ruleset lives in a `Params` subclass.

A variant is a value (`params.replace(max_turns=80)`), never a subclass or an edit.
Each field declares its allowed range with `param(default, lo, hi, doc)`, which is what
balance sweeps vary and what override validation checks. `params_id` is a stable short
hash of the values, the same in every process.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from typing import Any, ClassVar, dataclass_transform

from sim.core.card_overrides import card_overrides_json, normalize_card_overrides
from sim.core.errors import InvalidParamsError

CARD_OVERRIDES = "card_overrides"


def param(default: Any, lo: Any = None, hi: Any = None, doc: str = "", choices: tuple = ()) -> Any:
    """A params field with its sweep range (`lo`..`hi` inclusive, or `choices`) and a docstring.

    A tuple field's entries must each have the type of the default's entries and, when
    `lo`/`hi` are given, lie in that range; float fields must be finite (no NaN, no infinity)."""
    return dataclasses.field(default=default, metadata={"lo": lo, "hi": hi, "doc": doc, "choices": choices})


def card_overrides_param(example: str) -> Any:
    """The `card_overrides` field of a card game's params: edits of card fields, e.g.
    `{"FC033.power": 4}` (`sim.core.card_overrides`). Empty by default, and left out of
    `to_dict` (and so of `params_id`) while empty."""
    return param((), doc=f"card field edits by card code and field path, e.g. {example} (docs/cards/overrides.md)")


@dataclass_transform(frozen_default=True, field_specifiers=(param,))
@dataclasses.dataclass(frozen=True)
class Params:
    """Base of every `<Game>Params`: validation, overrides, a stable id, JSON round trip.

    A subclass names its game and is a frozen dataclass of `param` fields:
    `class MyParams(Params, game="my_game"): size: int = param(5, 1, 9, "cards in hand")`."""

    game: ClassVar[str] = "base"

    def __init_subclass__(cls, game: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if game is not None:
            cls.game = game
            dataclasses.dataclass(frozen=True)(cls)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.name == CARD_OVERRIDES:
                object.__setattr__(self, f.name, normalize_card_overrides(getattr(self, f.name)))
            else:
                self._check_field(f, getattr(self, f.name))

    def _check_field(self, f: dataclasses.Field, value: Any) -> None:
        meta = f.metadata
        default = f.default
        if isinstance(default, tuple):
            if not isinstance(value, tuple):
                raise InvalidParamsError(f"{self.game} param {f.name!r} must be a tuple, got {value!r}")
            kinds = {type(v) for v in default}
            for i, v in enumerate(value):
                # Every entry has the type of the default's entries, and lo..hi when given.
                if len(kinds) == 1:
                    self._check_value(f"{f.name}[{i}]", next(iter(kinds))(), v)
                self._check_range(f"{f.name}[{i}]", v, meta.get("lo"), meta.get("hi"))
        else:
            self._check_value(f.name, default, value)
            if meta.get("choices") and value not in meta["choices"]:
                raise InvalidParamsError(
                    f"{self.game} param {f.name!r}={value!r} is not one of {list(meta['choices'])}")
            self._check_range(f.name, value, meta.get("lo"), meta.get("hi"))

    def _check_value(self, name: str, default: Any, value: Any) -> None:
        """`value` has the kind of `default`: a bool, an int (not a bool), a finite number or a
        string."""
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise InvalidParamsError(f"{self.game} param {name!r} must be a bool, got {value!r}")
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidParamsError(f"{self.game} param {name!r} must be an int, got {value!r}")
        elif isinstance(default, float):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidParamsError(f"{self.game} param {name!r} must be a number, got {value!r}")
            if not math.isfinite(value):
                raise InvalidParamsError(f"{self.game} param {name!r} must be a finite number, got {value!r}")
        elif isinstance(default, str) and not isinstance(value, str):
            raise InvalidParamsError(f"{self.game} param {name!r} must be a string, got {value!r}")

    def _check_range(self, name: str, value: Any, lo: Any, hi: Any) -> None:
        if lo is not None and value < lo:
            raise InvalidParamsError(f"{self.game} param {name!r}={value!r} is below its minimum {lo}")
        if hi is not None and value > hi:
            raise InvalidParamsError(f"{self.game} param {name!r}={value!r} is above its maximum {hi}")

    @classmethod
    def field_names(cls) -> list[str]:
        """The names of every parameter."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def describe(cls) -> list[dict]:
        """Each field's name, default, range and docstring (for docs and sweep validation)."""
        return [
            {"name": f.name, "default": f.default, "lo": f.metadata.get("lo"),
             "hi": f.metadata.get("hi"), "choices": f.metadata.get("choices") or None,
             "doc": f.metadata.get("doc", "")}
            for f in dataclasses.fields(cls)
        ]

    def replace(self, **overrides: Any) -> Params:
        """A new params value with `overrides` applied; unknown names raise InvalidParamsError."""
        unknown = sorted(set(overrides) - set(self.field_names()))
        if unknown:
            raise InvalidParamsError(
                f"unknown {self.game} param(s) {unknown}; known: {self.field_names()}")
        fixed = {}
        for name, value in overrides.items():
            default = getattr(self, name)
            if isinstance(default, tuple) and isinstance(value, list):
                value = tuple(value)
            if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            fixed[name] = value
        return dataclasses.replace(self, **fixed)

    def to_dict(self) -> dict:
        """The values as a JSON-friendly dict (`card_overrides` as {key: value}, and only when
        some are given)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == CARD_OVERRIDES:
                if v:
                    out[f.name] = card_overrides_json(v)
            else:
                out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data: dict) -> Params:
        """Params from `to_dict` output (or any subset of fields)."""
        return cls().replace(**data)

    def to_json(self) -> str:
        """Canonical JSON (sorted keys), the input of `params_id`."""
        return json.dumps({"game": self.game, **self.to_dict()}, sort_keys=True, separators=(",", ":"))

    @property
    def params_id(self) -> str:
        """A stable 12-hex-digit id of these values (sha256 of the canonical JSON)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:12]
