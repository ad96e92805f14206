"""The shape of the code base (docs/ARCHITECTURE.md): no import circles, small modules,
packages that name their modules. The layers themselves are import-linter's contracts
(pyproject.toml), run by `make test`."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sim", "envs", "agents", "experiments")


def _modules() -> dict[str, Path]:
    out = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere in its body (functions included)."""
    modules = _modules()

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            for target in targets:
                found = resolve(target)
                if found and found != module:
                    graph[module].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_circles_anywhere():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("top", PACKAGES + ("bench",))
def test_no_module_over_500_lines(top):
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / top).rglob("*.py")
            if (n := len(p.read_text().splitlines())) > 500}
    assert long == {}


def test_every_package_names_its_modules():
    missing = {}
    for init in [p for top in PACKAGES + ("bench",) for p in (ROOT / top).rglob("__init__.py")]:
        doc = ast.get_docstring(ast.parse(init.read_text())) or ""
        names = [p.stem for p in init.parent.glob("*.py") if p.stem not in ("__init__", "__main__")]
        names += [p.name for p in init.parent.iterdir() if (p / "__init__.py").exists()]
        if absent := [n for n in names if n not in doc]:
            missing[str(init.relative_to(ROOT))] = absent
    assert missing == {}
