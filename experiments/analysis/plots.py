"""Matplotlib figures of the analysis tables, drawn on Agg canvases (no pyplot, no display).

Each function takes a frame from `experiments.analysis` and returns a `Figure`; save it
with `fig.savefig(path)` or show it in a notebook with `display(fig)` (after
`%matplotlib inline`). Functions: `matchup_heatmap`, `card_table`, `rating_chart`,
`response_curves`, `length_histogram`, `end_reason_bars`.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from experiments.analysis.frames import played
from experiments.analysis.tables import length_column, matchup_matrix


def _figure(width: float, height: float) -> Figure:
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
               for v in values)


def matchup_heatmap(table: pd.DataFrame, title: str | None = None) -> Figure:
    """Row entity's win rate against each column entity, annotated with the rate and games."""
    by = "deck" if "deck" in table.columns else "agent"
    rate = matchup_matrix(table, "win_rate")
    games = matchup_matrix(table, "games")
    lo, hi = matchup_matrix(table, "ci_low"), matchup_matrix(table, "ci_high")
    n = len(rate)
    fig = _figure(2.2 + 1.5 * n, 1.6 + 1.2 * n)
    ax = fig.add_subplot()
    im = ax.imshow(rate.to_numpy(dtype=float), cmap="RdBu", vmin=0, vmax=1)
    labels = [str(x) for x in rate.index]
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    for i in range(n):
        for j in range(n):
            v = rate.iat[i, j]
            if pd.notna(v):
                ax.text(j, i, f"{v:.0%}\n[{lo.iat[i, j]:.0%}, {hi.iat[i, j]:.0%}]\nn={int(games.iat[i, j])}",
                        ha="center", va="center", fontsize=8, color="white" if abs(v - 0.5) > 0.3 else "black")
    ax.set_xlabel(f"opponent {by}")
    ax.set_ylabel(by)
    ax.set_title(title or f"{by} win rate against each opponent (95% CI)")
    fig.colorbar(im, ax=ax, shrink=0.8, label="win rate")
    return fig


def _pct(v: float, sign: str = "") -> str:
    return "-" if pd.isna(v) else f"{v:{sign}.0%}"


CARD_EFFECTS = {"drawn_effect": "drawn vs held, never drawn", "play_effect": "played vs drawn, not played",
                "opening_effect": "in the opening hand vs not"}


def card_table(stats: pd.DataFrame, top: int = 20, by: str = "drawn_effect", title: str | None = None) -> Figure:
    """The `top` cards with the largest |`by`| (a key of CARD_EFFECTS) as a table; effect
    cells whose interval excludes 0 are green (helps) or red (hurts)."""
    df = stats.dropna(subset=[by])
    df = df.reindex(df[by].abs().sort_values(ascending=False).index).head(top)
    df = df.sort_values(by, ascending=False)
    cols = ["card", "games", "drawn", "play rate", "WR drawn", "WR played", "WR opening"] + [
        f"{CARD_EFFECTS[e].split(' vs ')[0]} vs not [95% CI]" for e in CARD_EFFECTS]
    cells = [[f"{r['name']}"[:28], f"{r['games']}", _pct(r["drawn_rate"]), _pct(r["play_rate"]),
              _pct(r["wr_drawn"]), _pct(r["wr_played"]), _pct(r["wr_opening"])]
             + [f"{_pct(r[e], '+')} [{_pct(r[e + '_low'], '+')}, {_pct(r[e + '_high'], '+')}]" for e in CARD_EFFECTS]
             for r in df.to_dict("records")]
    fig = _figure(12, 0.7 + 0.25 * (1 + max(1, len(cells))))
    ax = fig.add_subplot()
    ax.axis("off")
    ax.set_title(title or f"cards with the largest difference in win rate: {CARD_EFFECTS[by]}")
    if not cells:
        why = ("no card events logged" if stats.empty else
               f"no card has both groups to compare ({CARD_EFFECTS[by]}): e.g. every game that held it drew it")
        ax.text(0.5, 0.5, why, ha="center")
        return fig
    widths = [0.17, 0.05, 0.05, 0.06, 0.07, 0.07, 0.07, 0.153, 0.153, 0.154]
    tab = ax.table(cellText=cells, colLabels=cols, cellLoc="center", bbox=[0, 0, 1, 1], colWidths=widths)
    tab.auto_set_font_size(False)
    tab.set_fontsize(8)
    first = len(cols) - len(CARD_EFFECTS)
    for i, r in enumerate(df.to_dict("records"), start=1):
        for j, e in enumerate(CARD_EFFECTS, start=first):
            sure = r[e + "_low"] > 0 or r[e + "_high"] < 0
            tab[i, j].set_facecolor(("#b7e1b0" if r[e] > 0 else "#f4b6b0") if sure else "#ffffff")
    return fig


