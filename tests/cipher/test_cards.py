"""FE-6: the card set as data, with every skill kind, validated on load (C-4)."""
from __future__ import annotations

import ast
import copy
import json
from pathlib import Path

import pytest

from sim.cipher.cards import CARDS_DIR, load_card_set_from, parse_card
from sim.cipher.decks import starter_decks
from sim.core.errors import CardDataError
from tests.cipher.helpers import CS

SIM = Path(__file__).resolve().parents[2] / "sim" / "cipher"


def starter_cards():
    return [CS.card(c) for d in starter_decks().values() for c in set(d.cards)]


def skills(trigger: str, effect: str | None = None):
    return [(c, s) for c in starter_cards() for s in c.skills
            if s.trigger == trigger and (effect is None or s.effect == effect)]


def test_fe6_four_starter_decks_of_50_in_four_colors():
    decks = starter_decks()
    assert len(decks) >= 4
    colors = set()
    for d in decks.values():
        assert len(d.cards) == 50
        deck_colors = {CS.card(c).color for c in d.cards}
        colors |= deck_colors
    assert len(colors) >= 4


def test_fe6_promotions_and_level_ups_in_every_starter():
    for d in starter_decks().values():
        cards = [CS.card(c) for c in set(d.cards)]
        promoted = [c for c in cards if c.is_promoted]
        assert len(promoted) >= 3
        assert all(any(b.character == p.character and not b.is_promoted for b in cards) for p in promoted)
        level_ups = [(lo, hi) for lo in cards for hi in cards
                     if lo.character == hi.character and hi.cost > lo.cost and not hi.is_promoted]
        assert level_ups, f"{d.name} has no level-up pair"
    onto_promoted = [(p, hi) for p in CS for hi in CS if p.is_promoted and p.character == hi.character
                     and hi.cost > p.cost]
    assert len(onto_promoted) >= 3


def test_fe6_ranges_one_two_and_one_to_two():
    ranges = {c.range for c in starter_cards()}
    assert {(1,), (2,), (1, 2)} <= ranges


def test_fe6_activated_skills_with_bond_reversal_and_tap_costs():
    acts = skills("activated")
    assert sum(1 for _, s in acts if s.reverse) >= 3
    assert sum(1 for _, s in acts if s.tap) >= 3


@pytest.mark.parametrize("trigger", ["on_attack", "on_defend", "on_class_change", "on_deploy", "on_level_up"])
def test_fe6_triggered_skills(trigger):
    assert len(skills(trigger)) >= 2


def test_fe6_continuous_and_support_skills_attack_defense_draw():
    assert len(skills("continuous")) >= 5
    assert len(skills("support_attack", "power")) >= 3
    assert len(skills("support_defense", "power")) >= 3
    assert len(skills("support_attack", "draw")) >= 3


