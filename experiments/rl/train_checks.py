"""What `tcglab train` checks before it trains, each failure one line naming the flag.

    args = check_game(args)          # --game, --players, --param: the game can be built
    check_device(args.device)        # --device: a device torch has here
    restart = check_out(args)        # --out: new, empty, or an unfinished run of these settings
    check_agents(args, opponents)    # --opponent, --eval-opponents: each plays the game
    lock, restart = hold_out(args)   # --out's lock taken, check_out again (one writer per folder)
    prepare_out(Path(args.out), restart)

experiments/rl/train_ppo.py runs them in this order, the cheap ones first, all before the
networks are built and before anything is written. `--out` is refused when it holds
anything but a `tcglab train` run of the same settings that did not finish (it has
args.json and no result.json: stopped by Ctrl-C or a crash); such a run starts again from
step 0, its earlier checkpoints, eval.csv and final.zip removed first, so the folder never
mixes two runs. A finished run is never overwritten: continue from its weights in a new
folder with `--init-from OUT/final.zip --out NEW`. A run holds `--out`'s folder lock while
it writes (`hold_out`), so a second `tcglab train` on the same folder is refused in one line
naming the holder instead of restarting the running one under it.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from experiments.batch.lock import LOCK_NAME, WRITER_NAME
from sim.core.errors import TcglabError

NOT_SETTINGS = ("out", "threads")
"""Args fields that do not change what a run trains (left out when --out is compared)."""

NETWORK = ("game", "players", "extra_params", "policy", "net_arch")
"""Args fields that shape the network: a run's weights start another run (--init-from) only
where these agree."""

OUTPUTS = ("eval.csv", "final.zip", "result.json")
"""The files a run writes in --out besides args.json, train.log and checkpoints/."""


def game_params(args: Any) -> dict[str, Any]:
    """The game params the run plays: `--param` overrides and `--players` as num_players."""
    params = dict(args.extra_params)
    if args.players:
        params["num_players"] = args.players
    return params


def check_game(args: Any) -> Any:
    """`args` once its game can be built with its params; a game of fixed seats refuses another
    `--players` ("first_cycle is a 2-player game") and takes its own count as no flag at all."""
    from sim import load_game
    try:
        fixed = load_game(args.game, **dict(args.extra_params))
    except TcglabError as exc:
        raise TcglabError(f"--param: {exc}") from None
    if args.players is not None and "num_players" not in fixed.params.to_dict():
        if args.players != fixed.num_players:
            raise TcglabError(f"--players: {args.game} is a {fixed.num_players}-player game; "
                              f"{args.players} players is not possible")
        return dataclasses.replace(args, players=None)
    try:
        load_game(args.game, **game_params(args))
    except TcglabError as exc:
        raise TcglabError(f"--players {args.players}: {exc}") from None
    return args


def check_device(device: str) -> None:
    """Refuse a `--device` torch cannot parse, or a GPU torch does not see here."""
    if device == "auto":
        return
    import torch
    expected = "expected auto, cpu, cuda or cuda:N"
    try:
        dev = torch.device(device)
    except (RuntimeError, ValueError):
        raise TcglabError(f"--device: unknown device {device!r}; {expected}") from None
    if dev.type == "cpu":
        return
    if dev.type == "cuda":
        count = torch.cuda.device_count() if torch.cuda.is_available() else 0
        if count == 0:
            raise TcglabError(f"--device: {device!r}, but torch sees no GPU here (use --device cpu or auto)")
        if dev.index is not None and dev.index >= count:
            raise TcglabError(f"--device: {device!r}, but torch sees {count} GPU(s): cuda:0..cuda:{count - 1}")
        return
    if dev.type == "mps" and torch.backends.mps.is_available():
        return
    raise TcglabError(f"--device: {device!r} is not a device tcglab trains on here; {expected}")


def check_agents(args: Any, opponents: list[str]) -> None:
    """Build each `--opponent` and `--eval-opponents` agent and ask it for one action on an
    opening state of the game (experiments.batch.validate.check_playable): an unknown agent,
    a bad option or a model of another game is refused before training, not after it."""
    from experiments.batch.config import RunConfig, RunConfigError
    from experiments.batch.validate import check_playable
    params = tuple(sorted(game_params(args).items()))
    checks = [("--opponent", spec) for spec in opponents if spec != "self"]
    checks += [("--eval-opponents", spec) for spec in args.eval_opponents]
    for flag, spec in dict.fromkeys(checks):
        try:
            check_playable(RunConfig(game=args.game, agents=(spec,), params=params, progress=False))
        except RunConfigError as exc:
            raise TcglabError(f"{flag}: {str(exc).removeprefix('agents: ')}") from None


def settings(args: Any) -> dict[str, Any]:
    """The fields of `args` that define what a run trains, as args.json holds them."""
    record = json.loads(json.dumps(dataclasses.asdict(args), default=list))
    return {k: v for k, v in record.items() if k not in NOT_SETTINGS}


def check_out(args: Any) -> bool:
    """Whether `--out` holds an unfinished run of the same settings to start again (True), or is
    new or empty (False); TcglabError for anything else, saying what it holds and what to do."""
    out = Path(args.out)
    if not out.exists():
        return False
    if not out.is_dir():
        raise TcglabError(f"--out: {out} is a file, not a folder")
    if not any(p.name not in (LOCK_NAME, WRITER_NAME) for p in out.iterdir()):
        return False
    record = out / "args.json"
    if not record.is_file():
        raise TcglabError(f"--out: {out} is not empty and is not a `tcglab train` folder (no args.json); "
                          "give a new or empty folder")
    try:
        found = json.loads(record.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        found = None
    if not isinstance(found, dict):
        raise TcglabError(f"--out: {record} is not the record `tcglab train` writes; give a new or empty folder")
    wanted = settings(args)
    defaults = settings(type(args)())
    differ = [k for k in wanted if found.get(k, defaults[k]) != wanted[k]]
    same_network = not set(differ) & set(NETWORK)
    continue_from = (f", or --init-from {out / 'final.zip'} with a new --out to train on from its weights"
                     if same_network and (out / "final.zip").is_file() else "")
    if differ:
        shown = ", ".join(f"{k} {json.dumps(found.get(k, defaults[k]))} there, {json.dumps(wanted[k])} here"
                          for k in differ[:3])
        more = f" and {len(differ) - 3} more" if len(differ) > 3 else ""
        raise TcglabError(f"--out: {out} holds a training run of other settings ({shown}{more}); "
                          f"give a new --out{continue_from}")
    if (out / "result.json").exists():
        raise TcglabError(f"--out: {out} already holds this run, finished (result.json); give a new --out "
                          f"to train it again{continue_from}")
    return True


def hold_out(args: Any) -> tuple[Any, bool]:
    """Take `--out`'s folder lock (`experiments.batch.lock`: one writer per folder, held until
    `release()`, freed by the OS however the process ends), then `check_out` again, now that no
    other writer can change the folder. Returns the lock and whether the run restarts; a busy
    or refused folder is TcglabError, and the folder is left as it was found."""
    from experiments.batch.lock import FolderLock
    out = Path(args.out)
    lock = FolderLock(out, "tcglab train")
    try:
        lock.acquire()
    except OSError as exc:
        raise TcglabError(f"--out: cannot write to {out}: {exc.strerror or exc}") from None
    except TcglabError as exc:
        raise TcglabError(f"--out: {exc}") from None
    try:
        return lock, check_out(args)
    except BaseException:
        lock.abandon()
        raise


def prepare_out(out: Path, restart: bool) -> None:
    """Make `out` and its checkpoints folder; for a restarted run, first remove what the
    unfinished one wrote (its checkpoints, eval.csv, final.zip), so the runs never mix."""
    if restart:
        for name in OUTPUTS:
            (out / name).unlink(missing_ok=True)
        for pattern in ("step_*.zip", "snapshot_*.zip"):
            for old in (out / "checkpoints").glob(pattern):
                old.unlink()
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
