"""The `tcglab` command: `run`, `replay`, `games`, `decks GAME`, `agents`, `quickrun`, `packs`,
`first-day`."""
from __future__ import annotations

import argparse
import sys

from sim import game_names


def main(argv: list[str] | None = None) -> int:
    """Dispatch a `tcglab` subcommand."""
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(prog="tcglab", description="tcglab: card-game simulators for AI research")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games")
    decks = sub.add_parser("decks", help="list a game's starter decks")
    decks.add_argument("game")
    sub.add_parser("quickrun", help="a batch of random matches with a summary (see --help)",
                   add_help=False)
    from experiments import collection_cli, run_cli, sweep_cli
    collection_cli.add_parsers(sub)
    run_cli.add_parsers(sub)
    sweep_cli.add_parsers(sub)
    if argv[:1] == ["quickrun"]:
        from experiments.quickrun import main as quickrun
        return quickrun(argv[1:])
    args = ap.parse_args(argv)
    if args.command == "games":
        for name in game_names():
            print(name)
    elif args.command in ("sweep", "report"):
        return sweep_cli.dispatch(args)
    elif args.command == "run":
        return run_cli.cmd_run(args)
    elif args.command == "replay":
        return run_cli.cmd_replay(args)
    elif args.command == "agents":
        return run_cli.cmd_agents(args)
    elif args.command == "packs":
        return collection_cli.run_packs(args)
    elif args.command == "first-day":
        return collection_cli.run_first_day(args)
    elif args.command == "decks":
        if args.game != "first_cycle":
            print(f"no starter decks for {args.game!r} yet", file=sys.stderr)
            return 2
        from sim.first_cycle.decks import starter_decks
        for name, deck in starter_decks().items():
            print(f"{name}: leader {deck.leader}, {len(deck.cards)} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
