"""FC-9 (the card set) and C-4 (malformed card files are rejected naming card and field)."""
from __future__ import annotations

import copy
import json
from collections import defaultdict

import pytest

from sim.core.errors import CardDataError
from sim.first_cycle.cards import CARDS_DIR, CardSet, load_card_set, load_card_set_from
from sim.first_cycle.cardspec import COLORS, CONDITION_KEYS, EFFECT_PARAMS, TRIGGERS, CardSpec


@pytest.fixture(scope="module")
def cs() -> CardSet:
    return load_card_set()


def _raw(number: int) -> dict:
    for f in sorted(CARDS_DIR.glob("*.json")):
        for c in json.loads(f.read_text()):
            if c["number"] == number:
                return copy.deepcopy(c)
    raise KeyError(number)


def test_fc9_set_loads_and_is_cached(cs):
    assert isinstance(cs, CardSet)
    assert load_card_set() is cs
    assert all(isinstance(c, CardSpec) for c in cs)
    assert sorted(f.stem for f in CARDS_DIR.glob("*.json")) == sorted(COLORS)


def test_fc9_color_files_hold_their_color():
    for f in CARDS_DIR.glob("*.json"):
        for c in json.loads(f.read_text()):
            assert c["color"] == f.stem, (f.name, c["number"])


def test_fc9_numbers_from_001_without_gaps(cs):
    assert len(cs.numbers) >= 72
    assert cs.numbers == tuple(range(1, cs.max_number + 1))


def test_fc9_four_colors_roughly_equal(cs):
    per = defaultdict(int)
    for c in cs:
        per[c.color] += 1
    assert set(per) == set(COLORS)
    assert max(per.values()) - min(per.values()) <= 3


def test_fc9_leaders(cs):
    for color in COLORS:
        leader = cs.leader_of_color(color)
        assert leader.kind == "leader" and leader.color == color
    for c in cs.leaders():
        assert (c.power, c.hp, c.cost) == (5, 5, 0)
        assert all(p.rarity == "L" for p in c.prints)
        assert len(c.abilities) <= 1
        assert all(a.trigger in ("passive", "start_of_turn") for a in c.abilities)
    assert all(p.rarity != "L" for c in cs if c.kind != "leader" for p in c.prints)


def test_fc9_kind_ranges(cs):
    for c in cs:
        if c.kind == "character":
            assert 1 <= c.cost <= 6 and 1 <= c.power <= 9, c.name
        elif c.kind == "protocol":
            assert 0 <= c.cost <= 4 and 1 <= c.power <= 4, c.name
            triggers = [a.trigger for a in c.abilities]
            assert triggers[0] == "play" and set(triggers) <= {"play", "special"}, c.name
            assert all(a.condition for a in c.abilities_for("special")), c.name


@pytest.mark.parametrize("name,color", [("Context Window", "black"), ("Circuit Breaker", "orange"),
                                        ("Power Governor", "green"), ("Counterfactual", "blue")])
def test_fc9_zero_cost_protocols(cs, name, color):
    c = cs.by_name(name)
    assert (c.kind, c.color, c.cost, c.power) == ("protocol", color, 0, 1)
    play, special = c.abilities
    assert (play.trigger, play.effect) == ("play", "power")
    assert dict(play.params) == {"amount": -1, "target": "opposing_character", "duration": "turn"}
    assert (special.trigger, special.effect, dict(special.params)) == ("special", "scan", {"n": 1})
    assert dict(special.condition) == {"target_exhausted": True}


def test_fc9_mythics(cs):
    ada, amanda = cs.card(35), cs.card(70)
    assert (ada.name, ada.kind) == ("Ada Lovelace", "character")
    assert (amanda.name, amanda.kind) == ("Amanda Askell", "character")
    assert [p.rarity for p in ada.prints] == ["M"]
    assert [(p.print_id, p.rarity, p.illustration) for p in amanda.prints] == [
        ("FC070", "M", "standard"), ("FC070-ALT", "M", "alt")]
    assert {c.name for c in cs if any(p.rarity == "M" for p in c.prints)} == {"Ada Lovelace", "Amanda Askell"}


def test_fc9_the_singularity(cs):
    s = cs.card(39)
    assert (s.name, s.kind, s.cost, s.power, s.deck_limit) == ("The Singularity", "character", 6, 9, 1)
    assert [(p.print_id, p.rarity, p.illustration) for p in s.prints] == [
        ("FC039", "R", "standard"), ("FC039-V2", "SR", "v2"), ("FC039-V3", "G", "v3")]
    gods = [p.print_id for p in cs.prints.values() if p.rarity == "G"]
    assert gods == ["FC039-V3"]
    assert all(c.deck_limit == 3 for c in cs if c.number != 39)


def _spread(cs, pred) -> tuple[int, set[str]]:
    cards = [c for c in cs if pred(c)]
    return len(cards), {c.color for c in cards}


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_fc9_every_trigger_on_several_cards(cs, trigger):
    n, colors = _spread(cs, lambda c: any(a.trigger == trigger for a in c.abilities))
    assert n >= 3 and len(colors) >= 2, (trigger, n, colors)


@pytest.mark.parametrize("effect", sorted(EFFECT_PARAMS))
def test_fc9_every_effect_on_several_cards(cs, effect):
    n, colors = _spread(cs, lambda c: any(a.effect == effect for a in c.abilities))
    assert n >= 3 and len(colors) >= 2, (effect, n, colors)


@pytest.mark.parametrize("key", CONDITION_KEYS)
def test_fc9_every_condition_on_several_cards(cs, key):
    n, colors = _spread(cs, lambda c: any(key in dict(a.condition) for a in c.abilities))
    assert n >= 3 and len(colors) >= 2, (key, n, colors)


