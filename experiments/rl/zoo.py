"""Filling the model zoo (agents/zoo): export a training run as a model, record its strength.

    tcglab zoo export runs/zoo/first_cycle --name first_cycle     # final.zip -> agents/zoo/first_cycle.pt + .json
    tcglab zoo evaluate first_cycle --matches 400 --workers 2      # strength against random, greedy, mcts
    tcglab zoo list                                                 # the table docs/rl.md shows

`export_run` reads a `tcglab train` folder (args.json, result.json and a checkpoint),
writes the policy file (agents/policy_file.py: float16 weights, no optimizer) and the
model's card: game, seats and params, the training command rebuilt from args.json with its
steps and minutes, and the export command. `record_strength` adds one opponent's
head-to-head summary (experiments/strength: seat-swapped deals, Wilson 95% interval) to
the card with the command that measured it and the code versions that played it;
`strength_markdown` renders every card as the table of docs/rl.md.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from filelock import FileLock

from agents import zoo
from sim.core.errors import TcglabError

MAX_BYTES = 5 * 1024 * 1024
"""The largest policy file the zoo ships."""


def training_command(args: dict[str, Any]) -> str:
    """The `tcglab train` command line that reproduces a run, from its args.json."""
    from experiments.rl.train_ppo import Args
    defaults = Args()
    parts = ["tcglab", "train"]
    for key, value in args.items():
        if key == "extra_params":
            parts += [f"--param {k}={v}" for k, v in sorted(value.items())]
            continue
        default = getattr(defaults, key, None)
        if isinstance(value, list):
            value = tuple(value)
        if (value == default and key != "game") or key == "device":
            continue
        flag = "--steps" if key == "total_steps" else "--" + key.replace("_", "-")
        shown = ",".join(map(str, value)) if isinstance(value, tuple) else value
        parts.append(f"{flag} {shown}")
    return " ".join(parts)


def export_run(run_dir: str | Path, name: str, checkpoint: str = "final.zip",
               zoo_dir: str | Path | None = None) -> Path:
    """Write run `run_dir`'s `checkpoint` into the zoo as model `name`; returns the card's path.

    Raises TcglabError for a folder that is not a finished training run, a bad name, or a
    policy file over `MAX_BYTES`."""
    from agents.policy_file import save_policy
    from agents.ppo import load_policy
    run_dir, zoo_dir = Path(run_dir), Path(zoo_dir) if zoo_dir else zoo.ZOO_DIR
    if not name or not name.replace("_", "").isalnum():
        raise TcglabError(f"--name: a zoo name is letters, digits and '_', got {name!r}")
    for needed in ("args.json", checkpoint):
        if not (run_dir / needed).is_file():
            raise TcglabError(f"{run_dir}: no {needed} (is it a finished `tcglab train --out` folder?)")
    args = _read_record(run_dir / "args.json")
    result = _read_record(run_dir / "result.json") if (run_dir / "result.json").is_file() else {}
    from sim import load_game
    params = dict(args.get("extra_params") or {})
    if args.get("players"):
        params["num_players"] = args["players"]
    game = load_game(args["game"], **params)
    policy = load_policy(str(run_dir / checkpoint), "cpu")
    architecture = {"policy": args.get("policy", "mlp"), "net_arch": args["net_arch"]}
    pt = save_policy(policy, zoo_dir / f"{name}.pt", architecture)
    size = pt.stat().st_size
    if size > MAX_BYTES:
        pt.unlink()
        raise TcglabError(f"{name}.pt would be {size / 2**20:.1f} MiB, over the zoo's 5 MiB: "
                          "train a smaller network (--net-arch)")
    card = {
        "name": name, "game": game.name, "num_players": game.num_players,
        "params": dict(args.get("extra_params") or {}),
        "architecture": architecture, "file_bytes": size,
        "trained": {"command": training_command(args), "steps": args.get("total_steps"),
                    "opponent": args.get("opponent"), "seed": args.get("seed"),
                    "minutes": round(result["train_minutes"], 1) if "train_minutes" in result else None,
                    "steps_per_s": round(result["steps_per_s"]) if "steps_per_s" in result else None},
        "exported": {"command": f"tcglab zoo export {run_dir.as_posix()} --name {name}"
                                + ("" if checkpoint == "final.zip" else f" --checkpoint {checkpoint}")},
        "strength": [],
    }
    return write_card(zoo_dir / f"{name}.json", card)


def _read_record(path: Path) -> dict[str, Any]:
    """A training run's args.json or result.json; TcglabError naming the file if it is not a
    JSON object."""
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise TcglabError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(record, dict) or (path.name == "args.json" and not {"game", "net_arch"} <= set(record)):
        raise TcglabError(f"{path}: not the record `tcglab train` writes")
    return record


def write_card(path: Path, card: dict[str, Any]) -> Path:
    """Write a model card (JSON) under a temporary name of this process and rename it into place."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def record_strength(name: str, summary: dict[str, Any], command: str, zoo_dir: str | Path | None = None) -> Path:
    """Add (or replace) the card's strength row against `summary["second"]`, from a head-to-head
    summary (experiments/strength) of `ppo:<name>` against one opponent."""
    path = zoo.card_path(name, zoo_dir)
    with card_lock(path):  # two evaluations of one model (other opponents) must not lose a row
        return _add_strength_row(path, summary, command)


