"""Frozen card records of FE Cipher (FE-6): what a validated card data file becomes.

A card is one card name ("Marth, Prince of Altea" = character + title, FE-1) with a
color, a deploy cost, an optional promotion cost (only promoted cards have one), power,
support power, a range (FE-3: `()`, `(1,)`, `(2,)` or `(1, 2)`), types and skills.
The vocabulary below is documented in docs/rules/cipher.md under "Card data".
Behaviour comes from the named-effect registry in `effects.py`; the rules code never
branches on a card's name.
"""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.effect_params import EffectSpec

COLORS: tuple[str, ...] = ("red", "blue", "white", "black", "green", "purple", "yellow", "brown")
TYPES: tuple[str, ...] = ("male", "female", "sword", "lance", "axe", "bow", "tome", "staff",
                          "dagger", "flier", "armored", "beast", "dragon", "dancer")

# When a skill works.
TRIGGERS: tuple[str, ...] = (
    "activated",        # [ACT] used by its owner in their Action Phase, paying its cost
    "continuous",       # [CONT] a power bonus that holds while its condition holds
    "on_attack",        # this unit attacks (battle step 1)
    "on_defend",        # this unit is attacked (battle step 1)
    "on_deploy",        # this unit is deployed from hand (not a level up or class change)
    "on_class_change",  # this card is placed by class change (after the class-change draw)
    "on_level_up",      # this card is placed by level up
    "on_supported",     # this unit, battling, is supported by a card of another character name
    "support_attack",   # this card, flipped for support, supports an attacker of another name
    "support_defense",  # this card, flipped for support, supports a defender of another name
)
SUPPORT_TRIGGERS: tuple[str, ...] = ("support_attack", "support_defense")
UNIT_TRIGGERS: tuple[str, ...] = ("on_attack", "on_defend", "on_deploy", "on_class_change",
                                  "on_level_up", "on_supported")

# Effect names and the params each takes (checked when card files load).
EFFECT_PARAMS: dict[str, frozenset[str]] = {
    "draw": frozenset({"n"}),
    "power": frozenset({"amount", "target", "duration"}),
    "destroy": frozenset({"max_cost"}),
    "tap": frozenset(),
    "untap": frozenset({"target"}),
    "move": frozenset({"target"}),
    "flip_bonds": frozenset({"n"}),
    "retrieve": frozenset({"max_cost"}),
    "bond_from_deck": frozenset({"n"}),
    "power_bonus": frozenset({"amount", "applies", "when"}),
}
# `target` values per effect (who the effect acts on).
EFFECT_TARGETS: dict[str, tuple[str, ...]] = {
    "power": ("self", "supported", "ally", "other_ally", "enemy"),
    "untap": ("self", "other_ally"),
    "move": ("self", "other_ally", "enemy"),
}
DURATIONS: tuple[str, ...] = ("battle", "turn")
# `power_bonus` (continuous): which units it applies to, and in which situation.
BONUS_APPLIES: tuple[str, ...] = ("self", "other_allies", "mc")
BONUS_WHEN: tuple[str, ...] = ("always", "attacking", "defending", "my_turn", "opponent_turn")
# The params whose value is a word of the vocabulary: (the words, what the errors call it).
PARAM_ENUMS: dict[str, tuple[tuple[str, ...], str]] = {
    "duration": (DURATIONS, "duration"), "applies": (BONUS_APPLIES, "applies"), "when": (BONUS_WHEN, "when")}
# Condition keys (all given keys must hold).
CONDITION_KEYS: tuple[str, ...] = (
    "min_bonds",        # int: the owner has at least this many bonds (face-up or down)
    "is_mc",            # true: the source unit is its owner's MC
    "line",             # "front" | "rear": the source unit's line
    "promoted",         # true: the source unit counts as promoted
    "ally_character",   # name: another unit of the owner has this character name
    "vs_type",          # type: in a battle, the opposing unit has this type ("effective")
    "target_type",      # type: the unit a continuous bonus applies to has this type
)
MAX_ACTIVATED = 2       # activated skills per card (sizes the action space)


@dataclass(frozen=True)
class Skill(EffectSpec):
    """One skill (trigger, named effect with params, condition); an activated one costs
    `reverse` face-up bonds and, with `tap`, tapping its unit."""

    reverse: int = 0
    tap: bool = False


@dataclass(frozen=True)
class CardSpec:
    """The game rules of one card name."""

    id: int
    character: str
    title: str
    color: str
    cost: int
    power: int
    support: int
    range: tuple[int, ...] = (1,)
    promotion_cost: int = 0
    types: tuple[str, ...] = ()
    class_name: str = ""
    skills: tuple[Skill, ...] = ()

    @property
    def code(self) -> str:
        """The card code as printed, e.g. "FE012"."""
        return f"FE{self.id:03d}"

    @property
    def name(self) -> str:
        """The card name (character plus title), the unit of the copy limit (FE-1)."""
        return f"{self.character}, {self.title}"

    @property
    def is_promoted(self) -> bool:
        """A promoted card: it has a promotion cost and may class change onto its character."""
        return self.promotion_cost > 0

    @property
    def range_text(self) -> str:
        """"1", "2", "1-2" or "-"."""
        return "-".join(map(str, self.range)) if self.range else "-"

    def skills_for(self, trigger: str) -> tuple[Skill, ...]:
        """The skills with the given trigger."""
        return tuple(s for s in self.skills if s.trigger == trigger)
