"""Readable action labels, the params object and the action space."""
from __future__ import annotations

from sim import load_game
from sim.first_cycle.params import FirstCycleParams
from tests.first_cycle.helpers import GAME, act, labels, scenario

G = "Gaia Compute Collective"


def test_action_labels_read_like_the_rulebook():
    s = scenario([{"leader": G, "hand": ["Ada Lovelace", "Context Window"], "ram": {"ready": 4},
                   "field": [{"card": "Rack Mover"}, {"card": "Seedling Model"}]},
                  {"leader": G, "field": [{"card": "Speedrunner", "exhausted": True}]}], turn=9)
    got = labels(s)
    for expected in ("end turn", "deploy #035 Ada Lovelace", "execute #003 Context Window",
                     "attack Leader with slot 2", "attack opposing slot 1 (Speedrunner) with Leader",
                     "attach RAM to slot 1 (Rack Mover)", "attach RAM to Leader"):
        assert expected in got
    act(s, "attack Leader with slot 2")
    assert "support with Context Window" in labels(s)


def test_every_legal_action_has_a_distinct_label():
    s = GAME.new_state(8)
    import numpy as np
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        legal = s.legal_actions()
        labs = [s.action_label(a) for a in legal]
        assert len(set(labs)) == len(labs), labs
        s.apply(legal[int(rng.integers(len(legal)))])


def test_params_id_is_stable_and_changes_with_values():
    a, b = FirstCycleParams(), FirstCycleParams()
    assert a.params_id == b.params_id and len(a.params_id) == 12
    assert a.replace(max_turns=80).params_id != a.params_id
    assert FirstCycleParams.from_dict(a.replace(max_turns=80).to_dict()) == a.replace(max_turns=80)
    assert {d["name"] for d in FirstCycleParams.describe()} == set(FirstCycleParams.field_names())


def test_params_change_the_rules_as_values():
    g = load_game("first_cycle", leader_hp=3, opening_hand=7, ram_supply=4)
    s = g.new_state(0)
    assert all(p.hp == 3 for p in s.players)
    assert len(s.players[1 - s.first_player].hand) == 7
    assert s.players[s.first_player].ram_supply == 3


def test_action_space_is_fixed_and_blocks_cover_it():
    blocks = GAME.codec.blocks()
    assert blocks[0][1] == 0 and sum(size for _, _, size in blocks) == GAME.action_space_size
    s = GAME.new_state(1)
    assert all(0 <= a < GAME.action_space_size for a in s.legal_actions())
