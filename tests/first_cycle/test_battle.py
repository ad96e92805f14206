"""The battle (first_cycle.md "Battle", rulings FC-1..FC-6)."""
from __future__ import annotations

import pytest

from sim import IllegalActionError
from tests.first_cycle.helpers import GAME, act, labels, scenario

G = "Gaia Compute Collective"   # leaders without a Power ability


def duel(me: dict | None = None, opp: dict | None = None, **top):
    """Player 0 (first player) active on turn 9, past the defender-bonus turns; vanilla Leaders."""
    return scenario([{"leader": G, **(me or {})}, {"leader": G, **(opp or {})}],
                    turn=top.pop("turn", 9), **top)


def test_fc2_leader_may_attack_and_targets_are_leader_or_exhausted_characters():
    s = duel(opp={"field": [{"card": "Rack Mover", "exhausted": True},
                            {"card": "Seedling Model", "exhausted": False}]})
    attacks = [lab for lab in labels(s) if lab.startswith("attack")]
    assert attacks == ["attack Leader with Leader", "attack opposing slot 1 (Rack Mover) with Leader"]


def test_fc2_opposing_leader_targetable_ready_or_exhausted():
    s = duel(opp={"leader_exhausted": True})
    assert "attack Leader with Leader" in labels(s)


def test_fc_declare_exhausts_the_attacker_and_exhausted_cannot_attack_again():
    s = duel(opp={"hp": 5})
    act(s, "attack Leader with Leader")
    assert s.players[0].exhausted[0] is True
    assert not any(lab.startswith("attack") for lab in labels(s))


def test_fc_compare_ties_go_to_the_attacker_and_cost_the_leader_one_hp():
    s = duel()
    act(s, "attack Leader with Leader")                 # 5 against 5
    assert s.players[1].hp == 4
    assert s.players[0].hp == 5                          # no return damage


def test_fc_stronger_defender_survives():
    s = duel(me={"field": [{"card": "Seedling Model"}]},
             opp={"field": [{"card": "Transformer Titan", "exhausted": True}]})
    act(s, "attack opposing slot 1 (Transformer Titan) with slot 1")
    assert GAME.cards[s.players[1].card[1]].name == "Transformer Titan"
    assert s.players[0].card[1] >= 0                      # attacker takes no damage


def test_fc_character_ko_goes_to_discard_and_deals_no_leader_damage():
    s = duel(opp={"field": [{"card": "Rack Mover", "exhausted": True, "attached": 1}]})
    act(s, "attack opposing slot 1 (Rack Mover) with Leader")
    p1 = s.players[1]
    assert p1.card[1] == -1 and [GAME.cards[c].name for c in p1.discard] == ["Rack Mover"]
    assert p1.hp == 5
    assert p1.ram_exhausted == 1 and p1.attached[1] == 0   # FC-5: attached RAM returns exhausted


def test_fc_no_attack_on_a_players_first_turn_even_with_rush():
    s = duel(me={"field": [{"card": "Speedrunner"}], "hand": ["Intern Sprint"], "ram": {"ready": 1}},
             turn=1, first_player=0)
    assert not any(lab.startswith("attack") for lab in labels(s))
    s2 = duel(me={"field": [{"card": "Speedrunner"}]}, turn=2, first_player=1, active=0)
    assert s2.players[0].turns_taken == 1
    assert not any(lab.startswith("attack") for lab in labels(s2))


def test_fc_new_character_attacks_from_next_turn():
    s = duel(me={"hand": ["Rack Mover"], "ram": {"ready": 2}})
    act(s, "deploy #050 Rack Mover")
    assert not any("with slot 1" in lab for lab in labels(s))
    with pytest.raises(IllegalActionError, match="deployed this turn and has no Rush"):
        s.apply(GAME.a_attack + 1 * 6 + 0)


def test_fc6_rush_attacks_the_turn_it_is_deployed():
    s = duel(me={"hand": ["Speedrunner"], "ram": {"ready": 2}})
    act(s, "deploy #028 Speedrunner")
    assert "attack Leader with slot 1" in labels(s)


