"""The FE Cipher observation encoder: `State.observation(player)` -> float32 vector.

A pure function of the observation dict of sim/cipher/observation.py, so it holds only
what that seat may know (ruling C-3): its own hand (and its set-aside MC before the MCs
are flipped), the public areas of both players (bonds face-up and face-down, units with
their stacks, retreat and support areas), the opponent's hand size and the hand cards both
players saw enter it, and the pending choice's public data. Orbs are face-down for
everyone, their owner included, so the vector holds only the number of orbs each player
has left; deck orders never appear.

Everything is seen from the observing seat: "own" is the observer, "opp" the other
player. Two indexings are used:

- card-indexed slices have one entry per card id (entry `c - 1` is card id c, the
  engine's card table; the printed facts of each card are a separate table,
  `card_features()`); counts are raw copies (0..max_copies);
- unit slices are indexed by character id (entry k is the character
  `game.char_names[k]`): a side has at most one unit per character name (FE-1), and the
  action space names units the same way (`move`, `attack`, `skill`, `own`, `enemy`
  blocks), so entry k of `own_unit_tapped` and action `move` + k speak of the same unit.

Scalars are divided by the divisor their row names and clipped to the row's bounds;
power is divided by 100 (printed powers are 20..80). The layout (every slice, range and
meaning) is documented in docs/encoding/cipher.md, generated from this module
(`python -m envs.encoding.docs`) and checked by tests/envs/test_cipher_encoding.py.

The layout depends on the card set (card and character counts, colors, the most skills
on one card) and on params (max_copies, max_order); `CipherEncoder(game)` builds it for
one game object.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import CardCounts, Layout, SparseEncoder, layout_markdown

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
_UNIT_FIELDS = itemgetter("card", "line", "tapped", "promoted", "mc", "power", "mod", "used")
_LINE = itemgetter("line")
_UNDER = itemgetter("under")


def _card_feature_layout(colors: list[str], types: list[str], triggers: list[str],
                         effects: list[str], max_cost: int) -> Layout:
    """The columns of `CipherEncoder.card_features()` (printed facts of one card)."""
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


class CipherEncoder(SparseEncoder):
    """Encodes FE Cipher observation dicts; see the module docstring and `slices()`."""

    game_name = "cipher"

    def __init__(self, game: Any) -> None:
        from sim.cipher.cardspec import COLORS
        params = game.params
        self.params = params
        self.game = game
        self.num_cards = C = int(game.num_cards)
        self.num_chars = K = int(game.num_chars)
        self.char_names = list(game.char_names)
        specs = list(game.cards)
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
        self._card_table = self._build_card_table(specs, colors, types, triggers, effects)

        L = Layout()
        g = "game"
        self.o_turn = L.add("turn", 1, "global turn / max_turns", group=g)
        self.o_first = L.add("first_player", 1, "1 if you took the first turn", group=g)
        self.o_your_turn = L.add("your_turn", 1, "1 if you are the active player", group=g)
        self.o_to_act = L.add("to_act", 2, "[you decide now, the opponent decides now]", group=g)
        self.o_phase = L.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)
                             + " (set-up is 'mulligan'; a battle happens in 'action')", group=g)
        self.o_outcome = L.add("outcome", 2, "[you won, you lost] once the game is over", group=g)
        self.o_may_attack = L.add("may_attack", 1, "1 unless it is the first player's first turn "
                                  "(no attacks then, unless the params allow it)", group=g)
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
        g = "pending"
        self.o_pkind = L.add("pending_kind", len(PENDING_KINDS), "one-hot kind of the pending "
                             "choice: " + ", ".join(PENDING_KINDS), group=g)
        self.o_pyours = L.add("pending_yours", 1, "1 if the pending choice is yours", group=g)
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
        self.layout = L
        self._trig_bases = trig
        self._unit_slices = unit_slices

        # ---- precomputed tables for the hot path
        p = params
        self._inv_turns = 1.0 / p.max_turns
        self._inv_orbs = 1.0 / max(p.orbs, 1)
        self._inv_deck = 1.0 / max(p.min_deck, 1)
        self._char = list(game.char)
        self._r1 = list(game.r1)
        self._r2 = list(game.r2)
        self._color = [colors.index(sp.color) if sp is not None and sp.color in colors else -1
                       for sp in specs]
        self._first_attacks = bool(p.first_player_attacks)
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        self._pkind = {k: self.o_pkind + i for i, k in enumerate(PENDING_KINDS)}
        # Pairs of (own, opp) scalar indices in gather's order.
        self._scalar_idx = (self.o_turn,) + tuple(
            o + k for o in (self.o_orbs, self.o_hand_size, self.o_deck, self.o_retreat_size,
                            self.o_bonds, self.o_bonds_up, self.o_budget, self.o_units,
                            self.o_turns_taken) for k in (0, 1))
        low, high = L.bounds()
        self._scalar_bounds = ([float(low[i]) for i in self._scalar_idx],
                               [float(high[i]) for i in self._scalar_idx])
        self._counts = [CardCounts(start, copies) for start in (
            self.o_hand, self.o_own_retreat, self.o_opp_retreat, self.o_opp_revealed)]
        self._bonds = [_BondCounts(self.o_own_bup, self.o_own_bdown, self.o_colors, self._color,
                                   copies),
                       _BondCounts(self.o_opp_bup, self.o_opp_bdown, self.o_colors + nc,
                                   self._color, copies)]
        self._under = [CardCounts(self.o_own_under, copies), CardCounts(self.o_opp_under, copies)]
        names = ("unit", "card", "front", "tapped", "promoted", "mc", "power", "mod", "under",
                 "used", "can_attack")
        # Per side: slice starts in gather's order; `card` shifted so card id c is at + c.
        self._own_slots, self._opp_slots = (
            tuple(u[n] - (1 if n == "card" else 0) for n in names)
            for u in (unit_slices["own"], unit_slices["opp"]))

    # ------------------------------------------------------------------ card facts
    def _build_card_table(self, specs: list[Any], colors: list[str], types: list[str],
                          triggers: list[str], effects: list[str]) -> np.ndarray:
        co = {f.name: f.start for f in self.card_feature_layout.features}
        table = np.zeros((self.num_cards, self.card_feature_layout.size), dtype=np.float32)
        for c, sp in enumerate(specs):
            if sp is None or c == 0:
                continue
            row = table[c - 1]
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
        return table

    def card_features(self) -> np.ndarray:
        """(num_cards, F) float32: printed facts of card id c in row c-1 (columns:
        `card_feature_layout`). Cards appear in the vector only as one-hots and counts over
        card ids, so `counts @ card_features()` gives their facts (e.g. for card embeddings)."""
        return self._card_table.copy()

    # ------------------------------------------------------------------ hot path
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        me = obs["player"]
        you = obs["you"]
        opp = obs["opponent"]
        active = obs["active"]
        current = obs["current_player"]
        done = obs["done"]
        turn = obs["turn"]

        # ---- game facts
        if obs["first_player"] == me:
            ones.append(self.o_first)
        if active == me:
            ones.append(self.o_your_turn)
        if current == me:
            ones.append(self.o_to_act)
        elif current >= 0:
            ones.append(self.o_to_act + 1)
        ones.append(self._phase[obs["phase"]])
        if done:
            winner = obs["winner"]
            if winner == me:
                ones.append(self.o_outcome)
            elif winner >= 0:
                ones.append(self.o_outcome + 1)
        may_attack = self._first_attacks or not (turn == 1 and active == obs["first_player"])
        if may_attack:
            ones.append(self.o_may_attack)
        if you["bonded"]:
            ones.append(self.o_bonded)
        if opp["bonded"]:
            ones.append(self.o_bonded + 1)
        if you["mulligans"]:
            ones.append(self.o_mulligans)
        if opp["mulligans"]:
            ones.append(self.o_mulligans + 1)

        # ---- cards by id (memoized: these areas change far less often than the encoder runs)
        counts = self._counts
        for counter, cards in ((counts[0], you["hand"]), (counts[1], you["retreat"]),
                               (counts[2], opp["retreat"]), (counts[3], opp["revealed_hand"])):
            if cards:
                i, v = counter.entries(cards)
                idx += i
                val += v
        you_bonds = you["bonds"]
        opp_bonds = opp["bonds"]
        you_up = opp_up = 0
        if you_bonds:
            i, v, o, you_up = self._bonds[0].entries(you_bonds)
            idx += i
            val += v
            ones += o
        if opp_bonds:
            i, v, o, opp_up = self._bonds[1].entries(opp_bonds)
            idx += i
            val += v
            ones += o
        setaside = you["setaside_mc"]
        if setaside is not None:
            ones.append(self.o_setaside + setaside - 1)
        sup = you["support"]
        if sup is not None:
            ones.append(self.o_own_support + sup - 1)
        sup = opp["support"]
        if sup is not None:
            ones.append(self.o_opp_support + sup - 1)

        # ---- scalars
        inv_deck = self._inv_deck
        inv_orbs = self._inv_orbs
        inv_turns = self._inv_turns
        you_units = you["units"]
        opp_units = opp["units"]
        you_nb = len(you_bonds)
        opp_nb = len(opp_bonds)
        idx += self._scalar_idx
        scalars = (turn * inv_turns, you["orbs"] * inv_orbs, opp["orbs"] * inv_orbs,
                   you["hand_size"] * COUNT_SCALE, opp["hand_size"] * COUNT_SCALE,
                   you["deck_size"] * inv_deck, opp["deck_size"] * inv_deck,
                   len(you["retreat"]) * inv_deck, len(opp["retreat"]) * inv_deck,
                   you_nb * COUNT_SCALE, opp_nb * COUNT_SCALE,
                   you_up * COUNT_SCALE, opp_up * COUNT_SCALE,
                   (you_nb - you["spent"]) * COUNT_SCALE, (opp_nb - opp["spent"]) * COUNT_SCALE,
                   len(you_units) * COUNT_SCALE, len(opp_units) * COUNT_SCALE,
                   you["turns_taken"] * inv_turns, opp["turns_taken"] * inv_turns)
        if max(scalars) > SIZE_CAP or min(scalars) < 0.0:  # rare: clip each to its bounds
            scalars = tuple(min(max(x, lo), hi) for x, lo, hi in zip(scalars, *self._scalar_bounds))
        val += scalars

        # ---- units
        char = self._char
        r1 = self._r1
        r2 = self._r2
        for units, slots, owner, enemy, stacked in (
                (you["units"], self._own_slots, me, opp["units"], self._under[0]),
                (opp["units"], self._opp_slots, 1 - me, you["units"], self._under[1])):
            if not units:
                continue
            (o_unit, o_card, o_front, o_tapped, o_prom, o_mc, o_power, o_mod, o_under, o_used,
             o_can) = slots
            if may_attack and owner == active and not done:
                lines = set(map(_LINE, enemy))
                e_front = "front" in lines
                e_rear = "rear" in lines
            else:
                e_front = e_rear = False
            for c, line, tapped, promoted, mc, p, m, used in map(_UNIT_FIELDS, units):
                k = char[c]
                ones.append(o_unit + k)
                ones.append(o_card + c)
                front = line == "front"
                if front:
                    ones.append(o_front + k)
                if tapped:
                    ones.append(o_tapped + k)
                elif (r1[c] and e_front or r2[c] and e_rear) if front else (r2[c] and e_front):
                    ones.append(o_can + k)
                if promoted:
                    ones.append(o_prom + k)
                if mc:
                    ones.append(o_mc + k)
                if p:
                    idx.append(o_power + k)
                    x = p * POWER_SCALE
                    val.append(x if x < POWER_CAP else POWER_CAP)
                if m:
                    idx.append(o_mod + k)
                    val.append(_clip(m * POWER_SCALE, MOD_CAP))
                if used:
                    if used & 1:
                        ones.append(o_used + 2 * k)
                    if used & 2:
                        ones.append(o_used + 2 * k + 1)
            unders = list(filter(None, map(_UNDER, units)))
            if unders:
                under_all: list[int] = []
                for under in unders:
                    idx.append(o_under + char[under[-1]])  # a stack is one character's cards
                    x = len(under) * STACK_SCALE
                    val.append(x if x < SIZE_CAP else SIZE_CAP)
                    under_all += under
                i, v = stacked.entries(under_all)
                idx += i
                val += v

        # ---- battle
        battle = obs["battle"]
        if battle is not None:
            ones.append(self.o_battle)
            if battle["attacking_player"] == me:
                ones.append(self.o_battle_you)
            att = battle["attacker"]
            dfn = battle["defender"]
            if att is not None:
                ones.append(self.o_battle_att + char[att["card"]])
                p = att["power"]
                if p:
                    idx.append(self.o_battle_power)
                    val.append(_cap(p * POWER_SCALE, POWER_CAP))
            if dfn is not None:
                ones.append(self.o_battle_def + char[dfn["card"]])
                p = dfn["power"]
                if p:
                    idx.append(self.o_battle_power + 1)
                    val.append(_cap(p * POWER_SCALE, POWER_CAP))
            m = battle["attacker_mod"]
            if m:
                idx.append(self.o_battle_mod)
                val.append(_clip(m * POWER_SCALE, MOD_CAP))
            m = battle["defender_mod"]
            if m:
                idx.append(self.o_battle_mod + 1)
                val.append(_clip(m * POWER_SCALE, MOD_CAP))
            if battle["critical"]:
                ones.append(self.o_battle_flags)
            if battle["evaded"]:
                ones.append(self.o_battle_flags + 1)

        # ---- pending choice
        pending = obs["pending"]
        if pending is not None:
            self._gather_pending(pending, me, ones, idx, val)

    def _gather_pending(self, pending: dict[str, Any], me: int, ones: list[int], idx: list[int],
                        val: list[float]) -> None:
        kind = pending["kind"]
        try:
            ones.append(self._pkind[kind])
        except KeyError:
            raise ValueError(f"unknown pending choice kind {kind!r}: the encoder needs "
                             "updating") from None
        if pending["player"] == me:
            ones.append(self.o_pyours)
        char = self._char
        if kind == "attack_target":
            ones.append(self.o_pattacker + char[pending["attacker"]])
        elif kind == "target":
            ones.append(self.o_pcard + pending["card"] - 1)
            ones.append(self.o_pskill + pending["skill"])
            base = self.o_ptargets
            K = self.num_chars
            ones += [base + (0 if tp == me else K) + char[c] for tp, c in pending["targets"]]
        elif kind in ("reverse", "flip"):
            idx.append(self.o_pcount)
            val.append(_cap(pending["count"] * COST_SCALE, SIZE_CAP))
        elif kind == "retrieve":
            idx.append(self.o_pmax_cost)
            val.append(_cap(pending["max_cost"] * COST_SCALE, SIZE_CAP))
        elif kind == "order":
            C = self.num_cards
            for base, (owner, card, si) in zip(self._trig_bases, pending["triggers"]):
                ones.append(base + (0 if owner == me else 1))
                ones.append(base + 1 + card)
                ones.append(base + 2 + C + si)

    # ------------------------------------------------------------------ documentation
    def describe(self) -> str:
        """The markdown page docs/encoding/cipher.md (generated; a test keeps it in sync)."""
        return layout_markdown(
            self, "FE Cipher observation encoding (`cipher_v0`)", _DOC_INTRO,
            [("Card features (not in the vector)",
              ("`encoder.card_features()` is a `(num_cards, F)` float32 table of printed card "
               "facts, row c-1 for card id c, with these columns. The vector refers to cards only "
               "by card id (one-hots and counts), so a model can multiply any card slice by this "
               "table to get the cards' facts (a linear map: a first dense layer already covers "
               "it)."), self.card_feature_layout)])


class _BondCounts:
    """Entries of one side's bond slices (face-up and face-down copies, face-up colors) and
    the number of face-up bonds, memoized per bond list."""

    __slots__ = ("color_base", "colors", "copies", "down", "memo", "up")
    LIMIT = 1 << 16

    def __init__(self, up_start: int, down_start: int, color_base: int, colors: list[int],
                 copies: int) -> None:
        self.up = up_start - 1
        self.down = down_start - 1
        self.color_base = color_base
        self.colors = colors
        self.copies = copies
        self.memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[float, ...],
                                               tuple[int, ...], int]] = {}

    def entries(self, bonds: list[list[Any]]):
        """`(indices, values, color ones, face-up count)` for a `[[card, face_up], ...]` list."""
        key = tuple([c if up else -c for c, up in bonds])
        hit = self.memo.get(key)
        if hit is None:
            counts: dict[int, int] = {}
            colors = set()
            n_up = 0
            for c, up in bonds:
                i = (self.up if up else self.down) + c
                counts[i] = counts.get(i, 0) + 1
                if up:
                    n_up += 1
                    if self.colors[c] >= 0:
                        colors.add(self.color_base + self.colors[c])
            cap = self.copies
            hit = (tuple(counts), tuple(float(min(n, cap)) for n in counts.values()),
                   tuple(sorted(colors)), n_up)
            if len(self.memo) >= self.LIMIT:
                self.memo.clear()
            self.memo[key] = hit
        return hit


def _cap(x: float, hi: float) -> float:
    return x if x < hi else hi


def _clip(x: float, hi: float) -> float:
    if x > hi:
        return hi
    if x < -hi:
        return -hi
    return x


def _budget(left: int) -> float:
    if left <= 0:
        return 0.0
    x = left * COUNT_SCALE
    return x if x < COUNT_CAP else COUNT_CAP


_DOC_INTRO = """
Generated from `envs/encoding/cipher.py` by `python -m envs.encoding.docs`; the test
`tests/envs/test_cipher_encoding.py` fails when this page and the code disagree. Sizes below
are for the default `CipherParams` and the card set shipped with `sim` (60 card ids, 38
character names); overriding `max_copies` or `max_order`, or changing the cards, changes the
layout (`encoder.slices()` always tells the truth for a given game).

The encoder reads only `State.observation(player)` (sim/cipher/observation.py), so it holds
only what that seat may know (C-3). Everything is from the observer's side: "own"/"your" is
the observer, "opp" the other player. Orbs are face-down for everyone, their owner included:
the vector holds only how many each player has left. Card-indexed slices have one entry per
card id: entry `c - 1` is card id c (`game.cards[c]`). Unit slices have one entry per
character name: entry k is `game.char_names[k]` (at most one unit per character name on a
side, FE-1), the same index the action space uses for units (`move` + k, `attack` + k,
`skill` + 2k + j, `own` + k, `enemy` + k). Counts are raw numbers of copies; scalars are
divided by the divisor in their row and clipped to its bounds. The action mask is separate
(`obs["action_mask"]`); in code, `encoder.slices()` returns `{name: (start, stop)}`.
"""
