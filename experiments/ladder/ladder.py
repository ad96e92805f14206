"""A ladder of agents: every lineup of a round robin played with seats swapped and common
random numbers, then one openskill rating per agent with its interval, and each agent's
score with its Wilson 95% interval.

    spec = LadderSpec(game="xenodex", players=4, agents=("random", "greedy", "mcts"), matches=40)
    table = run_ladder(spec, "runs/ladder-x4")      # a sweep folder: resumable, reportable
    print(ladder_markdown(table, spec))

At 2 seats the lineups are every pair of different agents; at 3-4 seats every multiset of
agents with at least two different ones (mirrors among the others, so three agents still
make a 4-seat ladder). `score` is (wins + draws / n) / games, an agent's share of the
points, 1/n for an agent as strong as the field. The rating is openskill's Plackett-Luce
mu with mu +- 2 sigma as its interval; `rank` orders by mu - 3 sigma (conservative).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from experiments.analysis.frames import played
from experiments.analysis.ratings import ratings
from experiments.batch.config import RunConfigError
from experiments.stats import wilson
from experiments.sweep import load_results, parse_sweep, run_sweep
from experiments.sweep.folder import SWEEP_FILE, read_sweep_info

DEFAULT_AGENTS = ("random", "greedy", "mcts")


@dataclass(frozen=True)
class LadderSpec:
    """What a ladder plays: `agents` (specs, at least two different) on `game` at `players`
    seats (None: the game's default), `matches` per lineup, from `seed`."""

    game: str = "first_cycle"
    agents: tuple[str, ...] = DEFAULT_AGENTS
    players: int | None = None
    matches: int = 40
    seed: int = 0
    shard_size: int = 10
    params: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.agents)) < 2:
            raise RunConfigError(f"agents: a ladder needs at least two different agents, got {list(self.agents)}")
        if not isinstance(self.matches, int) or isinstance(self.matches, bool) or self.matches < 1:
            raise RunConfigError(f"matches: a positive int per lineup, got {self.matches!r}")

    def lineups(self, seats: int) -> list[list[str]]:
        """Every lineup the ladder plays at `seats` seats (see the module docstring)."""
        if seats == 2:
            return [list(pair) for pair in itertools.combinations(self.agents, 2)]
        return [list(combo) for combo in itertools.combinations_with_replacement(self.agents, seats)
                if len(set(combo)) >= 2]


def _sweep(spec: LadderSpec):
    from experiments.batch.config import RunConfig
    from experiments.batch.match import game_for
    seats = game_for(RunConfig(game=spec.game, num_players=spec.players)).num_players
    params = dict(spec.params)
    if spec.players is not None:
        params["num_players"] = spec.players
    return parse_sweep({
        "name": f"ladder_{spec.game}_{seats}p", "game": spec.game, "matches": spec.matches,
        "seed": spec.seed, "shard_size": spec.shard_size, "params": params,
        "grid": {"agents": spec.lineups(seats)},
    }, source="ladder"), seats


def run_ladder(spec: LadderSpec, out: str | Path, *, workers: int | None = None, resume: bool = False,
               progress: bool = True) -> pd.DataFrame:
    """Play the ladder into the sweep folder `out` (resumable with `resume`) and return its
    table (`ladder_table`). A resume of another ladder is refused naming what differs."""
    sweep, seats = _sweep(spec)
    if resume:
        _check_same_ladder(spec, seats, sweep.sweep_id, Path(out))
    run_sweep(sweep, out, workers=workers, resume=resume, progress=progress)
    from experiments.batch.runner import folder_code_versions
    table = ladder_table(load_results(out).matches)
    table.attrs["code_versions"] = folder_code_versions(out)  # the code that played them
    return table


def _ladder_of(spec: dict) -> dict:
    """What a ladder folder's recorded sweep spec says it plays, in the ladder's terms."""
    lineups = (spec.get("grid") or {}).get("agents") or []
    agents = list(dict.fromkeys(a for lineup in lineups if isinstance(lineup, list) for a in lineup))
    params = dict(spec.get("params") or {})
    return {"agents": list(agents), "game": spec.get("game"),
            "players": params.pop("num_players", None), "matches": spec.get("matches"), "seed": spec.get("seed"),
            "shard_size": spec.get("shard_size"), "params": params or None}


