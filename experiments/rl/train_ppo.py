"""Train a masked PPO agent on a tcglab game, in the single-file style of CleanRL.

    python -m experiments.rl.train_ppo --game first_cycle --total-steps 200000
    tcglab train --game first_cycle --steps 200000          # the same

One learner seat (drawn per episode, so it learns both sides) plays against a fixed
opponent agent, a mix of agents (`--opponent greedy+ppo:first_cycle`: each game faces one,
drawn per game) or, with `--opponent self`, a pool of its own past snapshots (self-play,
with a share of random opponents so it never forgets the basics). sb3-contrib's
MaskablePPO trains on `num_envs` matches stepped together by `BatchVecEnv`
(experiments/rl/sb3_vec.py over envs.BatchEnv: one engine loop, batched encoding);
`--vec dummy` steps a `DummyVecEnv` of single-agent wrappers (envs.single_agent) instead,
the slower path kept for comparison (bench/train.py). Only legal actions are ever sampled
(`action_masks()`).
Every `eval_every` steps a checkpoint is saved and evaluated with the batch runner against
random and greedy, seats swapped, with Wilson 95% intervals, appended to `eval.csv`; the
plain log is `train.log`. A checkpoint plays anywhere as the agent `ppo:path=...`.
Every flag, the agents and the `--out` folder are checked before anything is built or
written (experiments/rl/train_checks.py: `--out` new, empty, or an unfinished run of the
same settings, which starts again).
"""
from __future__ import annotations

import csv
import dataclasses
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np


@dataclass
class Args:
    """Training settings (every field is a command-line flag: --total-steps, --num-envs ...)."""

    game: str = "first_cycle"
    """game name for sim.load_game"""
    players: int | None = None
    """number of seats for games with 2-4 (the other seats are played by `opponent`)"""
    total_steps: int = 200_000
    """learner decisions to train for"""
    seed: int = 1
    """root seed: environments, PPO and evaluation all derive from it"""
    num_envs: int = 64
    """matches stepped together (in this process)"""
    vec: str = "batch"
    """vector env: "batch" (BatchVecEnv, batched encoding) or "dummy" (DummyVecEnv of single-agent envs)"""
    opponent: str = "random"
    """an agent spec ("random", "greedy", "mcts:iterations=50"), a mix of specs joined by "+"
    ("greedy+ppo:first_cycle": each game faces one of them, drawn per game), or "self" for self-play"""
    selfplay_every: int = 50_000
    """self-play: steps between snapshots added to the opponent pool"""
    selfplay_pool: int = 5
    """self-play: newest snapshots kept in the pool"""
    selfplay_random_share: float = 0.2
    """self-play: share of opponent decisions made by the random agent"""
    learning_rate: float = 3e-4
    """Adam step size"""
    n_steps: int = 32
    """rollout length per env between updates (num_envs * n_steps samples per update)"""
    batch_size: int = 512
    """minibatch size"""
    n_epochs: int = 4
    """epochs over each rollout"""
    gamma: float = 0.995
    """discount (rewards come only at the end)"""
    ent_coef: float = 0.01
    """entropy bonus"""
    net_arch: tuple[int, ...] = (256, 256)
    """hidden layers of the policy and value networks"""
    policy: str = "sparse"
    """network: "sparse" (first layer multiplies only the columns a batch uses and is shared by the
    policy and value heads; agents/networks.py) or "mlp" (SB3's dense MlpPolicy, separate heads)"""
    device: str = "auto"
    """torch device for the networks: "auto" picks "cuda" where a GPU is visible, else "cpu" """
    threads: int = 1
    """torch CPU threads (one is fastest for these small networks on a shared or small machine)"""
    eval_every: int = 50_000
    """steps between evaluations (0: only at the end)"""
    eval_matches: int = 100
    """matches per evaluation opponent (seat-swapped); 0: no evaluation (checkpoints are still saved)"""
    eval_opponents: tuple[str, ...] = ("random", "greedy")
    """agents evaluated against"""
    out: str = "runs/ppo"
    """folder for checkpoints, eval.csv and train.log: new or empty, or an unfinished run of the same
    settings (started again from step 0); a finished run or another folder is refused"""
    init_from: str = ""
    """start from this checkpoint's weights instead of a fresh network (curricula)"""
    extra_params: dict = field(default_factory=dict)
    """game params overrides"""


