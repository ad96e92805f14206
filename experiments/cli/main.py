"""`main(argv)`: the `tcglab` entry point (see `experiments.cli` for the subcommands).

Exit codes:
- 0: success;
- 1: a negative answer (e.g. `first-day`: the deck is never buildable);
- 2: bad input or an expected failure (a bad flag or config, a missing or corrupt file,
  an unwritable folder, a folder in use, an unreachable Ray cluster, a missing extra);
- 3: the command ran but some matches raised errors (`--allow-errors` accepts them);
- 130 / 143: stopped by Ctrl-C / SIGTERM (what was finished is kept; the line says how
  to continue).

Every failure above is one line `tcglab CMD: problem` on stderr; `--debug` (before the
subcommand) shows the traceback instead.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from experiments.cli import catalog, collection, decksearch, ladder, play, run, sweep, train, tune, view, zoo
from experiments.codeversion import process_code_version
from sim.core.errors import TcglabError

SUBCOMMAND_MODULES = (catalog, run, sweep, tune, ladder, decksearch, train, zoo, collection, play, view)
EXTRAS = {"torch": "rl", "stable_baselines3": "rl", "sb3_contrib": "rl", "matplotlib": "analysis",
          "openskill": "analysis", "ray": "ray",
          "optuna": "balance"}


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
    process_code_version()  # read now: the code this command runs, whatever is edited meanwhile
    if args.command == train.COMMAND:       # train's flags are parsed by the training script
        return guarded(args.command, lambda: train.run_train(extra), args.debug)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return guarded(args.command, lambda: args.handler(args), args.debug)


class Terminated(KeyboardInterrupt):
    """SIGTERM, delivered as an interrupt so runs stop the way Ctrl-C stops them."""

    exit_code = 143


def _on_sigterm(signum, frame) -> None:
    raise Terminated()


def guarded(command: str, call, debug: bool) -> int:
    """Run `call`; an expected failure becomes one line on stderr and its exit code."""
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if _main_thread() else None
    try:
        if debug:
            return call()
        return _one_line_errors(command, call)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _one_line_errors(command: str, call) -> int:
    try:
        return call()
    except TcglabError as exc:
        return _fail(command, str(exc), getattr(exc, "exit_code", 2))
    except KeyboardInterrupt as exc:
        return _fail(command, "interrupted", getattr(exc, "exit_code", 130))
    except BrokenPipeError:
        # the reader went away (`tcglab ... | head`): stop quietly, as other command-line tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except ModuleNotFoundError as exc:
        extra = EXTRAS.get((exc.name or "").split(".")[0])
        if extra is None:
            raise
        return _fail(command, f"this needs the extra '{extra}' ({exc.name} is missing): "
                              f"install with: pip install -e '.[{extra}]'", 2)
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        return _fail(command, f"{exc.strerror or exc}:{where}".rstrip(":"), 2)


def _fail(command: str, message: str, code: int) -> int:
    print(f"tcglab {command}: {message}", file=sys.stderr)
    return code


def _main_thread() -> bool:
    import threading
    return threading.current_thread() is threading.main_thread()
