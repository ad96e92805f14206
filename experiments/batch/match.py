"""Play one seeded match of a run and turn it into log rows (columns: `experiments.batch.schema`).

Match `index` of a run draws everything from `SeedSequence(run_seed, spawn_key=(index,))`:
the game seed and one generator per seat's agent. So any single match can be replayed
alone, and the table is the same whatever the workers or the backend.
"""
from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

import agents as agent_registry
from experiments.batch.config import RunConfigError
from sim import game_names, load_game
from sim.core.errors import TcglabError

ENV_VERSION = "v0"
CARD_EVENT_KINDS = {"opening_hand": "opening_hand", "draw": "drawn", "deploy": "played",
                    "execute": "played", "class_change": "played", "level_up": "played"}
"""Engine events that feed the cards table, and the table's event for each: a card is
`played` when its player puts it from hand into play (First Cycle: deploy or execute; FE Cipher:
deploy, class change or level up; XenodeX: deploy). An FE Cipher support card is turned over
from the deck, not played, so it is not counted."""


@dataclass(frozen=True)
class MatchSetup:
    """Who plays which seat with which deck, and the seeds of one match."""

    index: int
    game_seed: int
    agent_seeds: tuple[int, ...]
    agents: tuple[str, ...]
    decks: tuple[str | None, ...]


