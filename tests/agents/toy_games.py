"""A tiny n-player test game for the agents: a general-sum game tree (perfect information).

`TreeGame(tree)` plays a fixed tree: an inner node is `{"player": p, "children": [...]}`
(action i picks child i), a leaf is a list of payoffs, one per seat. It follows the
protocol of sim.core.protocol, so the agents run on it unchanged; with no registered
heuristic they search on wins and losses alone. `determinize` only re-seeds (nothing
is hidden). Being general-sum, it tells a per-seat (max^n) backup from a two-player,
zero-sum one.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.errors import IllegalActionError
from sim.core.protocol import Game, State


class TreeGame(Game):
    """A game whose whole tree is given as nested dicts and payoff lists."""

    name = "toy_tree"

    def __init__(self, tree: Any, num_players: int) -> None:
        self.tree = tree
        self._n = num_players
        self._size = _max_branching(tree)

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def action_space_size(self) -> int:
        return self._size

    def new_state(self, seed: int | np.random.SeedSequence = 0, decks: Sequence[Any] | None = None) -> TreeState:
        return TreeState(self, (), np.random.default_rng(seed))

    def state_from_dict(self, data: dict) -> TreeState:
        return TreeState(self, tuple(data["path"]), np.random.default_rng(0))


def _max_branching(node: Any) -> int:
    if isinstance(node, dict):
        return max([len(node["children"])] + [_max_branching(c) for c in node["children"]])
    return 1


class TreeState(State):
    """A position: the path of actions from the root."""

    def __init__(self, game: TreeGame, path: tuple[int, ...], rng: np.random.Generator) -> None:
        self.game = game
        self.path = path
        self.rng = rng
        node = game.tree
        for a in path:
            node = node["children"][a]
        self.node = node

    @property
    def current_player(self) -> int:
        return self.node["player"] if isinstance(self.node, dict) else -1

    def legal_actions(self) -> list[int]:
        return list(range(len(self.node["children"]))) if isinstance(self.node, dict) else []

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} is not legal at {self.path}")
        self.path = self.path + (action,)
        self.node = self.node["children"][action]

    def is_terminal(self) -> bool:
        return not isinstance(self.node, dict)

    def returns(self) -> list[float]:
        return list(self.node) if self.is_terminal() else [0.0] * self.game.num_players

    def clone(self) -> TreeState:
        s = TreeState.__new__(TreeState)
        s.game, s.path, s.node, s.rng = self.game, self.path, self.node, self.rng
        return s

    def determinize(self, observer: int, rng: np.random.Generator) -> TreeState:
        s = self.clone()
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        return s

    def observation(self, player: int) -> dict:
        return {"player": player, "path": list(self.path), "current_player": self.current_player}

    def action_label(self, action: int) -> str:
        return f"child {action}"

    def to_dict(self) -> dict:
        return {"path": list(self.path)}

    @property
    def events(self) -> list[tuple]:
        return []


def leaf(*payoffs: float) -> list[float]:
    """A leaf with these payoffs."""
    return list(payoffs)


def node(player: int, *children: Any) -> dict:
    """An inner node where `player` picks among `children`."""
    return {"player": player, "children": list(children)}


# Seat 0 picks left or right. Left: seat 1 prefers a (0.5 > 0.1) -> seat 0 gets 0.3.
# Right: seat 2 prefers d (0.8 > 0.1) -> seat 0 gets 0.9. max^n: right. A paranoid or
# zero-sum backup (everyone else minimises seat 0) rates right at -1 and picks left.
THREE_PLAYER = node(0,
                    node(1, leaf(0.3, 0.5, -1.0), leaf(0.4, 0.1, 0.0)),
                    node(2, leaf(-1.0, 0.0, 0.1), leaf(0.9, -0.5, 0.8)))

# Four seats and uneven turn order: seat 0, then seat 3 or seat 1, then seat 2.
# Left: seat 3 picks x (0.9 > 0.2) -> seat 2 picks (0.6 > 0.1) -> seat 0 gets -0.5.
#       (seat 3's other branch would give seat 0 1.0.)
# Right: seat 1 picks y (0.7 > -0.2) -> seat 0 gets 0.2. max^n: right.
FOUR_PLAYER = node(0,
                   node(3,
                        node(2, leaf(-0.5, 0.0, 0.6, 0.9), leaf(1.0, 0.0, 0.1, 0.9)),
                        leaf(1.0, 1.0, 1.0, 0.2)),
                   node(1, leaf(0.2, 0.7, 0.0, 0.0), leaf(-1.0, -0.2, 0.0, 0.0)))
