"""`tcglab report`: the tables and PNG plots of a sweep (or a single run) and a one-page HTML report.

    from experiments.analysis.report import write_report
    write_report("runs/sweep1")          # runs/sweep1/report/index.html, *.png, *.csv

What is shown depends on what the folder holds: the deck (and agent) matchup heatmaps when
two or more decks (agents) met, the card table when cards were logged, openskill ratings,
one response figure per swept parameter with two or more values (grouped by player count
when that varies too), game lengths, end reasons (win types) and seat win rates. The
first matches (match 0 of each cell first) are listed with a link to their viewer page
(experiments.play, every card shown), written beside the report in `matches/`.
"""
from __future__ import annotations

import html
import json
from pathlib import Path

import pandas as pd

from experiments import analysis as A  # the package: tables, card_stats, ratings
from experiments.analysis import plots
from experiments.analysis.findings import findings, run_info, what_was_run
from experiments.analysis.output_folder import whole_folder
from experiments.batch.shards import read_manifest, read_table
from experiments.play import viewer_name, write_viewer
from experiments.sweep import SweepResults, load_results
from sim.core.errors import TcglabError

LINEUP_AXES = ("cell", "lineup_decks", "lineup_agents", "run_seed")


def load_any(folder: str | Path) -> SweepResults:
    """A sweep folder's results, or a single run folder's tables in the same shape."""
    folder = Path(folder)
    if (folder / "sweep.json").exists():
        return load_results(folder)
    manifest = read_manifest(folder)
    if manifest is None:
        from experiments.sweep import SweepError
        raise SweepError(f"{folder}: neither a sweep folder (sweep.json) nor a run folder (manifest.json)")
    matches = read_table(folder, "matches")
    errors = int((matches["end_reason"] == "error").sum())
    cells = pd.DataFrame([{"cell": folder.name, "matches": len(matches), "errors": errors,
                           "status": "failed" if errors else "done", "stopped_early": False}])
    return SweepResults(matches=matches, cards=read_table(folder, "cards"), cells=cells, axes=[],
                        info=run_info(manifest))


def swept_params(results: SweepResults) -> list[str]:
    """The params that take two or more values in the table (swept axes first)."""
    names = [a for a in results.axes if a not in LINEUP_AXES]
    names += [p for p in A.varying_params(results.matches) if p not in names]
    m = A.with_params(results.matches, names) if names else results.matches
    return [p for p in names if p in m and m[p].nunique(dropna=False) > 1]


def _distinct(matches: pd.DataFrame, prefix: str) -> set:
    cols = [c for c in matches.columns if c.startswith(prefix) and c[len(prefix):].isdigit()]
    return {v for c in cols for v in matches[c].dropna().unique()}


def build(results: SweepResults) -> tuple[dict[str, pd.DataFrame], dict]:
    """(tables, figures) of a report, each keyed by a short name (every row: the page shows
    the first rows of each, its CSV holds them all)."""
    m = results.matches
    tables: dict[str, pd.DataFrame] = {"cells": results.cells}
    figures: dict = {}
    if m.empty:
        return tables, figures
    params = swept_params(results)
    m = A.with_params(m, params)
    mixed = "num_players" in params or m["num_players"].nunique() > 1
    group = "num_players" if mixed else None
    decks, agents = _distinct(m, "deck_"), _distinct(m, "agent_")
    for by, names in (("deck", decks), ("agent", agents)):
        if len(names) > 1:
            t = A.matchups(m, by=by)
            if not t.empty:
                tables[f"{by}_matchups"] = t
                figures[f"{by}_matchups"] = plots.matchup_heatmap(t)
    rated = {}
    for by, names in (("agent", agents), ("deck", decks)):
        if len(names) > 1:
            rated[by] = A.ratings(m, by=by)
            tables[f"{by}_ratings"] = rated[by]
    if rated:
        figures["ratings"] = plots.rating_chart(rated)
    if not results.cards.empty:
        tables["cards"] = A.card_stats(m, results.cards, by_agent=A.agents_differ(m))
    tables["first_player"] = A.first_player_advantage(m, group)
    figures["first_player"] = plots.first_player_chart(tables["first_player"], group)
    tables["lengths"] = A.game_lengths(m, group)
    figures["lengths"] = plots.length_histogram(m, group)
    reasons = A.end_reasons(m, group)
    tables["end_reasons"] = reasons
    figures["end_reasons"] = plots.end_reason_bars(reasons, group)
    tables["seat_win_rates"] = A.seat_win_rates(m, group)
    if len(results.cells) > 1:
        tables["cell_lengths"] = A.game_lengths(m, "cell")
    for p in params:
        g = group if p != "num_players" else None
        keys = [p] + ([g] if g else [])
        resp = A.param_response(m, p, g)
        tables[f"response_{p}"] = resp
        if len(agents) > 1:
            rates, rate_by = A.win_rates(m, by="agent", group=[p]), "agent"
            tables[f"response_{p}_by_agent"] = rates
        else:
            seat_keys = [p] + (["num_players"] if mixed and p != "num_players" else [])
            rates, rate_by = A.seat_win_rates(m, group=seat_keys), seat_keys[1:] + ["seat"]
            tables[f"response_{p}_by_seat"] = rates
        figures[f"response_{p}"] = plots.response_curves(resp, p, g, rates, rate_by)
        tables[f"end_reasons_by_{p}"] = A.end_reasons(m, keys)
    return tables, figures


