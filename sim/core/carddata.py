"""Card data files: reading a JSON card file with errors that name it, taking card sources
(a file path, one raw card dict or a list of them), finding a game's shipped card files, and
validating one raw card against a pydantic model with errors that name the field.

Also the pieces the card games' validators share: `StrictModel` (the pydantic base),
`check_enum` and `check_effect_params` (a named effect takes exactly its params),
`sorted_pairs` (params as hashable pairs), `CardTable` (a card set by number) and
`CardFiles` (a game's card sources and its cached shipped set). What a card means (its
model, checks and CardSpec) is each game's own."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from sim.core.errors import CardDataError

S = TypeVar("S")
M = TypeVar("M", bound=BaseModel)
Source = Path | str | dict | list


def read_card_json(path: Path) -> Any:
    """The JSON in a card data file; a missing file or bad JSON raises CardDataError naming it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardDataError(f"{path.name}: card file not found ({path})") from None
    except json.JSONDecodeError as e:
        raise CardDataError(f"{path.name}: not valid JSON: {e}") from None


def read_card_source(src: Source) -> tuple[list, str]:
    """(raw cards, origin) of one source: a raw card dict, a list of them (origin "") or a card
    file holding a list (origin: the file's name)."""
    if isinstance(src, dict):
        return [src], ""
    if isinstance(src, list):
        return src, ""
    path = Path(src)
    data = read_card_json(path)
    if not isinstance(data, list):
        raise CardDataError(f"{path.name}: a card file holds a list of card objects")
    return data, path.name


def parse_card_sources(sources: Iterable[Source], parse: Callable[[Any, int, str], S]) -> list[S]:
    """Every card of every source, each made by `parse(raw, index_in_its_source, origin)`."""
    specs: list[S] = []
    for src in sources:
        raws, origin = read_card_source(src)
        specs.extend(parse(raw, i, origin) for i, raw in enumerate(raws))
    return specs


def shipped_card_files(cards_dir: Path) -> list[Path]:
    """The `*.json` files of a game's card folder, sorted; none raises CardDataError."""
    files = sorted(cards_dir.glob("*.json"))
    if not files:
        raise CardDataError(f"no card files in {cards_dir}")
    return files


def field_path(loc: Iterable[Any], renames: dict[str, str] | None = None, empty: str = "<card>") -> str:
    """A pydantic error location as a field path: ('skills', 0, 'effect') -> skills[0].effect
    (`renames` maps a model's field names back to the data's; `empty` for the object itself)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = str(part) if renames is None else renames.get(str(part), str(part))
            out += ("." if out else "") + name
    return out or empty


def validate_card_model(model: type[M], raw: Any, label: str, *, renames: dict[str, str] | None = None,
                        empty: str = "<card>", strip_value_error: bool = True) -> M:
    """`raw` validated by the pydantic `model`; a non-dict or any invalid field raises
    CardDataError "<label>: field <path>: <message>; ..." (with `strip_value_error`, a custom
    validator's message loses pydantic's "Value error, " prefix)."""
    if not isinstance(raw, dict):
        raise CardDataError(f"{label}: must be an object, got {type(raw).__name__}")
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        msgs = []
        for err in e.errors():
            msg = err["msg"].removeprefix("Value error, ") if strip_value_error else err["msg"]
            msgs.append(f"field {field_path(err['loc'], renames, empty)}: {msg}")
        raise CardDataError(f"{label}: " + "; ".join(msgs)) from None


def checked_card(model: type[M], raw: Any, label: str, check: Callable[[M], list[tuple[str, str]]],
                 build: Callable[[M], S]) -> S:
    """`build` of `raw` validated by `model` (`validate_card_model`) and by the game's own
    cross-field `check`, whose `(field path, message)` problems raise one CardDataError
    "<label>: field <path>: <message>; ..."."""
    m = validate_card_model(model, raw, label)
    errors = check(m)
    if errors:
        raise CardDataError(f"{label}: " + "; ".join(f"field {p}: {msg}" for p, msg in errors))
    return build(m)


class StrictModel(BaseModel):
    """The pydantic base of every card data model: unknown fields refused, no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def card_label(origin: str, label: str) -> str:
    """How an error names a card: `label`, after its file's name when it came from one."""
    return f"{origin}: {label}" if origin else label


def check_enum(errors: list[tuple[str, str]], path: str, value: Any, allowed: Iterable[str],
               what: str) -> bool:
    """Whether `value` is one of `allowed`; if not, a problem naming them is added to `errors`."""
    allowed = tuple(allowed)
    if value not in allowed:
        errors.append((path, f"unknown {what} {value!r} (allowed: {', '.join(allowed)})"))
        return False
    return True


def check_effect_params(errors: list[tuple[str, str]], path: str, effect: str, params: dict[str, Any],
                        expected: frozenset[str], check_value: Callable[[str, str, Any], None]) -> None:
    """An effect's params are exactly the names it takes (`expected`); then each is checked by
    the game's `check_value(path of the param, name, value)`, in the order given."""
    for k in sorted(set(params) - expected):
        errors.append((f"{path}.params.{k}", f"unexpected param {k!r} for effect {effect!r} "
                                             f"(expects: {sorted(expected)})"))
    for k in sorted(expected - set(params)):
        errors.append((f"{path}.params", f"missing param {k!r} for effect {effect!r}"))
    for k, v in params.items():
        if k in expected:
            check_value(f"{path}.params.{k}", k, v)


