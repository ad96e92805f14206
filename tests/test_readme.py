"""The README's Python examples run as written."""
from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_engine_example_plays_a_real_game(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    engine = next(b for b in blocks if "load_game" in b and "while not state.is_terminal()" in b)
    exec(compile(engine, "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert len(out) > 10 and re.match(r"P[12]: ", out[0]) and "end turn" not in out[0]
    result = next(i for i, line in enumerate(out) if line.startswith("[") and "]" in line)
    assert out[result].endswith("leader_hp") or out[result].endswith("turn_limit")
    assert any(line.startswith("Game over:") for line in out[result:])
    assert out[-1] == "load_game('first_cycle', max_turns=80)"
