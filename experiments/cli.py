"""The `tcglab` command: `run`, `replay`, `games`, `decks GAME`, `agents`, `sweep`, `report`,
`train`, `quickrun`, `packs`, `first-day`."""
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
    from experiments import collection_cli, run_cli, sweep_cli, train_cli
    train_cli.add_parsers(sub)
    collection_cli.add_parsers(sub)
    run_cli.add_parsers(sub)
    sweep_cli.add_parsers(sub)
    if argv[:1] == ["train"]:
        return train_cli.run_train(argv[1:])
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
        return list_decks(args.game)
    return 0


def list_decks(game: str) -> int:
    """Print the deck files a game ships (sim/<game>/decks/*.json)."""
    import importlib
    import json
    from pathlib import Path

    from sim.core.registry import _GAMES
    if game not in _GAMES:
        print(f"unknown game {game!r}; games: {game_names()}", file=sys.stderr)
        return 2
    folder = Path(importlib.import_module(_GAMES[game][0]).__file__).parent / "decks"
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        parts = []
        for zone in ("cards", "characters", "transmissions"):
            if isinstance(data.get(zone), dict):
                parts.append(f"{sum(data[zone].values())} {zone}")
        title = data.get("title") or data.get("leader") or data.get("mc") or ""
        print(f"{path.stem}: {title + ', ' if title else ''}{', '.join(parts)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
