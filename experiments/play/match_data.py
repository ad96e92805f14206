"""The data of one logged match as a viewer shows it: a board per decision from one seat's
view (or every card), who played what, events, agents and decks, search statistics.

    data = match_data("runs/demo", 12, seat=1)     # seat=None: every card (omniscient)

The actions come from the run's decisions table when it logged them (no agent runs), else
from re-running the match's agents from their seeds (`rerun=True` forces it); a re-run
records the root visit counts of every searching agent (one with `last_search_stats`, as
MCTS has). In a seat's view every board is `seat_board` (built from `observation(seat)`),
events are the game's `visible_events` for that seat, another seat's action shows only
when its label names nothing hidden (`public_label`), and root visits show only for the
seat's own decisions. Events read in words, seats P1..Pn and cards by name
(experiments.play.events). Boards are stored as indices into one table of distinct lines.
The data says what produced the match: game, run and game seeds, params, agents, decks and
the code version that logged it (the manifest's); a seat's view withholds the seeds, the run id
and the run folder, from which anyone could re-deal the cards hidden from that seat.
"""
from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np

import agents as agent_registry
from experiments.batch.config import RunConfig
from experiments.batch.match import dealt_decks, game_for, play_match, setup_for
from experiments.batch.replay import (
    check_match_id,
    code_version,
    logged_rows,
    params_text,
    result_line,
    same_label,
    seeds_text,
)
from experiments.batch.shards import run_manifest
from experiments.play.events import event_text
from experiments.play.views import all_board, public_label, seat_board
from sim.core.board import seat_and_agent
from sim.core.errors import IllegalActionError, TcglabError

TOP_VISITS = 8  # root actions listed per search


class _Recording:
    """An agent whose root visit counts (when it searches) are kept after each act."""

    def __init__(self, agent, sink: list) -> None:
        self.agent, self.sink = agent, sink

    def act(self, state, rng) -> int:
        action = self.agent.act(state, rng)
        stats = getattr(self.agent, "last_search_stats", None)
        self.sink.append(stats.visit_counts() if stats is not None else None)
        return action


class _Lines:
    """A table of distinct lines; a board becomes the list of its lines' indices."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def ids(self, text: str) -> list[int]:
        return [self.index.setdefault(line, len(self.index)) for line in text.splitlines()]


def _result_text(row: dict) -> str:
    line = result_line(row)
    return line[:1].upper() + line[1:]


def _actions(run_dir: Path, config: RunConfig, match_id: int, run_id: str, rerun: bool):
    """(actions, logged (seat, label) per action or None, root visits per decision or None, the
    re-run's row or None)."""
    decisions = None if rerun or not config.log_decisions else logged_rows(run_dir, match_id, "decisions")
    if decisions is not None and len(decisions):
        return ([int(a) for a in decisions["action"]],
                list(zip((int(q) for q in decisions["player"]), decisions["label"])), None, None)
    game = game_for(config)
    setup = setup_for(config, match_id, game.num_players)
    visits: list = []
    try:
        players = [_Recording(agent_registry.make(spec), visits) for spec in setup.agents]
    except (ValueError, TypeError) as exc:
        raise TcglabError(f"cannot re-run this match's agents ({exc}); a game with a human seat is "
                          "viewed from its logged decisions") from None
    actions: list[int] = []
    row, _, _ = play_match(config, match_id, run_id, on_decision=lambda s, q, a: actions.append(a),
                           players=players)
    return actions, None, visits, row


def _not_replaying(i: int, label, why: Exception | None = None) -> None:
    reason = f": {why}" if why is not None else ""
    raise TcglabError(f"the logged actions do not replay at decision {i} ({label!r}{reason}): a damaged log, "
                      "or one of another tcglab version?")


SEEDS_WITHHELD = ("seeds, run id and run folder withheld on a seat's page (they would re-deal the cards hidden "
                  "from this seat; the every-card page, tcglab view --all, names them)")


def match_data(run_dir: str | Path, match_id: int, seat: int | None = None, rerun: bool = False) -> dict:
    """Everything a viewer page embeds for match `match_id` of the run in `run_dir`, from
    `seat`'s view (None: every card). Raises TcglabError naming a bad folder, match or seat."""
    run_dir = Path(run_dir)
    manifest = run_manifest(run_dir)
    config = RunConfig.from_json(manifest["config"], progress=False)
    check_match_id(match_id, config.matches)
    game = game_for(config)
    n = game.num_players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise TcglabError(f"seat: expected 0..{n - 1} for this {n}-player game, got {seat!r}")
    setup = setup_for(config, match_id, n)
    logged = logged_rows(run_dir, match_id, "matches")
    row = logged.iloc[0].to_dict() if logged is not None and len(logged) else None
    actions, labels, visits, rerun_row = _actions(run_dir, config, match_id, manifest["run_id"], rerun)
    row = row or rerun_row
    if row is None:
        raise TcglabError(f"match {match_id} is not in the logs of {run_dir} yet")
    visible = importlib.import_module(f"sim.{config.game}.observation").visible_events
    state = game.new_state(setup.game_seed, dealt_decks(config, setup))
    rng = np.random.default_rng(setup.game_seed)
    lines, steps = _Lines(), []
    board = (lambda s: all_board(s)) if seat is None else (lambda s: seat_board(s, seat))
    for i, action in enumerate(actions):
        actor = state.current_player
        label = None if state.is_terminal() else state.action_label(action)
        if label is None or (labels is not None and (labels[i][0] != actor or not same_label(label, labels[i][1]))):
            _not_replaying(i, labels[i][1] if labels else label)
        step = {"b": lines.ids(board(state)), "who": actor,
                "act": label if seat is None else public_label(state, action, seat, rng)}
        counts = visits[i] if visits is not None else None
        if counts and (seat is None or seat == actor):
            top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_VISITS]
            step["v"] = [[state.action_label(a), int(v)] for a, v in top]
        try:
            state.apply(action)
        except IllegalActionError as exc:
            _not_replaying(i, labels[i][1] if labels else label, exc)
        events = state.events if seat is None else visible(state.events, seat)
        step["ev"] = [event_text(e, game) for e in events]
        steps.append(step)
    steps.append({"b": lines.ids(board(state)), "who": -1, "act": None, "ev": [], "result": _result_text(row)})
    # A seat's page withholds the seeds and what encodes them (the run id hashes the seed, a run
    # folder's name often holds it): from them anyone could re-deal the cards hidden from that seat.
    withheld = seat is not None
    return {
        "game": config.game, "run_id": None if withheld else manifest["run_id"], "match_id": match_id,
        "seed": None if withheld else setup.game_seed, "params_id": game.params.params_id,
        "run_dir": None if withheld else str(run_dir),
        "seeds": (SEEDS_WITHHELD if withheld else seeds_text(config, setup)),
        "params": params_text(config, game), "code_version": code_version(manifest),
        "view": "every card (omniscient)" if seat is None else f"{seat_and_agent(seat)}'s view",
        "seats": [{"name": seat_and_agent(q), "agent": setup.agents[q],
                   "deck": setup.decks[q] if setup.decks[q] is not None else "default deck"} for q in range(n)],
        "visits": ("recorded (the agents were re-run)" if visits is not None
                   else "not recorded: the actions came from the decisions log (re-run the agents to see them)"),
        "lines": list(lines.index), "steps": steps,
    }
