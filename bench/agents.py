"""MCTS speed (iterations per second and seconds per decision at the default budget) and
the greedy agent's cost per decision.

    python bench/agents.py                 # First Cycle, opening and mid-game, default MCTS
    python bench/agents.py --spec "mcts:rollout_depth=-1" --repeats 10
    python bench/agents.py --games xenodex@4 --mid-turn 6
    python bench/agents.py --games first_cycle,cipher,xenodex --json build/bench/agents.json

Positions: the opening (the first decision with more than one legal action after
set-up) and a mid-game position (greedy self-play from the same seed until global turn
`--mid-turn`). Each position is searched `--repeats` times with different agent seeds
on one core; the table gives the mean iterations per wall-clock second and per CPU
second (the two differ when other processes share the cores), the mean seconds per
search and the slowest search. The target: at least 1,000 iterations/s and under 0.5 s
per decision. `--json FILE` writes the figures for bench/report.py.

Greedy: the decisions with a choice of greedy self-play games from `--seed` on (the first
`--greedy-decisions` of them, the positions a greedy opponent meets), each decided with a
fresh generator per position, made before the clock starts, its fastest of 7 rounds; the
line gives the mean microseconds per decision, wall clock and CPU, and the mean number of
legal actions it looked ahead over. Beside it, each position decided right after the
agent's (the order alternating by round), the plain one-ply lookahead greedy computes faster
(`agents.greedy.plain_lookahead` with `make_reference_heuristic`: greedy as first written,
which tests hold it equal to) on the same positions, and how many times cheaper per
decision the agent is in CPU time (target: 2). With `--then COMMIT`, also greedy at that
earlier commit of this repository against greedy now on the same positions, each in its own
process (bench/greedy_then.py): what a user training against greedy gains.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import agents
from agents.greedy import plain_lookahead
from agents.heuristics.reference import make_reference_heuristic
from bench.greedy_then import ThenUnavailable, compare
from bench.runinfo import run_info, write_json
from sim import load_game


def opening(game, seed: int):
    """The first position after set-up where the player on turn has a real choice."""
    state = game.new_state(seed)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def mid_game(game, seed: int, turn: int):
    """Greedy self-play from `seed` until global turn `turn` (or the game's end), at a real choice."""
    state = game.new_state(seed)
    greedy = agents.make("greedy")
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and (getattr(state, "turn", 0) < turn or len(state.legal_actions()) < 2):
        state.apply(greedy.act(state, rng))
    if state.is_terminal():
        raise RuntimeError(f"seed {seed}: the game ended before turn {turn}; pick another seed")
    return state


def greedy_positions(game, seed: int, count: int) -> list:
    """The first `count` positions with a choice of greedy self-play games from `seed` on."""
    greedy = agents.make("greedy")
    out: list = []
    while len(out) < count:
        state = game.new_state(seed)
        rngs = [np.random.default_rng([seed, p]) for p in range(game.num_players)]
        while not state.is_terminal() and len(out) < count:
            if len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply(greedy.act(state, rngs[state.current_player]))
        seed += 1
    return out


GREEDY_ROUNDS = 7
"""Rounds of the greedy measurement; each position keeps each side's fastest decision."""


def measure_greedy(states: list, rounds: int = GREEDY_ROUNDS) -> dict:
    """Mean wall and CPU microseconds per greedy decision over `states`, the plain one-ply
    lookahead's (`agents.greedy.plain_lookahead` with the reference heuristic), their ratio,
    and the mean legal count.

    Each position is decided by both, one right after the other (the order alternating by
    round), and keeps each side's fastest of `rounds`: a slow spell of the host then falls on
    both sides alike. Each decision gets a fresh generator seeded by the position's index,
    made before its clock starts."""
    greedy = agents.make("greedy")
    plain = make_reference_heuristic(states[0].game)
    n = len(states)
    inf = float("inf")
    best = {"greedy": ([inf] * n, [inf] * n), "plain": ([inf] * n, [inf] * n)}  # (wall, cpu) per position
    for r in range(rounds):
        order = ("greedy", "plain") if r % 2 == 0 else ("plain", "greedy")
        for k, state in enumerate(states):
            for which in order:
                rng = np.random.default_rng(k)
                t, c = time.perf_counter(), time.process_time()
                if which == "greedy":
                    greedy.act(state, rng)
                else:
                    plain_lookahead(state, rng, plain)
                wall, cpu = time.perf_counter() - t, time.process_time() - c
                walls, cpus = best[which]
                walls[k] = min(walls[k], wall)
                cpus[k] = min(cpus[k], cpu)
    best = {which: (sum(walls), sum(cpus)) for which, (walls, cpus) in best.items()}
    (wall, cpu), (p_wall, p_cpu) = best["greedy"], best["plain"]
    n = len(states)
    return {"decisions": n, "us_per_decision": wall / n * 1e6, "cpu_us_per_decision": cpu / n * 1e6,
            "plain_us_per_decision": p_wall / n * 1e6, "plain_cpu_us_per_decision": p_cpu / n * 1e6,
            "cheaper": p_cpu / cpu,
            "legal": float(np.mean([len(s.legal_actions()) for s in states]))}


def measure(spec: str, state, repeats: int) -> dict:
    """Mean iterations/s, mean and max seconds per search over `repeats` agent seeds."""
    agent = agents.make(spec)
    times, cpu, its = [], [], []
    for k in range(repeats):
        rng = np.random.default_rng(1000 + k)
        t, c = time.perf_counter(), time.process_time()
        agent.search(state, rng)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        its.append(agent.last_search_stats.iterations)
    return {"iterations": int(np.mean(its)), "it_per_s": sum(its) / sum(times),
            "it_per_cpu_s": sum(its) / max(sum(cpu), 1e-9),
            "s_per_decision": float(np.mean(times)), "max_s": max(times),
            "legal": len(state.legal_actions())}


def main(argv=None) -> None:
    """Print the table (one per game)."""
    p = argparse.ArgumentParser(description="MCTS iterations/s and seconds per decision",
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--spec", default="mcts", help="agent spec")
    p.add_argument("--games", "--game", default="first_cycle",
                   help="comma-separated games, @N for a player count (xenodex@4)")
    p.add_argument("--players", type=int, default=None,
                   help="player count for games given without @N (XenodeX: 2-4; default: the game's)")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--mid-turn", type=int, default=8)
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--greedy-decisions", type=int, default=300,
                   help="positions the greedy agent's cost per decision is measured on (0: skip)")
    p.add_argument("--then", default=None,
                   help="also time greedy at this earlier commit against greedy now (git history)")
    p.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = p.parse_args(argv)
    info = run_info()
    cfg = agents.make(args.spec).config
    print(f"{args.spec}: {cfg}")
    rows = []
    greedy_rows = []
    for spec in [g.strip() for g in args.games.split(",") if g.strip()]:
        name, _, players = spec.partition("@")
        n = int(players) if players else args.players
        game = load_game(name, **({} if n is None else {"num_players": n}))
        label = f"{name}@{n}" if n is not None else name
        positions = {"opening": opening(game, args.seed), f"mid-game (turn {args.mid_turn})":
                     mid_game(game, args.seed, args.mid_turn)}
        print(f"{label:<14}{'position':<22}{'legal':>6}{'iters':>7}{'iter/s':>9}{'iter/cpu-s':>11}"
              f"{'s/decision':>12}{'max s':>8}")
        for pos, state in positions.items():
            m = measure(args.spec, state, args.repeats)
            print(f"{'':<14}{pos:<22}{m['legal']:>6}{m['iterations']:>7}{m['it_per_s']:>9.0f}"
                  f"{m['it_per_cpu_s']:>11.0f}{m['s_per_decision']:>12.3f}{m['max_s']:>8.3f}", flush=True)
            rows.append({"game": label, "position": pos, **m})
        if args.greedy_decisions > 0:
            g = measure_greedy(greedy_positions(game, args.seed, args.greedy_decisions))
            print(f"{'':<14}greedy: {g['us_per_decision']:.0f} us/decision ({g['cpu_us_per_decision']:.0f} "
                  f"CPU us) over {g['decisions']} decisions with a choice, {g['legal']:.1f} legal "
                  f"on average; plain one-ply lookahead {g['plain_cpu_us_per_decision']:.0f} CPU us: "
                  f"greedy is {g['cheaper']:.2f}x cheaper", flush=True)
            if args.then:
                try:
                    g.update(compare(args.then, name, n, args.seed, args.greedy_decisions))
                    print(f"{'':<14}greedy at {args.then}: {g['then_cpu_us_per_decision']:.0f} CPU us, "
                          f"now {g['now_cpu_us_per_decision']:.0f}: now {g['cheaper_than_then']:.2f}x "
                          "cheaper, same choices", flush=True)
                except ThenUnavailable as e:
                    g["then_skipped"] = f"greedy at {args.then} not timed: {e}"
                    print(f"{'':<14}{g['then_skipped']}", flush=True)
            greedy_rows.append({"game": label, **g})
    if args.json:
        write_json(args.json, "agents", info, {
            "settings": {"spec": args.spec, "config": repr(cfg), "seed": args.seed,
                         "mid_turn": args.mid_turn, "repeats": args.repeats,
                         "greedy_decisions": args.greedy_decisions, "greedy_rounds": GREEDY_ROUNDS,
                         "then": args.then},
            "rows": rows, "greedy": greedy_rows})


if __name__ == "__main__":
    main()
