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
intervals, written by `tcglab zoo evaluate`). docs/rl.md shows the table.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sim.core.errors import InvalidArgumentError

ZOO_DIR = Path(__file__).resolve().parent


class UnknownModelError(InvalidArgumentError):
    """A zoo name that no shipped model has."""


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
    """Model `name`'s card: game, num_players, params, trained, exported, strength."""
    return json.loads(card_path(name, directory).read_text())


def policy_path(name: str, directory: str | Path | None = None) -> Path:
    """The path of model `name`'s policy file (.pt)."""
    return card_path(name, directory).with_suffix(".pt")
