"""`tcglab train`: masked PPO training (experiments/rl/train_ppo.py) from the command line.

    tcglab train --game first_cycle --steps 200000 [--opponent self] [--out runs/ppo]

Every other flag of train_ppo.py passes through (`tcglab train --help` lists them). Every
flag is checked before training starts (experiments/rl/train_checks.py), a bad one refused
in one line that names it.
"""
from __future__ import annotations

COMMAND = "train"


def add_parsers(sub) -> None:
    """Register `train` (its flags are parsed by train_ppo itself, see `run_train`)."""
    sub.add_parser(COMMAND, help="train a masked PPO agent (needs the 'rl' extra)", add_help=False)


def run_train(argv: list[str]) -> int:
    """Translate --steps to --total-steps and run the training script."""
    argv = ["--total-steps" if a == "--steps" else a for a in argv]
    argv = [a.replace("--steps=", "--total-steps=") if a.startswith("--steps=") else a for a in argv]
    from experiments.rl.train_ppo import main, parse_args
    result = main(parse_args(argv, prog="tcglab train"))
    if not result["eval"]:
        print("not evaluated (--eval-matches 0)")
    for r in result["eval"]:
        print(f"vs {r['opponent']}: {r['wins']}/{r['matches']} = {r['win_rate']:.1%} "
              f"(95% CI {r['ci_low']:.1%}..{r['ci_high']:.1%})")
    print(f"checkpoint: {result['checkpoint']} ({result['train_minutes']:.1f} min, "
          f"{result['steps_per_s']:,.0f} steps/s)")
    return 0
