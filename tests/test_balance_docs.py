"""The balance pages (docs/balance/*.md) state findings that a reader must be able to
reproduce: every finding names a command, every command it names is written out on the
page, and every sweep file a page names exists, parses and validates (nothing is played)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from experiments.sweep import parse_sweep, validate_sweep

ROOT = Path(__file__).resolve().parents[1]
BALANCE = ROOT / "docs" / "balance"
PAGES = sorted(p for p in BALANCE.glob("*.md") if p.name != "README.md")
SWEEP_PATH = re.compile(r"experiments/examples/balance/[\w.-]+\.toml")
FINDING = re.compile(r"^\s*(?:[-*]|\d+\.)\s+\*\*F\d+\b", re.M)
COMMAND_REF = re.compile(r"\[(C\d+)\]\(#(c\d+)\)")


def _section(text: str, title: str) -> str:
    """The body of the `## title` section of a page ("" when absent)."""
    match = re.search(rf"^## {title}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    return match.group(1) if match else ""


def _findings(text: str) -> list[str]:
    """Each finding's paragraph: from its `**Fn` bullet to the next bullet or the section end."""
    body = _section(text, "Findings")
    starts = [m.start() for m in FINDING.finditer(body)]
    return [body[a:b] for a, b in zip(starts, starts[1:] + [len(body)])]


def _commands(text: str) -> dict[str, str]:
    """Command id (C1, C2, ...) -> the shell block under its `### Cn` heading."""
    body = _section(text, "Commands")
    blocks = {}
    for m in re.finditer(r"^### (C\d+)\b.*?$(.*?)(?=^### |\Z)", body, re.M | re.S):
        code = re.findall(r"```(?:sh|bash|python)?\n(.*?)```", m.group(2), re.S)
        blocks[m.group(1)] = "\n".join(code)
    return blocks


def test_the_balance_index_links_every_page():
    index = (BALANCE / "README.md").read_text()
    assert PAGES, "docs/balance has no pages"
    missing = [p.name for p in PAGES if f"({p.name})" not in index]
    assert not missing, f"docs/balance/README.md does not link {missing}"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_balance_finding_names_a_command_written_on_its_page(page):
    text = page.read_text()
    findings = _findings(text)
    assert findings, f"{page.name}: no findings (bullets starting **F1, **F2, ...) under '## Findings'"
    commands = _commands(text)
    for finding in findings:
        label = finding.strip()[:60]
        refs = COMMAND_REF.findall(finding)
        assert refs, f"{page.name}: finding {label!r} names no command ([Cn](#cn))"
        for name, anchor in refs:
            assert anchor == name.lower(), f"{page.name}: link [{name}](#{anchor}) points elsewhere"
            assert commands.get(name, "").strip(), f"{page.name}: {name} has no code block under '### {name}'"
    for name, code in commands.items():
        assert "tcglab " in code or "python" in code, f"{page.name}: {name} runs neither tcglab nor python"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_sweep_file_a_balance_page_names_exists_and_validates(page):
    named = sorted(set(SWEEP_PATH.findall(page.read_text())))
    assert named, f"{page.name} names no sweep file"
    for rel in named:
        path = ROOT / rel
        assert path.is_file(), f"{page.name} names {rel}, which does not exist"
        sweep = parse_sweep(tomllib.loads(path.read_text()), source=rel)
        validate_sweep(sweep)
        assert sweep.cells, f"{rel} has no cells"
