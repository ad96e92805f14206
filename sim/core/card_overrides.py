"""Card overrides: edits of card fields given as data, applied to the raw card data before it
is validated, so an edited card passes through the same checks as a shipped one.

An override names a card by its code and a field path inside the card's data:

    "FC033.power" = 4                        # First Cycle collector number 33, its Power
    "FE046.skills[0].params.amount" = 30     # FE Cipher card 46, its first skill's amount
    "XC004.abilities[0].params.amount" = 3   # XenodeX character 4 (codes: docs/cards/overrides.md)

Games hold them in their params (`card_overrides`), so a variant with edited cards is a
params value like any other: `load_game("first_cycle", card_overrides={"FC033": {"power": 4}})`.

- `normalize_card_overrides(value)`: a mapping (flat `{"FC033.power": 4}` or nested
  `{"FC033": {"power": 4}}`) or (key, value) pairs as sorted `(key, value)` pairs with
  canonical keys (`abilities.0.x` is written `abilities[0].x`), lists as tuples and objects
  as `FrozenObject`s; a
  malformed key or value raises InvalidCardOverrideError naming it.
- `card_overrides_json(pairs)`: the pairs as a JSON-friendly dict (tuples as lists).
- `apply_card_overrides(raws, pairs, fields, protected)`: copies of the raw cards (by code)
  with the overrides written in; an unknown card, an unknown or protected field, or a path
  that does not exist raises InvalidCardOverrideError. The game then validates the edited
  cards with its own card model (types and ranges) and `override_error` turns a
  CardDataError into an InvalidCardOverrideError naming the overrides of that card.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any

from sim.core.errors import CardDataError, InvalidParamsError

Path = tuple[str | int, ...]

_KEY = re.compile(r"^([A-Za-z]+[0-9]+)\.(.+)$")
_SEGMENT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|(\d+)")


class InvalidCardOverrideError(InvalidParamsError):
    """A card override that names an unknown card or field, or gives a value the card model
    refuses (the message names the override)."""


def parse_override_key(key: Any) -> tuple[str, Path]:
    """("FC033", ("abilities", 0, "params", "amount")) of "fc033.abilities[0].params.amount"
    (also "FC033.abilities.0.params.amount"); a malformed key raises InvalidCardOverrideError."""
    if not isinstance(key, str):
        raise InvalidCardOverrideError(f"card override key {key!r}: must be a string like 'FC033.power'")
    m = _KEY.match(key.strip())
    if not m:
        raise InvalidCardOverrideError(f"card override key {key!r}: expected CARD.FIELD, e.g. 'FC033.power' "
                                       f"or 'FE046.skills[0].params.amount'")
    code, rest = m.group(1).upper(), m.group(2)
    path: list[str | int] = []
    pos = 0
    while pos < len(rest):
        if rest[pos] == "." and path:
            pos += 1
        seg = _SEGMENT.match(rest, pos)
        if not seg or (seg.group(3) is not None and not path):
            raise InvalidCardOverrideError(f"card override key {key!r}: cannot read the field path at "
                                           f"{rest[pos:]!r}")
        name, index, bare = seg.groups()
        path.append(name if name is not None else int(index if index is not None else bare))
        pos = seg.end()
    return code, tuple(path)


def override_key(code: str, path: Path) -> str:
    """The canonical key of a card code and field path: "FC033.abilities[0].params.amount"."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else ("." if text else "") + part
    return f"{code}.{text}"


class FrozenObject(tuple):
    """A JSON object inside an override value, frozen as sorted (key, value) pairs so that
    params stay hashable; `card_overrides_json` writes it back as an object."""


def _frozen(value: Any, key: str) -> Any:
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise InvalidCardOverrideError(f"card override {key}={value!r}: not a finite number")
        return value
    if isinstance(value, FrozenObject):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v, key) for v in value)
    if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
        return FrozenObject(sorted((k, _frozen(v, key)) for k, v in value.items()))
    raise InvalidCardOverrideError(f"card override {key}={value!r}: a value is a number, true/false, a "
                                   f"string, or a list or object of those, got {type(value).__name__}")


