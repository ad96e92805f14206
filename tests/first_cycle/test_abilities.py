"""Deploying, Protocols, keywords, triggers and abilities (first_cycle.md "Deploy", "Execute",
"Cycle / Draw", "Scan N", "On Play / On Attack / On KO", "Team Link / Cross-Team", "Traits",
"Card text takes priority", "Resolve as much of an effect as possible")."""
from __future__ import annotations

from sim.first_cycle.effects import power, powers
from tests.first_cycle.helpers import GAME, act, labels, scenario

G = "Gaia Compute Collective"


def duel(me=None, opp=None, **top):
    return scenario([{"leader": G, **(me or {})}, {"leader": G, **(opp or {})}],
                    turn=top.pop("turn", 9), **top)


def names(cards):
    return [GAME.cards[c].name for c in cards]


FULL = [{"card": "Shadow Eval", "attached": 1}, {"card": "Rack Mover"}, {"card": "Rack Mover"},
        {"card": "Rack Mover"}, {"card": "Rack Mover"}]


def test_fc_deploy_with_full_field_discards_first_without_on_ko():
    s = duel(me={"hand": ["Seedling Model"], "field": FULL, "ram": {"ready": 1}},
             opp={"field": [{"card": "Intern Sprint"}]})
    act(s, "deploy #048 Seedling Model")
    assert s.pending[0] == "deploy_discard"
    act(s, "discard own slot 1 (Shadow Eval)")
    p0 = s.players[0]
    assert names(p0.discard) == ["Shadow Eval"] and names([p0.card[1]]) == ["Seedling Model"]
    assert s.players[1].card[1] >= 0                   # Shadow Eval's On KO did not trigger
    assert p0.ram_exhausted == 1 + 1                   # its attached module returned exhausted


def test_fc_deployed_character_enters_ready():
    s = duel(me={"hand": ["Seedling Model"], "ram": {"ready": 1}})
    act(s, "deploy #048 Seedling Model")
    assert s.players[0].exhausted[1] is False and s.players[0].entered[1] == 9


def test_fc_protocol_ability_then_special_then_discard():
    s = duel(me={"hp": 3, "hand": ["Garbage Collection"], "ram": {"ready": 3}, "deck": ["Rack Mover"]},
             opp={"field": [{"card": "Seedling Model"}]})
    act(s, "execute #004 Garbage Collection")
    assert s.players[0].discard == []                  # still resolving: target first
    act(s, "target opposing slot 1 (Seedling Model)")
    assert s.players[1].card[1] == -1                  # Ability: KO
    assert names(s.players[0].hand) == ["Rack Mover"]  # Special: HP 3 <= 3, draw 1
    assert names(s.players[0].discard) == ["Garbage Collection"]


def test_fc_special_needs_its_condition():
    s = duel(me={"hp": 5, "hand": ["Garbage Collection"], "ram": {"ready": 3}, "deck": ["Rack Mover"]},
             opp={"field": [{"card": "Seedling Model"}]})
    act(s, "execute #004 Garbage Collection")
    act(s, "target opposing slot 1 (Seedling Model)")
    assert s.players[0].hand == []


def test_fc_zero_cost_protocols_of_the_four_colors():
    by_name = {GAME.cards[n].name: GAME.cards[n] for n in range(1, GAME.num_cards + 1)}
    for name, color in (("Context Window", "black"), ("Circuit Breaker", "orange"),
                        ("Power Governor", "green"), ("Counterfactual", "blue")):
        spec = by_name[name]
        assert (spec.kind, spec.color, spec.cost, spec.power) == ("protocol", color, 0, 1)


def test_fc_zero_cost_protocol_minus_one_and_scan_if_target_exhausted():
    s = duel(me={"hand": ["Counterfactual"], "deck": ["Rack Mover", "Seedling Model"]},
             opp={"field": [{"card": "Speedrunner", "exhausted": True}, {"card": "Rack Mover"}]})
    act(s, "execute #063 Counterfactual")
    act(s, "target opposing slot 1 (Speedrunner)")
    assert power(s, 1, 1) == 1 and s.players[1].mod_turn[1] == -1
    assert s.players[0].known_top == 1                  # exhausted target: Scan 1
    s2 = duel(me={"hand": ["Counterfactual"], "deck": ["Rack Mover"]},
              opp={"field": [{"card": "Speedrunner", "exhausted": True}, {"card": "Rack Mover"}]})
    act(s2, "execute #063 Counterfactual")
    act(s2, "target opposing slot 2 (Rack Mover)")
    assert s2.players[0].known_top == 0                 # ready target: no Scan