class SnapshotPool:
    """Self-play opponent: each decision is made by a random snapshot, or the random agent
    (`act` one state, `act_batch` many: BatchEnv's matches in one forward pass per snapshot)."""

    name = "snapshot_pool"

    def __init__(self, game_name: str, random_share: float, device: str) -> None:
        self.game_name = game_name
        self.random_share = random_share
        self.device = device
        self.snapshots: list = []
        import agents
        self.fallback = agents.make("random")

    def add(self, path: str, keep: int) -> None:
        """Add a checkpoint to the pool, keeping the newest `keep`."""
        from agents.ppo import load_policy
        self.snapshots.append(load_policy(path, self.device))
        del self.snapshots[:-keep]

    def act(self, state, rng: np.random.Generator) -> int:
        """An action for state.current_player."""
        if not self.snapshots or rng.random() < self.random_share:
            return self.fallback.act(state, rng)
        from agents.ppo import policy_action
        policy = self.snapshots[int(rng.integers(len(self.snapshots)))]
        return policy_action(policy, state, deterministic=False, rng=rng)

    def act_batch(self, states: list, rngs: list) -> list[int]:
        """`act` for each state (`rngs[i]` for `states[i]`, drawn in `act`'s order): the states
        a snapshot plays are decided in one forward pass (BatchEnv asks this of an opponent)."""
        from agents.ppo import batch_policy_actions
        out = [0] * len(states)
        by_snapshot: dict[int, list[int]] = {}
        for i, (state, rng) in enumerate(zip(states, rngs, strict=True)):
            if not self.snapshots or rng.random() < self.random_share:
                out[i] = self.fallback.act(state, rng)
            else:
                by_snapshot.setdefault(int(rng.integers(len(self.snapshots))), []).append(i)
        for k, rows in by_snapshot.items():
            actions = batch_policy_actions(self.snapshots[k], [states[i] for i in rows],
                                           [rngs[i] for i in rows], deterministic=False)
            for i, a in zip(rows, actions):
                out[i] = a
        return out


def evaluate(checkpoint: str, args: Args, step: int) -> list[dict]:
    """Seat-swapped matches of the checkpoint against each eval opponent, with 95% CIs (none
    with `eval_matches` 0)."""
    from experiments.batch import RunConfig, run
    from experiments.stats import wilson
    rows: list[dict] = []
    if not args.eval_matches:
        return rows
    params = tuple(sorted(args.extra_params.items()))
    if args.players:
        params = tuple(sorted(params + (("num_players", args.players),)))
    for opp in args.eval_opponents:
        seats = args.players or 2
        agents = (f"ppo:path={checkpoint},device={args.device}",) + (opp,) * (seats - 1)
        df = run(RunConfig(game=args.game, agents=agents, matches=args.eval_matches,
                           seed=args.seed + EVAL_SEED_OFFSET, params=params, progress=False))
        ppo_seat = [[s for s in range(seats) if str(r[f"agent_{s}"]).startswith("ppo")][0]
                    for r in df.to_dict("records")]
        wins = int(sum(w == s for w, s in zip(df["winner"], ppo_seat)))
        draws = int((df["winner"] < 0).sum())
        lo, hi = wilson(wins, len(df))
        rows.append({"step": step, "opponent": opp, "matches": len(df), "wins": wins, "draws": draws,
                     "win_rate": wins / max(len(df), 1), "ci_low": lo, "ci_high": hi})
    return rows


EVAL_SEED_OFFSET = 10_000
"""The evaluation matches' run seed is the training seed plus this (fresh deals, reproducible)."""


def eval_line(r: dict, args: Args) -> str:
    """One evaluation row as a person reads it: the record, the match count and seating, and
    the win rate with its Wilson 95% interval."""
    seats = args.players or 2
    return (f"vs {r['opponent']}: {r['wins']} wins, {r['draws']} draws in {r['matches']} matches "
            f"(the model in each of {'P1 and P2' if seats == 2 else f'P1..P{seats}'} in turn, eval seed {args.seed + EVAL_SEED_OFFSET}): win rate "
            f"{r['win_rate']:.1%} (Wilson 95% CI {r['ci_low']:.1%}..{r['ci_high']:.1%})")


def code_version() -> str:
    """The code version (git commit) recorded next to a run's figures, or 'unknown'."""
    from experiments.codeversion import process_code_version
    return process_code_version()


VEC_KINDS = ("batch", "dummy")


def make_vec_env(args: Args, opponent, params: dict, seeds: np.ndarray):
    """The training VecEnv of `args.vec`: a `BatchVecEnv` of `num_envs` matches, or a
    `DummyVecEnv` of `num_envs` single-agent envs (seeded from `seeds`), learner seat drawn
    per game in both."""
    if args.vec == "batch":
        from experiments.rl.sb3_vec import BatchVecEnv
        return BatchVecEnv(args.game, num_envs=args.num_envs, opponent=opponent, seat="random",
                           seed=int(seeds[0]), **params)
    from stable_baselines3.common.vec_env import DummyVecEnv

    from envs import single_agent

    def make_env(rank: int):
        return lambda: single_agent(args.game, opponent=opponent, seat="random", seed=int(seeds[rank]),
                                    **params)
    return DummyVecEnv([make_env(i) for i in range(args.num_envs)])


