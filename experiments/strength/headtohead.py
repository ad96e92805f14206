"""Head-to-head strength of two agents: seat-swapped matches, win rate, Wilson 95% CI.

    python -m experiments.strength --games 400 --pair greedy,random
    python -m experiments.strength --games 400 --pair "mcts,mcts:iterations=100" --workers 2
    python -m experiments.strength --game xenodex --players 4 --games 300 --pair mcts,greedy

Each deal (a set-up seed) is played twice with the seats swapped, so both agents get
the same cards, decks and first player; `--games` counts matches (rounded up to even).
Every match is seeded from a `SeedSequence` spawned from `--seed` (set-up seed and one
generator per seat), so a run is reproducible whatever `--workers` is; the workers are the
batch runner's (`experiments.batch.backends.run_tasks`), so one that dies is replaced and its
match played again. The first agent's
score counts a draw as half a win; the interval is Wilson's score interval at 95%
over the decisive-or-drawn match count with draws as half-wins.

With `--players N` (games of 2-4 seats, e.g. XenodeX) the first agent plays one seat
and the second agent every other seat; each deal is played N times, the first agent in
seat 0, 1, ..., N-1 in turn (decks stay with the seats), so `--games` is rounded up to a
multiple of N. Then the summary also gives the first agent's plain win rate with its
Wilson interval (`win_rate`, `win_ci95`; a fair share is 1/N), and a draw scores 1/N.

With `--log FILE` every finished match is appended to FILE (one JSON line; the first line
records the run's settings) and a rerun with the same settings plays only the matches not
yet in it, so a run of slow agents can be stopped and resumed, or read part-way with
`summarize_log(FILE)`. A log of other settings is refused, and so is a second run on a log
another run is writing (an OS lock on FILE.lock, released when that run ends however it ends).
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
from filelock import FileLock, Timeout

import agents
from agents.base import split_specs
from experiments.batch.backends import run_tasks
from experiments.stats import wilson
from sim import load_game
from sim.core.errors import TcglabError


class StrengthError(TcglabError, ValueError):
    """Bad input to a strength run (a pair, an agent spec, a `--log` file), said in one line."""


@dataclasses.dataclass
class Args:
    """Command-line options (see `--help`)."""

    pair: str = "greedy,random"
    """Two agent specs separated by a comma outside ':' options, e.g. 'mcts,greedy'."""
    games: int = 400
    """Matches to play (half with each seating)."""
    seed: int = 0
    """Run seed: every match seed is spawned from it."""
    game: str = "first_cycle"
    """Game name for `sim.load_game`."""
    decks: str | None = None
    """Comma-separated deck names for seats 0 and 1 (default: the game's defaults)."""
    players: int | None = None
    """Seats (games of 2-4 players): the first agent plays one, the second all the others."""
    workers: int = 1
    """Local processes."""
    out: str | None = None
    """Also write the summary as JSON to this path."""
    log: str | None = None
    """Append each finished match to this JSON-lines file and skip the matches already in it,
    so a long run stopped at any point resumes (and its partial result can be summarised)."""


def split_pair(pair: str) -> tuple[str, str]:
    """'mcts:iterations=100,c=1,greedy' -> ('mcts:iterations=100,c=1', 'greedy')."""
    specs = split_specs(pair)
    if len(specs) != 2:
        raise StrengthError(f"--pair needs exactly two agent specs, got {specs}")
    return specs[0].strip(), specs[1].strip()


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """One match from the first agent's side."""

    index: int
    first_agent_seat: int
    score: float
    """1 win, 0 loss, 0.5 draw, for the first agent."""
    decisions: int
    turns: int
    end_reason: str
    think_seconds: tuple[float, float]
    """Total think time of the first and second agent."""
    code: str = "unknown"
    """The code version that played it (the driver's; "unknown" in a log from before it was kept)."""


def _match_seeds(seed: int, deal: int, seats: int = 2) -> tuple[np.random.SeedSequence, list[np.random.SeedSequence]]:
    deal_seq = np.random.SeedSequence(seed, spawn_key=(deal,))  # = SeedSequence(seed).spawn(...)[deal]
    setup, *rngs = deal_seq.spawn(1 + seats)
    return setup, rngs


def play_match_n(game: Any, specs: Sequence[str], decks: list[str] | None, seed: int, index: int) -> MatchResult:
    """Match `index` of an N-seat run: deal `index // N`, the first agent in seat `index % N`
    and the second agent in every other seat (generators: the first agent's, then the
    other seats' in seat order)."""
    n = game.num_players
    setup, seat_seeds = _match_seeds(seed, index // n, n)
    a_seat = index % n
    first, second = agents.make(specs[0]), agents.make(specs[1])
    others = [q for q in range(n) if q != a_seat]
    rngs = {a_seat: np.random.default_rng(seat_seeds[0])}
    rngs.update((q, np.random.default_rng(sd)) for q, sd in zip(others, seat_seeds[1:]))
    state = game.new_state(setup, decks)
    think = [0.0, 0.0]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player
        k = 0 if seat == a_seat else 1
        t = time.perf_counter()
        action = (first if k == 0 else second).act(state, rngs[seat])
        think[k] += time.perf_counter() - t
        state.apply(action)
        decisions += 1
    r = state.returns()[a_seat]
    score = 1.0 if r > 0 else 1.0 / n if r == 0 else 0.0
    return MatchResult(index, a_seat, score, decisions, getattr(state, "turn", -1),
                       getattr(state, "end_reason", ""), (think[0], think[1]))


def play_match(game: Any, specs: Sequence[str], decks: list[str] | None, seed: int, index: int) -> MatchResult:
    """Match `index`: deal `index // 2`, the first agent in seat `index % 2`."""
    setup, agent_seeds = _match_seeds(seed, index // 2)
    a_seat = index % 2
    players = [agents.make(specs[0]), agents.make(specs[1])]
    rngs = [np.random.default_rng(agent_seeds[0]), np.random.default_rng(agent_seeds[1])]
    by_seat = [0, 1] if a_seat == 0 else [1, 0]  # seat -> agent index
    state = game.new_state(setup, decks)
    think = [0.0, 0.0]
    decisions = 0
    while not state.is_terminal():
        k = by_seat[state.current_player]
        t = time.perf_counter()
        action = players[k].act(state, rngs[k])
        think[k] += time.perf_counter() - t
        state.apply(action)
        decisions += 1
    r = state.returns()[a_seat]
    score = 1.0 if r > 0 else 0.0 if r < 0 else 0.5
    return MatchResult(index, a_seat, score, decisions, getattr(state, "turn", -1),
                       getattr(state, "end_reason", ""), (think[0], think[1]))


_WORKER: dict[str, Any] = {}


def _init_worker(game_name: str, specs: tuple[str, str], decks: list[str] | None, seed: int,
                 players: int | None = None) -> None:
    game = load_game(game_name, **({"num_players": players} if players is not None else {}))
    _WORKER.update(game=game, specs=specs, decks=decks, seed=seed, players=players)


def _run_one(index: int) -> MatchResult:
    w = _WORKER
    play = play_match if w["players"] is None else play_match_n
    return play(w["game"], w["specs"], w["decks"], w["seed"], index)


def run(args: Args, progress: bool = True) -> dict[str, Any]:
    """Play the matches and return the summary dict (also printed by `main`)."""
    specs = split_pair(args.pair)
    for s in specs:
        try:
            agents.make(s)  # fail early on a bad spec
        except ValueError as exc:
            raise StrengthError(f"--pair: {s!r}: {exc}") from None
    decks = args.decks.split(",") if args.decks else None
    seats = args.players or 2
    n = args.games + (-args.games) % seats
    start = time.perf_counter()
    results: list[MatchResult] = []
    log = _MatchLog(args.log, _log_header(args, specs)) if args.log else None
    if log is not None:
        results.extend(r for r in log.results if r.index < n)
    todo = [i for i in range(n) if i not in {r.index for r in results}]
    init = (args.game, specs, decks, args.seed, args.players)
    code = _code_version()
    try:
        if args.workers > 1 and todo:
            # The runner's pool: a worker that dies (killed, out of memory) is replaced and its
            # match played again, where multiprocessing.Pool would wait for it forever.
            for _, r in run_tasks(args.workers, _run_one, [(i,) for i in todo], _init_worker, init):
                r = dataclasses.replace(r, code=code)
                results.append(r)
                if log is not None:
                    log.append(r)
                _progress(progress, results, n, start)
        elif todo:
            _init_worker(*init)
            for i in todo:
                results.append(dataclasses.replace(_run_one(i), code=code))
                if log is not None:
                    log.append(results[-1])
                _progress(progress, results, n, start)
    finally:
        if log is not None:
            log.close()
    codes = list(dict.fromkeys(r.code for r in results))  # the log's (oldest first), then this run's
    results.sort(key=lambda r: r.index)
    return summarize(args, specs, results, time.perf_counter() - start) | {"code_versions": codes}


def _log_header(args: Args, specs: Sequence[str]) -> dict[str, Any]:
    return {"pair": list(specs), "game": args.game, "seed": args.seed, "decks": args.decks,
            "players": args.players}


class _MatchLog:
    """The JSON-lines match log of `--log`: a settings header, then one match per line."""

    def __init__(self, path: str, header: dict[str, Any]) -> None:
        self.results: list[MatchResult] = []
        # One writer per log: a second one would append to a file the first has replaced (its
        # matches lost) or rewrite it under the first. The OS lock ends with its process.
        self._lock = FileLock(f"{path}.lock", timeout=0)
        try:
            self._lock.acquire()
        except Timeout:
            raise StrengthError(f"--log {path} is in use by another strength run (lock {path}.lock); wait for "
                                "it to finish or give another file") from None
        try:
            self._open(path, header)
        except BaseException:
            self._lock.release()
            raise

    def _open(self, path: str, header: dict[str, Any]) -> None:
        """Read what the log holds (refusing another run's), rewrite it whole, open it to append."""
        lines = _read_log(path)
        if lines and lines[0] != header:
            raise StrengthError(f"--log {path} holds a run with other settings {lines[0]}, not {header}")
        seen = set()
        for result in _results(lines[1:]):
            if result.index not in seen:
                seen.add(result.index)
                self.results.append(result)
        tmp = f"{path}.tmp"  # rewritten whole (drops a cut last line), then renamed: never half-written
        with open(tmp, "w") as fh:
            for row in [header] + [dataclasses.asdict(r) for r in self.results]:
                fh.write(json.dumps(row) + "\n")
        os.replace(tmp, path)
        self._fh = open(path, "a")  # noqa: SIM115 - kept open across appends, closed by close()

    def append(self, result: MatchResult) -> None:
        """Record one finished match (flushed at once)."""
        self._fh.write(json.dumps(dataclasses.asdict(result)) + "\n")
        self._fh.flush()

    def close(self) -> None:
        """Close the file and let another run write it."""
        self._fh.close()
        self._lock.release()


def _read_log(path: str) -> list[dict[str, Any]]:
    """The whole JSON lines of a match log (none if it does not exist); a last line cut by a
    kill is left out. Any other line that is not a JSON object (a damaged file), a first line
    that is not a settings header, or a match line without its fields is StrengthError naming
    the file and the line: the log is then left as it is, never rewritten without it."""
    rows: list[dict[str, Any]] = []
    if not os.path.exists(path):
        return rows
    with open(path, "rb") as fh:
        *complete, tail = fh.read().split(b"\n")  # tail: b"" or a last line cut by a kill mid-write
    for number, raw in enumerate(complete, 1):
        rows.append(_log_row(path, number, raw))
    if tail:
        with contextlib.suppress(StrengthError):  # cut: that match is played again
            rows.append(_log_row(path, len(complete) + 1, tail))
    return rows


def _log_row(path: str, number: int, raw: bytes) -> dict[str, Any]:
    """Line `number` of a match log as a dict: the settings header (line 1) or a match record;
    StrengthError naming the file and the line otherwise."""
    try:
        row = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        row = None
    wanted = HEADER_KEYS if number == 1 else MATCH_KEYS
    if not isinstance(row, dict) or not wanted <= row.keys():
        what = "the settings header" if number == 1 else "a match record"
        raise StrengthError(f"--log {path}: line {number} is not {what} of a strength match log (a damaged or "
                            "other file); it is left as it is: move it aside to start again, or mend that line")
    return row


HEADER_KEYS = frozenset({"pair", "game", "seed", "decks", "players"})
MATCH_KEYS = frozenset(f.name for f in dataclasses.fields(MatchResult))


def _results(rows: list[dict[str, Any]]) -> list[MatchResult]:
    return [MatchResult(**{**r, "think_seconds": tuple(r["think_seconds"])}) for r in rows]


def summarize_log(path: str) -> dict[str, Any]:
    """The summary of the matches recorded so far in a `--log` file (a run may still be going)."""
    rows = _read_log(path)
    if not rows:
        raise ValueError(f"{path} holds no match log")
    header = rows[0]
    results = _results(rows[1:])
    codes = list(dict.fromkeys(r.code for r in results))
    results.sort(key=lambda r: r.index)
    args = Args(pair=",".join(header["pair"]), game=header["game"], seed=header["seed"],
                decks=header["decks"], players=header["players"], games=len(results))
    return summarize(args, header["pair"], results, 0.0) | {"code_versions": codes}


def _progress(on: bool, results: list[MatchResult], n: int, start: float) -> None:
    if on:
        score = sum(r.score for r in results)
        print(f"\r{len(results)}/{n} matches, score {score / len(results):.3f}, "
              f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
        if len(results) == n:
            print(file=sys.stderr)


def summarize(args: Args, specs: Sequence[str], results: list[MatchResult], wall: float) -> dict[str, Any]:
    """Win/draw/loss counts, score rate and its Wilson interval, per-decision think time."""
    n = len(results)
    wins = sum(r.score == 1.0 for r in results)
    draws = sum(0.0 < r.score < 1.0 for r in results)  # a draw scores 1/2 (1/N with N seats)
    score = sum(r.score for r in results)
    lo, hi = wilson(score, n)
    decisions = sum(r.decisions for r in results)
    return {
        "first": specs[0], "second": specs[1], "game": args.game, "decks": args.decks,
        "seed": args.seed, "matches": n, "wins": wins, "draws": draws, "losses": n - wins - draws,
        "score": score / n if n else 0.0, "ci95": [lo, hi],
        "score_as_seat0": _rate([r for r in results if r.first_agent_seat == 0]),
        "score_as_seat1": _rate([r for r in results if r.first_agent_seat == 1]),
        "mean_turns": sum(r.turns for r in results) / max(n, 1),
        "mean_decisions": decisions / max(n, 1),
        "think_s_per_match": [sum(r.think_seconds[k] for r in results) / max(n, 1) for k in (0, 1)],
        "end_reasons": {k: sum(r.end_reason == k for r in results) for k in sorted({r.end_reason for r in results})},
        "wall_s": wall, "workers": args.workers,
    } | (_n_seat_fields(args.players, results) if args.players is not None else {})


def _n_seat_fields(players: int, results: list[MatchResult]) -> dict[str, Any]:
    """The first agent's plain win rate and its interval, and its score by seat (N seats)."""
    n = len(results)
    wins = sum(r.score == 1.0 for r in results)
    lo, hi = wilson(wins, n)
    return {"players": players, "win_rate": wins / n if n else 0.0, "win_ci95": [lo, hi],
            "score_by_seat": [_rate([r for r in results if r.first_agent_seat == q])
                              for q in range(players)]}


def _rate(rs: list[MatchResult]) -> float:
    return sum(r.score for r in rs) / len(rs) if rs else float("nan")


def parse_args(argv: Sequence[str] | None = None) -> Args:
    """Build `Args` from the command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for f in dataclasses.fields(Args):
        kind = int if f.type in ("int", int, "int | None") else str
        p.add_argument(f"--{f.name}", type=kind, default=f.default)
    return Args(**vars(p.parse_args(argv)))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run from the command line and print the summary, then what produced it."""
    args = parse_args(argv)
    _code_version()  # read now: the code that plays, whatever changes while it runs
    summary = run(args)
    seats = args.players or 2
    lo, hi = summary["ci95"]
    print(f"{summary['first']} vs {summary['second']}: score {summary['score']:.3f} "
          f"(wins + draws/{seats} per match; Wilson 95% CI {lo:.3f}-{hi:.3f}) over {summary['matches']} "
          f"seat-swapped matches; W/D/L {summary['wins']}/{summary['draws']}/{summary['losses']}; "
          f"{summary['wall_s']:.0f} s")
    if args.players is not None:
        lo, hi = summary["win_ci95"]
        print(f"{args.players} seats, {summary['first']} in one seat: win rate {summary['win_rate']:.3f} "
              f"(Wilson 95% CI {lo:.3f}-{hi:.3f}; fair share {1 / args.players:.3f}); end reasons "
              f"{summary['end_reasons']}")
    from experiments.codeversion import describe_code
    summary["code_version"] = describe_code(summary["code_versions"])
    print(produced_by(args, summary))
    if args.out:
        tmp = f"{args.out}.{os.getpid()}.tmp"  # whole or not at all
        with open(tmp, "w") as fh:
            json.dump(summary, fh, indent=1)
        os.replace(tmp, args.out)
    return summary


def produced_by(args: Args, summary: dict[str, Any]) -> str:
    """The line naming what produced a summary: game, seats, decks, the pair, seed, matches and
    the code version."""
    decks = args.decks or "the game's default decks"
    seats = f", {args.players} seats" if args.players is not None else ""
    return (f"produced by: python -m experiments.strength --game {args.game} --pair {args.pair} --seed {args.seed} "
            f"--games {args.games} ({summary['matches']} matches played{seats}, decks {decks}, code version "
            f"{summary.get('code_version') or 'unknown'})")


def _code_version() -> str:
    from experiments.codeversion import process_code_version
    return process_code_version()


def cli(argv: Sequence[str] | None = None) -> int:
    """`python -m experiments.strength`: `main`, with bad input (StrengthError, an unreadable
    file) said in one line on stderr and exit 2 instead of a traceback."""
    try:
        main(argv)
    except TcglabError as exc:
        print(f"python -m experiments.strength: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        print(f"python -m experiments.strength: {exc.strerror or exc}:{where}".rstrip(":"), file=sys.stderr)
        return 2
    return 0
