"""`tcglab ladder`: a round robin of agents rated with intervals, at 2 and 4 seats."""
from __future__ import annotations

import pytest

from experiments.batch.config import RunConfigError
from experiments.cli import main
from experiments.ladder import LadderSpec, ladder_markdown, run_ladder
from experiments.sweep import load_results


def test_two_seat_ladder_plays_every_pair_and_ranks_the_stronger_agent_first(tmp_path):
    spec = LadderSpec(game="first_cycle", agents=("random", "greedy"), matches=12, seed=3, shard_size=6)
    table = run_ladder(spec, tmp_path / "l", progress=False)
    matches = load_results(tmp_path / "l").matches
    assert len(matches) == 12 and set(matches["agent_0"]) == {"random", "greedy"}
    assert list(table["agent"]) == ["greedy", "random"] and list(table["rank"]) == [1, 2]
    assert (table["games"] == 12).all()
    for r in table.to_dict("records"):
        assert r["score_low"] <= r["score"] <= r["score_high"]
        assert r["rating_low"] < r["rating"] < r["rating_high"]
    assert table["score"].sum() == pytest.approx(1.0)   # two seats: the points are shared
    text = ladder_markdown(table, spec)
    assert text.startswith("### first_cycle, 2 seats") and "12 matches" in text and "`greedy` leads" in text


def test_four_seat_ladder_mixes_mirrors_so_two_agents_still_make_lineups(tmp_path):
    spec = LadderSpec(game="xenodex", players=4, agents=("random", "greedy"), matches=2, seed=1, shard_size=2)
    assert spec.lineups(4) == [["random", "random", "random", "greedy"], ["random", "random", "greedy", "greedy"],
                               ["random", "greedy", "greedy", "greedy"]]
    table = run_ladder(spec, tmp_path / "l4", progress=False)
    assert table.attrs["seats"] == 4 and table.attrs["matches"] == 6
    assert set(table["agent"]) == {"random", "greedy"}
    assert table["games"].sum() == 6 * 4


@pytest.mark.parametrize(("kwargs", "message"), [({"agents": ("random", "random")}, "two different agents"),
                                                  ({"matches": 0}, "matches: a positive int")])
def test_a_bad_ladder_is_refused_before_any_match(kwargs, message):
    with pytest.raises(RunConfigError, match=message):
        LadderSpec(**kwargs)


def test_cli_ladder_prints_the_table_and_replaces_its_docs_section(tmp_path, capsys):
    docs = tmp_path / "ladder.md"
    docs.write_text("# Ladder\n\n### first_cycle, 2 seats\n\nold table\n\n### cipher, 2 seats\n\nkept\n")
    args = ["ladder", "--game", "first_cycle", "--agents", "random,greedy", "--matches", "4", "--out",
            str(tmp_path / "l"), "--no-progress", "--docs", str(docs)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "| rank | agent | score |" in out and (tmp_path / "l" / "ladder.md").exists()
    text = docs.read_text()
    assert "old table" not in text and "kept" in text and text.count("### first_cycle, 2 seats") == 1
    assert text.index("### first_cycle") < text.index("### cipher")
    assert main([*args, "--resume"]) == 0   # a finished ladder resumes to the same table
    assert capsys.readouterr().out.split("|", 1)[1] == out.split("|", 1)[1]


def test_the_default_ladder_adds_the_zoo_models_of_the_game_and_seat_count():
    pytest.importorskip("sb3_contrib")
    from experiments.cli.ladder import default_agents
    assert default_agents("first_cycle", None) == ["random", "greedy", "mcts", "ppo:first_cycle"]
    assert default_agents("xenodex", 4) == ["random", "greedy", "mcts", "ppo:xenodex_4p"]
    assert default_agents("xenodex", 3) == ["random", "greedy", "mcts"]
