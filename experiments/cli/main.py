"""`main(argv)`: the `tcglab` entry point (see `experiments.cli` for the subcommands).

Exit codes: 0 success, 1 a negative answer (e.g. a deck never buildable), 2 bad input or
an expected failure, reported as one line `tcglab CMD: problem` on stderr. `--debug`
(before the subcommand) shows the traceback instead.
"""
from __future__ import annotations

import argparse
import sys

from experiments.cli import catalog, collection, run, sweep, train
from sim.core.errors import TcglabError

SUBCOMMAND_MODULES = (catalog, run, sweep, train, collection)


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every subcommand registered."""
    ap = argparse.ArgumentParser(prog="tcglab", description="tcglab: card-game simulators for AI research",
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--debug", action="store_true", help="show tracebacks instead of one-line errors")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMAND_MODULES:
        module.add_parsers(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` (default: sys.argv[1:]), run the subcommand, return its exit code."""
    parser = build_parser()
    args, extra = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if args.command == train.COMMAND:       # train's flags are parsed by the training script
        return _guarded(args.command, lambda: train.run_train(extra), args.debug)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return _guarded(args.command, lambda: args.handler(args), args.debug)


def _guarded(command: str, call, debug: bool) -> int:
    """Run `call`; an expected failure becomes one line on stderr and exit code 2."""
    if debug:
        return call()
    try:
        return call()
    except TcglabError as exc:
        print(f"tcglab {command}: {exc}", file=sys.stderr)
        return 2
