"""Run summaries: win rates with Wilson 95% intervals, built incrementally from match rows.

    summary = execute(config)                       # experiments.batch.runner
    print(produced_by(config, versions()["git"]))   # what the figures below come from
    print(summary.render())

Rates count a draw as 1/n of a win for each of the n players, as `tcglab report` and
experiments.analysis do, and say so. Seats read P1..Pn in the printed text (the frames of
`tables` and `seat_reasons` keep the 0-based seat numbers of the match logs)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pandas as pd

from experiments.stats import wilson


@dataclass
class Summary:
    """Counts that grow with each match row; memory does not grow with the run."""

    matches: int = 0
    errors: int = 0
    draws: int = 0
    turns_total: int = 0
    decisions_total: int = 0
    match_seconds: float = 0.0
    first_player_wins: int = 0
    first_player_score: float = 0.0   # wins + 1/n per draw
    decided: int = 0
    game: str = ""
    reasons: Counter = field(default_factory=Counter)
    by_agent: dict = field(default_factory=dict)   # name -> [wins, games, score (a draw counts 1/n), draws]
    by_deck: dict = field(default_factory=dict)
    by_seat: dict = field(default_factory=dict)
    wins_by_seat_reason: Counter = field(default_factory=Counter)   # (seat, end reason) -> wins
    players: set = field(default_factory=set)
    first_error: tuple[int, str] | None = None   # (match id, error text) of the lowest errored match

    def add(self, row: dict) -> None:
        """Count one match row."""
        self.matches += 1
        self.reasons[row["end_reason"]] += 1
        if row["end_reason"] == "error":
            self.errors += 1
            if self.first_error is None or row["match_id"] < self.first_error[0]:
                self.first_error = (int(row["match_id"]), str(row.get("error")))
            return
        self.turns_total += row["turns"]
        self.decisions_total += row["decisions"]
        self.match_seconds += row.get("wall_time") or 0.0
        winner = row["winner"]
        n = row["num_players"]
        self.game = row.get("game") or self.game
        self.players.add(n)
        if winner < 0:
            self.draws += 1
            self.first_player_score += 1.0 / n
        else:
            self.decided += 1
            self.first_player_wins += winner == row["first_player"]
            self.first_player_score += winner == row["first_player"]
            self.wins_by_seat_reason[(winner, row["end_reason"])] += 1
        for seat in range(n):
            won = int(seat == winner)
            for table, key in ((self.by_agent, row[f"agent_{seat}"]), (self.by_deck, row[f"deck_{seat}"]),
                               (self.by_seat, seat)):
                if key is None:
                    continue
                entry = table.setdefault(key, [0, 0, 0.0, 0])
                entry[0] += won
                entry[1] += 1
                entry[2] += won if winner >= 0 else 1.0 / n
                entry[3] += winner < 0

    def add_frame(self, df: pd.DataFrame) -> None:
        """Count every row of a matches table."""
        for row in df.to_dict("records"):
            self.add(row)

    def tables(self) -> dict[str, pd.DataFrame]:
        """Win rates (a draw counts 1/n) by agent, deck and seat, with Wilson 95% intervals;
        `wins` counts the wins alone, `draws` the drawn games."""
        out = {}
        for name, table in (("agent", self.by_agent), ("deck", self.by_deck), ("seat", self.by_seat)):
            rows = []
            for key, (wins, games, score, draws) in sorted(table.items(), key=lambda kv: str(kv[0])):
                lo, hi = wilson(score, games)
                rows.append({name: key, "wins": wins, "draws": draws, "games": games, "score": score,
                             "win_rate": score / games,
                             "ci_low": lo, "ci_high": hi})
            out[name] = pd.DataFrame(rows)
        return out

    def seat_reasons(self) -> pd.DataFrame:
        """Wins by seat position and how they came (e.g. convergence vs proven slots)."""
        reasons = sorted({r for _, r in self.wins_by_seat_reason})
        rows = []
        for seat in sorted(self.by_seat):
            wins, games = self.by_seat[seat][:2]
            row = {"seat": seat, "games": games, "wins": wins}
            row.update({r: self.wins_by_seat_reason[(seat, r)] for r in reasons})
            rows.append(row)
        return pd.DataFrame(rows)

    def error_line(self, out: str | None = None) -> str:
        """One line: how many matches errored and the first error, with where to read them all."""
        if not self.errors:
            return "no match errored"
        match_id, text = self.first_error
        where = f"; every error is in {out}/matches (column error)" if out else ""
        return (f"{self.errors} of {self.matches} matches raised an error; the first, match {match_id}: "
                f"{text}{where}; pass --allow-errors (allow_errors=True) to accept errored matches")

    def render(self) -> str:
        """The printed summary."""
        played = self.matches - self.errors
        lines = [f"{self.matches} matches ({self.errors} errors), {self.draws} draws; "
                 f"end reasons: {dict(sorted(self.reasons.items()))}"]
        if self.errors:
            lines.append(f"ERRORS: {self.error_line()}")
        if played:
            period = "cycles" if self.game == "xenodex" else "turns"
            lines.append(f"mean {period} {self.turns_total / played:.1f}, "
                         f"mean decisions {self.decisions_total / played:.1f}")
            if self.match_seconds > 0:
                took = (f"{self.match_seconds:.2f} s" if self.match_seconds >= 0.01
                        else f"{self.match_seconds * 1000:.2g} ms")
                lines.append(f"playing time {took} summed over the finished matches: "
                             f"{played / self.match_seconds:,.1f} matches/s, "
                             f"{self.decisions_total / self.match_seconds:,.0f} decisions/s per process")
        seats = max(self.players, default=2)
        if played:
            rate = self.first_player_score / played
            lo, hi = wilson(self.first_player_score, played)
            fair = f"; a fair share is {1 / seats:.1%} with {seats} players" if seats > 2 else ""
            drawn = f" and draws {self.draws}" if self.draws else ""
            lines.append(f"first player (who moved first, drawn at random each match) wins "
                         f"{self.first_player_wins}{drawn} of {played} matches: win rate {rate:.1%} "
                         f"(95% CI {lo:.1%}..{hi:.1%}{fair})")
        if len({r for _, r in self.wins_by_seat_reason}) > 1 or seats > 2:
            lines.append("wins by seat position and end reason:")
            table = self.seat_reasons()
            table["seat"] = [f"P{q + 1}" for q in table["seat"]]
            lines.extend("  " + line for line in table.to_string(index=False).splitlines())
        if played and self.draws:
            lines.append(f"win rates count a draw as 1/{seats} of a win for each player ({self.draws} draws)")
        for name, df in self.tables().items():
            if df.empty:
                continue
            lines.append(f"win rate by {name}:")
            for r in df.to_dict("records"):
                key = f"P{r[name] + 1}" if name == "seat" else str(r[name])
                drawn = f", {r['draws']} drawn" if r["draws"] else ""
                lines.append(f"  {key:<28} {r['win_rate']:6.1%}  (95% CI {r['ci_low']:.1%}..{r['ci_high']:.1%})"
                             f"  {r['wins']} won{drawn} of {r['games']}")
        return "\n".join(lines)


def produced_by(config, code_version: str | None) -> str:
    """One line naming what a run's figures come from: game and params, agents and decks
    per seat, seat rotation, seed, match count and the code version (`config` a RunConfig)."""
    from experiments.batch.match import game_for
    seats = game_for(config).num_players
    params = ", ".join(f"{k}={v}" for k, v in config.params if k != "num_players") or "at their defaults"
    agents = ",".join(config.agents)
    decks = ",".join(config.decks) if config.decks else "the game's default decks"
    rotation = ("agents and decks rotate seats match by match" if config.swap_seats else "fixed seats")
    if config.cross_decks:
        rotation += ", decks apart from agents"
    return (f"{config.game}, {seats} players, params {params}; agents {agents}; decks {decks}; {rotation}; "
            f"seed {config.seed}; {config.matches} matches; code version {code_version or 'unknown'}")
