"""The main job for now: a batch of seeded random First Cycle matches with a summary.

Each match is seeded from a numpy SeedSequence spawned from the run seed, so match i
is the same game in any process. Random legal play on both seats, starter decks rotated
over every pairing unless `--decks` fixes them.

    python -m experiments.quickrun --matches 200 --seed 7
"""
from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from itertools import product

import numpy as np

from sim import load_game
from sim.core.seeding import spawn_seeds


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score 95% interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_random_match(game, seed: int, decks) -> dict:
    """One match of uniformly random legal play; returns its result row."""
    state = game.new_state(seed, decks)
    rng = np.random.default_rng(seed)
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        decisions += 1
    return {"seed": seed, "decks": tuple(decks), "first_player": state.first_player,
            "winner": state.winner, "end_reason": state.end_reason, "turns": state.turn,
            "decisions": decisions}


def main(argv: list[str] | None = None) -> int:
    """Run the batch and print the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--decks", help="two deck names, comma-separated (default: rotate starters)")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a First Cycle params override (repeatable)")
    args = ap.parse_args(argv)
    overrides = {}
    for kv in args.param:
        key, _, value = kv.partition("=")
        overrides[key] = int(value) if value.lstrip("-").isdigit() else value
    game = load_game("first_cycle", **overrides)
    from sim.first_cycle.decks import starter_decks
    names = sorted(starter_decks())
    pairings = [tuple(args.decks.split(","))] if args.decks else list(product(names, names))
    seeds = spawn_seeds(args.seed, args.matches)
    t0 = time.perf_counter()
    rows = [play_random_match(game, s, pairings[i % len(pairings)]) for i, s in enumerate(seeds)]
    wall = time.perf_counter() - t0
    n = len(rows)
    reasons = Counter(r["end_reason"] for r in rows)
    decided = [r for r in rows if r["winner"] >= 0]
    first_wins = sum(r["winner"] == r["first_player"] for r in decided)
    print(f"First Cycle: {n} random-vs-random matches, run seed {args.seed}, params {game.params.params_id}")
    print(f"  end reasons: {dict(reasons)}")
    lo, hi = wilson(first_wins, len(decided))
    print(f"  first player wins {first_wins}/{len(decided)} decided "
          f"({first_wins / max(len(decided), 1):.1%}, 95% CI {lo:.1%}..{hi:.1%})")
    for seat in (0, 1):
        w = sum(r["winner"] == seat for r in rows)
        lo, hi = wilson(w, n)
        print(f"  seat {seat} wins {w}/{n} ({w / n:.1%}, 95% CI {lo:.1%}..{hi:.1%})")
    deck_wins: Counter = Counter()
    deck_games: Counter = Counter()
    for r in rows:
        for seat, d in enumerate(r["decks"]):
            deck_games[d] += 1
            deck_wins[d] += r["winner"] == seat
    for d in sorted(deck_games):
        lo, hi = wilson(deck_wins[d], deck_games[d])
        print(f"  {d:<16} wins {deck_wins[d]}/{deck_games[d]} ({deck_wins[d] / deck_games[d]:.1%}, "
              f"95% CI {lo:.1%}..{hi:.1%})")
    turns = np.array([r["turns"] for r in rows])
    decisions = sum(r["decisions"] for r in rows)
    print(f"  turns per match: mean {turns.mean():.1f}, median {np.median(turns):.0f}, max {turns.max()}")
    print(f"  {decisions / n:.1f} decisions per match; {n / wall:.1f} matches/s, "
          f"{decisions / wall:,.0f} decisions/s in {wall:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