def rating_chart(tables: dict[str, pd.DataFrame]) -> Figure:
    """One panel per ratings table (name -> frame): mu with a +-2 sigma bar, best on top."""
    tables = {k: v for k, v in tables.items() if v is not None and not v.empty}
    rows = max([len(v) for v in tables.values()] or [1])
    fig = _figure(5 * max(1, len(tables)), 1.2 + 0.45 * rows)
    for i, (name, df) in enumerate(tables.items(), start=1):
        ax = fig.add_subplot(1, len(tables), i)
        entity = df.columns[0]
        d = df.iloc[::-1]
        y = np.arange(len(d))
        ax.errorbar(d["mu"], y, xerr=2 * d["sigma"], fmt="o", capsize=3)
        ax.set_yticks(y, [str(x) for x in d[entity]])
        ax.set_xlabel("openskill mu (bars: +-2 sigma)")
        ax.set_title(f"{name} ratings (Plackett-Luce)")
        ax.grid(axis="x", alpha=0.3)
    return fig


def _band(ax, x, y, lo, hi, label: str | None, alpha: float = 0.2) -> str:
    line, = ax.plot(x, y, marker="o", label=label)
    ax.fill_between(x, lo, hi, alpha=alpha, color=line.get_color())
    return line.get_color()


def response_curves(response: pd.DataFrame, param: str, group: str | None = None,
                    rates: pd.DataFrame | None = None, rate_by: str | list[str] | None = None) -> Figure:
    """Parameter response: first-player win rate and mean length against `param` with 95%
    bands, one line per `group` value; a third panel with `rates` (a `win_rates` or
    `seat_win_rates` frame grouped by `param`), one line per `rate_by` value (a column or
    columns, e.g. "agent" or ["num_players", "seat"]; seat q reads "P{q+1}") when given."""
    panels = 3 if rates is not None and rate_by else 2
    fig = _figure(4.6 * panels, 3.6)
    values = list(dict.fromkeys(response[param]))
    numeric = _numeric(values)
    order = sorted(values) if numeric else values
    pos = {v: (v if numeric else i) for i, v in enumerate(order)}

    def xs(frame):
        return [pos[v] for v in frame[param]]

    specs = [("first_player_win_rate", "first_low", "first_high", "first player win rate"),
             ("length_mean", "length_low", "length_high",
              f"mean length ({response['length'].iloc[0] if 'length' in response and len(response) else 'turns'})")]
    groups = [(None, response)] if group is None else list(response.groupby(group, sort=True))
    for k, (col, lo, hi, label) in enumerate(specs, start=1):
        ax = fig.add_subplot(1, panels, k)
        for key, part in groups:
            part = part.assign(_x=xs(part)).sort_values("_x")
            colour = _band(ax, part["_x"], part[col], part[lo], part[hi], None if key is None else f"{group}={key}")
            if k == 1 and "fair" in part:  # the fair share 1/n, dashed
                ax.plot(part["_x"], part["fair"], color=colour, lw=0.8, ls="--")
        ax.set_xlabel(param)
        ax.set_ylabel(label)
        if group is not None:
            ax.legend(fontsize=8)
        if not numeric:
            ax.set_xticks(range(len(order)), [str(v) for v in order], rotation=20, fontsize=7)
    if panels == 3:
        ax = fig.add_subplot(1, panels, 3)
        by = [rate_by] if isinstance(rate_by, str) else list(rate_by)
        lines = rates.groupby(by, sort=True)
        for key, part in lines:
            key = key if isinstance(key, tuple) else (key,)
            label = ", ".join(f"P{int(v) + 1}" if k == "seat" else (f"{v}" if len(by) == 1 else f"{k}={v}")
                              for k, v in zip(by, key))
            part = part.assign(_x=xs(part)).sort_values("_x")
            _band(ax, part["_x"], part["win_rate"], part["ci_low"], part["ci_high"], label,
                  alpha=0.2 if lines.ngroups <= 3 else 0.08)
        ax.set_xlabel(param)
        ax.set_ylabel(f"win rate by {by[-1]}")
        ax.legend(fontsize=8)
        if not numeric:
            ax.set_xticks(range(len(order)), [str(v) for v in order], rotation=20, fontsize=7)
    fig.suptitle(f"response to {param} (bands: 95% CI)")
    return fig


