"""`tcglab tune`: search game params and card values toward design targets (a TOML file).

    tcglab tune experiments/examples/tune/first_cycle_first_player.toml --out runs/tune-fc --workers 2
    tcglab tune FILE.toml --out runs/tune-fc --resume            # continue a killed tune
    tcglab tune FILE.toml --dry-run                              # check the file, play nothing

The file format is `experiments.tune.spec`; the files written are `experiments.tune.report`
(summary.md states the findings and the command that reproduces them). Progress is one line
per trial on stderr: its point, match count, and each measure with its 95% interval.
"""
from __future__ import annotations

import argparse
import shlex
import sys

from sim.core.errors import TcglabError


def add_parsers(sub) -> None:
    """Register tune."""
    p = sub.add_parser("tune", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                       help="search params and card values toward balance targets (optuna)",
                       description="Search game params and card values toward the objectives and "
                                   "constraints of a tune file, then re-check the best points on held-out seeds.")
    p.add_argument("file", help="the tune file (see experiments/examples/tune/)")
    p.add_argument("--out", help="the tune folder (study.db, tables, plot, summary.md)")
    p.add_argument("--trials", type=int, default=None, help="trials in all, overriding the file's (a resume may raise it); None: the file's")
    p.add_argument("--matches", type=int, default=None, help="matches per trial; None: the file's")
    p.add_argument("--workers", type=int, default=None, help="processes playing a trial's matches; None: the file's")
    p.add_argument("--backend", default=None, choices=("local", "ray"), help="where matches run; None: the file's")
    p.add_argument("--holdout-matches", type=int, default=None,
                   help="matches of each held-out check; None: the file's")
    p.add_argument("--ray-address", default=None, help="an existing Ray cluster; None: start one")
    p.add_argument("--resume", action="store_true", help="continue the tune in --out")
    p.add_argument("--dry-run", action="store_true", help="check the file against the game and list the space")
    p.set_defaults(handler=cmd_tune)


def cmd_tune(args: argparse.Namespace) -> int:
    """Check the file, run (or resume) the tune and print the summary."""
    from experiments.tune import load_tune_file, run_tune
    spec = load_tune_file(args.file, trials=args.trials, matches=args.matches, workers=args.workers,
                          backend=args.backend, ray_address=args.ray_address,
                          holdout_matches=args.holdout_matches)
    if args.dry_run:
        print(f"tune {spec.name!r} ({spec.game}): {spec.trials} trials of {spec.base.matches} matches, "
              f"sampler {spec.sampler_kind}")
        for d in spec.dims:
            what = f"choices {list(d.choices)}" if d.choices is not None else f"{d.low} to {d.high}"
            print(f"  {'card' if d.card else 'param'} {d.key}: {what}")
        for o in spec.objectives:
            print(f"  objective: {o.describe()}")
        for c in spec.constraints:
            print(f"  constraint: {c.describe()}")
        print("every searched end and choice checked against the game; agents and decks can play")
        return 0
    if not args.out:
        raise TcglabError("--out FOLDER is required (or --dry-run)")
    command = "tcglab tune " + " ".join(shlex.quote(a) for a in _reproduce_args(args))
    result = run_tune(spec, args.out, resume=args.resume, command=command,
                      say=lambda line: print(line, file=sys.stderr, flush=True))
    print(result.paths["summary.md"].read_text(encoding="utf-8"))
    return 0


def _reproduce_args(args: argparse.Namespace) -> list[str]:
    out = [args.file, "--out", args.out]
    for flag in ("trials", "matches", "holdout_matches", "workers", "backend", "ray_address"):
        value = getattr(args, flag)
        if value is not None:
            out += [f"--{flag.replace('_', '-')}", str(value)]
    return out
