"""The MAP-Elites loop of a deck search, with pyribs: archive, emitters, scheduler, ask/tell.

    result = run_search(load_search_file("search.toml"), "runs/ds1", workers=2)
    result.elites()          # one record per archive cell held: deck, win rate, measures

A `GridArchive` over the file's one or two measures keeps the best deck of each cell;
`GaussianEmitter`s (each seeded from the search seed) mutate elites' genomes, the first
round starting from genomes drawn uniformly within the pool's bounds; a `Scheduler` asks
for a batch, and is told each deck's win rate against the gauntlet and its measures.

Before anything is written, `check_search` checks the params, pool, measures, agent and
gauntlet decks, so a bad file leaves the output folder as it was. Every genome is decoded
into a legal deck (`experiments.decksearch.pools`), checked with
the game's own deck check, written as a deck file `decks/<id>.json` under the output
folder (the id is a hash of its cards) and played; a deck asked for again keeps its first
record (the gauntlet's seeds are fixed, so replaying it would give the same result). The
same file and seed give the same archive, whatever the number of workers. The driver's heap
is frozen for the garbage collector while the rounds run (`experiments.heap.frozen_heap`).
"""
from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from ribs.archives import GridArchive
from ribs.emitters import GaussianEmitter
from ribs.schedulers import Scheduler

from experiments.decksearch.errors import DeckSearchError
from experiments.decksearch.evaluate import Evaluation, Gauntlet
from experiments.decksearch.measures import Measure, get_measure
from experiments.decksearch.pools import Candidate, Pool, assert_legal, make_pool
from experiments.decksearch.spec import DeckSearch
from experiments.heap import frozen_heap


@dataclass
class Entry:
    """One evaluated deck: its cards, deck file, measures and gauntlet record."""

    deck: Candidate
    path: str
    measures: tuple[float, ...]
    evaluation: Evaluation
    first_round: int


@dataclass
class SearchResult:
    """What a search found: the archive, every evaluated deck, and its settings."""

    search: DeckSearch
    pool: Pool
    measures: list[Measure]
    ranges: list[tuple[float, float]]
    archive: GridArchive
    entries: dict[str, Entry]
    opponents: tuple[str, ...]
    rounds: list[dict] = field(default_factory=list)

    def elites(self) -> list[Entry]:
        """The deck each held archive cell keeps, best win rate first (ties by deck file)."""
        data = self.archive.data()
        held = [self.entries[self.pool.decode(x).key()] for x in data["solution"]]
        return sorted(held, key=lambda e: (-e.evaluation.win_rate, e.path))


def deck_id(deck: Candidate) -> str:
    """A short stable id of a deck's cards."""
    return hashlib.sha256(deck.key().encode()).hexdigest()[:12]


def axes(search: DeckSearch, pool: Pool) -> tuple[list[Measure], list[tuple[float, float]]]:
    """The archive's measures and their ranges (the file's, else each measure's default)."""
    measures = [get_measure(search.game, a.name) for a in search.measures]
    ranges = [a.range or m.default_range(pool) for a, m in zip(search.measures, measures)]
    return measures, ranges


def check_search(search: DeckSearch) -> tuple[Pool, list[Measure], list[tuple[float, float]]]:
    """Everything a search needs, checked before anything is written: the params and the pool,
    the measures, the agent and every gauntlet deck, and a decoded deck against each gauntlet
    deck (its file in a temporary folder). Returns the pool and the archive's axes; raises
    DeckSearchError naming the search file (when it has one), the key and the value."""
    try:
        pool = make_pool(search.game, search.params, search.collection, search.max_copies, search.heads)
        measures, ranges = axes(search, pool)
        gauntlet = Gauntlet(search)
        gauntlet.check_opponents()
        deck = pool.decode(pool.random_genomes(1, np.random.default_rng(0))[0])
        with tempfile.TemporaryDirectory(prefix="tcglab-decksearch-") as tmp:
            gauntlet.check(_write_deck(pool, deck, Path(tmp)), name="a decoded candidate deck")
    except DeckSearchError as exc:
        raise DeckSearchError(f"{search.source}: {exc}" if search.source else str(exc)) from None
    return pool, measures, ranges


def run_search(search: DeckSearch, out: str | Path, workers: int = 1,
               on_round: Callable[[dict], None] | None = None,
               on_match: Callable[[int], None] | None = None) -> SearchResult:
    """Check the search (`check_search`; nothing is written when it fails), then run it, writing
    each evaluated deck file under `out`/decks; returns the result."""
    out = Path(out)
    pool, measures, ranges = check_search(search)
    (out / "decks").mkdir(parents=True, exist_ok=True)
    seeds = np.random.SeedSequence(search.seed).spawn(search.emitters + 2)
    archive = GridArchive(solution_dim=pool.dim, dims=[a.bins for a in search.measures], ranges=ranges,
                          seed=_int_seed(seeds[0]))
    start_rng = np.random.default_rng(seeds[1])
    emitters = [GaussianEmitter(archive, sigma=search.sigma, bounds=pool.bounds(), batch_size=search.batch_size,
                                initial_solutions=pool.random_genomes(search.batch_size, start_rng),
                                seed=_int_seed(s)) for s in seeds[2:]]
    scheduler = Scheduler(archive, emitters)
    entries: dict[str, Entry] = {}
    rounds: list[dict] = []
    with frozen_heap(), Gauntlet(search, workers, on_match) as gauntlet:
        for r in range(search.iterations):
            decks = [pool.decode(x) for x in scheduler.ask()]
            new = {}
            for deck in decks:
                key = deck.key()
                if key not in entries and key not in new:
                    new[key] = _write_deck(pool, deck, out / "decks")
            for (key, path), evaluation in zip(new.items(), gauntlet.evaluate(list(new.values()))):
                deck = next(d for d in decks if d.key() == key)
                entries[key] = Entry(deck, path, tuple(m.value(pool, deck) for m in measures), evaluation, r)
            scheduler.tell(np.array([entries[d.key()].evaluation.win_rate for d in decks]),
                           np.array([entries[d.key()].measures for d in decks]))
            stats = archive.stats
            rounds.append({"round": r, "asked": len(decks), "new_decks": len(new), "cells": int(stats.num_elites),
                           "coverage": float(stats.coverage), "best": float(stats.obj_max),
                           "qd_score": float(stats.qd_score)})
            if on_round is not None:
                on_round(rounds[-1])
    return SearchResult(search, pool, measures, ranges, archive, entries, gauntlet.decks, rounds)


def searched_name(path: str) -> str:
    """A candidate's deck file as the output tables name it: relative to the search's folder
    (`decks/<id>.json`), like the elites' `deck_file`, wherever the folder was given from."""
    return f"decks/{Path(path).name}"


def _write_deck(pool: Pool, deck: Candidate, out: Path) -> str:
    ident = deck_id(deck)
    data = pool.deck_dict(deck, f"{pool.game_name}-{ident}")
    assert_legal(pool, data)
    path = out / f"{ident}.json"
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return str(path)


def _int_seed(seq: np.random.SeedSequence) -> int:
    return int(seq.generate_state(1, dtype=np.uint32)[0])
