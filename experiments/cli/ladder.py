"""`tcglab ladder`: a round robin of agents on one game and its rating table.

    tcglab ladder --game first_cycle --out runs/ladder-fc
    tcglab ladder --game xenodex --players 4 --agents random,greedy,mcts:iterations=50 --matches 20 --out runs/l4
    tcglab ladder --game cipher --out runs/ladder-c --resume     # continue an interrupted ladder

Without `--agents` the ladder plays random, greedy, mcts and the zoo's models of the game
and seat count (`ppo:<name>`, agents/zoo). The folder is a sweep folder (one cell per lineup): `tcglab report` reads it. The table is
printed and written to FOLDER/ladder.md; `--docs FILE` also puts it in FILE under a heading
for the game and seat count, replacing the section that was there (FILE is checked before
any match is played).
"""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from sim.core.errors import TcglabError


def add_parsers(sub) -> None:
    """Register ladder."""
    p = sub.add_parser("ladder", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                       help="rate agents on one game by a round robin (openskill, with intervals)")
    p.add_argument("--game", default="first_cycle", help="first_cycle, cipher or xenodex")
    p.add_argument("--players", type=int, default=None, help="seats (XenodeX 2-4; none: the game's default)")
    p.add_argument("--agents", default=None,
                   help="agent specs, comma-separated (an option list goes after ':', e.g. mcts:iterations=50); "
                        "default: random,greedy,mcts and the zoo models of this game and seat count")
    p.add_argument("--matches", type=int, default=40, help="matches per lineup")
    p.add_argument("--seed", type=int, default=0, help="run seed of every lineup (common random numbers)")
    p.add_argument("--workers", type=int, default=None, help="local processes")
    p.add_argument("--out", required=True, help="the ladder's sweep folder")
    p.add_argument("--resume", action="store_true", help="continue an interrupted ladder")
    p.add_argument("--docs", default=None, help="also write the table into this markdown file")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    p.set_defaults(handler=cmd_ladder)


def cmd_ladder(args: argparse.Namespace) -> int:
    """Play the ladder, print its table and write it to FOLDER/ladder.md (and --docs)."""
    from agents.base import split_specs
    from experiments.ladder import LadderSpec, ladder_markdown, run_ladder
    if args.workers is not None and args.workers < 1:
        raise TcglabError(f"--workers: must be >= 1, got {args.workers}")
    if args.docs:
        check_docs(Path(args.docs))
    specs = split_specs(args.agents) if args.agents else default_agents(args.game, args.players)
    spec = LadderSpec(game=args.game, agents=tuple(s.strip() for s in specs),
                      players=args.players, matches=args.matches, seed=args.seed)
    table = run_ladder(spec, args.out, workers=args.workers, resume=args.resume, progress=not args.no_progress)
    text = ladder_markdown(table, spec)
    print(text)
    try:
        write_whole(Path(args.out) / "ladder.md", text)
    except OSError as exc:
        raise TcglabError(f"cannot write {Path(args.out) / 'ladder.md'}: {exc.strerror or exc}") from None
    if args.docs:
        try:
            write_section(Path(args.docs), text)
        except (OSError, UnicodeDecodeError) as exc:
            raise TcglabError(f"--docs: cannot write {args.docs}: {getattr(exc, 'strerror', None) or exc}; "
                              f"the ladder is in {args.out}") from None
        print(f"written to {args.docs}")
    return 0


DEFAULT_AGENTS = ("random", "greedy", "mcts")


def default_agents(game: str, players: int | None) -> list[str]:
    """The registered baselines and every zoo model (agents/zoo) that plays `game` with
    `players` seats (None: the game's default count), as `ppo:<name>` (when the 'rl' extra
    that plays them is installed)."""
    import importlib.util

    from agents import zoo
    if importlib.util.find_spec("sb3_contrib") is None:
        return list(DEFAULT_AGENTS)
    from sim import load_game
    seats = load_game(game, **({"num_players": players} if players else {})).num_players
    models = [f"ppo:{n}" for n in zoo.names()
              if (zoo.entry(n)["game"], zoo.entry(n)["num_players"]) == (game, seats)]
    return [*DEFAULT_AGENTS, *models]


def check_docs(path: Path) -> None:
    """Refuse a --docs path the table could not be written to, before any match is played: a
    folder, a missing folder, a file that is not UTF-8 text, or one this user cannot write."""
    if path.is_dir():
        raise TcglabError(f"--docs: {path} is a folder; give a markdown file")
    if path.exists():
        try:
            path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TcglabError(f"--docs: cannot read {path} as text: {getattr(exc, 'strerror', None) or exc}") from None
        if not os.access(path, os.W_OK):
            raise TcglabError(f"--docs: {path} is not writable")
    elif not path.parent.is_dir():
        raise TcglabError(f"--docs: the folder of {path} does not exist")
    elif not os.access(path.parent, os.W_OK):
        raise TcglabError(f"--docs: cannot create {path}: its folder is not writable")


def write_section(path: Path, section: str) -> None:
    """Put `section` (starting with a '### ' heading) in the markdown file `path`, replacing
    the section with the same heading, else appending it."""
    heading = section.splitlines()[0]
    if not heading.startswith("### "):
        raise TcglabError("a ladder section starts with a '### ' heading")
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^### |^## |\Z)", re.M | re.S)
    if pattern.search(old):
        new = pattern.sub(lambda _: section + "\n", old, count=1)
    else:
        new = old.rstrip("\n") + ("\n\n" if old else "") + section
    write_whole(path, new)


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: into a temporary file beside it, then renamed
    over it, so a full disk or a kill mid-write leaves the old file as it was (and no temporary)."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
