"""Deck search end to end on tiny budgets: legal elites, reproducible archives, a planted card found."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from experiments.batch import RunConfig
from experiments.batch.validate import check_playable
from experiments.decksearch import confirm_elites, parse_search, run_search, write_outputs
from experiments.decksearch.tables import card_table

TINY = {"search": {"iterations": 1, "batch_size": 2, "emitters": 1}}
OPPONENT = {"first_cycle": "green_starter", "cipher": "red_starter", "xenodex": "greys"}


def _search(game: str, **tables) -> dict:
    data = {"game": game, "seed": 4, "gauntlet": {"decks": [OPPONENT[game]], "matches": 1},
            "measures": [{"name": "mean_cost", "bins": 3}], **TINY}
    for key, value in tables.items():
        data[key] = {**data.get(key, {}), **value} if isinstance(value, dict) else value
    return data


@pytest.mark.parametrize("game", ["first_cycle", "cipher", "xenodex"])
def test_decksearch_elite_deck_files_pass_the_deck_rules_and_run(game, tmp_path):
    search = parse_search(_search(game, confirm={"top": 1, "matches": 1}))
    result = run_search(search, tmp_path, workers=1)
    confirmed = confirm_elites(result)
    assert len(confirmed) == 1 and confirmed["heldout_seed"].iloc[0] == search.seed + 1
    files = write_outputs(result, tmp_path, command="test", confirmed=confirmed)
    elites = sorted((tmp_path / "elites").glob("elite_*.json"))
    assert elites and len(elites) == len(result.elites())
    for path in elites:
        data = json.loads(path.read_text())
        result.pool.check(data)  # the game's own deck check
        check_playable(RunConfig(game=game, agents=("greedy",), decks=(str(path), OPPONENT[game])))
    for name in ("summary", "heatmap", "elites", "cards"):
        assert files[name].exists()
    table = pd.read_csv(files["elites"])  # both deck columns name files inside the search's folder
    assert table["searched_as"].str.startswith("decks/").all() and table["deck_file"].str.startswith("elites/").all()
    assert all((tmp_path / name).is_file() for name in table["searched_as"])
    summary = files["summary"].read_text()
    assert "Wilson 95% interval" in summary and "On held-out seeds (run seed 5" in summary
    held = next(line for line in summary.splitlines() if "On held-out seeds" in line)
    assert "per opponent) the best elite scored `elites/elite_01.json` " in held  # one confirmed
    assert held.count("Wilson 95% interval") == 1


def _archive(result) -> list:
    data = result.archive.data()
    order = np.argsort(data["index"])
    return [(int(data["index"][i]), float(data["objective"][i]), data["solution"][i].tolist()) for i in order]


def test_decksearch_same_file_and_seed_give_the_same_archive(tmp_path):
    search = parse_search(_search("first_cycle", search={"batch_size": 3}))
    one = run_search(search, tmp_path / "a", workers=1)
    two = run_search(search, tmp_path / "b", workers=2)
    assert _archive(one) == _archive(two)
    assert [e.evaluation.score for e in one.elites()] == [e.evaluation.score for e in two.elites()]
    other = run_search(search.replace(seed=5), tmp_path / "c", workers=1)
    assert _archive(other) != _archive(one)


HOTFIX = 23  # First Cycle #023 Hotfix, an orange Protocol: "Deal 1 damage to the opposing Leader"
PLANT = {"card_overrides": {"FC023.abilities[0].params.amount": 5}}   # 5 damage: a Leader has 5 HP


def test_planted_overpowered_card_rises_among_elites(tmp_path):
    """Hotfix made over-powered by a card override in the search file's [params] is held by
    more elites than the plain Hotfix, same seed, two workers."""
    def inclusion(out, params: dict) -> float:
        search = parse_search(_search("first_cycle", seed=3, pool={"heads": ["FC020"]}, params=params,
                                      gauntlet={"matches": 2}, search={"iterations": 2, "batch_size": 8},
                                      measures=[{"name": "mean_cost", "bins": 4, "range": [1.5, 3.5]}]))
        result = run_search(search, out, workers=2)
        return float(card_table(result).set_index("card").loc[HOTFIX, "elite_inclusion"])

    assert inclusion(tmp_path / "planted", PLANT) > inclusion(tmp_path / "plain", {})
