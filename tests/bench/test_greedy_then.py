"""bench/greedy_then.py times greedy at an earlier commit of this repository against greedy now."""
from __future__ import annotations

import pytest

from bench.greedy_then import ThenUnavailable, compare, export_tree


def test_greedy_at_head_against_now_on_a_tiny_budget():
    got = compare("HEAD", "first_cycle", None, seed=3, count=6, rounds=1, turns=1)
    assert got["then_commit"] == "HEAD"
    assert got["then_cpu_us_per_decision"] > 0 and got["now_cpu_us_per_decision"] > 0
    assert got["cheaper_than_then"] == pytest.approx(
        got["then_cpu_us_per_decision"] / got["now_cpu_us_per_decision"])
    assert (export_tree("HEAD") / "agents" / "greedy.py").is_file()


def test_a_commit_that_does_not_exist_is_named():
    with pytest.raises(ThenUnavailable, match="git archive no-such-commit"):
        compare("no-such-commit", "first_cycle", None, count=2, rounds=1, turns=1)
