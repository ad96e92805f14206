"""Frozen card records of XenodeX and the vocabulary card files may use (XD-3, XD-7, XD-9).

Characters carry cost, STR, BP, DEF and up to two abilities (XD-3); transmissions (TX)
name an effect, a targeting mode and params (XD-7); Echoes name a shared-broadcast
effect; anchors and Ancients are flavour plus the stats the params give them. The
behaviour of every name lives in `effects.py`; the rules never branch on a card's name.
"""
from __future__ import annotations

from dataclasses import dataclass

from sim.core.effect_params import WithParams

FACTIONS: tuple[str, ...] = ("synth", "greys", "others")

# Character abilities: name -> (timing, params). Timing: "activated" abilities spend the
# character's action in battle; "passive" ones hold while the character is on the board;
# "recovery" ones fire in the Recovery phase.
ABILITIES: dict[str, tuple[str, frozenset[str]]] = {
    "heal": ("activated", frozenset({"amount"})),
    "mender": ("recovery", frozenset({"amount"})),
    "jam": ("activated", frozenset()),
    "taunt": ("passive", frozenset()),
    "cleave": ("passive", frozenset({"extra"})),
    "flurry": ("passive", frozenset({"strikes"})),
    "guard_anchor": ("passive", frozenset()),
    "fortify": ("passive", frozenset({"amount"})),
    "relocate": ("activated", frozenset()),
    "displace": ("activated", frozenset()),
    "first_strike": ("passive", frozenset()),
    "rally": ("activated", frozenset()),
    "counter": ("passive", frozenset({"amount"})),
}
# The rulebook's ability kinds ("Abilities") and the named abilities of each (XD-9).
ABILITY_KINDS: dict[str, tuple[str, ...]] = {
    "heal": ("heal", "mender"),
    "deny attacks": ("jam",),
    "force targeting": ("taunt",),
    "multi-strike": ("cleave", "flurry"),
    "protect anchors": ("guard_anchor", "fortify"),
    "move units": ("relocate", "displace"),
    "battle timing": ("first_strike", "rally", "counter"),
}

# TX targeting modes (xenodex.md "Transmissions"): no choice; one of your slots (where you
# have characters); one of your live anchors; one of your characters; one rival seat; one
# rival character; a slot with rivals present (slot-wide: every rival there is hit).
TX_MODES: tuple[str, ...] = ("self", "own_slot", "own_anchor", "own_unit", "rival", "rival_unit",
                             "slot_wide")
# TX effects: name -> (params, allowed modes).
TX_EFFECTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "gain_cdx": (frozenset({"amount"}), frozenset({"self"})),
    "heal_slot": (frozenset({"amount"}), frozenset({"own_slot"})),
    "heal_all": (frozenset({"amount"}), frozenset({"self"})),
    "buff_str": (frozenset({"amount"}), frozenset({"own_slot"})),
    "buff_def": (frozenset({"amount"}), frozenset({"own_slot"})),
    "drain_cdx": (frozenset({"amount"}), frozenset({"rival"})),
    "starve": (frozenset(), frozenset({"rival"})),
    "hack_anchors": (frozenset({"damage"}), frozenset({"slot_wide"})),
    "damage_slot": (frozenset({"damage"}), frozenset({"slot_wide"})),
    "deny_unit": (frozenset(), frozenset({"rival_unit"})),
    "ready_unit": (frozenset(), frozenset({"own_unit"})),
    "free_anchor": (frozenset(), frozenset({"self"})),
    "repair_anchor": (frozenset({"amount"}), frozenset({"own_anchor"})),
    "free_upgrade": (frozenset(), frozenset({"own_anchor"})),
}
# Echo effects: name -> (rulebook kind, params).
ECHO_EFFECTS: dict[str, tuple[str, frozenset[str]]] = {
    "quiet": ("quiet", frozenset()),
    "surge": ("surge", frozenset({"amount"})),
    "storm": ("field", frozenset({"damage"})),
    "field_str": ("field", frozenset({"amount"})),
    "field_def": ("field", frozenset({"amount"})),
    "dead_air": ("field", frozenset()),
    "redirect": ("redirect", frozenset()),
}


class IntParams(WithParams):
    """`param(name)` of a spec whose params are ints: 0 when the spec does not set it."""

    __slots__ = ()

    def param(self, name: str, default: int = 0) -> int:
        """The value of param `name` (`default` when the spec has none)."""
        return WithParams.param(self, name, default)  # type: ignore[return-value]


@dataclass(frozen=True)
class Ability(IntParams):
    """A named ability with its params (see ABILITIES)."""

    effect: str
    params: tuple[tuple[str, int], ...] = ()
    text: str = ""

    @property
    def timing(self) -> str:
        """"activated", "passive" or "recovery"."""
        return ABILITIES[self.effect][0]


@dataclass(frozen=True)
class UnitSpec:
    """What every unit card has (XD-3): its number and name, STR, BP (health) and DEF."""

    number: int
    name: str
    str_: int
    bp: int
    def_: int


@dataclass(frozen=True)
class CharacterSpec(UnitSpec):
    """A character card (XD-3): a faction's unit with a CDX cost and abilities."""

    faction: str
    cost: int
    abilities: tuple[Ability, ...] = ()
    lore: str = ""

    def has(self, effect: str) -> bool:
        """Whether the card has the named ability."""
        return any(a.effect == effect for a in self.abilities)

    def ability(self, effect: str) -> Ability | None:
        """The named ability of the card, or None."""
        for a in self.abilities:
            if a.effect == effect:
                return a
        return None


@dataclass(frozen=True)
class TransmissionSpec(IntParams):
    """A transmission (TX) card (XD-7): shared core or a faction's signature."""

    number: int
    name: str
    faction: str          # "core" or a faction
    effect: str
    mode: str
    params: tuple[tuple[str, int], ...] = ()
    hits_own: bool = False
    text: str = ""
    lore: str = ""


@dataclass(frozen=True)
class EchoSpec(IntParams):
    """An Echo: a card of the shared public event deck flipped at the top of a cycle."""

    number: int
    name: str
    effect: str
    params: tuple[tuple[str, int], ...] = ()
    copies: int = 1
    text: str = ""

    @property
    def kind(self) -> str:
        """The rulebook's kind: "surge", "field", "redirect" or "quiet"."""
        return ECHO_EFFECTS[self.effect][0]


@dataclass(frozen=True)
class AnchorSpec:
    """A faction's XenodeX anchor (its stats come from the params' level tables)."""

    faction: str
    name: str
    lore: str = ""


@dataclass(frozen=True)
class AncientSpec(UnitSpec):
    """A neutral Ancient (XD-9, when the `ancients` param is on)."""

    lore: str = ""


@dataclass(frozen=True)
class DeckSpec:
    """A faction deck: 20 characters (one entry per copy), its TX deck, anchor and lore."""

    name: str
    faction: str
    title: str
    characters: tuple[int, ...]
    transmissions: tuple[int, ...]
    lore: str = ""
