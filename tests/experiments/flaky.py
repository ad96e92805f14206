"""A test agent that raises in some matches, and the patch that lets runs build it by name.

    use_flaky(monkeypatch)          # agents.make("flaky") is now a FlakyAgent, in this process
    run(RunConfig(agents=("flaky", "random"), ...))

It raises in the matches where seat 0 went first (from turn 2) and plays the first legal action
otherwise, so a run gets some errored and some finished matches (one local worker: the patch
lives in this process).
"""
from __future__ import annotations

from typing import Any

import agents


class FlakyAgent:
    """Raises in the matches where seat 0 went first, plays the first legal action otherwise."""

    name = "flaky"

    def act(self, state: Any, rng: Any) -> int:
        if state.turn >= 2 and state.first_player == 0:
            raise RuntimeError("flaky agent gave up")
        return state.legal_actions()[0]


def use_flaky(monkeypatch: Any) -> None:
    """Make `agents.make("flaky")` (and the runner's cached agent lookup) build a FlakyAgent."""
    import experiments.batch.match as match
    real_make = agents.make
    monkeypatch.setattr(agents, "make", lambda spec, **kw: FlakyAgent() if spec == "flaky" else real_make(spec, **kw))
    monkeypatch.setattr(match, "_agent", lambda spec: agents.make(spec))