def test_fc1_defender_bonus_on_turns_3_5_7_for_the_second_players_leader():
    for turn, expected_hp in ((3, 5), (5, 5), (7, 5), (9, 4)):
        s = duel(turn=turn, first_player=0)
        act(s, "attack Leader with Leader")             # 5 against 5 + 1
        assert s.players[1].hp == expected_hp, turn


def test_fc1_defender_bonus_is_a_parameter():
    from sim import load_game
    g = load_game("first_cycle", defender_bonus=0)
    s = scenario([{"leader": G}, {"leader": G}], game=g, turn=3)
    act(s, "attack Leader with Leader")
    assert s.players[1].hp == 4


def test_fc1_intercepting_guard_uses_its_own_power():
    s = duel(opp={"field": [{"card": "Rack Mover"}]}, turn=3)   # Guard, Power 2
    act(s, "attack Leader with Leader")
    act(s, "guard with own slot 1 (Rack Mover)")
    assert s.players[1].card[1] == -1                       # 5 beats 2: no +1 for the guard
    assert s.players[1].hp == 5


def test_fc_on_attack_resolves_before_guard():
    s = duel(me={"field": [{"card": "Red Teamer"}]},        # On Attack: exhaust an opposing Character
             opp={"field": [{"card": "Rack Mover"}]})
    act(s, "attack Leader with slot 1")
    assert s.pending[0] == "target"
    act(s, "target opposing slot 1 (Rack Mover)")
    assert s.pending is None                                # the exhausted guard cannot intercept
    assert s.players[1].exhausted[1] is True
    assert s.battle is None and s.players[1].hp == 5        # Power 3 against 5: no hit


def test_fc3_guard_redirects_any_attack_once_per_battle():
    s = duel(opp={"field": [{"card": "Rack Mover"}, {"card": "Sandbox Jailer"},
                            {"card": "Seedling Model", "exhausted": True}]})
    act(s, "attack opposing slot 3 (Seedling Model) with Leader")
    assert sorted(lab for lab in labels(s)) == ["guard with own slot 1 (Rack Mover)",
                                                "guard with own slot 2 (Sandbox Jailer)", "no guard"]
    act(s, "guard with own slot 2 (Sandbox Jailer)")
    assert s.pending is None                                # only one Guard per battle
    assert s.players[1].card[2] == -1 and s.players[1].card[3] >= 0


def test_fc_exhausted_guard_cannot_intercept():
    s = duel(opp={"field": [{"card": "Rack Mover", "exhausted": True}]})
    act(s, "attack Leader with Leader")
    assert s.players[1].hp == 4


def test_fc4_support_attacker_first_then_defender():
    s = duel(me={"hand": ["Context Window"], "ram": {"ready": 0}},
             opp={"hand": ["Power Governor"], "ram": {"ready": 0}}, turn=9)
    act(s, "attack Leader with Leader")
    assert s.current_player == 0 and labels(s) == ["no support", "support with Context Window"]
    act(s, "support with Context Window")
    assert s.current_player == 1 and labels(s) == ["no support", "support with Power Governor"]
    act(s, "support with Power Governor")
    assert s.players[1].hp == 4                              # 6 against 6: attacker wins ties
    names = lambda p: [GAME.cards[c].name for c in s.players[p].discard]  # noqa: E731
    assert names(0) == ["Context Window"] and names(1) == ["Power Governor"]


def test_fc4_support_gives_only_the_printed_power():
    s = duel(me={"hand": ["Garbage Collection"], "ram": {"ready": 3}},
             opp={"field": [{"card": "Seedling Model"}], "deck": []}, turn=9)
    act(s, "attack Leader with Leader")
    act(s, "support with Garbage Collection")
    assert s.players[1].card[1] >= 0                        # its Ability (KO) did not resolve
    assert s.players[1].hp == 4 and s.players[0].ram_ready == 0


def test_fc4_support_paid_from_ready_unattached_ram_only():
    s = duel(opp={"hand": ["Rate Limit"], "leader_attached": 2, "ram": {"ready": 0}}, turn=9)
    act(s, "attack Leader with Leader")
    assert s.current_player == 1 and labels(s) == ["no support"]   # no ready RAM: nothing to pay with
    act(s, "no support")
    assert s.players[1].hp == 4


