"""Synthetic match and card tables with known answers, in the runner's schema."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd


def match_row(i: int, seats: list[tuple[str, str]], winner: int, first: int = 0, turns: int = 20,
              run_id: str = "synthetic", end_reason: str | None = None, params: dict | None = None) -> dict:
    """One matches-table row: `seats` is [(agent, deck)] per seat; winner -1 is a draw."""
    n = len(seats)
    row = {"run_id": run_id, "match_id": i, "game": "synthetic", "env_version": "v0",
           "params_id": "p", "params_json": json.dumps(params or {}), "seed": i, "num_players": n,
           "first_player": first, "winner": winner, "turns": turns, "decisions": 3 * turns,
           "end_reason": end_reason or ("draw" if winner < 0 else "win"), "error": None, "wall_time": 0.0}
    for s in range(4):
        row[f"agent_{s}"] = seats[s][0] if s < n else None
        row[f"deck_{s}"] = seats[s][1] if s < n else None
        if s < n:
            row[f"return_{s}"] = 0.0 if winner < 0 else (1.0 if s == winner else -1.0)
        else:
            row[f"return_{s}"] = None
    return row


def two_player_table(p_first_seat_wins: float, n: int, rng: np.random.Generator,
                     a: tuple[str, str] = ("strong", "A"), b: tuple[str, str] = ("weak", "B")) -> pd.DataFrame:
    """n matches of `a` against `b`, seats swapped each match, `a` winning with the given
    probability whatever its seat; the first player is drawn at random."""
    rows = []
    for i in range(n):
        seats = [a, b] if i % 2 == 0 else [b, a]
        a_seat = 0 if i % 2 == 0 else 1
        winner = a_seat if rng.random() < p_first_seat_wins else 1 - a_seat
        rows.append(match_row(i, seats, winner, first=int(rng.integers(2)), turns=int(rng.integers(10, 30))))
    return pd.DataFrame(rows)
