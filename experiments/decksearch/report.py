"""Everything a deck search leaves in its output folder, and the summary a person reads first.

    write_outputs(result, "runs/ds1", command="tcglab decksearch search.toml --out runs/ds1",
                  confirmed=confirm_elites(result))

The folder then holds:
- `summary.md`: findings in plain sentences, each with its Wilson 95% interval, what produced
  them (game, params, agent, gauntlet, seed, code version) and the command that reproduces them;
- `heatmap.png`: the archive (`experiments.decksearch.heatmap`);
- `elites/elite_NN.json`: each elite as a deck file (`tcglab run --decks elites/elite_01.json,...`);
- `elites.csv` / `elites.md`: the elite table, with the held-out win rates of the confirmed
  elites (`experiments.decksearch.confirm`); `cards.csv` / `cards.md`: each card's inclusion
  among elites beside its card statistics (`experiments.decksearch.tables`);
- `decks/<id>.json`: every deck evaluated; `matches.parquet` / `cards.parquet`: every gauntlet
  match and the candidate seats' card events, in the runner's columns;
- `search.json`: the settings, each round's archive figures and the versions.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd

from experiments.codeversion import process_code_version, versions
from experiments.decksearch.heatmap import write_heatmap
from experiments.decksearch.search import SearchResult
from experiments.decksearch.tables import card_table, elite_table, search_frames


def write_outputs(result: SearchResult, out: str | Path, command: str,
                  confirmed: pd.DataFrame | None = None) -> dict[str, Path]:
    """Write every output (module docstring) under `out`; returns the main files by name.
    `confirmed` is `confirm_elites`' table (held-out win rates), if it was run."""
    out = Path(out)
    (out / "elites").mkdir(parents=True, exist_ok=True)
    elites = elite_table(result)
    if confirmed is not None and len(confirmed):
        elites = elites.merge(confirmed.drop(columns=["rank", "search_win_rate"]), on="searched_as", how="left")
        elites = elites.astype({"heldout_matches": "Int64", "heldout_seed": "Int64"})
    for rank, entry in enumerate(result.elites(), 1):
        data = result.pool.deck_dict(entry.deck, f"{result.search.game}-elite-{rank:02d}")
        (out / "elites" / f"elite_{rank:02d}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                                                               encoding="utf-8")
    cards = card_table(result)
    elites.to_csv(out / "elites.csv", index=False)
    cards.to_csv(out / "cards.csv", index=False)
    version = versions() | {"git": process_code_version()}  # the code the search ran
    made = produced_by(result, command, version["git"])
    (out / "elites.md").write_text(f"# Elites of a deck search\n\n{made}\n\n{ELITES_KEY}\n\n{_markdown(elites)}\n",
                                   encoding="utf-8")
    (out / "cards.md").write_text(f"# Cards among the elites of a deck search\n\n{made}\n\n{CARDS_KEY}\n\n"
                                  f"{_markdown(cards)}\n", encoding="utf-8")
    matches, card_events = search_frames(result)
    matches.to_parquet(out / "matches.parquet", index=False)
    card_events.to_parquet(out / "cards.parquet", index=False)
    (out / "search.json").write_text(json.dumps({"search": json.loads(result.search.to_json()),
                                                 "gauntlet": list(result.opponents), "rounds": result.rounds,
                                                 "ranges": result.ranges, "versions": version, "command": command},
                                                indent=1) + "\n", encoding="utf-8")
    heatmap = write_heatmap(result, out / "heatmap.png", version.get("git"))
    summary = out / "summary.md"  # written last, whole or not at all: its presence marks a finished search
    tmp = out / f".summary.md.{os.getpid()}.tmp"
    tmp.write_text(summary_text(result, elites, cards, command, version.get("git"), out), encoding="utf-8")
    os.replace(tmp, summary)
    return {"summary": summary, "heatmap": heatmap, "elites": out / "elites.csv", "cards": out / "cards.csv"}


def _n(count: int, word: str, plural: str | None = None) -> str:
    """"1 elite", "2 elites"."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


ELITES_KEY = ("One row per elite (archive cell held), best first. `win_rate` is the score against the gauntlet, "
              "(wins + draws/n) / matches over the `matches` gauntlet matches it played (seats swapped), with "
              "its Wilson 95% interval `ci_low`..`ci_high`; `heldout_*` the same on the held-out seed "
              "`heldout_seed` over `heldout_matches` matches (empty: not confirmed); `round` is the round "
              "(0-based) that found it; the measure columns are the archive's axes.")
CARDS_KEY = ("One row per pool card. `elites_holding` of the elites hold it (`elite_inclusion`, Wilson 95% "
             "interval `elite_inclusion_low`..`elite_inclusion_high`); `evaluated_inclusion` is its share of all "
             "decks evaluated and `lift` the difference. The rest are its statistics over the search's `games` "
             "gauntlet matches of decks holding it, from the candidate's seat: `win_rate` (with its 95% "
             "interval), `drawn_rate`, `play_rate` and `drawn_effect` (win rate when drawn minus when not, "
             "with its 95% interval).")


def produced_by(result: SearchResult, command: str, code_version: str | None) -> str:
    """The sentence naming what produced a search's figures: command, seed, code version, game,
    params, pool, agent and gauntlet."""
    s = result.search
    pool = (f"a collection of {s.collection['packs']} packs (seed {s.collection['seed']})" if s.collection
            else "the whole card pool")
    params = json.dumps(s.params, sort_keys=True) if s.params else "at their defaults"
    return (f"Produced by `{command}` (seed {s.seed}, code version {code_version or 'unknown'}): "
            f"{s.game} with params {params}, {pool}, agent {s.agent} at every seat, gauntlet "
            f"{', '.join(result.opponents)} with {s.matches} matches per opponent (seats swapped, the same "
            "match seeds for every deck).")


def summary_text(result: SearchResult, elites: pd.DataFrame, cards: pd.DataFrame, command: str,
                 code_version: str | None, out: str | Path = ".") -> str:
    """The findings as markdown sentences (see the module docstring)."""
    s = result.search
    cells = 1
    for a in s.measures:
        cells *= a.bins
    matches = sum(e.evaluation.matches for e in result.entries.values())
    axes = " and ".join(f"{m.name} ({m.what}, {lo:g} to {hi:g}, {a.bins} bins)"
                        for m, a, (lo, hi) in zip(result.measures, s.measures, result.ranges))
    lines = [f"# Deck search: {s.game}", "", produced_by(result, command, code_version) + f" Archive axes: {axes}.", "",
             "## Findings", ""]
    lines.append(f"- The search evaluated {_n(len(result.entries), 'distinct legal deck')} in "
                 f"{_n(matches, 'match', 'matches')} over "
                 f"{_n(s.iterations, 'round')} and kept an elite in {len(elites)} of {cells} cells.")
    if len(elites):
        best = elites.iloc[0]
        lines.append(f"- The best elite, `{best['deck_file']}` ({best['head']}), scored {best['win_rate']:.2f} "
                     f"({_n(int(best['wins']), 'win')}, {_n(int(best['draws']), 'draw')} in {_n(int(best['matches']), 'match', 'matches')}; "
                     f"Wilson 95% interval {best['ci_low']:.2f} to {best['ci_high']:.2f}). It was chosen as the best "
                     "of many on these same seeds, so this estimate is optimistic: confirm it on fresh seeds with "
                     f"`tcglab run --game {s.game} --agents {s.agent} --decks {Path(out) / best['deck_file']},"
                     f"{result.opponents[0]} --matches 200 --seed {s.seed + 1}`.")
        if "heldout_win_rate" in elites:
            held = elites.dropna(subset=["heldout_win_rate"])
            which = "the best elite scored" if len(held) == 1 else f"the {len(held)} best elites scored:"
            lines.append(f"- On held-out seeds (run seed {int(held['heldout_seed'].iloc[0])}, "
                         f"{_n(s.confirm_matches, 'match', 'matches')} per opponent) {which} "
                         + "; ".join(f"`{r['deck_file']}` {r['heldout_win_rate']:.2f} over {int(r['heldout_matches'])} matches "
                                     "(Wilson 95% interval "
                                     f"{r['heldout_low']:.2f} to {r['heldout_high']:.2f}) against "
                                     f"{r['win_rate']:.2f} in the search" for _, r in held.iterrows()) + ".")
        if len(elites) > 1:
            lines.append(mean_sentence(elites))
        lines += card_lines(cards, len(elites))
        lines.append("- A card that elites hold far more often than the decks evaluated overall is a candidate "
                     "for being over-powered; one they avoid, for being under-powered. Few elites give wide "
                     "intervals: these are leads to test with a sweep, not verdicts.")
    lines += ["", "## Files", "",
              "`heatmap.png` (the archive), `elites/elite_NN.json` (deck files for `tcglab run --decks`), "
              "`elites.csv`/`elites.md`, `cards.csv`/`cards.md` (inclusion among elites beside card "
              "statistics), `decks/` (every deck evaluated), `matches.parquet`/`cards.parquet` (every gauntlet "
              "match), `search.json` (settings, rounds, versions).", "",
              "## Reproduce", "", f"    {command}", ""]
    return "\n".join(lines)


def card_lines(cards: pd.DataFrame, n_elites: int) -> list[str]:
    """The summary's card findings: the (up to) three cards the elites hold most more often than
    all decks evaluated, then the three they hold most less often. A card whose two shares
    read the same to the whole percent is neither; when no card differs, one line says so."""
    if cards.empty:
        return []
    differs = cards.apply(lambda c: _pct(c["elite_inclusion"]) != _pct(c["evaluated_inclusion"]), axis=1)
    top = cards[differs & (cards["lift"] > 0)].sort_values(["lift", "card"], ascending=[False, True],
                                                           kind="stable").head(3)
    bottom = cards[differs & (cards["lift"] < 0)].sort_values(["lift", "card"], kind="stable").head(3)
    lines = [_card_sentence(c, n_elites, "more") for _, c in top.iterrows()]
    lines += [_card_sentence(c, n_elites, "less") for _, c in bottom.iterrows()]
    if not lines:
        lines.append("- No card is in a different share of the elites than of all decks evaluated "
                     "(to the whole percent).")
    return lines


def mean_sentence(elites: pd.DataFrame) -> str:
    """The elites' mean score against the gauntlet (draws count 1/n), the matches it is over
    and the elites' spread."""
    matches = int(elites["matches"].sum())
    mean = float((elites["win_rate"] * elites["matches"]).sum() / matches) if matches else 0.0
    each = sorted(set(int(m) for m in elites["matches"]))
    per = f"{each[0]} per elite" if len(each) == 1 else f"{each[0]} to {each[-1]} per elite"
    return (f"- Across the {_n(len(elites), 'elite')} the mean score against the gauntlet (a win counts 1, a draw "
            f"1/n in an n-player game) is {mean:.2f} over {_n(matches, 'match', 'matches')} ({per}, the same "
            f"seeds for every elite); the elites range from {elites['win_rate'].min():.2f} to "
            f"{elites['win_rate'].max():.2f}. Chosen as the best on those seeds, they score optimistically there.")


def _card_sentence(c, n_elites: int, word: str) -> str:
    effect = ""
    if pd.notna(c.get("drawn_effect")):
        effect = (f"; over the search's matches, drawing it changed the win rate by {c['drawn_effect']:+.2f} "
                  f"(95% interval {c['drawn_effect_low']:+.2f} to {c['drawn_effect_high']:+.2f})")
    elif pd.notna(c.get("win_rate")):  # drawn in every game that held it: no drawn / not drawn contrast
        effect = (f"; decks holding it scored {c['win_rate']:.2f} over the search's {int(c['games'])} games "
                  f"(95% interval {c['win_rate_low']:.2f} to {c['win_rate_high']:.2f})")
    return (f"- {c['name']} (card {c['card']}) is in {int(c['elites_holding'])} of {_n(n_elites, 'elite')} "
            f"({_pct(c['elite_inclusion'])}, Wilson 95% interval {_pct(c['elite_inclusion_low'])} to "
            f"{_pct(c['elite_inclusion_high'])}), {word} often than in all decks evaluated "
            f"({_pct(c['evaluated_inclusion'])}){effect}.")


def _markdown(frame: pd.DataFrame) -> str:
    """A frame as a markdown table (floats to 3 places), without the tabulate package."""
    cols = list(frame.columns)

    def cell(v) -> str:
        if isinstance(v, float):
            return "" if pd.isna(v) else f"{v:.3f}"
        return str(v)
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)
