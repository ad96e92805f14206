"""The XenodeX heuristic: a per-seat score in CDX-equivalents, turned into expected rewards.

Read from the public facts of a state (`state.public_board()`: the part of every seat's
observation the terms need, so nothing hidden, XD-29; no hand is ever looked at) plus the
game's printed tables (`state.game`). `scores(board, tables, weights)` values every seat's
position in CDX-equivalents; `values(board, tables, weights)` turns the n scores into a
value per seat in [-1, 1] through a softmax "win chance",

    P_p = softmax(score / scale)_p,     value_p = (n * P_p - 1) / (n - 1),

which is the expected return (+1 for the winner, -1/(n-1) for each other seat) if P were
the win probabilities; the values sum to 0, and with 2 seats value_0 =
tanh((score_0 - score_1) / (2 * scale)). Raising a seat's score lowers every rival, the
leader most, so a seat gains most by hurting the strongest rival.

A seat's score has these terms (weights in `XenodexWeights`):

- CDX: the CDX held (`cdx`, worth less over the last `cdx_horizon` cycles, when fewer
  Summons remain to spend it), and its income: base income plus anchor emission per cycle
  (the observation's `emission`: solo or contested, with the current Echo) times the
  cycles still to be paid, at most `horizon` (`income`).
- board strength: each character on the board is worth its printed cost times its BP
  fraction (`unit`), a staged one its cost (`staged_unit`), a character in hand `hand`,
  a TX still playable this cycle `tx`; each live anchor what was paid for it (anchor cost
  plus upgrades, `anchor`) times its BP fraction, a disabled one `disabled` of that
  (it earns nothing but still blocks rivals), a staged anchor `staged_anchor` of its cost.
- slots: each slot the seat cleanly controls (`control`) and each that would prove at
  this cycle's Results (controlled now and at the start of the cycle, `proven`), both
  weighted up as the cycle limit nears by `1 + endgame * progress**3` (progress 0 at
  cycle 1, 1 at the limit), where the proven-slot count decides the game; `converge`
  more when the seat cleanly controls every slot (convergence at Results wins outright).
- battle: in the battle being fought, each action a character of a seat that has not held
  may still take is worth `ready` per point of its STR + 3.5 (the mean roll), so holding
  gives that up and selecting a character does not.
- threats: in a slot where rivals have characters, the seat's anchor there risks the
  rival share of the slot's fighting power (STR + 3.5 average roll times BP) times
  `threat` of its value, doubled when the seat has no character there (an unsupported
  anchor can be captured); optionally (`pressure`, off by default) the seat's characters
  are credited the same share of the rival anchors' value.

`scores` reads a `PublicBoard`; `state_scores` computes the same floats from the state's
public fields (the heuristic's path: no board is built), with every product of the weights
and the printed tables formed once per game and weights (`_Weighted`) and what the anchor
grid decides (income, control, anchor values, STR bonuses) remembered per grid (`_grid`):
greedy's children and a search's nodes mostly share their parent's anchors. The board terms
come slot by slot from agents/heuristics/xenodex_slots.py, which replays a slot's additions
while its units and anchors are unchanged. Each sum keeps
the order of `scores`, so the floats are `==` to it, not just close: greedy breaks ties
with its generator, and a last-bit difference would change its games.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any

from agents.base import AgentConfig
from agents.heuristics.xenodex_slots import SlotTerms, add_board_terms
from sim.xenodex.state import DENIED


@dataclasses.dataclass(frozen=True)
class XenodexWeights(AgentConfig):
    """Weights of the XenodeX heuristic (units: one CDX = 1)."""

    cdx: float = 0.7
    """Value of one CDX held while `cdx_horizon` or more cycles are left."""
    cdx_horizon: int = 4
    """CDX held is worth `cdx * min(1, (cycles left + 1) / cdx_horizon)`: less as the end
    nears and fewer Summons remain to spend it (0: no decay)."""
    income: float = 0.7
    """Value of one CDX of income per cycle still to be paid."""
    horizon: int = 5
    """Future cycles of income counted at most."""
    unit: float = 1.0
    """Value per CDX of printed cost of a character on the board, times its BP fraction."""
    staged_unit: float = 0.9
    """Value per CDX of printed cost of a staged character."""
    hand: float = 1.0
    """Value of a character in hand."""
    tx: float = 2.0
    """Value of a transmission in hand while the seat may still play one this cycle."""
    anchor: float = 1.0
    """Value per CDX paid for a live anchor (cost plus upgrades), times its BP fraction."""
    disabled: float = 0.4
    """Fraction of its paid value a disabled anchor keeps."""
    staged_anchor: float = 0.9
    """Value per CDX of the anchor cost of a staged anchor."""
    control: float = 6.0
    """Value of each cleanly controlled slot (before the endgame multiplier)."""
    proven: float = 6.0
    """Value of each slot that would prove at this cycle's Results (before the multiplier)."""
    endgame: float = 8.0
    """Slot terms are multiplied by 1 + endgame * progress**3 (progress 1 at the limit)."""
    fade: float = 0.0
    """Material terms (CDX, income, characters, anchors, threats) are multiplied by
    1 - fade * progress**3: at the limit only the slots decide."""
    converge: float = 40.0
    """Extra value of cleanly controlling every slot of the board."""
    threat: float = 0.4
    """Fraction of an anchor's value at risk from the rival share of its slot's power."""
    pressure: float = 0.0
    """Fraction of rival anchors' value credited to the seat's share of a slot's power."""
    ready: float = 0.3
    """In the battle being fought, value per point of STR + 3.5 of each action a character of
    a seat that has not held may still take there (so holding gives it up)."""
    scale: float = 50.0
    """Softmax temperature in CDX-equivalents (2 seats: a lead of 100 maps to tanh(1))."""