def normalize_card_overrides(value: Any) -> tuple[tuple[str, Any], ...]:
    """Sorted (canonical key, value) pairs of a mapping (flat or nested by card code) or of
    (key, value) pairs; a later repeat of a key wins."""
    if value is None:
        return ()
    pairs: list[tuple[Any, Any]] = []
    if isinstance(value, Mapping):
        for k, v in value.items():
            if isinstance(k, str) and "." not in k and "[" not in k and isinstance(v, Mapping):
                pairs.extend((f"{k}.{field}", fv) for field, fv in v.items())
            else:
                pairs.append((k, v))
    elif isinstance(value, (list, tuple)):
        for item in value:
            if not (isinstance(item, (list, tuple)) and len(item) == 2):
                raise InvalidCardOverrideError(f"card_overrides: expected (key, value) pairs, got {item!r}")
            pairs.append(tuple(item))
    else:
        raise InvalidCardOverrideError(f"card_overrides: expected a mapping like {{'FC033.power': 4}}, got "
                                       f"{type(value).__name__}")
    out: dict[str, Any] = {}
    for k, v in pairs:
        key = override_key(*parse_override_key(k))
        out[key] = _frozen(v, key)
    return tuple(sorted(out.items()))


def card_overrides_json(pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """The overrides as a JSON-friendly dict {key: value}, tuples as lists."""
    return {k: _thawed(v) for k, v in pairs}


def _thawed(value: Any) -> Any:
    if isinstance(value, FrozenObject):
        return {k: _thawed(v) for k, v in value}
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def apply_card_overrides(raws: Mapping[str, dict], pairs: Iterable[tuple[str, Any]],
                         fields: Mapping[str, Iterable[str]], protected: Iterable[str]) -> dict[str, dict]:
    """Deep copies of the overridden raw cards, by code, with each override written in.

    `raws` maps each card code to its raw data; `fields[code]` names the fields its card model
    has (a field absent from the raw data, i.e. at its default, may still be set); `protected`
    are fields that name or describe a card rather than its rules (number, name, text) and
    may not be overridden."""
    protected = frozenset(protected)
    out: dict[str, dict] = {}
    for key, value in pairs:
        code, path = parse_override_key(key)
        if code not in raws:
            raise InvalidCardOverrideError(f"card override {key}: no card {code} in the card set "
                                           f"(codes like {', '.join(sorted(raws)[:3])}, ...)")
        top = path[0]
        known = sorted(fields[code])
        if top not in known:
            raise InvalidCardOverrideError(f"card override {key}: card {code} has no field {top!r} "
                                           f"(fields: {', '.join(f for f in known if f not in protected)})")
        if top in protected:
            raise InvalidCardOverrideError(f"card override {key}: field {top!r} names or describes the "
                                           f"card and cannot be overridden")
        raw = out.setdefault(code, copy.deepcopy(raws[code]))
        node: Any = raw
        for i, part in enumerate(path[:-1]):
            node = _step(node, part, key, path[:i + 1], code)
        last = path[-1]
        if isinstance(last, int):
            if not isinstance(node, list) or not 0 <= last < len(node):
                raise InvalidCardOverrideError(f"card override {key}: {override_key(code, path)} does not "
                                               f"exist in card {code}")
        elif not isinstance(node, dict) or (len(path) > 1 and last not in node and not _params_slot(path)):
            raise InvalidCardOverrideError(f"card override {key}: {override_key(code, path)} does not exist "
                                           f"in card {code}")
        node[last] = _thawed(value)
    return out


def _params_slot(path: Path) -> bool:
    """An effect param may be added where the card gives none (its model then checks the name)."""
    return len(path) >= 2 and path[-2] in ("params", "condition")


def _step(node: Any, part: str | int, key: str, so_far: Path, code: str) -> Any:
    if isinstance(part, int):
        if isinstance(node, list) and 0 <= part < len(node):
            return node[part]
    elif isinstance(node, dict) and part in node:
        return node[part]
    raise InvalidCardOverrideError(f"card override {key}: {override_key(code, so_far)} does not exist in "
                                   f"card {code}")


def override_error(exc: CardDataError, code: str, pairs: Iterable[tuple[str, Any]]) -> InvalidCardOverrideError:
    """The InvalidCardOverrideError of a card whose overridden data its model refused: it names
    the overrides of that card and the model's complaint."""
    mine = [f"{k}={_thawed(v)!r}" for k, v in pairs if parse_override_key(k)[0] == code]
    return InvalidCardOverrideError(f"card override {', '.join(mine)}: {exc}")
