"""Fitness: a deck's score against a gauntlet of decks, played through the batch runner.

    with Gauntlet(search, workers=2) as gauntlet:
        results = gauntlet.evaluate(["out/decks/3f2a....json", ...])   # one Evaluation per deck file

Each candidate plays every gauntlet deck in `search.matches` matches of a `RunConfig`
(decks `(candidate file, opponent, ...)`, the search's agent at every seat, seats swapped
match by match, run seed `search.seed`). Every candidate thus meets the same match seeds:
common random numbers, so two decks' scores differ by their cards, not by their luck.
A match scores 1 for a win, 1/n for a draw in an n-player game, 0 for a loss. The configs'
shards run through the runner's own pool (`run_jobs` on `kept_workers`, or inline with one
worker), so a worker that dies is replaced as in a run; a match that raises stops the search
with its error.
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from experiments.batch.backends import kept_workers, run_jobs
from experiments.batch.config import RunConfig
from experiments.batch.match import game_for
from experiments.batch.validate import check_playable
from experiments.decksearch.errors import DeckSearchError
from experiments.decksearch.spec import DeckSearch


@dataclass
class Evaluation:
    """A deck's record against the gauntlet: score (wins + draws/n), matches, wins, draws,
    and the rows of its matches (for card statistics)."""

    deck: str
    score: float = 0.0
    matches: int = 0
    wins: int = 0
    draws: int = 0
    rows: list[dict] = field(default_factory=list, repr=False)
    cards: list[pd.DataFrame] = field(default_factory=list, repr=False)

    @property
    def win_rate(self) -> float:
        """Score per match (draws count 1/n)."""
        return self.score / self.matches if self.matches else 0.0


def opponents(search: DeckSearch) -> tuple[str, ...]:
    """The gauntlet's decks: the file's, or the game's starter decks (XenodeX: its faction decks)."""
    if search.gauntlet:
        return search.gauntlet
    game = game_for(RunConfig(game=search.game, params=search.params))
    if search.game == "xenodex":
        return tuple(game.deck_names())
    return tuple(game.starter_decks())


class Gauntlet:
    """Plays candidates against the gauntlet on `workers` processes (see the module docstring)."""

    def __init__(self, search: DeckSearch, workers: int = 1, on_match: Callable[[int], None] | None = None) -> None:
        self.search = search
        self.workers = workers
        self.on_match = on_match
        self.decks = opponents(search)
        self.seats = game_for(RunConfig(game=search.game, params=search.params)).num_players
        self._workers_kept = ExitStack()

    def __enter__(self) -> Gauntlet:
        self._workers_kept.enter_context(kept_workers(self.workers))
        return self

    def __exit__(self, *exc) -> None:
        self._workers_kept.close()  # stops the workers, also when interrupted or failed

    def config(self, candidate: str, opponent: str | None = None) -> RunConfig:
        """The run config of `candidate` (a deck file or name) against one gauntlet deck."""
        s = self.search
        lineup = (candidate,) + (opponent or candidate,) * (self.seats - 1)
        return RunConfig(game=s.game, agents=(s.agent,), decks=lineup, matches=s.matches, seed=s.seed,
                         params=s.params, swap_seats=True, log_cards=True, progress=False, workers=1)

    def check_opponents(self) -> None:
        """Fail early: the agent and every gauntlet deck can be played (each deck at every seat,
        under the search's params); DeckSearchError naming the key (`agent`, `gauntlet.decks`)
        and the value as the file gives it."""
        key = "gauntlet.decks" if self.search.gauntlet else "gauntlet (the game's default decks)"
        for opponent in self.decks:
            try:
                check_playable(self.config(opponent, opponent))
            except Exception as exc:  # noqa: BLE001 - agents and decks raise their own types
                text = str(exc)
                if text.startswith("agents: "):
                    raise DeckSearchError(f"agent: {text.removeprefix('agents: ')}") from None
                raise DeckSearchError(f"{key}: {opponent!r} cannot be played: "
                                      f"{text.removeprefix('decks: ')}") from None

    def check(self, candidate: str, name: str | None = None) -> None:
        """Fail early: every gauntlet pairing of the deck file `candidate` can be played (decks,
        agent, params); the error calls it `name` (default: its path)."""
        name = name or candidate
        for opponent in self.decks:
            try:
                check_playable(self.config(candidate, opponent))
            except Exception as exc:  # noqa: BLE001 - agents and decks raise their own types
                text = str(exc).replace(candidate, name)
                raise DeckSearchError(f"gauntlet: {name} against {opponent!r} with agent "
                                      f"{self.search.agent!r}: {text}") from None

    def evaluate(self, candidates: list[str]) -> list[Evaluation]:
        """Each candidate deck file's record against every gauntlet deck."""
        jobs = [(c, f"{Path(c).stem}-vs-{j}", self.config(c, o)) for c in candidates for j, o in enumerate(self.decks)]
        results = {c: Evaluation(c) for c in candidates}
        for candidate, tables in self._play(jobs):
            self._score(results[candidate], tables)
        return [results[c] for c in candidates]

    def _play(self, jobs):
        shards = [(config, 0, config.matches, run_id) for _, run_id, config in jobs]
        for index, (_, _, tables) in run_jobs(self.workers, shards, self.on_match):
            yield jobs[index][0], tables

    def _score(self, result: Evaluation, tables: dict) -> None:
        for row in tables["matches"]:
            if row["end_reason"] == "error":
                raise DeckSearchError(f"a gauntlet match of {result.deck} raised: {row['error']}")
            n = row["num_players"]
            seat = next(q for q in range(n) if row[f"deck_{q}"] == result.deck)
            result.matches += 1
            if row["winner"] == seat:
                result.wins += 1
                result.score += 1.0
            elif row["winner"] == -1:
                result.draws += 1
                result.score += 1.0 / n
            result.rows.append(row)
        cards = tables.get("cards")
        if cards is not None and cards.num_rows:
            result.cards.append(cards.to_pandas())
