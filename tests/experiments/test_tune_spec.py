"""Tune files: every mistake is one clear error naming the key; the space maps into params."""
from __future__ import annotations

from pathlib import Path

import pytest

from experiments.cli import main
from experiments.tune import TuneError, load_tune_file, parse_tune
from experiments.tune.space import parse_space, space_params

EXAMPLES = Path(__file__).resolve().parents[2] / "experiments" / "examples" / "tune"


def good(**changes) -> dict:
    spec = {"game": "first_cycle", "matches": 4, "trials": 2,
            "space": {"params": {"max_turns": {"low": 8, "high": 20}}},
            "objectives": [{"metric": "draw_rate"}]}
    spec.update(changes)
    return spec


@pytest.mark.parametrize("changes, named", [
    ({"trails": 4}, "top level: unknown key(s) ['trails']"),
    ({"game": "chess"}, "unknown game"),
    ({"space": {"params": {"max_turns": {"low": 8, "high": 500}}}}, "space.params.max_turns = 500"),
    ({"space": {"params": {"max_turn": {"low": 8, "high": 20}}}}, "space.params.max_turn"),
    ({"space": {"params": {"max_turns": {"low": 20, "high": 8}}}}, "space.params.max_turns: low (20) must be below"),
    ({"space": {"params": {"max_turns": {"low": 8}}}}, "space.params.max_turns: a range needs both low and high"),
    ({"space": {"params": {"max_turns": {"low": 8, "high": 20, "stride": 2}}}},
     "space.params.max_turns: unknown key(s) ['stride']"),
    ({"space": {"params": {"defender_bonus_turns": {"choices": [[3, 5, 7], "x"]}}}},
     "space.params.defender_bonus_turns = 'x'"),
    ({"space": {"params": {"opening_hand": {"choices": [4, 4]}}}}, "space.params.opening_hand.choices: a value"),
    ({"space": {"cards": {"FC033": {"low": 3, "high": 6}}}}, "space.cards.FC033: a card key is \"CARD.field\""),
    ({"space": {}}, "space:"),
    ({"objectives": [{"metric": "draws"}]}, "objectives[0].metric: one of"),
    ({"objectives": [{"metric": "draw_rate", "direction": "down"}]}, "objectives[0].direction"),
    ({"objectives": [{"metric": "draw_rate", "target": 0.1, "direction": "minimize"}]},
     "objectives[0]: give one of direction, target or range"),
    ({"objectives": [{"metric": "mean_length", "range": [30, 10]}]}, "objectives[0].range: low 30 above high 10"),
    ({"objectives": []}, "objectives: give at least one"),
    ({"constraints": [{"metric": "draw_rate"}]}, "constraints[0]: give max and/or min"),
    ({"constraints": [{"metric": "draw_rate", "max": "low"}]}, "constraints[0].max: a number"),
    ({"params": {"max_turns": 30}}, "['max_turns'] both fixed and searched"),
    ({"sampler": "cmaes"}, "sampler: one of"),
    ({"trials": 0}, "trials: a whole number >= 1"),
    ({"holdout": {"matches": 10, "k": 2}}, "holdout: a table with keys"),
    ({"agents": ["nobody"]}, "agents/decks"),
])
def test_tune_bad_file_names_the_key(changes, named):
    with pytest.raises(TuneError) as info:
        parse_tune(good(**changes), source="bad.toml")
    message = str(info.value)
    assert message.startswith("tune bad.toml: ") and named in message, message
    assert "\n" not in message


def test_tune_cli_bad_toml_is_one_line_naming_the_key_and_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('game = "first_cycle"\n[space.params]\nmax_turns = { low = 1, high = 20 }\n'
                    '[[objectives]]\nmetric = "draw_rate"\n')
    assert main(["tune", str(path), "--dry-run"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert err.startswith(f"tcglab tune: tune {path}: space.params.max_turns = 1:") and "minimum 2" in err
    path.write_text("game = [")
    assert main(["tune", str(path), "--dry-run"]) == 2
    assert "not valid TOML" in capsys.readouterr().err


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_tune_example_files_check_against_their_game(example, capsys):
    assert main(["tune", str(EXAMPLES / example), "--dry-run"]) == 0
    assert "every searched end and choice checked" in capsys.readouterr().out


def test_tune_space_puts_card_fields_in_card_overrides():
    dims = parse_space({"params": {"max_turns": {"low": 8, "high": 20}},
                        "cards": {"FC033.power": {"low": 3, "high": 6}, "FC001.cost": [1, 2]}})
    params = space_params(dims, {"max_turns": 9, "FC033.power": 4, "FC001.cost": 2},
                          fixed={"leader_hp": 6, "card_overrides": {"FC010.power": 1}})
    assert params == {"leader_hp": 6, "max_turns": 9,
                      "card_overrides": {"FC001.cost": 2, "FC010.power": 1, "FC033.power": 4}}


def test_tune_tuple_param_choices_reach_the_game_as_tuples():
    spec = parse_tune({"game": "xenodex", "num_players": 2, "matches": 2,
                       "space": {"params": {"upgrade_costs": {"choices": [[6, 12, 20, 30], [3, 6, 10, 15]]}}},
                       "objectives": [{"metric": "draw_rate"}]})
    dim = spec.dims[0]
    raw = dim.distribution().choices
    assert raw == ("[6, 12, 20, 30]", "[3, 6, 10, 15]")
    assert dim.decode(raw[1]) == (3, 6, 10, 15)
    assert dict(spec.config_for({"upgrade_costs": (3, 6, 10, 15)}).params)["upgrade_costs"] == (3, 6, 10, 15)


def test_tune_card_space_searches_card_overrides(tmp_path):
    """Written against the `card_overrides` params field of every game: a searched card field
    reaches the game as one `card_overrides` dict, is checked at both ends before any match,
    and a tune over it runs."""
    from experiments.tune import run_tune
    path = tmp_path / "cards.toml"
    path.write_text('game = "first_cycle"\nagents = "greedy"\nmatches = 4\ntrials = 2\nseed = 1\n'
                    '[params]\nmax_turns = 30\n[space.cards]\n"FC033.power" = { low = 3, high = 6 }\n'
                    '[[objectives]]\nmetric = "first_player_advantage"\n[holdout]\nmatches = 4\ntop_k = 1\n')
    spec = load_tune_file(path)
    assert dict(spec.config_for({"FC033.power": 5}).params)["card_overrides"] == {"FC033.power": 5}
    result = run_tune(spec, tmp_path / "t", say=lambda line: None)
    assert set(result.trials["FC033.power"]) <= {3, 4, 5, 6}
    bad = path.read_text().replace('"FC033.power"', '"FC033.nonsense"')
    path.write_text(bad)
    with pytest.raises(TuneError, match=r"space\.cards\.FC033\.nonsense = 3"):
        load_tune_file(path)
