"""`tcglab train`: masked PPO training (experiments/rl/train_ppo.py) from the command line.

    tcglab train --game first_cycle --steps 200000 [--opponent self] [--out runs/ppo]

Every other flag of train_ppo.py passes through (`tcglab train --help` lists them). Every
flag is checked before training starts (experiments/rl/train_checks.py), a bad one refused
in one line that names it.
"""
from __future__ import annotations

import json

COMMAND = "train"


def add_parsers(sub) -> None:
    """Register `train` (its flags are parsed by train_ppo itself, see `run_train`)."""
    sub.add_parser(COMMAND, help="train a masked PPO agent (needs the 'rl' extra)", add_help=False)


def run_train(argv: list[str]) -> int:
    """Translate --steps to --total-steps, run the training script and print what produced the
    result (game, params, seed, steps, opponent, code version) above each evaluation line."""
    argv = ["--total-steps" if a == "--steps" else a for a in argv]
    argv = [a.replace("--steps=", "--total-steps=") if a.startswith("--steps=") else a for a in argv]
    from experiments.rl.train_ppo import eval_line, main, parse_args
    args = parse_args(argv, prog="tcglab train")
    result = main(args)
    params = json.dumps(result["params"], sort_keys=True) if result["params"] else "at their defaults"
    print(f"{args.game} (params {params}), seed {args.seed}, {args.total_steps} steps against {args.opponent}, "
          f"code version {result['code_version']}; the final checkpoint evaluated:")
    if not result["eval"]:
        print("not evaluated (--eval-matches 0)")
    for r in result["eval"]:
        print(eval_line(r, args))
    print(f"checkpoint: {result['checkpoint']} ({result['train_minutes']:.1f} min, "
          f"{result['steps_per_s']:,.0f} steps/s)")
    return 0
