"""Replay one logged match: the logged actions applied to the logged deal, or its agents re-run.

    for line in replay_lines(run_dir, match_id, boards=True):
        print(line)

A run made with `--log-decisions` is replayed from its `decisions` table: the match is dealt
again from its seed and decks and every logged action is applied (no agent runs, so a
replay of an MCTS match is instant), each label checked against the logged one. Without
the decisions table the match's agents are re-run from their seeds, which gives the same
match, only slower. Seats read P1..Pn as in every text tcglab prints (`seat_name`: seat 1,
the env's agent `player_1` and the logs' 0-based `player` 1, is "P2"; the header names both,
"P2 (player_1)"). The header says what produced the game: game, run and game seeds, params
(id and overrides), each seat's agent and deck, and the code version that logged it; and XenodeX counts cycles where the other games count turns. A log written
before labels named seats P1..Pn (XenodeX's "Synth Drone (player 1 #3)") still replays:
`same_label` reads its "player N" as "P{N+1}".
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from experiments.batch.config import RunConfig
from experiments.batch.match import dealt_decks, game_for, play_match, setup_for
from experiments.batch.shards import read_shard, run_manifest, shard_files, shard_range
from sim.core.board import seat_and_agent, seat_name
from sim.core.errors import IllegalActionError, TcglabError

_OLD_SEAT = re.compile(r"\bplayer (\d+)\b")


def check_match_id(match_id, matches: int) -> None:
    """TcglabError unless `match_id` is a match of a run of `matches` matches."""
    if not matches:
        raise TcglabError("the run has no matches (it was made with --matches 0)")
    if not isinstance(match_id, int) or not 0 <= match_id < matches:
        raise TcglabError(f"match id {match_id!r} not in 0..{matches - 1}")


def code_version(manifest: dict) -> str:
    """'logged by tcglab 0.1.0 (git a21fc89)': the code that wrote a run folder (its manifest's
    versions), so a reader knows what produced the game (it may differ from the code now)."""
    versions = manifest.get("versions") or {}
    return f"logged by tcglab {versions.get('tcglab') or '?'} (git {versions.get('git') or 'unknown'})"


def seeds_text(config: RunConfig, setup) -> str:
    """'run seed 7, game seed 123...': the seed given to `tcglab run`/`play` and the match's own."""
    return f"run seed {config.seed}, game seed {setup.game_seed}"


def params_text(config: RunConfig, game) -> str:
    """'params id 8fbc1e617017 (the defaults)', or the overrides that made the params."""
    overrides = ", ".join(f"{k}={v}" for k, v in config.params)
    return f"params id {game.params.params_id} ({overrides or 'the defaults'})"


def same_label(label: str, logged: str) -> bool:
    """Whether the label of an action now is the logged one, also when the log was written
    while labels named seat q "player q" (it now reads "P{q+1}")."""
    return label == logged or label == _OLD_SEAT.sub(lambda m: seat_name(int(m[1])), logged)


def _period(state) -> tuple[str, int | None]:
    """('cycle', n) for XenodeX, ('turn', n) for the turn-based games."""
    if hasattr(state, "cycle"):
        return "cycle", state.cycle
    return "turn", getattr(state, "turn", None)


def logged_rows(run_dir: Path, match_id: int, table: str):
    """The rows of `table` for one match, read only from the shard holding it."""
    for path in shard_files(run_dir / table):
        start, stop = shard_range(path.name)
        if start <= match_id < stop:
            return read_shard(path, table, match_id).to_pandas()  # in decision order
    return None


def replay_lines(run_dir: str | Path, match_id: int, boards: bool = True) -> Iterator[str]:
    """The lines of a replay of match `match_id` of the run in `run_dir` (see the module doc)."""
    run_dir = Path(run_dir)
    manifest = run_manifest(run_dir)
    config = RunConfig.from_json(manifest["config"], progress=False)
    check_match_id(match_id, config.matches)
    game = game_for(config)
    setup = setup_for(config, match_id, game.num_players)
    logged = logged_rows(run_dir, match_id, "matches")
    row = logged.iloc[0].to_dict() if logged is not None and len(logged) else None
    yield (f"{config.game} match {match_id} of run {manifest['run_id']} ({run_dir}); "
           f"{seeds_text(config, setup)}; {params_text(config, game)}; {code_version(manifest)}")
    for seat in range(game.num_players):
        deck = setup.decks[seat] if setup.decks[seat] is not None else "default deck"
        yield f"  {seat_and_agent(seat)}: {setup.agents[seat]} with {deck}"
    decisions = logged_rows(run_dir, match_id, "decisions") if config.log_decisions else None
    render = str if boards else None
    if decisions is not None and len(decisions):
        yield "replaying the logged actions (no agent runs)"
        yield from _from_log(game, setup, decisions, render, config)
    else:
        yield "replaying by re-running the agents from their seeds (the run did not log decisions)"
        lines: list[str] = []
        show = _shower(lines, render)
        row_now, _, _ = play_match(config, match_id, manifest["run_id"], on_decision=show)
        yield from lines
        row = row or row_now
    if row is None:
        yield "this match is not in the logs yet (the run has not played it)"
        return
    yield result_line(row)


def _shower(lines: list[str], render):
    """An on_decision hook that prints a period header (and board) when it changes, then the move."""
    last = [None]

    def show(state, seat, action):
        period = _period(state)
        if period != last[0]:
            last[0] = period
            lines.append(f"-- {period[0]} {period[1]} --")
            if render is not None:
                lines.extend("    " + line for line in render(state).splitlines())
        lines.append(f"  {seat_name(seat)}: {state.action_label(action)}")
    return show


def _from_log(game, setup, decisions, render, config) -> Iterator[str]:
    state = game.new_state(setup.game_seed, dealt_decks(config, setup))
    lines: list[str] = []
    show = _shower(lines, render)
    for step in decisions.to_dict("records"):
        seat, action = int(step["player"]), int(step["action"])
        if (state.is_terminal() or seat != state.current_player
                or not same_label(state.action_label(action), step["label"])):
            yield from lines
            raise TcglabError(f"the logged actions do not replay: at {step['label']!r} by {seat_name(seat)} the "
                              "game differs (a log of another tcglab version?)")
        show(state, seat, action)
        try:
            state.apply(action)
        except IllegalActionError as exc:
            yield from lines
            raise TcglabError(f"the logged actions do not replay: {step['label']!r} by {seat_name(seat)} is not "
                              f"legal here ({exc}): a damaged log, or one of another tcglab version?") from None
    yield from lines


def result_line(row: dict) -> str:
    """'result: P1 won (leader_hp) after 11 turns, 36 decisions' for a match row (or
    its error, or a game a human left)."""
    if row["end_reason"] == "left":
        return f"result: left by the human after {row['decisions']} decisions, no winner"
    if row["end_reason"] == "error":
        return f"result: error after {row['decisions']} decisions: {row['error']}"
    period = "cycles" if row["game"] == "xenodex" else "turns"
    who = "a draw" if row["winner"] < 0 else f"{seat_name(int(row['winner']))} won"
    return f"result: {who} ({row['end_reason']}) after {row['turns']} {period}, {row['decisions']} decisions"
