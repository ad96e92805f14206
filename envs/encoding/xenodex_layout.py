"""The layout of the XenodeX observation vector: every named slice, its bounds and meaning.

`XenodexLayout(game)` places the slices for one game object (the first half of
`envs.encoding.xenodex.XenodexEncoder`, which fills them) and writes the documentation page
(`describe()`, docs/encoding/xenodex.md, written by `python -m envs.encoding.docs`).

**Seats are relative to the observer**: seat block 0 is the observer, then the others
clockwise (1 = next clockwise, ...); the same order as the engine's seat-relative
`target`, `capture` and `seat` actions. There are always `MAX_SEATS` (4) seat blocks, the
ones beyond the player count all zeros with `present` 0, so **the size is the same for
2, 3 and 4 players and for every seat** (it depends only on the other params: deck size,
slot counts, levels, Ancients on or off). Board slots are placed by their printed label:
position j holds slot S(j+1), so a 4-player board (S2-S4) fills positions 1-3 of the 5 and
`slot_present` says which exist. Units are indexed as in the action space: per relative
side (the Ancients last, when on), unit index 0..deck_size-1 (the instance's place in its
deck list). Seats, slots and units are blocks: one table of features each, repeated.

Counts are raw (copies); other scalars are divided by the divisor their row names and
clipped to their bounds.
"""
from __future__ import annotations

from typing import Any

from envs.encoding.base import Layout, SparseEncoder

MAX_SEATS = 4
PHASES: tuple[str, ...] = ("setup", "echoes", "income", "summon", "deploy", "battle",
                           "recovery", "results", "over")
PENDING_KINDS: tuple[str, ...] = ("summon", "deploy", "strike", "recovery", "actor", "cleave",
                                  "ability", "tx")
HOME_KINDS: tuple[str, ...] = ("summon", "deploy", "strike", "recovery")
CDX_SCALE = 200.0      # CDX / 200 (the default starting CDX), clipped at CDX_CAP
CDX_CAP = 5.0
EMISSION_SCALE = 50.0  # emission per cycle / 50, clipped at 2
STAT_SCALE = 10.0      # STR and DEF / 10, clipped at 3
BP_SCALE = 40.0        # character BP / 40, clipped at 2
ATTACK_SCALE = 20.0    # a Cleave's attack (STR + roll) / 20, clipped at 2
FIELD_SCALE = 5.0      # Echo field STR / DEF modifiers / 5, clipped at +-2

_DOC_INTRO = """
Generated from `envs/encoding/xenodex_layout.py` by `python -m envs.encoding.docs`; the test
`tests/envs/test_encoding.py` fails when this page and the code disagree. Sizes below
are for the default `XenodexParams` and the shipped card set. **The size is the same for
2, 3 and 4 players and for every seat**: seats are relative to the observer (block 0 is
you, then the others clockwise) and padded to 4, and board positions follow the printed
slot labels (position j is slot S(j+1); at 4 players S2-S4 fill positions 1-3). It changes
with `deck_size`, the slot counts, the level tables and `ancients` (which adds the neutral
side's unit blocks); `encoder.slices()` always tells the truth for a given game.

The encoder reads only `State.observation(player)` (sim/xenodex/observation.py), so it holds
only what that seat may know: its own hands, and the public rest (XD-29). Card-indexed
slices have one entry per card number: entry `c - 1` is card c (characters, then Ancients;
TX cards; Echo cards in `echo_discard`; `echo` has entry 0 for "no Echo"). Counts are raw
numbers of copies; scalars are divided by the divisor in their row and clipped to the
bounds. The action mask is separate (`obs["action_mask"]`).
"""


def _unit_layout(K: int, U: int) -> Layout:
    """The features of one unit block (offsets relative to the block's start)."""
    s = Layout()
    s.add("on_board", 1, "1 if this unit is on the board")
    s.add("slot", K, "one-hot board position of its slot (position j = slot S(j+1))")
    s.add("card", U, "one-hot unit card (characters 1..C, then Ancients): entry c-1 for card c")
    s.add("bp", 1, f"current BP / {BP_SCALE:g}, clipped", 0, 2)
    s.add("bp_fraction", 1, "current BP / its printed BP")
    s.add("max_bp", 1, f"printed BP / {BP_SCALE:g}, clipped", 0, 2)
    s.add("str", 1, f"current STR (auras, TX, Echo) / {STAT_SCALE:g}, clipped", 0, 3)
    s.add("def", 1, f"current DEF (auras, TX, Echo) / {STAT_SCALE:g}, clipped", 0, 3)
    s.add("actions_left", 1, "actions left this cycle (max strikes - used) / 3, clipped", 0, 1)
    s.add("denied", 1, "1 if denied (Jam, Mind Command): it cannot strike this cycle")
    s.add("rallied", 1, "1 if readied by Rally or Tactical Relay this cycle")
    return s


