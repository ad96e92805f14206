"""Engine-only speed of the sim games under uniformly random legal play, peers beside them.

For each game of `--games` (a name, or `name@N` for N players) this times `sim` alone on
one core for `--seconds`: no env, no observation. Game set-up is inside the timed loop
(decks resolved once, then every game shuffled and dealt from seeds `--seed`, `--seed`+1,
...), and the loop is bench/loops.py's `play_engine`. Figures: decisions per second,
games per second, decisions per game, the share of time spent setting games up, and
play-only decisions per second (set-up time subtracted).

With `--peers` the engine peers of bench/peers.py (OpenSpiel gin rummy, RLCard UNO) are
timed afterwards in the same process with the same loop; a peer whose library is
missing is skipped with one line. `--json FILE` writes the figures for bench/report.py.

    python bench/engine.py                       # First Cycle, 5 s
    python bench/engine.py --games first_cycle,cipher,xenodex,xenodex@4 --peers
    python bench/engine.py --seconds 2 --peers --json build/bench/engine.json
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import peers as peer_rows
from bench.loops import play_engine
from bench.runinfo import run_info, write_json
from sim import load_game


def _new_state(game_spec: str, decks: Any = None) -> Any:
    """`new_state(seed)` of a game spec ("xenodex@4"), decks resolved once up front."""
    game_name, _, players = game_spec.partition("@")
    game = load_game(game_name, **({"num_players": int(players)} if players else {}))
    if decks is None and hasattr(game, "new_state_from_lists"):
        resolved = [game.resolve_deck(d) for d in game.default_decks()]
        lists = [(d.leader_number(game.card_set), d.numbers(game.card_set)) for d in resolved]
        return lambda s: game.new_state_from_lists(s, lists)
    return lambda s: game.new_state(s, decks)


def figures(name: str, counts: dict[str, Any]) -> dict[str, Any]:
    """The row of one timed run: rates from `play_engine`'s counts."""
    wall, setup = counts["elapsed"], counts["setup"]
    decisions, games = counts["decisions"], counts["games"]
    return {
        "game": name, "seconds": round(wall, 3), "decisions": decisions, "games": games,
        "decisions_per_s": decisions / wall, "games_per_s": games / wall,
        "decisions_per_game": counts["in_games"] / games if games else None,
        "setup_pct": 100 * setup / wall,
        "play_only_decisions_per_s": decisions / (wall - setup),
    }


def run_engine(game_spec: str, seconds: float, seed: int, decks: Any = None) -> dict[str, Any]:
    """Random legal play on one game for `seconds`; returns the row as a dict."""
    row = figures(game_spec, play_engine(_new_state(game_spec, decks), seconds, seed))
    row["peer"] = False
    return row


def _print(r: dict) -> None:
    per_game = "-" if r["decisions_per_game"] is None else f"{r['decisions_per_game']:.1f}"
    print(f"{r['game']:<21}{r['decisions_per_s']:>13,.0f}{r['games_per_s']:>10,.1f}"
          f"{per_game:>10}{r['setup_pct']:>9.1f}{r['play_only_decisions_per_s']:>13,.0f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--games", default="first_cycle",
                    help="comma-separated game names, with @N for a player count (xenodex@4)")
    ap.add_argument("--seconds", type=float, default=5.0, help="timed budget per row")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--peers", action="store_true",
                    help="also time the engine peers of bench/peers.py (OpenSpiel, RLCard)")
    ap.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = ap.parse_args(argv)
    info = run_info()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(f"# python {info['python']}, {info['cpu_count']} cpus, load at start "
          f"{info['loadavg_at_start']}; {args.seconds:g} s per row, seed {args.seed}")
    print(f"{'game':<21}{'decisions/s':>13}{'games/s':>10}{'dec/game':>10}{'setup %':>9}{'play-only/s':>13}")
    rows = []
    for game in games:
        rows.append(run_engine(game, args.seconds, args.seed))
        _print(rows[-1])
    skipped: list[dict[str, str]] = []
    if args.peers:
        ready, skipped = peer_rows.load(peer_rows.ENGINE_PEERS)
        for peer, new_state in ready:
            row = figures(peer.name, play_engine(new_state, args.seconds, args.seed))
            row.update(peer=True, note=peer.note)
            rows.append(row)
            _print(row)
    if args.json:
        write_json(args.json, "engine", info, {
            "settings": {"games": games, "seconds": args.seconds, "seed": args.seed,
                         "peers": args.peers},
            "rows": rows, "skipped": skipped})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
