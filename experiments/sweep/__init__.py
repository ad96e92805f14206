"""Balance sweeps: many runner runs (cells) from one TOML file, resumable, with early stop.

    from experiments.sweep import load_sweep_file, run_sweep, load_results
    sweep = load_sweep_file("experiments/examples/sweeps/first_cycle_round_robin.toml", matches=40)
    run_sweep(sweep, "runs/sweep1", workers=2)
    res = load_results("runs/sweep1")          # res.matches, res.cards, res.cells

Modules:
- `spec`: the sweep file format, parsed and validated into cells (`load_sweep_file`,
  `parse_sweep`, `validate_sweep`, `Sweep`, `Cell`, `StopRule`, `SweepError`);
- `runner`: running the cells with the batch runner, early stop, and reading a sweep
  folder back (`run_sweep`, `load_results`, `SweepResults`, `stop_metric`, `produced_by`);
- `folder`: a sweep folder's `sweep.json` and `cell.json` read back and checked, and the
  folder refused before anything is written (`check_folder`, `SweepFolderError`).
"""
from experiments.sweep.folder import SweepFolderError
from experiments.sweep.runner import (
    SweepCellsFailed,
    SweepResults,
    load_results,
    produced_by,
    run_sweep,
    stop_metric,
)
from experiments.sweep.spec import (
    Cell,
    StopRule,
    Sweep,
    SweepError,
    load_sweep_file,
    parse_sweep,
    validate_sweep,
)

__all__ = [
    "Cell",
    "StopRule",
    "Sweep",
    "SweepCellsFailed",
    "SweepError",
    "SweepFolderError",
    "SweepResults",
    "load_results",
    "load_sweep_file",
    "parse_sweep",
    "produced_by",
    "run_sweep",
    "stop_metric",
    "validate_sweep",
]