def test_fc9_target_exhausted_only_on_protocol_specials(cs):
    for c in cs:
        for a in c.abilities:
            if "target_exhausted" in dict(a.condition):
                assert c.kind == "protocol" and a.trigger == "special", c.name


@pytest.mark.parametrize("keyword", ["rush", "guard"])
def test_fc9_keywords_on_several_characters(cs, keyword):
    n, colors = _spread(cs, lambda c: getattr(c, keyword))
    assert n >= 3 and len(colors) >= 2
    assert all(c.kind == "character" for c in cs if getattr(c, keyword))


@pytest.mark.parametrize("trait", ["Vibe Coder", "Researcher", "Founder", "Hacker"])
def test_fc9_traits_shared(cs, trait):
    n, colors = _spread(cs, lambda c: trait in c.traits)
    assert n >= 3 and len(colors) >= 2


def test_fc9_once_per_turn_activated_with_ram_cost(cs):
    n, colors = _spread(cs, lambda c: any(a.trigger == "activated" and a.once_per_turn and a.cost >= 1
                                          for a in c.abilities))
    assert n >= 3 and len(colors) >= 2


def test_fc9_trait_count_condition_is_pairs(cs):
    a = cs.by_name("Blackhat Broker").abilities[0]
    assert dict(a.condition)["trait_count"] == (("min", 2), ("trait", "Hacker"))
    assert a.params == (("max_power", 2), ("target", "opposing_character"))


def test_fc9_prints_and_rarities(cs):
    alts = [p for p in cs.prints.values() if p.is_alternate]
    assert len([p for p in alts if p.illustration == "alt"]) >= 5
    hits = [c for c in cs if c.prints[0].rarity in ("R", "SR")]
    assert len(hits) >= 8
    order = ["C", "UC", "R", "SR", "M", "G"]
    for c in cs:
        std = c.prints[0]
        assert std.print_id == f"FC{c.number:03d}" and std.illustration == "standard"
        assert all(p.artist for p in c.prints)
        assert all(a.text for a in c.abilities) and (c.text or not c.abilities)
        for p in c.prints[1:]:
            if c.kind != "leader":
                assert order.index(p.rarity) >= order.index(std.rarity), p.print_id


def test_fc9_lookups(cs):
    assert cs.number_of_print("FC039-V3") == 39
    assert cs.print_spec("FC070-ALT").rarity == "M"
    assert cs.ram_prints[0] == "AIM01" and cs.ram_prints[-1] == "AIM60" and len(cs.ram_prints) == 60
    with pytest.raises(CardDataError, match="999"):
        cs.card(999)
    with pytest.raises(CardDataError, match="FC999"):
        cs.print_spec("FC999")
    with pytest.raises(CardDataError, match="Nobody"):
        cs.by_name("Nobody")


# --- C-4: malformed card data -------------------------------------------------------------

def _mutate_effect(c):
    c["abilities"][0]["effect"] = "drw"


def _mutate_color(c):
    c["color"] = "pink"


def _mutate_power(c):
    del c["power"]


def _mutate_param(c):
    c["abilities"][0]["params"]["amount"] = 1


def _mutate_extra(c):
    c["flavour"] = "nope"


def _mutate_target(c):
    c["abilities"][0]["params"]["target"] = "everyone"


def _mutate_condition(c):
    c["abilities"][0]["condition"] = {"moon_phase": "full"}


def _mutate_trigger(c):
    c["abilities"][0]["trigger"] = "play"


@pytest.mark.parametrize("mutate,field,word", [
    (_mutate_effect, "abilities[0].effect", "drw"),
    (_mutate_color, "color", "pink"),
    (_mutate_power, "power", "required"),
    (_mutate_param, "abilities[0].params.amount", "amount"),
    (_mutate_extra, "flavour", "Extra inputs"),
    (_mutate_target, "abilities[0].params.target", "everyone"),
    (_mutate_condition, "abilities[0].condition.moon_phase", "moon_phase"),
    (_mutate_trigger, "abilities[0].trigger", "not allowed on a character"),
])
def test_c4_bad_card_field_names_card_and_field(mutate, field, word):
    raw = _raw(8)  # Null Pointer: On Play, exhaust
    mutate(raw)
    with pytest.raises(CardDataError) as e:
        load_card_set_from([raw])
    msg = str(e.value)
    assert "#008 'Null Pointer'" in msg and f"field {field}" in msg and word in msg


def test_c4_bad_card_file_names_file(tmp_path):
    raw = _raw(8)
    raw["abilities"][0]["effect"] = "drw"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps([raw]))
    with pytest.raises(CardDataError, match=r"bad\.json: card #008 'Null Pointer': field abilities\[0\]\.effect"):
        load_card_set_from([f])


def test_c4_duplicate_number_rejected():
    a, b = _raw(8), _raw(7)
    b["number"] = 8
    for pr in b["prints"]:
        pr.pop("print_id")
    with pytest.raises(CardDataError, match="#008.*duplicate collector number"):
        load_card_set_from([a, b])


def test_c4_valid_raw_cards_load():
    small = load_card_set_from([[_raw(1), _raw(8)], _raw(39)])
    assert small.numbers == (1, 8, 39)
    assert small.card(39) == load_card_set().card(39)


def test_fc9_card_docs_up_to_date():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "cards" / "generate.py"
    spec = importlib.util.spec_from_file_location("_card_docs", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.OUT.read_text() == mod.render(), "run: python docs/cards/generate.py"
