"""A report's opening: what was run, and its findings as plain sentences with their intervals.

    what_was_run(info, matches)      # -> list of "label: value" lines (game, agents, decks, ...)
    findings(matches, card_table)    # -> list of sentences, most important first

Every sentence names what it measured, over how many matches, with its Wilson (rates) or
Newcombe (differences) 95% interval, and says whether the interval excludes the fair
value, so a reader can tell a finding from noise.
"""
from __future__ import annotations

import json

import pandas as pd

from experiments.analysis.checks import SEATS_NEEDS, check_frame, check_matches
from experiments.analysis.frames import played, seat_rows
from experiments.analysis.tables import first_player_advantage, win_rates


def what_was_run(info: dict, matches: pd.DataFrame) -> list[tuple[str, str]]:
    """(label, value) pairs naming the game, agents, decks, params, seed, matches, code and date."""
    rows = [("game", str(info.get("game")))]
    config = info.get("config") or {}
    for label, prefix in (("agents", "agent_"), ("decks", "deck_")):
        names = sorted({str(v) for c in matches.columns if c.startswith(prefix) and c[len(prefix):].isdigit()
                        for v in matches[c].dropna().unique()}) if not matches.empty else []
        rows.append((label, ", ".join(names) or "the game's defaults"))
    overrides = config.get("params") or info.get("params_overrides") or []
    rows.append(("params", ", ".join(f"{k}={v}" for k, v in overrides) or "the game's defaults"))
    if "params_id" in info:
        rows[-1] = ("params", f"{rows[-1][1]} (params id {info['params_id']})")
    seeds = sorted(set(map(str, matches["run_id"].unique()))) if "run_id" in matches else []
    rows.append(("seed", f"{config.get('seed', info.get('seed', '?'))} (run ids {', '.join(seeds[:4])}"
                         f"{'...' if len(seeds) > 4 else ''})"))
    errors = int((matches["end_reason"] == "error").sum()) if "end_reason" in matches else 0
    rows.append(("matches", f"{len(matches)} ({errors} raised an error)"))
    if info.get("cells", 1) > 1:
        rows.append(("cells", str(info["cells"])))
    versions = info.get("versions") or {}
    code = versions.get("tcglab", "?") + (f" (git {versions['git']})" if versions.get("git") else "")
    rows.append(("code", f"tcglab {code}"))
    rows.append(("date", str(info.get("started", "?"))))
    return rows


def _ci(low: float, high: float) -> str:
    return f"95% CI {low:.1%}-{high:.1%}"


def findings(matches: pd.DataFrame, cards: pd.DataFrame | None = None) -> list[str]:
    """Plain sentences: errors, first-player advantage, draws, strongest and weakest deck and
    agent, cards whose drawn-vs-not interval excludes zero (`cards`: a `card_stats` table)."""
    check_matches(matches, SEATS_NEEDS)
    if cards is not None and not check_frame(cards, "cards (a card_stats table)").empty:
        check_frame(cards, "cards (a card_stats table)", ["name", "games", "drawn_effect", "drawn_effect_low",
                                                          "drawn_effect_high"])
    out = []
    errors = int((matches["end_reason"] == "error").sum()) if "end_reason" in matches else 0
    if errors:
        out.append(f"{errors} of {len(matches)} matches raised an error and are left out of every figure.")
    m = played(matches)
    if m.empty:
        return out + ["No match finished, so there is nothing to measure."]
    n = len(m)
    fp = first_player_advantage(m).iloc[0]
    fair = fp["fair"]
    verdict = ("is an advantage" if fp["ci_low"] > fair else "is a disadvantage" if fp["ci_high"] < fair
               else "shows no clear advantage or disadvantage")
    out.append(f"Going first {verdict}: the first player won {fp['win_rate']:.1%} "
               f"({_ci(fp['ci_low'], fp['ci_high'])}) of {n} matches, against {fair:.1%} in a fair game "
               "(draws count 1/n).")
    draws = int((m["winner"] < 0).sum())
    from experiments.stats import wilson
    low, high = wilson(draws, n)
    out.append(f"{draws} of {n} matches were drawn ({draws / n:.1%}, {_ci(low, high)}).")
    for by in ("deck", "agent"):
        rates = win_rates(m, by=by)
        rates = rates[rates[by].notna()]
        if len(rates) < 2:
            continue
        best, worst = rates.loc[rates["win_rate"].idxmax()], rates.loc[rates["win_rate"].idxmin()]
        if best["win_rate"] == worst["win_rate"]:
            out.append(f"Every {by} won {best['win_rate']:.1%} of its games (each {by} played every seat).")
            continue
        apart = best["ci_low"] > worst["ci_high"]
        out.append(f"Strongest {by}: {best[by]}, {best['win_rate']:.1%} ({_ci(best['ci_low'], best['ci_high'])}, "
                   f"{int(best['games'])} games); weakest: {worst[by]}, {worst['win_rate']:.1%} "
                   f"({_ci(worst['ci_low'], worst['ci_high'])}, {int(worst['games'])} games)"
                   + ("; their intervals do not overlap." if apart else "; their intervals overlap, "
                      "so these matches do not separate them."))
    seats = seat_rows(m)
    if seats["agent"].nunique() > 1 and seats["deck"].nunique() > 1 and (seats.groupby("agent")["deck"].nunique() == 1).all():
        out.append("Each agent kept its own deck, so a deck's record is also its agent's: the deck figures do not "
                   "measure the decks alone (tcglab run --cross-decks rotates them apart).")
    if cards is not None and not cards.empty:
        sure = cards[(cards["drawn_effect_low"] > 0) | (cards["drawn_effect_high"] < 0)]
        if sure.empty:
            out.append("No card's win rate when drawn differs from when not drawn beyond its 95% interval.")
        for r in sure.sort_values("drawn_effect", ascending=False).head(5).to_dict("records"):
            who = f" (held by {r['agent']})" if "agent" in r else ""
            out.append(f"{r['name']}{who}: decks that drew it won {r['drawn_effect']:+.1%} more often than when "
                       f"it stayed undrawn ({_ci(r['drawn_effect_low'], r['drawn_effect_high'])}, "
                       f"{int(r['games'])} games holding it).")
    return out


def run_info(manifest: dict) -> dict:
    """The report info of a single run folder from its manifest."""
    config = json.loads(manifest["config"]) if isinstance(manifest.get("config"), str) else {}
    return {"name": config.get("out") or manifest.get("run_id"), "game": manifest.get("game"), "config": config,
            "params_id": manifest.get("params_id"), "versions": manifest.get("versions"),
            "started": manifest.get("first_started", manifest.get("started"))}