def card_lock(path: Path) -> FileLock:
    """The lock that makes a card's read-and-rewrite one step among processes: an OS lock
    released when its holder ends, kept in the system's temporary folder (the card itself may
    lie in the repository, which keeps no lock files)."""
    key = hashlib.sha256(str(Path(path).resolve()).encode()).hexdigest()[:16]
    return FileLock(os.path.join(tempfile.gettempdir(), f"tcglab-card-{key}.lock"), timeout=600)


def _add_strength_row(path: Path, summary: dict[str, Any], command: str) -> Path:
    card = zoo.read_card(path)
    row = {"opponent": summary["second"], "matches": summary["matches"], "wins": summary["wins"],
           "draws": summary["draws"], "losses": summary["losses"], "score": round(summary["score"], 6),
           "ci95": [round(x, 6) for x in summary["ci95"]], "seed": summary["seed"], "command": command,
           "code_versions": list(summary["code_versions"])}
    if "win_rate" in summary:
        row["win_rate"] = round(summary["win_rate"], 6)
    rows = card["strength"]
    at = next((i for i, r in enumerate(rows) if r["opponent"] == row["opponent"]), None)
    if at is None:
        rows.append(row)
    else:  # a re-measured opponent keeps its place in the table
        rows[at] = row
    return write_card(path, card)


def strength_markdown(names: list[str] | None = None, zoo_dir: str | Path | None = None) -> str:
    """The zoo's strength table (one row per model and opponent) as markdown."""
    lines = ["| model | game | seats | trained | opponent | matches | W-D-L | score | 95% CI | code |",
             "|---|---|--:|---|---|--:|---|--:|---|---|"]
    for name in names if names is not None else zoo.names(zoo_dir):
        card = zoo.entry(name, zoo_dir)
        trained = f"{card['trained']['steps']:,} steps vs {card['trained']['opponent']}"
        for r in card["strength"]:
            lines.append(f"| `ppo:{name}` | {card['game']} | {card['num_players']} | {trained} | `{r['opponent']}` "
                         f"| {r['matches']} | {r['wins']}-{r['draws']}-{r['losses']} | {r['score']:.3f} "
                         f"| {r['ci95'][0]:.3f}..{r['ci95'][1]:.3f} | {_code(r)} |")
    return "\n".join(lines)


def _code(row: dict[str, Any]) -> str:
    """The code versions that played a strength row's matches, as its table cell."""
    versions = row.get("code_versions")
    return ", then ".join(versions) if versions else "not recorded"
