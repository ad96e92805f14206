"""The First Cycle observation encoder: `State.observation(player)` -> float32 vector.

A pure function of the observation dict of sim/first_cycle/observation.py, so it holds
only what that seat may know (ruling C-3): its own hand and Scan knowledge, the public
board, discards, the opponent's hand size and the hand cards both players saw, the
publicly known deck bottoms (Cycle), and the pending choice's public data.

Everything is seen from the observing seat: "own" is the observer, "opp" the other
player. Card-indexed slices have one entry per collector number (entry `n - 1` is card
#n); the printed facts of each card are a separate table, `card_features()`. Counts are
raw (0..max_copies); other scalars are scaled to about [0, 1] by the divisor their row
names; power and its modifiers are divided by 10 and clipped to [0, 2] and [-2, 2]. The
layout (every slice, range and meaning) is documented in docs/encoding/first_cycle.md,
generated from this module (`python -m envs.encoding.docs`) and checked by
tests/envs/test_encoding.py.

The layout depends on the card set and on params (max_copies, max_scan and the scaling
divisors); `FirstCycleEncoder(game)` builds it for one game object.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from itertools import chain
from operator import is_not
from typing import Any

import numpy as np

from envs.encoding.base import CardCounts, Layout, SparseEncoder, int64_array, layout_markdown, put_rows

FIGHTERS = 6  # fighter slots per player in the observation: 0 is the Leader, 1..5 Characters
PENDING_KINDS: tuple[str, ...] = ("target", "deploy_discard", "guard", "support", "cycle",
                                  "scan", "order")
PHASES: tuple[str, ...] = ("act", "battle", "choice", "over")
# The raw numbers encode_batch copies from each observation, in this order (columns of its
# `facts` table); from "turn" on they are the scalars of `_scalar_idx`, in that order.
_FACT_NAMES = ("player", "first_player", "active", "current_player", "done", "winner",
               "in_battle", "in_pending", "turn", "own_turns_taken", "opp_turns_taken",
               "own_hp", "opp_hp", "own_ram_supply", "own_ram_ready", "own_ram_exhausted",
               "opp_ram_supply", "opp_ram_ready", "opp_ram_exhausted", "own_deck_size",
               "opp_deck_size", "own_hand_size", "opp_hand_size", "own_scanned", "opp_scanned")
_N_FACTS = len(_FACT_NAMES)
_FIRST_SCALAR = _FACT_NAMES.index("turn")
_TURNS_TAKEN = slice(_FACT_NAMES.index("own_turns_taken"), _FACT_NAMES.index("own_hp"))
is_occupied = partial(is_not, None)
"""`is_occupied(fighter)`: the fighter space holds a record (a C-level test for `map`)."""
# encode_batch writes each fighter record (Fighter fields: card, exhausted, attached, power,
# entered, used, mod_turn, mod_battle) as one row of 8 values, field by field, into these slot
# features: card and entered (not features themselves) give way to can_attack and new.
_RECORD_FEATURES = ("can_attack", "exhausted", "attached", "power", "new", "used", "mod_turn",
                    "mod_battle")
POWER_SCALE = 0.1  # power and modifiers (and printed power and cost) are divided by 10
POWER_CAP = 20     # current power is clipped to 20 (2.0 encoded); modifiers to +-20


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
    """The columns of `FirstCycleEncoder.card_features()` (printed facts of one card)."""
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


class FirstCycleEncoder(SparseEncoder):
    """Encodes First Cycle observation dicts; see the module docstring and `slices()`."""

    game_name = "first_cycle"

    def __init__(self, game: Any) -> None:
        params = game.params
        self.params = params
        by_number = game.card_set.by_number
        self.num_cards = C = int(game.num_cards)
        S = params.max_scan
        specs = [by_number.get(n) for n in range(C + 1)]
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
        self._card_table = self._build_card_table(specs, kinds, colors, traits, triggers)
        slot = _slot_layout(C)
        self.slot_layout = slot
        so = {f.name: f.start for f in slot.features}
        K = slot.size

        L = Layout()
        g = "game"
        self.o_turn = L.add("turn", 1, "global turn / max_turns", group=g)
        self.o_first = L.add("first_player", 1, "1 if you took the first turn", group=g)
        self.o_your_turn = L.add("your_turn", 1, "1 if you are the active player", group=g)
        self.o_to_act = L.add("to_act", 2, "[you decide now, the opponent decides now]", group=g)
        self.o_phase = L.add("phase", len(PHASES), "one-hot: Act step (no choice pending), battle "
                             "in progress, effect choice pending outside a battle, game over",
                             group=g)
        self.o_outcome = L.add("outcome", 2, "[you won, you lost] once the game is over", group=g)
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
        slot_bases = []
        slot_low = min(f.low for f in slot.features)
        slot_high = max(f.high for f in slot.features)
        for side, whose in (("own", "your"), ("opp", "the opponent's")):
            for f in range(FIGHTERS):
                where = "Leader" if f == 0 else f"Character space {f}"
                slot_bases.append(L.add(f"{side}_fighter_{f}", K, f"{whose} {where}: the fighter "
                                        "slot features (table below)", slot_low, slot_high,
                                        group="board"))
        g = "battle"
        self.o_battle_you = L.add("battle_by_you", 1, "1 if you are the attacker of the battle in "
                                  "progress", group=g)
        self.o_battle_att = L.add("battle_attacker", FIGHTERS, "one-hot slot of the attacking "
                                  "fighter (attacker's side)", group=g)
        self.o_battle_tgt = L.add("battle_target", FIGHTERS, "one-hot slot of the attacked or "
                                  "guarding fighter (defender's side)", group=g)
        g = "pending"
        self.o_pkind = L.add("pending_kind", len(PENDING_KINDS), "one-hot kind of the pending "
                             "choice: " + ", ".join(PENDING_KINDS), group=g)
        self.o_pyours = L.add("pending_yours", 1, "1 if the pending choice is yours", group=g)
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
        trig_bases = []
        for i in range(self.trigger_slots):
            trig_bases.append(L.add(f"pending_trigger_{i}", C + max_abilities,
                                    f"simultaneous trigger {i} to order (action trigger {i}): "
                                    "one-hot card, then one-hot ability index "
                                    f"(of {max_abilities})",
                                    group=g))
        self.layout = L
        self._slot_bases = slot_bases
        self._trig_bases = trig_bases

        # ---- precomputed tables for the hot path
        self._inv_turns = 1.0 / params.max_turns
        self._inv_hp = 1.0 / params.leader_hp
        self._inv_ram = 1.0 / params.ram_supply
        self._inv_deck = 1.0 / params.deck_size
        self._inv_scan = 1.0 / params.max_scan
        self._scalar_idx = (self.o_turn, self.o_turns_taken, self.o_turns_taken + 1,
                            self.o_hp, self.o_hp + 1) + tuple(range(self.o_ram, self.o_ram + 6)) + (
            self.o_deck, self.o_deck + 1, self.o_hand_size, self.o_hand_size + 1,
            self.o_scanned, self.o_scanned + 1)
        self._rush = [bool(sp and sp.rush) for sp in specs]
        # Per slot and card number: the indices of `occupied` and the card's one-hot entry.
        self._slot_ones = [[(base + so["occupied"], base + so["card"] + n - 1)
                            for n in range(C + 1)] for base in slot_bases]
        self._power_values = [p * POWER_SCALE for p in range(POWER_CAP)]
        # Per slot: absolute indices of (power, exhausted, can_attack, new, attached, used,
        # mod_turn, mod_battle).
        self._slot_dynamic = [tuple(base + so[n] for n in (
            "power", "exhausted", "can_attack", "new", "attached", "used", "mod_turn",
            "mod_battle")) for base in slot_bases]
        self._c_hand = CardCounts(self.o_hand)
        self._c_own_bottom = CardCounts(self.o_own_bottom)
        self._c_own_discard = CardCounts(self.o_own_discard)
        self._c_opp_revealed = CardCounts(self.o_opp_revealed)
        self._c_opp_bottom = CardCounts(self.o_opp_bottom)
        self._c_opp_discard = CardCounts(self.o_opp_discard)
        self._c_scan_left = CardCounts(self.o_pscan_left)
        self._c_scan_placed = CardCounts(self.o_pscan_placed)
        self._pkind = {k: self.o_pkind + i for i, k in enumerate(PENDING_KINDS)}
        self._phase_act, self._phase_battle, self._phase_choice, self._phase_over = (
            self.o_phase + i for i in range(len(PHASES)))
        # ---- the same tables as arrays, for the column-wise `encode_batch`
        self._np_scalar_idx = np.array(self._scalar_idx, dtype=np.intp)
        self._np_scalar_scale = np.array(
            (self._inv_turns,) * 3 + (self._inv_hp,) * 2 + (self._inv_ram,) * 6
            + (self._inv_deck,) * 4 + (self._inv_scan,) * 2, dtype=np.float64)
        # Card-count zones in the order `encode_batch` collects them (row offsets minus 1).
        self._np_zone_base = np.array([self.o_hand, self.o_own_bottom, self.o_own_discard,
                                       self.o_opp_revealed, self.o_opp_bottom,
                                       self.o_opp_discard], dtype=np.intp) - 1
        self._np_slot_ones = np.array(self._slot_ones, dtype=np.intp)        # (12, C+1, 2)
        self._np_rush = np.array(self._rush, dtype=bool)
        slots = np.arange(2 * FIGHTERS)
        self._np_slot_leader = slots % FIGHTERS == 0
        self._np_slot_side = slots // FIGHTERS  # 0: the observer's, 1: the opponent's
        # Per slot, where each field of a fighter record goes (`_RECORD_FEATURES`), and per
        # field the clip range and the scale that turn it into its feature.
        self._np_record_dest = np.array([[base + so[name] for name in _RECORD_FEATURES]
                                         for base in slot_bases], dtype=np.intp)  # (12, 8)
        cap = float(POWER_CAP)
        self._np_record_lo = np.array([-np.inf, 0, -np.inf, -cap, -np.inf, 0, -cap, -cap])
        self._np_record_hi = np.array([np.inf, 1, np.inf, cap, np.inf, 1, cap, cap])
        self._np_record_scale = np.array([1, 1, self._inv_ram, POWER_SCALE, 1, 1, POWER_SCALE,
                                          POWER_SCALE])

    # ------------------------------------------------------------------ card facts
    def _build_card_table(self, specs: list[Any], kinds: list[str], colors: list[str],
                          traits: list[str], triggers: list[str]) -> np.ndarray:
        co = {f.name: f.start for f in self.card_feature_layout.features}
        table = np.zeros((self.num_cards, self.card_feature_layout.size), dtype=np.float32)
        for n, sp in enumerate(specs):
            if sp is None:
                continue
            row = table[n - 1]
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
        return table

    def card_features(self) -> np.ndarray:
        """(num_cards, F) float32: printed facts of card #n in row n-1 (columns:
        `card_feature_layout`). Every card in the encoding is a one-hot or count over
        collector numbers, so `one_hot @ card_features()` gives its facts (e.g. to build
        card embeddings); the vector itself does not repeat them."""
        return self._card_table.copy()

    # ------------------------------------------------------------------ bounds
    def bounds(self):
        """Per-entry `(low, high)`; board slots use the per-feature bounds of `slot_layout`."""
        low, high = self.layout.bounds()
        s_low, s_high = self.slot_layout.bounds()
        for base in self._slot_bases:
            low[base:base + self.slot_layout.size] = s_low
            high[base:base + self.slot_layout.size] = s_high
        return low, high

    # ------------------------------------------------------------------ hot path
    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        me = obs["player"]
        you = obs["you"]
        opp = obs["opponent"]
        turn = obs["turn"]
        active = obs["active"]
        done = obs["done"]
        current = obs["current_player"]
        inv_ram = self._inv_ram
        inv_deck = self._inv_deck
        inv_turns = self._inv_turns
        inv_scan = self._inv_scan
        inv_hp = self._inv_hp

        # ---- game facts
        if obs["first_player"] == me:
            ones.append(self.o_first)
        if active == me:
            ones.append(self.o_your_turn)
        if current == me:
            ones.append(self.o_to_act)
        elif current >= 0:
            ones.append(self.o_to_act + 1)
        battle = obs["battle"]
        pending = obs["pending"]
        if done:
            ones.append(self._phase_over)
            winner = obs["winner"]
            if winner == me:
                ones.append(self.o_outcome)
            elif winner >= 0:
                ones.append(self.o_outcome + 1)
        elif battle is not None:
            ones.append(self._phase_battle)
        elif pending is not None:
            ones.append(self._phase_choice)
        else:
            ones.append(self._phase_act)
        idx += self._scalar_idx
        val += (turn * inv_turns, you["turns_taken"] * inv_turns, opp["turns_taken"] * inv_turns,
                you["hp"] * inv_hp, opp["hp"] * inv_hp,
                you["ram_supply"] * inv_ram, you["ram_ready"] * inv_ram,
                you["ram_exhausted"] * inv_ram, opp["ram_supply"] * inv_ram,
                opp["ram_ready"] * inv_ram, opp["ram_exhausted"] * inv_ram,
                you["deck_size"] * inv_deck, opp["deck_size"] * inv_deck,
                you["hand_size"] * inv_deck, opp["hand_size"] * inv_deck,
                you["scanned_count"] * inv_scan, opp["scanned_count"] * inv_scan)

        # ---- cards by number (memoized: these zones change far less often than the encoder runs)
        cards = you["hand"]
        if cards:
            i, v = self._c_hand.entries(cards)
            idx += i
            val += v
        cards = you["discard"]
        if cards:
            i, v = self._c_own_discard.entries(cards)
            idx += i
            val += v
        cards = opp["discard"]
        if cards:
            i, v = self._c_opp_discard.entries(cards)
            idx += i
            val += v
        cards = you["known_bottom"]
        if cards:
            i, v = self._c_own_bottom.entries(cards)
            idx += i
            val += v
        cards = opp["known_bottom"]
        if cards:
            i, v = self._c_opp_bottom.entries(cards)
            idx += i
            val += v
        cards = opp["revealed_hand"]
        if cards:
            i, v = self._c_opp_revealed.entries(cards)
            idx += i
            val += v
        # ---- board
        slot_ones = self._slot_ones
        dyn = self._slot_dynamic
        rush = self._rush
        power_values = self._power_values
        for s, pl, owner in ((0, you, me), (FIGHTERS, opp, 1 - me)):
            can_attack = (not done) and owner == active and pl["turns_taken"] >= 2
            for f, fd in enumerate(pl["fighters"], s):
                if fd is None:
                    continue
                c, exhausted, a, p, entered, used, mt, mb = fd
                o_power, o_exh, o_can, o_new, o_att, o_used, o_mt, o_mb = dyn[f]
                ones += slot_ones[f][c]
                if p:
                    idx.append(o_power)
                    val.append(power_values[p] if p < POWER_CAP else POWER_CAP * POWER_SCALE)
                if exhausted:
                    ones.append(o_exh)
                elif can_attack and (f == s or entered < turn or rush[c]):
                    ones.append(o_can)
                if entered == turn and f != s:
                    ones.append(o_new)
                if a:
                    idx.append(o_att)
                    val.append(a * inv_ram)
                if used:
                    ones.append(o_used)
                if mt:
                    idx.append(o_mt)
                    val.append(_clip_mod(mt))
                if mb:
                    idx.append(o_mb)
                    val.append(_clip_mod(mb))

        # ---- Scan knowledge, the battle, the pending choice
        self._gather_rare(obs, you, battle, pending, ones, idx, val)

    # ------------------------------------------------------------------ batch hot path
    def encode_batch(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """`(N, size)` float32, row i encoding the i-th observation, bit-identical to `encode`.

        Column-wise: one light pass copies each observation's raw numbers (game facts, the
        card lists of the count zones, the twelve fighter records) into flat lists, and
        numpy computes every index and value for the whole batch at once. Only the rare
        parts (Scan knowledge, a battle, a pending choice) go through `gather`'s code.
        `observations` may be a generator: each dict is dropped once copied (BatchEnv
        passes one, so that the cyclic garbage collector never has a batch of live dicts
        to scan; that measured about 3 us a row).
        """
        D = self.layout.size
        facts: list[int] = []
        zone_cards: list[int] = []
        zone_lens: list[int] = []
        fighters: list[Any] = []
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        ones_ends: list[int] = []
        idx_ends: list[int] = []
        gather_rare = self._gather_rare
        for o in observations:
            you = o["you"]
            opp = o["opponent"]
            battle = o["battle"]
            pending = o["pending"]
            me = o["player"]
            facts += (me, o["first_player"], o["active"], o["current_player"], o["done"],
                      o["winner"], battle is not None, pending is not None, o["turn"],
                      you["turns_taken"], opp["turns_taken"], you["hp"], opp["hp"],
                      you["ram_supply"], you["ram_ready"], you["ram_exhausted"],
                      opp["ram_supply"], opp["ram_ready"], opp["ram_exhausted"],
                      you["deck_size"], opp["deck_size"], you["hand_size"], opp["hand_size"],
                      you["scanned_count"], opp["scanned_count"])
            a = you["hand"]
            b = you["known_bottom"]
            c = you["discard"]
            d = opp["revealed_hand"]
            e = opp["known_bottom"]
            f = opp["discard"]
            zone_cards += a
            zone_cards += b
            zone_cards += c
            zone_cards += d
            zone_cards += e
            zone_cards += f
            zone_lens += (len(a), len(b), len(c), len(d), len(e), len(f))
            fighters += you["fighters"]
            fighters += opp["fighters"]
            if battle is not None or pending is not None or you["known_top"]:
                gather_rare(o, you, battle, pending, ones, idx, val)
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        n = len(ones_ends)
        out = np.zeros((n, D), dtype=np.float32)
        if not n:
            return out
        flat = out.reshape(-1)
        row_start = np.arange(0, n * D, D)
        g = int64_array(facts).reshape(n, _N_FACTS)
        me, first, active, current, done, winner, in_battle, in_pending, turn = g.T[:_FIRST_SCALAR + 1]
        done = done.astype(bool)
        rows = np.arange(n)
        # Game facts.
        out[rows, self.o_first] = first == me
        out[rows, self.o_your_turn] = active == me
        out[rows, self.o_to_act] = current == me
        out[rows, self.o_to_act + 1] = (current != me) & (current >= 0)
        phase = np.where(done, self._phase_over,
                         np.where(in_battle, self._phase_battle,
                                  np.where(in_pending, self._phase_choice, self._phase_act)))
        out[rows, phase] = 1.0
        out[rows, self.o_outcome] = done & (winner == me)
        out[rows, self.o_outcome + 1] = done & (winner >= 0) & (winner != me)
        out[:, self._np_scalar_idx] = g[:, _FIRST_SCALAR:] * self._np_scalar_scale
        # Card counts.
        if zone_cards:
            base = (row_start[:, None] + self._np_zone_base).reshape(-1)
            cells, counts = np.unique(np.repeat(base, int64_array(zone_lens))
                                      + int64_array(zone_cards),
                                      return_counts=True)
            flat[cells] = counts
        # Fighters: one 8-number record per occupied space, its slot (0-11) and row; the
        # records are flattened here, once for the batch, not row by row in the loop.
        r, slot = np.nonzero(np.fromiter(map(is_occupied, fighters), bool, len(fighters))
                             .reshape(n, 2 * FIGHTERS))
        fr = int64_array(list(chain.from_iterable(filter(None, fighters)))).reshape(-1, 8)
        card, entered = fr[:, 0], fr[:, 4]
        at = row_start[r][:, None]
        flat[(at + self._np_slot_ones[slot, card]).reshape(-1)] = 1.0
        # Every field of a record becomes its feature at once (clipped, scaled; absent ones
        # are the zeros they are), then card and entered are replaced by can_attack and new.
        values = fr.astype(np.float64)
        np.clip(values, self._np_record_lo, self._np_record_hi, out=values)
        values *= self._np_record_scale
        # A side's fighters can attack on its owner's turn (not their first) while the game
        # is on: per row and side, then per fighter (Leader, older than this turn, or Rush).
        side_can = ((np.stack((me, 1 - me), axis=1) == active[:, None]) & (g[:, _TURNS_TAKEN] >= 2)
                    & ~done[:, None])
        leader = self._np_slot_leader[slot]
        t = turn[r]
        values[:, 0] = ((fr[:, 1] == 0) & side_can[r, self._np_slot_side[slot]]
                        & (leader | (entered < t) | self._np_rush[card]))
        values[:, 4] = (entered == t) & ~leader
        flat[at + self._np_record_dest[slot]] = values
        # The rare parts gathered row by row.
        put_rows(out, ones, ones_ends, idx, val, idx_ends)
        return out

    def _gather_rare(self, obs: dict[str, Any], you: dict[str, Any], battle: dict | None,
                     pending: dict | None, ones: list[int], idx: list[int],
                     val: list[float]) -> None:
        """Entries of the parts most observations lack: Scan knowledge of the deck top, the
        battle in progress, the pending choice (`gather` and `encode_batch` share it)."""
        me = obs["player"]
        top = you["known_top"]
        if top:
            base = self.o_known_top - 1
            C = self.num_cards
            ones += [base + i * C + c for i, c in enumerate(top[:self.params.max_scan])]
        if battle is not None:
            if battle["attacking_player"] == me:
                ones.append(self.o_battle_you)
            ones.append(self.o_battle_att + battle["attacker"])
            ones.append(self.o_battle_tgt + battle["target"])
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
        who = pending["player"]
        if who == me:
            ones.append(self.o_pyours)
        pf = self.o_pfighters
        if kind == "target":
            ones += [pf + (0 if tp == me else FIGHTERS) + tf for tp, tf in pending["targets"]]
            ones.append(self.o_pcard + pending["card"] - 1)
        elif kind == "guard":
            side = 0 if who == me else FIGHTERS
            ones += [pf + side + f for f in pending["guards"]]
        elif kind == "deploy_discard":
            ones.append(self.o_pcard + pending["card"] - 1)
        elif kind == "scan":
            if "cards" in pending:
                for counter, cards in ((self._c_scan_left, pending["cards"]),
                                       (self._c_scan_placed, pending["chosen"])):
                    if cards:
                        i, v = counter.entries(cards)
                        idx += i
                        val += v
            else:
                idx.append(self.o_pscan_count)
                val.append(pending["count"] * self._inv_scan)
        elif kind == "order":
            C = self.num_cards
            for base, (card, ai) in zip(self._trig_bases, pending["triggers"]):
                ones.append(base + card - 1)
                ones.append(base + C + ai)

    # ------------------------------------------------------------------ documentation
    def describe(self) -> str:
        """The markdown page docs/encoding/first_cycle.md (generated; a test keeps it in sync)."""
        return layout_markdown(
            self, "First Cycle observation encoding (`first_cycle_v0`)", _DOC_INTRO,
            [("Fighter slot features",
              (f"Each `own_fighter_f` / `opp_fighter_f` slice ({self.slot_layout.size} entries) "
              "holds these features, at these offsets from the slice start. An empty slot is all "
              "zeros. The values come from the observation's fighter records."), self.slot_layout),
             ("Card features (not in the vector)",
              ("`encoder.card_features()` is a `(num_cards, F)` float32 table of printed card "
              "facts, row n-1 for card #n, with these columns. The vector refers to cards only "
              "by collector number (one-hots and counts), so a model can multiply any card slice "
              "by this table to get the cards' facts (a linear map: a first dense layer already "
              "covers it)."), self.card_feature_layout)])


def _clip_mod(m: int) -> float:
    if m > POWER_CAP:
        m = POWER_CAP
    elif m < -POWER_CAP:
        m = -POWER_CAP
    return m * POWER_SCALE


_DOC_INTRO = """
Generated from `envs/encoding/first_cycle.py` by `python -m envs.encoding.docs`; the test
`tests/envs/test_encoding.py` fails when this page and the code disagree. Sizes below are for
the default `FirstCycleParams` and the card set shipped with `sim`; overriding `max_copies` or
`max_scan`, or changing the cards, changes the layout (`encoder.slices()` always tells the
truth for a given game).

The encoder reads only `State.observation(player)` (sim/first_cycle/observation.py), so it
holds only what that seat may know. Everything is from the observer's side: "own"/"your"
is the observer, "opp" the other player. Card-indexed slices have one entry per
collector number: entry `n - 1` is card #n (leaders included). Counts are raw numbers of
copies; scalars are divided by the divisor in their row. The action mask is separate
(`obs["action_mask"]`); in code, `encoder.slices()` returns `{name: (start, stop)}`.
"""
