"""Card overrides through the experiment layers: `--card` on `tcglab run`, the run's manifest
and match logs, a `[cards]` sweep axis, and the analysis columns (docs/cards/overrides.md)."""
from __future__ import annotations

import json

import pytest

from experiments import RunConfig, RunConfigError, read_table, run
from experiments.analysis.frames import varying_params, with_params
from experiments.cli import main
from experiments.sweep import SweepError, load_results, parse_sweep, run_sweep, validate_sweep


def test_card_overrides_in_a_run_config_are_canonical_and_part_of_its_identity():
    nested = RunConfig(game="first_cycle", params={"card_overrides": {"FC033": {"power": 4}}})
    flat = RunConfig(game="first_cycle", params={"card_overrides": {"fc033.power": 4}})
    assert nested.identity_json() == flat.identity_json()
    assert dict(nested.params)["card_overrides"] == {"FC033.power": 4}
    assert nested.identity_json() != RunConfig(game="first_cycle").identity_json()
    with pytest.raises(RunConfigError, match="expected CARD.FIELD"):
        RunConfig(game="first_cycle", params={"card_overrides": {"power": 4}})


def test_cli_card_flag_is_logged_in_the_manifest_and_every_match(tmp_path, capsys):
    out = tmp_path / "r"
    assert main(["run", "--game", "first_cycle", "--agents", "random", "--matches", "4", "--seed", "3",
                 "--card", "FC033.power=4", "--card", "FC001.hp=6", "--out", str(out), "--no-progress"]) == 0
    capsys.readouterr()
    manifest = json.loads((out / "manifest.json").read_text())
    config = json.loads(manifest["config"])
    assert dict(map(tuple, config["params"]))["card_overrides"] == {"FC001.hp": 6, "FC033.power": 4}
    matches = read_table(out, "matches")
    logged = {json.dumps(json.loads(s)["card_overrides"], sort_keys=True) for s in matches["params_json"]}
    assert logged == {json.dumps({"FC001.hp": 6, "FC033.power": 4}, sort_keys=True)}
    assert set(varying_params(matches)) == set()


def test_invalid_card_override_fails_before_any_match(tmp_path, capsys):
    out = tmp_path / "bad"
    code = main(["run", "--game", "cipher", "--matches", "2", "--card", "FE001.power=999", "--out", str(out),
                 "--no-progress"])
    assert code != 0
    assert "FE001.power=999" in capsys.readouterr().err
    assert not (out / "matches").exists() or not any((out / "matches").iterdir())


def test_cards_table_of_a_sweep_is_a_grid_axis_with_its_own_column(tmp_path):
    data = {"game": "first_cycle", "agents": ["random"], "matches": 4, "seed": 5, "shard_size": 4,
            "params": {"max_turns": 30}, "cards": {"FC033.power": [3, 6]}}
    sweep = parse_sweep(data, source="cards.toml")
    validate_sweep(sweep)
    assert [dict(c.config.params)["card_overrides"] for c in sweep.cells] == [{"FC033.power": 3},
                                                                           {"FC033.power": 6}]
    run_sweep(sweep, tmp_path / "s", progress=False)
    res = load_results(tmp_path / "s")
    assert "FC033.power" in res.axes
    assert sorted(res.matches["FC033.power"].unique()) == [3, 6]
    framed = with_params(res.matches.drop(columns=["FC033.power"]))
    assert sorted(framed["FC033.power"].unique()) == [3, 6]


@pytest.mark.parametrize("cards, needle", [
    ({"FC033.power": [3, 99]}, "less than or equal to 20"),
    ({"FC999.power": [3]}, "no card FC999"),
    ({"power": [3]}, "CARD.FIELD"),
])
def test_bad_card_axes_fail_before_any_match_naming_the_cell(cards, needle):
    data = {"game": "first_cycle", "agents": ["random"], "matches": 2, "cards": cards}
    with pytest.raises(SweepError, match=needle):
        validate_sweep(parse_sweep(data, source="cards.toml"))


def test_run_api_takes_card_overrides_like_any_param():
    df = run(RunConfig(game="xenodex", agents=("random",), matches=2, seed=1, progress=False,
                       params={"card_overrides": {"XC001.str": 9}}))
    assert all(json.loads(s)["card_overrides"] == {"XC001.str": 9} for s in df["params_json"])


def test_every_override_the_docs_and_help_show_loads():
    """The examples a reader copies (docs/cards/overrides.md, `tcglab run --help`, the module
    docstring) are overrides the games accept: FE012's first skill has no amount, and the
    shown example was refused."""
    import re
    from pathlib import Path

    import sim.core.card_overrides as module
    from sim import load_game
    root = Path(__file__).resolve().parents[2]
    texts = [(root / "docs" / "cards" / "overrides.md").read_text(), (root / "experiments" / "cli" / "run.py").read_text(),
             module.__doc__]
    games = {"FC": "first_cycle", "FE": "cipher", "XC": "xenodex"}
    found = {m for text in texts for m in re.findall(r"\b((?:FC|FE|XC)\d{3}\.skills\[0\]\.params\.amount)", text)}
    assert found
    for path in found:
        load_game(games[path[:2]], card_overrides={path: 30})
