"""Twin-game leak test (C-3, XD-29): two states that differ only in what seat p cannot know
give p the same view.

At many points of real seeded 2-, 3- and 4-seat games (every few decisions, and right after
each Cycle start and each transmission) a twin is built by editing `to_dict`: every other
seat's hand and library are pooled and re-dealt (hand size kept, instance ids shuffled with
their cards), likewise their TX hand and TX library; p's own library and TX library and the
Echo deck are reordered. Then p's observation, its env encoding, its action mask and legal
actions, `public_board` and `determinize(p, rng)` (canonical: the same copy for the same
generator) must be identical. Then the seat to act, p, takes the same action in both
states of a twin pair differing only in what p cannot learn by that action (see `twin`),
and p's view of the events and its observation after must be identical too.

Unlike the determinization tests, the twin is built independently of the engine's own
bookkeeping, so a hidden fact the engine keeps in a public field shows up as a difference.
"""
from __future__ import annotations

import copy

import numpy as np
import pytest

from envs.core import action_mask
from envs.encoding.xenodex import XenodexEncoder
from sim.xenodex.observation import visible_events
from tests.xenodex.helpers import game

CASES = [
    (2, {}), (2, {"ancients": True, "ancient_chance": 0.5, "tx_plays": 2}),
    (3, {}), (3, {"ancients": True, "ancient_chance": 0.5}),
    (4, {}), (4, {"tx_plays": 2, "echoes": False}),
]


def _perm(rng: np.random.Generator, xs: list) -> list:
    return [xs[int(i)] for i in rng.permutation(len(xs))]


def twin(d: dict, p: int, rng: np.random.Generator, own_orders: bool = True) -> dict:
    """A copy of the scenario dict `d` differing only in what seat p cannot know. With
    `own_orders` false, for a twin that must stay indistinguishable after p acts: p's own
    library, TX library and the Echo deck keep their order (p's draws and the next Echo
    reveal them) and the other seats keep their TX hands (the end of the cycle discards
    them face up, XD-12), only their TX libraries are reordered."""
    t = copy.deepcopy(d)
    for q, seat in enumerate(t["seats"]):
        if q == p:
            if own_orders:
                seat["library"] = _perm(rng, seat["library"])
                seat["tx_library"] = _perm(rng, seat["tx_library"])
            continue
        pool = _perm(rng, seat["hand"] + seat["library"])
        h = len(seat["hand"])
        seat["hand"], seat["library"] = pool[:h], pool[h:]
        if own_orders:
            tx = _perm(rng, seat["tx_hand"] + seat["tx_library"])
            h = len(seat["tx_hand"])
            seat["tx_hand"], seat["tx_library"] = tx[:h], tx[h:]
        else:
            seat["tx_library"] = _perm(rng, seat["tx_library"])
    if own_orders:
        t["echo_deck"] = _perm(rng, t["echo_deck"])
    return t


def _view(s, p: int, enc: XenodexEncoder, A: int) -> tuple:
    obs = s.observation(p)
    legal = s.legal_actions() if s.current_player == p else None
    return obs, enc.encode(obs).tobytes(), action_mask(s, p, A).tobytes(), legal, s.public_board()


def _assert_same_view(a, b, p: int, enc: XenodexEncoder, A: int, where: str) -> None:
    va, vb = _view(a, p, enc, A), _view(b, p, enc, A)
    for name, x, y in zip(("observation", "encoding", "mask", "legal", "public_board"), va, vb):
        assert x == y, f"{where}: seat {p}'s {name} differs between twins"


def _points(g, seed: int, every: int):
    """(state, reason) at every `every`-th decision and after each Cycle start or TX play."""
    s = g.new_state(seed)
    rng = np.random.default_rng(seed)
    step = 0
    yield s, "start"
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
        step += 1
        kinds = {e[0] for e in s.events}
        if "cycle" in kinds or "tx" in kinds or step % every == 0:
            yield s, f"seed {seed} step {step} {sorted(kinds & {'cycle', 'tx'})}"


def _check_twins(players: int, overrides: dict, seeds: range, every: int) -> None:
    g = game(num_players=players, **overrides)
    enc = XenodexEncoder(g)
    A = g.action_space_size
    rng = np.random.default_rng(players * 100 + len(overrides) + seeds.start)
    checked = hidden_differs = 0
    for seed in seeds:
        for s, where in _points(g, 1000 * players + seed, every):
            if s.is_terminal():
                continue
            d = s.to_dict()
            p = checked % players
            checked += 1
            t = g.state_from_dict(twin(d, p, rng))
            _assert_same_view(s, t, p, enc, A, where)
            hidden_differs += t.to_dict()["seats"] != d["seats"]
            da = s.determinize(p, np.random.default_rng(checked)).to_dict()
            db = t.determinize(p, np.random.default_rng(checked)).to_dict()
            assert da == db, f"{where}: determinize({p}) differs between twins"
            # one decision of the seat to act, on a twin whose differences it does not learn
            p = s.current_player
            a = s.clone()
            b = g.state_from_dict(twin(d, p, rng, own_orders=False))
            legal = a.legal_actions()
            act = legal[int(rng.integers(len(legal)))]
            a.apply(act)
            b.apply(act)
            assert visible_events(a.events, p) == visible_events(b.events, p), \
                f"{where}: seat {p}'s events differ between twins after action {act}"
            _assert_same_view(a, b, p, enc, A, f"{where}, after action {act}")
    assert checked > 40 * len(seeds)
    assert hidden_differs > checked // 2            # the twins really differ in hidden cards


@pytest.mark.parametrize("players,overrides", CASES)
def test_c3_twin_states_give_a_seat_identical_views(players, overrides):
    _check_twins(players, overrides, range(2), every=11)


@pytest.mark.soak
@pytest.mark.parametrize("players,overrides", CASES)
def test_soak_c3_twin_states_give_a_seat_identical_views(players, overrides):
    _check_twins(players, overrides, range(2, 22), every=4)
