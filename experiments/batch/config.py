"""`RunConfig`: everything that defines a batch of matches, type-checked when it is built.

    RunConfig(game="xenodex", num_players=4, agents=("mcts", "greedy"), matches=100, seed=7)

Every field is checked for its type and range as the config is made (bools must be bools,
counts ints, specs strings), so a wrong value fails at the call that gave it, in the
user's words. Whether the config can be played (the game, its params, decks and agents
on a real opening state) is checked before the first match by
`experiments.batch.validate.check_playable`.

A deck given as a path ending in `.json` is a deck file: the config reads it when it is
made and keeps its content in `deck_files` (path -> compact JSON), which is part of the
run's identity. Every match plays that recorded content, so a file edited after the run
started cannot mix into it, and a resume with an edited file is refused as another config.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sim.core.card_overrides import card_overrides_json, normalize_card_overrides
from sim.core.errors import InvalidParamsError, TcglabError


class RunConfigError(TcglabError, ValueError):
    """A run configuration that cannot work (the message names the field)."""


BOOL_FIELDS = ("swap_seats", "cross_decks", "log_decisions", "log_cards", "resume", "progress", "allow_errors")
NOT_IN_RUN_ID = ("matches", "workers", "backend", "ray_address", "resume", "progress", "extra", "out",
                 "allow_errors")


@dataclass(frozen=True)
class RunConfig:
    """A batch of matches. Seats are 0-based; `agents` and `decks` are given per seat.

    A single agent or deck applies to every seat. With `swap_seats`, match i rotates the
    seat assignment by i (mod players), so each agent/deck plays every seat equally often
    and the first-player advantage cancels out. Decks given per seat stay with their
    seat's agent (a deck's record is then also its agent's) unless `cross_decks`, which
    rotates them apart so every agent plays every deck. `num_players` sets the seat count of a
    game that has several (it is stored as the `num_players` params override). Matches
    that raise are logged as errors; `execute` then fails unless `allow_errors`.
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
    allow_errors: bool = False
    cross_decks: bool = False
    deck_files: tuple[tuple[str, str], ...] = ()
    extra: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        _expect(isinstance(self.game, str) and self.game, "game", "a game name", self.game)
        set_(self, "agents", _specs(self.agents, "agents"))
        if self.decks is not None:
            set_(self, "decks", _specs(self.decks, "decks"))
        set_(self, "deck_files", _deck_files(self.decks or (), self.deck_files))
        for name, low in (("matches", 0), ("seed", 0), ("workers", 1), ("shard_size", 1)):
            _int_at_least(getattr(self, name), name, low)
        for name in BOOL_FIELDS:
            _expect(isinstance(getattr(self, name), bool), name, "true or false", getattr(self, name))
        _expect(self.backend in ("local", "ray"), "backend", "'local' or 'ray'", self.backend)
        _expect(self.ray_address is None or isinstance(self.ray_address, str), "ray_address",
                "a string (host:port) or None", self.ray_address)
        if self.ray_address is not None and self.backend != "ray":
            raise RunConfigError(f"ray_address: {self.ray_address!r} is only used with the ray backend "
                                 "(--backend ray), not with 'local'")
        if self.out is not None:
            _expect(isinstance(self.out, (str, os.PathLike)) and os.fspath(self.out).strip() != "", "out",
                    "a folder path", self.out)
            set_(self, "out", os.fspath(self.out))
        elif self.resume:
            raise RunConfigError("resume: there is no folder to resume without out (--out FOLDER)")
        params = _params(self.params)
        if self.num_players is not None:
            _int_at_least(self.num_players, "num_players", 1)
            if params.get("num_players", self.num_players) != self.num_players:
                raise RunConfigError(f"num_players: {self.num_players} disagrees with the params override "
                                     f"num_players={params['num_players']}")
            params["num_players"] = self.num_players
            set_(self, "num_players", None)
        set_(self, "params", tuple(sorted(params.items())))
        _expect(isinstance(self.extra, dict), "extra", "a dict", self.extra)

    @property
    def param_overrides(self) -> dict[str, Any]:
        """The params overrides as a dict."""
        return dict(self.params)

    def to_json(self) -> str:
        """Canonical JSON of every field (a manifest records it; `from_json` reads it back)."""
        d = dataclasses.asdict(self)
        d.pop("extra")
        return json.dumps(d, sort_keys=True, default=list)

    def identity_json(self) -> str:
        """Canonical JSON of the fields that define which matches are played, and how: not the
        match count (a run can be extended), nor where and how fast it runs."""
        d = json.loads(self.to_json())
        for k in NOT_IN_RUN_ID:
            d.pop(k, None)
        if not d.get("deck_files"):  # left out when empty: a run of named decks has the id it always had
            d.pop("deck_files", None)
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, **changes: Any) -> RunConfig:
        """The config `to_json` wrote (fields it lacks take their defaults), with `changes`."""
        d = json.loads(text)
        known = {f.name for f in dataclasses.fields(cls)}
        d = {k: v for k, v in d.items() if k in known}
        for key in ("params", "deck_files"):
            if d.get(key) is not None:
                d[key] = tuple(tuple(p) for p in d[key])
        d.update(changes)
        return cls(**d)

    def differences(self, other: RunConfig) -> list[str]:
        """'field: this vs other' for each field of the run's identity that differs."""
        mine, theirs = json.loads(self.identity_json()), json.loads(other.identity_json())
        out = [f"{k}: {theirs.get(k)!r} vs {mine.get(k)!r}" for k in sorted(mine)
               if k != "deck_files" and mine.get(k) != theirs.get(k)]
        files, other_files = dict(self.deck_files), dict(other.deck_files)
        out += [f"deck file {path}: its content changed" for path in sorted(files)
                if path in other_files and files[path] != other_files[path]]
        return out

    def deck_content(self, deck: str | None):
        """What a seat's deck entry stands for: the parsed content of a deck file (a dict),
        else the entry itself (a deck name, or None for the game's default)."""
        recorded = dict(self.deck_files)
        return json.loads(recorded[deck]) if deck in recorded else deck

    def decks_confounded(self) -> bool:
        """True when decks given per seat stay with different agents: deck and agent records mix."""
        return (bool(self.decks) and not self.cross_decks and len(set(self.decks)) > 1
                and len(set(self.agents)) > 1)

    def replace(self, **changes: Any) -> RunConfig:
        """A copy with fields changed."""
        return dataclasses.replace(self, **changes)


