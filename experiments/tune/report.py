"""What a tune writes: the trials, the Pareto front (CSV, markdown, PNG), the held-out table and the summary.

    paths = write_outputs(out, spec, table, front, checked, rule, command)

Files in the tune folder:
- `trials.csv`: every trial (search estimates on the search's seeds, each with its 95% interval
  and the trial's match count; `intervals_stored` False for a trial of an older study);
- `front.csv`, `front.md`: the Pareto front of feasible points (for one objective, the best point),
  with the same intervals and match counts;
- `front.png`: objective against objective (all trials, the front marked), or, for one
  objective, each trial's score and the best so far;
- `holdout.csv`, `holdout.md`: the chosen points on held-out seeds with 95% intervals;
- `summary.md`: the findings in sentences, and the command that reproduces them.

Every file is whole: each is written to a hidden temporary sibling (`.NAME.PID.tmp`) and
flushed to disk, and only once all of them are written are they renamed over the files of
the last run (`staged`). A write that fails part way (full disk, a file-size limit) removes
the temporaries and leaves the last run's files as they were, none cut short and none mixed
with the new run's; a temporary left by a killed tune is removed by the next one.
"""
from __future__ import annotations

import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from experiments.tune.results import score_column
from experiments.tune.space import TuneError
from experiments.tune.spec import TuneSpec

FILES = ("trials.csv", "front.csv", "front.md", "front.png", "holdout.csv", "holdout.md", "summary.md")


def _fmt(v) -> str:
    if isinstance(v, float):
        return "n/a" if math.isnan(v) else f"{v:.3f}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    return str(v)


