"""The layout of the FE Cipher observation vector: every named slice, its bounds and meaning.

`CipherLayout(game)` places the slices for one game object (the first half of
`envs.encoding.cipher.CipherEncoder`, which fills them); it also builds the table of printed
card facts (`card_features()`) and the documentation page (`describe()`,
docs/encoding/cipher.md, written by `python -m envs.encoding.docs`).

Everything is seen from the observing seat: "own" is the observer, "opp" the other
player. Two indexings are used:

- card-indexed slices have one entry per card id (entry `c - 1` is card id c, the
  engine's card table; the printed facts of each card are the separate table); counts
  are raw copies (0..max_copies);
- unit slices are indexed by character id (entry k is the character
  `game.char_names[k]`): a side has at most one unit per character name (FE-1), and the
  action space names units the same way (`move`, `attack`, `skill`, `own`, `enemy`
  blocks), so entry k of `own_unit_tapped` and action `move` + k speak of the same unit.

Scalars are divided by the divisor their row names and clipped to the row's bounds;
power is divided by 100 (printed powers are 20..80). Orbs are face-down for everyone,
their owner included, so the vector holds only the number of orbs each player has left.

The layout depends on the card set (card and character counts, colors, the most skills
on one card) and on params (max_copies, max_order).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from envs.encoding.base import Layout
from envs.encoding.two_player import (
    TwoPlayerEncoder,
    add_pending_header,
    add_turn_header,
    card_features_doc,
    card_table,
)

PHASES: tuple[str, ...] = ("mulligan", "bond", "deploy", "action", "over")
PENDING_KINDS: tuple[str, ...] = ("mulligan", "attack_target", "target", "critical", "evasion",
                                  "reverse", "flip", "retrieve", "order")
POWER_SCALE = 0.01   # power, modifiers, printed power and support are divided by 100
POWER_CAP = 3.0      # current power is clipped to 300 (3.0 encoded)
MOD_CAP = 2.0        # modifiers to +-200
COUNT_SCALE = 0.1    # hand, bonds, units, bond budget: divided by 10
COUNT_CAP = 3.0      # ... and clipped to 30
SIZE_CAP = 2.0       # deck and retreat sizes / min_deck, orbs / orbs: clipped to 2
STACK_SCALE = 0.2    # cards under a unit / 5
COST_SCALE = 0.2     # costs (retrieve limit, printed costs) / 5

_DOC_INTRO = """
Generated from `envs/encoding/cipher_layout.py` by `python -m envs.encoding.docs`; the test
`tests/envs/test_encoding.py` fails when this page and the code disagree. Sizes below
are for the default `CipherParams` and the card set shipped with `sim` (60 card ids, 38
character names); overriding `max_copies` or `max_order`, or changing the cards, changes the
layout (`encoder.slices()` always tells the truth for a given game).

