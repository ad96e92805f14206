"""Card data files: reading a JSON card file with errors that name it, taking card sources
(a file path, one raw card dict or a list of them) and finding a game's shipped card files.
Parsing a raw card into a CardSpec is each game's own (its cardspec module)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from sim.core.errors import CardDataError

S = TypeVar("S")
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
