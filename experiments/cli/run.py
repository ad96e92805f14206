"""`tcglab run` and `tcglab replay`: the batch runner from the command line.

    tcglab run --game first_cycle --agents mcts,random --decks black_starter,green_starter \\
        --matches 1000 --seed 7 --workers 2 --out runs/demo
    tcglab replay runs/demo 12
"""
from __future__ import annotations

import argparse
import shlex
import sys

from agents.base import split_specs
from experiments.batch.config import RunConfig, merge_params, parse_card, parse_param, with_card_overrides
from experiments.batch.replay import replay_lines
from experiments.batch.runner import RunInterrupted, check_errors, execute, folder_code_versions
from experiments.batch.summary import produced_by
from experiments.codeversion import describe_code, process_code_version


def add_parsers(sub) -> None:
    """Register run and replay."""
    fmt = argparse.ArgumentDefaultsHelpFormatter
    run = sub.add_parser("run", help="run a batch of seeded matches, log them, print a summary",
                         description="Play a batch of seeded matches, log them to Parquet (with --out) "
                                     "and print a summary with 95%% intervals.", formatter_class=fmt)
    run.add_argument("--game", default="first_cycle", help="first_cycle, cipher or xenodex (tcglab games)")
    run.add_argument("--agents", default="random",
                     help="agent specs, one per seat or one for all, comma-separated (tcglab agents)")
    run.add_argument("--decks", default=None,
                     help="decks, one per seat or one for all, comma-separated: deck names or paths "
                          "to .json deck files, read and validated, their content recorded in the run "
                          "(default: the game's starters, rotated; tcglab decks GAME)")
    run.add_argument("--players", type=int, default=None, help="number of seats, for games with 2-4 (XenodeX)")
    run.add_argument("--matches", type=int, default=100, help="matches to play (with --resume: the new total)")
    run.add_argument("--seed", type=int, default=0, help="run seed: match i is seeded from (seed, i)")
    run.add_argument("--workers", type=int, default=1, help="local processes (or Ray CPUs)")
    run.add_argument("--out", default=None, help="run folder for the Parquet logs (nothing kept without it)")
    run.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                     help="a params override, repeatable; a repeated key keeps the last value")
    run.add_argument("--card", action="append", default=[], metavar="CARD.FIELD=VALUE",
                     help="a card override, repeatable, e.g. FC033.power=4 or FE046.skills[0].params.amount=30 "
                          "(docs/cards/overrides.md; recorded in the params as card_overrides)")
    run.add_argument("--no-swap", action="store_true", help="keep seats fixed between matches")
    run.add_argument("--cross-decks", action="store_true",
                     help="rotate the given decks apart from the agents, so every agent plays every deck "
                          "(default: each agent keeps its deck)")
    run.add_argument("--log-decisions", action="store_true", help="also log one row per decision")
    run.add_argument("--no-cards", action="store_true", help="skip the per-card event table")
    run.add_argument("--backend", default="local", choices=("local", "ray"), help="where matches run")
    run.add_argument("--ray-address", default=None, help="an existing Ray cluster (default: start one)")
    run.add_argument("--shard-size", type=int, default=200, help="matches per Parquet shard")
    run.add_argument("--resume", action="store_true",
                     help="continue (or, with a larger --matches, extend) the run in --out")
    run.add_argument("--allow-errors", action="store_true",
                     help="exit 0 even when some matches raised (they are logged with end_reason error)")
    run.add_argument("--no-progress", action="store_true", help="no progress bar")
    run.set_defaults(handler=cmd_run)
    replay = sub.add_parser("replay", help="replay one match of a run move by move, with the board",
                            description="Replay one match: the logged actions when the run used --log-decisions "
                                        "(instant), else its agents re-run from their seeds.", formatter_class=fmt)
    replay.add_argument("run_dir", help="a run folder (made with --out)")
    replay.add_argument("match_id", type=int, help="the match id (0-based)")
    replay.add_argument("--no-board", action="store_true", help="only the moves, no board at each turn")
    replay.set_defaults(handler=cmd_replay)


def config_from_args(args: argparse.Namespace) -> RunConfig:
    """A RunConfig from `tcglab run` arguments."""
    return RunConfig(
        game=args.game, agents=tuple(a.strip() for a in split_specs(args.agents)),
        decks=tuple(d.strip() for d in args.decks.split(",")) if args.decks else None,
        matches=args.matches, seed=args.seed, workers=args.workers, out=args.out,
        params=with_card_overrides(merge_params([parse_param(p) for p in args.param]),
                                   [parse_card(c) for c in args.card]),
        num_players=args.players,
        swap_seats=not args.no_swap, log_decisions=args.log_decisions,
        log_cards=not args.no_cards, backend=args.backend, ray_address=args.ray_address,
        shard_size=args.shard_size, resume=args.resume, progress=not args.no_progress,
        allow_errors=args.allow_errors, cross_decks=args.cross_decks)


def config_from_manifest(manifest: dict) -> RunConfig:
    """The RunConfig a run folder was made with."""
    return RunConfig.from_json(manifest["config"], progress=False)


def cmd_run(args: argparse.Namespace) -> int:
    """Run, print the summary."""
    config = config_from_args(args)
    try:
        summary = execute(config)
    except RunInterrupted as exc:
        if config.out:
            exc.args = (f"{exc.args[0]}; continue with: {resume_command()}",)
        raise
    code = describe_code(folder_code_versions(config.out)) if config.out else process_code_version()
    print(produced_by(config, code))
    print(summary.render())
    if config.decks_confounded():
        print("note: each agent kept its deck, so 'win rate by deck' is also the agent's record; "
              "--cross-decks gives every agent every deck, one agent (e.g. --agents greedy) compares decks alone")
    if config.out:
        print(f"logs: {config.out}/matches (pandas.read_parquet)")
    check_errors(summary, config)
    return 0


def resume_command() -> str:
    """The command line that started this process, with --resume added if it lacked it."""
    argv = ["tcglab", *sys.argv[1:]]
    if "--resume" not in argv:
        argv.append("--resume")
    return " ".join(shlex.quote(a) for a in argv)


def cmd_replay(args: argparse.Namespace) -> int:
    """Print one match move by move, with the board at each turn (see experiments.batch.replay)."""
    for line in replay_lines(args.run_dir, args.match_id, boards=not args.no_board):
        print(line)
    return 0
