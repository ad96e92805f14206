"""The layout of the First Cycle observation vector: every named slice, its bounds and meaning.

`FirstCycleLayout(game)` places the slices for one game object (the first half of
`envs.encoding.first_cycle.FirstCycleEncoder`, which fills them); it also builds the table
of printed card facts (`card_features()`) and the documentation page (`describe()`,
docs/encoding/first_cycle.md, written by `python -m envs.encoding.docs`).

Everything is seen from the observing seat: "own" is the observer, "opp" the other
player. Card-indexed slices have one entry per collector number (entry `n - 1` is card
#n); the printed facts of each card are the separate table. Counts are raw
(0..max_copies); other scalars are scaled to about [0, 1] by the divisor their row names;
power and its modifiers are divided by 10 and clipped to [0, 2] and [-2, 2].

The layout depends on the card set and on params (max_copies, max_scan and the scaling
divisors).
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

FIGHTERS = 6  # fighter slots per player in the observation: 0 is the Leader, 1..5 Characters
PENDING_KINDS: tuple[str, ...] = ("target", "deploy_discard", "guard", "support", "cycle",
                                  "scan", "order")
PHASES: tuple[str, ...] = ("act", "battle", "choice", "over")
POWER_SCALE = 0.1  # power and modifiers (and printed power and cost) are divided by 10
POWER_CAP = 20     # current power is clipped to 20 (2.0 encoded); modifiers to +-20

_DOC_INTRO = """
Generated from `envs/encoding/first_cycle_layout.py` by `python -m envs.encoding.docs`; the
test `tests/envs/test_encoding.py` fails when this page and the code disagree. Sizes below are
for the default `FirstCycleParams` and the card set shipped with `sim`; overriding `max_copies`
or `max_scan`, or changing the cards, changes the layout (`encoder.slices()` always tells the
truth for a given game).

