"""`tcglab first-day` and `tcglab packs` say how many players they simulated, the spread, and
what produced the figure (a single seed's day used to be printed as if it were the answer)."""
from __future__ import annotations

import statistics
from datetime import datetime
from zoneinfo import ZoneInfo

from experiments.cli import main
from sim.first_cycle.economy import first_day_can_build


def test_first_day_gives_the_median_and_spread_over_the_players_it_simulated(capsys):
    assert main(["first-day", "blue_starter", "--seed", "3", "--players", "9"]) == 0
    out = capsys.readouterr().out
    start = datetime(2026, 11, 30, 9, tzinfo=ZoneInfo("Europe/Paris"))
    days = [first_day_can_build("blue_starter", start, 3 + k) for k in range(9)]
    assert f"buildable on day {statistics.median(days)} at the median over 9 simulated free-to-play players" in out
    assert "daily-pack seeds 3..11" in out and f"earliest day {min(days)}, latest day {max(days)}" in out
    assert "10th to 90th percentile" in out and "0 of 9 not buildable within 3650 days" in out
    assert "produced by: tcglab first-day blue_starter --seed 3 --players 9" in out and "code version" in out


def test_first_day_of_one_player_says_it_is_one_player(capsys):
    assert main(["first-day", "blue_starter", "--seed", "1", "--players", "1"]) == 0
    out = capsys.readouterr().out
    assert "buildable on day 39 for one simulated free-to-play player (daily-pack seed 1" in out
    assert "produced by: tcglab first-day" in out


def test_first_day_counts_the_players_who_never_could(capsys):
    assert main(["first-day", "blue_starter", "--seed", "1", "--players", "5", "--max-days", "40"]) == 0
    out = capsys.readouterr().out
    assert "3 of 5 not buildable within 40 days" in out and "buildable after day 40 at the median" in out


def test_packs_totals_name_their_seed_and_code_version(capsys):
    assert main(["packs", "2", "--seed", "1", "--quiet"]) == 0
    assert "(packs opened from seed 1, code version " in capsys.readouterr().out
