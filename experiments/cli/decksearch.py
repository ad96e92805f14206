"""`tcglab decksearch`: quality-diversity deck search (MAP-Elites) from a TOML file.

    tcglab decksearch experiments/examples/decksearch/first_cycle.toml --out runs/ds_fc --workers 2
    tcglab decksearch FILE.toml --out runs/ds --seed 3 --iterations 40    # override the file's values

The folder gets `summary.md` (findings with intervals and the command that reproduces
them), `heatmap.png`, `elites/*.json` (deck files for `tcglab run --decks`), `elites.csv`,
`cards.csv` and the logs (see `experiments.decksearch.report`).
"""
from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from experiments.batch.lock import LOCK_NAME, WRITER_NAME, FolderLock
from sim.core.errors import TcglabError


def add_parsers(sub) -> None:
    """Register decksearch on an argparse subparsers object."""
    ds = sub.add_parser("decksearch", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                        help="search the strongest decks of each style a card pool allows (MAP-Elites)")
    ds.add_argument("file", help="the search file (see experiments/examples/decksearch/)")
    ds.add_argument("--out", required=True, help="output folder (must be empty or new)")
    ds.add_argument("--workers", type=int, default=2, help="local processes playing the gauntlet matches")
    ds.add_argument("--seed", type=int, default=None, help="override the file's seed")
    ds.add_argument("--iterations", type=int, default=None, help="override the file's search.iterations")
    ds.add_argument("--no-progress", action="store_true", help="no line per round")
    ds.set_defaults(handler=cmd_decksearch)


def cmd_decksearch(args: argparse.Namespace) -> int:
    """Check the flags and the whole search (nothing is written before), then, holding `--out`'s
    lock (one writer per folder, `experiments.batch.lock`), run it, write the outputs and print
    the summary. A refused search leaves the folder as it found it."""
    from experiments.decksearch import load_search_file
    search = load_search_file(args.file)
    for name, value in (("seed", args.seed), ("iterations", args.iterations)):
        if value is not None:
            if value < (0 if name == "seed" else 1):
                raise TcglabError(f"--{name}: must be >= {0 if name == 'seed' else 1}, got {value}")
            search = search.replace(**{name: value})
    if args.workers < 1:
        raise TcglabError(f"--workers: must be >= 1, got {args.workers}")
    out = Path(args.out)
    _refuse_used(out)
    lock = FolderLock(out, "tcglab decksearch")
    try:
        lock.acquire()
    except OSError as exc:
        raise TcglabError(f"--out: cannot write to {out}: {exc.strerror or exc}") from None
    try:
        _refuse_used(out)  # again, now that no other writer can change it
        return _search(args, search, out)
    except BaseException:
        if not _used(out):
            lock.abandon()  # refused before anything was written: the folder is left as it was found
        raise
    finally:
        lock.release()


def _used(out: Path) -> bool:
    """Whether `out` holds anything besides the folder lock's own files."""
    return out.is_dir() and any(p.name not in (LOCK_NAME, WRITER_NAME) for p in out.iterdir())


def _refuse_used(out: Path) -> None:
    """TcglabError unless `out` is new or empty (a search never mixes with another's files)."""
    if out.exists() and not out.is_dir():
        raise TcglabError(f"--out: {out} is not a folder; choose a new folder")
    if _used(out):
        raise TcglabError(f"--out: {out} is not empty; choose a new folder")


def _search(args: argparse.Namespace, search, out: Path) -> int:
    """Run the search into `out` (its lock held), write the outputs, print the summary."""
    from experiments.decksearch import confirm_elites, run_search, write_outputs

    def say(r: dict) -> None:
        if not args.no_progress:
            print(f"round {r['round'] + 1}/{search.iterations}: {r['new_decks']} new decks, {r['cells']} cells "
                  f"held, best elite's score {r['best']:.2f} (wins + draws/n per gauntlet match)",
                  file=sys.stderr, flush=True)
    result = run_search(search, out, workers=args.workers, on_round=say)
    command = " ".join(shlex.quote(a) for a in ["tcglab", "decksearch", args.file, "--out", args.out,
                                                 "--seed", str(search.seed), "--iterations", str(search.iterations)])
    if search.confirm_top and not args.no_progress:
        top = min(search.confirm_top, len(result.elites()))
        print(f"confirming the {'best elite' if top == 1 else f'{top} best elites'} on held-out seeds",
              file=sys.stderr, flush=True)
    files = write_outputs(result, out, command, confirmed=confirm_elites(result, workers=args.workers))
    print(files["summary"].read_text(encoding="utf-8"))
    print(f"summary: {files['summary']}; heatmap: {files['heatmap']}")
    return 0
