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


def test_a_docs_write_that_fails_midway_leaves_the_docs_file_whole(tmp_path):
    """A real short write: the ladder runs with a file-size limit (RLIMIT_FSIZE) below the size
    of the --docs file, so writing it fails part way (EFBIG). The file must stay as it was,
    the command must say so in one line (exit 2), and no temporary file may be left."""
    import resource
    import subprocess
    import sys
    from pathlib import Path

    docs = tmp_path / "ladder_docs.md"
    old = "# Ladder\n\n### cipher, 2 seats\n\n" + "a kept line of an older table\n" * 20000  # ~600 KB
    docs.write_text(old, encoding="utf-8")
    limit = 256 * 1024

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = subprocess.run([sys.executable, "-m", "experiments.cli", "ladder", "--game", "first_cycle",
                           "--agents", "random,greedy", "--matches", "2", "--workers", "1", "--no-progress",
                           "--out", str(tmp_path / "l"), "--docs", str(docs)],
                          cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True,
                          preexec_fn=limited, timeout=300)
    assert docs.read_text(encoding="utf-8") == old
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(docs) in lines[0], proc.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
