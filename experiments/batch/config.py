"""`RunConfig`: everything that defines a batch of matches, validated before any match runs."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from sim.core.errors import TcglabError


class RunConfigError(TcglabError, ValueError):
    """A run configuration that cannot work (the message names the field)."""


@dataclass(frozen=True)
class RunConfig:
    """A batch of matches. Seats are 0-based; `agents` and `decks` are given per seat.

    A single agent or deck applies to every seat. With `swap_seats`, match i rotates the
    seat assignment by i (mod players), so each agent/deck plays every seat equally often
    and the first-player advantage cancels out.
    """

    game: str = "first_cycle"
    agents: tuple[str, ...] = ("random", "random")
    decks: tuple[str, ...] | None = None
    matches: int = 100
    seed: int = 0
    workers: int = 1
    out: str | None = None
    params: tuple[tuple[str, Any], ...] = ()
    swap_seats: bool = True
    log_decisions: bool = False
    log_cards: bool = True
    backend: str = "local"
    ray_address: str | None = None
    shard_size: int = 200
    resume: bool = False
    progress: bool = True
    num_players: int | None = None
    extra: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.matches < 0:
            raise RunConfigError(f"matches must be >= 0, got {self.matches}")
        if self.workers < 1:
            raise RunConfigError(f"workers must be >= 1, got {self.workers}")
        if self.shard_size < 1:
            raise RunConfigError(f"shard_size must be >= 1, got {self.shard_size}")
        if self.backend not in ("local", "ray"):
            raise RunConfigError(f"backend must be 'local' or 'ray', got {self.backend!r}")
        if not self.agents:
            raise RunConfigError("agents: give at least one agent")
        if self.seed < 0:
            raise RunConfigError(f"seed must be >= 0, got {self.seed}")

    @property
    def param_overrides(self) -> dict[str, Any]:
        """The params overrides as a dict."""
        return dict(self.params)

    def to_json(self) -> str:
        """Canonical JSON of the fields that define the matches (not workers or backend)."""
        d = dataclasses.asdict(self)
        for k in ("workers", "backend", "ray_address", "resume", "progress", "extra", "out"):
            d.pop(k)
        return json.dumps(d, sort_keys=True, default=list)

    def replace(self, **changes: Any) -> RunConfig:
        """A copy with fields changed."""
        return dataclasses.replace(self, **changes)


def parse_param(text: str) -> tuple[str, Any]:
    """"key=value" with the value read as JSON when it parses (ints, floats, lists, bools)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise RunConfigError(f"--param expects key=value, got {text!r}")
    try:
        return key.strip(), json.loads(value)
    except json.JSONDecodeError:
        return key.strip(), value
