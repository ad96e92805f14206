"""A human game saved as a normal run folder, which `tcglab replay` and `tcglab view` read.

    config = human_config("first_cycle", seat=0, opponents=("random",), seed=7, out="runs/me")
    check_out_folder(config.out)                 # before the game: refuse a folder in use
    save_game(config, seat=0, actions=[...], think_times=[...], wall_time=312.0)

The folder is what `tcglab run --log-decisions` writes for one match: a manifest, and one
shard each of the matches, decisions and cards tables (experiments.batch.shards), made by
the batch runner's own `play_match` with the recorded actions standing in for the seats.
A game the human left before its end is saved too, with end_reason "left" and no
winner. The human's seat is named "human" in the agent columns and in the manifest's config; the
match is dealt from the run seed exactly as match 0 of a run with that seed. The folder is
written whole under a temporary name beside `out` and then renamed, so a game killed while
it is saved leaves either no game there or a whole, replayable one.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from experiments.batch.config import RunConfig
from experiments.batch.lock import FolderLock
from experiments.batch.match import MatchLeft, game_for, play_match
from experiments.batch.runner import manifest_for
from experiments.batch.shards import MANIFEST, write_manifest, write_shard
from sim.core.errors import TcglabError

HUMAN = "human"


def human_config(game: str, seat: int, opponents: tuple[str, ...], seed: int, out: str,
                 num_players: int | None = None) -> RunConfig:
    """The one-match run config of a human game: `HUMAN` at `seat`, `opponents` in the other
    seats in order (one name fills them all). Raises RunConfigError naming a bad value."""
    seats = game_for(RunConfig(game=game, num_players=num_players)).num_players
    if not isinstance(seat, int) or not 0 <= seat < seats:
        raise TcglabError(f"seat: expected 0..{seats - 1} for a {seats}-player game (seat K is P(K+1)), got {seat!r}")
    others = seats - 1
    if len(opponents) == 1:
        opponents = opponents * others
    if len(opponents) != others:
        raise TcglabError(f"vs: got {len(opponents)} agents ({', '.join(opponents)}) for "
                          f"{'the other seat' if others == 1 else f'the {others} other seats'} of a "
                          f"{seats}-player game; give one for all, or one per seat")
    agents = list(opponents)
    agents.insert(seat, HUMAN)
    return RunConfig(game=game, agents=tuple(agents), matches=1, seed=seed, out=out, swap_seats=False,
                     log_decisions=True, log_cards=True, progress=False, num_players=num_players)


def check_out_folder(out: str | Path) -> None:
    """Refuse a folder that already holds files (the game would have nowhere to go)."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(not p.name.startswith(".") for p in out.iterdir())):
        raise TcglabError(f"out: {out} already exists and is not an empty folder; choose another --out")


class _Scripted:
    """A seat that plays the recorded actions (its part of them, in order); past the last
    one the game was left (`MatchLeft`)."""

    def __init__(self, actions: list[int], seat_of: list[int], seat: int) -> None:
        self._mine = iter(a for a, s in zip(actions, seat_of) if s == seat)

    def act(self, state, rng) -> int:
        action = next(self._mine, None)
        if action is None:
            raise MatchLeft
        return action


def save_game(config: RunConfig, seat: int, actions: list[int], seats_of: list[int],
              think_times: list[float], wall_time: float) -> Path:
    """Write the game (every action, and the seat that took it) to `config.out` as a
    one-match run folder; returns the folder. A game left before its end is logged with
    end_reason "left" and no winner. The folder is written under a temporary name beside
    `config.out` and renamed, so a kill while saving leaves no half-written game."""
    game = game_for(config)
    run_id = hashlib.sha256((config.identity_json() + json.dumps(actions)).encode()).hexdigest()[:12]
    players = [_Scripted(actions, seats_of, s) for s in range(game.num_players)]
    row, decisions, cards = play_match(config, 0, run_id, players=players)
    if row["end_reason"] == "error" or row["decisions"] != len(actions):
        raise TcglabError(f"the game does not replay from its seed and actions ({row['error']}); nothing saved")
    for step, think in zip(decisions, think_times):
        step["think_time"] = think
    row["wall_time"] = wall_time
    out = Path(config.out)
    check_out_folder(out)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        with FolderLock(tmp, "tcglab play"):
            write_shard(tmp, run_id, 0, 1, {"matches": [row], "decisions": decisions, "cards": cards})
            write_manifest(tmp, manifest_for(config, run_id, game, human_seat=seat))
        _place(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def _place(tmp: Path, out: Path) -> None:
    """Move the whole saved game from `tmp` to `out` in one rename (or, when `out` is a folder
    holding only hidden files, entry by entry with the manifest last); when `out` was taken
    meanwhile, keep the game beside it and say where."""
    try:
        os.rename(tmp, out)             # out absent, or an empty folder
        return
    except OSError:
        pass
    try:
        check_out_folder(out)
    except TcglabError:
        kept = out.with_name(f"{out.name}-{os.getpid()}")
        os.rename(tmp, kept)
        raise TcglabError(f"out: {out} was filled by someone else during the game; the game is saved in "
                          f"{kept} instead") from None
    for entry in sorted(tmp.iterdir(), key=lambda p: p.name == MANIFEST):
        os.replace(entry, out / entry.name)
