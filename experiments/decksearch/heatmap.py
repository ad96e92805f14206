"""The archive heatmap of a deck search: each cell's elite win rate over the measure grid (PNG).

    write_heatmap(result, "runs/ds1/heatmap.png")

Two measures draw a grid (first measure across, second up); one measure draws a strip.
Empty cells stay blank. The title says what produced it: game, agent, gauntlet, matches
per opponent, seed, decks evaluated, params and code version. Drawn with matplotlib alone (the `analysis` extra).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from experiments.decksearch.search import SearchResult


def archive_grid(result: SearchResult) -> np.ndarray:
    """The elite win rate of every archive cell (NaN where empty), shaped by the bins."""
    archive = result.archive
    grid = np.full(tuple(archive.dims), np.nan)
    data = archive.data()
    for idx, obj in zip(data["index"], data["objective"]):
        grid[tuple(archive.int_to_grid_index([idx])[0])] = obj
    return grid


def write_heatmap(result: SearchResult, path: str | Path, code_version: str | None = None) -> Path:
    """Draw the heatmap to `path` (PNG) and return it; its title names what produced it, the
    code version (`code_version`) included."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    grid = archive_grid(result)
    s = result.search
    fig, ax = plt.subplots(figsize=(7, 5.5 if grid.ndim == 2 else 2.8))
    (x0, x1) = result.ranges[0]
    if grid.ndim == 2:
        (y0, y1) = result.ranges[1]
        image = ax.imshow(grid.T, origin="lower", extent=(x0, x1, y0, y1), aspect="auto", vmin=0, vmax=1,
                          cmap="viridis")
        ax.set_ylabel(f"{result.measures[1].name} ({result.measures[1].what})")
    else:
        image = ax.imshow(grid[np.newaxis, :], origin="lower", extent=(x0, x1, 0, 1), aspect="auto", vmin=0,
                          vmax=1, cmap="viridis")
        ax.set_yticks([])
    ax.set_xlabel(f"{result.measures[0].name} ({result.measures[0].what})")
    fig.colorbar(image, ax=ax, label="elite score (draw = 1/n)")
    held = int(np.isfinite(grid).sum())
    ax.set_title(f"{s.game} deck search: {held} of {grid.size} cells held, {len(result.entries)} decks evaluated\n"
                 f"agent {s.agent}, gauntlet {', '.join(result.opponents)} ({s.matches} match{'' if s.matches == 1 else 'es'} each), "
                 f"seed {s.seed}\nparams {json.dumps(s.params, sort_keys=True) if s.params else 'at their defaults'}; "
                 f"code version {code_version or 'unknown'}", fontsize=8)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
