"""`tcglab sweep` and `tcglab report`: balance sweeps from a TOML file, and their report.

    tcglab sweep experiments/examples/sweeps/first_cycle_round_robin.toml --out runs/sweep1 --workers 2
    tcglab sweep experiments/examples/sweeps/first_cycle_round_robin.toml --out runs/sweep1 --resume
    tcglab sweep SWEEP.toml --dry-run            # validate and list the cells, play nothing
    tcglab report runs/sweep1                    # PNG plots + index.html in runs/sweep1/report
"""
from __future__ import annotations

import argparse

from sim.core.errors import TcglabError


def add_parsers(sub) -> None:
    """Register sweep and report on an argparse subparsers object."""
    sweep = sub.add_parser("sweep", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="run a balance sweep described by a TOML file")
    sweep.add_argument("file", help="the sweep file (see experiments/examples/sweeps/)")
    sweep.add_argument("--out", help="sweep folder (cells/<cell-id>/ run folders inside)")
    sweep.add_argument("--workers", type=int, default=None, help="processes per cell (default: the file's)")
    sweep.add_argument("--backend", default=None, choices=("local", "ray"))
    sweep.add_argument("--ray-address", default=None)
    sweep.add_argument("--matches", type=int, default=None, help="override the matches per cell")
    sweep.add_argument("--resume", action="store_true", help="continue an interrupted sweep")
    sweep.add_argument("--dry-run", action="store_true", help="validate and list the cells only")
    sweep.add_argument("--no-progress", action="store_true", help="no progress bars")
    sweep.add_argument("--report", action="store_true", help="write the report when done")
    sweep.set_defaults(handler=cmd_sweep)
    report = sub.add_parser("report", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="plots and an HTML page for a sweep or run folder")
    report.add_argument("folder", help="a sweep folder (or a single run folder)")
    report.add_argument("--out", default=None, help="where to write (default FOLDER/report)")
    report.add_argument("--top-cards", type=int, default=20, help="cards shown in the card table")
    report.set_defaults(handler=cmd_report)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Validate the whole sweep, then run (or resume) it and print the cells."""
    from experiments.sweep import SweepCellsFailed, load_sweep_file, run_sweep, validate_sweep
    if args.workers is not None and args.workers < 1:
        raise TcglabError(f"--workers: must be >= 1, got {args.workers}")
    sweep = load_sweep_file(args.file, matches=args.matches)
    if args.dry_run:
        validate_sweep(sweep)
        print(sweep.describe())
        print("every cell checked: params, decks and agents can be played")
        return 0
    if not args.out:
        raise TcglabError("--out FOLDER is required (or --dry-run)")
    try:
        cells = run_sweep(sweep, args.out, workers=args.workers, backend=args.backend,
                          ray_address=args.ray_address, resume=args.resume, progress=not args.no_progress)
    except SweepCellsFailed as exc:
        print_cells(sweep, exc.cells, args.out)
        raise
    print_cells(sweep, cells, args.out)
    if args.report:
        from experiments.analysis.report import write_report
        print(f"report: {write_report(args.out)}")
    return 0


def print_cells(sweep, cells, out: str) -> None:
    """The cells table with the line saying what produced it, the totals and what each column counts."""
    from experiments.batch.runner import folder_code_versions
    from experiments.codeversion import describe_code
    from experiments.sweep import produced_by
    errors = int(cells["errors"].sum()) if len(cells) else 0
    finished = int(cells["matches"].sum()) if len(cells) else 0
    errored = f" and {errors} that raised an error (left out of the rates)" if errors else ""
    print(f"sweep {sweep.name!r}: {len(cells)} cells, {finished} finished matches{errored} in {out}")
    print(produced_by(sweep, describe_code(folder_code_versions(out))))
    print(cells.to_string(index=False, na_rep="n/a", float_format=lambda v: f"{v:.3f}"))
    print("matches: the cell's finished matches, which its rates are over; errors: its matches that raised an "
          "error, left out of the rates; lineup_win_rate: the cell's first agent or deck (as listed) over its "
          "matches; first_player_win_rate: the seat that moved first; draws count 1/n; intervals are Wilson "
          "95%; n/a: not measured")


def cmd_report(args: argparse.Namespace) -> int:
    """Write the plots and index.html; print where."""
    from experiments.analysis.report import write_report
    path = write_report(args.folder, out=args.out, top_cards=args.top_cards)
    print(f"report: {path}")
    return 0
