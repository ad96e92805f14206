"""`MCTSAgent`: single-observer information-set MCTS (SO-ISMCTS) for 2 to n players.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
4(2), 2012. One tree of the acting seat's information sets; each iteration

1. determinizes: `state.determinize(seat, rng)` re-deals every card the seat cannot see
   and re-seeds the future random stream, so no iteration foresees a draw or a roll;
2. selects: at each node, among the actions legal *in this determinization*, an
   untried one is expanded, else the child maximising
   `mean + c * sqrt(ln(availability) / visits)`, where availability counts the
   iterations in which that action was legal at this node (and is incremented for
   every legal child on the way down);
3. expands one node, keyed by (seat to act, action), since who decides next can depend
   on hidden cards (a defender with or without a support card);
4. rolls out with the rollout policy (random by default) for at most `rollout_depth`
   decisions, then scores the state with the evaluator (the game's heuristic) unless
   the game ended;
5. backs up the reward vector: each node adds the reward of the seat whose decision led
   to it, so 3 and 4 player games need nothing special.

The action played is the most visited child of the root (ties: better mean, then the
lower id). `c` left unset takes the game's tuned value from `GAME_DEFAULTS` (FE Cipher's
rewards swing less per decision than First Cycle's, so it explores less), so the plain
spec "mcts" is each game's measured baseline of docs/agents.md; likewise the leaf evaluator
is the game's heuristic with the weight overrides `GAME_DEFAULTS` gives its seat count
(XenodeX at 4 seats), and at 4 XenodeX seats the searching seat's own decisions, at the root
and in the tree, are pruned to those the game's plan allows (agents/plans; `plan`). With an
iteration budget the result depends only on the state view and the `rng` of `act`; a
`seconds` budget trades that for wall-clock control. Evaluator and rollout policy are
injected; `search(state, rng)` returns the root for inspection and
`last_search_stats` summarises the last search; an injected `plan` (a callable
`(state, legal) -> allowed`, such as agents/guided.py's policy top-k) prunes the searching
seat's decisions in its place (with `plan_every_seat`, every seat's decisions in the tree;
with `plan_once_per_node`, a node keeps the actions its first determinization allowed, those
still legal in a later one, and asks the plan again only when none are).
"""
from __future__ import annotations

import dataclasses
import math
import time
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.heuristics import Heuristic, make_heuristic
from agents.plans import Plan, allowed_actions, required_plan
from agents.rollout import GreedyPolicy, RolloutPolicy, random_policy

ROLLOUTS = ("random", "greedy")

DEFAULT_C = 0.5
"""UCB constant of a game without its own entry in `GAME_DEFAULTS` (tuned on First Cycle)."""
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "first_cycle": {"c": DEFAULT_C},
    "cipher": {"c": 0.15},
    "xenodex": {"c": DEFAULT_C},
    # At 4 seats the leaf evaluator weighs anchors exposed to rival power fully (threat 1,
    # not 0.4) and lets material fade by the cycle limit, where only proven slots count.
    # and its own decisions follow the home-slot plan (agents/plans/xenodex.py).
    "xenodex@4": {"evaluator": {"threat": 1.0, "fade": 1.0}, "plan": True},
}
"""Per-game defaults (docs/agents.md has the tuning runs): "c", the UCB constant of a spec
that leaves it unset, and "evaluator", weight overrides of the game's heuristic for the leaf
evaluator (the greedy agent keeps the plain heuristic), and "plan", whether the searching
seat's decisions are pruned by the game's plan (agents/plans). A key "<game>@<n>" holds values
for n seats that take precedence over the game's own."""


def _game_default(field: str, game_name: str, num_players: int | None, fallback: Any) -> Any:
    if num_players is not None:
        seats = GAME_DEFAULTS.get(f"{game_name}@{num_players}", {})
        if field in seats:
            return seats[field]
    return GAME_DEFAULTS.get(game_name, {}).get(field, fallback)


def default_c(game_name: str, num_players: int | None = None) -> float:
    """The UCB constant "mcts" uses on `game_name` (with `num_players` seats) when `c` is not
    given: the "<game>@<n>" entry of `GAME_DEFAULTS`, else the game's, else `DEFAULT_C`."""
    return _game_default("c", game_name, num_players, DEFAULT_C)


