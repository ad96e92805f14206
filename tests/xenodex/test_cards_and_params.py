"""The card data (XD-9) and the params (every rule number, sweepable)."""
from __future__ import annotations

from collections import Counter

from sim import game_names, load_game
from sim.xenodex.cardspec import ECHO_EFFECTS, FACTIONS
from sim.xenodex.game import XenodexGame
from sim.xenodex.params import XenodexParams
from tests.xenodex.helpers import GAME2, GAME4


def test_xd9_three_factions_each_with_a_twenty_character_deck_and_lore():
    cs = GAME2.cards
    assert set(cs.decks) >= set(FACTIONS)
    for f in FACTIONS:
        d = cs.decks[f]
        assert d.faction == f and len(d.characters) == 20 and d.lore
        assert all(cs.characters[c].faction == f and cs.characters[c].lore for c in d.characters)
        assert max(Counter(d.characters).values()) <= 2 and len(set(d.characters)) == 10
        assert cs.anchors[f].name and cs.anchors[f].lore
    assert all(c.abilities is not None and len(c.abilities) <= 2 for c in cs.characters.values())


def test_deck_preview_shows_roster_transmissions_and_lore():
    p = GAME2.deck_preview("greys")
    assert p["title"] == "Grey Collective" and p["lore"] and p["anchor"]["name"] == "Grey Beacon"
    assert sum(c["copies"] for c in p["characters"]) == 20
    assert all(c["lore"] for c in p["characters"])
    assert {t["name"] for t in p["transmissions"]} >= {"Mind Command", "Data Windfall"}


def test_echoes_cover_surges_field_events_and_redirects():
    kinds = {e.kind for e in GAME2.cards.echoes.values()}
    assert kinds == {ECHO_EFFECTS[name][0] for name in ECHO_EFFECTS}
    assert {"surge", "field", "redirect"} <= kinds


def test_the_game_is_registered():
    assert "xenodex" in game_names()
    g = load_game("xenodex", num_players=4)
    assert isinstance(g, XenodexGame) and g.num_players == 4 and XenodexGame.params_class() is XenodexParams
    s = g.new_state(1, None)
    assert s.num_players == 4 and len(s.returns()) == 4
    assert g.default_decks() == ["synth", "greys", "others", "synth"]


def test_every_rule_number_is_a_param_with_defaults_from_the_rulebook():
    p = XenodexParams()
    assert (p.starting_cdx, p.base_income, p.anchor_cost, p.hand_size, p.anchor_pool, p.cycle_limit,
            p.deck_size, p.tx_draw, p.tx_plays) == (200, 12, 10, 4, 6, 12, 20, 2, 1)
    assert p.emission == (6, 10, 14, 18, 22) and p.contested_emission == (3, 5, 7, 9, 11)
    assert p.anchor_bp == (25, 35, 50, 65, 80) and p.anchor_def == (4, 5, 6, 7, 8)
    assert p.upgrade_costs == (6, 12, 20, 30)
    assert (p.bulwark_def, p.regen_bp, p.overcharge_str, p.aegis_damage) == (2, 4, 3, 3)
    assert (p.roll_min, p.roll_max, p.heal_cost_per_bp) == (1, 6, 1)
    assert p.ancients is False and p.echoes is True
    assert all(d["doc"] for d in XenodexParams.describe())


def test_params_are_values_with_a_stable_id():
    a = XenodexParams()
    b = a.replace(anchor_cost=12, upgrade_costs=[5, 10, 15, 20])
    assert b.upgrade_costs == (5, 10, 15, 20) and a.anchor_cost == 10
    assert a.params_id != b.params_id and XenodexParams.from_dict(b.to_dict()) == b


def test_action_space_is_fixed_for_a_params_value_and_the_same_for_every_seat():
    for g in (GAME2, GAME4):
        sizes = {g.action_space_size}
        s = g.new_state(2)
        assert all(0 <= a < g.action_space_size for a in s.legal_actions())
        assert sizes == {load_game("xenodex", num_players=g.n).action_space_size}
    assert [b[0] for b in GAME2.codec.blocks()] == [
        "done", "buy", "buy_anchor", "upgrade", "deploy", "deploy_anchor", "tx", "select", "target",
        "capture", "ability", "slot", "seat", "heal", "repair"]
