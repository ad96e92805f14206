"""`BatchEnv`: N matches of one game stepped together in one process, for RL throughput.

    from envs import BatchEnv

    benv = BatchEnv("first_cycle", num_envs=64, seed=0)
    out = benv.reset()
    while training:
        actions = policy(out.obs, out.mask)        # (N,) ints, each legal in its row
        out = benv.step(actions)
        # out.rewards[i, p]: seat p's reward from this step; out.dones: games just ended

**Perspective.** Row i of `obs` (N, D) and `mask` (N, A) is the view of the seat that
must decide next in match i, `player[i]` (the engine's `current_player`): the same
encoding and mask as the AEC env's observation for that agent. `actions[i]` is played
for that seat. Rewards are per seat, `rewards` (N, P): +1/-1/0 on the step a match ends,
0 otherwise; `actor[i]` is the seat that played `actions[i]`, so
`rewards[arange(N), actor]` is the reward of the player who just moved. A win sets
`terminated[i]`, the turn limit (a draw) sets `truncated[i]`.

**Auto-reset.** When match i ends, the same `step` deals the next game in slot i: row i
of the returned `obs`/`mask`/`player` already belongs to the new game, while
`rewards`, `terminated` and `truncated` report the game that ended. The final
observation of an ended game is not returned (nobody decides there).

**Opponent.** With `opponent=` (an agent with `act(state, rng)` such as
`agents.make("greedy")`, or a callable; see envs/opponents.py) the batch plays as seat
`seat` in every match: the opponent's moves happen inside `reset`/`step`, `player` is
always `seat` and `actor` too. `seat="random"` (only with an opponent) draws the
learning seat of every new game from the slot's seed, as `single_agent(seat="random")`
does, so one policy learns every side; `seats[i]` is the seat of slot i's current game,
`player` equals `seats` and `actor[i]` is the seat of the game `actions[i]` was played in.
**A mix of opponents.** `opponent=[a, b, ...]` (a list or tuple) deals each new game
against one of them, drawn uniformly from the slot's own generator (repeat an entry to
weigh it): it plays every other seat of that game. `opponent_index[i]` says which one slot
i's current game faces (with a single opponent, always 0), and after a `step`
`ended_opponents[i]` which one the match that just ended in slot i faced.
An opponent with `act_batch(states, rngs)` (a network agent such as
`agents.make("ppo:first_cycle")`, or `tcglab train`'s self-play pool) is asked for the
moves of every match waiting on it at once, one call per round, instead of one `act` per
move (envs/opponents.py): each match still draws from its own opponent generator in the
same order, so only the network's rounding of a batch can differ (agents/ppo.py).

**Finished games.** After a `step`, `ended` maps each slot whose match just ended to that
match's final state (read it before the next `step`); the vector envs encode their final
observations from it (envs/vector.py).

**Illegal actions.** `step` checks every action against the current mask before
applying any, and raises `sim.IllegalActionError` naming the match, leaving all
matches unchanged.

**Seeding.** `seed` (or `reset(seed=)`) roots a `SeedSequence`; match slot i deals its
games (and draws its opponent's randomness) from its own child sequence, so slot i's
games do not depend on `num_envs`, and a run repeats exactly in any process.

Observations are encoded together by the encoder's `encode_seats`, read straight from the
states (column-wise: the indices and values of every row computed at once, by numba's
compiled writers where the `fast` extra is installed, else by
numpy; envs/encoding/kernels.py); masks are filled with one `put`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from envs.core import check_decks, env_seed, is_truncation, legal_masks, next_game_seed
from envs.opponents import as_batch_policy, as_policy, play_until, play_until_batch
from envs.registry import game_spec
from sim import IllegalActionError, load_game


class BatchStep(NamedTuple):
    """What `BatchEnv.reset` and `BatchEnv.step` return (arrays over the N matches)."""

    obs: np.ndarray
    """(N, D) float32: row i encodes match i for seat `player[i]`."""
    mask: np.ndarray
    """(N, A) int8: 1 at the legal actions of `player[i]`."""
    player: np.ndarray
    """(N,) int64: the seat to decide next in each match."""
    rewards: np.ndarray
    """(N, P) float32: each seat's reward from this step (nonzero only when a match ends)."""
    terminated: np.ndarray
    """(N,) bool: the match ended with a winner on this step (then it was reset)."""
    truncated: np.ndarray
    """(N,) bool: the match hit the turn limit on this step (then it was reset)."""
    actor: np.ndarray
    """(N,) int64: the seat that played `actions[i]` (-1 from `reset`)."""

    @property
    def dones(self) -> np.ndarray:
        """(N,) bool: `terminated | truncated`."""
        return self.terminated | self.truncated


