"""Sweep files: expansion, validation before any match, common random numbers, resume, early stop."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from experiments.sweep import (
    SweepError,
    load_results,
    parse_sweep,
    run_sweep,
    stop_metric,
    validate_sweep,
)

STARTERS = ["black_starter", "orange_starter", "green_starter", "blue_starter"]


def spec(**changes) -> dict:
    base = {"game": "first_cycle", "agents": ["random"], "matches": 8, "seed": 5, "shard_size": 4,
            "params": {"max_turns": 40}}
    base.update(changes)
    return base


def sweep_of(data: dict):
    sweep = parse_sweep(data, source="test.toml")
    validate_sweep(sweep)
    return sweep


def tables(out) -> dict[str, pd.DataFrame]:
    res = load_results(out)
    m = res.matches.drop(columns=["wall_time"]).sort_values(["cell", "match_id"]).reset_index(drop=True)
    c = res.cards.sort_values(["cell", "match_id", "player", "card", "event"]).reset_index(drop=True)
    return {"matches": m, "cards": c, "cells": res.cells.drop(columns=["half_width"])}


def test_round_robin_expands_to_every_pairing_with_readable_ids():
    sweep = sweep_of(spec(grid={"decks": {"round_robin": STARTERS}, "ram_supply": [8, 12]}))
    assert len(sweep.cells) == 12
    assert sweep.cells[0].id == "black_starter-v-orange_starter_ram_supply=8"
    assert dict(sweep.cells[0].config.params) == {"max_turns": 40, "ram_supply": 8}
    assert {c.config.seed for c in sweep.cells} == {5}
    mirrors = sweep_of(spec(grid={"decks": {"round_robin": STARTERS[:2], "mirrors": True}}))
    assert [c.config.decks for c in mirrors.cells] == [
        ("black_starter", "black_starter"), ("black_starter", "orange_starter"), ("orange_starter", "orange_starter")]


def test_explicit_cells_and_seed_axis():
    sweep = sweep_of(spec(decks=["black_starter", "green_starter"], grid={"seed": [1, 2]},
                          cells=[{"name": "long games", "max_turns": 120, "agents": ["greedy", "random"]}]))
    assert [c.id for c in sweep.cells] == ["seed=1", "seed=2", "long_games"]
    assert sweep.cells[2].config.agents == ("greedy", "random")
    assert dict(sweep.cells[2].config.params) == {"max_turns": 120}


@pytest.mark.parametrize("data,needle", [
    (spec(grid={"ram_sply": [8]}), "grid.ram_sply[0]: unknown first_cycle parameter 'ram_sply'"),
    (spec(grid={"max_turns": [40, 1]}), "grid.max_turns[1]: first_cycle parameter 'max_turns' = 1 is below its minimum 2"),
    (spec(params={"leader_hp": 99}), "params.leader_hp: first_cycle parameter 'leader_hp' = 99 is above its maximum 20"),
    (spec(cells=[{"ram_supply": "lots"}]), "cells[0].ram_supply: first_cycle parameter 'ram_supply' = 'lots' must be a whole number"),
    (spec(grid={"decks": [["black_starter", "purple_starter"]]}), "unknown deck name 'purple_starter'"),
    (spec(decks=["black_starter"], params={"max_copies": 1}), "FC-8"),
    (spec(agents=["random", "wizard"]), "agents: 'wizard'"),
    (spec(agents=["random", "random", "random"]), "agents: got 3 (random, random, random) for a 2-player game"),
    (spec(game="chess"), "unknown game 'chess'"),
    (spec(matchs=5), "unknown key(s) ['matchs']"),
    (spec(grid={"decks": {"round_robin": ["black_starter"]}}), "has no 2-player lineup"),
    (spec(stop={"half_width": 0.7}), "stop.half_width"),
    (spec(matches=-1), "matches: must be >= 0"),
])
def test_bad_sweep_files_fail_before_any_match_naming_the_problem(tmp_path, data, needle):
    out = tmp_path / "sweep"
    with pytest.raises(SweepError) as err:
        run_sweep(parse_sweep(data, source="test.toml"), out, progress=False)
    assert needle in str(err.value) and "test.toml" in str(err.value)
    assert not out.exists()


def test_cells_share_common_random_numbers(tmp_path):
    sweep = sweep_of(spec(decks=["black_starter", "green_starter"], grid={"ram_supply": [6, 14]}))
    run_sweep(sweep, tmp_path / "s", progress=False)
    m = load_results(tmp_path / "s").matches
    a, b = (m[m["ram_supply"] == v].set_index("match_id") for v in (6, 14))
    assert (a["seed"] == b["seed"]).all() and (a["deck_0"] == b["deck_0"]).all()
    assert a["deck_0"].tolist()[:2] == ["black_starter", "green_starter"]  # seats swapped
    assert (a["first_player"] == b["first_player"]).all()  # same set-up draws


def test_interrupted_and_resumed_sweep_equals_an_uninterrupted_one(tmp_path):
    data = spec(grid={"decks": {"round_robin": STARTERS[:3]}})
    run_sweep(sweep_of(data), tmp_path / "whole", progress=False)

    class Stop(Exception):
        pass

    seen = []

    def interrupt(cell, start, stop):
        seen.append((cell, start))
        if len(seen) == 3:
            raise Stop

    with pytest.raises(Stop):
        run_sweep(sweep_of(data), tmp_path / "cut", progress=False, on_shard=interrupt)
    assert len(load_results(tmp_path / "cut").matches) == 12  # 3 shards of 4
    with pytest.raises(SweepError, match="pass --resume"):
        run_sweep(sweep_of(data), tmp_path / "cut", progress=False)
    run_sweep(sweep_of(data), tmp_path / "cut", progress=False, resume=True)
    whole, cut = tables(tmp_path / "whole"), tables(tmp_path / "cut")
    for name in whole:
        pd.testing.assert_frame_equal(whole[name], cut[name])


def test_resume_refuses_another_sweep_file(tmp_path):
    run_sweep(sweep_of(spec(matches=4)), tmp_path / "s", progress=False)
    with pytest.raises(SweepError, match="another sweep file"):
        run_sweep(sweep_of(spec(matches=4, seed=6)), tmp_path / "s", progress=False, resume=True)


def test_early_stop_stops_each_cell_at_the_same_chunk_after_an_interruption(tmp_path):
    data = spec(matches=48, decks=["black_starter", "green_starter"], agents=["greedy", "random"],
                grid={"ram_supply": [8, 10]}, stop={"half_width": 0.2, "chunk": 8, "min_matches": 8})
    cells = run_sweep(sweep_of(data), tmp_path / "whole", progress=False)
    assert cells["stopped_early"].all() and (cells["matches"] < 48).all()
    for cell in cells.to_dict("records"):
        folder = tmp_path / "whole" / "cells" / cell["cell"]
        assert json.loads((folder / "cell.json").read_text())["matches"] == cell["matches"]
        assert cell["matches"] % 8 == 0
    m = load_results(tmp_path / "whole").matches
    for cid, part in m.groupby("cell"):
        _, n, hw = stop_metric(part, "lineup")
        assert hw <= 0.2 and n == cells.set_index("cell").loc[cid, "matches"]

    def interrupt(cell, start, stop):
        if cell.startswith("ram_supply=10") and start == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(sweep_of(data), tmp_path / "cut", progress=False, on_shard=interrupt)
    run_sweep(sweep_of(data), tmp_path / "cut", progress=False, resume=True)
    whole, cut = tables(tmp_path / "whole"), tables(tmp_path / "cut")
    for name in whole:
        pd.testing.assert_frame_equal(whole[name], cut[name])


def test_a_tight_target_runs_to_the_cap(tmp_path):
    data = spec(matches=8, decks=["black_starter"], stop={"half_width": 0.01, "chunk": 3})
    sweep = sweep_of(data)
    assert sweep.stop.chunk == 4  # rounded up to whole shards
    cells = run_sweep(sweep, tmp_path / "s", progress=False)
    assert cells["matches"].tolist() == [8] and not cells["stopped_early"].any()


def test_cells_table_gives_win_rates_with_intervals_and_n_a_where_unmeasured(tmp_path):
    sweep = sweep_of(spec(agents=["greedy", "random"], matches=12))
    cells = run_sweep(sweep, tmp_path / "s", progress=False)
    matches = load_results(tmp_path / "s").matches
    rotated = matches["match_id"] % 2                 # greedy sits in seat (-i mod 2) of match i
    greedy_won = (matches["winner"] == rotated).sum() + 0.5 * (matches["winner"] < 0).sum()
    row = cells.iloc[0]
    assert row["lineup_win_rate"] == pytest.approx(greedy_won / 12)
    low, high = map(float, row["lineup_win_rate_ci"].split("-"))
    assert low <= row["lineup_win_rate"] <= high
    assert pd.isna(row["half_width"])  # no stop rule: never measured, printed n/a
