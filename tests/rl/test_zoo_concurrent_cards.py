"""Two processes recording strength rows in one model card at once (two `tcglab zoo
evaluate` runs of one model against other opponents) lose none of them: each read-and-rewrite
of the card holds `experiments.rl.zoo.card_lock`. Without it one writer's rows were lost
whenever its read fell between the other's read and rename."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

from agents.zoo import ZOO_DIR

WRITER = """
import sys
from experiments.rl.zoo import record_strength
zoo_dir, tag = sys.argv[1], sys.argv[2]
for i in range(60):
    summary = {"second": f"{tag}{i}", "matches": 4, "wins": 2, "draws": 0, "losses": 2, "score": 0.5,
               "ci95": (0.15, 0.85), "seed": i, "code_versions": ["abc1234"]}
    record_strength("first_cycle", summary, f"test {tag}{i}", zoo_dir)
"""


def test_two_writers_of_one_card_lose_no_row(tmp_path):
    for suffix in (".json", ".pt"):
        shutil.copy(ZOO_DIR / f"first_cycle{suffix}", tmp_path / f"first_cycle{suffix}")
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), tag]) for tag in ("a", "b")]
    assert [w.wait(timeout=300) for w in writers] == [0, 0]
    rows = {r["opponent"] for r in json.loads((tmp_path / "first_cycle.json").read_text())["strength"]}
    assert {f"{t}{i}" for t in "ab" for i in range(60)} <= rows
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first_cycle.json", "first_cycle.pt"]
