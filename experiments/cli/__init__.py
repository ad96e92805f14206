"""The `tcglab` command: one module per group of subcommands, dispatched by `main`.

    tcglab games | tcglab decks GAME | tcglab agents
    tcglab run ... | tcglab replay RUN MATCH | tcglab sweep FILE | tcglab report FOLDER
    tcglab tune FILE --out FOLDER
    tcglab ladder --game G --out FOLDER
    tcglab decksearch FILE --out FOLDER
    tcglab train ... | tcglab zoo list|export|evaluate | tcglab packs N | tcglab first-day DECK
    tcglab play --game G --vs AGENT | tcglab view RUN [MATCH]

Modules:
- `main`: the top-level parser, dispatch, and the one-line error convention;
- `catalog`: `games`, `decks`, `agents` (what can be played);
- `run`: `run` and `replay` (the batch runner);
- `sweep`: `sweep` and `report` (balance sweeps and their report);
- `tune`: `tune` (params and card values searched toward balance targets, extra `balance`);
- `ladder`: `ladder` (a round robin of agents rated with intervals);
- `decksearch`: `decksearch` (MAP-Elites deck search from a TOML file);
- `train`: `train` (masked PPO, extra `rl`);
- `zoo`: `zoo list`, `zoo export`, `zoo evaluate` (the shipped trained models, extra `rl`);
- `collection`: `packs` and `first-day` (First Cycle's packs and economy);
- `play`: `play` (a human seat in the terminal);
- `view`: `view` (the HTML match viewer).

Each subcommand module has `add_parsers(subparsers)`, which registers its parsers with a
`handler(args) -> exit code`.
"""
from experiments.cli.main import main

__all__ = ["main"]