def match_seeds(run_seed: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    """The game seed and per-seat agent seeds of match `index`."""
    ss = np.random.SeedSequence(run_seed, spawn_key=(index,))
    words = ss.generate_state(1 + seats, dtype=np.uint64)
    return int(words[0] >> np.uint64(1)), tuple(int(w >> np.uint64(1)) for w in words[1:])


def per_seat(values: tuple, seats: int, what: str) -> tuple:
    """Broadcast one value to every seat, or check there is one per seat."""
    if len(values) == 1:
        return tuple(values) * seats
    if len(values) != seats:
        raise RunConfigError(f"{what}: got {len(values)} ({', '.join(values)}) for a {seats}-player game; "
                             "give one per seat, or one for every seat")
    return tuple(values)


def setup_for(config, index: int, seats: int) -> MatchSetup:
    """The seat assignment of match `index`. With seat swapping, agents rotate by
    `index mod seats`. Decks given per seat rotate with their seat's agent (each agent keeps
    its deck) unless `cross_decks`; with `cross_decks`, or the game's default decks when no
    decks are given, decks rotate on their own by `index div seats`, so every agent plays
    every deck in every seat over `seats**2` matches."""
    agents = per_seat(config.agents, seats, "agents")
    shift = index % seats if config.swap_seats else 0
    agents = agents[shift:] + agents[:shift]
    if config.decks and not config.cross_decks:  # each agent keeps its deck
        decks = per_seat(config.decks, seats, "decks")
        decks = decks[shift:] + decks[:shift]
    else:  # decks rotate on their own, so no agent keeps one deck
        decks = per_seat(config.decks, seats, "decks") if config.decks else default_deck_names(config)
        dshift = (index // seats) % seats if config.swap_seats else 0
        decks = decks[dshift:] + decks[:dshift]
    game_seed, agent_seeds = match_seeds(config.seed, index, seats)
    return MatchSetup(index, game_seed, agent_seeds, agents, decks)


def dealt_decks(config, setup: MatchSetup) -> list | None:
    """The decks `game.new_state` gets for a match: one per seat (a deck file's recorded
    content, or a deck name), or None for the game's defaults."""
    if any(d is None for d in setup.decks):
        return None
    return [config.deck_content(d) for d in setup.decks]


@lru_cache(maxsize=8)
def _game(name: str, params_json: str):
    return load_game(name, **json.loads(params_json))


@lru_cache(maxsize=32)
def _agent(spec: str):
    return agent_registry.make(spec)


def default_deck_names(config) -> tuple:
    """The names of the decks a game uses when a run gives none (None where unnamed)."""
    game = game_for(config)
    try:
        decks = game.default_decks()
    except NotImplementedError:
        return (None,) * game.num_players
    return tuple(getattr(d, "name", d) if isinstance(getattr(d, "name", d), str) else None for d in decks)


def game_for(config):
    """The (cached) game object of a run config; RunConfigError names what is wrong."""
    overrides = config.param_overrides
    if "num_players" in overrides and config.game in game_names():
        plain = _game(config.game, "{}")
        if "num_players" not in plain.params.to_dict() and overrides["num_players"] == plain.num_players:
            overrides = {k: v for k, v in overrides.items() if k != "num_players"}  # its only count
    try:
        return _game(config.game, json.dumps(overrides, sort_keys=True))
    except TcglabError as exc:
        if config.game in game_names() and "num_players" in overrides:
            fixed = _game(config.game, "{}").num_players
            if "num_players" not in _game(config.game, "{}").params.to_dict():
                raise RunConfigError(f"players: {config.game} is a {fixed}-player game; "
                                     f"{overrides['num_players']} players is not possible") from None
        raise RunConfigError(f"{'params' if config.game in game_names() else 'game'}: {exc}") from None


class MatchLeft(Exception):
    """Raised by a stand-in player (a human who leaves) to end a match before its end: the
    match is logged with end_reason "left", no winner and no returns, and keeps its
    decisions so far."""


def play_match(config, index: int, run_id: str, on_decision=None,
               players: list | None = None) -> tuple[dict, list[dict], list[dict]]:
    """Play match `index`; returns (match row, decision rows, card rows). Never raises:
    an error becomes a row with end_reason "error" and the message (and a `MatchLeft` raised
    by a player a row with end_reason "left"). `on_decision(state,
    seat, action)` is called before each action is applied (replays print with it).
    `players`, one object with `act(state, rng)` per seat, stands in for the agents the
    config names (a viewer recording search statistics, a human game being logged)."""
    game = game_for(config)
    seats = game.num_players
    setup = setup_for(config, index, seats)
    row: dict[str, Any] = {
        "run_id": run_id, "match_id": index, "game": config.game, "env_version": ENV_VERSION,
        "params_id": game.params.params_id, "params_json": game.params.to_json(),
        "seed": setup.game_seed, "num_players": seats,
    }
    for seat in range(4):
        row[f"agent_{seat}"] = setup.agents[seat] if seat < seats else None
        row[f"deck_{seat}"] = setup.decks[seat] if seat < seats else None
    decisions: list[dict] = []
    cards: list[dict] = []
    start = time.perf_counter()
    n_decisions = 0
    try:
        state = game.new_state(setup.game_seed, dealt_decks(config, setup))
        players = list(players) if players is not None else [_agent(a) for a in setup.agents]
        rngs = [np.random.default_rng(s) for s in setup.agent_seeds]
        card_events: list[tuple] = [e for e in state.events if e[0] in CARD_EVENT_KINDS]
        first_player = getattr(state, "first_player", state.current_player)
        while not state.is_terminal():
            seat = state.current_player
            t0 = time.perf_counter()
            action = int(players[seat].act(state, rngs[seat]))
            think = time.perf_counter() - t0
            if on_decision is not None:
                on_decision(state, seat, action)
            if config.log_decisions:
                decisions.append({"run_id": run_id, "match_id": index, "turn": getattr(state, "turn", -1),
                                  "player": seat, "action": action, "label": state.action_label(action),
                                  "legal_count": len(state.legal_actions()), "think_time": think})
            state.apply(action)
            n_decisions += 1
            if config.log_cards:
                card_events.extend(e for e in state.events if e[0] in CARD_EVENT_KINDS)
        returns = state.returns()
        winner = int(np.argmax(returns)) if max(returns) > min(returns) else -1
        row.update(first_player=first_player, winner=winner, end_reason=state.end_reason,
                   turns=getattr(state, "turn", -1), decisions=n_decisions, error=None)
        for seat in range(4):
            row[f"return_{seat}"] = float(returns[seat]) if seat < seats else None
        if config.log_cards:
            cards = _card_rows(run_id, index, card_events, returns)
    except MatchLeft:
        row.update(first_player=first_player, winner=-1, end_reason="left", turns=getattr(state, "turn", -1),
                   decisions=n_decisions, error=None)
        for seat in range(4):
            row[f"return_{seat}"] = None
        cards = []
    except Exception as exc:  # a failed match is logged, and the run goes on (then fails loudly)
        row.update(first_player=-1, winner=-1, end_reason="error", turns=-1, decisions=n_decisions,
                   error=error_text(exc))
        for seat in range(4):
            row[f"return_{seat}"] = None
        decisions, cards = [], []
    row["wall_time"] = time.perf_counter() - start
    return row, decisions, cards


def _card_rows(run_id: str, index: int, events: list[tuple], returns: list[float]) -> list[dict]:
    counts: dict[tuple[int, int, str], int] = {}
    for kind, player, card, *_ in events:
        key = (player, card, CARD_EVENT_KINDS[kind])
        counts[key] = counts.get(key, 0) + 1
    best = max(returns)
    out = []
    for (player, card, event), n in sorted(counts.items()):
        outcome = "draw" if best == min(returns) else ("win" if returns[player] == best else "loss")
        out.append({"run_id": run_id, "match_id": index, "player": player, "card": card,
                    "event": event, "count": n, "outcome": outcome})
    return out


def error_text(exc: BaseException) -> str:
    """`Type: message (at file:line in function)`, the innermost frame being where it was raised."""
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        parts = last.filename.replace("\\", "/").split("/")
        where = "/".join(parts[-2:])
        text += f" (at {where}:{last.lineno} in {last.name})"
    return text