The encoder reads only `State.observation(player)` (sim/first_cycle/observation.py), so it
holds only what that seat may know. Everything is from the observer's side: "own"/"your"
is the observer, "opp" the other player. Card-indexed slices have one entry per
collector number: entry `n - 1` is card #n (leaders included). Counts are raw numbers of
copies; scalars are divided by the divisor in their row. The action mask is separate
(`obs["action_mask"]`); in code, `encoder.slices()` returns `{name: (start, stop)}`.
"""


def _slot_layout(num_cards: int) -> Layout:
    """The features of one fighter slot (offsets relative to the slot's start)."""
    s = Layout()
    s.add("occupied", 1, "1 if a card is in this slot")
    s.add("card", num_cards, "one-hot collector number of the card (entry n-1 for #n)")
    s.add("power", 1, "current power / 10 (passives, RAM, modifiers included), clipped at "
          f"{POWER_CAP}",
          0, POWER_CAP * POWER_SCALE)
    s.add("exhausted", 1, "1 if exhausted")
    s.add("can_attack", 1, "1 if its controller is the active player and it could declare an "
          "attack in an Act step now (their turn 2+, ready, Leader or not deployed this turn "
          "or Rush)")
    s.add("new", 1, "1 if this Character entered play this turn")
    s.add("attached", 1, "attached RAM modules / ram_supply")
    s.add("used", 1, "1 if its activated ability was used this turn")
    s.add("mod_turn", 1, "power modifier until end of turn / 10, clipped", -POWER_CAP * POWER_SCALE,
          POWER_CAP * POWER_SCALE)
    s.add("mod_battle", 1, "power modifier until end of battle / 10, clipped",
          -POWER_CAP * POWER_SCALE, POWER_CAP * POWER_SCALE)
    return s


def _card_feature_layout(kinds: list[str], colors: list[str], traits: list[str],
                         triggers: list[str], max_cost: int, max_power: int) -> Layout:
    """The columns of `card_features()` (printed facts of one card)."""
    s = Layout()
    s.add("cost", 1, "printed cost / 10", 0, max_cost * POWER_SCALE)
    s.add("power", 1, "printed power / 10", 0, max_power * POWER_SCALE)
    s.add("kind", len(kinds), "one-hot card kind: " + ", ".join(kinds))
    s.add("color", len(colors), "one-hot color: " + ", ".join(colors))
    s.add("rush", 1, "1 if the card has Rush")
    s.add("guard", 1, "1 if the card has Guard")
    s.add("traits", len(traits), "multi-hot traits: " + ", ".join(traits))
    s.add("abilities", len(triggers),
          "multi-hot: has an ability with trigger " + ", ".join(triggers))
    return s


class FirstCycleLayout(TwoPlayerEncoder):
    """The named slices of the First Cycle vector for one game (`o_<slice>`: their starts)."""

    game_name = "first_cycle"
    game_title = "First Cycle"
    doc_intro = _DOC_INTRO

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        params = self.params
        by_number = game.card_set.by_number
        self.num_cards = C = int(game.num_cards)
        S = params.max_scan
        specs = self.card_specs = [by_number.get(n) for n in range(C + 1)]
        real = [sp for sp in specs if sp is not None]
        kinds = sorted({sp.kind for sp in real})
        colors = sorted({sp.color for sp in real})
        traits = sorted({t for sp in real for t in sp.traits})
        triggers = sorted({a.trigger for sp in real for a in sp.abilities})
        max_abilities = max((len(sp.abilities) for sp in real), default=1) or 1
        same_trigger = max((sum(1 for a in sp.abilities if a.trigger == t)
                            for sp in real for t in triggers), default=1) or 1
        # A group of simultaneous triggers comes from at most one player's six fighters.
        self.trigger_slots = FIGHTERS * same_trigger
        self.max_abilities = max_abilities
        copies = params.max_copies

        self.card_feature_layout = _card_feature_layout(
            kinds, colors, traits, triggers, max((sp.cost for sp in real), default=0),
            max((sp.power for sp in real), default=0))

        def fill(row: np.ndarray, co: dict[str, int], sp: Any) -> None:
            row[co["cost"]] = sp.cost * POWER_SCALE
            row[co["power"]] = sp.power * POWER_SCALE
            row[co["kind"] + kinds.index(sp.kind)] = 1.0
            row[co["color"] + colors.index(sp.color)] = 1.0
            row[co["rush"]] = float(sp.rush)
            row[co["guard"]] = float(sp.guard)
            for t in sp.traits:
                row[co["traits"] + traits.index(t)] = 1.0
            for a in sp.abilities:
                row[co["abilities"] + triggers.index(a.trigger)] = 1.0

        self._card_table = card_table(self.card_feature_layout, specs, C, fill)
        slot = self.slot_layout = _slot_layout(C)

        L = Layout()
        (self.o_turn, self.o_first, self.o_your_turn, self.o_to_act, self.o_phase,
         self.o_outcome) = add_turn_header(
            L, len(PHASES), "one-hot: Act step (no choice pending), battle in progress, effect "
            "choice pending outside a battle, game over")
        g = "game"
        self.o_turns_taken = L.add("turns_taken", 2, "turns taken [own, opp] / max_turns", group=g)
        self.o_hp = L.add("hp", 2, "Leader HP [own, opp] / leader_hp", group=g)
        self.o_ram = L.add("ram", 6, "RAM [own supply, own ready, own exhausted (unattached), opp "
                           "supply, opp ready, opp exhausted] / ram_supply", group=g)
        self.o_deck = L.add("deck_size", 2, "cards in deck [own, opp] / deck_size", group=g)
        self.o_hand_size = L.add("hand_size", 2, "cards in hand [own, opp] / deck_size", group=g)
        self.o_scanned = L.add("scanned", 2, "deck-top cards each player saw with Scan [own, opp] "
                               "/ max_scan", group=g)
        g = "cards"
        self.o_hand = L.add("own_hand", C, "your hand: copies of each card", 0, copies, group=g)
        self.o_known_top = L.add("own_known_top", S * C, f"your deck top you saw with Scan: {S} "
                                 "positions (top first) x one-hot card", group=g)
        self.o_own_bottom = L.add("own_known_bottom", C, "your deck bottom both players saw "
                                  "(Cycle): copies of each card", 0, copies, group=g)
        self.o_own_discard = L.add("own_discard", C, "your discard: copies of each card", 0,
                                   copies, group=g)
        self.o_opp_revealed = L.add("opp_revealed_hand", C, "opponent's hand cards you saw "
                                    "(drawn from the known bottom): copies", 0, copies, group=g)
        self.o_opp_bottom = L.add("opp_known_bottom", C, "opponent's deck bottom both players "
                                  "saw (Cycle): copies", 0, copies, group=g)
        self.o_opp_discard = L.add("opp_discard", C, "opponent's discard: copies of each card", 0,
                                   copies, group=g)
        self._slot_bases = [
            L.add_block(f"{side}_fighter_{f}", slot, f"{whose} "
                        + ("Leader" if f == 0 else f"Character space {f}")
                        + ": the fighter slot features (table below)", group="board")
            for side, whose in (("own", "your"), ("opp", "the opponent's"))
            for f in range(FIGHTERS)]
        g = "battle"
        self.o_battle_you = L.add("battle_by_you", 1, "1 if you are the attacker of the battle in "
                                  "progress", group=g)
        self.o_battle_att = L.add("battle_attacker", FIGHTERS, "one-hot slot of the attacking "
                                  "fighter (attacker's side)", group=g)
        self.o_battle_tgt = L.add("battle_target", FIGHTERS, "one-hot slot of the attacked or "
                                  "guarding fighter (defender's side)", group=g)
        self.o_pkind, self.o_pyours = add_pending_header(L, PENDING_KINDS)
        g = "pending"
        self.o_pfighters = L.add("pending_fighters", 2 * FIGHTERS, "fighters the choice offers "
                                 "(targets, or guards): slots 0-5 yours, 6-11 the opponent's",
                                 group=g)
        self.o_pcard = L.add("pending_card", C, "one-hot card whose ability is choosing a target, "
                             "or the Character being deployed onto a full field", group=g)
        self.o_pscan_left = L.add("pending_scan_left", C, "your Scan being ordered: cards still to "
                                  "place (action scan i takes the i-th in number order)", 0, copies,
                                  group=g)
        self.o_pscan_placed = L.add("pending_scan_placed", C, "your Scan being ordered: cards "
                                    "already placed", 0, copies, group=g)
        self.o_pscan_count = L.add("pending_scan_count", 1, "the opponent's Scan being ordered: "
                                   "cards / max_scan", group=g)
        self._trig_bases = [
            L.add(f"pending_trigger_{i}", C + max_abilities, f"simultaneous trigger {i} to order "
                  f"(action trigger {i}): one-hot card, then one-hot ability index "
                  f"(of {max_abilities})", group=g)
            for i in range(self.trigger_slots)]
        self._set_layout(L, PENDING_KINDS)

    def doc_sections(self) -> list[tuple[str, str, Layout]]:
        """The page's tables of the fighter slot block and of the card table's columns."""
        return [("Fighter slot features",
                 f"Each `own_fighter_f` / `opp_fighter_f` slice ({self.slot_layout.size} entries) "
                 "holds these features, at these offsets from the slice start. An empty slot is "
                 "all zeros. The values come from the observation's fighter records.",
                 self.slot_layout),
                card_features_doc("n-1 for card #n", "collector number", self.card_feature_layout)]