def parse_param(text: str) -> tuple[str, Any]:
    """"key=value" with the value read as JSON when it parses (ints, floats, lists, bools)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise RunConfigError(f"--param expects key=value, got {text!r}")
    try:
        return key.strip(), json.loads(value)
    except json.JSONDecodeError:
        return key.strip(), value


def parse_card(text: str) -> tuple[str, Any]:
    """"CARD.FIELD=value" (e.g. "FC033.power=4") with the value read as JSON when it parses."""
    key, sep, value = text.partition("=")
    if not sep or "." not in key:
        raise RunConfigError(f"--card expects CARD.FIELD=VALUE (e.g. FC033.power=4), got {text!r}")
    return parse_param(text)


def with_card_overrides(params: tuple[tuple[str, Any], ...],
                        cards: list[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """Params pairs with `cards` (key, value) pairs merged into their `card_overrides` (a card
    given twice keeps its last value)."""
    if not cards:
        return params
    merged = dict(params)
    merged["card_overrides"] = {**_card_overrides(merged.get("card_overrides")), **_card_overrides(cards)}
    return tuple(sorted(merged.items()))


def _card_overrides(value: Any) -> dict[str, Any]:
    """Card overrides in their canonical JSON form ({"FC033.power": 4}); a malformed key or value
    raises RunConfigError naming it."""
    try:
        return card_overrides_json(normalize_card_overrides(value))
    except InvalidParamsError as exc:
        raise RunConfigError(str(exc)) from None


def merge_params(pairs: list[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """Params pairs with a repeated key keeping its last value, sorted by key."""
    return tuple(sorted(dict(pairs).items()))


def _expect(ok: Any, name: str, what: str, value: Any) -> None:
    if not ok:
        raise RunConfigError(f"{name}: expected {what}, got {value!r} ({type(value).__name__})")


def _int_at_least(value: Any, name: str, low: int) -> None:
    _expect(isinstance(value, int) and not isinstance(value, bool), name, f"an integer >= {low}", value)
    if value < low:
        raise RunConfigError(f"{name}: must be >= {low}, got {value}")


def _specs(value: Any, name: str) -> tuple[str, ...]:
    """A tuple of non-empty strings from a tuple or list (one per seat, or one for all)."""
    _expect(isinstance(value, (tuple, list)), name, "a list of names, one per seat or one for all seats", value)
    out = tuple(value)
    if not out:
        raise RunConfigError(f"{name}: give at least one")
    for item in out:
        _expect(isinstance(item, str) and item.strip(), name, "non-empty strings", item)
    return out


def is_deck_file(deck: Any) -> bool:
    """Whether a deck entry names a deck file (a path ending in .json) rather than a deck."""
    return isinstance(deck, str) and deck.strip().lower().endswith(".json")


def _deck_files(decks: tuple[str, ...], given: Any) -> tuple[tuple[str, str], ...]:
    """(path, compact JSON) for each deck file in `decks`: the content `given` records for a
    path (a config read back from a manifest), else the file's content read now."""
    _expect(isinstance(given, (tuple, list)), "deck_files", "(path, JSON text) pairs", given)
    recorded = {}
    for pair in given:
        _expect(isinstance(pair, (tuple, list)) and len(pair) == 2 and all(isinstance(x, str) for x in pair),
                "deck_files", "(path, JSON text) pairs", pair)
        recorded[pair[0]] = pair[1]
    out = {}
    for deck in decks:
        if not is_deck_file(deck) and ("/" in deck or os.sep in deck):  # deck names have no slash
            what = "a folder" if os.path.isdir(deck) else "a path"
            raise RunConfigError(f"decks: {deck!r} is {what}, not a deck name or a deck file "
                                 "(a deck file is a .json file: see `tcglab decks GAME` for names)")
        if is_deck_file(deck) and deck not in out:
            out[deck] = recorded[deck] if deck in recorded else read_deck_json(deck)
    return tuple(sorted(out.items()))


