"""Ratings of agents or decks with openskill's Plackett-Luce model (2 to 4 seats alike).

Each match is one ranking: the seats ordered by their returns (equal returns tie, so a
draw ties everyone). Every seat is a one-member team carrying its entity's current
rating; when the same entity sits in several seats of one match (a mirror), its new
rating is the mean of those seats' updates, and a match where every seat holds the same
entity teaches nothing and is skipped. Matches are rated in a fixed order (match index,
then run id), which interleaves the cells of a sweep, so the result is reproducible.

`ordinal` = mu - 3 sigma is a conservative skill estimate used for the ranking.
"""
from __future__ import annotations

import pandas as pd

from experiments.analysis.checks import check_matches
from experiments.analysis.frames import played

ENTITIES = ("agent", "deck", "agent_deck")


def _entity(row: dict, seat: int, by: str):
    if by == "agent_deck":
        return f"{row[f'agent_{seat}']} @ {row[f'deck_{seat}']}"
    return row[f"{by}_{seat}"]


def ratings(matches: pd.DataFrame, by: str = "agent", model=None) -> pd.DataFrame:
    """Plackett-Luce ratings of each `by` entity ("agent", "deck" or "agent_deck"): mu, sigma,
    ordinal, rank, games, wins and the empirical win rate (draws 1/n). Needs `openskill`."""
    if by not in ENTITIES:
        raise ValueError(f"by must be one of {ENTITIES}, got {by!r}")
    try:
        from openskill.models import PlackettLuce
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise ImportError("ratings need openskill: pip install 'tcglab[analysis]'") from exc
    model = model if model is not None else PlackettLuce()
    current: dict = {}
    games: dict = {}
    wins: dict = {}
    score: dict = {}
    df = played(check_matches(matches, ["run_id", "match_id"]))
    seats = range(int(df["num_players"].max()) if not df.empty else 0)
    check_matches(df, [f"{p}_{s}" for s in seats for p in ("return", "agent", "deck")])
    if df.empty:
        return pd.DataFrame(columns=[by, "mu", "sigma", "ordinal", "rank", "games", "wins", "win_rate"])
    order = df.sort_values(["match_id", "run_id"], kind="stable")
    for row in order.to_dict("records"):
        n = int(row["num_players"])
        names = [_entity(row, s, by) for s in range(n)]
        returns = [float(row[f"return_{s}"]) for s in range(n)]
        winner = int(row["winner"])
        for s, name in enumerate(names):
            games[name] = games.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + int(winner == s)
            score[name] = score.get(name, 0.0) + (1.0 if winner == s else (1.0 / n if winner < 0 else 0.0))
            if name not in current:
                current[name] = model.rating(name=str(name))
        if len(set(names)) < 2:
            continue
        ranks = [1 + sum(r > mine for r in returns) for mine in returns]
        new = model.rate([[current[name]] for name in names], ranks=ranks)
        updates: dict = {}
        for name, team in zip(names, new):
            updates.setdefault(name, []).append(team[0])
        for name, rs in updates.items():
            mu = sum(r.mu for r in rs) / len(rs)
            sigma = sum(r.sigma for r in rs) / len(rs)
            current[name] = model.rating(mu=mu, sigma=sigma, name=str(name))
    rows = [{by: name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma,
             "games": games[name], "wins": wins[name], "win_rate": score[name] / games[name]}
            for name, r in current.items()]
    out = pd.DataFrame(rows).sort_values(["ordinal", "mu"], ascending=False, kind="stable")
    out.insert(4, "rank", range(1, len(out) + 1))
    return out.reset_index(drop=True)