The encoder reads only `State.observation(player)` (sim/cipher/observation.py), so it holds
only what that seat may know (C-3); `encoder.encode_seat(state, player)`, what the envs call,
writes the same vector straight from the state, reading only what the observation reads
(tests/envs/test_cipher_fast_encoding.py checks both). Everything is from the observer's side: "own"/"your" is
the observer, "opp" the other player. Orbs are face-down for everyone, their owner included:
the vector holds only how many each player has left. Card-indexed slices have one entry per
card id: entry `c - 1` is card id c (`game.cards[c]`). Unit slices have one entry per
character name: entry k is `game.char_names[k]` (at most one unit per character name on a
side, FE-1), the same index the action space uses for units (`move` + k, `attack` + k,
`skill` + 2k + j, `own` + k, `enemy` + k). Counts are raw numbers of copies; scalars are
divided by the divisor in their row and clipped to its bounds. The action mask is separate
(`obs["action_mask"]`); in code, `encoder.slices()` returns `{name: (start, stop)}`.
"""


def _card_feature_layout(colors: list[str], types: list[str], triggers: list[str],
                         effects: list[str], max_cost: int) -> Layout:
    """The columns of `card_features()` (printed facts of one card)."""
    s = Layout()
    s.add("cost", 1, "deploy cost / 5", 0, max(max_cost, 1) * COST_SCALE)
    s.add("promotion_cost", 1, "promotion cost / 5 (0: not a promoted card)", 0,
          max(max_cost, 1) * COST_SCALE)
    s.add("power", 1, "printed power / 100", 0, POWER_CAP)
    s.add("support", 1, "support power / 100", 0, POWER_CAP)
    s.add("range", 2, "[range 1, range 2] (FE-3; none for a staff user)")
    s.add("color", len(colors), "one-hot color: " + ", ".join(colors))
    s.add("types", len(types), "multi-hot types: " + ", ".join(types))
    s.add("triggers", len(triggers), "multi-hot: has a skill with trigger " + ", ".join(triggers))
    s.add("effects", len(effects), "multi-hot: has a skill with effect " + ", ".join(effects))
    return s


class CipherLayout(TwoPlayerEncoder):
    """The named slices of the FE Cipher vector for one game (`o_<slice>`: their starts)."""

    game_name = "cipher"
    game_title = "FE Cipher"
    doc_intro = _DOC_INTRO

    def __init__(self, game: Any) -> None:
        from sim.cipher.cardspec import COLORS
        super().__init__(game)
        params = self.params
        self.num_cards = C = int(game.num_cards)
        self.num_chars = K = int(game.num_chars)
        self.char_names = list(game.char_names)
        specs = self.card_specs = list(game.cards)
        real = [sp for sp in specs if sp is not None]
        colors = [c for c in COLORS if any(sp.color == c for sp in real)] or list(COLORS)
        types = sorted({t for sp in real for t in sp.types})
        triggers = sorted({k.trigger for sp in real for k in sp.skills})
        effects = sorted({k.effect for sp in real for k in sp.skills})
        self.max_skills = S = max((len(sp.skills) for sp in real), default=1) or 1
        self.colors = colors
        copies = params.max_copies
        self.card_feature_layout = _card_feature_layout(
            colors, types, triggers, effects, max((sp.cost for sp in real), default=1))

        def fill(row: np.ndarray, co: dict[str, int], sp: Any) -> None:
            row[co["cost"]] = sp.cost * COST_SCALE
            row[co["promotion_cost"]] = sp.promotion_cost * COST_SCALE
            row[co["power"]] = min(sp.power * POWER_SCALE, POWER_CAP)
            row[co["support"]] = min(sp.support * POWER_SCALE, POWER_CAP)
            for r in sp.range:
                row[co["range"] + r - 1] = 1.0
            row[co["color"] + colors.index(sp.color)] = 1.0
            for t in sp.types:
                row[co["types"] + types.index(t)] = 1.0
            for k in sp.skills:
                row[co["triggers"] + triggers.index(k.trigger)] = 1.0
                row[co["effects"] + effects.index(k.effect)] = 1.0

        self._card_table = card_table(self.card_feature_layout, specs, C, fill)

        L = Layout()
        (self.o_turn, self.o_first, self.o_your_turn, self.o_to_act, self.o_phase,
         self.o_outcome) = add_turn_header(L, len(PHASES), "one-hot phase: " + ", ".join(PHASES)
                                           + " (set-up is 'mulligan'; a battle happens in "
                                           "'action')")
        self.o_may_attack = L.add("may_attack", 1, "1 unless it is the first player's first turn "
                                  "(no attacks then, unless the params allow it)", group="game")
        g = "counts"
        self.o_orbs = L.add("orbs", 2, "orbs left [own, opp] / orbs (counts only: orbs are "
                            "face-down for everyone, their owner included)", 0, SIZE_CAP, group=g)
        self.o_hand_size = L.add("hand_size", 2, "cards in hand [own, opp] / 10", 0, COUNT_CAP,
                                 group=g)
        self.o_deck = L.add("deck_size", 2, "cards in deck [own, opp] / min_deck", 0, SIZE_CAP,
                            group=g)
        self.o_retreat_size = L.add("retreat_size", 2, "cards in the retreat area [own, opp] / "
                                    "min_deck", 0, SIZE_CAP, group=g)
        self.o_bonds = L.add("bonds", 2, "bonds [own, opp] / 10", 0, COUNT_CAP, group=g)
        self.o_bonds_up = L.add("bonds_face_up", 2, "face-up bonds [own, opp] / 10", 0, COUNT_CAP,
                                group=g)
        self.o_budget = L.add("bond_budget", 2, "deploy budget left this turn (bonds - spent) "
                              "[own, opp] / 10", 0, COUNT_CAP, group=g)
        self.o_bonded = L.add("bonded", 2, "1 if [you, the opponent] placed a bond this turn",
                              group=g)
        self.o_units = L.add("units", 2, "units on the field [own, opp] / 10", 0, COUNT_CAP,
                             group=g)
        self.o_turns_taken = L.add("turns_taken", 2, "turns taken [own, opp] / max_turns",
                                   group=g)
        self.o_mulligans = L.add("mulligans", 2, "1 if [you, the opponent] took a mulligan",
                                 group=g)
        nc = len(colors)
        self.o_colors = L.add("bond_colors", 2 * nc, "1 if a face-up bond of this color: "
                              f"{nc} own, then {nc} opp; colors " + ", ".join(colors), group=g)
        g = "cards"
        self.o_hand = L.add("own_hand", C, "your hand: copies of each card", 0, copies, group=g)
        self.o_setaside = L.add("own_setaside_mc", C, "your set-aside MC before it is flipped "
                                "(set-up): one-hot card", group=g)
        self.o_own_bup = L.add("own_bonds_up", C, "your face-up bonds: copies", 0, copies, group=g)
        self.o_own_bdown = L.add("own_bonds_down", C, "your face-down bonds: copies", 0, copies,
                                 group=g)
        self.o_opp_bup = L.add("opp_bonds_up", C, "opponent's face-up bonds: copies", 0, copies,
                               group=g)
        self.o_opp_bdown = L.add("opp_bonds_down", C, "opponent's face-down bonds: copies", 0,
                                 copies, group=g)
        self.o_own_retreat = L.add("own_retreat", C, "your retreat area: copies", 0, copies,
                                   group=g)
        self.o_opp_retreat = L.add("opp_retreat", C, "opponent's retreat area: copies", 0, copies,
                                   group=g)
        self.o_opp_revealed = L.add("opp_revealed_hand", C, "opponent's hand cards you saw enter "
                                    "it (from the retreat area): copies", 0, copies, group=g)
        self.o_own_under = L.add("own_stacked", C, "cards under your units (their stacks, "
                                 "public): copies", 0, copies, group=g)
        self.o_opp_under = L.add("opp_stacked", C, "cards under the opponent's units: copies", 0,
                                 copies, group=g)
        self.o_own_support = L.add("own_support", C, "your support card of the battle in "
                                   "progress: one-hot", group=g)
        self.o_opp_support = L.add("opp_support", C, "opponent's support card of the battle in "
                                   "progress: one-hot", group=g)
        unit_slices = {}
        for side, whose in (("own", "your"), ("opp", "the opponent's")):
            g = f"{side} units"
            u = {}
            u["unit"] = L.add(f"{side}_unit", K, f"1 if {whose} unit of this character is on the "
                              "field (entry k: character k)", group=g)
            u["card"] = L.add(f"{side}_unit_card", C, f"top cards of {whose} units: 1 at each "
                              "unit's top card (card-indexed)", group=g)
            u["front"] = L.add(f"{side}_unit_front", K, "1 if the unit is in the front line "
                               "(0: rear)", group=g)
            u["tapped"] = L.add(f"{side}_unit_tapped", K, "1 if the unit is tapped", group=g)
            u["promoted"] = L.add(f"{side}_unit_promoted", K, "1 if the unit is promoted",
                                  group=g)
            u["mc"] = L.add(f"{side}_unit_mc", K, "1 at the Main Character", group=g)
            u["power"] = L.add(f"{side}_unit_power", K, "current power / 100 (continuous skills, "
                               "modifiers, and in a battle support and critical included), "
                               f"clipped at {POWER_CAP:g}", 0, POWER_CAP, group=g)
            u["mod"] = L.add(f"{side}_unit_mod", K, "power modifier until end of turn / 100, "
                             "clipped", -MOD_CAP, MOD_CAP, group=g)
            u["under"] = L.add(f"{side}_unit_under", K, "cards under the unit (its stack below "
                               "the top card) / 5, clipped", 0, SIZE_CAP, group=g)
            u["used"] = L.add(f"{side}_unit_used", 2 * K, "once-per-turn activated skill j used "
                              "this turn: entry 2k + j", group=g)
            u["can_attack"] = L.add(f"{side}_unit_can_attack", K, "1 if the unit's controller is "
                                    "the active player, attacks are allowed this turn, the unit "
                                    "is untapped and an enemy is within its range (FE-3): in the "
                                    "Action Phase with no choice pending, exactly the units the "
                                    "attack actions offer", group=g)
            unit_slices[side] = u
        g = "battle"
        self.o_battle = L.add("battle", 1, "1 while a battle is in progress", group=g)
        self.o_battle_you = L.add("battle_by_you", 1, "1 if you are the attacking player",
                                  group=g)
        self.o_battle_att = L.add("battle_attacker", K, "one-hot character of the attacking unit "
                                  "(attacker's side)", group=g)
        self.o_battle_def = L.add("battle_defender", K, "one-hot character of the defending unit "
                                  "(defender's side)", group=g)
        self.o_battle_power = L.add("battle_power", 2, "battle power [attacker, defender] / 100 "
                                    "(support and critical included), clipped", 0, POWER_CAP,
                                    group=g)
        self.o_battle_mod = L.add("battle_mod", 2, "battle modifiers [attacker, defender] / 100, "
                                  "clipped", -MOD_CAP, MOD_CAP, group=g)
        self.o_battle_flags = L.add("battle_flags", 2, "[critical declared, evaded]", group=g)
        self.o_pkind, self.o_pyours = add_pending_header(L, PENDING_KINDS)
        g = "pending"
        self.o_pattacker = L.add("pending_attacker", K, "attack_target: one-hot character of "
                                 "the attacking unit (the chooser's side)", group=g)
        self.o_pcard = L.add("pending_card", C, "target: one-hot card whose skill is choosing a "
                             "target", group=g)
        self.o_pskill = L.add("pending_skill", S, "target: one-hot index of that skill on its "
                              "card", group=g)
        self.o_ptargets = L.add("pending_targets", 2 * K, "target: the units offered, by "
                                f"character: entries 0..{K - 1} yours, {K}..{2 * K - 1} the "
                                "opponent's", group=g)
        self.o_pcount = L.add("pending_count", 1, "reverse / flip: bonds still to turn / 5, "
                              "clipped", 0, SIZE_CAP, group=g)
        self.o_pmax_cost = L.add("pending_max_cost", 1, "retrieve: highest cost allowed / 5, "
                                 "clipped", 0, SIZE_CAP, group=g)
        trig = []
        for i in range(params.max_order):
            trig.append(L.add(f"pending_trigger_{i}", 2 + C + S, f"order: trigger {i} (action "
                              f"order {i}): [yours, the opponent's], then one-hot card, then "
                              f"one-hot skill index (of {S})", group=g))
        self._set_layout(L, PENDING_KINDS)
        self._trig_bases = trig
        self._unit_slices = unit_slices

    def doc_sections(self) -> list[tuple[str, str, Layout]]:
        """The page's table of the card table's columns."""
        return [card_features_doc("c-1 for card id c", "card id", self.card_feature_layout)]
