"""`tcglab play`: one human seat against agents, in the terminal.

    tcglab play --game xenodex --players 4 --vs mcts,greedy,random --seat 2 --seed 7 --out runs/me
"""
from __future__ import annotations

import argparse
import secrets
import time

from experiments.play.record import human_config
from experiments.play.terminal import HELP, play_in_terminal


class _HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The description as written (its key list) and every option's default."""


def add_parsers(sub) -> None:
    """Register play."""
    p = sub.add_parser("play", help="play one seat against agents in the terminal",
                       description="Play one seat against agents. At each of your decisions: the board from "
                                   "your seat and your numbered actions.\n\n" + HELP,
                       formatter_class=_HelpFormatter)
    p.add_argument("--game", default="first_cycle", help="first_cycle, cipher or xenodex")
    p.add_argument("--players", type=int, default=None, help="number of seats, for games with 2-4 (XenodeX; none: the game's default)")
    p.add_argument("--vs", default="random",
                   help="the other seats' agents in seat order, one for all or one per seat")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0-based")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (none: a new one, printed when the game ends)")
    p.add_argument("--out", default=None,
                   help="run folder the finished game is saved to (none: play-GAME-SEED-TIME)")
    p.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    """Play the game; save it when it ends."""
    from agents.base import split_specs
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    out = args.out or f"play-{args.game}-{seed}-{time.strftime('%Y%m%d-%H%M%S')}"
    opponents = tuple(s.strip() for s in split_specs(args.vs))
    config = human_config(args.game, args.seat, opponents, seed, out, num_players=args.players)
    return play_in_terminal(config, args.seat)