def test_fc_this_turn_power_expires_at_end_of_turn():
    s = duel(me={"hand": ["Counterfactual"]}, opp={"field": [{"card": "Speedrunner"}]})
    act(s, "execute #063 Counterfactual")
    act(s, "target opposing slot 1 (Speedrunner)")
    assert s.players[1].mod_turn[1] == -1
    act(s, "end turn")
    assert s.players[1].mod_turn[1] == 0


def test_fc_resolve_as_much_as_possible_and_condition_needs_the_previous_action():
    s = duel(me={"hand": ["Context Window"], "deck": ["Rack Mover"]})
    act(s, "execute #003 Context Window")              # no opposing Character: nothing to target
    assert s.pending is None and s.players[0].known_top == 0
    assert names(s.players[0].discard) == ["Context Window"]


def test_fc_cycle_reveals_puts_on_bottom_and_draws_privately():
    s = duel(me={"hand": ["Prompt Engineer", "Transformer Titan"], "ram": {"ready": 2},
                 "deck": ["Rack Mover", "Seedling Model"]})
    act(s, "deploy #069 Prompt Engineer")
    assert labels(s) == ["no cycle", "cycle #051 Transformer Titan"]
    act(s, "cycle #051 Transformer Titan")
    p0 = s.players[0]
    assert names(p0.hand) == ["Rack Mover"]
    assert names(p0.deck) == ["Transformer Titan", "Seedling Model"]   # bottom first
    assert names(s.observation(1)["opponent"]["known_bottom"]) == ["Transformer Titan"]


def test_fc7_draw_takes_only_what_remains():
    s = duel(me={"hand": ["Ada Lovelace"], "ram": {"ready": 4}, "deck": ["Rack Mover"]})
    act(s, "deploy #035 Ada Lovelace")
    assert names(s.players[0].hand) == ["Rack Mover"] and s.players[0].deck == []


def test_fc_scan_looks_privately_and_returns_in_chosen_order():
    s = duel(me={"hand": ["Token Counter"], "ram": {"ready": 1},
                 "deck": ["Rack Mover", "Seedling Model", "Speedrunner"]})
    act(s, "deploy #067 Token Counter")
    assert s.pending[0] == "scan" and s.current_player == 0
    assert "cards" in s.observation(0)["pending"] and "cards" not in s.observation(1)["pending"]
    act(s, "scan: put Seedling Model next on top")
    p0 = s.players[0]
    assert names(p0.deck[::-1]) == ["Seedling Model", "Rack Mover", "Speedrunner"]
    assert p0.known_top == 2
    assert names(s.observation(0)["you"]["known_top"]) == ["Seedling Model", "Rack Mover"]
    assert "known_top" not in s.observation(1)["opponent"]


def test_fc_on_play_trigger():
    s = duel(me={"hand": ["Interpretability Probe"], "ram": {"ready": 2}},
             opp={"field": [{"card": "Transformer Titan"}]})
    act(s, "deploy #011 Interpretability Probe")
    act(s, "target opposing slot 1 (Transformer Titan)")
    assert power(s, 1, 1) == 6


def test_fc_on_attack_trigger_for_this_battle():
    s = duel(me={"field": [{"card": "Demo Day Hustler"}]},
             opp={"field": [{"card": "Rack Mover", "exhausted": True}, {"card": "Speedrunner"}]})
    act(s, "attack opposing slot 1 (Rack Mover) with slot 1")   # 2+1 against 2
    assert s.players[1].card[1] == -1
    assert s.players[0].mod_battle == [0] * 6


def test_fc_on_ko_trigger_and_ko_to_owners_discard():
    s = duel(me={"field": [{"card": "Transformer Titan"}]},
             opp={"field": [{"card": "Shadow Eval", "exhausted": True}]})
    s.players[0].card.index(s.players[0].card[1])
    s2 = duel(me={"field": [{"card": "Intern Sprint", "exhausted": True}], "leader_attached": 0},
              opp={"field": [{"card": "Shadow Eval", "exhausted": True}]})
    act(s2, "attack opposing slot 1 (Shadow Eval) with Leader")
    assert s2.current_player == 1 and s2.pending[0] == "target"   # its owner's On KO choice
    act(s2, "target opposing slot 1 (Intern Sprint)")
    assert names(s2.players[0].discard) == ["Intern Sprint"]
    assert names(s2.players[1].discard) == ["Shadow Eval"]