def sorted_pairs(d: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A dict as a sorted tuple of (key, value) pairs, nested objects as pair tuples too and
    lists as tuples: the hashable form of a card's params and conditions."""
    out = []
    for k in sorted(d):
        v = d[k]
        if isinstance(v, BaseModel):
            v = sorted_pairs(v.model_dump())
        elif isinstance(v, dict):
            v = sorted_pairs(v)
        elif isinstance(v, list):
            v = tuple(v)
        out.append((k, v))
    return tuple(out)


class CardTable:
    """Base of a two-player game's validated card set: its card specs by number (`specs`,
    ascending; `named`: by name, in the order given), counted and iterated in number order, and laid
    out as the game's table. A subclass says how its cards' number and name fields are
    called in the errors of a duplicate: `class CardSet(CardTable, number=("id", "id"),
    name=("title", "card name"))`. Specs have `code`, `name` and the number field."""

    number: ClassVar[tuple[str, str]] = ("number", "number")
    name: ClassVar[tuple[str, str]] = ("name", "name")

    def __init_subclass__(cls, number: tuple[str, str] | None = None, name: tuple[str, str] | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if number is not None:
            cls.number = number
        if name is not None:
            cls.name = name

    def __init__(self, cards: Iterable[Any]) -> None:
        key, key_text = self.number
        name_field, name_text = self.name
        specs: dict[int, Any] = {}
        by_name: dict[str, Any] = {}
        for c in cards:
            n = getattr(c, key)
            if n in specs:
                raise CardDataError(f"card {c.code} {c.name!r}: field {key}: duplicate {key_text} "
                                    f"(also {specs[n].name!r})")
            if c.name in by_name:
                raise CardDataError(f"card {c.code} {c.name!r}: field {name_field}: duplicate {name_text} "
                                    f"(also {by_name[c.name].code})")
            specs[n] = c
            by_name[c.name] = c
        self.specs: dict[int, Any] = dict(sorted(specs.items()))
        self.named: dict[str, Any] = by_name
        self.max_number: int = max(self.specs, default=0)

    def __len__(self) -> int:
        return len(self.specs)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.specs.values())

    def table(self) -> list[Any]:
        """The specs in a list indexed by number (None where no card has that number)."""
        table: list[Any] = [None] * (self.max_number + 1)
        for number, spec in self.specs.items():
            table[number] = spec
        return table


class CardFiles(Generic[S]):
    """A game's card data: `load_from(sources)` parses every card of the sources (files, raw
    dicts or lists of them) with `parse` and builds the set with `build`; `shipped()` is the
    set of the game's own `*.json` files in `cards_dir`, read once, and `shipped(overrides)`
    that set with card overrides applied (`sim.core.card_overrides`; `code` names a raw card,
    `fields` are the card model's field names and `protected` those no override may touch)."""

    def __init__(self, cards_dir: Path, parse: Callable[[Any, int, str], Any],
                 build: Callable[[list], S], *, code: Callable[[dict], str] | None = None,
                 fields: Iterable[str] = (), protected: Iterable[str] = ()) -> None:
        self.cards_dir = cards_dir
        self.parse = parse
        self.build = build
        self.code = code
        self.fields = frozenset(fields)
        self.protected = frozenset(protected)

    def load_from(self, sources: Iterable[Source]) -> S:
        """A card set from card files (paths), raw card dicts or lists of raw card dicts."""
        return self.build(parse_card_sources(sources, self.parse))

    def shipped(self, overrides: tuple[tuple[str, Any], ...] = ()) -> S:
        """The card set shipped in the game's `cards/*.json` with `overrides` (normalized
        pairs) applied; cached per overrides value."""
        return self._shipped(tuple(overrides))

    @functools.cache  # noqa: B019 - a few per game, alive as long as the process
    def _shipped(self, overrides: tuple[tuple[str, Any], ...]) -> S:
        files = shipped_card_files(self.cards_dir)
        if not overrides:
            return self.load_from(files)
        if self.code is None:
            raise CardDataError("this card set takes no card overrides")
        from sim.core.card_overrides import apply_card_overrides, override_error
        sources = [read_card_source(f) for f in files]
        raws = {self.code(raw): raw for cards, _ in sources for raw in cards}
        edited = apply_card_overrides(raws, overrides, {c: self.fields for c in raws}, self.protected)
        specs = []
        for cards, origin in sources:
            for i, raw in enumerate(cards):
                code = self.code(raw)
                if code in edited:
                    try:
                        specs.append(self.parse(edited[code], i, origin))
                    except CardDataError as exc:
                        raise override_error(exc, code, overrides) from None
                else:
                    specs.append(self.parse(raw, i, origin))
        return self.build(specs)