class _Tables:
    """Printed facts of one game object the heuristic needs (built once per game)."""

    __slots__ = ("_weighted", "anchor_cost", "base_income", "cost", "invested", "limit", "n")

    def __init__(self, game: Any) -> None:
        p = game.params
        self.n = game.num_players
        self.cost = list(game.u_cost)
        self.anchor_cost = p.anchor_cost
        paid = [p.anchor_cost]
        for c in p.upgrade_costs:
            paid.append(paid[-1] + c)
        self.invested = paid
        self.base_income = p.base_income
        self.limit = p.cycle_limit
        self._weighted: _Weighted | None = None

    def weighted(self, w: XenodexWeights, game: Any) -> _Weighted:
        """These tables times the weights `w` (kept for the last `w` asked)."""
        f = self._weighted
        if f is None or f.w is not w or f.game is not game:
            f = self._weighted = _Weighted(self, w, game)
        return f


def _clock(cycle: int, limit: int, w: XenodexWeights) -> tuple[float, float, int, float]:
    """(progress through the game, endgame urgency, cycles of income still to come (this
    cycle's was paid at its top), the CDX weight) at `cycle` of `limit`."""
    progress = min(1.0, (cycle - 1) / (limit - 1)) if limit > 1 else 1.0
    urgency = 1.0 + w.endgame * progress ** 3
    cycles_left = min(max(limit - cycle, 0), w.horizon)
    w_cdx = w.cdx
    if w.cdx_horizon:
        w_cdx *= min(1.0, (max(limit - cycle, 0) + 1) / w.cdx_horizon)
    return progress, urgency, cycles_left, w_cdx


def _add_anchor(s: list[float], q: int, val: float, power: list[float], total: float, w: XenodexWeights) -> None:
    """Seat q's anchor worth `val` in a slot where the seats have `power` (`total` in all): q
    gains it less the share rivals threaten, and with `w.pressure` each rival gains its share."""
    s[q] += val
    if total > 0.0:
        rival = total - power[q]
        if rival > 0.0:
            share = rival / total
            s[q] -= w.threat * val * share * (2.0 if power[q] == 0.0 else 1.0)
            if w.pressure:
                for r in range(len(s)):
                    if r != q and power[r] > 0.0:
                        s[r] += w.pressure * val * power[r] / total


