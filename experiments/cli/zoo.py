"""`tcglab zoo`: the shipped trained models: list them, export a training run, measure strength.

    tcglab zoo list [--docs docs/rl.md]         # every model's card and strength table
    tcglab zoo export runs/zoo/first_cycle --name first_cycle
    tcglab zoo evaluate first_cycle --opponents random,greedy,mcts --matches 400 --workers 2

`evaluate` plays `ppo:<name>` against each opponent on seat-swapped deals
(experiments/strength; with N seats the model plays one seat and the opponent all others,
in every seat in turn), records the score with its Wilson 95% interval and the command in
the model's card, and keeps a resumable match log per opponent under `--logs`.
"""
from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path


def add_parsers(sub) -> None:
    """Register zoo and its actions."""
    p = sub.add_parser("zoo", help="the shipped trained models (ppo:<name>): list, export, evaluate")
    act = p.add_subparsers(dest="zoo_action", required=True)
    ls = act.add_parser("list", help="the models, what trained them and their strength")
    ls.add_argument("--docs", default=None, help="also write the strength table into this markdown file")
    ls.set_defaults(handler=cmd_list)
    ex = act.add_parser("export", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                        help="write a `tcglab train` run into the zoo (policy file and card)")
    ex.add_argument("run_dir", help="the training run's --out folder")
    ex.add_argument("--name", required=True, help="the model's zoo name (then playable as ppo:NAME)")
    ex.add_argument("--checkpoint", default="final.zip", help="checkpoint file inside the run folder")
    ex.add_argument("--zoo-dir", default=None, help="write into this folder instead of the installed zoo")
    ex.set_defaults(handler=cmd_export)
    ev = act.add_parser("evaluate", formatter_class=argparse.ArgumentDefaultsHelpFormatter,
                        help="play a model against baseline agents and record its strength in its card")
    ev.add_argument("name", help="zoo model name")
    ev.add_argument("--opponents", default="random,greedy,mcts", help="agent specs, comma-separated")
    ev.add_argument("--matches", type=int, default=400, help="matches per opponent (seat-swapped)")
    ev.add_argument("--seed", type=int, default=1, help="run seed (every opponent plays the same deals)")
    ev.add_argument("--workers", type=int, default=1, help="local processes")
    ev.add_argument("--logs", default="runs/zoo-eval", help="folder of the resumable match logs")
    ev.add_argument("--zoo-dir", default=None, help="the model's folder instead of the installed zoo")
    ev.set_defaults(handler=cmd_evaluate)


def cmd_list(args: argparse.Namespace) -> int:
    """Print the zoo's models and strength table (and write it into --docs)."""
    from agents import zoo
    from experiments.rl.zoo import strength_markdown
    for name in zoo.names():
        card = zoo.entry(name)
        print(f"ppo:{name}: {card['game']}, {card['num_players']} seats, {card['file_bytes'] / 2**20:.1f} MiB; "
              f"trained by: {card['trained']['command']}")
    table = strength_markdown()
    print(STRENGTH_PREAMBLE + "\n")
    print(table)
    if args.docs:
        from experiments.cli.ladder import write_section
        write_section(Path(args.docs), "### Zoo strength\n\n" + STRENGTH_PREAMBLE + "\n\n" + table + "\n")
        print(f"written to {args.docs}")
    return 0


STRENGTH_PREAMBLE = (
    "Written by `tcglab zoo list --docs docs/rl.md` from the models' cards. Each row: the model "
    "against one opponent on seat-swapped deals (`tcglab zoo evaluate`, its command in the card), "
    "score = (wins + draws / seats) / matches with its Wilson 95% interval; a fair share is "
    "1/seats. `code`: the version of the code that played the matches (\"not recorded\": "
    "measured before the cards kept it; `git log -- agents/zoo` shows the commit that brought the row).")


