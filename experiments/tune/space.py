"""The search space of a tune: game params and card fields, each a range or a list of choices.

    dims = parse_space({"params": {"max_turns": {"low": 8, "high": 30}},
                        "cards": {"FC033.power": {"low": 3, "high": 6}}}, where="space")
    values = {d.key: d.suggest(trial) for d in dims}          # inside an optuna trial
    params = space_params(dims, values, fixed={"max_turns": 60})

A dimension is written as one of:
- `{ low = 3, high = 6 }`: whole numbers when both ends are, else floats; optional `step`
  and `log = true`;
- `{ choices = [4, 5, 6] }` or the list `[4, 5, 6]` alone: a categorical; a choice may be a
  list (a tuple param such as XenodeX `upgrade_costs`), kept by optuna as its JSON text.

Params dimensions (`[space.params]`) name a field of the game's params; card dimensions
(`[space.cards]`) name `"CARD.field"` and all go into the one `card_overrides` param dict.
Every problem is a `TuneError` naming the key.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from experiments.batch.config import RunConfigError

CARD_OVERRIDES = "card_overrides"


class TuneError(RunConfigError):
    """A tune file or setting that cannot run (the message names the file and the key)."""


@dataclass(frozen=True)
class Dimension:
    """One searched value: `key` (a params field, or "CARD.field" when `card`), and its
    distribution: `low`/`high` (with `step`, `log`) or `choices`."""

    key: str
    card: bool
    low: float | int | None = None
    high: float | int | None = None
    step: float | int | None = None
    log: bool = False
    choices: tuple | None = None

    @property
    def is_int(self) -> bool:
        """True for a range of whole numbers."""
        return self.choices is None and isinstance(self.low, int) and isinstance(self.high, int)

    def distribution(self):
        """The optuna distribution of this dimension."""
        import optuna.distributions as od
        if self.choices is not None:
            return od.CategoricalDistribution([_encode(c) for c in self.choices])
        if self.is_int:
            return od.IntDistribution(self.low, self.high, log=self.log, step=self.step or 1)
        return od.FloatDistribution(float(self.low), float(self.high), log=self.log,
                                    step=None if self.step is None else float(self.step))

    def decode(self, raw: Any) -> Any:
        """The game value of optuna's stored value (a choice's JSON text back to its value)."""
        if self.choices is not None:
            return {_encode(c): c for c in self.choices}[raw]
        return int(raw) if self.is_int else float(raw)

    def extremes(self) -> list:
        """The values checked against the game before any match: both ends, or every choice."""
        return list(self.choices) if self.choices is not None else [self.low, self.high]


def _encode(choice: Any) -> Any:
    """A choice as optuna stores it: scalars as they are, lists as JSON text."""
    return json.dumps(choice) if isinstance(choice, (list, tuple)) else choice


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def parse_dimension(key: str, raw: Any, card: bool, where: str) -> Dimension:
    """One dimension from its TOML value (see the module docstring); `where` names it in errors."""
    if isinstance(raw, list):
        raw = {"choices": raw}
    if not isinstance(raw, dict):
        raise TuneError(f"{where}: expected {{ low = .., high = .. }}, {{ choices = [..] }} or a list of "
                        f"choices, got {raw!r}")
    unknown = sorted(set(raw) - {"low", "high", "step", "log", "choices"})
    if unknown:
        raise TuneError(f"{where}: unknown key(s) {unknown}; known: choices, high, log, low, step")
    if "choices" in raw:
        if set(raw) != {"choices"}:
            raise TuneError(f"{where}: give either choices or low/high, not both")
        choices = raw["choices"]
        if not isinstance(choices, list) or not choices:
            raise TuneError(f"{where}.choices: a non-empty list, got {choices!r}")
        encoded = [_encode(c) for c in choices]
        if len(set(map(json.dumps, encoded))) != len(encoded):
            raise TuneError(f"{where}.choices: a value is listed twice in {choices!r}")
        for c in choices:
            if isinstance(c, dict):
                raise TuneError(f"{where}.choices: a choice is a number, string, bool or list, got {c!r}")
        return Dimension(key, card, choices=tuple(_tupled(c) for c in choices))
    for end in ("low", "high"):
        if end not in raw:
            raise TuneError(f"{where}: a range needs both low and high (missing {end})")
        if not _number(raw[end]):
            raise TuneError(f"{where}.{end}: a number, got {raw[end]!r}")
    low, high = raw["low"], raw["high"]
    if low >= high:
        raise TuneError(f"{where}: low ({low}) must be below high ({high})")
    step, log = raw.get("step"), raw.get("log", False)
    if not isinstance(log, bool):
        raise TuneError(f"{where}.log: true or false, got {log!r}")
    if step is not None and (not _number(step) or step <= 0):
        raise TuneError(f"{where}.step: a number above 0, got {step!r}")
    if log and (low <= 0 or step is not None):
        raise TuneError(f"{where}.log: a log range needs low > 0 and no step")
    whole = isinstance(low, int) and isinstance(high, int)
    if whole and step is not None and not isinstance(step, int):
        raise TuneError(f"{where}.step: a whole-number range needs a whole step, got {step!r}")
    return Dimension(key, card, low=low, high=high, step=step, log=log)


def parse_space(raw: Any, where: str = "space") -> tuple[Dimension, ...]:
    """The dimensions of a `[space]` table (`params` and `cards` sub-tables), in file order."""
    if not isinstance(raw, dict) or not raw:
        raise TuneError(f"{where}: a table with [{where}.params] and/or [{where}.cards], got {raw!r}")
    unknown = sorted(set(raw) - {"params", "cards"})
    if unknown:
        raise TuneError(f"{where}: unknown key(s) {unknown}; known: cards, params")
    dims: list[Dimension] = []
    for section in ("params", "cards"):
        table = raw.get(section, {})
        if not isinstance(table, dict):
            raise TuneError(f"{where}.{section}: a table, got {table!r}")
        for key, value in table.items():
            name = f"{where}.{section}.{key}"
            if section == "cards":
                check_card_key(key, name)
            elif key == CARD_OVERRIDES:
                raise TuneError(f"{name}: search card fields in [{where}.cards] (\"CARD.field\" keys)")
            dims.append(parse_dimension(key, value, section == "cards", name))
    if not dims:
        raise TuneError(f"{where}: nothing to search (add [{where}.params] or [{where}.cards] entries)")
    return tuple(dims)


def check_card_key(key: str, where: str) -> None:
    """A card key is "CARD.field" (e.g. "FC033.power")."""
    card, dot, field = key.partition(".")
    if not dot or not card or not field:
        raise TuneError(f"{where}: a card key is \"CARD.field\" (e.g. \"FC033.power\"), got {key!r}")


def space_params(dims: tuple[Dimension, ...], values: dict[str, Any], fixed: dict[str, Any]) -> dict[str, Any]:
    """The params overrides of one point: the fixed ones, then the searched params, and every
    card value (fixed and searched) in the one `card_overrides` dict."""
    params = dict(fixed)
    cards = dict(params.pop(CARD_OVERRIDES, {}) or {})
    for d in dims:
        if d.card:
            cards[d.key] = values[d.key]
        else:
            params[d.key] = values[d.key]
    if cards:
        params[CARD_OVERRIDES] = dict(sorted(cards.items()))
    return params