def test_fc_simultaneous_triggers_active_player_first():
    s = duel(me={"field": [{"card": "Model Reaper", "exhausted": True},
                           {"card": "Intern Sprint", "exhausted": True}]},
             opp={"field": [{"card": "Shadow Eval", "exhausted": True}]})
    act(s, "attack opposing slot 1 (Shadow Eval) with Leader")
    # Model Reaper (active player's On-opponent-KO) resolved before Shadow Eval's On KO.
    assert s.players[0].exhausted[1] is False
    assert s.pending[0] == "target" and s.pending[1] == 1


def test_fc_player_orders_their_own_simultaneous_triggers():
    s = duel(me={"field": [{"card": "Paper Reviewer"}, {"card": "Compost Collector"}],
                 "deck": ["Rack Mover"]},
             opp={"field": [{"card": "Rack Mover", "exhausted": True}]})
    act(s, "attack opposing slot 1 (Rack Mover) with Leader")
    assert s.pending[0] == "order" and s.current_player == 0
    assert len(s.legal_actions()) == 2
    before_supply = s.players[0].ram_supply
    s.apply(s.legal_actions()[1])
    assert s.players[0].ram_supply == before_supply - 1 and names(s.players[0].hand) == ["Rack Mover"]


def test_fc_team_link_checks_leader_or_another_character():
    base = {"hand": ["Gradient Clipper"], "ram": {"ready": 3}}
    s = duel(me=base)
    act(s, "deploy #018 Gradient Clipper")
    assert s.players[1].hp == 5
    s = duel(me={**base, "field": [{"card": "Speedrunner"}]})
    act(s, "deploy #018 Gradient Clipper")
    assert s.players[1].hp == 4
    s = scenario([{"leader": "Blitz Founder", **base}, {"leader": G}], turn=9)
    act(s, "deploy #018 Gradient Clipper")
    assert s.players[1].hp == 4


def test_fc_cross_team_needs_two_colors_among_characters_not_the_leader():
    base = {"hand": ["Embedding Cartographer"], "ram": {"ready": 4}, "deck": ["Rack Mover"]}
    s = duel(me=base)                                   # green Leader, only a blue Character
    act(s, "deploy #076 Embedding Cartographer")
    assert s.players[0].hand == []
    s = duel(me={**base, "field": [{"card": "Seedling Model"}]})
    act(s, "deploy #076 Embedding Cartographer")
    assert names(s.players[0].hand) == ["Rack Mover"]


def test_fc_traits_identify_characters_for_other_effects():
    base = {"hand": ["Blackhat Broker"], "ram": {"ready": 3}}
    opp = {"field": [{"card": "Intern Sprint"}]}
    s = duel(me=base, opp=opp)
    act(s, "deploy #017 Blackhat Broker")               # one Hacker: no KO
    assert s.pending is None and s.players[1].card[1] >= 0
    s = duel(me={**base, "field": [{"card": "Null Pointer"}]}, opp=opp)
    act(s, "deploy #017 Blackhat Broker")
    act(s, "target opposing slot 1 (Intern Sprint)")
    assert s.players[1].card[1] == -1


def test_fc_passive_applies_while_its_condition_holds():
    s = duel(me={"field": [{"card": "Vibe Coder Prime"}, {"card": "Intern Sprint"}]},
             opp={"field": [{"card": "Intern Sprint"}]})
    assert power(s, 0, 2) == 2                               # my turn: +1 to another Vibe Coder
    act(s, "end turn")
    assert power(s, 0, 2) == 1


def both_powers(s, player: int, fighter: int) -> int:
    """`power` of one fighter, checked against `powers` (the observation's one-pass sum)."""
    value = power(s, player, fighter)
    assert powers(s, player)[fighter] == value
    return value


def test_fc033_vibe_coder_prime_counts_itself():
    # "Your Vibe Coder Characters have +1 Power on your turn": it is a Vibe Coder Character.
    s = duel(me={"field": [{"card": "Vibe Coder Prime"}, {"card": "Intern Sprint"},
                           {"card": "Seedling Model"}]})
    assert both_powers(s, 0, 1) == 3 + 1 and both_powers(s, 0, 2) == 1 + 1
    assert both_powers(s, 0, 3) == 2                         # a Researcher: no bonus
    act(s, "end turn")
    assert both_powers(s, 0, 1) == 3 and both_powers(s, 0, 2) == 1