POLICIES = ("sparse", "mlp")


def policy_kwargs(args: Args) -> dict:
    """SB3 `policy_kwargs` of `args.policy` with hidden layers `args.net_arch`."""
    if args.policy == "sparse":
        from agents.networks import sparse_policy_kwargs
        return sparse_policy_kwargs(args.net_arch)
    return {"net_arch": list(args.net_arch)}


def policy_class(args: Args):
    """The SB3 policy (class or name) of `args.policy`."""
    if args.policy == "sparse":
        from agents.networks import SparseMaskablePolicy
        return SparseMaskablePolicy
    return "MlpPolicy"


def rollout_buffer_class(args: Args):
    """The rollout buffer of `args.policy`: the sparse policy's comes with one that reuses its
    memory (experiments/rl/rollout_buffer.py); `mlp` keeps sb3-contrib's own."""
    if args.policy == "sparse":
        from experiments.rl.rollout_buffer import ReusedRolloutBuffer
        return ReusedRolloutBuffer
    return None


def make_model(args: Args, venv):
    """The MaskablePPO learner of `args` over `venv` (fresh weights, seeded by `args.seed`)."""
    from sb3_contrib import MaskablePPO
    return MaskablePPO(
        policy_class(args), venv, learning_rate=args.learning_rate, n_steps=args.n_steps,
        batch_size=args.batch_size, n_epochs=args.n_epochs, gamma=args.gamma, ent_coef=args.ent_coef,
        policy_kwargs=policy_kwargs(args), rollout_buffer_class=rollout_buffer_class(args), seed=args.seed,
        device=args.device, verbose=0)


def load_init(model, args: Args) -> None:
    """Load `--init-from`'s weights into `model`; TcglabError naming the file when it cannot."""
    from agents.ppo import checked_path
    from sim.core.errors import TcglabError
    try:
        model.set_parameters(checked_path(args.init_from), exact_match=True, device=args.device)
    except TcglabError as exc:
        raise TcglabError(f"--init-from: {str(exc).removeprefix('ppo agent: ')}") from None
    except Exception as exc:  # a corrupt file, or weights of another network or game
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()] or [""]
        text = " ".join(lines[:2]) if lines[0].endswith(":") else lines[0]   # torch: "Error(s) in ...:\n\tsize mismatch"
        raise TcglabError(f"--init-from: {args.init_from} does not load into this network "
                          f"({args.policy} {list(args.net_arch)} on {args.game}): {type(exc).__name__}: {text}") from None


def resolve_device(device: str) -> str:
    """The torch device to train on: `device` itself, or for "auto" "cuda" when torch sees a GPU
    and "cpu" otherwise (checkpoints and the evaluation agents then name a real device)."""
    if device != "auto":
        return device
    import torch
    return "cuda" if torch.cuda.is_available() else "cpu"