def read_deck_json(path: str) -> str:
    """A deck file's content as compact JSON in the file's order; RunConfigError names the file
    when it cannot be read or is not a JSON object."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise RunConfigError(f"decks: cannot read deck file {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise RunConfigError(f"decks: deck file {path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RunConfigError(f"decks: deck file {path} must hold a deck object, got {type(data).__name__}")
    return json.dumps(data, separators=(",", ":"))  # key order kept: a deck list's order is its deal


def _params(value: Any) -> dict[str, Any]:
    """Params overrides as a dict from pairs or a mapping; a repeated key keeps its last value."""
    if isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        _expect(isinstance(value, (tuple, list)), "params", "(key, value) pairs or a dict", value)
        pairs = []
        for pair in value:
            _expect(isinstance(pair, (tuple, list)) and len(pair) == 2, "params", "(key, value) pairs", pair)
            pairs.append(tuple(pair))
    for key, v in pairs:
        _expect(isinstance(key, str) and key, "params", "string keys", key)
        if isinstance(v, float) and not math.isfinite(v):
            raise RunConfigError(f"params: {key}={v} is not a finite number")
    out = dict(pairs)
    if "card_overrides" in out:
        out["card_overrides"] = _card_overrides(out["card_overrides"])
        if not out["card_overrides"]:
            del out["card_overrides"]
    return out
