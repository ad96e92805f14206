"""Deck search files: a TOML description of one MAP-Elites deck search, checked key by key.

    game = "first_cycle"
    seed = 7                     # the search's seed and every gauntlet match's run seed
    agent = "greedy"             # plays every seat of every gauntlet match

    [params]                     # the game's params overrides (card_overrides too)
    max_turns = 60

    [pool]                       # optional; default: the whole card pool
    collection = { packs = 60, seed = 1 }   # First Cycle: the cards `tcglab packs 60 --seed 1` opens
    max_copies = 2               # lower the copies per card (XenodeX: the copies allowed, default 2)
    heads = ["FC020"]            # only these Leaders / MCs (card codes) / XenodeX faction decks

    [gauntlet]
    decks = ["black_starter", "green_starter"]   # default: the game's starter decks
    matches = 2                  # per opponent deck, seats swapped (use a multiple of the seat count)

    [search]
    iterations = 20              # ask/tell rounds
    batch_size = 8               # decks each emitter asks for per round
    emitters = 2                 # Gaussian emitters, each with its own seed
    sigma = 0.5                  # mutation size, in copies of a card

    [confirm]                    # the best elites replayed on held-out seeds (seed + 1)
    top = 3                      # how many elites (0: none)
    matches = 4                  # per opponent deck

    [[measures]]                 # one or two archive axes (experiments.decksearch.measures)
    name = "mean_cost"
    bins = 6
    range = [1.0, 4.0]           # optional; default: the pool's span of that measure

`load_search_file(path)` reads and checks a file into a `DeckSearch`; every problem is a
`DeckSearchError` naming the file and the key (`gauntlet.matches: expected an integer >= 1,
got 'two'`). Unknown keys are refused, so a misspelt key never silently takes its default.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from experiments.decksearch.errors import DeckSearchError
from experiments.decksearch.measures import MEASURES
from experiments.tomlfile import read_toml

TOP_KEYS = ("game", "seed", "agent", "params", "pool", "gauntlet", "search", "confirm", "measures")
TABLE_KEYS = {"pool": ("collection", "max_copies", "heads"), "gauntlet": ("decks", "matches"),
              "search": ("iterations", "batch_size", "emitters", "sigma"), "confirm": ("top", "matches")}


@dataclass(frozen=True)
class AxisSpec:
    """One archive axis: a measure, its bins and (optionally) its range."""

    name: str
    bins: int = 5
    range: tuple[float, float] | None = None


@dataclass(frozen=True)
class DeckSearch:
    """A checked deck search (see the module docstring for each field)."""

    game: str
    seed: int = 0
    agent: str = "greedy"
    params: dict = field(default_factory=dict)
    collection: dict | None = None
    max_copies: int | None = None
    heads: tuple[str, ...] | None = None
    gauntlet: tuple[str, ...] | None = None
    matches: int = 2
    iterations: int = 10
    batch_size: int = 8
    emitters: int = 2
    sigma: float = 0.5
    confirm_top: int = 3
    confirm_matches: int = 4
    measures: tuple[AxisSpec, ...] = ()
    source: str = ""

    def to_json(self) -> str:
        """Canonical JSON of every setting (recorded next to the results)."""
        return json.dumps(dataclasses.asdict(self), sort_keys=True, default=list)

    def replace(self, **changes: Any) -> DeckSearch:
        """A copy with fields changed (a command line's overrides)."""
        return dataclasses.replace(self, **changes)


def load_search_file(path: str | Path) -> DeckSearch:
    """Read and check a deck search file (DeckSearchError naming the file and the key)."""
    path = Path(path)
    data = read_toml(path, DeckSearchError)
    try:
        return parse_search(data, source=str(path))
    except DeckSearchError as exc:
        raise DeckSearchError(f"{path}: {exc}") from None


def parse_search(data: dict, source: str = "") -> DeckSearch:
    """A `DeckSearch` from the dict of a parsed file (DeckSearchError naming the key)."""
    _known(data, TOP_KEYS, "")
    if "game" not in data:
        raise DeckSearchError("game: missing (first_cycle, cipher or xenodex)")
    game = _str(data["game"], "game")
    if game not in ("first_cycle", "cipher", "xenodex"):
        raise DeckSearchError(f"game: expected first_cycle, cipher or xenodex, got {game!r}")
    tables = {}
    for name in ("params", "pool", "gauntlet", "search", "confirm"):
        value = data.get(name, {})
        if not isinstance(value, dict):
            raise DeckSearchError(f"{name}: expected a table, got {value!r}")
        if name in TABLE_KEYS:
            _known(value, TABLE_KEYS[name], f"{name}.")
        tables[name] = value
    pool, gauntlet, search, confirm = tables["pool"], tables["gauntlet"], tables["search"], tables["confirm"]
    out = DeckSearch(
        game=game, seed=_int(data.get("seed", 0), "seed", 0), agent=_str(data.get("agent", "greedy"), "agent"),
        params=dict(tables["params"]), collection=_collection(pool.get("collection"), game),
        max_copies=None if "max_copies" not in pool else _int(pool["max_copies"], "pool.max_copies", 1),
        heads=_names(pool.get("heads"), "pool.heads", "Leader print ids, MC card codes or faction deck names"),
        gauntlet=_names(gauntlet.get("decks"), "gauntlet.decks", "deck names or .json deck files"),
        matches=_int(gauntlet.get("matches", 2), "gauntlet.matches", 1),
        iterations=_int(search.get("iterations", 10), "search.iterations", 1),
        batch_size=_int(search.get("batch_size", 8), "search.batch_size", 1),
        emitters=_int(search.get("emitters", 2), "search.emitters", 1),
        sigma=_number(search.get("sigma", 0.5), "search.sigma"),
        confirm_top=_int(confirm.get("top", 3), "confirm.top", 0),
        confirm_matches=_int(confirm.get("matches", 4), "confirm.matches", 1),
        measures=_measures(data.get("measures"), game), source=source)
    if out.sigma <= 0:
        raise DeckSearchError(f"search.sigma: must be > 0, got {out.sigma}")
    return out


def _known(table: dict, keys: tuple[str, ...], prefix: str) -> None:
    for key in table:
        if key not in keys:
            raise DeckSearchError(f"{prefix}{key}: unknown key (allowed: {', '.join(keys)})")


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DeckSearchError(f"{key}: expected a non-empty string, got {value!r}")
    return value


def _int(value: Any, key: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise DeckSearchError(f"{key}: expected an integer >= {low}, got {value!r}")
    return value


def _number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DeckSearchError(f"{key}: expected a number, got {value!r}")
    return float(value)


def _collection(value: Any, game: str) -> dict | None:
    if value is None:
        return None
    if game != "first_cycle":
        raise DeckSearchError(f"pool.collection: only First Cycle has packs to collect from, not {game}")
    if not isinstance(value, dict):
        raise DeckSearchError(f"pool.collection: expected {{ packs = N, seed = S }}, got {value!r}")
    _known(value, ("packs", "seed"), "pool.collection.")
    return {"packs": _int(value.get("packs"), "pool.collection.packs", 1),
            "seed": _int(value.get("seed", 0), "pool.collection.seed", 0)}


def _names(value: Any, key: str, what: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not value:
        raise DeckSearchError(f"{key}: expected a non-empty list of {what}, got {value!r}")
    return tuple(_str(d, key) for d in value)


def _measures(value: Any, game: str) -> tuple[AxisSpec, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 2:
        raise DeckSearchError(f"measures: expected one or two [[measures]] tables, got {value!r}")
    axes = []
    for i, m in enumerate(value):
        where = f"measures[{i}]"
        if not isinstance(m, dict):
            raise DeckSearchError(f"{where}: expected a table, got {m!r}")
        _known(m, ("name", "bins", "range"), f"{where}.")
        if "name" not in m:
            raise DeckSearchError(f"{where}.name: missing")
        rng = m.get("range")
        if rng is not None:
            if (not isinstance(rng, list) or len(rng) != 2
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in rng) or rng[0] >= rng[1]):
                raise DeckSearchError(f"{where}.range: expected [low, high] with low < high, got {rng!r}")
            rng = (float(rng[0]), float(rng[1]))
        name = _str(m["name"], f"{where}.name")
        if name not in MEASURES[game]:
            raise DeckSearchError(f"{where}.name: {game} has no measure {name!r}; known: {', '.join(MEASURES[game])}")
        axes.append(AxisSpec(name, _int(m.get("bins", 5), f"{where}.bins", 1), rng))
    if len({a.name for a in axes}) != len(axes):
        raise DeckSearchError("measures: the same measure twice")
    return tuple(axes)
