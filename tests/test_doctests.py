"""Every docstring example in sim/ runs as a doctest: an example that no longer works fails
here (run one module with `python -m doctest -v sim/first_cycle/scenario.py`)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sim

MODULES = sorted(m.name for m in pkgutil.walk_packages(sim.__path__, "sim."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} doctest examples failed"


def test_doctests_cover_the_scenario_example():
    module = importlib.import_module("sim.first_cycle.scenario")
    assert doctest.testmod(module).attempted >= 4
