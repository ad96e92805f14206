"""`tcglab games`, `tcglab decks GAME` and `tcglab agents`: what can be played."""
from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
from pathlib import Path

import agents
from sim import game_names
from sim.core.errors import TcglabError
from sim.core.registry import _GAMES


def add_parsers(sub) -> None:
    """Register games, decks and agents."""
    sub.add_parser("games", help="list the games").set_defaults(handler=cmd_games)
    decks = sub.add_parser("decks", help="list a game's starter decks")
    decks.add_argument("game")
    decks.set_defaults(handler=cmd_decks)
    sub.add_parser("agents", help="list the agents and their config fields").set_defaults(handler=cmd_agents)


def cmd_games(args: argparse.Namespace) -> int:
    """Print the game names."""
    for name in game_names():
        print(name)
    return 0


def cmd_decks(args: argparse.Namespace) -> int:
    """Print the deck files a game ships (sim/<game>/decks/*.json)."""
    if args.game not in _GAMES:
        raise TcglabError(f"unknown game {args.game!r}; games: {', '.join(game_names())}")
    folder = Path(importlib.import_module(_GAMES[args.game][0]).__file__).parent / "decks"
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        parts = []
        for zone in ("cards", "characters", "transmissions"):
            if isinstance(data.get(zone), dict):
                parts.append(f"{sum(data[zone].values())} {zone}")
        title = data.get("title") or data.get("leader") or data.get("mc") or ""
        print(f"{path.stem}: {title + ', ' if title else ''}{', '.join(parts)}")
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    """List agents and their config fields."""
    for name in agents.available():
        cfg = agents.config_class(name)
        fields = ", ".join(f"{f.name}={f.default!r}" for f in dataclasses.fields(cfg)
                           if f.default is not dataclasses.MISSING)
        print(f"{name}: {fields}")
    return 0