def _seat_layout(U: int, T: int, decks: list[str], D: int) -> Layout:
    """The features of one seat block."""
    s = Layout()
    s.add("present", 1, "1 if this seat is in the game")
    s.add("deck", len(decks) + 1, "one-hot faction deck: " + ", ".join(decks) + ", other")
    s.add("cdx", 1, f"CDX / {CDX_SCALE:g}, clipped at {CDX_CAP:g}", 0, CDX_CAP)
    s.add("emission", 1, f"this cycle's emission / {EMISSION_SCALE:g}, clipped", 0, 2)
    s.add("starved", 1, "1 if its next emission is starved (Blackout Protocol)")
    s.add("hand_size", 1, "characters in hand / hand_size, clipped", 0, 2)
    s.add("deck_size", 1, "characters in deck / deck_size")
    s.add("staged", U, "staged characters: copies of each card", 0, D)
    s.add("staged_anchors", 1, "staged anchors / anchor_pool")
    s.add("pool", 1, "anchors left in the pool / anchor_pool")
    s.add("discard", U, "knocked-out characters: copies of each card", 0, D)
    s.add("tx_hand_size", 1, "transmissions in hand / tx_draw, clipped", 0, 2)
    s.add("tx_deck_size", 1, "transmissions in the TX deck / 16, clipped", 0, 2)
    s.add("tx_discard", T, "played and discarded transmissions: copies of each TX card", 0, D)
    s.add("tx_left", 1, "transmission plays left this cycle / tx_plays, clipped", 0, 1)
    s.add("is_lead", 1, "1 if this seat leads the cycle")
    s.add("to_act", 1, "1 if this seat decides now")
    s.add("winner", 1, "1 if this seat won (game over)")
    s.add("controlled", 1, "slots it cleanly controls / slots on the board")
    s.add("proven", 1, "slots proven for it at the last Results / slots on the board")
    return s


def _slot_layout(levels: int, sides: int) -> Layout:
    """The features of one board-slot block."""
    s = Layout()
    s.add("present", 1, "1 if this board position is a slot in this game")
    s.add("siege", 1, "1 if the slot is under siege (fought again this cycle)")
    s.add("start_controller", MAX_SEATS, "one-hot relative seat that cleanly controlled it at "
          "the start of the cycle (all 0: none)")
    s.add("controller", MAX_SEATS, "one-hot relative seat that cleanly controls it now")
    s.add("proven", MAX_SEATS, "one-hot relative seat it was proven for at the last Results")
    s.add("echo", 1, "1 if the current Echo's field event is in this slot")
    for r in range(MAX_SEATS):
        s.add(f"anchor_{r}", 1, f"1 if relative seat {r} has a live anchor here")
        s.add(f"anchor_{r}_active", 1, "1 if that anchor is active (0: disabled, XD-5)")
        s.add(f"anchor_{r}_level", levels, "one-hot anchor level Lv0..")
        s.add(f"anchor_{r}_bp", 1, "anchor BP / the top level's BP")
        s.add(f"anchor_{r}_bp_fraction", 1, "anchor BP / its level's BP")
        s.add(f"anchor_{r}_def", 1, f"anchor DEF (Fortify included) / {STAT_SCALE:g}, clipped",
              0, 3)
    s.add("units", sides, "characters per relative side here (Ancients last when on) / 10, "
          "clipped", 0, 2)
    s.add("str", sides, f"total STR per relative side here / {4 * STAT_SCALE:g}, clipped", 0, 2)
    s.add("bp", sides, f"total BP per relative side here / {5 * BP_SCALE:g}, clipped", 0, 2)
    return s