def test_fc058_gardener_of_weights_counts_itself():
    # "Your Researcher Characters have +1 Power", on either player's turn.
    s = duel(me={"field": [{"card": "Gardener of Weights"}, {"card": "Seedling Model"},
                           {"card": "Intern Sprint"}]})
    assert both_powers(s, 0, 1) == 4 + 1 and both_powers(s, 0, 2) == 2 + 1
    assert both_powers(s, 0, 3) == 1 and both_powers(s, 0, 0) == 5   # a Vibe Coder, the Leader
    act(s, "end turn")
    assert both_powers(s, 0, 1) == 4 + 1 and both_powers(s, 0, 2) == 2 + 1


def test_fc078_mixture_of_experts_counts_itself_while_defending():
    # "Your Researcher Characters have +1 Power while defending": the Leader's 5 against 5 + 1.
    s = duel(opp={"field": [{"card": "Mixture of Experts", "exhausted": True}]})
    assert both_powers(s, 1, 1) == 5                         # not in a battle
    act(s, "attack opposing slot 1 (Mixture of Experts) with Leader")
    assert s.players[1].card[1] >= 0                         # 5 < 6: it survives
    assert [e for e in s.events if e[0] == "compare"] == [("compare", 0, 5, 6, False)]


def test_fc070_amanda_askell_other_characters_leave_her_out():
    # "Your other Characters have +1 Power while defending": her own 5 against the Leader's 5.
    s = duel(opp={"field": [{"card": "Amanda Askell", "exhausted": True}]})
    act(s, "attack opposing slot 1 (Amanda Askell) with Leader")
    assert [e for e in s.events if e[0] == "compare"] == [("compare", 0, 5, 5, True)]
    assert s.players[1].card[1] == -1


def test_fc_activated_ability_pays_full_cost_once_per_turn():
    s = duel(me={"field": [{"card": "Hackathon Champion"}], "ram": {"ready": 2}})
    act(s, "activate slot 1 (Hackathon Champion)")
    assert power(s, 0, 1) == 5 and s.players[0].ram_ready == 1
    assert "activate slot 1 (Hackathon Champion)" not in labels(s)
    s = duel(me={"field": [{"card": "Hackathon Champion"}], "ram": {"ready": 0}})
    assert "activate slot 1 (Hackathon Champion)" not in labels(s)


def test_fc_once_per_turn_resets_on_own_next_turn():
    s = duel(me={"field": [{"card": "Hackathon Champion"}], "ram": {"ready": 1}})
    act(s, "activate slot 1 (Hackathon Champion)")
    act(s, "end turn")
    act(s, "end turn")
    assert "activate slot 1 (Hackathon Champion)" in labels(s)


def test_fc_healing_stops_at_five():
    s = duel(me={"hp": 5, "hand": ["Medic Daemon"], "ram": {"ready": 3}})
    act(s, "deploy #052 Medic Daemon")
    assert s.players[0].hp == 5
    s = duel(me={"hp": 3, "hand": ["Cooling Loop"], "ram": {"ready": 2}})
    act(s, "execute #046 Cooling Loop")
    assert s.players[0].hp == 5


def test_fc_effect_damage_to_zero_hp_wins_at_once():
    s = duel(me={"hand": ["Growth Hacker"], "ram": {"ready": 3}}, opp={"hp": 1})
    act(s, "deploy #030 Growth Hacker")
    assert s.is_terminal() and s.winner == 0


def test_fc_start_of_turn_trigger_and_ram_effects():
    s = duel(me={"field": [{"card": "Solar Panel Drone"}], "hp": 3}, turn=9)
    act(s, "end turn")
    act(s, "end turn")
    assert s.pending is None                               # the same heal twice: no order to choose
    assert s.players[0].hp == 3 + 1 + 1                    # Leader and Drone heal at turn start
    s = duel(me={"hand": ["Hot Swap"], "ram": {"ready": 2, "exhausted": 3}})
    act(s, "execute #047 Hot Swap")
    assert s.players[0].ram_ready == 2 and s.players[0].ram_exhausted == 3
