"""Engine-only speed of the sim games under uniformly random play (issue 2, "Speed").

Prints decisions per second and games per second on one core with game set-up included
(decks resolved once, then every game shuffled and dealt inside the timed loop), the
decisions per game, and play-only decisions per second (set-up time subtracted), like
../shared/bench/peers.py does for its peers. With `--peers`, runs the peer benchmark's
rows (OpenSpiel gin rummy, gym-locm when installed) in the same process afterwards so
the figures come from one run on one machine.

    python bench/engine.py                       # First Cycle, 5 s
    python bench/engine.py --games first_cycle,cipher,xenodex,xenodex@3,xenodex@4
    python bench/engine.py --seconds 10 --peers  # and the peers, same run
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from sim import load_game


def run_engine(game_spec: str, seconds: float, seed: int, decks=None) -> dict:
    """Random legal play for `seconds`; returns the figures as a dict.

    `game_spec` is a game name, optionally with a player count: "xenodex@4"."""
    game_name, _, players = game_spec.partition("@")
    game = load_game(game_name, **({"num_players": int(players)} if players else {}))
    if decks is None and hasattr(game, "new_state_from_lists"):
        resolved = [game.resolve_deck(d) for d in game.default_decks()]
        lists = [(d.leader_number(game.card_set), d.numbers(game.card_set)) for d in resolved]
        new_state = lambda s: game.new_state_from_lists(s, lists)  # noqa: E731
    else:
        new_state = lambda s: game.new_state(s, decks)  # noqa: E731
    rng = np.random.default_rng(seed)
    # warm-up
    end = time.perf_counter() + min(0.5, seconds / 4)
    s = new_state(seed + 999)
    while time.perf_counter() < end:
        if s.is_terminal():
            s = new_state(int(rng.integers(1 << 30)))
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
    decisions = games = 0
    setup_time = 0.0
    game_seed = seed
    start = time.perf_counter()
    deadline = start + seconds
    t0 = time.perf_counter()
    s = new_state(game_seed)
    setup_time += time.perf_counter() - t0
    integers = rng.integers
    while True:
        legal = s.legal_actions()
        s.apply(legal[integers(len(legal))])
        decisions += 1
        if s.is_terminal():
            games += 1
            if time.perf_counter() >= deadline:
                break
            game_seed += 1
            t0 = time.perf_counter()
            s = new_state(game_seed)
            setup_time += time.perf_counter() - t0
        elif decisions % 256 == 0 and time.perf_counter() >= deadline:
            break
    wall = time.perf_counter() - start
    return {
        "game": game_spec, "seconds": round(wall, 3), "decisions": decisions, "games": games,
        "decisions_per_s": decisions / wall, "games_per_s": games / wall,
        "decisions_per_game": decisions / max(games, 1),
        "setup_pct": 100 * setup_time / wall,
        "play_only_decisions_per_s": decisions / (wall - setup_time),
    }


def _print(rows: list[dict]) -> None:
    print(f"{'game':<14}{'decisions/s':>13}{'games/s':>10}{'dec/game':>10}{'setup %':>9}{'play-only/s':>13}")
    for r in rows:
        print(f"{r['game']:<14}{r['decisions_per_s']:>13,.0f}{r['games_per_s']:>10,.1f}"
              f"{r['decisions_per_game']:>10.1f}{r['setup_pct']:>9.1f}{r['play_only_decisions_per_s']:>13,.0f}")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="first_cycle",
                    help="comma-separated game names, with @N for a player count (xenodex@4)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--peers", action="store_true", help="also run ../shared/bench/peers.py rows")
    ap.add_argument("--peers-only", default="gin_rummy,locm,floor_raw")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    rows = [run_engine(g, args.seconds, args.seed) for g in args.games.split(",")]
    _print(rows)
    out = {"engine": rows}
    if args.peers:
        peers = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "peers.py"
        if not peers.exists():
            print(f"peers benchmark not found at {peers}", file=sys.stderr)
        else:
            res = subprocess.run([sys.executable, str(peers), "--only", args.peers_only,
                                  "--seconds", str(args.seconds), "--out", "-"],
                                 capture_output=True, text=True, check=False)
            print(res.stderr)
            try:
                out["peers"] = json.loads(res.stdout)
            except json.JSONDecodeError:
                out["peers"] = res.stdout
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