def length_histogram(matches: pd.DataFrame, group: str | None = None, column: str | None = None) -> Figure:
    """Histogram of game lengths (`column`, default `analysis.length_column`), one step line per `group`."""
    df = played(matches)
    column = column or length_column(df)
    fig = _figure(6, 3.6)
    ax = fig.add_subplot()
    if df.empty:
        return fig
    fixed = ""
    if df[column].nunique() == 1 and column != "decisions":  # e.g. XenodeX always plays 12 cycles
        fixed = f"; every game lasted {int(df[column].iloc[0])} {column}, so decisions are shown"
        column = "decisions"
    lo, hi = int(df[column].min()), int(df[column].max())
    bins = np.arange(lo, hi + 2) if hi - lo <= 80 else 40
    parts = [(None, df)] if group is None else list(df.groupby(group, sort=True))
    for key, part in parts:
        ax.hist(part[column], bins=bins, histtype="step", density=group is not None, linewidth=1.5,
                label=None if key is None else f"{group}={key}")
    ax.set_xlabel(column)
    ax.set_ylabel("share of games" if group is not None else "games")
    ax.set_title(f"game length ({column}{fixed})", fontsize=9 if fixed else None)
    if group is not None:
        ax.legend(fontsize=8)
    return fig


def first_player_chart(table: pd.DataFrame, group: str | None = None) -> Figure:
    """The first player's win rate with its 95% interval against the fair 1/n, per `group`."""
    fig = _figure(max(4.0, 0.9 * len(table) + 2), 3.4)
    ax = fig.add_subplot()
    labels = ["all matches"] if group is None else [f"{group}={v}" for v in table[group]]
    x = np.arange(len(table))
    err = np.vstack([table["win_rate"] - table["ci_low"], table["ci_high"] - table["win_rate"]]).clip(min=0)
    ax.bar(x, table["win_rate"], 0.6, yerr=err, capsize=4, color="#4c72b0", label="first player's win rate")
    ax.scatter(x, table["fair"], marker="_", s=900, color="#c44e52", zorder=3, label="fair (1/n)")
    ax.set_xticks(x, labels)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (draws 1/n)")
    ax.set_title(f"does going first matter? ({int(table['games'].sum())} matches, 95% CI)")
    ax.legend(fontsize=8, loc="upper right")
    return fig


def end_reason_bars(table: pd.DataFrame, group: str | None = None) -> Figure:
    """Share of each end reason (win type) with its 95% interval, per `group`."""
    reasons = list(dict.fromkeys(table["end_reason"]))
    parts = [(None, table)] if group is None else list(table.groupby(group, sort=True))
    fig = _figure(max(5.0, 1.2 * len(reasons) * max(1, math.sqrt(len(parts)))), 3.4)
    ax = fig.add_subplot()
    width = 0.8 / len(parts)
    for i, (key, part) in enumerate(parts):
        part = part.set_index("end_reason").reindex(reasons)
        x = np.arange(len(reasons)) + i * width
        err = np.vstack([part["share"] - part["ci_low"], part["ci_high"] - part["share"]]).clip(min=0)
        ax.bar(x, part["share"].fillna(0), width, yerr=np.nan_to_num(err), capsize=3,
               label=None if key is None else f"{group}={key}")
    ax.set_xticks(np.arange(len(reasons)) + 0.4 - width / 2, reasons)
    ax.set_ylabel("share of games")
    ax.set_title("how games end (95% CI)")
    if group is not None:
        ax.legend(fontsize=8)
    return fig