def _code_strings(path: Path) -> set[str]:
    """Every string literal of a module except docstrings."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node) is not None:
            docs.add(id(node.body[0].value))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs}


def test_fe6_the_rules_code_never_names_a_card():
    names = {c.character for c in CS} | {c.title for c in CS} | {c.name for c in CS} | {c.code for c in CS}
    for path in SIM.glob("*.py"):
        found = _code_strings(path) & names
        assert not found, f"{path.name} names cards {sorted(found)}"


def test_card_files_load_and_ids_run_without_gaps():
    assert sorted(CS.by_id) == list(range(1, len(CS) + 1))
    assert {p.stem for p in CARDS_DIR.glob("*.json")} == {"red", "blue", "white", "black"}


RAW = json.loads((CARDS_DIR / "red.json").read_text())[1]       # Marth, Star of Hope


def bad(**changes):
    raw = copy.deepcopy(RAW)
    for path, value in changes.items():
        obj = raw
        keys = path.split("__")
        for k in keys[:-1]:
            obj = obj[int(k)] if k.isdigit() else obj[k]
        if value is KeyError:
            del obj[keys[-1]]
        else:
            obj[keys[-1]] = value
    return raw


@pytest.mark.parametrize("raw, message", [
    (bad(skills__0__effect="drw"), r"card FE002 'Marth, Star of Hope': field skills\[0\].effect: unknown effect 'drw'"),
    (bad(power="lots"), "field power: Input should be a valid integer"),
    (bad(power=75), "field power: must be a multiple of 10"),
    (bad(color="pink"), "field color: unknown color 'pink'"),
    (bad(range=[3]), r"field range: must be \[\], \[1\], \[2\] or \[1, 2\]"),
    (bad(cost=KeyError), "field cost: Field required"),
    (bad(speed=3), "field speed: Extra inputs are not permitted"),
    (bad(skills__0__params__max_cost=KeyError), r"skills\[0\].params: missing param 'max_cost'"),
    (bad(skills__0__trigger="on_lunch"), r"skills\[0\].trigger: unknown trigger 'on_lunch'"),
    (bad(skills__1__once_per_turn=False, skills__1__cost={"reverse": 0, "tap": False}),
     r"skills\[1\].cost: an activated skill needs a tap or reverse cost"),
    (bad(skills__1__effect="untap", skills__1__params={"target": "other_ally"}, skills__1__once_per_turn=False),
     r"skills\[1\].once_per_turn: an activated 'untap' skill must be once_per_turn"),
    (bad(skills__0__condition={"vs_type": "robot"}), r"condition.vs_type: unknown type 'robot'"),
    (bad(types=["male", "wizard"]), r"types\[1\]: unknown type 'wizard'"),
])
def test_c4_card_file_errors_name_card_and_field(raw, message):
    with pytest.raises(CardDataError, match=message):
        parse_card(raw, 0, "red.json")


def test_c4_card_set_errors_duplicates_and_bad_files(tmp_path):
    with pytest.raises(CardDataError, match="duplicate id"):
        load_card_set_from([[RAW, RAW]])
    other = dict(RAW, id=99)
    with pytest.raises(CardDataError, match="duplicate card name"):
        load_card_set_from([[RAW, other]])
    f = tmp_path / "broken.json"
    f.write_text("{not json")
    with pytest.raises(CardDataError, match="broken.json: not valid JSON"):
        load_card_set_from([f])
    with pytest.raises(CardDataError, match="ally_character: no card has character 'Nobody'"):
        load_card_set_from([[dict(RAW, skills=[{"trigger": "continuous", "effect": "power_bonus",
                                                "params": {"amount": 10, "applies": "self", "when": "always"},
                                                "condition": {"ally_character": "Nobody"}}])]])


def test_fe24_activated_skills_that_could_loop_are_refused():
    raw = bad(skills__1__effect="flip_bonds", skills__1__params={"n": 1}, skills__1__once_per_turn=False,
              skills__1__cost={"reverse": 0, "tap": True})
    with pytest.raises(CardDataError, match="'flip_bonds' skill must be once_per_turn"):
        parse_card(raw)
    for card in CS:
        for s in card.skills:
            if s.trigger == "activated":
                assert s.once_per_turn or ((s.tap or s.reverse) and s.effect not in ("untap", "flip_bonds"))


_CONDITION_WORDS = {
    "is_mc": lambda v: "your MC",
    "line": lambda v: f"{v} line",
    "promoted": lambda v: "promoted",
    "ally_character": lambda v: f"{v} is your ally",
    "vs_type": lambda v: f"{v} unit",
    "target_type": lambda v: f"{v} unit",
    "min_bonds": lambda v: f"{v} bonds",
}


def test_fe6_every_skill_text_states_its_condition():
    """Card text and data agree: a skill whose data carries a condition says so in its text."""
    missing = [(c.code, key, s.text) for c in CS for s in c.skills for key, value in s.condition
               if _CONDITION_WORDS[key](value) not in s.text]
    assert not missing


def test_fe032_ryoma_swordmaster_raijinto_is_for_the_mc_in_text_and_data():
    ryoma = CS.card("Ryoma, Swordmaster")
    (raijinto,) = ryoma.skills
    assert raijinto.trigger == "on_attack" and raijinto.condition == (("is_mc", True),)
    assert "while it is your MC" in raijinto.text
