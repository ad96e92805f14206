"""The agent interface (layer 3 of docs/ARCHITECTURE.md) and config-spec parsing.

An agent is built from a frozen config dataclass and answers `act(state, rng) -> action`
for the seat `state.current_player`. It may read the state only through
`observation(seat)`, `legal_actions()`, `determinize(seat, rng)`, `current_player`,
`is_terminal()` and the game's facts (`state.game`); anything more (search, lookahead)
works on its own determinized copies, so it never sees hidden cards or future draws. A
one-ply lookahead whose heuristic scores only the public board may take the game's
`determinize_public(seat, rng)` copy instead, where the game has one (XenodeX): its public
board after each action of the seat is `determinize`'s.

Agents draw every random number from the `rng` passed to `act` (a numpy Generator):
the same state view and the same generator state give the same action.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from sim.core.checks import check_generator


@runtime_checkable
class Agent(Protocol):
    """What every agent offers: a `name`, its frozen `config` and `act`."""

    name: ClassVar[str]
    config: Any

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The action (an int from `state.legal_actions()`) for `state.current_player`."""
        ...


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    """Base of every agent config: frozen, with typed, documented fields."""

    def replace(self, **changes: Any) -> AgentConfig:
        """A copy with `changes` applied (unknown names raise ValueError)."""
        return dataclasses.replace(self, **coerce_fields(type(self), changes))


_KIND_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "text",
               "None": "none"}


def _kinds(annotation: Any) -> set[str] | None:
    """The simple types a field annotation allows ("int | None" -> {"int", "None"}); None
    when it names any other type (such fields are not checked here)."""
    names = {part.strip() for part in str(annotation).split("|")}
    return names if names <= set(_KIND_WORDS) else None


def _fits(value: Any, kinds: set[str]) -> bool:
    if value is None:
        return "None" in kinds
    if isinstance(value, bool):
        return "bool" in kinds
    if isinstance(value, int):
        return "int" in kinds or "float" in kinds
    if isinstance(value, float):
        return "float" in kinds
    return isinstance(value, str) and "str" in kinds


def coerce_fields(cls: type, values: dict[str, Any]) -> dict[str, Any]:
    """Check `values` against the fields of config class `cls` and coerce int -> float.

    Raises ValueError naming unknown fields and listing the known ones, and naming a value
    of the wrong type for its field ("MCTSConfig.iterations: expected a whole number, got 'abc'").
    """
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown field(s) {unknown}; known: {sorted(fields)}")
    out = {}
    for key, value in values.items():
        kinds = _kinds(fields[key].type)
        if kinds is not None and not _fits(value, kinds):
            wanted = " or ".join(_KIND_WORDS[k] for k in ("int", "float", "bool", "str", "None") if k in kinds)
            raise ValueError(f"{cls.__name__}.{key}: expected {wanted}, got {value!r}")
        default = fields[key].default
        floaty = isinstance(default, float) or "float" in str(fields[key].type)
        if floaty and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        out[key] = value
    return out


def parse_value(text: str) -> Any:
    """A spec value from text: int, float, true/false, none, else the string itself."""
    t = text.strip()
    low = t.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(t)
        except ValueError:
            pass
    return t


def parse_spec(spec: str, positional: str | None = None) -> tuple[str, dict[str, Any]]:
    """Split "name:key=value,key=value" into the name and a dict of parsed values.

    With `positional` (the config's `positional` field name), a first item without "="
    is that field's value as text: "ppo:first_cycle" is ("ppo", {"model": "first_cycle"}).
    A field given twice ("mcts:iterations=5,iterations=6") raises ValueError naming it.

    >>> parse_spec("mcts:iterations=400,c=1.4")
    ('mcts', {'iterations': 400, 'c': 1.4})
    """
    name, _, rest = spec.partition(":")
    config: dict[str, Any] = {}
    items = [s.strip() for s in rest.split(",") if s.strip()]
    for index, item in enumerate(items):
        key, eq, value = item.partition("=")
        if not eq and index == 0 and positional:
            config[positional] = item
            continue
        if not eq or not key.strip():
            raise ValueError(f"agent spec {spec!r}: expected key=value, got {item!r}")
        if key.strip() in config:
            raise ValueError(f"agent spec {spec!r}: {key.strip()!r} is given twice")
        config[key.strip()] = parse_value(value)
    return name.strip(), config


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs: a part with "=" and no ":" continues the
    spec before it, any other part starts a new one.

    >>> split_specs("mcts:iterations=400,c=1.4,ppo:path=a.pt,random")
    ['mcts:iterations=400,c=1.4', 'ppo:path=a.pt', 'random']
    """
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "=" in part and out and ":" in out[-1] and ":" not in part:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


_NO_RNG = object()


def acting_seat(state: Any, rng: Any = _NO_RNG) -> int:
    """The seat that must act now, for an agent's `act(state, rng)`: InvalidArgumentError when
    the `rng` given is not a numpy Generator, ValueError when `state` is not a game state or
    the game is over."""
    if rng is not _NO_RNG:
        check_generator(rng)
    if not callable(getattr(state, "is_terminal", None)) or not callable(getattr(state, "legal_actions", None)):
        raise ValueError(f"state must be a game state (game.new_state(...)), got {type(state).__name__} "
                         f"{state!r:.80}")
    if state.is_terminal():
        raise ValueError("the game is over: there is no action to choose")
    return state.current_player
