"""Every number of the XenodeX rules (xenodex.md, rulings XD-1..XD-10 and ours XD-11 on).

A variant is a value: `XenodexParams().replace(num_players=4, anchor_cost=12)`. The level
tables (emission, contested emission, anchor BP and DEF) are tuples indexed by level, so
their length fixes the top level; `upgrade_costs` has one entry per level step. Tables
are cross-checked on construction (InvalidParamsError names the field, C-4).
"""
from __future__ import annotations

from dataclasses import fields

from sim.core.errors import InvalidParamsError
from sim.core.params import Params, card_overrides_param, param


class XenodexParams(Params, game="xenodex"):
    """XenodeX rule parameters; the defaults are the rulebook's and RULINGS.md's."""

    num_players: int = param(2, 2, 4, "seats, players 0..n-1 (the rulebook's P1..Pn; Setup)")
    slots_two_three: int = param(5, 1, 7, "board slots at 2-3 players (S1-S5)")
    slots_four: int = param(3, 1, 7, "board slots at 4 players (S2-S4)")
    starting_cdx: int = param(200, 0, 2000, "CDX each player starts with (Setup)")
    base_income: int = param(12, 0, 100, "base CDX every player receives each cycle (Income)")
    emission: tuple = param((6, 10, 14, 18, 22), doc="solo emission of an active anchor by level")
    contested_emission: tuple = param((3, 5, 7, 9, 11), doc="emission of a contested active anchor by level")
    anchor_bp: tuple = param((25, 35, 50, 65, 80), doc="anchor BP (health) by level")
    anchor_def: tuple = param((4, 5, 6, 7, 8), doc="anchor DEF by level")
    anchor_cost: int = param(10, 0, 200, "CDX price of a fresh anchor (Lv0) from the pool")
    upgrade_costs: tuple = param((6, 12, 20, 30), doc="CDX to upgrade Lv0->1, 1->2, 2->3, 3->4")
    anchor_pool: int = param(6, 1, 20, "anchors in each player's pool (XD-2)")
    deck_size: int = param(20, 4, 40, "characters in a player's deck (XD-2)")
    hand_size: int = param(4, 1, 10, "characters drawn up to at Income (XD-2)")
    tx_draw: int = param(2, 1, 5, "transmissions drawn at Income (XD-7)")
    tx_plays: int = param(1, 0, 5, "transmissions a player may play per cycle (XD-7)")
    cycle_limit: int = param(12, 1, 100, "cycles before the proven-slot count decides (XD-8, C-2)")
    overtime_cycles: int = param(0, 0, 20, "extra cycles played while the lead is tied at the limit (XD-14)")
    limit_tiebreak: str = param("none", choices=("none", "control"),
                                doc="a variant breaking a tie for most proven slots at the limit: 'control' gives "
                                    "it to the tied seat controlling most slots, then with most anchor levels "
                                    "standing, then with most CDX (XD-30); 'none' is the rulebook's draw")
    roll_min: int = param(1, 0, 20, "lowest combat roll (XD-3)")
    roll_max: int = param(6, 0, 20, "highest combat roll (XD-3)")
    strikes_per_cycle: int = param(1, 1, 5, "strikes per character per cycle before abilities (Battle)")
    heal_cost_per_bp: int = param(1, 0, 20, "CDX per BP healed in Recovery (XD-6)")
    repair_bp_per_cdx: int = param(2, 1, 100, "anchor BP restored per CDX in Recovery (XD-5, XD-17)")
    bulwark_def: int = param(2, 0, 20, "Lv1+ aura: DEF of the owner's characters in the slot")
    regen_bp: int = param(4, 0, 50, "Lv2+ aura: BP healed per cycle (XD-6)")
    overcharge_str: int = param(3, 0, 20, "Lv3+ aura: STR of the owner's characters in the slot")
    aegis_damage: int = param(3, 0, 50, "Lv4 aura: damage an attacker takes back")
    aura_levels: tuple = param((1, 2, 3, 4), doc="levels unlocking Bulwark, Regen, Overcharge, Aegis")
    echoes: bool = param(True, doc="the shared Echoes broadcast at the top of each cycle (XD-1)")
    ancients: bool = param(False, doc="neutral Ancients may appear (XD-9); off by default")
    ancient_chance: float = param(0.25, 0.0, 1.0, "chance an Ancient appears at a cycle's start")
    max_ancients: int = param(2, 1, 6, "Ancients on the board at once")
    seat_names: tuple = param(("Vexa", "Blorptenna", "Korr", "Quillon"), doc="names of seats 0..3 (P1..P4)")
    card_overrides: tuple = card_overrides_param('{"XC004.bp": 20}')

    def __post_init__(self) -> None:
        super().__post_init__()
        levels = len(self.emission)
        if levels < 1:
            raise InvalidParamsError("xenodex param 'emission' needs at least one level")
        for name in ("contested_emission", "anchor_bp", "anchor_def"):
            table = getattr(self, name)
            if len(table) != levels:
                raise InvalidParamsError(
                    f"xenodex param {name!r} has {len(table)} levels but 'emission' has {levels}")
        if len(self.upgrade_costs) != levels - 1:
            raise InvalidParamsError(
                f"xenodex param 'upgrade_costs' needs {levels - 1} entries (one per level step), "
                f"got {len(self.upgrade_costs)}")
        if len(self.aura_levels) != 4:
            raise InvalidParamsError("xenodex param 'aura_levels' needs 4 levels "
                                     "(Bulwark, Regen, Overcharge, Aegis)")
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple) and f.name not in ("seat_names", "card_overrides") and not all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
                raise InvalidParamsError(f"xenodex param {f.name!r} must hold non-negative ints, got {v!r}")
        if any(b < 1 for b in self.anchor_bp):
            raise InvalidParamsError("xenodex param 'anchor_bp' must be at least 1 at every level")
        if len(self.seat_names) < 4 or not all(isinstance(n, str) and n for n in self.seat_names):
            raise InvalidParamsError("xenodex param 'seat_names' needs 4 non-empty strings")
        if self.roll_min > self.roll_max:
            raise InvalidParamsError("xenodex param 'roll_min' must not exceed 'roll_max'")

    @property
    def num_slots(self) -> int:
        """Slots on the board for this player count (5 at 2-3 players, 3 at 4)."""
        return self.slots_four if self.num_players == 4 else self.slots_two_three

    @property
    def max_level(self) -> int:
        """The top anchor level (Lv4 by default)."""
        return len(self.emission) - 1

    @property
    def slot_labels(self) -> tuple[str, ...]:
        """Printed slot names: S1-S5, or S2-S4 for the 3 central slots at 4 players."""
        k = self.num_slots
        first = max(1, (self.slots_two_three - k) // 2 + 1) if k < self.slots_two_three else 1
        return tuple(f"S{first + i}" for i in range(k))
