"""Loading and validating the First Cycle card data files (rulings FC-9, C-4).

The card set is data: `cards/<color>.json`, each a list of card objects. Every file is
checked on load with pydantic v2 models (unknown fields are refused, every enum is
checked against the vocabulary of `cardspec.py`, effect params must match
`EFFECT_PARAMS[effect]` exactly) and by the cross-field rules below, then converted to
the frozen `CardSpec` / `Ability` / `PrintSpec` records. Any problem raises
`CardDataError` naming the card (number and name when known) and the field path,
e.g. ``card #012 'Null Pointer': field abilities[0].effect: unknown effect 'drw'``.

RAM Modules are collectibles only (FC-10: prints AIM01..AIM60); they are listed in
`CardSet.ram_prints` and are never deck cards.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from sim.core import carddata
from sim.core.carddata import StrictModel, check_enum, sorted_pairs
from sim.core.errors import CardDataError
from sim.first_cycle.cardspec import (
    COLORS,
    CONDITION_KEYS,
    EFFECT_PARAMS,
    ILLUSTRATIONS,
    KINDS,
    PARAM_ENUMS,
    RARITIES,
    TARGETS,
    TRIGGERS,
    Ability,
    CardSpec,
    PrintSpec,
)

CARDS_DIR = Path(__file__).with_name("cards")
RAM_PRINT_COUNT = 60
RAM_PRINTS: tuple[str, ...] = tuple(f"AIM{i:02d}" for i in range(1, RAM_PRINT_COUNT + 1))
PRINT_SUFFIX: dict[str, str] = {"standard": "", "alt": "-ALT", "v2": "-V2", "v3": "-V3"}

# Which triggers each kind of card may use.
KIND_TRIGGERS: dict[str, frozenset[str]] = {
    "leader": frozenset({"passive", "start_of_turn"}),
    "character": frozenset({"on_play", "on_attack", "on_ko", "on_opponent_ko", "start_of_turn",
                            "passive", "activated"}),
    "protocol": frozenset({"play", "special"}),
}
# Allowed `target` values per effect.
EFFECT_TARGETS: dict[str, frozenset[str]] = {
    "power": frozenset(TARGETS),
    "exhaust": frozenset({"opposing_character", "opposing_exhausted_character"}),
    "ready": frozenset({"self", "own_leader", "own_fighter", "own_character"}),
    "ko": frozenset({"opposing_character", "opposing_exhausted_character"}),
}
MAX_SCAN = 3

ParamValue = StrictBool | StrictInt | StrictStr


class _TraitCount(StrictModel):
    trait: StrictStr = Field(min_length=1)
    min: StrictInt = Field(ge=1)


class _AbilityModel(StrictModel):
    trigger: StrictStr
    effect: StrictStr
    params: dict[str, ParamValue] = Field(default_factory=dict)
    condition: dict[str, StrictBool | StrictInt | StrictStr | _TraitCount] = Field(default_factory=dict)
    cost: StrictInt = Field(default=0, ge=0, le=10)
    once_per_turn: StrictBool = False
    text: StrictStr = ""


class _PrintModel(StrictModel):
    rarity: StrictStr
    illustration: StrictStr = "standard"
    artist: StrictStr = ""
    print_id: StrictStr | None = None


class _CardModel(StrictModel):
    number: StrictInt = Field(ge=1, le=999)
    name: StrictStr = Field(min_length=1)
    kind: StrictStr
    color: StrictStr
    cost: StrictInt = Field(default=0, ge=0, le=10)
    power: StrictInt = Field(ge=0, le=20)
    hp: StrictInt = Field(default=0, ge=0, le=20)
    traits: list[StrictStr] = Field(default_factory=list)
    rush: StrictBool = False
    guard: StrictBool = False
    abilities: list[_AbilityModel] = Field(default_factory=list)
    prints: list[_PrintModel] = Field(min_length=1)
    deck_limit: StrictInt = Field(default=3, ge=1, le=10)
    text: StrictStr = ""


def _check_params(errors: list[tuple[str, str]], path: str, a: _AbilityModel) -> None:
    """Effect params: exactly the names of EFFECT_PARAMS[effect], each with a sensible value."""
    effect = a.effect

    def check_value(p: str, k: str, v: Any) -> None:
        if k in ("n", "amount", "max_power"):
            if isinstance(v, bool) or not isinstance(v, int):
                errors.append((p, f"must be an int, got {v!r}"))
            elif (k == "n" and not 1 <= v <= (MAX_SCAN if effect == "scan" else 5)
                  or k == "amount" and (v == 0 or abs(v) > 5 or (v < 0 and effect != "power"))):
                errors.append((p, f"{v} out of range for effect {effect!r}"))
            elif k == "max_power" and not 0 <= v <= 20:
                errors.append((p, f"{v} out of range"))
        elif not isinstance(v, str):
            errors.append((p, f"must be a string, got {v!r}"))
        elif k == "target":
            targets = sorted(EFFECT_TARGETS.get(effect, TARGETS))
            check_enum(errors, p, v, targets, f"target for effect {effect!r}")
        else:
            check_enum(errors, p, v, *PARAM_ENUMS[k])

    carddata.check_effect_params(errors, path, effect, a.params, EFFECT_PARAMS[effect], check_value)


def _check_condition(errors: list[tuple[str, str]], path: str, cond: dict[str, Any]) -> None:
    for k, v in cond.items():
        p = f"{path}.condition.{k}"
        if k not in CONDITION_KEYS:
            errors.append((p, f"unknown condition key {k!r} (allowed: {', '.join(CONDITION_KEYS)})"))
        elif k == "team_link":
            if not isinstance(v, str):
                errors.append((p, f"must be a color, got {v!r}"))
            else:
                check_enum(errors, p, v, COLORS, "color")
        elif k in ("cross_team", "target_exhausted") and v is not True:
            errors.append((p, f"must be true, got {v!r}"))
        elif k == "trait_count" and not isinstance(v, _TraitCount):
            errors.append((p, f"must be an object {{'trait': str, 'min': int}}, got {v!r}"))
        elif k == "leader_hp_at_most" and (isinstance(v, bool) or not isinstance(v, int)
                                           or not 1 <= v <= 20):
            errors.append((p, f"must be an int 1..20, got {v!r}"))


def _check_ability(errors: list[tuple[str, str]], path: str, a: _AbilityModel, card: _CardModel) -> None:
    check_enum(errors, f"{path}.trigger", a.trigger, TRIGGERS, "trigger")
    if a.effect not in EFFECT_PARAMS:
        errors.append((f"{path}.effect", f"unknown effect {a.effect!r}"))
        return
    _check_params(errors, path, a)
    _check_condition(errors, path, a.condition)
    if a.trigger not in TRIGGERS:
        return
    if card.kind in KIND_TRIGGERS and a.trigger not in KIND_TRIGGERS[card.kind]:
        errors.append((f"{path}.trigger", f"trigger {a.trigger!r} not allowed on a {card.kind}"))
    if (a.effect == "power_bonus") != (a.trigger == "passive"):
        errors.append((f"{path}.effect", ("a 'passive' ability takes exactly the 'power_bonus' effect"
                                           f" (got trigger {a.trigger!r} with effect {a.effect!r})")))
    if a.trigger != "activated" and (a.cost or a.once_per_turn):
        errors.append((f"{path}.cost", "only 'activated' abilities have a cost or once_per_turn"))
    if a.trigger == "special" and not a.condition:
        errors.append((f"{path}.condition", "a 'special' ability needs a condition"))
    if a.params.get("applies") == "allies_with_trait" and not card.traits:
        errors.append((f"{path}.params.applies", "'allies_with_trait' needs the card to have a trait"))


def _check_card(m: _CardModel) -> list[tuple[str, str]]:
    """Cross-field rules of one card (kind, prints, abilities)."""
    errors: list[tuple[str, str]] = []
    check_enum(errors, "kind", m.kind, KINDS, "kind")
    check_enum(errors, "color", m.color, COLORS, "color")
    for i, a in enumerate(m.abilities):
        _check_ability(errors, f"abilities[{i}]", a, m)
    if len(set(m.traits)) != len(m.traits) or any(not t for t in m.traits):
        errors.append(("traits", "traits must be distinct non-empty names"))
    seen_ill: set[str] = set()
    for i, p in enumerate(m.prints):
        check_enum(errors, f"prints[{i}].rarity", p.rarity, RARITIES, "rarity")
        check_enum(errors, f"prints[{i}].illustration", p.illustration, ILLUSTRATIONS, "illustration")
        if p.illustration in seen_ill:
            errors.append((f"prints[{i}].illustration", f"duplicate illustration {p.illustration!r}"))
        seen_ill.add(p.illustration)
        want = f"FC{m.number:03d}{PRINT_SUFFIX.get(p.illustration, '')}"
        if p.print_id is not None and p.print_id != want:
            errors.append((f"prints[{i}].print_id", f"{p.print_id!r} should be {want!r}"))
        if (p.rarity == "L") != (m.kind == "leader") and p.rarity in RARITIES:
            errors.append((f"prints[{i}].rarity", "rarity 'L' is for leaders, and leaders are 'L'"))
    if m.prints[0].illustration != "standard":
        errors.append(("prints[0].illustration", "the first print must be the standard illustration"))
    if m.kind == "leader":
        if m.hp < 1:
            errors.append(("hp", "a leader needs hp >= 1"))
        if m.cost != 0:
            errors.append(("cost", "a leader costs 0"))
        if len(m.abilities) > 1:
            errors.append(("abilities", "a leader has at most one ability"))
    elif m.hp != 0:
        errors.append(("hp", f"only leaders have hp (a {m.kind} has hp 0)"))
    if m.kind != "character" and (m.rush or m.guard):
        errors.append(("rush" if m.rush else "guard", f"keywords are for characters, not a {m.kind}"))
    if m.kind == "protocol" and not any(a.trigger == "play" for a in m.abilities):
        errors.append(("abilities", "a protocol needs a 'play' ability"))
    return errors


def _to_spec(m: _CardModel) -> CardSpec:
    prints = tuple(
        PrintSpec(print_id=f"FC{m.number:03d}{PRINT_SUFFIX[p.illustration]}", number=m.number,
                  rarity=p.rarity, illustration=p.illustration, artist=p.artist)
        for p in m.prints)
    abilities = tuple(
        Ability(trigger=a.trigger, effect=a.effect, params=sorted_pairs(a.params),
                condition=sorted_pairs(a.condition), cost=a.cost, once_per_turn=a.once_per_turn, text=a.text)
        for a in m.abilities)
    return CardSpec(number=m.number, name=m.name, kind=m.kind, color=m.color, cost=m.cost,
                    power=m.power, hp=m.hp, traits=tuple(m.traits), rush=m.rush, guard=m.guard,
                    abilities=abilities, prints=prints, deck_limit=m.deck_limit, text=m.text)


def _label(raw: Any, index: int) -> str:
    """How an error names a card: number and name when they can be read."""
    if isinstance(raw, dict):
        num, name = raw.get("number"), raw.get("name")
        num_s = f"#{num:03d}" if isinstance(num, int) and not isinstance(num, bool) else f"[{index}]"
        return f"card {num_s} {name!r}" if isinstance(name, str) else f"card {num_s}"
    return f"card [{index}]"


def parse_card(raw: Any, index: int = 0, origin: str = "") -> CardSpec:
    """Validate one raw card object and return its CardSpec (CardDataError on any problem)."""
    label = carddata.card_label(origin, _label(raw, index))
    return carddata.checked_card(_CardModel, raw, label, _check_card, _to_spec)


class CardSet(carddata.CardTable, number=("number", "collector number"), name=("name", "name")):
    """The validated First Cycle card set: CardSpecs by collector number (`by_number`) and
    prints by id."""

    def __init__(self, cards: Iterable[CardSpec]):
        cards = list(cards)
        super().__init__(cards)
        self.by_number: dict[int, CardSpec] = self.specs
        self.numbers: tuple[int, ...] = tuple(self.by_number)
        self.prints: dict[str, PrintSpec] = {p.print_id: p for c in cards for p in c.prints}
        self.ram_prints: tuple[str, ...] = RAM_PRINTS

    def card(self, number: int) -> CardSpec:
        """The CardSpec of collector number `number` (CardDataError when there is none)."""
        try:
            return self.by_number[number]
        except KeyError:
            raise CardDataError(f"no card with collector number {number!r} in the card set") from None

    def print_spec(self, print_id: str) -> PrintSpec:
        """The PrintSpec of `print_id` such as "FC039-V3" (CardDataError when unknown)."""
        try:
            return self.prints[print_id]
        except KeyError:
            raise CardDataError(f"unknown print id {print_id!r}") from None

    def number_of_print(self, print_id: str) -> int:
        """The collector number of a print id."""
        return self.print_spec(print_id).number

    def card_of_print(self, print_id: str) -> CardSpec:
        """The CardSpec (game rules) of a print id."""
        return self.by_number[self.number_of_print(print_id)]

    def by_name(self, name: str) -> CardSpec:
        """The CardSpec named exactly `name` (CardDataError when unknown)."""
        try:
            return self.named[name]
        except KeyError:
            raise CardDataError(f"no card named {name!r} in the card set") from None

    def leaders(self) -> list[CardSpec]:
        """Every leader, by collector number."""
        return [c for c in self.by_number.values() if c.kind == "leader"]

    def leader_of_color(self, color: str) -> CardSpec:
        """The lowest-numbered leader of `color`."""
        for c in self.leaders():
            if c.color == color:
                return c
        raise CardDataError(f"no leader of color {color!r} in the card set")

    def standard_print(self, number: int) -> str:
        """The print id of the standard illustration of a collector number."""
        return self.card(number).prints[0].print_id


# load_card_set_from(files, raw card dicts or lists of them) and load_card_set(overrides=()), the card
# set shipped in cards/*.json (read once per overrides value; card codes "FC033").
_FILES = carddata.CardFiles(CARDS_DIR, parse_card, CardSet, code=lambda raw: f"FC{raw['number']:03d}",
                            fields=_CardModel.model_fields, protected=("number", "name", "text", "prints"))
load_card_set_from = _FILES.load_from
load_card_set = _FILES.shipped
