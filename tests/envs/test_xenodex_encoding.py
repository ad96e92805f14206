"""The XenodeX encoder: the same size at every seat and player count, the layout following
the params, seat-relative order, and that named slices say what the observation says (what
every encoder must do, XenodeX's at 2, 3 and 4 players included, is in test_encoding.py)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from envs.encoding.xenodex import MAX_SEATS, PENDING_KINDS, XenodexEncoder
from sim import load_game
from tests.envs.helpers import (
    CASE_GAMES,
    ENCODERS,
    assert_unknown_pending_kind_refused,
    named_slice,
    observations,
)

GAMES = {n: CASE_GAMES[f"xenodex@{n}"] for n in (2, 3, 4)}
ENCS = {n: ENCODERS[f"xenodex@{n}"] for n in (2, 3, 4)}
OBS = {n: observations(f"xenodex@{n}", 4, 0, 11) for n in (2, 3, 4)}


def _sub(enc, vec, block, layout, feature):
    """The part of `vec` that `feature` of the block slice `block` (laid out by `layout`) covers."""
    f = next(f for f in layout.features if f.name == feature)
    return named_slice(enc, vec, block)[f.start:f.stop]


def test_size_and_layout_are_the_same_for_2_3_and_4_players():
    assert ENCS[2].slices() == ENCS[3].slices() == ENCS[4].slices()
    for a, b in ((ENCS[2], ENCS[4]), (ENCS[2], ENCS[3])):
        assert all(np.array_equal(x, y) for x, y in zip(a.bounds(), b.bounds()))


def test_layout_follows_params():
    e = ENCS[2]
    # The Ancients add a side: its units, its 3 columns per slot, and its battle/cleave entries.
    assert XenodexEncoder(load_game("xenodex", ancients=True)).size == (
        e.size + e.D * e.unit_layout.size + 3 * e.KP + 1 + e.D)
    smaller = XenodexEncoder(load_game("xenodex", deck_size=10, num_players=4))
    assert smaller.size < ENCS[4].size


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seats_are_relative_to_the_observer(n):
    enc = ENCS[n]
    sl = enc.seat_layout
    checked = 0
    for o in OBS[n][::3]:
        v = enc.encode(o)
        me = o["player"]
        for r in range(MAX_SEATS):
            present = _sub(enc, v, f"seat_{r}", sl, "present")[0]
            assert present == float(r < n)
            if r >= n:
                assert not named_slice(enc, v, f"seat_{r}").any()
                continue
            seat = o["seats"][(me + r) % n]
            assert _sub(enc, v, f"seat_{r}", sl, "cdx")[0] == pytest.approx(min(seat["cdx"] / 200, 5))
            assert _sub(enc, v, f"seat_{r}", sl, "to_act")[0] == float(o["current_player"] == (me + r) % n)
            staged = _sub(enc, v, f"seat_{r}", sl, "staged")
            assert staged.sum() == len(seat["staged"])
            for c in set(seat["staged"]):
                assert staged[c - 1] == seat["staged"].count(c)
            checked += 1
        hand = named_slice(enc, v, "own_hand")
        assert hand.sum() == len(o["you"]["hand"])
        assert all(hand[c - 1] == o["you"]["hand"].count(c) for c in o["you"]["hand"])
    assert checked > 50


@pytest.mark.parametrize("n", [2, 4])
def test_slots_anchors_and_units_match_the_observation(n):
    enc = ENCS[n]
    lay, ul = enc.slot_layout, enc.unit_layout
    units = 0
    for o in OBS[n][::2]:
        v = enc.encode(o)
        me = o["player"]
        seen_units = set()
        for sl in o["slots"]:
            j = int(sl["label"][1:]) - 1
            block = f"slot_{j}"
            assert _sub(enc, v, block, lay, "present")[0] == 1
            ctrl = _sub(enc, v, block, lay, "controller")
            assert ctrl.tolist() == [float(sl["controller"] >= 0 and (sl["controller"] - me) % n == r)
                                     for r in range(MAX_SEATS)]
            for q, a in enumerate(sl["anchors"]):
                r = (q - me) % n
                assert _sub(enc, v, block, lay, f"anchor_{r}")[0] == float(a is not None)
                if a is not None:
                    assert _sub(enc, v, block, lay, f"anchor_{r}_level")[a["level"]] == 1
                    assert _sub(enc, v, block, lay, f"anchor_{r}_active")[0] == float(a["active"])
            for u in sl["units"]:
                r = (u["side"] - me) % n
                ub = f"unit_{r}_{u['unit']}"
                seen_units.add(ub)
                assert _sub(enc, v, ub, ul, "slot")[j] == 1
                assert _sub(enc, v, ub, ul, "card")[u["card"] - 1] == 1
                assert _sub(enc, v, ub, ul, "bp_fraction")[0] == pytest.approx(u["bp"] / u["max_bp"])
                units += 1
        for r in range(MAX_SEATS):
            for u in range(enc.D):
                name = f"unit_{r}_{u}"
                if name not in seen_units:
                    assert not named_slice(enc, v, name).any()
        if n == 4:  # S1 and S5 are not slots at 4 players
            assert not named_slice(enc, v, "slot_0").any() and not named_slice(enc, v, "slot_4").any()
    assert units > 100


def test_random_play_meets_every_pending_kind():
    kinds = {o["pending"]["kind"] for n in (2, 3, 4) for o in OBS[n] if o["pending"] is not None}
    assert {"summon", "deploy", "strike", "recovery", "actor"} <= kinds
    enc = ENCS[4]
    batch = enc.encode_batch(OBS[4])
    pk = named_slice(enc, batch.T, "pending_kind").T
    live = [o["pending"] is not None for o in OBS[4]]
    assert (pk.sum(axis=1) == np.array(live, dtype=float)).all()


def test_a_cleave_pending_names_its_hits_from_the_observers_side():
    game = GAMES[3]
    enc = ENCS[3]
    base = copy.deepcopy(OBS[3][5])
    me = base["player"]
    actor = (me + 1) % 3                      # the deciding seat, one clockwise from the observer
    D, K = game.D, game.K
    hit_unit = game.a_target + 1 * (D + K) + 4        # actor-relative side 1 = observer + 2, unit 4
    hit_anchor = game.a_target + 2 * (D + K) + D + 0  # actor-relative side 2 = the observer, slot S1
    o = copy.deepcopy(base)
    o["pending"] = {"kind": "cleave", "player": actor, "slot": 0, "unit": 3, "left": 1,
                    "attack": 9, "hit": [hit_unit, hit_anchor]}
    v = enc.encode(o)
    assert named_slice(enc, v, "pending_kind")[PENDING_KINDS.index("cleave")] == 1
    assert np.flatnonzero(named_slice(enc, v, "pending_player")).tolist() == [1]
    assert np.flatnonzero(named_slice(enc, v, "pending_unit")).tolist() == [3]
    assert np.flatnonzero(named_slice(enc, v, "pending_cleave_hit_units")).tolist() == [2 * D + 4]
    assert np.flatnonzero(named_slice(enc, v, "pending_cleave_hit_anchors")).tolist() == [0]
    assert_unknown_pending_kind_refused(enc, base)