def cmd_export(args: argparse.Namespace) -> int:
    """Export a training run into the zoo."""
    from experiments.rl.zoo import export_run
    path = export_run(args.run_dir, args.name, args.checkpoint, args.zoo_dir)
    print(f"ppo:{args.name} written: {path} and {path.with_suffix('.pt')}")
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    """Play the model against each opponent and record the results in its card (every input,
    opponents included, is checked before the log folder is made or a match is played)."""
    from experiments.codeversion import describe_code
    from experiments.rl.zoo import record_strength
    from experiments.strength.headtohead import Args, run
    card, spec, players, opponents = _check_evaluate(args)
    codes: list[str] = []  # every version that played the matches (a log may hold older ones)
    logs = Path(args.logs)
    logs.mkdir(parents=True, exist_ok=True)
    for opponent, log in opponents:
        command = shlex.join(["tcglab", "zoo", "evaluate", args.name, "--opponents", opponent,
                              "--matches", str(args.matches), "--seed", str(args.seed)])
        summary = run(Args(pair=f"{spec},{opponent}", games=args.matches, seed=args.seed,
                           game=card["game"], players=players, workers=args.workers, log=str(log)), progress=True)
        record_strength(args.name, summary, command, args.zoo_dir)
        codes += [c for c in summary["code_versions"] if c not in codes]
        lo, hi = summary["ci95"]
        print(f"ppo:{args.name} vs {opponent}: {summary['wins']}-{summary['draws']}-{summary['losses']} (W-D-L) over "
              f"{summary['matches']} seat-swapped matches, score {summary['score']:.3f} (a draw counts 1/seats; "
              f"95% CI {lo:.3f}..{hi:.3f})")
    command = shlex.join(["tcglab", "zoo", "evaluate", args.name, "--opponents", args.opponents, "--matches",
                          str(args.matches), "--seed", str(args.seed)])
    print(f"produced by: {command} ({card['game']}, {players or 2} seats, the game's default decks, "
          f"code version {describe_code(codes)}); match logs in {logs}")
    return 0


def _check_evaluate(args: argparse.Namespace) -> tuple[dict, str, int | None, list[tuple[str, Path]]]:
    """`evaluate`'s inputs, checked: the model's card, its agent spec, its seat count (None for
    2) and each opponent with its log file. TcglabError names the flag and value at fault."""
    from agents import zoo
    from agents.base import split_specs
    from experiments.batch.config import RunConfig, RunConfigError
    from experiments.batch.validate import check_playable
    from experiments.strength.headtohead import Args, _log_header
    from sim.core.errors import TcglabError
    for flag, value in (("--matches", args.matches), ("--workers", args.workers)):
        if value < 1:
            raise TcglabError(f"{flag}: must be at least 1, got {value}")
    if args.zoo_dir is not None and not Path(args.zoo_dir).is_dir():
        raise TcglabError(f"--zoo-dir: {args.zoo_dir} is not a folder")
    logs = Path(args.logs)
    if logs.exists() and not logs.is_dir():
        raise TcglabError(f"--logs: {logs} is not a folder")
    card = zoo.entry(args.name, args.zoo_dir)
    spec = f"ppo:{args.name}" if args.zoo_dir is None else f"ppo:path={zoo.policy_path(args.name, args.zoo_dir)}"
    players = card["num_players"] if card["num_players"] != 2 else None
    if card["params"]:
        raise TcglabError(f"ppo:{args.name} was trained with params {card['params']}: evaluate it with "
                          "`python -m experiments.strength` and those params")
    names = [s.strip() for s in split_specs(args.opponents) if s.strip()]
    if not names:
        raise TcglabError(f"--opponents: give at least one agent spec, got {args.opponents!r}")
    opponents = []
    for flag, agent in [(args.name, spec)] + [("--opponents", name) for name in names]:
        try:
            check_playable(RunConfig(game=card["game"], agents=(agent,), num_players=players, progress=False))
        except RunConfigError as exc:
            raise TcglabError(f"{flag}: {str(exc).removeprefix('agents: ')}") from None
    for opponent in names:
        safe = "".join(c if c.isalnum() else "_" for c in opponent)
        log = logs / f"{args.name}-{safe}-seed{args.seed}.jsonl"
        header = _log_header(Args(pair=f"{spec},{opponent}", seed=args.seed, game=card["game"],
                                  players=players), [spec, opponent])
        found = _first_line(log)
        if found is not None and found != header:
            raise TcglabError(f"--logs: {log} holds matches of other settings ({json.dumps(found)}); "
                              "give another --logs folder")
        opponents.append((opponent, log))
    return card, spec, players, opponents


def _first_line(path: Path) -> object | None:
    """The first line of a match log as JSON (None when the file is missing, empty or cut)."""
    if not path.is_file():
        return None
    with open(path, encoding="utf-8", errors="replace") as fh:
        line = fh.readline()
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None