class XenodexLayout(SparseEncoder):
    """The named slices of the XenodeX vector for one game (`o_<slice>`: their starts;
    `seat_bases`, `slot_bases`, `unit_bases`: the starts of the blocks)."""

    game_name = "xenodex"
    pending_noun = "decision"
    game_title = "XenodeX"
    doc_intro = _DOC_INTRO

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        p = self.params
        self.D = D = p.deck_size
        self.n = game.num_players
        self.K = game.K
        self.KP = KP = max(p.slots_two_three, p.slots_four)
        self.positions = [int(label[1:]) - 1 for label in game.slot_labels]
        self.U = U = len(game.u_name) - 1
        self.T = T = game.T
        self.E = E = len(game.echoes) - 1
        self.levels = levels = len(p.emission)
        self.sides = sides = MAX_SEATS + (1 if p.ancients else 0)
        self.decks = decks = sorted(game.deck_names())
        self.a_target = game.a_target
        self.echo_total = max(len(game.echo_list), 1)

        unit = self.unit_layout = _unit_layout(KP, U)
        seat = self.seat_layout = _seat_layout(U, T, decks, D)
        slot = self.slot_layout = _slot_layout(levels, sides)

        L = Layout()
        g = "game"
        self.o_cycle = L.add("cycle", 1, "cycle / cycle_limit (above 1 in overtime, clipped)", 0, 2,
                             group=g)
        self.o_left = L.add("cycles_left", 1, "(cycle_limit - cycle) / cycle_limit, at least 0",
                            group=g)
        self.o_players = L.add("num_players", 3, "one-hot player count: 2, 3, 4", group=g)
        self.o_phase = L.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES), group=g)
        self.o_outcome = L.add("outcome", 3, "[you won, a rival won, draw] once the game is over",
                               group=g)
        self.o_echo = L.add("echo", E + 1, "one-hot current Echo card (entry 0: none)", group=g)
        self.o_echo_deck = L.add("echo_deck_size", 1, "Echo cards left in the Echo deck / all",
                                 group=g)
        self.o_echo_disc = L.add("echo_discard", E, "Echo discard: copies of each Echo card", 0,
                                 self.echo_total, group=g)
        self.o_fields = L.add("fields", 2, f"Echo field [STR, DEF] modifiers this cycle / "
                              f"{FIELD_SCALE:g}, clipped", -2, 2, group=g)
        g = "you"
        self.o_hand = L.add("own_hand", U, "your hand: copies of each character card", 0, D,
                            group=g)
        self.o_tx_hand = L.add("own_tx_hand", T, "your TX hand: copies of each TX card", 0, D,
                               group=g)
        who = ("you", "the next seat clockwise", "2 seats clockwise", "3 seats clockwise")
        self.seat_bases = [L.add_block(f"seat_{r}", seat, f"relative seat {r} ({who[r]}): the "
                                       "seat features (table below)", group="seats")
                           for r in range(MAX_SEATS)]
        self.slot_bases = [L.add_block(f"slot_{j}", slot, f"board position {j} (slot S{j + 1}): "
                                       "the slot features (table below)", group="board")
                           for j in range(KP)]
        self.unit_bases: list[list[int]] = [
            [L.add_block(f"unit_{r}_{u}", unit, ("the Ancients (neutral)" if r == MAX_SEATS
                                                 else f"relative seat {r}")
                         + f", unit {u}: the unit features (table below)", group="units")
             for u in range(D)]
            for r in range(sides)]
        g = "battle"
        self.o_battle = L.add("battle", 1, "1 if a battle is being fought", group=g)
        self.o_bslot = L.add("battle_slot", KP, "one-hot board position of the battle", group=g)
        self.o_bstage = L.add("battle_opening", 1, "1 in the First Strike opening round", group=g)
        self.o_bpassed = L.add("battle_passed", sides, "relative sides that hold in this battle",
                               group=g)
        g = "pending"
        self.o_pkind = L.add("pending_kind", len(PENDING_KINDS), "one-hot kind of the pending "
                             "decision: " + ", ".join(PENDING_KINDS), group=g)
        self.o_pplayer = L.add("pending_player", MAX_SEATS, "one-hot relative seat deciding",
                               group=g)
        self.o_pslot = L.add("pending_slot", KP, "one-hot board position of the decision's slot "
                             "(strike, actor, cleave, ability)", group=g)
        self.o_punit = L.add("pending_unit", D, "one-hot unit index (of the deciding seat) that "
                             "acts (actor, cleave, ability)", group=g)
        self.o_pability = L.add("pending_ability", 2, "one-hot activated ability index", group=g)
        self.o_ptx = L.add("pending_tx", T, "one-hot TX card whose target is chosen", group=g)
        self.o_phome = L.add("pending_home", len(HOME_KINDS), "one-hot home decision the TX was "
                             "played from: " + ", ".join(HOME_KINDS), group=g)
        self.o_pleft = L.add("pending_cleave_left", 1, "extra Cleave targets left / 3, clipped",
                             0, 1, group=g)
        self.o_patk = L.add("pending_cleave_attack", 1, f"the Cleave's attack (STR + roll) / "
                            f"{ATTACK_SCALE:g}, clipped", 0, 2, group=g)
        self.o_phit_units = L.add("pending_cleave_hit_units", sides * D, "units already hit by "
                                  "this Cleave: relative side x unit index", group=g)
        self.o_phit_anchors = L.add("pending_cleave_hit_anchors", MAX_SEATS * KP, "anchors "
                                    "already hit by this Cleave: relative seat x board position",
                                    group=g)
        self._set_layout(L, PENDING_KINDS)

    def doc_sections(self) -> list[tuple[str, str, Layout]]:
        """The page's tables of the seat, slot and unit blocks."""
        return [("Seat features",
                 f"Each `seat_r` slice ({self.seat_layout.size} entries) holds these features at "
                 "these offsets from its start; r is the seat's place clockwise from you (0 = "
                 "you). A seat beyond the player count is all zeros.", self.seat_layout),
                ("Slot features",
                 f"Each `slot_j` slice ({self.slot_layout.size} entries) holds these features; "
                 "`anchor_r_*` are relative seat r's anchor there. A board position that is not a "
                 "slot in this game (S1 and S5 at 4 players) is all zeros.", self.slot_layout),
                ("Unit features",
                 f"Each `unit_r_u` slice ({self.unit_layout.size} entries) holds these features: "
                 "relative side r's unit u (its place in the deck list, as in the `select`, "
                 "`heal` and `target` actions). A unit off the board (deck, hand, staging, "
                 "knocked out) is all zeros: staging and discards are counted in the seat block.",
                 self.unit_layout)]