def test_fc25_each_side_holding_a_card_is_asked_for_support():
    # Asked whether or not a Protocol is affordable, so being asked tells the opponent nothing;
    # an empty hand (public) is not asked.
    s = duel(me={"hand": ["Rack Mover"]}, opp={"hand": ["Seedling Model"]}, turn=9)
    act(s, "attack Leader with Leader")
    assert s.current_player == 0 and labels(s) == ["no support"]
    act(s, "no support")
    assert s.current_player == 1 and labels(s) == ["no support"]
    act(s, "no support")
    assert s.players[1].hp == 4 and s.pending is None
    s = duel(turn=9)                                           # both hands empty: nobody is asked
    act(s, "attack Leader with Leader")
    assert s.players[1].hp == 4 and s.pending is None


def test_fc5_attached_ram_power_only_on_its_controllers_turn():
    s = duel(me={"leader_attached": 1}, opp={"leader_attached": 3}, turn=9)
    from sim.first_cycle.effects import power
    assert power(s, 0, 0) == 6 and power(s, 1, 0) == 5
    act(s, "attack Leader with Leader")
    assert s.players[1].hp == 4


def test_fc5_attach_before_attack_adds_power_and_ram_stays_attached_through_opponent_turn():
    s = duel(me={"ram": {"ready": 1}}, opp={"field": [{"card": "Seedling Model"}]}, turn=9)
    act(s, "attach RAM to Leader")
    assert s.players[0].attached[0] == 1
    act(s, "end turn")
    assert s.players[0].attached[0] == 1 and s.players[0].ram_ready == 0


def test_fc_power_floor_is_zero():
    s = duel(opp={"field": [{"card": "Intern Sprint", "exhausted": True, "mod_turn": -5}]})
    from sim.first_cycle.effects import power
    assert power(s, 1, 1) == 0


def test_fc_battle_support_expires_after_comparison():
    s = duel(me={"hand": ["Overclock"], "ram": {"ready": 1}}, turn=9)
    act(s, "attack Leader with Leader")
    act(s, "support with Overclock")
    assert s.players[0].mod_battle == [0] * 6 and s.battle is None


def test_fc_attacker_leaving_play_before_comparison_ends_the_battle():
    s = duel(me={"field": [{"card": "Rack Mover", "uid": 7}]})
    act(s, "attack Leader with slot 1")
    data = s.to_dict()
    # Re-create the moment before comparison with the attacker gone from play.
    data["players"][0]["field"] = []
    data["tasks"] = [["compare"]]
    data["pending"] = ["support", 1]
    data["battle"] = [1, 0, 7, 0]
    gone = GAME.state_from_dict(data)
    act(gone, "no support")
    assert gone.players[1].hp == 5 and gone.battle is None
    assert ("battle_ends", 0, "left_play") in gone.events


def test_fc_leader_at_zero_hp_loses_immediately():
    s = duel(opp={"hp": 1})
    act(s, "attack Leader with Leader")
    assert s.is_terminal() and s.winner == 0 and s.end_reason == "leader_hp"
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []


@pytest.mark.parametrize("decks", [None, ["green_starter", "blue_starter"],
                                   ["orange_starter", "green_starter"], ["blue_starter", "black_starter"]])
def test_powers_in_one_pass_equal_power_of_each_fighter(decks):
    """`powers` (observations) and `power` (rules), with their shortcuts for a side with no
    passive that may apply now but its fighters' own battle bonuses, equal `scanned_power`
    (every passive of the side scanned): every starter deck's Leader and passive
    Characters, in and out of battle."""
    import numpy as np

    from sim.first_cycle.effects import power, powers, scanned_power
    for seed in range(30 if decks is None else 12):
        s = GAME.new_state(seed, decks)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            for p in (0, 1):
                scanned = [scanned_power(s, p, f) for f in range(6)]
                assert powers(s, p) == scanned and [power(s, p, f) for f in range(6)] == scanned
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