def default_plan(game_name: str, num_players: int | None = None) -> bool:
    """Whether "mcts" prunes its own decisions with the game's plan when `plan` is not given."""
    return bool(_game_default("plan", game_name, num_players, False))


def default_evaluator_weights(game_name: str, num_players: int | None = None) -> dict[str, Any]:
    """Heuristic weight overrides of the leaf evaluator "mcts" builds for this game and seat
    count (empty: the game's heuristic as it is)."""
    return dict(_game_default("evaluator", game_name, num_players, {}))


@dataclasses.dataclass(frozen=True)
class MCTSConfig(AgentConfig):
    """SO-ISMCTS settings. The defaults are the measured baseline of docs/agents.md."""

    iterations: int = 300
    """Iterations per decision (ignored when `seconds` is set)."""
    seconds: float | None = None
    """Wall-clock budget per decision instead of `iterations` (not reproducible)."""
    c: float | None = None
    """UCB exploration constant, for rewards in [-1, 1]; None: the game's default (`GAME_DEFAULTS`)."""
    rollout: str = "random"
    """Rollout policy: "random" or "greedy" (epsilon-greedy under the heuristic)."""
    rollout_depth: int = 8
    """Rollout decisions before the evaluator scores the state; 0: score the leaf, -1: play out."""
    epsilon: float = 0.1
    """Random-move probability of the "greedy" rollout."""
    plan: bool | None = None
    """Prune the searching seat's decisions (at the root and in the tree) with the game's plan
    (agents/plans); None: the game's default (`GAME_DEFAULTS`: on for XenodeX at 4 seats)."""
    skip_forced: bool = True
    """Answer at once, without searching, when only one action is legal."""

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"MCTSConfig.iterations must be >= 1, got {self.iterations}")
        if self.c is not None and not self.c >= 0:
            raise ValueError(f"MCTSConfig.c must be >= 0, got {self.c}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"MCTSConfig.seconds must be > 0, got {self.seconds}")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"MCTSConfig.rollout must be one of {ROLLOUTS}, got {self.rollout!r}")
        if self.rollout_depth < -1:
            raise ValueError(f"MCTSConfig.rollout_depth must be >= -1, got {self.rollout_depth}")
        if not 0.0 <= self.epsilon <= 1.0:
            raise ValueError(f"MCTSConfig.epsilon must be a probability in [0, 1], got {self.epsilon}")


class Node:
    """A tree node: the information set reached by `action` of seat `player` from `parent`."""

    __slots__ = ("action", "avail", "children", "parent", "player", "total", "visits")

    def __init__(self, parent: Node | None, action: int, player: int) -> None:
        self.parent = parent
        self.action = action
        self.player = player
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0

    @property
    def mean(self) -> float:
        """Average reward of `player` through this node (0.0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


@dataclasses.dataclass(frozen=True)
class ActionStats:
    """Root statistics of one action."""

    action: int
    visits: int
    avail: int
    mean: float


@dataclasses.dataclass(frozen=True)
class SearchStats:
    """Summary of one search: budget used and the root's children, most visited first."""

    seat: int
    iterations: int
    seconds: float
    actions: tuple[ActionStats, ...]

    @property
    def best(self) -> int:
        """The action the agent plays."""
        return self.actions[0].action

    def visit_counts(self) -> dict[int, int]:
        """Visits per root action."""
        return {a.action: a.visits for a in self.actions}


class MCTSAgent:
    """SO-ISMCTS with UCB selection, availability counts and per-seat backup."""

    name: ClassVar[str] = "mcts"

    def __init__(self, config: MCTSConfig | None = None, evaluator: Heuristic | None = None,
                 rollout_policy: RolloutPolicy | None = None, plan: Plan | None = None,
                 plan_every_seat: bool = False, plan_once_per_node: bool = False) -> None:
        self.config = config or MCTSConfig()
        self._evaluator = evaluator
        self._rollout = rollout_policy
        self._plan = plan  # injected: prunes the searching seat's decisions instead of the game's plan
        self._plan_every_seat = plan_every_seat and plan is not None  # ... and the other seats' too
        # ... asked once per tree node (its first determinization), not at every visit
        self._plan_once_per_node = plan_once_per_node and plan is not None
        self._by_game: dict[tuple[str, int], tuple[Heuristic, RolloutPolicy, Plan | None]] = {}
        self.last_search_stats: SearchStats | None = None
        self.last_root: Node | None = None

    def _tools(self, game: Any) -> tuple[Heuristic, RolloutPolicy, Plan | None]:
        key = (game.name, game.num_players)
        tools = self._by_game.get(key)
        if tools is None:
            evaluator = self._evaluator or make_heuristic(
                game, **default_evaluator_weights(game.name, game.num_players))
            rollout = self._rollout
            if rollout is None:
                rollout = (random_policy if self.config.rollout == "random"
                           else GreedyPolicy(evaluator, self.config.epsilon))
            use_plan = self.config.plan
            if use_plan is None:
                use_plan = default_plan(game.name, game.num_players)
            plan = self._plan or (required_plan(game, "MCTSConfig.plan") if use_plan else None)
            tools = self._by_game[key] = (evaluator, rollout, plan)
        return tools

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The most visited root action after a search from the acting seat's view (at once
        when only one action is legal, or the plan allows only one)."""
        acting_seat(state, rng)
        if self.config.skip_forced:
            legal = state.legal_actions()
            plan = self._tools(state.game)[2]
            if plan is not None:
                legal = allowed_actions(plan, state, legal)
            if len(legal) == 1:
                return legal[0]
        self.search(state, rng)
        assert self.last_search_stats is not None
        return self.last_search_stats.best

    def search(self, state: Any, rng: np.random.Generator, root_actions: frozenset[int] | None = None) -> Node:
        """Run one search from `state` for `state.current_player`; returns the root. With
        `root_actions`, only those of the seat's legal actions are tried at the root (a
        guide's candidates, agents/guided.py); the rest of the tree is unchanged."""
        seat = acting_seat(state, rng)
        cfg = self.config
        evaluator, rollout, plan = self._tools(state.game)
        n_actions = state.game.action_space_size
        depth_limit = cfg.rollout_depth
        c = cfg.c if cfg.c is not None else default_c(state.game.name, state.game.num_players)
        every_seat = self._plan_every_seat
        once_per_node = self._plan_once_per_node
        planned: dict[tuple[Node, int], list[int]] = {}
        log = math.log
        sqrt = math.sqrt
        root = Node(None, -1, -1)
        start = time.perf_counter()
        deadline = start + cfg.seconds if cfg.seconds is not None else None
        iterations = 0
        while True:
            if deadline is None:
                if iterations >= cfg.iterations:
                    break
            elif iterations and time.perf_counter() >= deadline:
                break
            iterations += 1
            s = state.determinize(seat, rng)
            node = root
            # Selection and expansion.
            while not s.is_terminal():
                player = s.current_player
                legal = s.legal_actions()
                if plan is not None and (player == seat or every_seat):
                    if once_per_node:
                        kept = planned.get((node, player))
                        if kept is None:
                            legal = planned[(node, player)] = plan(s, legal)
                        else:
                            here = set(legal)
                            legal = [a for a in kept if a in here] or plan(s, legal)
                    else:
                        legal = plan(s, legal)
                if root_actions is not None and node is root:
                    legal = [a for a in legal if a in root_actions] or legal
                base = player * n_actions
                children = node.children
                untried = []
                best = None
                best_u = -math.inf
                for a in legal:
                    child = children.get(base + a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    a = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                    child = Node(node, a, player)
                    children[base + a] = child
                    s.apply(a)
                    node = child
                    break
                for a in legal:
                    child = children[base + a]
                    u = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if u > best_u:
                        best_u = u
                        best = child
                assert best is not None
                s.apply(best.action)
                node = best
            # Rollout.
            steps = 0
            while not s.is_terminal() and steps != depth_limit:
                s.apply(rollout(s, rng))
                steps += 1
            rewards = s.returns() if s.is_terminal() else evaluator(s)
            # Backup.
            while node is not None:
                node.visits += 1
                if node.player >= 0:
                    node.total += rewards[node.player]
                node = node.parent
        elapsed = time.perf_counter() - start
        self.last_root = root
        self.last_search_stats = _stats(root, seat, n_actions, iterations, elapsed)
        return root


def _stats(root: Node, seat: int, n_actions: int, iterations: int, seconds: float) -> SearchStats:
    base = seat * n_actions
    rows = [ActionStats(key - base, ch.visits, ch.avail, ch.mean) for key, ch in root.children.items()]
    rows.sort(key=lambda r: (-r.visits, -r.mean, r.action))
    return SearchStats(seat, iterations, seconds, tuple(rows))
