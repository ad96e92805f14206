"""`tcglab view`: one match of a run as a self-contained HTML page that steps through it.

    tcglab view runs/demo 12 --seat 1         # runs/demo/view/match-12-player1.html
    tcglab view runs/demo 12 --all            # every card: runs/demo/view/match-12-all.html
"""
from __future__ import annotations

import argparse


def add_parsers(sub) -> None:
    """Register view."""
    v = sub.add_parser("view", help="write an HTML page that steps through one match of a run",
                       description="Write one self-contained HTML page (works offline) stepping through a "
                                   "match: the board at each decision from one seat's view (or every card with "
                                   "--all), who played what, events, agents and decks, and the root visits of "
                                   "searching agents when their actions were re-run.",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    v.add_argument("run_dir", help="a run folder (tcglab run --out, or a game saved by tcglab play)")
    v.add_argument("match_id", type=int, nargs="?", default=0, help="the match id (0-based)")
    which = v.add_mutually_exclusive_group()
    which.add_argument("--seat", type=int, default=None,
                       help="the seat whose view is shown (default: the human's seat of a played game, else 0)")
    which.add_argument("--all", action="store_true", help="show every card (the omniscient view)")
    v.add_argument("--out", default=None, help="the HTML file (default RUN/view/match-ID-playerK.html or -all.html)")
    v.add_argument("--rerun", action="store_true",
                   help="re-run the agents even when decisions were logged (records searching agents' root visits)")
    v.set_defaults(handler=cmd_view)


def cmd_view(args: argparse.Namespace) -> int:
    """Write the page; print where."""
    from experiments.batch.shards import run_manifest
    from experiments.play.page import write_viewer
    seat = args.seat
    if not args.all and seat is None:
        seat = run_manifest(args.run_dir).get("human_seat", 0)
    path = write_viewer(args.run_dir, args.match_id, seat=None if args.all else seat, out=args.out,
                        rerun=args.rerun)
    print(f"viewer: {path}")
    return 0
