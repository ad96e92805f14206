"""The XenodeX observation encoder: `State.observation(player)` -> float32 vector.

A pure function of the observation dict of sim/xenodex/observation.py (and of the game's
fixed tables), so it holds only what that seat may know (C-3, XD-29): its own hands of
characters and TX, and the public rest (CDX, emission, staging, pools, discards, hand and
deck sizes, the board, the Echo, the battle and the pending decision).

**Seats are relative to the observer**: seat block 0 is the observer, then the others
clockwise (1 = next clockwise, ...); the same order as the engine's seat-relative
`target`, `capture` and `seat` actions. There are always `MAX_SEATS` (4) seat blocks, the
ones beyond the player count all zeros with `present` 0, so **the size is the same for
2, 3 and 4 players and for every seat** (it depends only on the other params: deck size,
slot counts, levels, Ancients on or off). Board slots are placed by their printed label:
position j holds slot S(j+1), so a 4-player board (S2-S4) fills positions 1-3 of the 5 and
`slot_present` says which exist. Units are indexed as in the action space: per relative
side (the Ancients last, when on), unit index 0..deck_size-1 (the instance's place in its
deck list).

Counts are raw (copies); other scalars are divided by the divisor their row names and
clipped to their bounds. The layout is documented in docs/encoding/xenodex.md, generated
from this module (`python -m envs.encoding.docs`) and checked by
tests/envs/test_xenodex_encoding.py.
"""
from __future__ import annotations

from typing import Any

from envs.encoding.base import Layout, SparseEncoder, layout_markdown

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


def _clip(x: float, hi: float, lo: float = 0.0) -> float:
    return lo if x < lo else hi if x > hi else x


def _unit_layout(K: int, U: int) -> Layout:
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
    s.add("denied", 1, "1 if denied (Jam, Mind Command): it cannot act this cycle")
    s.add("rallied", 1, "1 if readied by Rally or Tactical Relay this cycle")
    return s


def _seat_layout(U: int, T: int, decks: list[str], D: int) -> Layout:
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