SECTIONS = [
    ("Matchups", ["deck_matchups", "agent_matchups"]),
    ("Ratings", ["ratings", "agent_ratings", "deck_ratings"]),
    ("Cards", ["card_table", "cards"]),
    ("First player", ["first_player"]),
    ("Lengths and win types", ["lengths", "end_reasons", "seat_win_rates", "cell_lengths"]),
]


CARD_COLUMNS = ["agent", "name", "decks", "games", "drawn_rate", "play_rate", "wr_drawn", "wr_played",
                "drawn_effect", "drawn_effect_low", "drawn_effect_high", "play_effect", "play_effect_low",
                "play_effect_high", "opening_effect", "opening_effect_low", "opening_effect_high"]


def _table_html(name: str, df: pd.DataFrame, rows: int = 40) -> str:
    if name == "cards":  # the columns a reader compares; every column is in cards.csv
        df = df[[c for c in CARD_COLUMNS if c in df.columns]]
    shown = df.head(rows)
    if "seat" in shown.columns and pd.api.types.is_integer_dtype(shown["seat"]):
        shown = shown.assign(seat=[f"P{q + 1}" for q in shown["seat"]])  # the page names seats as people do
    more = f"<p class=note>{len(df)} rows; all in {name}.csv</p>" if len(df) > len(shown) else ""
    if name.endswith("_matchups"):
        shown = _matchup_cells(df)
        more = f"<p class=note>{MATCHUP_NOTE} Every figure is in {name}.csv.</p>"
    text = shown.to_html(index=name.endswith("_matchups"), float_format=lambda v: f"{v:.3f}",
                         border=0, classes="t", na_rep="")
    return f"<h3>{html.escape(name)}</h3>{text}{more}"


MATCHUP_NOTE = ("Each cell: the row's win rate against the column over the games they met, both seat orders "
                "pooled (a draw, or with more than two seats a game a third seat won, counts 1/2), its Wilson "
                "95% interval and the number of games.")


def _matchup_cells(table: pd.DataFrame) -> pd.DataFrame:
    """The matchup matrix as text cells: "45.0% (28.8-62.3%, n=30)"."""
    rate, low, high, games = (A.matchup_matrix(table, v) for v in ("win_rate", "ci_low", "ci_high", "games"))
    cells = rate.astype(object)
    for row in rate.index:
        for col in rate.columns:
            x = rate.at[row, col]
            cells.at[row, col] = ("" if pd.isna(x) else
                                  f"{x:.1%} ({low.at[row, col]:.1%}-{high.at[row, col]:.1%}, "
                                  f"n={int(games.at[row, col])})")
    return cells


SORT_SCRIPT = """
document.querySelectorAll('table.t').forEach(function (table) {
  table.querySelectorAll('thead th').forEach(function (th, col) {
    th.style.cursor = 'pointer';
    th.addEventListener('click', function () {
      var body = table.tBodies[0], rows = Array.from(body.rows);
      var dir = th.dataset.dir === 'asc' ? -1 : 1;
      th.dataset.dir = dir === 1 ? 'asc' : 'desc';
      rows.sort(function (a, b) {
        var x = a.cells[col].textContent.trim(), y = b.cells[col].textContent.trim();
        var nx = parseFloat(x.replace('%', '')), ny = parseFloat(y.replace('%', ''));
        if (!isNaN(nx) && !isNaN(ny)) { return dir * (nx - ny); }
        return dir * x.localeCompare(y);
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
"""


def _report_info(results: SweepResults) -> dict:
    """What the report says was run: a run's manifest info, or a sweep's file settings."""
    info = dict(results.info)
    spec = info.get("spec")
    if isinstance(spec, dict):  # a sweep folder
        info.setdefault("config", {"seed": spec.get("seed", 0), "params": sorted((spec.get("params") or {}).items())})
        info["cells"] = len(results.cells)
    return info


def _errors_html(matches: pd.DataFrame) -> str:
    """A warning naming how many matches errored (and the first error), or nothing."""
    if matches.empty or "end_reason" not in matches:
        return ""
    failed = matches[matches["end_reason"] == "error"]
    if failed.empty:
        return ""
    first = failed.sort_values(["match_id"]).iloc[0]
    where = f" (cell {html.escape(str(first['cell']))})" if "cell" in failed else ""
    return (f"<p class=alert><b>{len(failed)} of {len(matches)} matches raised an error and are left out of "
            f"every table below.</b> The first, match {int(first['match_id'])}{where}: "
            f"<code>{html.escape(str(first['error']))}</code></p>")


