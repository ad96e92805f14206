"""`tcglab games`, `tcglab decks GAME`, `tcglab params GAME` and `tcglab agents`: what can be played."""
from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
from pathlib import Path

import agents
from sim import game_names, load_game
from sim.core.errors import TcglabError
from sim.core.registry import _GAMES


def add_parsers(sub) -> None:
    """Register games, decks and agents."""
    sub.add_parser("games", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="list the games with their player counts").set_defaults(handler=cmd_games)
    decks = sub.add_parser("decks", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="list a game's starter decks")
    decks.add_argument("game", help="a game name (tcglab games)")
    decks.set_defaults(handler=cmd_decks)
    params = sub.add_parser("params", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="list a game's params: default, allowed range, meaning")
    params.add_argument("game", help="a game name (tcglab games)")
    params.set_defaults(handler=cmd_params)
    sub.add_parser("agents", formatter_class=argparse.ArgumentDefaultsHelpFormatter, help="list the agents and their options").set_defaults(handler=cmd_agents)


GAME_LINES = {
    "first_cycle": "First Cycle: the 2-player TCG (Leaders, Characters, Protocols, RAM Modules)",
    "cipher": "FE Cipher: the 2-player Fire Emblem Cipher rules",
    "xenodex": "XenodeX: the slot-control game (anchors, CDX, combat rolls, transmissions)",
}


def cmd_games(args: argparse.Namespace) -> int:
    """Print each game's name, player counts and one line about it."""
    for name in game_names():
        fields = {f["name"]: f for f in load_game(name).params.describe()}
        seats = fields.get("num_players")
        players = f"{seats['lo']}-{seats['hi']} players" if seats else f"{load_game(name).num_players} players"
        print(f"{name:<12} {players:<12} {GAME_LINES.get(name, '')}")
    return 0


def cmd_params(args: argparse.Namespace) -> int:
    """Print a game's params: name, default, allowed values, meaning (for --param and sweeps)."""
    if args.game not in _GAMES:
        raise TcglabError(f"unknown game {args.game!r}; games: {', '.join(game_names())}")
    print(f"{args.game} params (override with tcglab run --param NAME=VALUE, or a sweep file's [params]):")
    for f in load_game(args.game).params.describe():
        if f["name"] == "card_overrides":
            print(f"  {f['name']:<28} default {'{}':<14} {'CARD.FIELD=v':<14} {f['doc']}; tcglab run --card")
            continue
        if f["choices"]:
            allowed = "one of " + ", ".join(map(str, f["choices"]))
        elif f["lo"] is not None or f["hi"] is not None:
            allowed = f"{'' if f['lo'] is None else f['lo']}..{'' if f['hi'] is None else f['hi']}"
        else:
            allowed = type(f["default"]).__name__
        print(f"  {f['name']:<28} default {str(f['default']):<14} {allowed:<14} {f['doc']}")
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


NOT_FROM_THE_COMMAND_LINE = ("policy",)  # wraps a Python callable: built in code, not from a spec


def cmd_agents(args: argparse.Namespace) -> int:
    """List the agents a spec can name, with their options and defaults."""
    print("agent specs: NAME or NAME:option=value,option=value (e.g. mcts:iterations=100)")
    for name in agents.available():
        if name in NOT_FROM_THE_COMMAND_LINE:
            continue
        cfg = agents.config_class(name)
        fields = ", ".join(f"{f.name}={f.default!r}" for f in dataclasses.fields(cfg)
                           if f.default is not dataclasses.MISSING)
        print(f"  {name:<8} {fields or '(no options)'}")
    from agents import zoo
    models = [f"ppo:{n} ({zoo.entry(n)['game']}, {zoo.entry(n)['num_players']} seats)" for n in zoo.names()]
    print("zoo models (trained networks, extra 'rl'; `tcglab zoo list`): " + (", ".join(models) or "(none)"))
    return 0