class BatchEnv:
    """N matches of `game`, stepped together; see the module docstring."""

    def __init__(self, game: str = "first_cycle", num_envs: int = 16, seed: int | None = None,
                 opponent: Any = None, seat: int | str = 0, decks: Sequence[Any] | None = None,
                 **param_overrides: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise ValueError(f"num_envs must be an int of at least 1, got {num_envs!r}")
        self.card_game_spec = game_spec(game)
        self.game = load_game(game, **param_overrides)
        self.encoder = self.card_game_spec.make_encoder(self.game)
        self.num_envs = int(num_envs)
        self.num_players = int(self.game.num_players)
        self.num_actions = int(self.game.action_space_size)
        self.observation_size = int(self.encoder.size)
        self.decks = check_decks(self.game, decks)  # a bad deck is refused here, not at reset
        mix = list(opponent) if isinstance(opponent, list | tuple) else [opponent]
        if not mix:
            raise ValueError("opponent is an empty list: give at least one agent")
        # (act, act_batch or None) per opponent; None without an opponent
        self._opponents = ([(as_policy(o), as_batch_policy(o)) for o in mix]
                           if opponent is not None else None)
        self._policy = self._opponents[0][0] if self._opponents else None
        self.opponent_index = np.zeros(self.num_envs, dtype=np.int64)
        """The opponent (index into `opponent`'s list) slot i's current game faces."""
        self.random_seat = seat == "random"
        if self.random_seat and self._policy is None:
            raise ValueError("seat='random' needs an opponent to play the other seats")
        if not self.random_seat and (isinstance(seat, bool) or not isinstance(seat, int | np.integer)
                                     or not 0 <= seat < self.num_players):
            raise ValueError(f"seat must be in 0..{self.num_players - 1} or 'random', got {seat!r}")
        self.seat = 0 if self.random_seat else int(seat)
        self.seats = np.full(self.num_envs, self.seat, dtype=np.int64)
        self._learners = [frozenset({self.seat})] * self.num_envs
        self._seed = env_seed(seed)
        self._game_seqs: list[np.random.SeedSequence] = []
        self._opp_rngs: list[np.random.Generator] = []
        self._seat_rngs: list[np.random.Generator] = []
        self.ended: dict[int, Any] = {}
        self.ended_opponents: dict[int, int] = {}
        self._mix_rngs: list[np.random.Generator] = []
        self.states: list[Any] = []
        self.game_seeds: list[int] = []
        self._mask: np.ndarray | None = None
        self._players: list[int] = []
        self._rows = np.arange(self.num_envs)

    # ------------------------------------------------------------------ API
    def reset(self, seed: int | None = None) -> BatchStep:
        """Deal a new game in every slot; `seed` (a non-negative int) restarts the seed
        sequence (else continue)."""
        seed = env_seed(seed)
        if seed is not None or not self._game_seqs:
            root = np.random.SeedSequence(seed if seed is not None else self._seed)
            self._game_seqs = []
            self._opp_rngs = []
            self._seat_rngs = []
            self._mix_rngs = []
            for child in root.spawn(self.num_envs):
                games, opp, seats = child.spawn(3)
                self._game_seqs.append(games)
                self._opp_rngs.append(np.random.Generator(np.random.PCG64(opp)))
                self._seat_rngs.append(np.random.Generator(np.random.PCG64(seats)))
                # a fourth child (the first three, and so every stream above, are unchanged)
                self._mix_rngs.append(np.random.Generator(np.random.PCG64(child.spawn(1)[0])))
        n = self.num_envs
        self.states = [None] * n
        self.game_seeds = [0] * n
        self.ended = {}
        self.ended_opponents = {}
        for i in range(n):
            self._deal(i)
        self._settle(range(n))
        zeros_r = np.zeros((n, self.num_players), dtype=np.float32)
        falses = np.zeros(n, dtype=bool)
        return self._views(zeros_r, falses, falses.copy(), np.full(n, -1, dtype=np.int64))

    def step(self, actions: Sequence[int] | np.ndarray) -> BatchStep:
        """Play `actions[i]` in match i for seat `player[i]`; returns the next `BatchStep`."""
        if self._mask is None:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        n = self.num_envs
        if acts.shape != (n,) or not np.issubdtype(acts.dtype, np.integer):
            raise IllegalActionError(f"actions must be {n} integers, got shape {acts.shape} "
                                     f"dtype {acts.dtype}")
        bad = (acts < 0) | (acts >= self.num_actions)
        if not bad.any():
            bad = self._mask[self._rows, acts] == 0
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(f"match {i}: action {int(acts[i])} is not legal for seat "
                                     f"{self.states[i].current_player}")
        rewards = np.zeros((n, self.num_players), dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        actor = self._players  # who decides in each match now (from the last views)
        reasons = self.card_game_spec.truncation_reasons
        states = self.states
        ended = self.ended = {}
        ended_opponents = self.ended_opponents = {}
        # Each match moves and its opponents answer; then every match that ended is dealt
        # again and its opponents move first where they must. Each slot's steps (and draws)
        # come in the same order whether the opponent answers one match or all at once.
        for s, a in zip(states, acts.tolist()):
            s.apply(a)
        self._answer(range(n))
        dealt: list[int] = []
        for i, s in enumerate(states):
            if s.is_terminal():
                rewards[i] = s.returns()
                if is_truncation(s, reasons):
                    truncated[i] = True
                else:
                    terminated[i] = True
                ended[i] = s
                ended_opponents[i] = int(self.opponent_index[i])
                self._deal(i)
                dealt.append(i)
        self._settle(dealt)
        # Encoding in a second pass measured faster than encoding each match right after it moves.
        return self._views(rewards, terminated, truncated, np.array(actor, dtype=np.int64))

    # ------------------------------------------------------------------ internals
    def _deal(self, i: int) -> Any:
        """Deal the next game of slot i, drawing its learning seat with `seat="random"`, before
        any opponent move; returns it."""
        s = self._redeal(i)
        if self._policy is not None and self.random_seat:
            seat = int(self._seat_rngs[i].integers(self.num_players))
            self.seats[i] = seat
            self._learners[i] = frozenset({seat})
        if self._opponents is not None and len(self._opponents) > 1:
            self.opponent_index[i] = int(self._mix_rngs[i].integers(len(self._opponents)))
        return s

    def _redeal(self, i: int) -> Any:
        """Deal slot i's next game from its seed sequence (the same learning seat); returns it."""
        seed = next_game_seed(self._game_seqs[i])
        s = self.states[i] = self.game.new_state(seed, self.decks)
        self.game_seeds[i] = seed
        return s

    def _settle(self, slots: Any) -> None:
        """The opponent's moves in the games just dealt in `slots`, until each learner decides
        (asked of a batch opponent for all of them together); a game the opponent finished
        alone (never in practice) is redealt."""
        slots = list(slots)
        while slots:
            self._answer(slots)
            slots = [i for i in slots if self.states[i].is_terminal()]
            for i in slots:
                self._redeal(i)

    def _answer(self, slots: Any) -> None:
        """The opponents' moves in the matches of `slots` until each learner decides or the
        match ends: a batch opponent answers all of its matches together (a round at a time),
        any other one match by match."""
        if self._opponents is None:
            return
        slots = list(slots)
        groups = ({0: slots} if len(self._opponents) == 1 else
                  {k: [i for i in slots if self.opponent_index[i] == k] for k in range(len(self._opponents))})
        states, learners, rngs = self.states, self._learners, self._opp_rngs
        for k, group in groups.items():
            act, act_batch = self._opponents[k]
            if act_batch is not None:
                play_until_batch(states, group, learners, act_batch, rngs)
            else:
                for i in group:
                    play_until(states[i], learners[i], act, rngs[i])

    def _views(self, rewards: np.ndarray, terminated: np.ndarray, truncated: np.ndarray,
               actor: np.ndarray) -> BatchStep:
        """Every match's observation (encoded together by `encode_seats`) and mask, stacked."""
        states = self.states
        players = self._players = [s.current_player for s in states]
        # Where encode_seats falls back to observations, it hands encode_batch a generator:
        # each dict is dropped once encoded, so the garbage collector never scans a batch.
        obs = self.encoder.encode_seats(states, players)
        mask = self._mask = legal_masks(states, self.num_actions)
        return BatchStep(obs, mask.copy(), np.array(players, dtype=np.int64), rewards,
                         terminated, truncated, actor)
