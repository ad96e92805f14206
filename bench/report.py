"""Turn the speed scripts' JSON files into docs/performance.md, the one page of measured figures.

    python bench/report.py build/bench/*.json --out docs/performance.md

`make bench` runs bench/engine.py, bench/env.py, bench/agents.py, bench/runner.py,
bench/train.py, bench/opponents.py and bench/tune.py with `--json`, then this. The page is regenerated, never edited by hand: it opens with the
run (date, commit, machine, versions), then the findings against the targets, then one
table per script saying what it measured, with the peer rows beside ours from the same
run. A file may be missing (its section then says so); each file is known by its
"script" field, not by its name.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

SCRIPTS = ("engine", "env", "agents", "runner", "train", "opponents", "tune")
AEC_FLOOR_TARGET = 0.5   # aec_env at half of floor_wrapped's steps/s or better
BATCH_TARGET = 2.0       # batch_env at twice aec_env's steps/s or better
FIRST_CYCLE_BATCH_TARGET = 60_000   # First Cycle's batch_env steps/s on an idle machine
MCTS_ITERS_TARGET = 1000  # iterations per second
MCTS_SECONDS_TARGET = 0.5  # seconds per decision at the default budget
GREEDY_TARGET = 2.0  # greedy cost per decision: times cheaper than its reference
TRAIN_TARGET = 3.0  # PPO training steps/s of tcglab train's default over the DummyVecEnv path with the dense network
TUNE_OVERHEAD_TARGET = 0.05  # the tune framework's own time as a share of the time in matches


def rate(x: float | None) -> str:
    """A rate for a table: thousands separated, fewer digits as it grows."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def table(head: list[str], rows: list[list[Any]], align: str = "") -> list[str]:
    """A Markdown table; `align` has one letter per column, l or r (default: l, then all r)."""
    align = align or "l" + "r" * (len(head) - 1)
    align = ["--:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def command(doc: dict) -> str:
    return "`python bench/{}.py {}`".format(doc["script"], " ".join(doc.get("argv", []))).replace(" `", "`")


def skipped_lines(doc: dict) -> list[str]:
    """One line per peer skipped for a missing library, naming the extra to install."""
    return [f"- Peer `{s['name']}` skipped: {s['reason']}. Install the peer libraries with "
            f"`{s['install']}` (`make bench` does)." for s in doc.get("skipped", [])]


def run_section(docs: dict[str, dict]) -> list[str]:
    first = docs[next(s for s in SCRIPTS if s in docs)]["run"]
    commits = {d["run"]["commit"] for d in docs.values()}
    dirty = any(d["run"].get("dirty") for d in docs.values())
    commit = ", ".join(sorted(c or "unknown" for c in commits))
    if dirty:
        commit += " (with uncommitted changes)"
    starts = [d["run"]["date_utc"] for d in docs.values()]
    versions = ", ".join(f"{k} {v}" if v else f"{k} not installed" for k, v in first["versions"].items())
    loads = "; ".join(f"{s}: {', '.join(str(x) for x in docs[s]['run']['loadavg_at_start'] or [])}"
                      for s in SCRIPTS if s in docs)
    rows = [
        ["date (UTC)", f"{min(starts)} to {max(starts)} (start of the first and the last script)"],
        ["git commit", commit],
        ["machine", f"{first['cpu_model']}, {first['cpu_count']} cores ({first['cpus_usable']} usable), "
                    f"{first['platform']}"],
        ["Python", f"{first['implementation']} {first['python']}"],
        ["versions", versions],
        ["compiled batch writers (extra `fast`)",
         {True: "on", False: "off (numpy writers)", None: "not recorded"}[first.get("compiled_writers")]],
        ["load average (1, 5, 15 min) at each script's start", loads],
        ["commands", "<br>".join(command(docs[s]) for s in SCRIPTS if s in docs)],
    ]
    return ["## The run", ""] + table(["what", "value"], rows, "ll") + [
        "", "Figures from a shared or loaded machine move by 10 % or more from run to run; compare "
        "rows of one run (the peers are timed in the same processes for that reason) and read "
        "the load averages above before trusting a difference.", ""]


def findings(docs: dict[str, dict]) -> list[str]:
    """The targets, met or not, and the skipped peers: what a reader wants first."""
    out = []
    env = docs.get("env")
    if env:
        for g in env["games"]:
            r = g["ratios"]
            b = r["batch_env / aec_env"]
            line = (f"- {g['game']}: BatchEnv {b:.2f}x the AEC env "
                    f"({'meets' if b >= BATCH_TARGET else 'misses'} the {BATCH_TARGET:g}x target)")
            f = r.get("aec_env / floor_wrapped")
            if f is not None:
                line += (f"; the AEC env at {f:.2f} of PettingZoo's wrapped floor "
                         f"({'meets' if f >= AEC_FLOOR_TARGET else 'misses'} the {AEC_FLOOR_TARGET:g} target)")
            batch = next((row for row in g["rows"] if row["row"] == "batch_env"), None)
            if g["game"] == "first_cycle" and batch is not None:
                rate = batch["steps_per_s"]
                line += (f"; BatchEnv at {rate:,.0f} steps/s ({'meets' if rate >= FIRST_CYCLE_BATCH_TARGET else 'misses'} "
                         f"the {FIRST_CYCLE_BATCH_TARGET:,} steps/s target for an idle machine; see the load above)")
            out.append(line + ".")
    agents = docs.get("agents")
    if agents:
        for r in agents["rows"]:
            its, secs = r["it_per_s"] >= MCTS_ITERS_TARGET, r["s_per_decision"] < MCTS_SECONDS_TARGET
            out.append(f"- MCTS (`{agents['settings']['spec']}`), {r['game']} {r['position']}: "
                       f"{r['it_per_s']:,.0f} iterations/s ({'meets' if its else 'misses'} the "
                       f"{MCTS_ITERS_TARGET:,}/s target), {r['s_per_decision']:.3f} s per decision "
                       f"({'meets' if secs else 'misses'} the under-{MCTS_SECONDS_TARGET:g} s target).")
        then = agents["settings"].get("then")
        for g in agents.get("greedy") or []:
            line = (f"- Greedy, {g['game']}: {g['cheaper']:.2f}x cheaper per decision than the plain "
                    f"one-ply lookahead on today's engine ({'meets' if g['cheaper'] >= GREEDY_TARGET else 'misses'} "
                    f"the {GREEDY_TARGET:g}x target)")
            if "cheaper_than_then" in g:
                line += (f"; {g['cheaper_than_then']:.2f}x cheaper than greedy at {then}, same choices "
                         f"({'meets' if g['cheaper_than_then'] >= GREEDY_TARGET else 'misses'} it)")
            out.append(line + ".")
    runner = docs.get("runner")
    if runner:
        p = runner["parallel"]
        out.append(f"- Batch runner: {p['efficiency']:.0%} parallel efficiency with 2 workers "
                   f"({p['matches']:,} matches).")
    train = docs.get("train")
    if train and "batch / dummy" in train["ratios"]:
        r = train["ratios"]["batch / dummy"]
        out.append(f"- PPO training loop: `tcglab train`'s default (BatchVecEnv, sparse network) at {r:.2f}x the "
                   f"DummyVecEnv path's steps/s with the dense network "
                   f"({'meets' if r >= TRAIN_TARGET else 'misses'} the {TRAIN_TARGET:g}x target).")
    tune = docs.get("tune")
    if tune:
        f = tune["figures"]
        out.append(f"- Tuning: the framework's own time (search, storage, bookkeeping) "
                   f"{f['overhead_share']:.1%} of the time in matches ({'meets' if f['overhead_share'] <= TUNE_OVERHEAD_TARGET else 'misses'} "
                   f"the {TUNE_OVERHEAD_TARGET:.0%} target); the {f['workers']} cores {f['core_use']:.0%} in use over the search.")
    for d in docs.values():
        out += skipped_lines(d)
    busy = [(d["run"]["loadavg_at_start"][0], d["run"]["cpu_count"]) for d in docs.values()
            if d["run"].get("loadavg_at_start")]
    if busy and max(load / cores for load, cores in busy) > 1:
        load, cores = max(busy)
        out.insert(0, f"- **The machine was busy**: load average up to {load:g} on {cores} cores at a "
                      "script's start, so these figures are low and noisy. Rerun `make bench` on an "
                      "idle machine before quoting them.")
    missing = [s for s in SCRIPTS if s not in docs]
    if missing:
        out.append(f"- Not in this run: {', '.join(f'bench/{s}.py' for s in missing)}.")
    return ["## Findings", ""] + out + [""]


def engine_section(doc: dict) -> list[str]:
    s = doc["settings"]
    rows = []
    for r in doc["rows"]:
        name = f"peer: {r['game']}" if r.get("peer") else r["game"]
        rows.append([name, rate(r["decisions_per_s"]), f"{1e6 / r['decisions_per_s']:.1f}",
                     rate(r["games_per_s"]), rate(r["decisions_per_game"]), f"{r['setup_pct']:.0f}",
                     rate(r["play_only_decisions_per_s"]), r["games"]])
    notes = [f"- `{r['game']}`: {r['note']}." for r in doc["rows"] if r.get("peer")]
    return [
        "## Engine alone (`bench/engine.py`)", "",
        f"The rules engines without env or observation (each game's default params and decks), "
        f"uniformly random legal play on one core: "
        f"{s['seconds']:g} s of wall time per row, one run each, in one process; game seeds "
        f"{s['seed']}, {s['seed']} + 1, ..., action choices from seed {s['seed']}. Game set-up "
        "(shuffle and deal) is inside the timed loop; *set-up %* is its share and *play-only* "
        "takes it out. A decision is one player choice; chance events are not counted. "
        "`xenodex@3` and `xenodex@4` are XenodeX with 3 and 4 players. Peer rows play their "
        "library's game in the same loop (bench/loops.py `play_engine`) right after ours.", "",
        *table(["game", "decisions/s", "µs/decision", "games/s", "decisions/game", "set-up %",
                "play-only decisions/s", "games"], rows),
        "", *notes, *skipped_lines(doc), "",
    ]


def env_section(doc: dict) -> list[str]:
    s = doc["settings"]
    rows, ratio_rows = [], []
    ratio_keys: list[str] = []
    for g in doc["games"]:
        for k in g["ratios"]:
            if k not in ratio_keys:
                ratio_keys.append(k)
    for g in doc["games"]:
        for r in g["rows"]:
            name = f"peer: {r['row']}" if r.get("peer") else r["row"]
            rows.append([g["game"], name, rate(r["steps_per_s"]), rate(r["us_per_step"]),
                         rate(r["games_per_s"]), rate(r["steps_per_game"]), r["note"]])
        ratio_rows.append([g["game"]] + [f"{g['ratios'][k]:.2f}" if k in g["ratios"] else "-"
                                         for k in ratio_keys])
    return [
        "## Environments (`bench/env.py`)", "",
        f"Player decisions per second (steps/s) under uniformly random legal play, per game "
        f"(default params and decks): "
        f"`engine` (sim alone), `aec_env` (the PettingZoo AEC env with its wrappers, the "
        f"observation encoded at every step), `batch_env` (`envs.BatchEnv` over {s['num_envs']} "
        f"matches, every match's decision counted). {s['seconds']:g} s of {s['clock']} per run "
        f"after a {s['warmup']:g} s warm-up, best of {s['repeat']} rounds, in each of which a game's "
        "rows take turns in eight slices (the order alternating), seed "
        f"{s['seed']}, one process. Peer rows are timed with the same AEC loop (bench/loops.py "
        "`aec_runner`) in the same slices as each game's rows, so each game has its own peer "
        "figures. `floor_wrapped` is a do-nothing PettingZoo env under the classic wrappers: "
        "no wrapped AEC env can be faster, and the AEC env's target is half its speed or better. "
        "Games/s of `batch_env` are completed matches over all its rows; a 0 means none "
        "finished in the budget.", "",
        *table(["game", "row", "steps/s", "µs/step", "games/s", "steps/game", "what"], rows, "llrrrrl"),
        "", f"Ratios of steps/s from the same rounds (targets: batch_env / aec_env at least "
        f"{BATCH_TARGET:g}, aec_env / floor_wrapped at least {AEC_FLOOR_TARGET:g}):", "",
        *table(["game", *ratio_keys], ratio_rows),
        "", *skipped_lines(doc), "",
    ]


def agents_section(doc: dict) -> list[str]:
    s = doc["settings"]
    rows = [[r["game"], r["position"], r["legal"], r["iterations"], rate(r["it_per_s"]),
             rate(r["it_per_cpu_s"]), f"{r['s_per_decision']:.3f}", f"{r['max_s']:.3f}"]
            for r in doc["rows"]]
    return [
        "## MCTS (`bench/agents.py`)", "",
        f"Agent `{s['spec']}` ({s['config']}) searching two positions per game (default params "
        f"and decks) on one core: the opening (the first real choice after set-up) and a mid-game "
        f"position (greedy self-play to turn {s['mid_turn']}), from game seed {s['seed']}; "
        f"{s['repeats']} searches per position, agent seeds 1000, 1001, .... Iterations/s over "
        "wall time and over CPU time (they differ when other processes share the cores), mean "
        "and slowest seconds per search.", "",
        *table(["game", "position", "legal actions", "iterations", "iterations/s",
                "iterations/CPU-s", "s/decision", "max s"], rows, "llrrrrrr"),
        "",
        *greedy_lines(doc),
    ]


def greedy_lines(doc: dict) -> list[str]:
    """The greedy agent's cost per decision (bench/agents.py --greedy-decisions), if measured,
    and against greedy at an earlier commit (--then), if timed."""
    greedy = doc.get("greedy") or []
    if not greedy:
        return []
    then = doc["settings"].get("then")
    timed = then and any("cheaper_than_then" in g for g in greedy)
    head = ["game", "decisions", "legal actions (mean)", "us/decision", "CPU us/decision",
            "plain CPU us/decision", "plain / greedy"]
    rows = []
    for g in greedy:
        row = [g["game"], g["decisions"], f"{g['legal']:.1f}", f"{g['us_per_decision']:.0f}",
               f"{g['cpu_us_per_decision']:.0f}", f"{g['plain_cpu_us_per_decision']:.0f}",
               f"**{g['cheaper']:.2f}**"]
        if timed:
            row += ([f"{g['then_cpu_us_per_decision']:.0f}", f"{g['now_cpu_us_per_decision']:.0f}",
                     f"**{g['cheaper_than_then']:.2f}**"] if "cheaper_than_then" in g else ["", "", ""])
        rows.append(row)
    if timed:
        head += [f"greedy at {then}: CPU us", "greedy now: CPU us", f"at {then} / now"]
    lines = [
        "### Greedy", "",
        f"The greedy agent's one-ply lookahead on the first {doc['settings'].get('greedy_decisions')} "
        "positions with a choice of greedy self-play games (the positions a greedy opponent meets "
        "in training), each decided with a fresh generator made before the clock starts: mean "
        "microseconds per decision over wall time and over CPU time, each position's fastest of "
        f"{doc['settings'].get('greedy_rounds', 3)} rounds. Beside it, each position decided right "
        "after greedy's (the order alternating by round), the plain "
        "one-ply lookahead it computes faster with identical choices (`agents.greedy.plain_lookahead` "
        "with the reference heuristic: a fresh clone of one determinization per action, scored from "
        "the observation or public board), and how many times cheaper in CPU time greedy is "
        "(target: at least 2).", "",
    ]
    if timed:
        lines += [
            f"The last three columns time greedy as it was at commit {then} (taken from this "
            "repository's git history) against greedy now, each in its own process on the same "
            "positions with its own code and engine, taking turns twice, each position's fastest "
            "CPU time (bench/greedy_then.py); both choose the same actions. This is what a user "
            "training against greedy gains; the plain lookahead above runs on today's engine, so "
            "its ratio counts only what greedy's own code saves.", ""]
    lines += [*table(head, rows, "l" + "r" * (len(head) - 1)), ""]
    lines += [f"- {g['then_skipped']}" for g in greedy if "then_skipped" in g]
    return lines + ([""] if any("then_skipped" in g for g in greedy) else [])


def runner_section(doc: dict) -> list[str]:
    s, p = doc["settings"], doc["parallel"]
    run = " ".join(s["run_args"])
    par = [["1", f"{p['seconds_1_worker']:.1f}", rate(p["matches_per_s_1_worker"])],
           ["2", f"{p['seconds_2_workers']:.1f}", rate(p["matches_per_s_2_workers"])]]
    mem = [[f"{m['matches']:,}", f"{m['peak_rss_mib']:,.0f}", f"{m['seconds']:.1f}"] for m in doc["memory"]]
    ratio = doc["memory"][1]["peak_rss_mib"] / doc["memory"][0]["peak_rss_mib"]
    return [
        "## Batch runner (`bench/runner.py`)", "",
        f"Whole `tcglab run {run}` processes (default decks; start-up, play and Parquet logs), "
        f"wall time. "
        f"Parallel efficiency: {p['matches']:,} matches with 1 and with 2 local workers, best of "
        f"{p['best_of']}; efficiency = matches/s with 2 / (2 x matches/s with 1) = "
        f"**{p['efficiency']:.0%}**.", "",
        *table(["workers", "seconds", "matches/s"], par),
        "", f"Peak resident memory of the whole process (one worker, logs streamed to Parquet) as "
        f"the run grows; the larger run holds {ratio:.2f}x the memory of the smaller.", "",
        *table(["matches", "peak RSS (MiB)", "seconds"], mem),
        "",
    ] + _integrity_lines(doc.get("integrity"), doc.get("settings", {}).get("integrity_matches"))


def _integrity_lines(i: dict | None, matches: int | None = None) -> list[str]:
    """The lock and shard-verification cost of a resume (older JSON files lack it)."""
    if not i:
        return []
    size = f"{matches:,}-match " if matches else ""
    return [f"Integrity: a resume's folder lock and verification of every shard of the "
            f"{size}1-worker run took {i['lock_verify_seconds']:.3f} s, **{i['share_of_run']:.2%}** of that "
            f"run's {i['run_seconds']:.1f} s (target: at most 2%); verifying a run of "
            f"{i['shards']:,} one-match shards (matches and cards) took **{i['verify_1000_seconds']:.2f} s** "
            "(target: under 5 s).", ""]


def train_section(doc: dict) -> list[str]:
    s = doc["settings"]
    rows = [[r["row"], r["num_envs"], rate(r["steps_per_s"]), f"{r['seconds']:.1f}", f"{r['rollout_s']:.1f}",
             f"{r['env_s']:.1f}", f"{r['update_s']:.1f}", r["note"]] for r in doc["rows"]]
    ratios = "; ".join(f"{k} = **{v:.2f}**" for k, v in doc["ratios"].items())
    return [
        "## PPO training loop (`bench/train.py`)", "",
        f"Whole-loop MaskablePPO training as `tcglab train` runs it ({s['game']} against "
        f"{s['opponent']}, default hyperparameters: {s.get('rollout', 2048):,} samples per update, minibatches of 512, "
        f"4 epochs, two hidden layers of 256; the row says which network), {s['device'].upper()} with {s['threads']} torch thread(s): "
        f"env steps per second over {s['steps']:,} timed steps per row after one untimed "
        f"rollout and update, network forward passes and PPO updates included. The rows take "
        f"turns update by update; each update's fastest of {s['repeat']} rounds (the same seeded "
        f"training each round), seed {s['seed']}. Rollout seconds include the env's "
        "(`step_wait`); the rest of a row's time is the PPO update.", "",
        *table(["row", "envs", "steps/s", "seconds", "rollout s", "env s", "update s", "what"], rows,
               "lrrrrrrl"),
        "", f"Ratios of steps/s from the same run (target: batch / dummy at least "
            f"{TRAIN_TARGET:g}): {ratios}.", "",
    ]


def opponents_section(doc: dict) -> list[str]:
    s = doc["settings"]
    by_model: dict[str, dict[str, float]] = {}
    for r in doc["rows"]:
        by_model.setdefault(r["model"], {})[r["row"]] = r["steps_per_s"]
    rows = [[f"`ppo:{m}`", rate(v["batched"]), rate(v["one_by_one"]), f"**{v['batched'] / v['one_by_one']:.2f}**"]
            for m, v in by_model.items()]
    return [
        "## BatchEnv against a network opponent (`bench/opponents.py`)", "",
        f"`envs.BatchEnv` of {s['num_envs']} matches against each zoo model (the learner's seat "
        "drawn per game, the model playing every other seat on the CPU with "
        f"{s['threads']} torch thread(s), uniform legal learner choices): learner steps per "
        "second with the opponent's moves inside each step. `batched`: BatchEnv asks the "
        "model's `act_batch` once per round for every match waiting on it; `one by one`: one "
        "`act` per opponent move. Both rows play the same games (tests/agents/test_ppo_batch.py); "
        f"they take turns in slices, each its best of {s['repeat']} rounds of {s['seconds']:g} s, "
        f"seed {s['seed']}.", "",
        *table(["opponent", "batched steps/s", "one by one steps/s", "batched / one by one"], rows, "lrrr"),
        "",
    ]


def tune_section(doc: dict) -> list[str]:
    s, f = doc["settings"], doc["figures"]
    rows = [[f["trials"], f["matches_per_trial"], f["workers"], f"{f['search_seconds']:.1f}",
             f"{f['match_seconds']:.1f}", f"{f['framework_seconds']:.2f}", f"{f['framework_ms_per_trial']:.0f}",
             f"**{f['overhead_share']:.2%}**", f"{f['core_use']:.0%}", f"{f['in_trial_parallel_efficiency']:.0%}"]]
    return [
        "## Tuning (`bench/tune.py`)", "",
        f"The search of a real tune ({s['game']}, {s['agents']} agents, objective {s['objective']} over "
        f"{', '.join(s['space']['params'])}; optuna TPE, SQLite storage) on {s['workers']} local workers. "
        "Match seconds: the wall time of each trial's batch of matches; the framework's time is the "
        "rest of the search (ask, tell, storage, measures, bookkeeping), as a share of the match "
        "seconds (target: at most 5%). Core use: CPU seconds of the process and its workers over "
        "the search's wall time times the workers. In-trial efficiency: the matches' own seconds "
        "over the workers' time inside trials.", "",
        *table(["trials", "matches/trial", "workers", "search s", "match s", "framework s", "ms/trial",
                "overhead", "core use", "in-trial efficiency"], rows, "rrrrrrrrrr"),
        "",
    ]


SECTIONS = {"engine": engine_section, "env": env_section, "agents": agents_section,
            "opponents": opponents_section,
            "runner": runner_section, "train": train_section, "tune": tune_section}


def render(docs: dict[str, dict]) -> str:
    """The whole page from the scripts' JSON documents, keyed by script name."""
    if not docs:
        raise ValueError("no bench JSON to report")
    lines = [
        "# Performance", "",
        "*Generated by `make bench` (bench/report.py, from the JSON the speed scripts in bench/ "
        "write); do not edit by hand. To refresh it, run `make bench` on an idle machine.*", "",
        "Every figure below comes from one run of the speed scripts, with the peer libraries "
        "(PettingZoo, OpenSpiel, RLCard) timed in the same processes with the same loops.", "",
    ]
    lines += run_section(docs) + findings(docs)
    for script in SCRIPTS:
        if script in docs:
            lines += SECTIONS[script](docs[script])
        else:
            lines += [f"## bench/{script}.py", "", "Not in this run.", ""]
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip() + "\n"


def load(paths: list[str]) -> dict[str, dict]:
    """The JSON files keyed by their "script" field; unknown scripts are an error."""
    docs = {}
    for path in paths:
        doc = json.loads(Path(path).read_text())
        script = doc.get("script")
        if script not in SCRIPTS:
            raise ValueError(f"{path}: not a bench JSON file (script {script!r})")
        docs[script] = doc
    return docs


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", nargs="+", help="JSON files written by the speed scripts' --json")
    ap.add_argument("--out", default="docs/performance.md", help="the page to write (default: %(default)s)")
    args = ap.parse_args(argv)
    try:
        page = render(load(args.json))
    except (OSError, ValueError, KeyError) as e:
        print(f"bench/report.py: {e}", file=sys.stderr)
        return 1
    Path(args.out).write_text(page)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
