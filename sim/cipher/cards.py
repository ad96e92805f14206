"""Loading and validating the FE Cipher card data files (rulings FE-6, C-4).

The card set is data: `cards/<color>.json`, each a list of card objects. Every file is
checked on load with pydantic v2 models (unknown fields refused, strict types), then by
the cross-field rules below (every enum against the vocabulary of `cardspec.py`, effect
params exactly `EFFECT_PARAMS[effect]`, costs only on activated skills ...), and turned
into frozen `CardSpec` / `Skill` records. Any problem raises `CardDataError` naming the
file, the card and the field path, e.g.
``red.json: card FE003 'Marth, Prince of Altea': field skills[0].effect: unknown effect 'drw'``.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from sim.cipher.cardspec import (
    COLORS,
    CONDITION_KEYS,
    EFFECT_PARAMS,
    EFFECT_TARGETS,
    MAX_ACTIVATED,
    PARAM_ENUMS,
    SUPPORT_TRIGGERS,
    TRIGGERS,
    TYPES,
    CardSpec,
    Skill,
)
from sim.core import carddata
from sim.core.carddata import StrictModel, check_enum, sorted_pairs
from sim.core.errors import CardDataError

CARDS_DIR = Path(__file__).with_name("cards")
ParamValue = StrictBool | StrictInt | StrictStr


class _CostModel(StrictModel):
    reverse: StrictInt = Field(default=0, ge=0, le=5)
    tap: StrictBool = False


class _SkillModel(StrictModel):
    trigger: StrictStr
    effect: StrictStr
    params: dict[str, ParamValue] = Field(default_factory=dict)
    condition: dict[str, ParamValue] = Field(default_factory=dict)
    cost: _CostModel | None = None
    once_per_turn: StrictBool = False
    text: StrictStr = ""


class _CardModel(StrictModel):
    id: StrictInt = Field(ge=1, le=999)
    character: StrictStr = Field(min_length=1)
    title: StrictStr = Field(min_length=1)
    color: StrictStr
    cost: StrictInt = Field(ge=0, le=9)
    promotion_cost: StrictInt = Field(default=0, ge=0, le=9)
    power: StrictInt = Field(ge=0, le=150)
    support: StrictInt = Field(ge=0, le=50)
    range: list[StrictInt] = Field(max_length=2)
    types: list[StrictStr] = Field(default_factory=list)
    class_name: StrictStr = ""
    skills: list[_SkillModel] = Field(default_factory=list)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_params(errors: list[tuple[str, str]], path: str, s: _SkillModel) -> None:
    """Effect params: exactly the names of EFFECT_PARAMS[effect], each with a sensible value."""
    effect = s.effect

    def check_value(p: str, k: str, v: Any) -> None:
        if k == "n":
            if not _is_int(v) or not 1 <= v <= 3:
                errors.append((p, f"must be an int 1..3, got {v!r}"))
        elif k == "max_cost":
            if not _is_int(v) or not 0 <= v <= 9:
                errors.append((p, f"must be an int 0..9, got {v!r}"))
        elif k == "amount":
            if not _is_int(v) or v == 0 or abs(v) > 100 or v % 10:
                errors.append((p, f"must be a nonzero multiple of 10 in -100..100, got {v!r}"))
        elif k == "target":
            check_enum(errors, p, v, EFFECT_TARGETS[effect], f"target for effect {effect!r}")
        else:
            check_enum(errors, p, v, *PARAM_ENUMS[k])

    carddata.check_effect_params(errors, path, effect, s.params, EFFECT_PARAMS[effect], check_value)


def _check_condition(errors: list[tuple[str, str]], path: str, s: _SkillModel) -> None:
    for k, v in s.condition.items():
        p = f"{path}.condition.{k}"
        if not check_enum(errors, p, k, CONDITION_KEYS, "condition key"):
            continue
        if k == "min_bonds" and (not _is_int(v) or not 1 <= v <= 20):
            errors.append((p, f"must be an int 1..20, got {v!r}"))
        elif k in ("is_mc", "promoted") and v is not True:
            errors.append((p, f"must be true, got {v!r}"))
        elif k == "line":
            check_enum(errors, p, v, ("front", "rear"), "line")
        elif k in ("vs_type", "target_type"):
            check_enum(errors, p, v, TYPES, "type")
        elif k == "ally_character" and (not isinstance(v, str) or not v):
            errors.append((p, f"must be a character name, got {v!r}"))
        if k == "target_type" and s.trigger != "continuous":
            errors.append((p, "'target_type' is for continuous skills only"))


def _check_skill(errors: list[tuple[str, str]], path: str, s: _SkillModel) -> None:
    check_enum(errors, f"{path}.trigger", s.trigger, TRIGGERS, "trigger")
    if not check_enum(errors, f"{path}.effect", s.effect, EFFECT_PARAMS, "effect"):
        return
    _check_params(errors, path, s)
    _check_condition(errors, path, s)
    if (s.effect == "power_bonus") != (s.trigger == "continuous"):
        errors.append((f"{path}.effect", ("a 'continuous' skill takes exactly the 'power_bonus' effect "
                                         f"(got trigger {s.trigger!r} with effect {s.effect!r})")))
    if s.trigger != "activated":
        if s.cost is not None or s.once_per_turn:
            errors.append((f"{path}.cost", "only 'activated' skills have a cost or once_per_turn"))
    else:
        cost = s.cost or _CostModel()
        if s.effect in ("untap", "flip_bonds") and not s.once_per_turn:
            errors.append((f"{path}.once_per_turn", (f"an activated {s.effect!r} skill must be once_per_turn "
                                                    "(it gives back what costs are paid with, so it could loop)")))
        elif not (cost.tap or cost.reverse or s.once_per_turn):
            errors.append((f"{path}.cost", "an activated skill needs a tap or reverse cost, or once_per_turn"))
    target = s.params.get("target")
    if s.trigger in SUPPORT_TRIGGERS:
        if target in ("self", "other_ally"):
            errors.append((f"{path}.params.target", (f"a support skill has no unit of its own; "
                                                    f"target {target!r} is not allowed")))
    elif target == "supported":
        errors.append((f"{path}.params.target", "target 'supported' is for support skills only"))
    battle_ok = (s.trigger in ("on_attack", "on_defend", "on_supported") + SUPPORT_TRIGGERS
                 and target in ("self", "supported"))
    if s.params.get("duration") == "battle" and not battle_ok:
        errors.append((f"{path}.params.duration", ("duration 'battle' is for on_attack, on_defend, on_supported "
                                                  "and support skills acting on their own battling unit")))


def _check_card(m: _CardModel) -> list[tuple[str, str]]:
    """Cross-field rules of one card."""
    errors: list[tuple[str, str]] = []
    check_enum(errors, "color", m.color, COLORS, "color")
    if m.power % 10:
        errors.append(("power", f"must be a multiple of 10, got {m.power}"))
    if m.support % 10:
        errors.append(("support", f"must be a multiple of 10, got {m.support}"))
    if any(r not in (1, 2) for r in m.range) or m.range != sorted(set(m.range)):
        errors.append(("range", f"must be [], [1], [2] or [1, 2], got {m.range}"))
    for i, t in enumerate(m.types):
        check_enum(errors, f"types[{i}]", t, TYPES, "type")
    if len(set(m.types)) != len(m.types):
        errors.append(("types", "types must be distinct"))
    for i, s in enumerate(m.skills):
        _check_skill(errors, f"skills[{i}]", s)
    if sum(1 for s in m.skills if s.trigger == "activated") > MAX_ACTIVATED:
        errors.append(("skills", f"at most {MAX_ACTIVATED} activated skills per card"))
    return errors


def _to_spec(m: _CardModel) -> CardSpec:
    skills = tuple(
        Skill(trigger=s.trigger, effect=s.effect, params=sorted_pairs(s.params),
              condition=sorted_pairs(s.condition), reverse=s.cost.reverse if s.cost else 0,
              tap=s.cost.tap if s.cost else False, once_per_turn=s.once_per_turn, text=s.text)
        for s in m.skills)
    return CardSpec(id=m.id, character=m.character, title=m.title, color=m.color, cost=m.cost,
                    power=m.power, support=m.support, range=tuple(m.range),
                    promotion_cost=m.promotion_cost, types=tuple(m.types), class_name=m.class_name,
                    skills=skills)


def _label(raw: Any, index: int) -> str:
    """How an error names a card: code and name when they can be read."""
    if isinstance(raw, dict):
        cid = raw.get("id")
        code = f"FE{cid:03d}" if _is_int(cid) else f"[{index}]"
        ch, ti = raw.get("character"), raw.get("title")
        if isinstance(ch, str) and isinstance(ti, str):
            return f"card {code} '{ch}, {ti}'"
        return f"card {code}"
    return f"card [{index}]"


def parse_card(raw: Any, index: int = 0, origin: str = "") -> CardSpec:
    """Validate one raw card object and return its CardSpec (CardDataError on any problem)."""
    label = carddata.card_label(origin, _label(raw, index))
    return carddata.checked_card(_CardModel, raw, label, _check_card, _to_spec)


class CardSet(carddata.CardTable, number=("id", "id"), name=("title", "card name")):
    """The validated FE Cipher card set: CardSpecs by id (`by_id`), code and name;
    character ids."""

    def __init__(self, cards: Iterable[CardSpec]):
        super().__init__(cards)
        self.by_id: dict[int, CardSpec] = self.specs
        self.max_id: int = self.max_number
        self.by_name: dict[str, CardSpec] = self.named
        self.by_code: dict[str, CardSpec] = {c.code: c for c in self.by_id.values()}
        self.characters: tuple[str, ...] = tuple(sorted({c.character for c in self.by_id.values()}))
        self.char_id: dict[str, int] = {n: i for i, n in enumerate(self.characters)}
        for c in self.by_id.values():
            for i, s in enumerate(c.skills):
                ally = dict(s.condition).get("ally_character")
                if ally is not None and ally not in self.char_id:
                    raise CardDataError(f"card {c.code} {c.name!r}: field skills[{i}].condition."
                                        f"ally_character: no card has character {ally!r}")

    def card(self, ref: int | str) -> CardSpec:
        """A CardSpec by id (12), code ("FE012") or card name (CardDataError when unknown)."""
        if _is_int(ref) and ref in self.by_id:
            return self.by_id[ref]
        if isinstance(ref, str):
            if ref in self.by_code:
                return self.by_code[ref]
            if ref in self.by_name:
                return self.by_name[ref]
        raise CardDataError(f"no card {ref!r} in the card set (give an id, a code like 'FE012' or a card name)")

    def colors(self) -> list[str]:
        """The colors that have cards."""
        return sorted({c.color for c in self})


# load_card_set_from(files, raw card dicts or lists of them) and load_card_set(overrides=()), the card
# set shipped in cards/*.json (read once per overrides value; card codes "FE012").
_FILES = carddata.CardFiles(CARDS_DIR, parse_card, CardSet, code=lambda raw: f"FE{raw['id']:03d}",
                            fields=_CardModel.model_fields, protected=("id", "character", "title"))
load_card_set_from = _FILES.load_from
load_card_set = _FILES.shipped