def _check_same_ladder(spec: LadderSpec, seats: int, sweep_id: str, out: Path) -> None:
    """Refuse resuming `out` when it holds a ladder of other agents, game, seats, matches or seed,
    naming what differs (folder vs now); reads only."""
    if not (out / SWEEP_FILE).is_file():
        return
    info = read_sweep_info(out)
    if info["sweep_id"] == sweep_id or info.get("source") != "ladder" or not isinstance(info.get("spec"), dict):
        return  # the same ladder, or not a ladder at all: run_sweep says so
    old = _ladder_of(info["spec"])
    new = {"agents": list(spec.agents), "game": spec.game, "players": spec.players,
           "matches": spec.matches, "seed": spec.seed, "shard_size": spec.shard_size,
           "params": dict(spec.params) or None}
    diffs = [f"{key} {old[key]} vs {new[key]}" for key in new if old.get(key) != new[key]]
    raise RunConfigError(f"out: {out} holds another ladder (folder vs now: {'; '.join(diffs) or 'other lineups'}); "
                         "a resume must use the same --game, --players, --agents, --matches and --seed")


def ladder_table(matches: pd.DataFrame) -> pd.DataFrame:
    """One row per agent, best first: rank, agent, rating mu with its mu +- 2 sigma interval,
    games, wins, score with its Wilson 95% interval."""
    rated = ratings(matches, by="agent")
    df = played(matches)
    rows = []
    for r in rated.to_dict("records"):
        name, games = r["agent"], int(r["games"])
        points = r["win_rate"] * games
        low, high = wilson(points, games)
        rows.append({"rank": int(r["rank"]), "agent": name, "rating": r["mu"],
                     "rating_low": r["mu"] - 2 * r["sigma"], "rating_high": r["mu"] + 2 * r["sigma"],
                     "games": games, "wins": int(r["wins"]), "score": r["win_rate"],
                     "score_low": low, "score_high": high})
    table = pd.DataFrame(rows)
    table.attrs["matches"] = len(df)
    table.attrs["seats"] = int(df["num_players"].iloc[0]) if len(df) else 0
    return table


def ladder_markdown(table: pd.DataFrame, spec: LadderSpec) -> str:
    """The ladder as a markdown section: what was played, then the table, then one sentence
    naming the leader and whether its score interval clears the next agent's."""
    from experiments.codeversion import describe_code, process_code_version
    seats = table.attrs.get("seats", 0)
    code = describe_code(table.attrs.get("code_versions") or [process_code_version()])
    params = ", ".join(f"{k}={v}" for k, v in sorted(spec.params.items())) or "at their defaults"
    lines = [f"### {spec.game}, {seats} seats",
             "",
             f"{table.attrs.get('matches', 0):,} matches: every lineup of {', '.join(spec.agents)} "
             f"{spec.matches} times, seats {'swapped' if seats == 2 else 'rotated'}, seed {spec.seed}; "
             f"params {params}; the game's default decks; code version {code}. "
             f"Games = seats played (a mirror counts each of its seats). Score = (wins + draws / {seats}) "
             f"/ games (1/{seats} = as strong as the field), 95% Wilson interval; rating = openskill mu, "
             "interval mu +- 2 sigma.",
             "",
             "| rank | agent | score | score 95% CI | rating | rating interval | games | wins |",
             "|--:|---|--:|---|--:|---|--:|--:|"]
    for r in table.to_dict("records"):
        lines.append(f"| {r['rank']} | `{r['agent']}` | {r['score']:.3f} | [{r['score_low']:.3f}, "
                     f"{r['score_high']:.3f}] | {r['rating']:.1f} | [{r['rating_low']:.1f}, "
                     f"{r['rating_high']:.1f}] | {r['games']} | {r['wins']} |")
    if len(table) >= 2:
        top, second = table.iloc[0], table.iloc[1]
        clear = top["score_low"] > second["score_high"]
        lines += ["", f"`{top['agent']}` leads with a score of {top['score']:.3f} "
                  f"[{top['score_low']:.3f}, {top['score_high']:.3f}]; "
                  + ("its interval lies above" if clear else "its interval overlaps")
                  + f" that of `{second['agent']}` ({second['score']:.3f} [{second['score_low']:.3f}, "
                  f"{second['score_high']:.3f}])" + ("." if clear else ": more matches would separate them.")]
    return "\n".join(lines) + "\n"
