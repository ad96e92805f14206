"""Set-up and the four-step turn (first_cycle.md "Set-up", "Turn"; rulings C-1, FC-1, FC-7)."""
from __future__ import annotations

from tests.first_cycle.helpers import GAME, act, labels, scenario

G = "Gaia Compute Collective"   # leader whose only ability heals at turn start (capped)


def test_fc_setup_leaders_hands_ram_and_spaces():
    s = GAME.new_state(1)
    first, second = s.first_player, 1 - s.first_player
    for p in (0, 1):
        pl = s.players[p]
        assert pl.hp == 5 and s.params.leader_power == 5
        assert pl.card[1:] == [-1] * 5
        assert len(pl.hand) + len(pl.deck) == 30
        assert pl.discard == []
    assert len(s.players[first].hand) == 5           # opening turn: no draw
    assert len(s.players[second].hand) == 5          # has not played yet
    assert (s.players[first].ram_supply, s.players[first].ram_ready) == (9, 1)
    assert (s.players[second].ram_supply, s.players[second].ram_ready) == (10, 0)


def test_c1_first_player_random_and_reproducible():
    firsts = {GAME.new_state(seed).first_player for seed in range(40)}
    assert firsts == {0, 1}
    assert GAME.new_state(9).to_dict() == GAME.new_state(9).to_dict()
    assert GAME.new_state(9).to_dict() != GAME.new_state(10).to_dict()


def test_fc_opening_turns_first_skips_draw_second_draws_sixth():
    s = GAME.new_state(3)
    first, second = s.first_player, 1 - s.first_player
    while s.active == first:
        act(s, "end turn") if "end turn" in labels(s) else s.apply(s.legal_actions()[0])
    pl = s.players[second]
    assert len(pl.hand) == 6 and pl.ram_ready == 1 and pl.ram_supply == 9


def test_fc_refresh_only_active_player_and_attached_ram_returns_ready():
    s = scenario([
        {"leader": G, "leader_exhausted": True, "leader_attached": 1,
         "field": [{"card": "Rack Mover", "exhausted": True, "attached": 2}], "ram": {"exhausted": 2}},
        {"leader": G, "leader_exhausted": True, "field": [{"card": "Rack Mover", "exhausted": True}]},
    ], turn=4, first_player=1, active=1)
    act(s, "end turn")                                # turn 5: player 0 refreshes
    p0, p1 = s.players
    assert p0.exhausted[0] is False and p0.exhausted[1] is False
    assert p0.attached == [0] * 6
    assert p0.ram_ready == 2 + 1 + 2 + 1               # exhausted + attached + one installed
    assert p1.exhausted[0] is True and p1.exhausted[1] is True   # the opponent does not refresh


def test_fc_install_ram_skips_when_supply_empty():
    s = scenario([{"leader": G, "ram": {"exhausted": 10}}, {"leader": G}], turn=4, first_player=1, active=1)
    act(s, "end turn")
    assert s.players[0].ram_supply == 0 and s.players[0].ram_ready == 10


def test_fc_start_of_turn_scan_resolves_before_draw():
    s = scenario([{"leader": "Oracle of Tokens", "deck": ["Rack Mover", "Seedling Model"]},
                  {"leader": G}], turn=4, first_player=1, active=1)
    act(s, "end turn")
    kinds = [e[0] for e in s.events]
    assert kinds.index("scan") < kinds.index("draw")
    assert [GAME.cards[c].name for c in s.players[0].hand] == ["Rack Mover"]
    assert s.players[0].known_top == 0                 # the scanned card was drawn


def test_fc_draw_each_turn_and_hand_has_no_size_limit():
    s = scenario([{"leader": G, "hand": ["Rack Mover"] * 12, "deck": ["Seedling Model"]},
                  {"leader": G}], turn=4, first_player=1, active=1)
    act(s, "end turn")
    assert len(s.players[0].hand) == 13


def test_fc7_empty_deck_draws_nothing_and_play_continues():
    s = scenario([{"leader": G, "deck": []}, {"leader": G}], turn=4, first_player=1, active=1)
    act(s, "end turn")
    assert not s.is_terminal() and s.players[0].hand == [] and s.active == 0


def test_fc_zero_cost_card_playable_with_all_ram_exhausted():
    s = scenario([{"leader": G, "hand": ["Context Window"], "ram": {"exhausted": 3}}, {"leader": G}],
                 turn=3)
    assert "execute #003 Context Window" in labels(s)
    act(s, "execute #003 Context Window")
    assert GAME.cards[s.players[0].discard[-1]].name == "Context Window"


def test_fc_pay_cost_exhausts_ready_unattached_ram_that_stays_installed():
    s = scenario([{"leader": G, "hand": ["Ada Lovelace", "Rack Mover"], "leader_attached": 2,
                   "ram": {"ready": 3}, "deck": ["Rack Mover"] * 4}, {"leader": G}], turn=3)
    assert "deploy #035 Ada Lovelace" not in labels(s)          # attached modules cannot pay
    act(s, "deploy #050 Rack Mover")
    pl = s.players[0]
    assert (pl.ram_ready, pl.ram_exhausted, pl.attached[0]) == (1, 2, 2)
    assert pl.ram_installed == 5


def test_c2_turn_limit_ends_in_a_draw():
    s = scenario([{"leader": G}, {"leader": G}], turn=60, first_player=1, active=1)
    act(s, "end turn")
    assert s.is_terminal() and s.end_reason == "turn_limit" and s.returns() == [0.0, 0.0]
    assert s.winner == -1


def test_c2_turn_limit_is_a_parameter():
    from sim import load_game
    g = load_game("first_cycle", max_turns=8)
    s = g.new_state(1)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])   # always "end turn"
    assert s.turn == 8 and s.end_reason == "turn_limit"


def _main_actions_from_card_specs(s) -> list[int]:
    """The Act-step legal actions read straight from the card specs (the slow reference)."""
    g = s.game
    pl, opp = s.players[s.active], s.players[1 - s.active]
    out = [g.a_end]
    out += [g.a_play + c - 1 for c in sorted(set(pl.hand)) if s.cards[c].cost <= pl.ram_ready]
    if pl.ram_ready > 0:
        out += [g.a_attach + f for f in range(6) if pl.card[f] >= 0]
    if pl.turns_taken >= 2:
        targets = [0] + [t for t in range(1, 6) if opp.card[t] >= 0 and opp.exhausted[t]]
        for f in range(6):
            c = pl.card[f]
            if c >= 0 and not pl.exhausted[f] and (f == 0 or pl.entered[f] < s.turn
                                                   or s.cards[c].rush):
                out += [g.a_attack + 6 * f + t for t in targets]
    for f in range(6):
        c = pl.card[f]
        abilities = [a for a in s.cards[c].abilities if a.trigger == "activated"] if c >= 0 else []
        if abilities and pl.ram_ready >= abilities[0].cost and not (
                abilities[0].once_per_turn and pl.used[f]):
            out.append(g.a_activate + f)
    return out


def test_fc_act_step_legal_actions_follow_the_card_specs_in_ascending_order():
    """The Act step's legal list (built from the game's per-card tables: cost, Rush, the
    activated ability's cost and once-per-turn flag) equals a reading of the card specs."""
    import random
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        s = GAME.new_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if s.pending is None:
                assert legal == _main_actions_from_card_specs(s) == sorted(legal)
                checked += 1
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 500
