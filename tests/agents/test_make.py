"""`agents.make`, spec strings and `available()`."""
from __future__ import annotations

import re

import pytest

import agents
from agents.base import parse_spec
from agents.greedy import GreedyAgent
from agents.mcts import MCTSAgent, MCTSConfig
from agents.random_agent import RandomAgent


def test_available_lists_the_baselines():
    assert set(agents.available()) >= {"random", "greedy", "mcts", "policy"}


def test_make_by_name_builds_each_agent_with_default_config():
    assert isinstance(agents.make("random"), RandomAgent)
    assert isinstance(agents.make("greedy"), GreedyAgent)
    m = agents.make("mcts")
    assert isinstance(m, MCTSAgent) and m.config == MCTSConfig()
    assert m.name == "mcts"


def test_spec_string_sets_typed_fields():
    m = agents.make("mcts:iterations=400,c=1.4")
    assert m.config.iterations == 400 and isinstance(m.config.iterations, int)
    assert m.config.c == 1.4


def test_keyword_arguments_override_the_spec_and_ints_become_floats():
    m = agents.make("mcts:iterations=400", iterations=50, c=2)
    assert m.config.iterations == 50
    assert m.config.c == 2.0 and isinstance(m.config.c, float)


def test_parse_spec_values():
    assert parse_spec("mcts: rollout = greedy , seconds=none, skip_forced=false") == (
        "mcts", {"rollout": "greedy", "seconds": None, "skip_forced": False})
    assert parse_spec("random") == ("random", {})


def test_unknown_agent_names_the_available_ones():
    with pytest.raises(ValueError, match="available"):
        agents.make("alphazero")


def test_unknown_field_names_the_known_ones():
    with pytest.raises(ValueError, match="iterations"):
        agents.make("mcts:iterationz=3")


def test_malformed_spec_item_is_refused():
    with pytest.raises(ValueError, match="key=value"):
        agents.make("mcts:400")


def test_invalid_values_are_refused():
    with pytest.raises(ValueError):
        agents.make("mcts", iterations=0)
    with pytest.raises(ValueError):
        agents.make("mcts", rollout="smart")
    with pytest.raises(ValueError):
        agents.make("greedy", samples=0)


def test_configs_are_frozen():
    m = agents.make("mcts")
    with pytest.raises(AttributeError):
        m.config.iterations = 5  # type: ignore[misc]


def test_a_bare_first_value_fills_the_configs_positional_field():
    assert parse_spec("ppo:first_cycle", positional="model") == ("ppo", {"model": "first_cycle"})
    assert parse_spec("ppo:cipher,deterministic=false", positional="model") == (
        "ppo", {"model": "cipher", "deterministic": False})
    with pytest.raises(ValueError, match="expected key=value"):
        parse_spec("mcts:400")                      # mcts has no positional field
    with pytest.raises(ValueError, match="expected key=value"):
        parse_spec("ppo:deterministic=false,cipher", positional="model")   # only the first item


def test_ppo_spec_names_a_zoo_model_or_a_path_but_not_both():
    pytest.importorskip("sb3_contrib")
    with pytest.raises(ValueError, match="not both"):
        agents.make("ppo")
    with pytest.raises(ValueError, match="not both"):
        agents.make("ppo:first_cycle,path=x.zip")
    with pytest.raises(ValueError, match="no zoo model 'chess'; zoo models: "):
        agents.make("ppo:chess")


@pytest.mark.parametrize("spec, message", [
    ("mcts:iterations=abc", "MCTSConfig.iterations: expected a whole number, got 'abc'"),
    ("mcts:iterations=2.5", "MCTSConfig.iterations: expected a whole number, got 2.5"),
    ("mcts:skip_forced=maybe", "MCTSConfig.skip_forced: expected true or false, got 'maybe'"),
    ("mcts:c=abc", "MCTSConfig.c: expected a number or none, got 'abc'"),
    ("mcts:epsilon=2", "MCTSConfig.epsilon must be a probability in [0, 1], got 2.0"),
    ("greedy:samples=abc", "GreedyConfig.samples: expected a whole number, got 'abc'"),
])
def test_a_spec_value_of_the_wrong_type_is_named_with_its_field(spec, message):
    """They once failed deep in the config as "'<' not supported between 'str' and 'int'", or
    were accepted (2.5 iterations, skip_forced=maybe, epsilon 2)."""
    with pytest.raises(ValueError, match=re.escape(message)):
        agents.make(spec)


def test_numbers_still_fill_float_fields_and_none_optional_ones():
    config = agents.make("mcts:c=1,seconds=none,epsilon=0").config
    assert config.c == 1.0 and isinstance(config.c, float) and config.seconds is None and config.epsilon == 0.0
