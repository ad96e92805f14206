"""The rules-as-implemented pages (docs/rules/*.md) name the tests that pin each rulebook
paragraph and ruling: every name they give must exist, so the map cannot drift from the suite."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs" / "rules").glob("*.md"))


def _suite() -> tuple[set[str], set[str]]:
    functions, modules = set(), set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        modules.add(path.stem)
        functions |= set(re.findall(r"^\s*def (test_\w+)", path.read_text(), re.M))
    return functions, modules


FUNCTIONS, MODULES = _suite()


def _exists(name: str) -> bool:
    if name in FUNCTIONS or name in MODULES:
        return True
    # "test_xd22_" stands for a family of tests: at least one must carry the prefix.
    return name.endswith("_") and any(f.startswith(name) for f in FUNCTIONS)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_test_a_rules_page_names_exists(page):
    named = set(re.findall(r"\btest_\w+", page.read_text()))
    assert named, f"{page.name} names no tests"
    missing = sorted(n for n in named if not _exists(n))
    assert not missing, f"{page.name} names tests that do not exist: {missing}"
