"""The model zoo: trained policies shipped with tcglab, playable by name as `ppo:<name>`.

    import agents
    agent = agents.make("ppo:first_cycle")           # or make("ppo", model="first_cycle")
    from agents import zoo
    zoo.names()                                       # ['cipher', 'first_cycle', ...]
    zoo.entry("first_cycle")["trained"]["command"]    # the command that trained it

Each model is two files in this folder: `<name>.pt`, a policy file (agents/policy_file.py:
weights and architecture only, under 5 MB), and `<name>.json`, its card: the game, seat
count and params it plays, the command that trained it and the one that exported it, and
its measured strength (seat-swapped matches against baseline agents with Wilson 95%
intervals, written by `tcglab zoo evaluate`). docs/rl.md shows the table. A card that is
not valid JSON, or lacks a field the zoo reads, is refused in one line naming its file
(`ModelCardError`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sim.core.errors import InvalidArgumentError

ZOO_DIR = Path(__file__).resolve().parent


class UnknownModelError(InvalidArgumentError):
    """A zoo name that no shipped model has."""


class ModelCardError(InvalidArgumentError):
    """A model card (.json) that is not valid JSON or lacks a field the zoo reads."""


CARD_FIELDS: dict[str, type] = {
    "game": str, "num_players": int, "params": dict, "file_bytes": int, "trained": dict, "strength": list}
"""The fields every card has, with their JSON types (what `tcglab zoo` and `ppo:<name>` read)."""

_JSON_NAMES = {str: "string", int: "integer", dict: "object", list: "array"}


def names(directory: str | Path | None = None) -> list[str]:
    """The names of the models in `directory` (default: the shipped zoo), each with its .json
    card and .pt policy file."""
    folder = Path(directory) if directory is not None else ZOO_DIR
    return sorted(p.stem for p in folder.glob("*.json") if p.with_suffix(".pt").is_file())


def card_path(name: str, directory: str | Path | None = None) -> Path:
    """The path of model `name`'s card (.json); UnknownModelError naming the models there are."""
    known = names(directory)
    if name not in known:
        raise UnknownModelError(f"no zoo model {name!r}; zoo models: {', '.join(known) or '(none)'}")
    return (Path(directory) if directory is not None else ZOO_DIR) / f"{name}.json"


def entry(name: str, directory: str | Path | None = None) -> dict[str, Any]:
    """Model `name`'s card: game, num_players, params, trained, exported, strength.
    ModelCardError names the card's file when it is not valid JSON or lacks a field."""
    return read_card(card_path(name, directory))


def read_card(path: Path) -> dict[str, Any]:
    """The model card at `path`, checked for the fields of `CARD_FIELDS`; ModelCardError
    names the file and what is wrong with it."""
    try:
        card = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ModelCardError(f"zoo model card {path}: not valid JSON ({exc.msg} at line {exc.lineno} "
                             f"column {exc.colno})") from None
    except UnicodeDecodeError:
        raise ModelCardError(f"zoo model card {path}: not UTF-8 text") from None
    if not isinstance(card, dict):
        raise ModelCardError(f"zoo model card {path}: expected a JSON object, got {type(card).__name__}")
    for key, kind in CARD_FIELDS.items():
        if not isinstance(card.get(key), kind) or isinstance(card.get(key), bool):
            raise ModelCardError(f"zoo model card {path}: field {key!r} is missing or not a JSON "
                                 f"{_JSON_NAMES[kind]} (got {json.dumps(card.get(key))[:40]})")
    return card


def policy_path(name: str, directory: str | Path | None = None) -> Path:
    """The path of model `name`'s policy file (.pt)."""
    return card_path(name, directory).with_suffix(".pt")
