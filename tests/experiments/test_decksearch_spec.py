"""Deck search files: a bad file is refused with a message naming the key."""
from __future__ import annotations

from pathlib import Path

import pytest

from experiments.cli.main import main
from experiments.decksearch import DeckSearchError, load_search_file, parse_search

GOOD = {"game": "first_cycle", "measures": [{"name": "mean_cost"}]}


def _with(**changes):
    data = {**GOOD}
    for key, value in changes.items():
        if "." in key:
            table, sub = key.split(".")
            data[table] = {**data.get(table, {}), sub: value}
        else:
            data[key] = value
    return data


@pytest.mark.parametrize("data, key", [
    ({"measures": [{"name": "mean_cost"}]}, "game"),
    (_with(gmae="cipher"), "gmae"),
    (_with(game="chess"), "game"),
    (_with(**{"gauntlet.matches": "two"}), "gauntlet.matches"),
    (_with(**{"gauntlet.matches": 0}), "gauntlet.matches"),
    (_with(**{"search.batchsize": 4}), "search.batchsize"),
    (_with(**{"search.sigma": -1.0}), "search.sigma"),
    (_with(**{"pool.collection": {"packs": 0}}), "pool.collection.packs"),
    (_with(game="cipher", **{"pool.collection": {"packs": 3}}), "pool.collection"),
    (_with(measures=[]), "measures"),
    (_with(measures=[{"name": "mean_power_level"}]), "measures[0].name"),
    (_with(measures=[{"name": "mean_cost", "range": [3, 1]}]), "measures[0].range"),
    (_with(measures=[{"name": "mean_cost", "bins": 2.5}]), "measures[0].bins"),
    (_with(params=[1, 2]), "params"),
])
def test_decksearch_bad_file_names_the_key(data, key):
    with pytest.raises(DeckSearchError) as info:
        parse_search(data)
    assert str(info.value).startswith(f"{key}:"), str(info.value)


def test_decksearch_file_errors_name_the_file(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('game = "first_cycle"\n[gauntlet]\nmatches = "two"\n[[measures]]\nname = "mean_cost"\n')
    with pytest.raises(DeckSearchError, match=r"s\.toml: gauntlet\.matches: expected an integer >= 1, got 'two'"):
        load_search_file(path)
    path.write_text("game = \n")
    with pytest.raises(DeckSearchError, match="not valid TOML"):
        load_search_file(path)


def test_decksearch_cli_bad_file_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text('game = "first_cycle"\n[search]\nemiters = 2\n[[measures]]\nname = "mean_cost"\n')
    assert main(["decksearch", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "search.emiters: unknown key" in err[0]


def test_decksearch_example_files_parse():
    files = sorted((Path(__file__).parents[2] / "experiments" / "examples" / "decksearch").glob("*.toml"))
    assert {load_search_file(f).game for f in files} == {"first_cycle", "cipher", "xenodex"}


@pytest.mark.parametrize("tables, start", [
    ({"params": {"no_such_param": 1}}, "params.no_such_param:"),
    ({"params": {"deck_size": 1000}}, "params.deck_size:"),
    ({"pool": {"heads": ["FC003"]}}, "pool.heads:"),
])
def test_decksearch_bad_params_or_pool_fail_before_any_match(tmp_path, tables, start):
    from experiments.decksearch import run_search
    search = parse_search({**GOOD, **tables})
    with pytest.raises(DeckSearchError) as info:
        run_search(search, tmp_path)
    assert str(info.value).startswith(start), str(info.value)
    assert not list(tmp_path.iterdir())  # nothing written, not even decks/