class XenodexEncoder(SparseEncoder):
    """Encodes XenodeX observation dicts; see the module docstring and `slices()`."""

    game_name = "xenodex"

    def __init__(self, game: Any) -> None:
        p = game.params
        self.params = p
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
        self.seat_bases = []
        lo = min(f.low for f in seat.features)
        hi = max(f.high for f in seat.features)
        for r in range(MAX_SEATS):
            who = ("you", "the next seat clockwise", "2 seats clockwise", "3 seats clockwise")[r]
            self.seat_bases.append(L.add(f"seat_{r}", seat.size, f"relative seat {r} ({who}): "
                                         "the seat features (table below)", lo, hi, group="seats"))
        self.slot_bases = []
        lo = min(f.low for f in slot.features)
        hi = max(f.high for f in slot.features)
        for j in range(KP):
            self.slot_bases.append(L.add(f"slot_{j}", slot.size, f"board position {j} (slot "
                                         f"S{j + 1}): the slot features (table below)", lo, hi,
                                         group="board"))
        self.unit_bases: list[list[int]] = []
        lo = min(f.low for f in unit.features)
        hi = max(f.high for f in unit.features)
        for r in range(sides):
            who = "the Ancients (neutral)" if r == MAX_SEATS else f"relative seat {r}"
            row = []
            for u in range(D):
                row.append(L.add(f"unit_{r}_{u}", unit.size, f"{who}, unit {u}: the unit "
                                 "features (table below)", lo, hi, group="units"))
            self.unit_bases.append(row)
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
        self.layout = L

        # ---- precomputed offsets for the hot path
        uo = {f.name: f.start for f in unit.features}
        self._u = uo
        so = {f.name: f.start for f in seat.features}
        self._s = so
        lo_ = {f.name: f.start for f in slot.features}
        self._l = lo_
        self._deck_index = {name: i for i, name in enumerate(decks)}
        self._anchor_off = [tuple(lo_[f"anchor_{r}{x}"] for x in ("", "_active", "_level", "_bp",
                                                                  "_bp_fraction", "_def"))
                            for r in range(MAX_SEATS)]
        self._unit_off = tuple(uo[x] for x in ("on_board", "slot", "card", "bp", "bp_fraction",
                                               "max_bp", "str", "def", "actions_left", "denied",
                                               "rallied"))
        self._seat_off = tuple(so[x] for x in ("cdx", "emission", "hand_size", "deck_size",
                                               "staged_anchors", "pool", "tx_hand_size",
                                               "tx_deck_size", "tx_left", "controlled", "proven"))
        self._inv = {
            "hand": 1.0 / p.hand_size, "deck": 1.0 / D, "pool": 1.0 / p.anchor_pool,
            "tx_draw": 1.0 / p.tx_draw, "tx_plays": 1.0 / p.tx_plays if p.tx_plays else 0.0,
            "limit": 1.0 / p.cycle_limit, "slots": 1.0 / self.K,
            "top_bp": 1.0 / max(p.anchor_bp),
        }
        self._phase = {ph: self.o_phase + i for i, ph in enumerate(PHASES)}
        self._pkind = {k: self.o_pkind + i for i, k in enumerate(PENDING_KINDS)}
        self._home = {k: self.o_phome + i for i, k in enumerate(HOME_KINDS)}

    # ------------------------------------------------------------------ bounds
    def bounds(self):
        """Per-entry `(low, high)`; repeated blocks use the per-feature bounds of their table."""
        low, high = self.layout.bounds()
        for bases, sub in ((self.seat_bases, self.seat_layout), (self.slot_bases, self.slot_layout),
                           ([b for row in self.unit_bases for b in row], self.unit_layout)):
            s_low, s_high = sub.bounds()
            for base in bases:
                low[base:base + sub.size] = s_low
                high[base:base + sub.size] = s_high
        return low, high

    # ------------------------------------------------------------------ hot path
    def _rel(self, q: int, me: int, n: int) -> int:
        """Relative side index of absolute side q (the neutral side last)."""
        return (q - me) % n if q < n else MAX_SEATS

    def gather(self, obs: dict[str, Any], ones: list[int], idx: list[int],
               val: list[float]) -> None:
        me = obs["player"]
        n = obs["num_players"]
        D = self.D
        inv = self._inv
        cycle = obs["cycle"]
        limit = obs["cycle_limit"]
        done = obs["done"]
        current = obs["current_player"]
        winner = obs["winner"]
        positions = self.positions

        # ---- game
        idx.append(self.o_cycle)
        val.append(_clip(cycle / limit, 2.0))
        if cycle < limit:
            idx.append(self.o_left)
            val.append((limit - cycle) / limit)
        ones.append(self.o_players + n - 2)
        try:
            ones.append(self._phase[obs["phase"]])
        except KeyError:
            raise ValueError(f"unknown phase {obs['phase']!r}: the encoder needs updating") from None
        if done:
            ones.append(self.o_outcome + (0 if winner == me else 1 if winner >= 0 else 2))
        echo = obs["echo"]
        if echo["current"]:
            ones.append(self.o_echo + echo["current"])
        else:
            ones.append(self.o_echo)
        if echo["deck_size"]:
            idx.append(self.o_echo_deck)
            val.append(echo["deck_size"] / self.echo_total)
        self._counts(echo["discard"], self.o_echo_disc - 1, idx, val)
        fields = obs["fields"]
        if fields["str"]:
            idx.append(self.o_fields)
            val.append(_clip(fields["str"] / FIELD_SCALE, 2.0, -2.0))
        if fields["def"]:
            idx.append(self.o_fields + 1)
            val.append(_clip(fields["def"] / FIELD_SCALE, 2.0, -2.0))
        you = obs["you"]
        self._counts(you["hand"], self.o_hand - 1, idx, val)
        self._counts(you["tx_hand"], self.o_tx_hand - 1, idx, val)

        # ---- seats
        so = self._s
        slots = obs["slots"]
        controlled = [0] * n
        proven = [0] * n
        for sl in slots:
            if sl["controller"] >= 0:
                controlled[sl["controller"]] += 1
            if sl["proven"] >= 0:
                proven[sl["proven"]] += 1
        seat_off = self._seat_off
        for q, seat in enumerate(obs["seats"]):
            b = self.seat_bases[(q - me) % n]
            ones.append(b + so["present"])
            ones.append(b + so["deck"] + self._deck_index.get(seat["deck"], len(self.decks)))
            idx += [b + o for o in seat_off]
            val += (_clip(seat["cdx"] / CDX_SCALE, CDX_CAP),
                    _clip(seat["emission"] / EMISSION_SCALE, 2.0),
                    _clip(seat["hand_size"] * inv["hand"], 2.0), seat["deck_size"] * inv["deck"],
                    _clip(seat["staged_anchors"] * inv["pool"], 1.0), seat["pool"] * inv["pool"],
                    _clip(seat["tx_hand_size"] * inv["tx_draw"], 2.0),
                    _clip(seat["tx_deck_size"] / 16.0, 2.0),
                    _clip(seat["tx_left"] * inv["tx_plays"], 1.0),
                    controlled[q] * inv["slots"], proven[q] * inv["slots"])
            if seat["starved"]:
                ones.append(b + so["starved"])
            self._counts(seat["staged"], b + so["staged"] - 1, idx, val)
            self._counts(seat["discard"], b + so["discard"] - 1, idx, val)
            self._counts(seat["tx_discard"], b + so["tx_discard"] - 1, idx, val)
            if q == obs["lead"]:
                ones.append(b + so["is_lead"])
            if q == current:
                ones.append(b + so["to_act"])
            if done and q == winner:
                ones.append(b + so["winner"])

        # ---- board and units
        lo = self._l
        sides = self.sides
        anchor_off = self._anchor_off
        top_bp = inv["top_bp"]
        u_on, u_slot, u_card, u_bp, u_bpf, u_max, u_str, u_def, u_left, u_denied, u_rallied = \
            self._unit_off
        unit_bases = self.unit_bases
        echo_slot = echo["slot"]
        for k, sl in enumerate(slots):
            pos = positions[k]
            b = self.slot_bases[pos]
            ones.append(b + lo["present"])
            if sl["siege"]:
                ones.append(b + lo["siege"])
            for name in ("start_controller", "controller", "proven"):
                c = sl[name]
                if c >= 0:
                    ones.append(b + lo[name] + (c - me) % n)
            if k == echo_slot:
                ones.append(b + lo["echo"])
            for q, a in enumerate(sl["anchors"]):
                if a is None:
                    continue
                o_present, o_active, o_level, o_bp, o_bpf, o_def = anchor_off[(q - me) % n]
                ones.append(b + o_present)
                if a["active"]:
                    ones.append(b + o_active)
                ones.append(b + o_level + a["level"])
                if a["bp"]:
                    idx += (b + o_bp, b + o_bpf)
                    val += (a["bp"] * top_bp, a["bp"] / a["max_bp"])
                if a["def"]:
                    idx.append(b + o_def)
                    val.append(_clip(a["def"] / STAT_SCALE, 3.0))
            count = [0] * sides
            tstr = [0] * sides
            tbp = [0] * sides
            for u in sl["units"]:
                q = u["side"]
                r = (q - me) % n if q < n else MAX_SEATS
                count[r] += 1
                tstr[r] += u["str"]
                tbp[r] += u["bp"]
                if u["unit"] >= D:  # an Ancient beyond deck_size blocks (max_ancients > deck_size)
                    continue
                ub = unit_bases[r][u["unit"]]
                ones += (ub + u_on, ub + u_slot + pos, ub + u_card + u["card"] - 1)
                bp = u["bp"]
                mx = u["max_bp"]
                st = u["str"]
                df = u["def"]
                left = u["max_strikes"] - u["used"]
                idx += (ub + u_bp, ub + u_bpf, ub + u_max, ub + u_str, ub + u_def, ub + u_left)
                val += (bp / BP_SCALE if bp < 2 * BP_SCALE else 2.0, bp / mx,
                        mx / BP_SCALE if mx < 2 * BP_SCALE else 2.0,
                        st / STAT_SCALE if st < 3 * STAT_SCALE else 3.0,
                        df / STAT_SCALE if df < 3 * STAT_SCALE else 3.0,
                        (left / 3.0 if left < 3 else 1.0) if left > 0 else 0.0)
                if u["denied"]:
                    ones.append(ub + u_denied)
                if u["rallied"]:
                    ones.append(ub + u_rallied)
            for r in range(sides):
                if count[r]:
                    idx += (b + lo["units"] + r, b + lo["str"] + r, b + lo["bp"] + r)
                    val += (_clip(count[r] / 10.0, 2.0), _clip(tstr[r] / (4 * STAT_SCALE), 2.0),
                            _clip(tbp[r] / (5 * BP_SCALE), 2.0))

        # ---- battle
        battle = obs["battle"]
        if battle is not None:
            ones.append(self.o_battle)
            ones.append(self.o_bslot + positions[battle["slot"]])
            if battle["stage"] == 0:
                ones.append(self.o_bstage)
            for q in battle["passed"]:
                ones.append(self.o_bpassed + ((q - me) % n if q < n else MAX_SEATS))

        # ---- pending decision
        pending = obs["pending"]
        if pending is not None:
            self._gather_pending(pending, me, n, ones, idx, val)

    def _gather_pending(self, pending: dict[str, Any], me: int, n: int, ones: list[int],
                        idx: list[int], val: list[float]) -> None:
        kind = pending["kind"]
        try:
            ones.append(self._pkind[kind])
        except KeyError:
            raise ValueError(f"unknown pending decision kind {kind!r}: the encoder needs "
                             "updating") from None
        p = pending["player"]
        ones.append(self.o_pplayer + (p - me) % n)
        if "slot" in pending:
            ones.append(self.o_pslot + self.positions[pending["slot"]])
        if "unit" in pending:
            ones.append(self.o_punit + pending["unit"])
        if "ability" in pending:
            ones.append(self.o_pability + pending["ability"])
        if kind == "tx":
            ones.append(self.o_ptx + pending["tx"] - 1)
            home = self._home.get(pending["home"])
            if home is not None:
                ones.append(home)
        elif kind == "cleave":
            idx += (self.o_pleft, self.o_patk)
            val += (_clip(pending["left"] / 3.0, 1.0), _clip(pending["attack"] / ATTACK_SCALE, 2.0))
            D, K = self.D, self.K
            for a in pending["hit"]:
                r_p, u = divmod(a - self.a_target, D + K)
                q = r_p if r_p >= n else (p + r_p) % n     # the absolute side hit
                r = (q - me) % n if q < n else MAX_SEATS
                if u < D:
                    ones.append(self.o_phit_units + r * D + u)
                else:
                    ones.append(self.o_phit_anchors + r * self.KP + self.positions[u - D])

    @staticmethod
    def _counts(items: list[int], base: int, idx: list[int], val: list[float]) -> None:
        """Copies of each id at `base + id` (ids are 1-based)."""
        if not items:
            return
        counts: dict[int, int] = {}
        for c in items:
            counts[c] = counts.get(c, 0) + 1
        for c, m in counts.items():
            idx.append(base + c)
            val.append(float(m))

    # ------------------------------------------------------------------ documentation
    def describe(self) -> str:
        """The markdown page docs/encoding/xenodex.md (generated; a test keeps it in sync)."""
        return layout_markdown(
            self, "XenodeX observation encoding (`xenodex_v0`)", _DOC_INTRO,
            [("Seat features",
              f"Each `seat_r` slice ({self.seat_layout.size} entries) holds these features at "
              "these offsets from its start; r is the seat's place clockwise from you (0 = you). "
              "A seat beyond the player count is all zeros.", self.seat_layout),
             ("Slot features",
              f"Each `slot_j` slice ({self.slot_layout.size} entries) holds these features; "
              "`anchor_r_*` are relative seat r's anchor there. A board position that is not a "
              "slot in this game (S1 and S5 at 4 players) is all zeros.", self.slot_layout),
             ("Unit features",
              f"Each `unit_r_u` slice ({self.unit_layout.size} entries) holds these features: "
              "relative side r's unit u (its place in the deck list, as in the `select`, "
              "`heal` and `target` actions). A unit off the board (deck, hand, staging, "
              "knocked out) is all zeros: staging and discards are counted in the seat block.",
              self.unit_layout)])


_DOC_INTRO = """
Generated from `envs/encoding/xenodex.py` by `python -m envs.encoding.docs`; the test
`tests/envs/test_xenodex_encoding.py` fails when this page and the code disagree. Sizes below
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