def _faded(s: list[float], slot_terms: list[float], controlled: list[int], K: int, urgency: float,
           progress: float, w: XenodexWeights) -> list[float]:
    """The scores: the seat terms faded toward the end, plus the slot terms (with the
    convergence bonus of a seat controlling every slot)."""
    if w.converge:
        for q in range(len(s)):
            if controlled[q] == K:
                slot_terms[q] += w.converge * urgency
    m = 1.0 - w.fade * progress ** 3
    return [x * m + y for x, y in zip(s, slot_terms)]


def scores(board: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """Every seat's score (CDX-equivalents) from the public facts of a state: its
    `PublicBoard` (`state.public_board()`, or `board_from_observation` of an observation)."""
    cycle = board.cycle
    limit = board.cycle_limit
    phase = board.phase
    progress, urgency, cycles_left, w_cdx = _clock(cycle, limit, w)
    cost = t.cost
    invested = t.invested
    seats = board.seats
    n = len(seats)
    s = [0.0] * n
    for q, (cdx, emission, staged, staged_anchors, hand_size, tx_left, tx_hand) in enumerate(seats):
        v = w_cdx * cdx + w.income * cycles_left * (t.base_income + emission)
        v += w.staged_unit * sum(cost[c] for c in staged)
        v += w.staged_anchor * t.anchor_cost * staged_anchors
        v += w.hand * hand_size
        if tx_left > 0 and phase != "over":
            v += w.tx * tx_hand
        s[q] = v
    slots = board.slots
    K = len(slots)
    controlled = [0] * n
    battle = board.battle
    if battle is not None and w.ready:
        passed = battle[1]
        for q, _card, _bp, _max_bp, strength, used, max_strikes, denied in slots[battle[0]][3]:
            if q < n and q not in passed and not denied:
                left = max_strikes - used
                if left > 0:
                    s[q] += w.ready * left * (strength + 3.5)
    slot_terms = [0.0] * n
    for c, start, anchors, units in slots:
        if c >= 0:
            controlled[c] += 1
            slot_terms[c] += w.control * urgency
            if start == c:
                slot_terms[c] += w.proven * urgency
        power = [0.0] * n
        for q, card, bp, max_bp, strength, _used, _strikes, _denied in units:
            if q < n:
                s[q] += w.unit * cost[card] * bp / max_bp
                power[q] += (strength + 3.5) * bp
        total = sum(power)
        for q, a in enumerate(anchors):
            if a is None:
                continue
            level, a_bp, a_max_bp, active = a
            paid = invested[level] * a_bp / a_max_bp
            _add_anchor(s, q, w.anchor * (paid if active else w.disabled * invested[level]), power, total, w)
    return _faded(s, slot_terms, controlled, K, urgency, progress, w)


_exp = math.exp
_GRID_MEMO = 4096  # anchor grids a `_Weighted` remembers before it starts over


class _Weighted:
    """What one (game, weights) pair fixes, computed once: the weights times the printed
    tables, each product formed exactly as `scores` forms it (so the sums stay `==`), and a
    memo of `_grid` by anchor grid (greedy's children and a search's nodes mostly share
    their parent's grid; `last`, the grid asked last, is compared before hashing)."""

    def __init__(self, t: _Tables, w: XenodexWeights, game: Any) -> None:
        n = game.num_players
        self.w, self.game, self.cost, self.invested = w, game, t.cost, t.invested
        self.unit = [w.unit * c for c in t.cost]  # `w.unit * cost[card]`, the left of the unit term
        # per card, its unit term at each BP from 0 to the printed BP (where a character's stays)
        self.unit_bp = [[x * b / top for b in range(top + 1)] if top > 0 else []
                        for x, top in zip(self.unit, game.u_bp)]
        self.staged_unit, self.staged_zero = w.staged_unit, w.staged_unit * 0
        self.anchor_cost_w, self.hand, self.tx = w.staged_anchor * t.anchor_cost, w.hand, w.tx
        self.ready, self.pressure, self.converge = w.ready, w.pressure, bool(w.converge)
        self.u_bp, self.u_str, self.u_strikes = game.u_bp, game.u_str, game.u_strikes
        self.base_income, self.max_bp = t.base_income, game.anchor_bp
        self.echo_surge, self.emission, self.contested = game.echo_surge, game.emission, game.contested
        self.overcharge, self.lv_overcharge = game.overcharge, game.lv_overcharge
        self.scale_inv, self.share_k, self.off = 1.0 / w.scale, n / (n - 1), 1.0 / (n - 1)
        self.anchors: list[dict[int, tuple[float, float, float]]] = [{} for _ in t.invested]
        self.power: dict[int, list[float]] = {}
        self.clocks: dict[tuple[int, int], tuple[float, ...]] = {}
        self.grids: dict[tuple[int, ...], tuple[Any, ...]] = {}
        self.last: tuple[Any, ...] = (None,) * 6
        self.slots = SlotTerms()  # the board terms of the slots scored last (xenodex_slots)

    def clock(self, cycle: int, limit: int) -> tuple[float, ...]:
        """(CDX weight, income weight times the cycles to come, control, proven and converge
        values, material multiplier) at `cycle` of `limit`: `_clock`'s products."""
        w = self.w
        progress, u, cycles_left, w_cdx = _clock(cycle, limit, w)  # u: the endgame urgency
        out = self.clocks[cycle, limit] = (w_cdx, w.income * cycles_left, w.control * u, w.proven * u,
                                           w.converge * u, 1.0 - w.fade * progress ** 3)
        return out

    def anchor(self, level: int, a_bp: int) -> tuple[float, float, float]:
        """(value, threat times value, pressure times value) of an anchor of `level` at
        `a_bp` BP (disabled at 0 or less), as `scores` values it."""
        w = self.w
        invested = self.invested[level]
        val = w.anchor * (invested * a_bp / self.max_bp[level] if a_bp > 0 else w.disabled * invested)
        out = self.anchors[level][a_bp] = (val, w.threat * val, w.pressure * val)
        return out

    def power_table(self, bonus: int) -> list[float]:
        """Per card, `scores`' STR + 3.5 (STR floored at 0) with `bonus` added to the printed STR."""
        out = self.power[bonus] = [((x if x > 0 else 0) + 3.5) for x in (s + bonus for s in self.u_str)]
        return out


def _grid(state: Any, f: _Weighted) -> tuple[Any, ...]:
    """What the anchor grid (with the STR buffs and the Echo) decides, in one pass: every
    seat's `cycle.emission`; the (slot, seat) of each slot a seat cleanly controls
    (`cycle.controllers`), in slot order; the seat that cleanly controls every slot (-1:
    none); per slot its live anchors in seat order as (seat, value, threat value, pressure
    value) (None where there are none); and per slot per seat `f.power_table` of that
    seat's STR bonus there (`battle.slot_bonuses`)."""
    n, K = state.n, state.K
    alvl, abp, bstr, fstr = state.alvl, state.abp, state.bstr, state.fstr
    overcharge, lv_overcharge = f.overcharge, f.lv_overcharge
    surge = f.echo_surge[state.echo]
    solo, contested, anchor_tables, power_tables = f.emission, f.contested, f.anchors, f.power
    em = [0] * n
    held = []
    live: list[Any] = [None] * K
    powers = []
    for k in range(K):
        here = []
        active = 0
        tables = []
        for idx in range(k, n * K, K):  # seat q's cell is q * K + k
            lvl = alvl[idx]
            bonus = fstr + bstr[idx]
            if lvl >= 0:
                a_bp = abp[idx]
                if a_bp > 0:
                    active += 1
                    if lvl >= lv_overcharge:
                        bonus += overcharge
                here.append((idx // K, lvl, a_bp))
            table = power_tables.get(bonus)
            tables.append(table if table is not None else f.power_table(bonus))
        powers.append(tables)
        if not here:
            continue
        for q, lvl, a_bp in here:
            if a_bp > 0:
                em[q] += (contested[lvl] if active > 1 else solo[lvl]) + surge
        if len(here) == 1 and active:
            held.append((k, here[0][0]))
        live[k] = [(q, *(anchor_tables[lvl].get(a_bp) or f.anchor(lvl, a_bp))) for q, lvl, a_bp in here]
    everywhere = held[0][1] if len(held) == K and all(c == held[0][1] for _k, c in held) else -1
    return em, held, everywhere, live, powers


def _weighted_parts(state: Any, f: _Weighted) -> tuple[list[float], list[float], float]:
    """The scores before `_faded` adds them up: (seat terms, slot terms, material multiplier)."""
    n, D = state.n, state.D
    clock = f.clocks.get((state.cycle, state.params.cycle_limit))
    if clock is None:
        clock = f.clock(state.cycle, state.params.cycle_limit)
    w_cdx, w_income, w_control, w_proven, w_converge, m = clock
    alvl, abp, bstr, echo, fstr = state.alvl, state.abp, state.bstr, state.echo, state.fstr
    last = f.last
    if alvl == last[0] and abp == last[1] and bstr == last[2] and echo == last[3] and fstr == last[4]:
        grid = last[5]
    else:
        key = (echo, fstr, *alvl, *abp, *bstr)
        grid = f.grids.get(key)
        if grid is None:
            if len(f.grids) >= _GRID_MEMO:
                f.grids.clear()
            grid = f.grids[key] = _grid(state, f)
        f.last = (alvl[:], abp[:], bstr[:], echo, fstr, grid)
    em, held, everywhere, live, powers = grid
    card, cost, base_income, w_hand, w_tx = state.card, f.cost, f.base_income, f.hand, f.tx
    cdx, staged, astaged, hand = state.cdx, state.staged, state.astaged, state.hand
    tx_left, tx_hand, tx_counts = state.tx_left, state.tx_hand, state.phase != "over"
    staged_unit, staged_zero, anchor_cost_w = f.staged_unit, f.staged_zero, f.anchor_cost_w
    s = [0.0] * n
    for q in range(n):
        v = w_cdx * cdx[q] + w_income * (base_income + em[q])
        here = staged[q]
        if here:
            total = 0
            for i in here:
                total += cost[card[i]]
            v += staged_unit * total
        else:
            v += staged_zero
        v += anchor_cost_w * astaged[q]
        v += w_hand * len(hand[q])
        if tx_counts and tx_left[q] > 0:
            v += w_tx * len(tx_hand[q])
        s[q] = v
    board = state.board
    bslot = state.bslot
    if bslot >= 0 and f.ready:
        w_ready, u_strikes, tables = f.ready, f.u_strikes, powers[bslot]
        used, flags, bpassed = state.used, state.flags, state.bpassed
        for j in board[bslot]:
            q = j // D
            if q < n and not bpassed >> q & 1 and not flags[j] & DENIED:
                c = card[j]
                left = u_strikes[c] - used[j]
                if left > 0:
                    s[q] += w_ready * left * tables[q][c]
    add_board_terms(s, state, f, grid)
    slot_terms = [0.0] * n
    if held:
        start = state.start_ctrl
        for k, c in held:
            slot_terms[c] += w_control
            if start[k] == c:
                slot_terms[c] += w_proven
        if everywhere >= 0 and f.converge:
            slot_terms[everywhere] += w_converge
    return s, slot_terms, m


def state_scores(state: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """`scores(state.public_board(), t, w)` computed straight from the public fields of the
    state that board copies, with the same arithmetic in the same order (search scores
    thousands of its own copies a second). Tests hold it equal to `scores`."""
    s, slot_terms, m = _weighted_parts(state, t.weighted(w, state.game))
    return [x * m + y for x, y in zip(s, slot_terms)]


def values(board: Any, t: _Tables, w: XenodexWeights) -> list[float]:
    """Every seat's value in [-1, 1] (the softmax expected return; see the module docstring)."""
    return _softmax_values(scores(board, t, w), w)


def _softmax_values(s: list[float], w: XenodexWeights) -> list[float]:
    n = len(s)
    top = max(s)
    inv = 1.0 / w.scale
    e = [math.exp((x - top) * inv) for x in s]
    z = sum(e)
    k = n / (n - 1)
    off = 1.0 / (n - 1)
    return [k * x / z - off for x in e]


class XenodexHeuristic:
    """`(state) -> [v_0, ..., v_{n-1}]`: `values` of the state's public board (the subset of
    every seat's observation it scores), computed as `state_scores` does, the same floats."""

    __slots__ = ("_game", "_tables", "_weighted", "weights")

    scores_public_board = True
    """It reads only what `state.public_board()` holds: one-ply search may score it on the
    cheaper `state.determinize_public` copies (agents/greedy.py)."""

    def __init__(self, weights: XenodexWeights) -> None:
        self.weights = weights
        self._tables: dict[int, tuple[Any, _Weighted]] = {}
        self._game: Any = None
        self._weighted: _Weighted | None = None

    def __reduce__(self) -> tuple:
        # the tables and memos are caches: a copy or a pickle rebuilds them
        return type(self), (self.weights,)

    def __call__(self, state: Any) -> list[float]:
        """Every seat's value of `state` (`values` of its public board)."""
        game = state.game
        f = self._weighted
        if game is not self._game:
            hit = self._tables.get(id(game))
            if hit is None or hit[0] is not game:  # keeps the game: ids stay unique
                hit = self._tables[id(game)] = (game, _Weighted(_Tables(game), self.weights, game))
            self._game = game
            f = self._weighted = hit[1]
        s, t, m = _weighted_parts(state, f)
        # `_softmax_values(_faded(...), weights)` with its constants taken from `f`, unrolled at
        # 2 and 4 seats (a list comprehension costs more than its items): the top score's
        # exp(0.0) is 1.0, and a sum of two floats is their `+`
        inv, k, off = f.scale_inv, f.share_k, f.off
        if len(s) == 2:
            a, b = s[0] * m + t[0], s[1] * m + t[1]
            if b > a:  # `max` keeps the first of equal scores
                ea, eb = _exp((a - b) * inv), 1.0
            else:
                ea, eb = 1.0, _exp((b - a) * inv)
            z = ea + eb
            return [k * ea / z - off, k * eb / z - off]
        if len(s) == 4:
            a, b, c, d = s[0] * m + t[0], s[1] * m + t[1], s[2] * m + t[2], s[3] * m + t[3]
            top = max(a, b, c, d)
            ea, eb = _exp((a - top) * inv), _exp((b - top) * inv)
            ec, ed = _exp((c - top) * inv), _exp((d - top) * inv)
            z = sum((ea, eb, ec, ed))
            return [k * ea / z - off, k * eb / z - off, k * ec / z - off, k * ed / z - off]
        s = [x * m + y for x, y in zip(s, t)]
        top = max(s)
        e = [_exp((x - top) * inv) for x in s]
        z = sum(e)
        return [k * x / z - off for x in e]


def make(**weights: Any) -> XenodexHeuristic:
    """The heuristic with `weights` overriding the defaults of `XenodexWeights`."""
    return XenodexHeuristic(XenodexWeights().replace(**weights))