def main(args: Args) -> dict:
    """Train, evaluate periodically, save checkpoints; returns the last evaluation."""
    import torch
    from stable_baselines3.common.callbacks import BaseCallback

    import agents
    from experiments.rl import train_checks as checks

    # ---- every check first (experiments/rl/train_checks.py): nothing is built or written before
    args = checks.check_game(check_args(args))
    checks.check_device(args.device)
    torch.set_num_threads(args.threads)
    args = dataclasses.replace(args, device=resolve_device(args.device))
    restart = checks.check_out(args)
    checks.check_agents(args, opponent_specs(args.opponent))
    # ---- seeding: one root, everything derived from it
    torch.manual_seed(args.seed)
    seeds = np.random.SeedSequence(args.seed).generate_state(args.num_envs)
    out = Path(args.out)

    params = checks.game_params(args)
    pool = SnapshotPool(args.game, args.selfplay_random_share, args.device) if args.opponent == "self" else None
    mix = [agents.make(spec) for spec in opponent_specs(args.opponent)] if pool is None else []
    opponent = pool if pool is not None else mix[0] if len(mix) == 1 else mix

    venv = make_vec_env(args, opponent, params, seeds)
    model = make_model(args, venv)
    if args.init_from:
        load_init(model, args)
    lock, restart = checks.hold_out(args)  # one writer per --out from here to the end
    try:
        checks.prepare_out(out, restart)
        log = open(out / "train.log", "a", buffering=1)  # noqa: SIM115 - closed at the end of main

        def say(msg: str) -> None:
            line = f"[{time.strftime('%H:%M:%S')}] {msg}"
            print(line, file=sys.stderr)
            log.write(line + "\n")

        if restart:
            say(f"{out} holds this run unfinished: starting it again from step 0")
        (out / "args.json").write_text(json.dumps(dataclasses.asdict(args), indent=2, default=list))
        code = code_version()  # the code that trains, whatever changes while it runs
        say(f"training {args.game} (params {json.dumps(params, sort_keys=True) if params else 'at their defaults'}, "
            f"seed {args.seed}, code version {code}) for {args.total_steps} steps, opponent {args.opponent}, "
            f"{args.num_envs} envs ({args.vec}), {args.policy} network {list(args.net_arch)}, device {args.device}")
        eval_path = out / "eval.csv"
        results: list[dict] = []
        t_start = time.perf_counter()

        def checkpoint_and_eval(step: int) -> None:
            path = str(out / "checkpoints" / f"step_{step:09d}.zip")
            model.save(path)
            rows = evaluate(path, args, step)
            if not rows:
                return
            elapsed = time.perf_counter() - t_start
            new_file = not eval_path.exists()
            with open(eval_path, "a", newline="") as fh:
                w = csv.DictWriter(fh, fieldnames=list(rows[0]) + ["minutes"])
                if new_file:
                    w.writeheader()
                for r in rows:
                    w.writerow({**r, "minutes": round(elapsed / 60, 2)})
            for r in rows:
                say(f"step {step}: {eval_line(r, args)}")
            results[:] = rows

        class Periodic(BaseCallback):
            def __init__(self) -> None:
                super().__init__()
                self.next_eval = args.eval_every or None
                self.next_snap = args.selfplay_every if pool is not None else None
                self.last_log = time.perf_counter()

            def _on_step(self) -> bool:
                n = self.num_timesteps
                if self.next_snap is not None and n >= self.next_snap:
                    path = str(out / "checkpoints" / f"snapshot_{n:09d}.zip")
                    model.save(path)
                    pool.add(path, args.selfplay_pool)
                    self.next_snap += args.selfplay_every
                    say(f"step {n}: snapshot added to the self-play pool ({len(pool.snapshots)})")
                if self.next_eval is not None and n >= self.next_eval and n < args.total_steps:
                    checkpoint_and_eval(n)
                    self.next_eval += args.eval_every
                if time.perf_counter() - self.last_log > 60:
                    rate = n / (time.perf_counter() - t_start)
                    say(f"step {n}: {rate:,.0f} steps/s")
                    self.last_log = time.perf_counter()
                return True

        model.learn(total_timesteps=args.total_steps, callback=Periodic())
        train_seconds = time.perf_counter() - t_start
        model.save(str(out / "final.zip"))
        say(f"trained {args.total_steps} steps in {train_seconds / 60:.1f} min "
            f"({args.total_steps / train_seconds:,.0f} steps/s)")
        checkpoint_and_eval(args.total_steps)
        summary = {"steps": args.total_steps, "train_minutes": train_seconds / 60,
                   "steps_per_s": args.total_steps / train_seconds, "eval": results,
                   "checkpoint": str(out / "final.zip"), "game": args.game, "params": params, "seed": args.seed,
                   "eval_seed": args.seed + EVAL_SEED_OFFSET, "code_version": code}
        tmp = out / f".result.json.{os.getpid()}.tmp"  # whole or not at all: it marks a finished run
        tmp.write_text(json.dumps(summary, indent=2))
        os.replace(tmp, out / "result.json")
        log.close()
        return summary
    finally:
        lock.release()


def _field_docs() -> dict[str, str]:
    """Each Args field's docstring (the string literal under it), for --help."""
    import ast
    import inspect
    body = ast.parse(inspect.getsource(Args)).body[0].body
    docs = {}
    for node, after in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            docs[node.target.id] = str(after.value.value)
    return docs


