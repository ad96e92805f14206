"""The ladder's section says what produced it: game, seats, agents, matches, seed, params, decks
and the code version, beside the table."""
from __future__ import annotations

from experiments.batch.runner import versions
from experiments.ladder import LadderSpec, ladder_markdown, run_ladder


def test_the_ladder_section_names_params_decks_and_code_version(tmp_path):
    spec = LadderSpec(game="first_cycle", agents=("random", "greedy"), matches=2, seed=4, shard_size=2,
                      params={"max_turns": 30})
    text = ladder_markdown(run_ladder(spec, tmp_path / "l", progress=False), spec)
    told = text.split("| rank |")[0]
    for part in ("2 matches", "random, greedy", "seed 4", "params max_turns=30", "the game's default decks",
                 f"code version {versions()['git'] or 'unknown'}"):
        assert part in told, (part, told)
