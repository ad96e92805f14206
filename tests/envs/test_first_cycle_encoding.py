"""The First Cycle encoder: its layout following the params, and that each named slice says
what the observation says (what every encoder must do is in test_encoding.py)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from envs.encoding.first_cycle import FIGHTERS, PENDING_KINDS, FirstCycleEncoder
from sim import load_game
from tests.envs.helpers import (
    ENCODERS,
    GAME,
    assert_unknown_pending_kind_refused,
    named_slice,
    observations,
    pending_vectors,
    random_states,
)

ENC = ENCODERS["first_cycle"]
OBS = observations("first_cycle", 12, 0, 3)


def _slice(vec, name):
    return named_slice(ENC, vec, name)


def test_layout_follows_params():
    bigger = FirstCycleEncoder(load_game("first_cycle", max_scan=5, max_copies=4))
    assert bigger.size == ENC.size + 2 * ENC.num_cards
    assert bigger.bounds()[1][slice(*bigger.slices()["own_hand"])].max() == 4


def test_counts_and_cards_match_the_observation():
    for o in OBS[::5]:
        v = ENC.encode(o)
        hand = _slice(v, "own_hand")
        for c in range(1, ENC.num_cards + 1):
            assert hand[c - 1] == o["you"]["hand"].count(c)
            assert _slice(v, "opp_discard")[c - 1] == o["opponent"]["discard"].count(c)
            assert _slice(v, "own_discard")[c - 1] == o["you"]["discard"].count(c)
        assert _slice(v, "hp")[0] == pytest.approx(o["you"]["hp"] / GAME.params.leader_hp)
        assert _slice(v, "hand_size")[1] == pytest.approx(
            o["opponent"]["hand_size"] / GAME.params.deck_size)
        me = o["player"]
        assert _slice(v, "to_act").tolist() == [float(o["current_player"] == me),
                                                float(o["current_player"] == 1 - me)]
        assert _slice(v, "your_turn")[0] == float(o["active"] == me)


def test_fighter_slots_match_the_observation():
    so = {f.name: (f.start, f.stop) for f in ENC.slot_layout.features}
    checked = 0
    for o in OBS[::3]:
        v = ENC.encode(o)
        for side, view in (("own", o["you"]), ("opp", o["opponent"])):
            for f, fd in enumerate(view["fighters"]):
                slot = _slice(v, f"{side}_fighter_{f}")
                if fd is None:
                    assert not slot.any()
                    continue
                checked += 1
                card = slot[so["card"][0]:so["card"][1]]
                assert card.sum() == 1 and card[fd.card - 1] == 1
                assert slot[so["occupied"][0]] == 1
                assert slot[so["power"][0]] == pytest.approx(min(fd.power, 20) / 10)
                assert slot[so["exhausted"][0]] == float(fd.exhausted)
                assert slot[so["attached"][0]] == pytest.approx(
                    fd.attached / GAME.params.ram_supply)
                if fd.exhausted:
                    assert slot[so["can_attack"][0]] == 0
    assert checked > 500


def test_can_attack_matches_the_engines_attack_actions():
    attack_start = GAME.codec.start("attack")
    for s in random_states(6, seed=40):
        p = s.current_player
        if p < 0 or s.pending is not None:
            continue
        v = ENC.encode(s.observation(p))
        attackers = {(a - attack_start) // FIGHTERS for a in s.legal_actions()
                     if attack_start <= a < attack_start + FIGHTERS * FIGHTERS}
        so = {f.name: f.start for f in ENC.slot_layout.features}
        flagged = {f for f in range(FIGHTERS)
                   if _slice(v, f"own_fighter_{f}")[so["can_attack"]] == 1}
        # An attack needs a target: the opposing Leader is always one, so the sets agree.
        assert flagged == attackers


def test_pending_choices_are_encoded():
    base = copy.deepcopy(OBS[0])
    me = base["player"]
    cases = {
        "target": {"kind": "target", "player": me, "targets": [[me, 0], [1 - me, 2]], "card": 5},
        "guard": {"kind": "guard", "player": 1 - me, "guards": [1, 3]},
        "deploy_discard": {"kind": "deploy_discard", "player": me, "card": 7},
        "scan": {"kind": "scan", "player": me, "cards": [4, 4, 9], "chosen": [12]},
        "order": {"kind": "order", "player": me, "triggers": [[30, 0], [31, 1]]},
        "support": {"kind": "support", "player": me},
        "cycle": {"kind": "cycle", "player": 1 - me},
    }
    for kind, _, v in pending_vectors(ENC, base, cases, PENDING_KINDS):
        fighters = _slice(v, "pending_fighters")
        if kind == "target":
            assert np.flatnonzero(fighters).tolist() == [0, FIGHTERS + 2]
            assert np.flatnonzero(_slice(v, "pending_card")).tolist() == [4]
        elif kind == "guard":
            assert np.flatnonzero(fighters).tolist() == [FIGHTERS + 1, FIGHTERS + 3]
        elif kind == "scan":
            left = _slice(v, "pending_scan_left")
            assert left[3] == 2 and left[8] == 1 and left.sum() == 3
            assert _slice(v, "pending_scan_placed")[11] == 1
        elif kind == "order":
            t0, t1 = _slice(v, "pending_trigger_0"), _slice(v, "pending_trigger_1")
            assert t0[29] == 1 and t0[ENC.num_cards + 0] == 1 and t0.sum() == 2
            assert t1[30] == 1 and t1[ENC.num_cards + 1] == 1 and t1.sum() == 2
        else:
            assert not fighters.any()
    o = copy.deepcopy(base)
    o["pending"] = {"kind": "scan", "player": 1 - me, "count": 2}
    assert _slice(ENC.encode(o), "pending_scan_count")[0] == pytest.approx(2 / GAME.params.max_scan)
    assert_unknown_pending_kind_refused(ENC, base)


def test_random_play_meets_the_common_choices():
    kinds = {o["pending"]["kind"] for o in OBS if o["pending"] is not None}
    assert {"target", "guard", "support"} <= kinds
    phases = _slice(ENC.encode_batch(OBS).T, "phase").T  # (N, 4)
    assert (phases.sum(axis=1) == 1).all() and phases.any(axis=0).all()


def test_card_features_table():
    table = ENC.card_features()
    assert table.shape == (ENC.num_cards, ENC.card_feature_layout.size)
    cf = {f.name: f.start for f in ENC.card_feature_layout.features}
    for n, spec in GAME.card_set.by_number.items():
        assert table[n - 1, cf["cost"]] == pytest.approx(spec.cost / 10)
        assert table[n - 1, cf["rush"]] == float(spec.rush)


def test_column_wise_batch_matches_encode_at_the_clipping_edges():
    """encode_batch computes values in numpy: power and modifiers past the caps, negative
    modifiers and attached RAM must come out bit-identical to `encode`'s Python path."""
    edited = []
    for k, o in enumerate(OBS[:300]):
        o = copy.deepcopy(o)
        for side in ("you", "opponent"):
            fighters = o[side]["fighters"]
            for f, fd in enumerate(fighters):
                if fd is not None and (f + k) % 3 == 0:
                    fighters[f] = fd._replace(power=19 + (k % 5) * 7, mod_turn=(k % 7 - 3) * 9,
                                              mod_battle=-(k % 4) * 8, attached=k % 3,
                                              used=k % 2, exhausted=(k // 2) % 2)
        edited.append(o)
    batch = ENC.encode_batch(edited)
    assert np.array_equal(batch, np.stack([ENC.encode(o) for o in edited]))
    low, high = ENC.bounds()
    assert (batch >= low).all() and (batch <= high).all()
    so = {f.name: f.start for f in ENC.slot_layout.features}
    slots = [ENC.slices()[f"{side}_fighter_{f}"][0] for side in ("own", "opp")
             for f in range(FIGHTERS)]
    powers = batch[:, [b + so["power"] for b in slots]]
    mods = batch[:, [b + so[m] for b in slots for m in ("mod_turn", "mod_battle")]]
    assert powers.max() == np.float32(2.0) and mods.min() == np.float32(-2.0)
