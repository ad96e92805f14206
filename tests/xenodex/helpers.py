"""Shared helpers of the XenodeX tests: games by params, scenarios, playouts, invariants."""
from __future__ import annotations

import functools
from array import array

import numpy as np

from sim import load_game
from sim.xenodex.state import DECK, GONE, HAND, NONE, STAGED


@functools.cache
def _game(items: tuple):
    return load_game("xenodex", **dict(items))


def game(**overrides):
    """A (cached) XenodeX game with params overrides."""
    return _game(tuple(sorted(overrides.items())))


GAME2 = game()
GAME3 = game(num_players=3)
GAME4 = game(num_players=4)
FIXED = {"echoes": False}          # scenario tests: no Echo unless the test wants one


def scenario(seats: list[dict], players: int | None = None, params: dict | None = None, **top):
    """A state from a short scenario dict (see sim/xenodex/scenario.py)."""
    ov = dict(FIXED)
    ov.update(params or {})
    ov["num_players"] = players or len(seats)
    return game(**ov).state_from_dict({"seats": seats, **top})


def labels(state) -> list[str]:
    """The labels of every legal action."""
    return [state.action_label(a) for a in state.legal_actions()]


def act(state, label: str) -> None:
    """Apply the legal action whose label is exactly `label`."""
    found = {state.action_label(a): a for a in state.legal_actions()}
    if label not in found:
        raise AssertionError(f"no legal action {label!r}; legal: {sorted(found)}")
    state.apply(found[label])


def act_all(state, *steps: str) -> None:
    """Apply several labelled actions in order."""
    for step in steps:
        act(state, step)


def finish_phase(state, phase: str) -> None:
    """Answer "end <phase>" / "hold" until the game leaves `phase` (other choices: first legal)."""
    guard = 0
    while not state.done and state.phase == phase:
        legal = state.legal_actions()
        state.apply(legal[0])        # `done` is action 0: end / hold / stand down
        guard += 1
        assert guard < 500


def unit(state, seat: int, name: str, nth: int = 0) -> int:
    """The instance id of seat's nth unit on the board named `name`."""
    g = state.game
    found = [j for k in range(state.K) for j in state.board[k]
             if j // state.D == seat and g.u_name[state.card[j]] == name]
    return found[nth]


def slot_of(state, label: str) -> int:
    """The slot index of a label such as "S2"."""
    return state.game.slot_labels.index(label)


# --------------------------------------------------------------------------- invariants
class Invariants:
    """The invariants of issue 7, checked after every decision of a playout: CDX never
    negative, at most one anchor per player per slot (and anchor conservation: pool, staging,
    board and captures), no unit in two places (each instance in exactly one zone that agrees
    with its location), BP within bounds, TX and Echo cards conserved, a sorted non-empty
    legal list whenever the game is live and returns summing to zero at the end."""

    def __init__(self, state) -> None:
        self.g = state.game
        n = state.n
        self.tx = [sorted(state.tx_deck[q] + state.tx_hand[q] + state.tx_disc[q]) for q in range(n)]
        e = [state.echo] if state.echo else []
        self.echo = sorted(state.echo_deck + state.echo_disc + e)
        self.anchors = [state.pool[q] + state.astaged[q]
                        + sum(1 for k in range(state.K) if state.alvl[q * state.K + k] >= 0)
                        for q in range(n)]
        self.captured = [0] * n

    def note(self, events: list[tuple]) -> None:
        for e in events:
            if e[0] == "capture":
                self.captured[e[3]] += 1

    def check(self, state) -> None:
        g = self.g
        n, K, D = state.n, state.K, state.D
        loc, bp, card, ubp = state.loc, state.bp, state.card, g.u_bp
        for name in ("card", "loc", "bp", "used", "flags"):  # what the batch encoder reads
            table = getattr(state, name)
            assert isinstance(table, array) and table.typecode == "i", f"{name} is not int32"
            assert len(table) == state.sides * D, f"{name} has {len(table)} instances"
        assert min(state.cdx) >= 0, f"negative CDX {state.cdx}"
        expect = [NONE] * len(loc)
        for k in range(K):
            for j in state.board[k]:
                assert expect[j] == NONE, f"unit {j} in two places"
                expect[j] = k
                assert 0 < bp[j] <= ubp[card[j]], f"unit {j} BP {bp[j]} out of bounds"
        for q in range(n):
            for zone, where in ((state.deck[q], DECK), (state.hand[q], HAND),
                                (state.staged[q], STAGED), (state.discard[q], GONE)):
                for j in zone:
                    assert expect[j] == NONE and j // D == q, f"unit {j} in two places"
                    expect[j] = where
                    assert bp[j] == (0 if where == GONE else ubp[card[j]]), f"unit {j} BP {bp[j]}"
            live = 0
            for k in range(K):
                lvl, abp = state.alvl[q * K + k], state.abp[q * K + k]
                if lvl < 0:
                    assert lvl == -1 and abp == 0
                else:
                    live += 1
                    assert lvl <= g.max_level and 0 <= abp <= g.anchor_bp[lvl], "anchor BP out of bounds"
            assert state.pool[q] >= 0 and state.astaged[q] >= 0 and state.tx_left[q] >= 0
            assert state.pool[q] + state.astaged[q] + live + self.captured[q] == self.anchors[q], \
                "anchors not conserved"
            assert sorted(state.tx_deck[q] + state.tx_hand[q] + state.tx_disc[q]) == self.tx[q], \
                "TX cards not conserved"
        for j in range(n * D, len(loc)):           # Ancients off the board keep their marker
            if expect[j] == NONE and loc[j] == GONE:
                expect[j] = GONE
        assert expect == list(loc), "a unit's location disagrees with the zone lists (or a unit is lost)"
        e = [state.echo] if state.echo else []
        assert sorted(state.echo_deck + state.echo_disc + e) == self.echo, "Echoes not conserved"
        if state.done:
            assert state.legal_actions() == [] and state.current_player == -1
            assert abs(sum(state.returns())) < 1e-9
        else:
            legal = state._legal if state._legal is not None else state.legal_actions()
            assert legal and legal == sorted(legal) and legal[-1] < g.action_space_size
            assert 0 <= state.current_player < n


def random_playout(g, seed: int, check: bool = True, probe_copies: bool = False):
    """Uniformly random legal play to the end; returns (state, actions)."""
    state = g.new_state(seed)
    rng = np.random.default_rng(seed + 1_000_003)
    inv = Invariants(state) if check else None
    actions = []
    if inv:
        inv.check(state)
    while not state.is_terminal():
        legal = state.legal_actions()
        a = legal[int(rng.integers(len(legal)))]
        if probe_copies:
            before = state.to_dict()
            state.clone().apply(a)
            for obs in range(state.n):
                state.determinize(obs, np.random.default_rng(seed + obs))
            assert state.to_dict() == before, "clone/determinize changed the original"
        state.apply(a)
        actions.append(a)
        if inv:
            inv.note(state.events)
            inv.check(state)
    return state, actions
