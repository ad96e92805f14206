"""The analysis notebooks run from a fresh kernel on tiny budgets and show their plots."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

from tests.analysis.readiness import skip_unless_ready  # noqa: E402 - after the importorskips

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
BUDGET = {"TCGLAB_NOTEBOOK_MATCHES": "3"}
# game and whether the notebook names decks, for notebooks of games still being written
NEEDS = {"cipher_matchups.ipynb": ("cipher", True), "xenodex_anchor_economy.ipynb": ("xenodex", False)}


def run_notebook(path: Path):
    nb = nbformat.read(path, as_version=4)
    old = {k: os.environ.get(k) for k in BUDGET}
    os.environ.update(BUDGET)  # the kernel inherits the environment
    try:
        nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return nb


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_runs_and_shows_its_plots(name):
    if name in NEEDS:
        skip_unless_ready(*NEEDS[name])
    nb = run_notebook(NOTEBOOKS / name)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 2, f"{name} showed {len(images)} plots"
    tables = [o for o in outputs if "text/html" in o.get("data", {})]
    assert tables, f"{name} showed no table"
    last = "".join(o.get("text", "") for o in nb.cells[-1].get("outputs", []))
    assert nb.cells[-2].source.startswith("## Findings") and "- Going first" in last and "95% CI" in last