def check_args(args: Args) -> Args:
    """Refuse settings that cannot train, naming the flag (before torch is imported)."""
    from sim import game_names
    from sim.core.errors import TcglabError
    if args.game not in game_names():
        raise TcglabError(f"--game: unknown game {args.game!r}; games: {', '.join(game_names())}")
    for name in ("total_steps", "num_envs", "n_steps", "batch_size", "n_epochs", "selfplay_every", "selfplay_pool",
                 "threads"):
        if getattr(args, name) < 1:
            raise TcglabError(f"--{name.replace('_', '-')}: must be >= 1, got {getattr(args, name)}")
    for name in ("seed", "eval_every", "eval_matches"):
        if getattr(args, name) < 0:
            raise TcglabError(f"--{name.replace('_', '-')}: must be >= 0, got {getattr(args, name)}")
    if args.policy not in POLICIES:
        raise TcglabError(f"--policy: must be one of {', '.join(POLICIES)}, got {args.policy!r}")
    if not args.net_arch:
        raise TcglabError("--net-arch: give at least one layer size")
    if min(args.net_arch) < 1:
        raise TcglabError(f"--net-arch: layer sizes must be >= 1, got {','.join(map(str, args.net_arch))}")
    if args.batch_size < 2:
        raise TcglabError(f"--batch-size: must be >= 2 (PPO normalizes advantages over a minibatch), "
                          f"got {args.batch_size}")
    if args.num_envs * args.n_steps < 2:
        raise TcglabError(f"--n-steps: a rollout of --num-envs x --n-steps must hold >= 2 samples, "
                          f"got {args.num_envs} x {args.n_steps}")
    if not (math.isfinite(args.learning_rate) and args.learning_rate > 0):
        raise TcglabError(f"--learning-rate: must be > 0, got {args.learning_rate}")
    if not 0.0 < args.gamma <= 1.0:
        raise TcglabError(f"--gamma: must be in (0, 1], got {args.gamma}")
    if not (math.isfinite(args.ent_coef) and args.ent_coef >= 0):
        raise TcglabError(f"--ent-coef: must be >= 0, got {args.ent_coef}")
    if not args.eval_opponents:
        raise TcglabError("--eval-opponents: give at least one agent spec (--eval-matches 0 skips evaluation)")
    if args.init_from and not Path(args.init_from).is_file():
        what = "is a folder, not a checkpoint" if Path(args.init_from).is_dir() else "no such file"
        raise TcglabError(f"--init-from: {args.init_from}: {what}")
    if args.vec not in VEC_KINDS:
        raise TcglabError(f"--vec: must be one of {', '.join(VEC_KINDS)}, got {args.vec!r}")
    if args.players is not None and not 2 <= args.players <= 4:
        raise TcglabError(f"--players: must be 2, 3 or 4, got {args.players}")
    if not 0.0 <= args.selfplay_random_share <= 1.0:
        raise TcglabError(f"--selfplay-random-share: must be in 0..1, got {args.selfplay_random_share}")
    specs = opponent_specs(args.opponent)
    if len(specs) > 1 and "self" in specs:
        raise TcglabError(f"--opponent: self-play cannot be mixed with other agents, got {args.opponent!r}")
    return args


def opponent_specs(opponent: str) -> list[str]:
    """The agent specs of `--opponent` ("greedy+ppo:first_cycle": two); an empty part is refused."""
    from sim.core.errors import TcglabError
    specs = [part.strip() for part in opponent.split("+")]
    if not all(specs):
        raise TcglabError(f"--opponent: an empty agent spec in {opponent!r}")
    return specs


ALIASES = {"total_steps": ("--steps",)}
"""Extra spellings of a flag (`--steps` is what the README and docs/rl.md use)."""


def parse_args(argv: list[str] | None = None, prog: str | None = None) -> Args:
    """Args from the command line: one flag per field, --param key=value for params overrides."""
    import argparse
    ap = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    docs = _field_docs()
    for f in dataclasses.fields(Args):
        flag = "--" + f.name.replace("_", "-")
        doc = docs.get(f.name, f.name)
        if f.name == "extra_params":
            ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                            help="game params override (repeatable; a repeated key keeps the last)")
        elif f.type in ("tuple[int, ...]", "tuple[str, ...]"):
            ap.add_argument(flag, default=",".join(map(str, f.default)), help=f"{doc} (comma-separated)")
        elif f.type == "int | None":
            ap.add_argument(flag, type=int, default=f.default, help=doc)
        else:
            flags = [flag, *ALIASES.get(f.name, ())]
            ap.add_argument(*flags, dest=f.name, type=type(f.default), default=f.default, help=doc)
    ns = ap.parse_args(argv)
    values = vars(ns)
    from experiments.batch.config import parse_param
    extra = dict(parse_param(p) for p in values.pop("param"))
    try:
        values["net_arch"] = tuple(int(x) for x in str(values["net_arch"]).split(",") if x)
    except ValueError:
        ap.error(f"--net-arch: expected comma-separated layer sizes, got {values['net_arch']!r}")
    from agents.base import split_specs
    values["eval_opponents"] = tuple(x for x in split_specs(str(values["eval_opponents"])) if x)
    return check_args(Args(**values, extra_params=extra))


if __name__ == "__main__":
    main(parse_args())
