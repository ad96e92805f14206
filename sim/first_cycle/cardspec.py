"""Frozen card records of First Cycle (FC-9): what a validated card data file becomes.

The vocabulary (triggers, effects, conditions) is documented in docs/rules/first_cycle.md
under "Card data". Behaviour comes from the named-effect registry in `effects.py`;
the rules code never branches on a card's name or number.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.core.effect_params import EffectSpec

COLORS: tuple[str, ...] = ("black", "orange", "green", "blue")
KINDS: tuple[str, ...] = ("leader", "character", "protocol")
RARITIES: tuple[str, ...] = ("C", "UC", "R", "SR", "M", "G", "L")
ILLUSTRATIONS: tuple[str, ...] = ("standard", "alt", "v2", "v3")

# When an ability fires.
TRIGGERS: tuple[str, ...] = (
    "play",            # a Protocol's Ability, resolved when it is executed as a main action
    "special",         # a Protocol's Special ability, resolved after "play" when its condition holds
    "on_play",         # a Character entering play
    "on_attack",       # a fighter declaring an attack (step 2 of the battle)
    "on_ko",           # this Character knocked out (not when discarded to free a space)
    "on_opponent_ko",  # an opposing Character knocked out while this card is in play
    "start_of_turn",   # its owner's turn, after Install RAM and before Draw
    "passive",         # applies while its condition holds
    "activated",       # used by its owner in their Act step, paying `cost`
)

# Effect names and the params each takes (checked when card files load).
EFFECT_PARAMS: dict[str, frozenset[str]] = {
    "draw": frozenset({"n"}),
    "scan": frozenset({"n"}),
    "cycle": frozenset(),
    "heal": frozenset({"amount"}),
    "power": frozenset({"amount", "target", "duration"}),
    "exhaust": frozenset({"target"}),
    "ready": frozenset({"target"}),
    "ko": frozenset({"target", "max_power"}),
    "damage_leader": frozenset({"amount"}),
    "install_ram": frozenset({"n"}),
    "ready_ram": frozenset({"n"}),
    "power_bonus": frozenset({"amount", "applies", "when"}),
}
# `target` values of effects that act on one fighter.
TARGETS: tuple[str, ...] = ("self", "own_leader", "own_fighter", "own_character",
                            "opposing_character", "opposing_exhausted_character")
DURATIONS: tuple[str, ...] = ("turn", "battle")
# `power_bonus` (a passive): which fighters it applies to, and in which situation.
# "other_allies" is "your other Characters" (the source excluded); "allies_with_trait" is
# "your <trait> Characters" with the card's first trait, the source itself included.
BONUS_APPLIES: tuple[str, ...] = ("self", "own_leader", "other_allies", "allies_with_trait")
BONUS_WHEN: tuple[str, ...] = ("always", "attacking", "defending", "my_turn")
# The params whose value is a word of the vocabulary: (the words, what the errors call it).
PARAM_ENUMS: dict[str, tuple[tuple[str, ...], str]] = {
    "duration": (DURATIONS, "duration"), "applies": (BONUS_APPLIES, "applies"), "when": (BONUS_WHEN, "when")}
# Condition keys (all given keys must hold).
CONDITION_KEYS: tuple[str, ...] = (
    "team_link",         # color: your Leader or another of your Characters has it
    "cross_team",        # true: two different colors among your Characters (Leader excluded)
    "trait_count",       # {"trait": str, "min": int} among your Characters on the field
    "target_exhausted",  # true: the previous step's target exists and is exhausted
    "leader_hp_at_most", # int: your Leader's HP is at most this
)


@dataclass(frozen=True)
class Ability(EffectSpec):
    """One ability (trigger, named effect with params, condition); an activated one costs
    `cost` RAM."""

    cost: int = 0


@dataclass(frozen=True)
class PrintSpec:
    """One print of a collector number: its id (e.g. "FC039-V3"), rarity and illustration."""

    print_id: str
    number: int
    rarity: str
    illustration: str = "standard"
    artist: str = ""

    @property
    def is_alternate(self) -> bool:
        """Alternate art: any illustration other than the standard one (V2 and V3 included)."""
        return self.illustration != "standard"


@dataclass(frozen=True)
class CardSpec:
    """The game rules of one collector number (shared by all its prints)."""

    number: int
    name: str
    kind: str
    color: str
    cost: int = 0
    power: int = 0
    hp: int = 0
    traits: tuple[str, ...] = ()
    rush: bool = False
    guard: bool = False
    abilities: tuple[Ability, ...] = ()
    prints: tuple[PrintSpec, ...] = field(default=(), compare=False)
    deck_limit: int = 3
    text: str = ""

    @property
    def code(self) -> str:
        """The collector number as printed, e.g. "#035"."""
        return f"#{self.number:03d}"

    def abilities_for(self, trigger: str) -> tuple[Ability, ...]:
        """The abilities with the given trigger."""
        return tuple(a for a in self.abilities if a.trigger == trigger)