def markdown_table(frame: pd.DataFrame) -> str:
    """A frame as a GitHub markdown table (floats to 3 places)."""
    if frame.empty:
        return "(none)\n"
    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    body = ["| " + " | ".join(_fmt(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *body]) + "\n"


def front_columns(spec: TuneSpec) -> list[str]:
    """The columns of the front table: trial, searched values, each objective's measure and
    score and each constrained measure with their 95% interval (`_low`, `_high`), the matches."""
    cols = ["trial", *[d.key for d in spec.dims]]
    for i, o in enumerate(spec.objectives):
        for name in (o.metric, score_column(i, spec)):
            cols += [name, f"{name}_low", f"{name}_high"]
    for c in spec.constraints:
        cols += [c.metric, f"{c.metric}_low", f"{c.metric}_high"]
    return list(dict.fromkeys(cols + ["matches"]))


def intervals_note(table: pd.DataFrame) -> str:
    """What the intervals of the search's estimates are (and `stored_note`)."""
    note = ("Search estimates: each figure is over the trial's `matches` matches on the search's seeds, "
            "with its 95% interval (`_low`, `_high`): Wilson for rates, a percentile bootstrap over "
            "matches for seat fairness, deck spread and length, mapped through the distance for a "
            "target or range.")
    return " ".join(filter(None, [note, stored_note(table)]))


def stored_note(table: pd.DataFrame) -> str:
    """Which complete trials an older tcglab stored without their intervals, and what stands in
    for them ("" when every trial has them)."""
    if not {"state", "intervals_stored"} <= set(table.columns):
        return ""
    old = table[(table["state"] == "COMPLETE") & ~table["intervals_stored"].astype(bool)]
    if old.empty:
        return ""
    listed = ", ".join(str(int(t)) for t in old["trial"].head(10)) + (", ..." if len(old) > 10 else "")
    return (f"{len(old)} trial(s) ({listed}) were stored by an older tcglab without their intervals "
            "(`intervals_stored` False): a draw or win rate gets its Wilson interval from the rate and "
            "`matches`; every other bound is n/a (empty in the CSV).")


def plot_front(spec: TuneSpec, table: pd.DataFrame, front: pd.DataFrame, path: Path) -> Path:
    """front.png: see the module docstring."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    done = table[table["state"] == "COMPLETE"]
    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    if len(spec.objectives) == 1:
        col = score_column(0, spec)
        ax.scatter(done["trial"], done[col], s=18, c=["tab:blue" if f else "tab:gray" for f in done["feasible"]],
                   label="trials (grey: infeasible)")
        sign = -1 if spec.objectives[0].direction == "maximize" else 1
        best = (done[col].where(done["feasible"]) * sign).cummin() * sign
        ax.step(done["trial"], best, where="post", color="tab:red", label="best feasible so far")
        ax.set_xlabel("trial")
        ax.set_ylabel(col)
    else:
        x, y = score_column(0, spec), score_column(1, spec)
        ax.scatter(done[x], done[y], s=18, c=["tab:blue" if f else "tab:gray" for f in done["feasible"]],
                   alpha=0.6, label="trials (grey: infeasible)")
        if not front.empty:
            f = front.sort_values(x)
            ax.plot(f[x], f[y], "o-", color="tab:red", label="Pareto front")
        ax.set_xlabel(f"{x} ({spec.objectives[0].direction})")
        ax.set_ylabel(f"{y} ({spec.objectives[1].direction})")
    ax.set_title(f"tune {spec.name}: {spec.game}, {spec.base.matches} matches per trial, search seeds")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")  # the format named: a temporary name does not end in .png
    plt.close(fig)
    return path


def provenance(spec: TuneSpec, table: pd.DataFrame) -> str:
    """Game, agents, decks, fixed params, seeds, counts and the code versions (of the
    trials' matches, from the study; of the held-out checks, this process's): what produced
    the figures."""
    from experiments.codeversion import describe_code, process_code_version
    trials = len(table)
    played = table["code_version"].dropna().tolist() if "code_version" in table else []
    code = describe_code(list(dict.fromkeys(played)), "study") if played else "unknown"
    older = int((table["state"] == "COMPLETE").sum()) - len(played) if len(table) else 0
    if older > 0:
        code += f" ({older} trials stored by an older tcglab do not say)"
    now = process_code_version()
    code = (f"code version {code}" if played and set(played) == {now} and older <= 0
            else f"code version of the trials {code}; of the held-out checks {now}")
    decks = ", ".join(spec.base.decks) if spec.base.decks else "the game's default decks"
    fixed = ", ".join(f"{k}={v}" for k, v in spec.base.params) or "none"
    return (f"Game {spec.game}; agents {', '.join(spec.base.agents)}; decks: {decks}; fixed params: {fixed}. "
            f"{trials} trials of {spec.base.matches} matches each on run seed {spec.base.seed} (every trial the "
            f"same seeds); sampler {spec.sampler_kind}; held-out checks of {spec.holdout_matches} matches on run "
            f"seed {spec.holdout_seed}; {code}.")


def _point(spec: TuneSpec, row) -> str:
    return ", ".join(f"{d.key} = {_fmt(row[d.key])}" for d in spec.dims)


def _search(spec: TuneSpec, row: dict, name: str) -> str:
    """The search's estimate of a held-out row's figure `name`, with its interval and match count."""
    low, high = row.get(name + "_search_low", math.nan), row.get(name + "_search_high", math.nan)
    ci = "95% CI n/a" if math.isnan(low) else f"95% CI {low:.3f} to {high:.3f}"
    return f"{row[name + '_search']:.3f}, {ci}, over {spec.base.matches} matches"


def findings(spec: TuneSpec, table: pd.DataFrame, front: pd.DataFrame, checked: pd.DataFrame, rule: str) -> list[str]:
    """The summary's findings as plain sentences, with the held-out intervals."""
    done = int((table["state"] == "COMPLETE").sum())
    feasible = int(table["feasible"].sum())
    out = [f"The search played {len(table)} trials ({done} complete, {feasible} meeting every constraint); "
           f"the Pareto front holds {len(front)} distinct point(s)."]
    out.append(f"Held-out check: {rule}, each played again on {spec.holdout_matches} fresh matches.")
    for row in checked.to_dict("records"):
        parts = []
        for i, o in enumerate(spec.objectives):
            name = score_column(i, spec)
            parts.append(f"{o.describe()}: {row[name]:.3f} (95% CI {row[name + '_low']:.3f} to "
                         f"{row[name + '_high']:.3f}; the search estimated {_search(spec, row, name)})")
        if "first_player_win_rate" in row and all(o.metric != "first_player_win_rate" for o in spec.objectives):
            parts.append(f"the first player wins {row['first_player_win_rate']:.1%} (95% CI "
                         f"{row['first_player_win_rate_low']:.1%} to {row['first_player_win_rate_high']:.1%})")
        for c in spec.constraints:
            parts.append(f"{c.describe()}: {row[c.metric]:.3f} (95% CI {row[c.metric + '_low']:.3f} to "
                         f"{row[c.metric + '_high']:.3f}), {row[c.metric + '_verdict']}")
        out.append(f"Trial {int(row['trial'])} ({_point(spec, row)}): " + "; ".join(parts) + ".")
    return out


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


@contextmanager
def staged(out: Path, names) -> Iterator[dict[str, Path]]:
    """Yield a temporary path for each file name in `names` (in `out`); when the block ends
    without an error, each is flushed to disk and renamed to its name, else every one is
    removed and the files already in `out` stay as they were. Temporaries of these names that
    a killed writer left are removed first (the caller holds the folder's lock)."""
    for name in names:
        for stale in out.glob(f".{name}.*.tmp"):
            stale.unlink(missing_ok=True)
    tmps = {name: _temporary(out / name) for name in names}
    try:
        yield tmps
        for tmp in tmps.values():
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
    except BaseException:
        for tmp in tmps.values():
            tmp.unlink(missing_ok=True)
        raise
    for name, tmp in tmps.items():
        os.replace(tmp, out / name)


def write_outputs(out: Path, spec: TuneSpec, table: pd.DataFrame, front: pd.DataFrame, checked: pd.DataFrame,
                  rule: str, command: str) -> dict[str, Path]:
    """Write every file of the module docstring into `out`, whole (`staged`); returns them by name.
    A write that fails is a TuneError naming the folder; the last run's files are kept."""
    try:
        with staged(out, FILES) as tmp:
            _write_all(tmp, spec, table, front, checked, rule, command)
    except OSError as exc:
        raise TuneError(f"cannot write the tune's files in {out} ({exc.strerror or exc}); the files of its "
                        "last complete run are kept as they were and the study is safe: run again with "
                        "--resume to write them") from None
    return {name: out / name for name in FILES}


def _write_all(paths: dict[str, Path], spec: TuneSpec, table: pd.DataFrame, front: pd.DataFrame,
               checked: pd.DataFrame, rule: str, command: str) -> None:
    table.to_csv(paths["trials.csv"], index=False)
    cols = [c for c in front_columns(spec) if c in front.columns] if not front.empty else front_columns(spec)
    if not front.empty and not front["intervals_stored"].astype(bool).all():
        cols.append("intervals_stored")
    shown = front[cols] if not front.empty else pd.DataFrame(columns=cols)
    shown.to_csv(paths["front.csv"], index=False)
    head = (f"# tune {spec.name}: Pareto front (search estimates)\n\n{provenance(spec, table)}\n\n"
            f"{intervals_note(front)}\n\n")
    paths["front.md"].write_text(head + markdown_table(shown), encoding="utf-8")
    plot_front(spec, table, front, paths["front.png"])
    checked.to_csv(paths["holdout.csv"], index=False)
    paths["holdout.md"].write_text(f"# tune {spec.name}: held-out check (95% intervals)\n\n{rule}.\n\n"
                                   + markdown_table(checked), encoding="utf-8")
    lines = [f"# tune {spec.name}", "", provenance(spec, table), "", "## Findings", ""]
    lines += [f"- {s}" for s in findings(spec, table, front, checked, rule)]
    told = ("Intervals: Wilson for rates, a percentile bootstrap over matches for seat fairness, deck spread "
            "and length; distances to a target or range carry the interval of their measure. trials.csv and "
            "front.* give the search's estimates with their intervals over each trial's matches.")
    lines += ["", " ".join(filter(None, [told, stored_note(table)])), "",
              "## Reproduce", "", "    " + command, "",
              "Files: trials.csv (every trial), front.csv / front.md / front.png (the Pareto front on the "
              "search's seeds), holdout.csv / holdout.md (the chosen points on held-out seeds), study.db "
              "(the optuna study).", ""]
    paths["summary.md"].write_text("\n".join(lines), encoding="utf-8")
