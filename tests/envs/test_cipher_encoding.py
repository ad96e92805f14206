"""The FE Cipher encoder: its layout following the params, and that each named slice says
what the observation says, orbs as counts only (what every encoder must do is in
test_encoding.py)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from envs.encoding.cipher import PENDING_KINDS, CipherEncoder
from sim import load_game
from tests.envs.helpers import (
    CIPHER,
    ENCODERS,
    assert_unknown_pending_kind_refused,
    game_states,
    named_slice,
    observations,
    pending_vectors,
)

ENC = ENCODERS["cipher"]
K = CIPHER.num_chars
OBS = observations("cipher", 8, 0, 4)


def _slice(vec, name):
    return named_slice(ENC, vec, name)


def test_layout_follows_params():
    bigger = CipherEncoder(load_game("cipher", max_order=10, max_copies=5))
    per_trigger = 2 + ENC.num_cards + ENC.max_skills
    assert bigger.size == ENC.size + 2 * per_trigger
    assert bigger.bounds()[1][slice(*bigger.slices()["own_hand"])].max() == 5


def test_counts_and_cards_match_the_observation():
    p = CIPHER.params
    for o in OBS[::5]:
        v = ENC.encode(o)
        you, opp = o["you"], o["opponent"]
        for c in range(1, ENC.num_cards + 1):
            assert _slice(v, "own_hand")[c - 1] == you["hand"].count(c)
            assert _slice(v, "own_retreat")[c - 1] == you["retreat"].count(c)
            assert _slice(v, "opp_retreat")[c - 1] == opp["retreat"].count(c)
            assert _slice(v, "opp_bonds_up")[c - 1] == opp["bonds"].count([c, True])
            assert _slice(v, "own_bonds_down")[c - 1] == you["bonds"].count([c, False])
        assert _slice(v, "orbs").tolist() == pytest.approx([you["orbs"] / p.orbs,
                                                            opp["orbs"] / p.orbs])
        assert _slice(v, "hand_size")[1] == pytest.approx(opp["hand_size"] / 10)
        assert _slice(v, "deck_size")[0] == pytest.approx(you["deck_size"] / p.min_deck)
        assert _slice(v, "bond_budget")[0] == pytest.approx(
            max(len(you["bonds"]) - you["spent"], 0) / 10)
        me = o["player"]
        assert _slice(v, "to_act").tolist() == [float(o["current_player"] == me),
                                                float(o["current_player"] == 1 - me)]
        assert _slice(v, "your_turn")[0] == float(o["active"] == me)
        assert _slice(v, "phase").sum() == 1


def test_units_match_the_observation():
    checked = 0
    for o in OBS[::3]:
        v = ENC.encode(o)
        for side, view in (("own", o["you"]), ("opp", o["opponent"])):
            present = _slice(v, f"{side}_unit")
            assert present.sum() == len(view["units"])
            assert _slice(v, f"{side}_unit_card").sum() == len(view["units"])
            for u in view["units"]:
                k = CIPHER.char_id[u["character"]]
                checked += 1
                assert present[k] == 1
                assert _slice(v, f"{side}_unit_card")[u["card"] - 1] == 1
                assert _slice(v, f"{side}_unit_front")[k] == float(u["line"] == "front")
                assert _slice(v, f"{side}_unit_tapped")[k] == float(u["tapped"])
                assert _slice(v, f"{side}_unit_mc")[k] == float(u["mc"])
                assert _slice(v, f"{side}_unit_power")[k] == pytest.approx(
                    min(u["power"], 300) / 100)
                assert _slice(v, f"{side}_unit_under")[k] == pytest.approx(len(u["under"]) / 5)
                if u["tapped"]:
                    assert _slice(v, f"{side}_unit_can_attack")[k] == 0
    assert checked > 1000


def test_can_attack_matches_the_engines_attack_actions():
    attack = CIPHER.codec.start("attack")
    seen = 0
    for s in game_states("cipher", 4, seed=40, every=1):
        p = s.current_player
        if p < 0 or s.pending is not None or s.phase != "action":
            continue
        v = ENC.encode(s.observation(p))
        attackers = {a - attack for a in s.legal_actions() if attack <= a < attack + K}
        flagged = set(np.flatnonzero(_slice(v, "own_unit_can_attack")).tolist())
        assert flagged == attackers
        seen += bool(attackers)
    assert seen > 20


def test_pending_choices_are_encoded():
    base = copy.deepcopy(OBS[50])
    me = base["player"]
    marth, caeda = CIPHER.char_id["Marth"], CIPHER.char_id["Caeda"]
    cases = {
        "attack_target": {"kind": "attack_target", "player": me, "attacker": 1},
        "target": {"kind": "target", "player": me, "card": 2, "skill": 1,
                   "targets": [[me, 4], [1 - me, 1]]},
        "reverse": {"kind": "reverse", "player": me, "count": 2},
        "retrieve": {"kind": "retrieve", "player": 1 - me, "max_cost": 2},
        "order": {"kind": "order", "player": me, "triggers": [[me, 7, 0], [1 - me, 30, 1]]},
        "critical": {"kind": "critical", "player": me},
        "mulligan": {"kind": "mulligan", "player": 1 - me},
    }
    for kind, _, v in pending_vectors(ENC, base, cases, PENDING_KINDS):
        targets = _slice(v, "pending_targets")
        if kind == "attack_target":
            assert np.flatnonzero(_slice(v, "pending_attacker")).tolist() == [marth]
        elif kind == "target":
            assert np.flatnonzero(targets).tolist() == sorted([caeda, K + marth])
            assert np.flatnonzero(_slice(v, "pending_card")).tolist() == [1]
            assert np.flatnonzero(_slice(v, "pending_skill")).tolist() == [1]
        elif kind == "reverse":
            assert _slice(v, "pending_count")[0] == pytest.approx(0.4)
        elif kind == "retrieve":
            assert _slice(v, "pending_max_cost")[0] == pytest.approx(0.4)
        elif kind == "order":
            t0, t1 = _slice(v, "pending_trigger_0"), _slice(v, "pending_trigger_1")
            C = ENC.num_cards
            assert np.flatnonzero(t0).tolist() == [0, 2 + 6, 2 + C + 0]
            assert np.flatnonzero(t1).tolist() == [1, 2 + 29, 2 + C + 1]
        else:
            assert not targets.any()
    assert_unknown_pending_kind_refused(ENC, base)


def test_battle_is_encoded():
    battles = [o for o in OBS if o["battle"] is not None]
    assert battles
    for o in battles[:50]:
        v = ENC.encode(o)
        b = o["battle"]
        assert _slice(v, "battle")[0] == 1
        assert _slice(v, "battle_by_you")[0] == float(b["attacking_player"] == o["player"])
        if b["attacker"] is not None:
            k = CIPHER.char[b["attacker"]["card"]]
            assert np.flatnonzero(_slice(v, "battle_attacker")).tolist() == [k]
            assert _slice(v, "battle_power")[0] == pytest.approx(
                min(b["attacker"]["power"], 300) / 100)
    v = ENC.encode(next(o for o in OBS if o["battle"] is None))
    assert not _slice(v, "battle").any() and not _slice(v, "battle_attacker").any()


def test_random_play_meets_the_common_choices():
    kinds = {o["pending"]["kind"] for o in OBS if o["pending"] is not None}
    assert {"attack_target", "critical", "evasion"} <= kinds
    phases = _slice(ENC.encode_batch(OBS).T, "phase").T
    assert (phases.sum(axis=1) == 1).all()


def test_card_features_table():
    table = ENC.card_features()
    assert table.shape == (ENC.num_cards, ENC.card_feature_layout.size)
    cf = {f.name: f.start for f in ENC.card_feature_layout.features}
    for c in range(1, ENC.num_cards + 1):
        spec = CIPHER.cards[c]
        assert table[c - 1, cf["cost"]] == pytest.approx(spec.cost / 5)
        assert table[c - 1, cf["power"]] == pytest.approx(spec.power / 100)
        assert table[c - 1, cf["range"]] == float(1 in spec.range)
