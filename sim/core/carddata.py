"""Card data files: reading a JSON card file with errors that name it, taking card sources
(a file path, one raw card dict or a list of them), finding a game's shipped card files, and
validating one raw card against a pydantic model with errors that name the field. What a
card means (its model, checks and CardSpec) is each game's own."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

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
