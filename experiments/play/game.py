"""A match with one human seat: the state, the agents of the other seats, and take-backs.

    g = HumanGame(config, seat=0)          # config: experiments.play.record.human_config
    moves = g.advance()                    # the agents play until the human decides (or the end)
    g.play(action); g.undo()               # the human's decision, and taking it back

The match is dealt as match 0 of a run with the config's seed (experiments.batch.match),
so the agents draw from the same generators as in any run. A take-back replays the game
from its seed and the kept actions, and puts every agent's generator back where it was at
that decision, so what follows is what would have followed then.
"""
from __future__ import annotations

import time

import numpy as np

import agents as agent_registry
from experiments.batch.match import dealt_decks, game_for, setup_for
from experiments.play.views import move_text, public_label
from sim.core.errors import TcglabError


def _make_agent(spec: str):
    try:
        return agent_registry.make(spec)
    except (ValueError, TypeError) as exc:
        raise TcglabError(f"vs: {exc}") from None


class HumanGame:
    """One match, one human seat (see the module docstring)."""

    def __init__(self, config, seat: int) -> None:
        self.config, self.seat = config, seat
        self.game = game_for(config)
        self.setup = setup_for(config, 0, self.game.num_players)
        self.agents = [None if q == seat else _make_agent(spec) for q, spec in enumerate(self.setup.agents)]
        self.rngs = [np.random.default_rng(s) for s in self.setup.agent_seeds]
        self.actions: list[int] = []
        self.seats_of: list[int] = []
        self.think_times: list[float] = []
        self._checkpoints: list[tuple[int, list[dict]]] = []  # (actions kept, generator states)
        self._label_rng = np.random.default_rng(self.setup.game_seed)
        self.state = self._new_state()
        self.started = time.perf_counter()

    def _new_state(self):
        return self.game.new_state(self.setup.game_seed, dealt_decks(self.config, self.setup))

    def human_to_act(self) -> bool:
        """Whether the game waits for the human."""
        return not self.state.is_terminal() and self.state.current_player == self.seat

    def _apply(self, action: int, think: float) -> None:
        seat = self.state.current_player
        self.state.apply(action)
        self.actions.append(action)
        self.seats_of.append(seat)
        self.think_times.append(think)

    def advance(self) -> list[str]:
        """Let the agents play until the human decides or the game ends; returns their moves
        as the human may read them ('P2: end turn', or a hidden choice)."""
        moves = []
        while not self.state.is_terminal() and self.state.current_player != self.seat:
            q = self.state.current_player
            t0 = time.perf_counter()
            action = int(self.agents[q].act(self.state, self.rngs[q]))
            think = time.perf_counter() - t0
            moves.append((q, public_label(self.state, action, self.seat, self._label_rng)))
            self._apply(action, think)
        return [move_text(q, label) for q, label in moves]

    def play(self, action: int, think: float = 0.0) -> None:
        """The human's decision (a legal action id of the state)."""
        self._checkpoints.append((len(self.actions), [r.bit_generator.state for r in self.rngs]))
        self._apply(action, think)

    def can_undo(self) -> bool:
        """Whether the human has a decision to take back."""
        return bool(self._checkpoints)

    def undo(self) -> None:
        """Take back the human's last decision: replay from the seed and the actions before it."""
        kept, rng_states = self._checkpoints.pop()
        del self.actions[kept:], self.seats_of[kept:], self.think_times[kept:]
        for rng, saved in zip(self.rngs, rng_states):
            rng.bit_generator.state = saved
        self.state = self._new_state()
        for action in self.actions:
            self.state.apply(action)

    def wall_time(self) -> float:
        """Seconds since the game started."""
        return time.perf_counter() - self.started