def _match_links(folder: Path, matches: pd.DataFrame, out: Path, limit: int) -> str:
    """A list of the first `limit` matches that did not error, each linked to its viewer page."""
    if limit <= 0 or matches.empty:
        return ""
    done = matches[matches["end_reason"] != "error"]
    keys = ["match_id", "cell"] if "cell" in done else ["match_id"]
    items = []
    for row in done.sort_values(keys).head(limit).to_dict("records"):
        cell = row.get("cell")
        run_dir = folder / "cells" / cell if cell is not None else folder
        name = (f"{cell}-" if cell is not None else "") + viewer_name(int(row["match_id"]), None)
        write_viewer(run_dir, int(row["match_id"]), seat=None, out=out / "matches" / name)
        who = "draw" if row["winner"] < 0 else f"P{int(row['winner']) + 1} won"
        agents = ", ".join(str(row[f"agent_{q}"]) for q in range(int(row["num_players"])))
        items.append(f"<li><a href='matches/{html.escape(name)}'>{html.escape(str(cell) + ' ' if cell else '')}"
                     f"match {int(row['match_id'])}</a>: {html.escape(agents)}; {who} "
                     f"({html.escape(str(row['end_reason']))})</li>")
    return ("<h2>Matches</h2><p class=note>Each page steps through one match, every card shown "
            "(<code>tcglab view RUN MATCH</code> writes any other match, or one seat's view).</p>"
            f"<ul class=matches>{''.join(items)}</ul>")


def write_report(folder: str | Path, out: str | Path | None = None, top_cards: int = 20,
                 viewer_matches: int = 5) -> Path:
    """Write PNG plots, CSV tables and index.html for a sweep or run folder; returns index.html.
    The folder (default `folder/report`) is written whole or not at all and replaces an earlier
    report there; a folder of other files is refused (experiments/analysis/output_folder.py).
    The page shows the first `top_cards` rows of the card table (cards.csv holds every card).
    The first `viewer_matches` matches get a viewer page in `matches/`, linked from the page."""
    if isinstance(top_cards, bool) or not isinstance(top_cards, int) or top_cards < 1:
        raise TcglabError(f"top_cards (--top-cards): must be a whole number >= 1, got {top_cards!r}")
    results = load_any(folder)
    final = Path(out) if out else Path(folder) / "report"
    with whole_folder(final, "tables.json") as out:
        _write_pages(folder, results, out, top_cards, viewer_matches)
    return final / "index.html"


def _write_pages(folder: str | Path, results: SweepResults, out: Path, top_cards: int, viewer_matches: int) -> None:
    """Every file of the report of `results` into the (new, empty) folder `out`."""
    tables, figures = build(results)
    for name, fig in figures.items():
        fig.savefig(out / f"{name}.png")
    for name, df in tables.items():
        df.to_csv(out / f"{name}.csv", index=False)
    used: set[str] = set()
    body = []
    per_agent = [k for k in figures if k.startswith("card_table_")]
    sections = [(title, names + per_agent if title == "Cards" else names) for title, names in SECTIONS]
    sections += [("Parameter response", [k for k in list(figures) + list(tables)
                                                   if k.startswith(("response_", "end_reasons_by_"))])]
    for title, names in sections:
        parts = []
        for name in dict.fromkeys(names):
            if name in figures and name not in used:
                parts.append(f'<img src="{name}.png" alt="{html.escape(name)}">')
            if name in tables and name not in used:
                parts.append(_table_html(name, tables[name], top_cards if name == "cards" else 40))
            used.add(name)
        if parts:
            body.append(f"<h2>{html.escape(title)}</h2>" + "".join(parts))
    info = _report_info(results)
    cards = tables.get("cards")
    head = (f"<h1>{html.escape(str(info.get('name', 'report')))}</h1>" + _errors_html(results.matches)
            + "<h2>What was run</h2><table class=t>"
            + "".join(f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>{html.escape(v)}</td></tr>"
                      for k, v in what_was_run(info, results.matches)) + "</table>"
            + "<h2>Findings</h2><ul class=findings>"
            + "".join(f"<li>{html.escape(s)}</li>" for s in findings(results.matches, cards)) + "</ul>"
            + "<p class=note>Win rates count a draw as 1/n; intervals are 95% (Wilson for rates, Newcombe for "
              "differences). Click a column header to sort a table.</p>"
            + _table_html("cells", results.cells))
    body.append(_match_links(Path(folder), results.matches, out, viewer_matches))
    style = ("body{font-family:sans-serif;margin:2em;max-width:1200px}img{max-width:100%;display:block;"
             "margin:1em 0}table.t{border-collapse:collapse;font-size:12px}table.t td,table.t th"
             "{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}.note{color:#666}"
             ".alert{background:#fee;border:1px solid #c33;padding:.5em 1em}")
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(str(info.get('name')))}"
            f"</title><style>{style}</style></head><body>{head}{''.join(body)}<script>{SORT_SCRIPT}</script>"
            "</body></html>")
    (out / "index.html").write_text(page, encoding="utf-8")
    (out / "tables.json").write_text(json.dumps(sorted(tables)), encoding="utf-8")
